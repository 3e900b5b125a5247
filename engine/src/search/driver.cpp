/// The search plan, the pruning keys and the groups each form needs (driver.hpp).

#include "driver.hpp"
#include "meldgraph/support/bits.hpp"

namespace meldgraph::search {

namespace {

/// Whether some chow can be made among the `ranks` tiles from `first` (SuitLayout::chows): a
/// numbered suit without consecutive ranks is laid out like an honour suit.
bool suit_has_chows(const RuleSet& r, TileId first, int ranks) {
  for (int k = 0; k < ranks; ++k) {
    if (r.tile(static_cast<TileId>(first + k)).next != kNoTile) return true;
  }
  return false;
}

/// The pruning tables, when every run of same-suit meldable tiles has a table shape (as the
/// queries' plan): one win table per run, and each tile's step in its run's base-5 key.
void find_tables(const RuleSet& r, SearchPlan& plan) {
  plan.tables_ok = true;
  std::array<TileId, kMaxPruneSuits> first{};
  std::array<int, kMaxPruneSuits> ranks{};
  for (TileId t = 0; t < plan.meldable; ++t) {
    const TileInfo& info = r.tile(t);
    if (t == 0 || info.suit != r.tile(static_cast<TileId>(t - 1)).suit) {
      if (plan.suit_count == kMaxPruneSuits) {
        plan.tables_ok = false;
        return;
      }
      first[plan.suit_count++] = t;
    }
    plan.prune_suit[t] = static_cast<std::uint8_t>(plan.suit_count - 1);
    ++ranks[plan.suit_count - 1];
  }
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    const TileInfo& info = r.tile(first[s]);
    const bool sequences = suit_has_chows(r, first[s], ranks[s]);
    bool ok = ranks[s] <= kTableMaxRanks && info.copies >= 1 && info.copies <= kTableMaxCopies;
    for (int k = 0; ok && k < ranks[s]; ++k) {
      const auto t = static_cast<TileId>(first[s] + k);
      ok = r.tile(t).copies == info.copies;
      // The table's chows are of consecutive ranks of the suit, and only in sequence suits.
      if (sequences && k + 1 < ranks[s]) ok = ok && r.tile(t).next == t + 1;
      if (!sequences || k + 1 == ranks[s]) ok = ok && r.tile(t).next == kNoTile;
    }
    if (!ok) {
      plan.tables_ok = false;
      return;
    }
  }
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    const TileInfo& info = r.tile(first[s]);
    const SuitTables& tables =
        SuitTables::of(SuitShape{ranks[s], suit_has_chows(r, first[s], ranks[s]), info.copies});
    plan.win_table[s] = tables.win(false);
    for (int k = 0; k < ranks[s]; ++k) plan.step_of[first[s] + k] = tables.step(k);
  }
}

}  // namespace

SearchPlan::SearchPlan(const RuleSet& rule_set, bool tables) : rules(&rule_set) {
  const RuleSet& r = rule_set;
  meldable = r.meldable_count();
  forbidden = r.forbidden_tiles();
  missing_suits = r.missing_suits();
  capped = !r.wildcards().exceed_copies;
  for (TileId t = 0; t < r.tile_count(); ++t) {
    next[t] = r.tile(t).next;
    previous[t] = r.tile(t).previous;
    copies[t] = r.tile(t).copies;
    suit[t] = static_cast<std::uint8_t>(r.tile(t).suit);
  }
  suit_tiles.assign(r.suits().size(), 0);
  for (TileId t = 0; t < meldable; ++t) {
    meldable_mask |= tile_bit(t);
    suit_tiles[r.tile(t).suit] |= tile_bit(t);
  }
  set_masks.assign(r.forms().size(), 0);
  for (std::size_t f = 0; f < r.forms().size(); ++f) {
    for (const TileId t : r.forms()[f].set_tiles) set_masks[f] |= tile_bit(t);
  }
  sequence_suits = r.knit_suits().suits;
  if (sequence_suits.size() >= static_cast<std::size_t>(kKnitPhases)) {
    for (std::size_t phase = 0; phase < static_cast<std::size_t>(kKnitPhases); ++phase) {
      const SuitInfo& info = r.suits()[sequence_suits[phase]];
      for (int knit = 0; knit < kKnitClasses; ++knit) {
        for (int slot = 0; slot < 3; ++slot) {
          knit_tiles[phase][static_cast<std::size_t>(knit)][static_cast<std::size_t>(slot)] =
              r.find_tile(info.letter, knit + 1 + 3 * slot);
        }
      }
    }
  }
  if (tables) find_tables(r, *this);
}

void HandStart::set_classes(const WildcardClasses& all, TileMask forbidden) {
  classes.count = all.count;
  classes.unrestricted = all.unrestricted;
  classes.winning = all.winning;
  wildcards = 0;
  for (std::size_t c = 0; c < kMaxWildcardClasses; ++c) {
    classes.masks[c] = all.masks[c] & ~forbidden;
    class_held[c] = all.held[c];
    wildcards += all.held[c];
  }
}

void HandStart::set_hand(const RuleSet& rules, const Hand& hand) {
  winning_tile = hand.winning_is_wildcard() ? kNoTile : hand.winning;
  winning = !hand.has_winning_tile()     ? Winning::placed
            : hand.winning_is_wildcard() ? Winning::wild
                                         : Winning::natural;
  declared_suits = 0;
  for (std::size_t m = 0; rules.missing_suits() != 0 && m < hand.meld_count; ++m) {
    declared_suits =
        static_cast<std::uint8_t>(declared_suits | (1U << rules.tile(hand.melds[m].tiles[0]).suit));
  }
}

TileCounts held_naturals(const RuleSet& rules, const Hand& hand) {
  TileCounts held = hand.held_counts();
  for (TileId t = 0; t < kMaxTileKinds; ++t) {
    if (t >= rules.meldable_count()) {
      held[t] = 0;
    } else if ((hand.wild_tiles & tile_bit(t)) != 0) {
      held[t] = static_cast<std::uint8_t>(held[t] - hand.counts[t]);
    }
  }
  return held;
}

PruneKeys prune_keys(const SearchPlan& plan, const TileCounts& counts, TileMask mask) {
  PruneKeys out;
  for (const int t : set_bits(mask)) {
    out.keys[plan.prune_suit[t]] += counts[t] * plan.step_of[t];
  }
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    out.f[s] = plan.win_table[s][out.keys[s]];
    out.sum0 += out.f[s] & 0x0F;
  }
  return out;
}

}  // namespace meldgraph::search
