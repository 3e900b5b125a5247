#include "meldgraph/reading/realisations.hpp"
#include "meldgraph/support/bits.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace meldgraph {
namespace {

/// Stand-ins may take any number of copies when copies are not capped (more than a hand holds).
constexpr int kUncapped = 32;

}  // namespace

// The programme walks the meldable tiles in id order (suits, then ranks ascending, so a chow's
// tiles are three consecutive ids). At each tile it chooses how many ordinary abstract melds are
// pungs of it or chows starting at it, how many ordinary abstract pairs are pairs of it, and
// whether the winning abstract meld or pair is here (a winning chow once per winning slot); the
// tile's copies left for stand-ins must cover those and the chows started on the two tiles
// before. A multiset of groups (with the winning group's slot) is one path, so counting paths
// counts realisations.

std::uint64_t Realisations::State::key() const {
  return static_cast<std::uint64_t>(tile) | static_cast<std::uint64_t>(melds) << 8U |
         static_cast<std::uint64_t>(pairs) << 13U |
         static_cast<std::uint64_t>(winning_meld) << 18U |
         static_cast<std::uint64_t>(winning_pair) << 19U |
         static_cast<std::uint64_t>(chows_back1) << 20U |
         static_cast<std::uint64_t>(chows_back2) << 25U | static_cast<std::uint64_t>(suits) << 32U;
}

Realisations::Realisations(const ReadingContext& context, const Interpretation& interpretation)
    : context_(&context), interpretation_(&interpretation) {
  const RuleSet& rules = *context.rules;
  const Hand& hand = context.hand;
  const FormSpec& form = rules.forms()[interpretation.form];
  int cls = -1;
  TileCounts standins{};
  TileMask touched = 0;
  for (std::size_t g = 0; g < interpretation.groups.size(); ++g) {
    const Group& group = interpretation.groups[g];
    if (!group.abstract()) {
      for (int s = 0; s < group.size; ++s) {
        const TileId tile = group.tiles[static_cast<std::size_t>(s)];
        touched |= tile_bit(tile);
        // The search counts concealed stand-ins against capped copies, not declared melds'.
        if (group.is_wild(s) && !group.declared()) ++standins[tile];
      }
      continue;
    }
    if (group.winning_slot() >= 0) winning_index_ = static_cast<int>(abstract_.size());
    abstract_.push_back(static_cast<int>(g));
    if (group.kind == GroupKind::wildcards) {
      only_wildcards_ = true;
      continue;
    }
    if (cls >= 0 && group.wild_class(0) != cls) {
      throw std::logic_error("realisations: abstract groups of different wildcard classes");
    }
    cls = group.wild_class(0);
    const bool winning = group.winning_slot() >= 0;
    if (group.kind == GroupKind::any_meld) {
      (winning ? winning_meld_template_ : meld_template_) = group;
      (winning ? start_.winning_meld : start_.melds) += 1;
    } else {
      (winning ? winning_pair_template_ : pair_template_) = group;
      (winning ? start_.winning_pair : start_.pairs) += 1;
    }
  }
  if (cls < 0) return;

  // What the search allowed the abstract groups (search/driver.hpp, abstract_realizable).
  TileMask meldable = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) meldable |= tile_bit(t);
  const WildcardClasses& classes = context.classes;
  const TileMask stand_ins =
      cls < classes.count ? classes.masks[static_cast<std::size_t>(cls)] : meldable;
  meld_tiles_ = stand_ins & meldable & ~rules.forbidden_tiles();
  pair_tiles_ = meld_tiles_;
  if ((form.type == FormType::melds || form.type == FormType::knitted) && form.pair_tiles != 0) {
    pair_tiles_ &= form.pair_tiles;
  }
  chows_ = form.type != FormType::pairs;
  distinct_pairs_ = form.type == FormType::pairs && !form.four_as_two_pairs;
  // Natural copies held, declared melds included; a wild kind's concealed copies are wildcards.
  TileCounts held = hand.held_counts();
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) {
      held[t] = static_cast<std::uint8_t>(held[t] - hand.counts[t]);
    }
    const int used = held[t] + standins[t];
    capacity_[t] = static_cast<std::uint8_t>(
        rules.wildcards().exceed_copies ? kUncapped : std::max(0, rules.tile(t).copies - used));
    // Distinct pairs stay off kinds the hand's other groups use.
    if (distinct_pairs_ && used > 0) pair_tiles_ &= ~tile_bit(t);
  }
  lacking_needed_ = rules.missing_suits();
  for (std::size_t s = 0; s < rules.suits().size(); ++s) {
    const SuitInfo& suit = rules.suits()[s];
    if (suit.sequences && !suit.bonus) sequence_suits_ |= 1U << s;
  }
  for (const int t : set_bits(touched)) {
    const unsigned suit = rules.tile(static_cast<TileId>(t)).suit;
    start_.suits |= (1U << suit) & sequence_suits_;
  }
}

