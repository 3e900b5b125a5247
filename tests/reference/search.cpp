// The reference search: every multiset of catalogue groups with exactly the hand's tiles and the
// form's shape, then the whole-interpretation rules, then the winning tile's marks.

#include "reference/search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "reference/catalogue.hpp"

namespace meldgraph::testref {

namespace {

class ReferenceSearch {
 public:
  /// `conservative`: distinct pairs (four_as_two_pairs false) also keep abstract pairs and
  /// wildcard-only pairs off every kind the hand holds naturally, as the engine does (see the
  /// pungs test below); the plain reference only keeps pairs off each other's kinds.
  ReferenceSearch(const RuleSet& rules, const FormSpec& form, const RefHand& hand,
                  bool conservative = false)
      : rules_(rules), form_(form), hand_(hand), conservative_(conservative) {
    std::vector<Entry> all = catalogue(rules, form);
    if (hand.restricted) {
      for (Entry& e : wild_only_entries(rules, form)) all.push_back(std::move(e));
    }
    // Groups needing a natural tile the hand does not hold can never be used, nor wildcard slots
    // no wildcard of the hand may fill (pruning only: accept() decides the classes).
    for (Entry& e : all) {
      std::array<int, kMaxTileKinds> need{};
      bool ok = e.wildcards <= hand.wildcards;
      for (const int t : e.naturals) {
        if (++need[static_cast<std::size_t>(t)] > hand.naturals[static_cast<std::size_t>(t)])
          ok = false;
      }
      for (const int t : e.standins) {
        if ((hand.class_union & bit_of(t)) == 0) ok = false;
      }
      if (e.abstract && hand.unrestricted < 0) ok = false;
      if (e.wild_only) {
        bool some = false;
        for (const int t : e.standins) some = some || (hand.restricted_union & bit_of(t)) != 0;
        ok = ok && some;
      }
      if (ok) entries_.push_back(std::move(e));
    }
    // last_use_[t]: the last catalogue index whose group holds natural t (a remaining natural
    // with no later group that holds it can never be placed).
    last_use_.fill(-1);
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      for (const int t : entries_[i].naturals)
        last_use_[static_cast<std::size_t>(t)] = static_cast<int>(i);
    }
  }

  std::vector<RefInterpretation> run(int melds, int pairs, int singles) {
    results_.clear();
    remaining_ = hand_.naturals;
    wild_left_ = hand_.wildcards;
    chosen_.clear();
    search(0, melds, pairs, singles);
    std::sort(results_.begin(), results_.end());
    return results_;
  }

 private:
  void search(std::size_t from, int melds, int pairs, int singles) {
    if (melds == 0 && pairs == 0 && singles == 0) {
      if (wild_left_ != 0) return;
      for (const int n : remaining_) {
        if (n != 0) return;
      }
      accept();
      return;
    }
    for (std::size_t t = 0; t < remaining_.size(); ++t) {
      if (remaining_[t] != 0 && last_use_[t] < static_cast<int>(from)) return;
    }
    for (std::size_t i = from; i < entries_.size(); ++i) {
      const Entry& e = entries_[i];
      int* role_left = e.role == Role::meld ? &melds : e.role == Role::pair ? &pairs : &singles;
      if (*role_left == 0 || e.wildcards > wild_left_) continue;
      bool fits = true;
      std::size_t placed = 0;
      for (; placed < e.naturals.size(); ++placed) {
        int& left = remaining_[static_cast<std::size_t>(e.naturals[placed])];
        if (left == 0) {
          fits = false;
          break;
        }
        --left;
      }
      if (fits) {
        wild_left_ -= e.wildcards;
        --*role_left;
        chosen_.push_back(i);
        search(i, melds, pairs, singles);
        chosen_.pop_back();
        ++*role_left;
        wild_left_ += e.wildcards;
      }
      for (std::size_t k = 0; k < placed; ++k)
        ++remaining_[static_cast<std::size_t>(e.naturals[k])];
    }
  }

