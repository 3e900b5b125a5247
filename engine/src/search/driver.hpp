#pragma once
/// The one search over a form's groups, with two consumers.
///
/// `FormSearch<Sink>` walks the search tree of one form depth-first over one mutable state with
/// undo: at each state it takes the groups of the form's next step in a fixed order
/// (form_search.hpp: templates, order keys, class codes, winning-tile variants), recurses, and
/// gives them back. What a state, a path and the goal mean is the Sink's business:
/// - the graph's sink (decomposition.cpp) memoises states (`kMemo`), keeps a vertex only for a
///   state some path from which reaches the goal, and an edge per group leading to one;
/// - the lister's sink (listing.cpp) keeps the path's groups and hands each complete path to its
///   visitor, with no memo and no allocation once its buffers have grown.
/// Both see the same children in the same order, so the lister's listing is the cursor's walk of
/// the graph, in its order.
///
/// Pruning leaves only branches that cannot reach the goal, by necessary conditions, so it changes
/// how soon a dead branch is left and never what either sink keeps:
/// - melds forms (and knitted forms once their knit groups are placed) with at most one pair left,
///   when the plan has the per-suit win tables (suit_tables.hpp, uncapped, so a lower bound under
///   every restriction): the fewest wildcards that make each suit's remaining naturals melds only
///   (f0) or melds and the pair (f1); a state needing more than sum f0 + min(2, min(f1 - f0)) (or
///   sum f0 with no pair left) wildcards has no completion;
/// - pairs forms: every tile with an odd count needs a wildcard or a pung;
/// - set forms: every set tile not held needs a wildcard;
/// - a natural winning tile still to be marked needs a copy left (for_each_winning_variant).
///
/// Sink interface (all called from the driver only):
///   using Result; struct Frame;  static constexpr bool kMemo;
///   const Result* find(const State&)          memo lookup (kMemo only)
///   Result goal()                             the path reached the goal
///   Frame open(const State&)                  a state is expanded
///   void enter(const Group&), leave()         a group is appended to / removed from the path
///   bool child(Frame&, const Group&, Result)  a child's result; false stops the walk
///   Result close(Frame&, const State&, bool)  the state's result (the flag: not stopped)
///   Result dead()                             the result of a form with no path at all

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "state.hpp"

namespace meldgraph::search {

/// `kGeneral` false: a hand of at most one wildcard class under rules without hand.missing_suits
/// (the common case, compiled without their branches).
template <class Sink, bool kGeneral = true>
class FormSearch {
 public:
  using Result = typename Sink::Result;

  FormSearch(const SearchPlan& plan, Sink& sink) : plan_(plan), sink_(sink) {}

  /// Walks form `form_index` of the rule set (of `melds` melds and `pairs` pairs, form_needs) for
  /// the hand; returns the sink's result for the root state, or dead() when no path can start.
  Result run(std::size_t form_index, const HandStart& hand, int melds, int pairs);

 private:
  using Frame = typename Sink::Frame;
  /// What a group's taking changed besides the counts it names, for giving it back.
  struct Undo {
    std::size_t suit = kMaxPruneSuits;  ///< the prune suit whose key changed, or none
    std::uint32_t key = 0;
    std::uint8_t f = 0;
    std::uint8_t suits_used = 0;
  };

  [[nodiscard]] bool multi() const {
    if constexpr (kGeneral) {
      return multi_;
    } else {
      return false;
    }
  }
  [[nodiscard]] int missing_suits() const {
    if constexpr (kGeneral) {
      return plan_.missing_suits;
    } else {
      return 0;
    }
  }

  Result node();
  [[gnu::always_inline]] inline bool at_goal() const;
  bool expand(Frame& frame);
  [[gnu::always_inline]] inline bool child(Frame& frame, const Group& group) {
    sink_.enter(group);
    const Result result = node();
    sink_.leave();
    return sink_.child(frame, group, result);
  }
  /// The variants of `base` (for_each_winning_variant) as children, `before_child` run on each.
  template <class Before>
  [[gnu::always_inline]] inline bool variants(Frame& frame, const Group& base,
                                              Before&& before_child);
  [[nodiscard]] [[gnu::always_inline]] inline bool alive() const;

