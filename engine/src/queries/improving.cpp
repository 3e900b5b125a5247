/// Improving tiles from the tables, in one pass a hand (fast_improving, improving_mask). A draw
/// adds one natural tile, so it raises any form's kept by at most one and lowers its exchanges by
/// at most one: the draws that lower the least exchanges are those that lower the exchanges of
/// some form at that least. Each form finds its draws in one pass where it can: the standard form
/// by suit, every other suit's kept rows combined once and each drawn key's row set against that
/// rest in one cell; the pairs form by the count a tile joins; the set form by the set tiles
/// held. Other forms price each drawn hand again.

#include <algorithm>
#include <array>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fast_paths.hpp"
#include "hand_view.hpp"
#include "kept_rows.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/support/bits.hpp"
#include "shanten_costs.hpp"

namespace meldgraph::detail {
namespace {

/// Tiles a hand the tables model can draw: meldable, with a copy it does not hold (no meldable
/// kind is wild in such a hand, and no meld is declared).
TileMask drawable_tiles(const Plan& plan, const View& view) {
  TileMask drawable = 0;
  for (const int t : set_bits(plan.meldable_mask)) {
    const auto tile = static_cast<std::size_t>(t);
    if (view.counts[tile] < plan.copies[tile]) drawable |= tile_bit(static_cast<TileId>(t));
  }
  return drawable;
}

#if defined(__SSE2__)

/// The largest of 16 unsigned bytes.
inline int horizontal_max(__m128i x) {
  x = _mm_max_epu8(x, _mm_srli_si128(x, 8));
  x = _mm_max_epu8(x, _mm_srli_si128(x, 4));
  x = _mm_max_epu8(x, _mm_srli_si128(x, 2));
  x = _mm_max_epu8(x, _mm_srli_si128(x, 1));
  return _mm_cvtsi128_si32(x) & 0xFF;
}

/// Kept of each tile's changed hand, by tile (kMaxTileKinds entries).
using KeptByTile = std::array<int, kMaxTileKinds>;

/// The standard form (M melds and the pair, kept rows at overflow 0) of the hands that hold one
/// copy more (`delta` +1) or one less (-1) of each kind in `tiles`: the most naturals each keeps
/// into `kept` (negative where no target fits), and the hand's own kept as the result. For each
/// suit, every other suit is combined once (from the combinations of the suits before it and of
/// those after it), then each changed key's row against that rest in the one cell of M melds and
/// the pair.
template <int M>
int melds_kept_changed(const Plan& plan, const ShantenHand& sh, TileMask tiles, int delta,
                       KeptByTile& kept) {
  constexpr std::size_t kPairLane = kTableMaxMelds + 1;
  const std::size_t n = sh.row_count;
  // The changed keys' rows lie far apart in a table of megabytes: all are fetched first, and
  // arrive while the rest rows are combined.
  const auto& tables = plan.kept();
  std::array<const std::int8_t*, kMaxTileKinds> changed_rows{};
  for (const int t : set_bits(tiles)) {
    const std::size_t s = plan.suit_of[t];
    const std::uint32_t step = plan.suits[s].steps[plan.rank_of[t]];
    const std::uint32_t key = delta > 0 ? sh.view.keys[s] + step : sh.view.keys[s] - step;
    changed_rows[static_cast<std::size_t>(t)] = tables[s] + std::size_t{key} * kKeptStride;
    prefetch(changed_rows[static_cast<std::size_t>(t)]);
  }
  // (max, +)'s identity: kept 0 with no meld and no pair, "none" in every other cell.
  const __m128i identity = _mm_cvtsi32_si128(kKeptBias);
  struct Combined {
    __m128i lanes;
  };
  std::array<Combined, kMaxPlanSuits + 1> before{};  // before[s]: suits 0 .. s-1 combined
  std::array<Combined, kMaxPlanSuits + 1> after{};   // after[s]: suits s .. n-1 combined
  before[0].lanes = identity;
  for (std::size_t s = 0; s < n; ++s) {
    before[s + 1].lanes = combine_rows<M>(before[s].lanes, load_kept_row(sh.rows[s]));
  }
  after[n].lanes = identity;
  for (std::size_t s = n; s-- > 0;) {
    after[s].lanes = combine_rows<M>(after[s + 1].lanes, load_kept_row(sh.rows[s]));
  }
  alignas(16) std::array<std::uint8_t, 16> lanes{};
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes.data()), before[n].lanes);
  const int own = lanes[kPairLane + M] - kKeptBias;
  for (std::size_t s = 0; s < n; ++s) {
    const TileMask in_suit = tiles & plan.suit_masks[s];
    if (in_suit == 0) continue;
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes.data()),
                    combine_rows<M>(before[s].lanes, after[s + 1].lanes));
    // The rest's cells facing the row's: row cell (no pair, k) meets the rest's (pair, M - k),
    // row cell (pair, k) the rest's (no pair, M - k); every other lane 0 ("none").
    alignas(16) std::array<std::uint8_t, 16> facing{};
    for (std::size_t k = 0; k <= M; ++k) {
      facing[k] = lanes[kPairLane + M - k];
      facing[kPairLane + k] = lanes[M - k];
    }
    const __m128i rest = _mm_load_si128(reinterpret_cast<const __m128i*>(facing.data()));
    for (const int t : set_bits(in_suit)) {
      // Both biased: a sum of two real cells is at least 2 * kKeptBias; one through a "none"
      // (or a lane past the cells) stays below it, and no sum reaches 255.
      const __m128i sum =
          _mm_adds_epu8(rest, load_kept_row(changed_rows[static_cast<std::size_t>(t)]));
      kept[static_cast<std::size_t>(t)] = horizontal_max(sum) - 2 * kKeptBias;
    }
  }
  return own;
}