  /// A multiset with the right shape and exactly the hand's tiles; apply the whole-hand rules.
  void accept() {
    const bool capped = !rules_.wildcards().exceed_copies;
    const bool distinct_pairs = form_.type == FormType::pairs && !form_.four_as_two_pairs;
    std::array<int, kMaxTileKinds> standins{};
    std::uint64_t concrete_pair_kinds = 0;
    std::uint64_t set_tiles_seen = 0;
    unsigned touched = hand_.declared_suits;  // suits the concrete groups hold (missing_suits)
    int abstract_melds = 0;
    int abstract_pairs = 0;
    for (const std::size_t i : chosen_) {
      const Entry& e = entries_[i];
      for (const int t : e.standins) ++standins[static_cast<std::size_t>(t)];
      if (e.abstract) {
        (e.role == Role::meld ? abstract_melds : abstract_pairs) += 1;
        continue;
      }
      for (const int t : e.naturals) touched |= 1U << rules_.tile(static_cast<TileId>(t)).suit;
      for (const int t : e.standins) touched |= 1U << rules_.tile(static_cast<TileId>(t)).suit;
      if (e.role == Role::pair && form_.type == FormType::pairs) {
        const std::uint64_t bit = bit_of(e.group.tile);
        if (distinct_pairs && (concrete_pair_kinds & bit) != 0) return;  // two pairs of one kind
        if (distinct_pairs && conservative_ && e.wild_only &&
            hand_.naturals[static_cast<std::size_t>(e.group.tile)] != 0)
          return;
        concrete_pair_kinds |= bit;
      }
      if (form_.type == FormType::set) {
        const std::uint64_t bit = bit_of(e.set_tile);
        if ((set_tiles_seen & bit) != 0) return;  // a set tile covered twice
        set_tiles_seen |= bit;
      }
    }
    if (form_.type == FormType::set &&
        std::popcount(set_tiles_seen) != static_cast<int>(form_.set_tiles.size())) {
      return;
    }
    if (form_.type == FormType::knitted && !knits_valid()) return;
    if (form_.type == FormType::singles && !singles_valid()) return;
    // hand.missing_suits: enough sequence suits untouched by the concrete groups (the abstract
    // ones are checked with their realisation below).
    const int missing = rules_.missing_suits();
    if (missing > 0 && lacking_suits(rules_, touched) < missing) return;
    std::array<int, kMaxTileKinds> capacity{};
    for (int t = 0; t < rules_.tile_count(); ++t) {
      if (!is_meldable(rules_, t)) continue;
      const auto k = static_cast<std::size_t>(t);
      // hand.forbidden_tiles: never stood for, and no room for an abstract group.
      if ((rules_.forbidden_tiles() & bit_of(t)) != 0) {
        if (standins[k] != 0) return;
        continue;
      }
      if (capped) {
        capacity[k] =
            copies_of(rules_, t) - hand_.naturals[k] - hand_.declared_naturals[k] - standins[k];
        if (capacity[k] < 0) return;  // a wildcard stands for a copy the set does not have
      } else {
        capacity[k] = 1000;
      }
    }
    AbstractRoom room;
    room.chows = form_.type != FormType::pairs;
    room.distinct_pairs = distinct_pairs;
    room.missing = missing;
    if (form_.type == FormType::melds || form_.type == FormType::knitted ||
        form_.type == FormType::pairs) {
      room.pair_tiles = form_.pair_tiles;
    }
    std::uint64_t pair_kinds = concrete_pair_kinds;
    if (distinct_pairs && conservative_) {
      for (int t = 0; t < rules_.tile_count(); ++t) {
        const auto k = static_cast<std::size_t>(t);
        if (hand_.naturals[k] != 0 || (capped && standins[k] != 0)) pair_kinds |= bit_of(t);
      }
    }
    if (!abstract_realisable(rules_, capacity, abstract_melds, abstract_pairs, room, pair_kinds,
                             touched)) {
      return;
    }
    colour();
  }

  /// Every labelling of the chosen groups' wildcard slots with classes: a concrete slot takes a
  /// class whose stand-in mask holds its tile, abstract groups take the unrestricted class only,
  /// each class used exactly as often as the hand holds it, and a wildcard-only concrete group
  /// holds a restricted wildcard. Distinct labelled multisets are the interpretations.
  void colour() {
    int abstract_slots = 0;
    slots_.clear();
    for (std::size_t k = 0; k < chosen_.size(); ++k) {
      const Entry& e = entries_[chosen_[k]];
      if (e.abstract) {
        abstract_slots += e.wildcards;
        continue;
      }
      for (std::size_t s = 0; s < e.standins.size(); ++s)
        slots_.push_back({k, s, e.standins[s], 0});
    }
    std::array<int, 4> left = hand_.class_held;
    if (abstract_slots > 0) {
      if (hand_.unrestricted < 0) return;
      left[static_cast<std::size_t>(hand_.unrestricted)] -= abstract_slots;
      if (left[static_cast<std::size_t>(hand_.unrestricted)] < 0) return;
    }
    std::set<RefInterpretation> found;
    colour_slot(0, left, found);
    for (const RefInterpretation& v : found) results_.push_back(v);
  }

