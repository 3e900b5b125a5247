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

/// The standard form's improving draws (M melds and the pair, kept rows at overflow 0): for each
/// suit, every other suit combined once (from the combinations of the suits before it and of
/// those after it), then each drawn key's row against that rest in the one cell of M melds and
/// the pair. A draw improves when it keeps one natural more than the hand keeps now.
template <int M>
TileMask melds_gains(const Plan& plan, const ShantenHand& sh, TileMask candidates) {
  constexpr std::size_t kPairLane = kTableMaxMelds + 1;
  const std::size_t n = sh.row_count;
  // The drawn keys' rows lie far apart in a table of megabytes: all are fetched first, and
  // arrive while the rest rows are combined.
  const auto& tables = plan.kept();
  std::array<const std::int8_t*, kMaxTileKinds> drawn_rows{};
  for (const int t : set_bits(candidates)) {
    const std::size_t s = plan.suit_of[t];
    const std::uint32_t key = sh.view.keys[s] + plan.suits[s].steps[plan.rank_of[t]];
    drawn_rows[static_cast<std::size_t>(t)] = tables[s] + std::size_t{key} * kKeptStride;
    prefetch(drawn_rows[static_cast<std::size_t>(t)]);
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
  const int kept = lanes[kPairLane + M];  // biased
  TileMask gains = 0;
  for (std::size_t s = 0; s < n; ++s) {
    const TileMask in_suit = candidates & plan.suit_masks[s];
    if (in_suit == 0) continue;
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes.data()),
                    combine_rows<M>(before[s].lanes, after[s + 1].lanes));
    for (const int t : set_bits(in_suit)) {
      const std::int8_t* row = drawn_rows[static_cast<std::size_t>(t)];
      // Biased rest plus the raw row: biased once, below kKeptBias through a "none".
      int drawn = 0;
      for (std::size_t k = 0; k <= M; ++k) {
        drawn = std::max(drawn, lanes[M - k] + row[kPairLane + k]);
        drawn = std::max(drawn, lanes[kPairLane + M - k] + row[k]);
      }
      if (drawn > kept) gains |= tile_bit(static_cast<TileId>(t));
    }
  }
  return gains;
}

/// melds_gains for a meld count known at run time.
TileMask melds_gains_of(int melds, const Plan& plan, const ShantenHand& sh, TileMask candidates) {
  static_assert(kTableMaxMelds == 5, "one case per meld count");
  switch (melds) {
    case 0:
      return melds_gains<0>(plan, sh, candidates);
    case 1:
      return melds_gains<1>(plan, sh, candidates);
    case 2:
      return melds_gains<2>(plan, sh, candidates);
    case 3:
      return melds_gains<3>(plan, sh, candidates);
    case 4:
      return melds_gains<4>(plan, sh, candidates);
    default:
      return melds_gains<5>(plan, sh, candidates);
  }
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
        gains |= melds_gains_of((sh.target - 2) / 3, plan, sh, candidates);
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
  for (const Improvement& tile : improving_tiles(rules, hand, nullptr))
    gains |= tile_bit(tile.tile);
  if (shanten != nullptr) *shanten = shanten_number(rules, hand);
  return gains;
}

}  // namespace meldgraph