  // Taking and giving back.
  void remove_natural(TileId tile) {
    if (--s_.remaining[tile] == 0) nonzero_ &= ~tile_bit(tile);
    odd_ += (s_.remaining[tile] & 1U) != 0 ? 1 : -1;
  }
  void add_natural(TileId tile) {
    if (s_.remaining[tile]++ == 0) nonzero_ |= tile_bit(tile);
    odd_ += (s_.remaining[tile] & 1U) != 0 ? 1 : -1;
  }
  /// Whether a wildcard of class `cls` may stand for `tile` (one more stand-in).
  [[nodiscard]] bool standin_fits(TileId tile, int cls, int more) const;
  /// The one-class melds template at `lowest`: checks and takes it (the hot path).
  [[gnu::always_inline]] inline bool take_fast(const Template& shape, TileId lowest, Group& group,
                                               Undo& undo);
  [[gnu::always_inline]] inline void give_fast(const Template& shape, const Group& group,
                                               const Undo& undo);
  /// Any concrete group filled in (kind, size, tiles, wild_mask, wild_classes): checks every
  /// slot and takes it; false and nothing changed when it does not fit.
  bool take_slots(const Group& group, Undo& undo);
  void give_slots(const Group& group, const Undo& undo);
  [[gnu::always_inline]] inline void after_take(const Group& group, std::uint32_t delta,
                                                TileId first_natural, Undo& undo);
  [[gnu::always_inline]] inline void before_give(const Undo& undo);
  /// hand.missing_suits: the suits the group touches into s_.suits_used.
  void mark_suits(const Group& group, Undo& undo);

  // The steps, one per kind of state.
  bool expand_melds(Frame& frame);
  /// The template of kTemplates at `lowest` with class code `code` built into `group`.
  bool build_template(const Template& shape, TileId at, int code, Group& group) const;
  bool expand_wild_only(Frame& frame);
  bool expand_abstract(Frame& frame);
  [[nodiscard]] bool abstract_realizable() const;
  [[nodiscard]] bool abstract_realizable_without(TileMask lacked) const;
  [[nodiscard]] bool restricted_left() const;
  bool expand_set(Frame& frame);
  bool same_tile_group(GroupKind kind, int size, TileId tile, int held, int code, Group& group);
  bool expand_knit(Frame& frame);
  bool expand_singles(Frame& frame);
  [[nodiscard]] int singles_step(TileId tile) const;
  [[nodiscard]] int lacking_suits(unsigned used) const;