  void colour_slot(std::size_t index, std::array<int, 4>& left,
                   std::set<RefInterpretation>& found) {
    if (index == slots_.size()) {
      RefInterpretation interpretation;
      for (std::size_t k = 0; k < chosen_.size(); ++k) {
        const Entry& e = entries_[chosen_[k]];
        RefGroup g = e.group;
        if (e.abstract) {
          for (int s = 0; s < e.wildcards; ++s) g.classes |= hand_.unrestricted << (2 * s);
          interpretation.push_back(g);
          continue;
        }
        std::vector<std::pair<int, int>> wild;  // (position, class)
        for (const Slot& slot : slots_) {
          if (slot.group == k) wild.emplace_back(e.wild_positions[slot.index], slot.cls);
        }
        if (e.wild_only) {
          bool restricted = false;
          for (const auto& [position, cls] : wild)
            restricted = restricted || cls != hand_.unrestricted;
          if (!restricted) return;
        }
        const bool same_tile =
            g.kind == RefKind::pair || g.kind == RefKind::pung || g.kind == RefKind::single;
        if (same_tile) {
          // Slots of one tile are interchangeable: the classes ascending in the wildcard slots.
          std::vector<int> classes;
          for (const auto& [position, cls] : wild) classes.push_back(cls);
          std::sort(classes.begin(), classes.end());
          const int size = g.kind == RefKind::pair ? 2 : g.kind == RefKind::pung ? 3 : 1;
          for (std::size_t i = 0; i < classes.size(); ++i) {
            g.classes |= classes[i]
                         << (2 * (size - static_cast<int>(classes.size()) + static_cast<int>(i)));
          }
        } else {
          for (const auto& [position, cls] : wild) g.classes |= cls << (2 * position);
        }
        interpretation.push_back(g);
      }
      std::sort(interpretation.begin(), interpretation.end());
      found.insert(std::move(interpretation));
      return;
    }
    Slot& slot = slots_[index];
    for (int c = 0; c < hand_.class_count; ++c) {
      auto& n = left[static_cast<std::size_t>(c)];
      if (n == 0 || (hand_.class_masks[static_cast<std::size_t>(c)] & bit_of(slot.tile)) == 0)
        continue;
      --n;
      slot.cls = c;
      colour_slot(index + 1, left, found);
      ++n;
    }
  }

  /// The three knits are of three different suits and three different rank classes.
  [[nodiscard]] bool knits_valid() const {
    std::set<int> suits;
    std::set<int> classes;
    for (const std::size_t i : chosen_) {
      const RefGroup& g = entries_[i].group;
      if (g.kind != RefKind::knit) continue;
      const TileInfo& info = rules_.tile(static_cast<TileId>(g.tile));
      suits.insert(info.suit);
      classes.insert(info.rank);  // the lowest rank, 1..3, names the class
    }
    return suits.size() == 3 && classes.size() == 3;
  }

  /// Distinct tiles; honours only from the form's list; the sequence suits per the form's
  /// pattern; every required tile present.
  [[nodiscard]] bool singles_valid() const {
    std::set<int> tiles;
    for (const std::size_t i : chosen_) {
      if (!tiles.insert(entries_[i].group.tile).second) return false;
    }
    std::map<int, std::vector<int>> ranks_by_suit;
    for (const int t : tiles) {
      const TileInfo& info = rules_.tile(static_cast<TileId>(t));
      if (!rules_.suits()[info.suit].sequences) {
        if (((form_.single_tiles >> t) & 1U) == 0) return false;
        continue;
      }
      ranks_by_suit[info.suit].push_back(info.rank);
    }
    std::set<int> classes;
    for (const auto& [suit, ranks] : ranks_by_suit) {
      if (form_.singles_suits == SinglesSuits::gapped) {
        for (std::size_t k = 1; k < ranks.size(); ++k) {
          if (ranks[k] - ranks[k - 1] < form_.gap) return false;
        }
        continue;
      }
      const int knit = (ranks.front() - 1) % 3;
      for (const int r : ranks) {
        if ((r - 1) % 3 != knit) return false;
      }
      if (!classes.insert(knit).second) return false;  // two suits of one class
    }
    for (int t = 0; t < rules_.tile_count(); ++t) {
      if (((form_.required >> t) & 1U) != 0 && tiles.count(t) == 0) return false;
    }
    return true;
  }