/// melds_kept_changed for a meld count known at run time.
int melds_kept_changed_of(int melds, const Plan& plan, const ShantenHand& sh, TileMask tiles,
                          int delta, KeptByTile& kept) {
  static_assert(kTableMaxMelds == 5, "one case per meld count");
  switch (melds) {
    case 0:
      return melds_kept_changed<0>(plan, sh, tiles, delta, kept);
    case 1:
      return melds_kept_changed<1>(plan, sh, tiles, delta, kept);
    case 2:
      return melds_kept_changed<2>(plan, sh, tiles, delta, kept);
    case 3:
      return melds_kept_changed<3>(plan, sh, tiles, delta, kept);
    case 4:
      return melds_kept_changed<4>(plan, sh, tiles, delta, kept);
    default:
      return melds_kept_changed<5>(plan, sh, tiles, delta, kept);
  }
}

/// The standard form's improving draws: those that keep one natural more than the hand.
TileMask melds_gains(const Plan& plan, const ShantenHand& sh, TileMask candidates) {
  KeptByTile kept{};
  const int own = melds_kept_changed_of((sh.target - 2) / 3, plan, sh, candidates, +1, kept);
  TileMask gains = 0;
  for (const int t : set_bits(candidates)) {
    if (kept[static_cast<std::size_t>(t)] > own) gains |= tile_bit(static_cast<TileId>(t));
  }
  return gains;
}

#endif

/// The pairs form's improving draws (no pung beside the pairs): the form prices only the full
/// pairs and the singles, and a draw changes them by the count it joins.
TileMask pairs_gains(const FormSpec& form, const ShantenHand& sh, int usable, int cost,
                     TileMask candidates) {
  const PairCounts counts = pair_counts(form, sh.view, nullptr);
  const int pairs = form.pairs;
  const auto cost_of = [&](int twos, int ones) {
    const int full = std::min(pairs, twos);
    return 2 * pairs - 2 * full - std::min(pairs - full, ones) - usable;
  };
  const bool single_lowers = cost_of(counts.twos, counts.ones + 1) < cost;
  const bool pair_lowers = cost_of(counts.twos + 1, counts.ones - 1) < cost;
  // By the count held before the draw: 0 makes a single, 1 a pair; 2 and 3 make a single and a
  // second pair when four of a kind is two pairs, and nothing otherwise.
  const std::array<bool, 4> lowers{single_lowers, pair_lowers,
                                   form.four_as_two_pairs && single_lowers,
                                   form.four_as_two_pairs && pair_lowers};
  TileMask gains = 0;
  for (const int t : set_bits(candidates)) {
    const int held = sh.view.counts[static_cast<std::size_t>(t)];
    if (held < 4 && lowers[static_cast<std::size_t>(held)]) {
      gains |= tile_bit(static_cast<TileId>(t));
    }
  }
  return gains;
}