bool Realisations::placed(const State& state) {
  return state.melds == 0 && state.pairs == 0 && state.winning_meld == 0 &&
         state.winning_pair == 0 && state.chows_back1 == 0 && state.chows_back2 == 0;
}

bool Realisations::finished(const State& state) const {
  return placed(state) && std::popcount(sequence_suits_ & ~state.suits) >= lacking_needed_;
}

template <class F>
void Realisations::for_each_choice(const State& state, F&& fn) const {
  const RuleSet& rules = *context_->rules;
  const auto t = static_cast<TileId>(state.tile);
  const int carried = state.chows_back1 + state.chows_back2;
  const int capacity = capacity_[t];
  if (carried > capacity) return;
  const TileId second = rules.tile(t).next;
  const TileId third = second == kNoTile ? kNoTile : rules.tile(second).next;
  const bool can_pung = TileClasses::in(meld_tiles_, t);
  // Tile ids run by rank within a suit, so a chow's tiles are t, t + 1, t + 2 (realise relies on
  // it).
  const bool can_chow = chows_ && third != kNoTile && second == t + 1 && third == t + 2 &&
                        TileClasses::in(meld_tiles_, t) && TileClasses::in(meld_tiles_, second) &&
                        TileClasses::in(meld_tiles_, third);
  const bool can_pair = TileClasses::in(pair_tiles_, t);
  const int max_pairs_here = distinct_pairs_ ? 1 : state.pairs + state.winning_pair;
  const unsigned suit_bit = (1U << rules.tile(t).suit) & sequence_suits_;
  // Groups placed here come before those skipped to later tiles, so that list() visits
  // realisations in tile order (111m before 123m before 222m ...): counts run downwards.
  // wm: 0 no winning meld here, 1 its pung, 2-4 its chow with the winning wildcard in slot wm - 2.
  const int winning_meld_choices = state.winning_meld != 0 ? 5 : 1;
  for (int k = 0; k < winning_meld_choices; ++k) {
    const int wm = (k + 1) % winning_meld_choices;
    if ((wm == 1 && !can_pung) || (wm >= 2 && !can_chow)) continue;
    const int winning_chow = wm >= 2 ? 1 : 0;
    for (int wp = state.winning_pair; wp >= 0; --wp) {
      if (wp == 1 && !can_pair) continue;
      for (int pungs = can_pung ? state.melds : 0; pungs >= 0; --pungs) {
        for (int chows = can_chow ? state.melds - pungs : 0; chows >= 0; --chows) {
          for (int pairs = can_pair ? state.pairs : 0; pairs >= 0; --pairs) {
            if (pairs + wp > max_pairs_here) continue;
            const int used =
                carried + 3 * (pungs + (wm == 1 ? 1 : 0)) + chows + winning_chow + 2 * (pairs + wp);
            if (used > capacity) continue;
            State next = state;
            next.tile = state.tile + 1;
            next.melds = state.melds - pungs - chows;
            next.pairs = state.pairs - pairs;
            next.winning_meld = wm != 0 ? 0 : state.winning_meld;
            next.winning_pair = state.winning_pair - wp;
            next.chows_back2 = state.chows_back1;
            next.chows_back1 = chows + winning_chow;
            if (used > 0) next.suits |= suit_bit;
            if (!fn(Choice{pungs, chows, pairs, wm, wp}, next)) return;
          }
        }
      }
    }
  }
}

std::uint64_t Realisations::count_from(const State& state) const {
  // With every group placed, the tiles left can only each choose nothing: one path, which
  // ends finished or not as it is now (the suits touched no longer change).
  if (state.tile == context_->rules->meldable_count() || placed(state)) {
    return finished(state) ? 1 : 0;
  }
  const std::uint64_t key = state.key();
  if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
  std::uint64_t total = 0;
  for_each_choice(state, [&](const Choice& /*choice*/, const State& next) {
    total = add_saturating(total, count_from(next));
    return true;
  });
  memo_.emplace(key, total);
  return total;
}