  struct Slot {
    std::size_t group;  ///< index into chosen_
    std::size_t index;  ///< index into the entry's standins
    int tile;
    int cls;
  };

  const RuleSet& rules_;
  const FormSpec& form_;
  const RefHand hand_;
  const bool conservative_;
  std::vector<Slot> slots_;
  std::vector<Entry> entries_;
  std::array<int, kMaxTileKinds> last_use_{};
  std::array<int, kMaxTileKinds> remaining_{};
  int wild_left_ = 0;
  std::vector<std::size_t> chosen_;
  std::vector<RefInterpretation> results_;
};

}  // namespace

/// Whether the N-wildcards form, too, needs hand.missing_suits suits lacked by the natural tiles
/// and declared melds. docs/rules.md says "a winning hand (declared melds included) must hold no
/// tile of at least this many sequence suits", and exempts the wildcards form only from
/// max_in_win; the engine builds that form's graph without looking at the suits (see the
/// missing_suits test below). False: the reference follows the engine there.
constexpr bool kWildcardsFormLacksSuits = false;

/// Interpretations of one form under the reference semantics, over the concealed tiles, without
/// declared melds or the winning tile's mark.
std::vector<RefInterpretation> reference_form(const RuleSet& rules, const FormSpec& form,
                                              const RefHand& hand, bool conservative) {
  if (!form.wildcards && hand.wildcards > 0) return {};
  // hand.forbidden_tiles: a hand holding one never wins, the wildcards form included.
  if (hand.forbidden_held) return {};
  // wildcards.max_in_win: a win holds at most that many wildcards, except the wildcards form;
  // a form's own max_wildcards replaces it for that form (0: no limit).
  const int most = form.max_wildcards != FormSpec::kInheritWildcardCap
                       ? int{form.max_wildcards}
                       : int{rules.wildcards().max_in_win};
  if (most != 0 && hand.wildcards > most && form.type != FormType::wildcards) return {};
  // Pairs and set forms fix the whole hand's tiles: never with declared melds.
  if (!hand.declared.empty() && (form.type == FormType::pairs || form.type == FormType::set))
    return {};
  switch (form.type) {
    case FormType::wildcards: {
      // The concealed wildcards; a joker in a declared meld is part of that meld.
      if (hand.wildcards < form.count) return {};
      if (kWildcardsFormLacksSuits && rules.missing_suits() > 0) {
        unsigned touched = hand.declared_suits;
        for (int t = 0; t < rules.meldable_count(); ++t) {
          if (hand.naturals[static_cast<std::size_t>(t)] != 0)
            touched |= 1U << rules.tile(static_cast<TileId>(t)).suit;
        }
        if (lacking_suits(rules, touched) < rules.missing_suits()) return {};
      }
      return {{RefGroup{RefKind::wildcards, -1, hand.wildcards}}};
    }
    case FormType::melds: {
      const int rest = hand.size - 2 * form.pairs;
      if (rest < 0 || rest % 3 != 0) return {};
      return ReferenceSearch(rules, form, hand).run(rest / 3, form.pairs, 0);
    }
    case FormType::pairs:
      if (hand.size != 2 * form.pairs + 3 * form.pungs) return {};
      return ReferenceSearch(rules, form, hand, conservative).run(form.pungs, form.pairs, 0);
    case FormType::set: {
      const int set = static_cast<int>(form.set_tiles.size());
      if (hand.size != set + 1) return {};
      return ReferenceSearch(rules, form, hand).run(0, 1, set - 1);
    }
    case FormType::knitted: {
      const int rest = hand.size - 9 - 2 * form.pairs;
      if (rest < 0 || rest % 3 != 0) return {};
      return ReferenceSearch(rules, form, hand).run(rest / 3, form.pairs, 3);
    }
    case FormType::singles:
      if (!hand.declared.empty() || hand.size != form.hand_tiles) return {};
      return ReferenceSearch(rules, form, hand)
          .run(0, form.pairs, form.hand_tiles - 2 * form.pairs);
  }
  return {};
}