/// The set form's improving draws: a set tile not held, or a second copy while none is doubled.
TileMask set_gains(const FormPlan& fp, const ShantenHand& sh, TileMask candidates) {
  TileMask held = 0;
  bool doubled = false;
  for (const int t : set_bits(fp.set)) {
    const int count = sh.view.counts[static_cast<std::size_t>(t)];
    if (count > 0) held |= tile_bit(static_cast<TileId>(t));
    doubled = doubled || count > 1;
  }
  const TileMask gains = doubled ? fp.set & ~held : fp.set;
  return gains & candidates;
}

/// Any form's improving draws, each draw priced as a hand of its own; false when the tables do
/// not model one of them.
bool drawn_gains(const Plan& plan, const Hand& hand, const FormPlan& fp, int cost,
                 TileMask candidates, TileMask& gains) {
  for (const int t : set_bits(candidates)) {
    Hand drawn = hand;
    ++drawn.counts[static_cast<std::size_t>(t)];
    ShantenHand sh;
    if (!shanten_hand(plan, drawn, sh)) return false;
    const int drawn_cost = form_cost(plan, drawn, fp, sh);
    if (drawn_cost == kDeclined) return false;
    if (drawn_cost < cost) gains |= tile_bit(static_cast<TileId>(t));
  }
  return true;
}

/// One form's improving draws (the form at the hand's least exchanges `cost`); false when the
/// tables do not model them.
bool form_gains(const Plan& plan, const Hand& hand, const FormPlan& fp, const ShantenHand& sh,
                int cost, TileMask candidates, TileMask& gains) {
  const FormSpec& form = fp.spec;
  const int usable = usable_wildcards(plan, form, sh.view.wildcards);
  switch (form.type) {
#if defined(__SSE2__)
    case FormType::melds:
      // With overflow rows in play the kept is a best over splits of the wildcards: priced per
      // draw below.
      if (usable == 0 || plan.capped) {
        gains |= melds_gains(plan, sh, candidates);
        return true;
      }
      break;
#endif
    case FormType::pairs:
      if (form.pungs == 0) {
        gains |= pairs_gains(form, sh, usable, cost, candidates);
        return true;
      }
      break;
    case FormType::set:
      gains |= set_gains(fp, sh, candidates);
      return true;
    default:
      break;
  }
  return drawn_gains(plan, hand, fp, cost, candidates & ~gains, gains);
}

// Discards: the hand less one copy of each natural kind it holds. The target keeps its size
// (3n+2 tiles price a complete hand; 3n+1 the hand and a draw), so each form's exchanges move
// by the kept alone.

/// Exchanges of each discard's hand, by tile (kMaxTileKinds entries).
using CostByTile = std::array<int, kMaxTileKinds>;

/// The standard form's exchanges after each discard of `held`.
void melds_discards(const Plan& plan, const ShantenHand& sh, int usable, TileMask held,
                    CostByTile& cost) {
  const int target = sh.target;
  if (target < 2 || (target - 2) % 3 != 0 || sh.row_count == 0) {
    for (const int t : set_bits(held)) cost[static_cast<std::size_t>(t)] = kNoShanten;
    return;
  }
  KeptByTile kept{};
  static_cast<void>(melds_kept_changed_of((target - 2) / 3, plan, sh, held, -1, kept));
  for (const int t : set_bits(held)) {
    const int k = kept[static_cast<std::size_t>(t)];
    cost[static_cast<std::size_t>(t)] = k < 0 ? kNoShanten : target - k - usable;
  }
}