std::uint64_t Realisations::count() const {
  if (abstract_.empty() || only_wildcards_) return 1;
  return count_from(start_);
}

std::span<const Group> Realisations::compose(const std::vector<Group>& melds,
                                             const std::vector<Group>& pairs,
                                             const Group& winning_meld,
                                             const Group& winning_pair) const {
  composed_.clear();
  std::size_t meld = 0;
  std::size_t pair = 0;
  for (const int index : abstract_) {
    const Group& group = interpretation_->groups[static_cast<std::size_t>(index)];
    const bool winning = group.winning_slot() >= 0;
    if (group.kind == GroupKind::any_meld) {
      composed_.push_back(winning ? winning_meld : melds[meld++]);
    } else if (group.kind == GroupKind::any_pair) {
      composed_.push_back(winning ? winning_pair : pairs[pair++]);
    } else {
      composed_.push_back(group);
    }
  }
  return composed_;
}

bool Realisations::list_from(const State& state, std::vector<Group>& melds,
                             std::vector<Group>& pairs, Group& winning_meld, Group& winning_pair,
                             const std::function<bool(std::span<const Group>)>& visit,
                             std::uint64_t limit, std::uint64_t& visited) const {
  // As in count_from: once every group is placed, the rest of the walk is one empty path.
  if (state.tile == context_->rules->meldable_count() || placed(state)) {
    if (!finished(state)) return true;
    ++visited;
    return visit(compose(melds, pairs, winning_meld, winning_pair)) &&
           (limit == 0 || visited < limit);
  }
  const auto t = static_cast<TileId>(state.tile);
  const auto realise = [t](const Group& abstract, GroupKind kind) {
    Group group = abstract;
    group.kind = kind;
    if (kind == GroupKind::chow) {
      group.tiles = {t, static_cast<TileId>(t + 1), static_cast<TileId>(t + 2), kNoTile};
    } else if (kind == GroupKind::pung) {
      group.tiles = {t, t, t, kNoTile};
    } else {
      group.tiles = {t, t, kNoTile, kNoTile};
    }
    return group;
  };
  bool go_on = true;
  for_each_choice(state, [&](const Choice& choice, const State& next) {
    if (count_from(next) == 0) return true;  // a dead branch: nothing below it is listed
    const std::size_t meld_mark = melds.size();
    const std::size_t pair_mark = pairs.size();
    melds.insert(melds.end(), static_cast<std::size_t>(choice.pungs),
                 realise(meld_template_, GroupKind::pung));
    melds.insert(melds.end(), static_cast<std::size_t>(choice.chows),
                 realise(meld_template_, GroupKind::chow));
    pairs.insert(pairs.end(), static_cast<std::size_t>(choice.pairs),
                 realise(pair_template_, GroupKind::pair));
    if (choice.winning_meld != 0) {
      winning_meld = realise(winning_meld_template_,
                             choice.winning_meld == 1 ? GroupKind::pung : GroupKind::chow);
      winning_meld.set_winning_slot(choice.winning_meld == 1 ? 0 : choice.winning_meld - 2);
    }
    if (choice.winning_pair != 0) {
      winning_pair = realise(winning_pair_template_, GroupKind::pair);
      winning_pair.set_winning_slot(0);
    }
    go_on = list_from(next, melds, pairs, winning_meld, winning_pair, visit, limit, visited);
    melds.resize(meld_mark);
    pairs.resize(pair_mark);
    return go_on;
  });
  return go_on;
}

std::uint64_t Realisations::list(const std::function<bool(std::span<const Group>)>& visit,
                                 std::uint64_t limit) const {
  if (abstract_.empty() || only_wildcards_) {
    visit(compose({}, {}, Group{}, Group{}));
    return 1;
  }
  std::vector<Group> melds;
  std::vector<Group> pairs;
  Group winning_meld;
  Group winning_pair;
  std::uint64_t visited = 0;
  list_from(start_, melds, pairs, winning_meld, winning_pair, visit, limit, visited);
  return visited;
}

}  // namespace meldgraph