  const SearchPlan& plan_;
  Sink& sink_;
  const FormSpec* form_ = nullptr;
  const HandStart* hand_ = nullptr;
  State s_;
  // Derived from s_ (not part of a state's identity): kept in step with it.
  TileMask nonzero_ = 0;  ///< exactly the non-zero kinds of s_.remaining
  int odd_ = 0;           ///< odd entries of s_.remaining
  int wild_ = 0;          ///< the sum of s_.wildcards
  bool multi_ = false;    ///< more than one wildcard class: codes other than 0
  bool knitted_ = false;
  bool melds_step_ = false;  ///< every state takes the melds step (melds and pairs forms)
  bool pairs_only_ = false;
  bool distinct_pairs_ = false;
  bool prune_ = false;  ///< the win tables prune this form
  PruneKeys keys_;
  std::array<std::uint8_t, kMaxTileKinds> missing_after_{};  ///< set forms: set tiles not held
};

template <class Sink, bool kGeneral>
typename FormSearch<Sink, kGeneral>::Result FormSearch<Sink, kGeneral>::run(std::size_t form_index,
                                                                            const HandStart& hand,
                                                                            int melds, int pairs) {
  const FormSpec& form = plan_.rules->forms()[form_index];
  // A natural tile outside a set form's tiles rules the form out (most hands stop here).
  if (form.type == FormType::set && (hand.natural_mask & ~plan_.set_masks[form_index]) != 0) {
    return sink_.dead();
  }
  form_ = &form;
  hand_ = &hand;
  // Every field of the state is set (a whole State{} would zero the stand-ins needlessly).
  s_.remaining = *hand.naturals;
  if (plan_.capped) s_.standins = TileCounts{};
  s_.anchor = 0;
  s_.suits_used = 0;
  s_.min_key = 0;
  s_.cursor = 0;
  s_.wildcards = hand.class_held;
  s_.melds = static_cast<std::uint8_t>(melds);
  s_.pairs = static_cast<std::uint8_t>(pairs);
  s_.winning = hand.winning;
  if (missing_suits() != 0) s_.suits_used = hand.declared_suits;
  nonzero_ = hand.natural_mask;
  odd_ = hand.natural_odd;
  wild_ = hand.wildcards;
  multi_ = kGeneral && hand.classes.count > 1;
  pairs_only_ = form.type == FormType::pairs;
  distinct_pairs_ = pairs_only_ && !form.four_as_two_pairs;
  knitted_ = form.type == FormType::knitted;
  melds_step_ = form.type == FormType::melds || form.type == FormType::pairs;
  prune_ = hand.prune != nullptr && (form.type == FormType::melds || knitted_);
  if (prune_) keys_ = *hand.prune;
  if (form.type == FormType::wildcards) {
    // One group holds every wildcard; the natural tiles are the interpretation's loose tiles.
    if (hand.wildcards < form.count) return sink_.dead();
    const Group group{GroupKind::wildcards,
                      static_cast<std::uint8_t>(hand.wildcards),
                      0xFF,
                      0,
                      {kNoTile, kNoTile, kNoTile, kNoTile}};
    Frame frame = sink_.open(s_);
    sink_.enter(group);
    const Result result = sink_.goal();
    sink_.leave();
    const bool go_on = sink_.child(frame, group, result);
    return sink_.close(frame, s_, go_on);
  }
  if (form.type == FormType::set) {
    // Each set tile not held needs a wildcard.
    const std::size_t count = form.set_tiles.size();
    if (count >= kMaxTileKinds) return sink_.dead();  // a set no hand can hold
    missing_after_[count] = 0;
    for (std::size_t k = count; k-- > 0;) {
      missing_after_[k] = static_cast<std::uint8_t>(missing_after_[k + 1] +
                                                    (s_.remaining[form.set_tiles[k]] == 0 ? 1 : 0));
    }
  }
  if (!alive()) return sink_.dead();
  return node();
}

template <class Sink, bool kGeneral>
typename FormSearch<Sink, kGeneral>::Result FormSearch<Sink, kGeneral>::node() {
  if (at_goal()) return sink_.goal();
  if constexpr (Sink::kMemo) {
    if (const Result* found = sink_.find(s_)) return *found;
  }
  Frame frame = sink_.open(s_);
  const bool go_on = expand(frame);
  return sink_.close(frame, s_, go_on);
}

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::at_goal() const {
  if (nonzero_ != 0 || wild_ != 0 || s_.melds != 0 || s_.pairs != 0) return false;
  if (s_.winning != Winning::placed) return false;
  if (missing_suits() != 0 && lacking_suits(s_.suits_used) < missing_suits()) return false;
  switch (form_->type) {
    case FormType::set:
      return s_.cursor == form_->set_tiles.size();
    case FormType::knitted:
      return s_.cursor % 4 == kKnitPhases;
    case FormType::singles:
      // No required tile may be left behind the cursor.
      return s_.cursor >= kMaxTileKinds || (form_->required >> s_.cursor) == 0;
    case FormType::melds:
    case FormType::pairs:
    case FormType::wildcards:
      break;
  }
  return true;
}

template <class Sink, bool kGeneral>
int FormSearch<Sink, kGeneral>::lacking_suits(unsigned used) const {
  int lacking = 0;
  for (const std::size_t s : plan_.sequence_suits) lacking += ((used >> s) & 1U) == 0 ? 1 : 0;
  return lacking;
}

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::expand(Frame& frame) {
  if (melds_step_) return expand_melds(frame);
  switch (form_->type) {
    case FormType::set:
      return expand_set(frame);
    case FormType::singles:
      return expand_singles(frame);
    case FormType::knitted:
      if (s_.cursor % 4 < kKnitPhases) return expand_knit(frame);
      break;
    case FormType::melds:
    case FormType::pairs:
    case FormType::wildcards:
      break;
  }
  return expand_melds(frame);
}

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::alive() const {
  if (pairs_only_) {
    // Each odd count needs a wildcard (NW, NWW) or a pung (NNN) at its tile.
    return odd_ <= wild_ + s_.melds;
  }
  if (!prune_ || s_.pairs > 1) return true;
  if (knitted_ && s_.cursor % 4 < kKnitPhases) return true;
  if (s_.pairs == 0) return keys_.sum0 <= wild_;
  // The pair costs at most two more wildcards than melds only (a pair of wildcards).
  if (keys_.sum0 + 2 <= wild_) return true;
  int least = 2;
  for (std::size_t s = 0; s < plan_.suit_count; ++s) {
    least = std::min(least, (keys_.f[s] >> 4) - (keys_.f[s] & 0x0F));
  }
  return keys_.sum0 + least <= wild_;
}

template <class Sink, bool kGeneral>
template <class Before>
bool FormSearch<Sink, kGeneral>::variants(Frame& frame, const Group& base, Before&& before_child) {
  const Winning before = s_.winning;
  const TileId winning_tile = hand_->winning_tile;
  const bool copy_left = before != Winning::natural || s_.remaining[winning_tile] != 0;
  return for_each_winning_variant(base, before, winning_tile, copy_left, hand_->classes.winning,
                                  [&](const Group& variant, bool marks) {
                                    if (!before_child(variant)) return true;  // skipped
                                    if (marks) s_.winning = Winning::placed;
                                    const bool go_on = child(frame, variant);
                                    s_.winning = before;
                                    return go_on;
                                  });
}

// Taking groups --------------------------------------------------------------------------------

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::standin_fits(TileId tile, int cls, int more) const {
  if (cls >= hand_->classes.count) return false;
  if ((hand_->classes.masks[static_cast<std::size_t>(cls)] & tile_bit(tile)) == 0) return false;
  return !plan_.capped || (*hand_->held)[tile] + s_.standins[tile] + more <= plan_.copies[tile];
}

template <class Sink, bool kGeneral>
void FormSearch<Sink, kGeneral>::after_take(const Group& group, std::uint32_t delta,
                                            TileId first_natural, Undo& undo) {
  if (group.kind == GroupKind::pair) {
    --s_.pairs;
  } else {
    --s_.melds;
  }
  if (missing_suits() != 0) [[unlikely]] {
    mark_suits(group, undo);
  }
  undo.suit = kMaxPruneSuits;
  if (prune_ && first_natural != kNoTile) {
    // Every natural tile of a group is of one suit.
    const std::size_t suit = plan_.prune_suit[first_natural];
    undo.suit = suit;
    undo.key = keys_.keys[suit];
    undo.f = keys_.f[suit];
    keys_.keys[suit] -= delta;
    keys_.f[suit] = plan_.win_table[suit][keys_.keys[suit]];
    keys_.sum0 += (keys_.f[suit] & 0x0F) - (undo.f & 0x0F);
  }
}

template <class Sink, bool kGeneral>
void FormSearch<Sink, kGeneral>::mark_suits(const Group& group, Undo& undo) {
  undo.suits_used = s_.suits_used;
  for (int slot = 0; slot < group.size; ++slot) {
    s_.suits_used = static_cast<std::uint8_t>(
        s_.suits_used | (1U << plan_.suit[group.tiles[static_cast<std::size_t>(slot)]]));
  }
}

template <class Sink, bool kGeneral>
void FormSearch<Sink, kGeneral>::before_give(const Undo& undo) {
  if (undo.suit != kMaxPruneSuits) {
    keys_.sum0 += (undo.f & 0x0F) - (keys_.f[undo.suit] & 0x0F);
    keys_.keys[undo.suit] = undo.key;
    keys_.f[undo.suit] = undo.f;
  }
  if (missing_suits() != 0) s_.suits_used = undo.suits_used;
}

template <class Sink, bool kGeneral>
inline bool FormSearch<Sink, kGeneral>::take_fast(const Template& shape, TileId lowest,
                                                  Group& group, Undo& undo) {
  // One class (class 0): the class code is 0 and a stand-in's class is 0.
  group.kind = shape.kind;
  group.size = shape.size;
  group.wild_mask = shape.wild;
  std::uint32_t delta = 0;
  if (shape.kind != GroupKind::chow) {
    // A pair or a pung: every slot is the lowest tile, natural slots first.
    const int natural_slots = shape.size - shape.wild_count;
    if (s_.remaining[lowest] < natural_slots) return false;
    if (shape.wild_count > 0 &&
        ((hand_->classes.masks[0] & tile_bit(lowest)) == 0 ||
         (plan_.capped && (*hand_->held)[lowest] + s_.standins[lowest] + shape.wild_count >
                              plan_.copies[lowest]))) {
      return false;
    }
    group.tiles[0] = lowest;
    group.tiles[1] = lowest;
    if (shape.size == 3) group.tiles[2] = lowest;
    s_.remaining[lowest] = static_cast<std::uint8_t>(s_.remaining[lowest] - natural_slots);
    if (s_.remaining[lowest] == 0) nonzero_ &= ~tile_bit(lowest);
    if ((natural_slots & 1) != 0) odd_ += (s_.remaining[lowest] & 1U) != 0 ? 1 : -1;
    if (plan_.capped) {
      s_.standins[lowest] = static_cast<std::uint8_t>(s_.standins[lowest] + shape.wild_count);
    }
    delta = static_cast<std::uint32_t>(natural_slots) * plan_.step_of[lowest];
  } else {
    TileId tile = lowest;
    for (int step = 0; step > shape.first_offset; --step) {
      tile = plan_.previous[tile];
      if (tile == kNoTile) return false;
    }
    for (std::size_t slot = 0; slot < 3; ++slot) {
      if (slot > 0) {
        tile = plan_.next[tile];
        if (tile == kNoTile) return false;
      }
      group.tiles[slot] = tile;
      if ((shape.wild >> slot & 1U) == 0) {
        if (s_.remaining[tile] == 0) return false;
      } else if ((hand_->classes.masks[0] & tile_bit(tile)) == 0 ||
                 (plan_.capped &&
                  (*hand_->held)[tile] + s_.standins[tile] + 1 > plan_.copies[tile])) {
        return false;
      }
    }
    for (std::size_t slot = 0; slot < 3; ++slot) {
      const TileId t = group.tiles[slot];
      if ((shape.wild >> slot & 1U) == 0) {
        remove_natural(t);
        delta += plan_.step_of[t];
      } else if (plan_.capped) {
        ++s_.standins[t];
      }
    }
  }
  s_.wildcards[0] = static_cast<std::uint8_t>(s_.wildcards[0] - shape.wild_count);
  wild_ -= shape.wild_count;
  after_take(group, delta, lowest, undo);  // every template holds the lowest tile naturally
  return true;
}

template <class Sink, bool kGeneral>
inline void FormSearch<Sink, kGeneral>::give_fast(const Template& shape, const Group& group,
                                                  const Undo& undo) {
  before_give(undo);
  if (shape.kind != GroupKind::chow) {
    const TileId tile = group.tiles[0];
    const int natural_slots = shape.size - shape.wild_count;
    if (s_.remaining[tile] == 0) nonzero_ |= tile_bit(tile);
    s_.remaining[tile] = static_cast<std::uint8_t>(s_.remaining[tile] + natural_slots);
    if ((natural_slots & 1) != 0) odd_ += (s_.remaining[tile] & 1U) != 0 ? 1 : -1;
    if (plan_.capped) {
      s_.standins[tile] = static_cast<std::uint8_t>(s_.standins[tile] - shape.wild_count);
    }
  } else {
    for (std::size_t slot = 0; slot < 3; ++slot) {
      const TileId t = group.tiles[slot];
      if ((shape.wild >> slot & 1U) == 0) {
        add_natural(t);
      } else if (plan_.capped) {
        --s_.standins[t];
      }
    }
  }
  s_.wildcards[0] = static_cast<std::uint8_t>(s_.wildcards[0] + shape.wild_count);
  wild_ += shape.wild_count;
  if (shape.kind == GroupKind::pair) {
    ++s_.pairs;
  } else {
    ++s_.melds;
  }
}

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::take_slots(const Group& group, Undo& undo) {
  // Check first: naturals left (a tile may fill several slots), stand-ins allowed.
  std::array<int, kMaxWildcardClasses> need{};
  std::uint32_t delta = 0;
  TileId first_natural = kNoTile;
  for (int slot = 0; slot < group.size; ++slot) {
    const TileId t = group.tiles[static_cast<std::size_t>(slot)];
    int same = 0;  // earlier slots of this kind (natural or wild as this one)
    for (int earlier = 0; earlier < slot; ++earlier) {
      same += group.tiles[static_cast<std::size_t>(earlier)] == t &&
                      group.is_wild(earlier) == group.is_wild(slot)
                  ? 1
                  : 0;
    }
    if (!group.is_wild(slot)) {
      if (s_.remaining[t] <= same) return false;
      if (first_natural == kNoTile) first_natural = t;
      delta += plan_.step_of[t];
      continue;
    }
    const int cls = group.wild_class(slot);
    if (!standin_fits(t, cls, same + 1)) return false;
    if (++need[static_cast<std::size_t>(cls)] > s_.wildcards[static_cast<std::size_t>(cls)]) {
      return false;
    }
  }
  for (int slot = 0; slot < group.size; ++slot) {
    const TileId t = group.tiles[static_cast<std::size_t>(slot)];
    if (!group.is_wild(slot)) {
      remove_natural(t);
      continue;
    }
    --s_.wildcards[static_cast<std::size_t>(group.wild_class(slot))];
    --wild_;
    if (plan_.capped) ++s_.standins[t];
  }
  after_take(group, delta, first_natural, undo);
  return true;
}

template <class Sink, bool kGeneral>
void FormSearch<Sink, kGeneral>::give_slots(const Group& group, const Undo& undo) {
  before_give(undo);
  for (int slot = 0; slot < group.size; ++slot) {
    const TileId t = group.tiles[static_cast<std::size_t>(slot)];
    if (!group.is_wild(slot)) {
      add_natural(t);
      continue;
    }
    ++s_.wildcards[static_cast<std::size_t>(group.wild_class(slot))];
    ++wild_;
    if (plan_.capped) --s_.standins[t];
  }
  if (group.kind == GroupKind::pair) {
    ++s_.pairs;
  } else {
    ++s_.melds;
  }
}

// Meld forms -----------------------------------------------------------------------------------

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::build_template(const Template& shape, TileId at, int code,
                                                Group& group) const {
  group = Group{};
  group.kind = shape.kind;
  group.size = shape.size;
  group.wild_mask = shape.wild;
  group.wild_classes = static_cast<std::uint8_t>(code);
  TileId tile = at;
  for (int step = 0; step > shape.first_offset; --step) {
    tile = plan_.previous[tile];
    if (tile == kNoTile) return false;
  }
  for (int slot = 0; slot < shape.size; ++slot) {
    if (slot > 0 && shape.kind == GroupKind::chow) {
      tile = plan_.next[tile];
      if (tile == kNoTile) return false;
    }
    group.tiles[static_cast<std::size_t>(slot)] = tile;
  }
  return classes_canonical(group);
}

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::expand_melds(Frame& frame) {
  if (nonzero_ == 0) return restricted_left() ? expand_wild_only(frame) : expand_abstract(frame);
  const auto lowest = static_cast<TileId>(std::countr_zero(nonzero_));
  // Only the templates the wildcards left allow, in the search's order.
  const std::uint8_t* order = kTemplatesAll.data();
  std::size_t order_size = kTemplatesAll.size();
  if (wild_ == 0) {
    order = kTemplatesWithout.data();
    order_size = kTemplatesWithout.size();
  } else if (wild_ == 1) {
    order = kTemplatesWithOne.data();
    order_size = kTemplatesWithOne.size();
  }
  const int min_key = s_.min_key;
  const auto first = static_cast<std::size_t>(template_of_key(min_key));
  const int codes = multi() ? kClassCodes : 1;
  for (std::size_t k = 0; k < order_size; ++k) {
    const std::size_t index = order[k];
    if (index < first) continue;
    const Template& shape = kTemplates[index];
    const bool is_pair = shape.kind == GroupKind::pair;
    // Pairs forms take pungs (嚦咕嚦咕) but never chows.
    const bool allowed =
        is_pair ? s_.pairs > 0 : s_.melds > 0 && (!pairs_only_ || shape.kind == GroupKind::pung);
    if (!allowed || (is_pair && !pair_allowed(*form_, lowest, shape))) continue;
    // Pairs that must differ: after a pair, only pungs may still take this tile.
    const bool one_pair_here = is_pair && distinct_pairs_;
    for (int code = 0; code < codes; ++code) {
      Group group;
      Undo undo;
      if (multi()) {
        if (!code_fits(shape.size, shape.wild, code, hand_->classes.count) ||
            !build_template(shape, lowest, code, group) || !take_slots(group, undo)) {
          continue;
        }
      } else if (!take_fast(shape, lowest, group, undo)) {
        continue;
      }
      bool go_on = true;
      if (alive()) {
        go_on = variants(frame, group, [&](const Group& variant) {
          const int key = order_key(static_cast<int>(index), code, variant.winning_slot());
          if (key < min_key) return false;
          const int next_key = one_pair_here ? std::max(key, kFirstPungKey) : key;
          s_.min_key = static_cast<std::uint16_t>(s_.remaining[lowest] != 0 ? next_key : 0);
          return true;
        });
        s_.min_key = static_cast<std::uint16_t>(min_key);
      }
      if (multi()) {
        give_slots(group, undo);
      } else {
        give_fast(shape, group, undo);
      }
      if (!go_on) return false;
    }
  }
  return true;
}

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::restricted_left() const {
  if (!multi() && hand_->classes.unrestricted == 0) return false;
  for (int c = 0; c < hand_->classes.count; ++c) {
    if (c != hand_->classes.unrestricted && s_.wildcards[static_cast<std::size_t>(c)] != 0) {
      return true;
    }
  }
  return false;
}

/// No natural tile is left but restricted wildcards are: concrete wildcard-only groups (each
/// holding a restricted wildcard), by anchor tile and then template and classes, in
/// non-decreasing order. Unrestricted wildcards left after them form the abstract groups.
template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::expand_wild_only(Frame& frame) {
  // The least key past the wild-only pair template (the pung's first).
  constexpr int kPastWildOnlyPair = order_key(1, 0, -1);
  const std::uint8_t anchor = s_.anchor;
  const int min_key = s_.min_key;
  const ClassView& classes = hand_->classes;
  for (TileId tile = anchor; tile < plan_.meldable; ++tile) {
    for (int index = 0; index < static_cast<int>(kWildOnlyTemplates.size()); ++index) {
      const Template& shape = kWildOnlyTemplates[static_cast<std::size_t>(index)];
      const bool is_pair = shape.kind == GroupKind::pair;
      const bool allowed = is_pair
                               ? s_.pairs > 0 && pair_allowed(*form_, tile, shape)
                               : s_.melds > 0 && (!pairs_only_ || shape.kind == GroupKind::pung);
      if (!allowed) continue;
      // Pairs that must differ stay off kinds held naturally (see abstract_realizable).
      if (is_pair && distinct_pairs_ && (*hand_->held)[tile] != 0) continue;
      for (int code = 0; code < kClassCodes; ++code) {
        // Keys as in expand_melds: (template, classes, winning slot + 1).
        const int base = order_key(index, code, -1);
        if (tile == anchor && base + kWinningKeys <= min_key) continue;
        if (!code_fits(shape.size, shape.wild, code, classes.count)) continue;
        bool restricted = false;
        for (int slot = 0; slot < shape.size; ++slot) {
          restricted = restricted || ((code >> (2 * slot)) & 3) != classes.unrestricted;
        }
        if (!restricted) continue;
        Group group;
        Undo undo;
        if (!build_template(shape, tile, code, group) || !take_slots(group, undo)) continue;
        s_.anchor = tile;
        const bool go_on = !alive() || variants(frame, group, [&](const Group& variant) {
          const int key = base + variant.winning_slot() + 1;
          if (tile == anchor && key < min_key) return false;
          // A distinct pair once per kind: the next group here must come after the pairs.
          s_.min_key =
              static_cast<std::uint16_t>(is_pair && distinct_pairs_ ? kPastWildOnlyPair : key);
          return true;
        });
        s_.anchor = anchor;
        s_.min_key = static_cast<std::uint16_t>(min_key);
        give_slots(group, undo);
        if (!go_on) return false;
      }
    }
  }
  return true;
}

/// No natural tile is left: the wildcards form abstract melds, then abstract pairs. A winning
/// wildcard goes into the last abstract meld or the last abstract pair, so that each multiset
/// is reached once.
template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::expand_abstract(Frame& frame) {
  if (s_.winning == Winning::natural || wild_ == 0 || !abstract_realizable()) return true;
  // Only unrestricted wildcards are left (restricted ones were placed as concrete groups).
  const int cls = hand_->classes.unrestricted;
  if (cls < 0) return true;
  const auto c = static_cast<std::size_t>(cls);
  const int left = s_.wildcards[c];
  Group group;
  bool last = false;
  const int min_key = s_.min_key;
  s_.min_key = 0;
  if (s_.melds > 0 && left >= 3) {
    group = Group{GroupKind::any_meld, 3, 0b111, 0, {kNoTile, kNoTile, kNoTile, kNoTile}};
    --s_.melds;
    last = s_.melds == 0;
  } else if (s_.melds == 0 && s_.pairs > 0 && left >= 2 &&
             form_->pair_wildcards == PairWildcards::any) {
    group = Group{GroupKind::any_pair, 2, 0b11, 0, {kNoTile, kNoTile, kNoTile, kNoTile}};
    --s_.pairs;
    last = s_.pairs == 0;
  } else {
    s_.min_key = static_cast<std::uint16_t>(min_key);
    return true;
  }
  group.wild_classes = uniform_classes(cls, group.size);
  s_.wildcards[c] = static_cast<std::uint8_t>(left - group.size);
  wild_ -= group.size;
  bool go_on = child(frame, group);
  if (go_on && last && s_.winning == Winning::wild && hand_->classes.winning == cls) {
    group.set_winning_slot(0);
    s_.winning = Winning::placed;
    go_on = child(frame, group);
    s_.winning = Winning::wild;
  }
  wild_ += group.size;
  s_.wildcards[c] = static_cast<std::uint8_t>(left);
  if (group.kind == GroupKind::any_meld) {
    ++s_.melds;
  } else {
    ++s_.pairs;
  }
  s_.min_key = static_cast<std::uint16_t>(min_key);
  return go_on;
}

/// Whether the wildcards left can really be the abstract groups left: always, unless copies are
/// capped, pairs must differ or are restricted, tiles are forbidden or suits must be lacked.
template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::abstract_realizable() const {
  if (!form_->wildcards) return false;
  if (!plan_.capped && !distinct_pairs_ && form_->pair_tiles == 0 && plan_.forbidden == 0 &&
      missing_suits() == 0) {
    return true;
  }
  if (missing_suits() != 0) {
    // Some choice of untouched suits to lack must leave room for the abstract groups.
    const auto count = static_cast<unsigned>(plan_.sequence_suits.size());
    for (unsigned subset = 0; subset < (1U << count); ++subset) {
      if (std::popcount(subset) != missing_suits()) continue;
      TileMask lacked = 0;
      bool free = true;
      for (unsigned k = 0; k < count; ++k) {
        if ((subset >> k & 1U) == 0) continue;
        const std::size_t s = plan_.sequence_suits[k];
        free = free && ((s_.suits_used >> s) & 1U) == 0;
        lacked |= plan_.suit_tiles[s];
      }
      if (free && abstract_realizable_without(lacked)) return true;
    }
    return false;
  }
  return abstract_realizable_without(0);
}

template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::abstract_realizable_without(TileMask lacked) const {
  FillRules fill;
  fill.next = &plan_.next;
  fill.meldable = plan_.meldable;
  fill.pair_tiles = form_->pair_tiles;
  fill.chows = !pairs_only_;
  fill.distinct = distinct_pairs_;
  return abstract_groups_fit(fill, *hand_->held, s_.standins, plan_.copies, plan_.capped,
                             lacked | plan_.forbidden, s_.melds, s_.pairs);
}

}  // namespace meldgraph::search

#include "driver_steps.hpp"  // IWYU pragma: keep (the remaining steps)