/// The pairs form's exchanges after each discard (no pung beside the pairs), by the count the
/// tile leaves: a single gone from 1 (and from 3 when four of a kind is two pairs), a pair
/// broken into a single from 2 (and from 4), nothing otherwise.
void pairs_discards(const FormSpec& form, const ShantenHand& sh, int usable, TileMask held,
                    CostByTile& cost) {
  const PairCounts counts = pair_counts(form, sh.view, nullptr);
  const int pairs = form.pairs;
  const auto cost_of = [&](int twos, int ones) {
    const int full = std::min(pairs, twos);
    return 2 * pairs - 2 * full - std::min(pairs - full, ones) - usable;
  };
  const int single_gone = cost_of(counts.twos, counts.ones - 1);
  const int pair_broken = cost_of(counts.twos - 1, counts.ones + 1);
  const int unchanged = cost_of(counts.twos, counts.ones);
  const bool four = form.four_as_two_pairs;
  const std::array<int, 5> by_count{unchanged, single_gone, pair_broken,
                                    four ? single_gone : unchanged, four ? pair_broken : unchanged};
  for (const int t : set_bits(held)) {
    const std::size_t count = std::min<std::size_t>(sh.view.counts[static_cast<std::size_t>(t)], 4);
    cost[static_cast<std::size_t>(t)] = by_count[count];
  }
}

/// The set form's exchanges after each discard: a set tile held once leaves the set short of it,
/// one held twice may leave no tile doubled.
void set_discards(const FormPlan& fp, const ShantenHand& sh, int usable, TileMask held,
                  CostByTile& cost) {
  int missing = fp.set_size;
  int doubled = 0;
  for (const int t : set_bits(fp.set)) {
    const int count = sh.view.counts[static_cast<std::size_t>(t)];
    missing -= count > 0 ? 1 : 0;
    doubled += count > 1 ? 1 : 0;
  }
  const auto cost_of = [&](int lacking, int doubles) {
    return lacking + (doubles > 0 ? 0 : 1) - usable;
  };
  for (const int t : set_bits(held)) {
    const int count = sh.view.counts[static_cast<std::size_t>(t)];
    int price = cost_of(missing, doubled);
    if ((fp.set & tile_bit(static_cast<TileId>(t))) != 0 && count == 1) {
      price = cost_of(missing + 1, doubled);
    } else if ((fp.set & tile_bit(static_cast<TileId>(t))) != 0 && count == 2) {
      price = cost_of(missing, doubled - 1);
    }
    cost[static_cast<std::size_t>(t)] = price;
  }
}

/// Any form's exchanges after each discard, each hand priced as a hand of its own; false when
/// the tables do not model one of them.
bool discarded_costs(const Plan& plan, const Hand& hand, const FormPlan& fp, TileMask held,
                     CostByTile& cost) {
  for (const int t : set_bits(held)) {
    Hand less = hand;
    --less.counts[static_cast<std::size_t>(t)];
    ShantenHand sh;
    if (!shanten_hand(plan, less, sh)) return false;
    const int price = form_cost(plan, less, fp, sh);
    if (price == kDeclined) return false;
    cost[static_cast<std::size_t>(t)] = price;
  }
  return true;
}

/// One form's exchanges after each discard of `held`; false when the tables do not model them.
bool form_discards(const Plan& plan, const Hand& hand, const FormPlan& fp, const ShantenHand& sh,
                   TileMask held, CostByTile& cost) {
  const FormSpec& form = fp.spec;
  const int usable = usable_wildcards(plan, form, sh.view.wildcards);
  const bool whole_hand = form.hand_tiles == sh.target && hand.meld_count == 0;
  switch (form.type) {
#if defined(__SSE2__)
    case FormType::melds:
      if (usable == 0 || plan.capped) {
        melds_discards(plan, sh, usable, held, cost);
        return true;
      }
      break;
#endif
    case FormType::pairs:
      if (!whole_hand || form.pungs == 0) {
        if (whole_hand) {
          pairs_discards(form, sh, usable, held, cost);
        } else {
          for (const int t : set_bits(held)) cost[static_cast<std::size_t>(t)] = kNoShanten;
        }
        return true;
      }
      break;
    case FormType::set:
      if (whole_hand) {
        set_discards(fp, sh, usable, held, cost);
      } else {
        for (const int t : set_bits(held)) cost[static_cast<std::size_t>(t)] = kNoShanten;
      }
      return true;
    default:
      break;
  }
  return discarded_costs(plan, hand, fp, held, cost);
}

}  // namespace