/// The wait a mark implies, from the rules of docs/engine.md written out here (not the engine's
/// wait_shape): pair single, pung dual_pung, set single set_tile, abstract any; a chow's middle
/// closed, its low end edge when its high tile has no next rank (789), its high end edge when its
/// low tile has no previous rank (123), other ends two_sided.
WaitShape ref_wait(const RefGroup& g, const RuleSet& rules) {
  switch (g.kind) {
    case RefKind::pair:
      return WaitShape::single;
    case RefKind::pung:
      return WaitShape::dual_pung;
    case RefKind::single:
    case RefKind::knit:
      return WaitShape::set_tile;
    case RefKind::any_meld:
    case RefKind::any_pair:
      return WaitShape::any;
    case RefKind::chow: {
      if (g.mark == 1) return WaitShape::closed;
      if (g.mark == 0) {
        const int high = successor(rules, successor(rules, g.tile));
        return successor(rules, high) < 0 ? WaitShape::edge : WaitShape::two_sided;
      }
      return predecessor(rules, g.tile) < 0 ? WaitShape::edge : WaitShape::two_sided;
    }
    case RefKind::wildcards:
    case RefKind::kong:
      break;
  }
  return WaitShape::none;
}

/// Every way to mark the winning tile in one unmarked interpretation (sorted groups), with the
/// declared melds added. A natural winning tile w: one per distinct group holding a natural w, in
/// the slot of w. A winning wildcard: one per distinct (group, stand-in of a wildcard slot), and
/// one per distinct abstract group. No winning tile, or the N-wildcards form: the one unmarked.
std::vector<RefInterpretation> with_marks(const RefInterpretation& groups, const RefHand& hand,
                                          const FormSpec& form, const RuleSet& rules) {
  const auto finish = [&](RefInterpretation v) {
    v.insert(v.end(), hand.declared.begin(), hand.declared.end());
    std::sort(v.begin(), v.end());
    return v;
  };
  const bool marked = hand.winning_natural >= 0 || hand.winning_wildcard;
  if (!marked || form.type == FormType::wildcards) return {finish(groups)};
  std::vector<RefInterpretation> out;
  const auto mark = [&](std::size_t i, int slot) {
    RefInterpretation v = groups;
    v[i].mark = slot;
    v[i].wait = ref_wait(v[i], rules);
    out.push_back(finish(std::move(v)));
  };
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i > 0 && groups[i] == groups[i - 1]) continue;  // the same group again: the same reading
    const RefGroup& g = groups[i];
    switch (g.kind) {
      case RefKind::pair:
      case RefKind::pung:
      case RefKind::single: {
        const int size = g.kind == RefKind::pair ? 2 : g.kind == RefKind::pung ? 3 : 1;
        if (hand.winning_natural >= 0 && g.tile == hand.winning_natural && g.wild < size)
          mark(i, 0);
        // The winning wildcard in a wildcard slot of its own class.
        bool has_class = false;
        for (int s = size - g.wild; s < size; ++s)
          has_class = has_class || class_at(g.classes, s) == hand.winning_class;
        if (hand.winning_wildcard && has_class) mark(i, 1 + hand.winning_class);
        break;
      }
      case RefKind::chow:
      case RefKind::knit:
        for (int r = 0; r < 3; ++r) {
          const bool wild = ((g.wild >> r) & 1) != 0;
          int tile = g.tile;
          const int steps = g.kind == RefKind::knit ? 3 * r : r;
          for (int k = 0; k < steps; ++k) tile = successor(rules, tile);
          if (hand.winning_natural >= 0 && !wild && tile == hand.winning_natural) mark(i, r);
          if (hand.winning_wildcard && wild && class_at(g.classes, r) == hand.winning_class)
            mark(i, r);
        }
        break;
      case RefKind::any_meld:
      case RefKind::any_pair:
        if (hand.winning_wildcard && class_at(g.classes, 0) == hand.winning_class) mark(i, 0);
        break;
      case RefKind::wildcards:
      case RefKind::kong:
        break;
    }
  }
  return out;
}

RefResult reference(const RuleSet& rules, const Hand& hand, bool conservative) {
  const RefHand ref = ref_hand(hand, rules);
  RefResult out;
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    if (!rules.forms()[f].enabled) continue;
    std::vector<RefInterpretation>& list = out[f];
    for (const RefInterpretation& unmarked :
         reference_form(rules, rules.forms()[f], ref, conservative)) {
      for (RefInterpretation& v : with_marks(unmarked, ref, rules.forms()[f], rules))
        list.push_back(std::move(v));
    }
    std::sort(list.begin(), list.end());
  }
  return out;
}

}  // namespace meldgraph::testref