Answer fast_improving(const QueryPlan& plan, const Hand& hand, int& shanten, TileMask& gains) {
  // Under missing_suits the least is over choices of lacked suits: the search answers.
  if (plan.missing_suits != 0 || plan.forms.size() > 32) return Answer::unknown;
  ShantenHand sh;
  if (!shanten_hand(plan, hand, sh) || sh.view.size % 3 != 1) return Answer::unknown;
  std::array<int, 32> costs{};
  int least = kNoShanten;
  for (std::size_t i = 0; i < plan.forms.size(); ++i) {
    costs[i] = form_cost(plan, hand, plan.forms[i], sh);
    if (costs[i] == kDeclined) return Answer::unknown;
    least = std::min(least, costs[i]);
  }
  if (least >= kNoShanten) return Answer::unknown;  // no form at all: the search throws
  const TileMask candidates = drawable_tiles(plan, sh.view);
  gains = 0;
  for (std::size_t i = 0; i < plan.forms.size(); ++i) {
    if (costs[i] != least) continue;
    if (!form_gains(plan, hand, plan.forms[i], sh, least, candidates, gains)) {
      return Answer::unknown;
    }
  }
  shanten = least - 1;
  return Answer::yes;
}

Answer fast_discards(const QueryPlan& plan, const Hand& hand,
                     std::array<int, kMaxTileKinds>& shanten) {
  if (plan.missing_suits != 0 || plan.forms.size() > 32) return Answer::unknown;
  ShantenHand sh;
  if (!shanten_hand(plan, hand, sh) || sh.view.size % 3 != 2) return Answer::unknown;
  TileMask held = 0;
  for (const int t : set_bits(plan.meldable_mask)) {
    if (sh.view.counts[static_cast<std::size_t>(t)] > 0) held |= tile_bit(static_cast<TileId>(t));
  }
  CostByTile least{};
  least.fill(kNoShanten);
  CostByTile cost{};
  for (const FormPlan& fp : plan.forms) {
    if (!form_discards(plan, hand, fp, sh, held, cost)) return Answer::unknown;
    for (const int t : set_bits(held)) {
      const auto i = static_cast<std::size_t>(t);
      least[i] = std::min(least[i], cost[i]);
    }
  }
  shanten.fill(kNoShanten);
  for (const int t : set_bits(held)) {
    const auto i = static_cast<std::size_t>(t);
    // No form at all for a hand left: the search's error, through the caller's fallback.
    if (least[i] >= kNoShanten) return Answer::unknown;
    shanten[i] = least[i] - 1;
  }
  return Answer::yes;
}

}  // namespace meldgraph::detail

namespace meldgraph {

using detail::Answer;

TileMask improving_mask(const RuleSet& rules, const Hand& hand, int* shanten) {
  TileMask gains = 0;
  int before = 0;
  if (detail::fast_improving(detail::query_plan(rules), hand, before, gains) == Answer::yes) {
    if (shanten != nullptr) *shanten = before;
    return gains;
  }
  if (hand.size(rules) % 3 == 1 && answered_by_tables(rules, hand, Query::shanten)) {
    // What the one pass does not price (lacked suits, overflow, some forms): each draw priced
    // as a hand of its own.
    before = shanten_number(rules, hand);
    const TileCounts held = hand.held_counts();
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if ((hand.wild_tiles & tile_bit(t)) != 0) continue;  // drawing a wild tile draws a wildcard
      if (held[t] >= rules.tile(t).copies) continue;       // cannot be drawn
      Hand drawn = hand;
      ++drawn.counts[t];
      if (shanten_number(rules, drawn) < before) gains |= tile_bit(t);
    }
    if (shanten != nullptr) *shanten = before;
    return gains;
  }
  // The search, or its error.
  for (const Improvement& tile : improving_tiles(rules, hand, nullptr)) {
    gains |= tile_bit(tile.tile);
  }
  if (shanten != nullptr) *shanten = shanten_number(rules, hand);
  return gains;
}

void discard_shanten(const RuleSet& rules, const Hand& hand,
                     std::array<int, kMaxTileKinds>& shanten) {
  if (detail::fast_discards(detail::query_plan(rules), hand, shanten) == Answer::yes) return;
  shanten.fill(kNoShanten);
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if (hand.counts[t] == 0 || (hand.wild_tiles & tile_bit(t)) != 0) continue;
    Hand less = hand;
    --less.counts[t];
    shanten[t] = shanten_number(rules, less);
  }
}

}  // namespace meldgraph
