/// shanten_number and form_shanten from the tables. With U usable wildcards the exchanges of a
/// target W are |W| - kept - U (a wildcard fills any slot; the definition's only limit
/// (shanten/shanten.cpp) is that slots beyond a tile's copies, "overflow", are wildcards, at most
/// U, none when capped). The most naturals a target of M melds and one pair keeps is the best split
/// of (melds, pair) over the suits of kept(suit, m, p) (SuitTables::kept, combined by (max, +) in
/// SSE2 lanes), with overflow rows (OverflowKept) for the rare keys that keep more beyond the
/// copies; the shanten is 3M + 2 - kept - U - 1. The pairs and set forms are priced by word-wide
/// counts, the knitted form per class assignment from the kept rows, singles by SpecialForm.

#include <algorithm>
#include <array>
#include <bit>
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

/// The hand checks of the shanten fast path; false: the search answers.
bool shanten_hand(const Plan& plan, const Hand& hand, ShantenHand& out) {
  if (!plan.shanten_ok || plan.forms.size() > 32) return false;
  if (hand.meld_count != 0) return false;
  if (plan.missing_suits != 0 && plan.exclusions.empty()) return false;
  make_view(plan, hand, out.view);
  const View& view = out.view;
  // A wild meldable kind has no natural copy to keep: its slots are wildcard-only, which the
  // kept tables (natural limit = copies) do not model.
  if (view.wild_meldable) return false;
  if (plan.restricted && view.wildcards != 0) return false;
  if (view.size < 1 || view.size > plan.hand_tiles || view.size % 3 == 0) return false;
  out.target = view.concealed + (view.size % 3 == 2 ? 0 : 1);
  const auto& tables = plan.kept();
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    out.rows[s] = tables[s] + std::size_t{view.keys[s]} * kKeptStride;
    prefetch(out.rows[s]);
  }
  out.row_count = plan.suit_count;
  return true;
}

namespace {

/// Most naturals the standard form keeps when up to `usable` slots may lie beyond the copies
/// (exceed_copies: a held wildcard fills each), kDeclined when some suit's overflow rows are not
/// built. Overflow adds up over the suits, so this is the best over every split of `usable`
/// among the suits whose key gains from it (rare: a tile held four times, see OverflowKept);
/// the other suits keep their overflow-0 row at any overflow. `base` and `keys`: the suits'
/// overflow-0 rows (by sh's row order) and keys (by plan suit), sh.rows and sh.view.keys but
/// for the knitted form's rest.
int overflow_melds_kept(const Plan& plan, const ShantenHand& sh, const KeptRows& base,
                        const std::array<std::uint32_t, kMaxPlanSuits>& keys, int melds,
                        int usable) {
  const auto& tables = plan.overflow();
  const std::size_t n = sh.row_count;
  std::array<const std::int8_t*, kMaxPlanSuits> gain_rows{};
  std::array<std::size_t, kMaxPlanSuits> gain_suit{};  // index into sh.rows
  std::array<int, kMaxPlanSuits> depth{};
  std::size_t gains = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t s = sh.exclusion != nullptr ? sh.row_suit[i] : i;
    const OverflowKept& table = *tables[s];
    if (!table.available) return kDeclined;
    if (table.depth == 0) continue;
    const std::int8_t* rows = table.rows_of(keys[s]);
    if (rows == nullptr) continue;
    gain_rows[gains] = rows;
    gain_suit[gains] = i;
    depth[gains] = std::min(table.depth, usable);
    ++gains;
  }
  if (gains == 0) return melds_kept_of(melds, base, n);
  // Every split (o_0, ..., o_{gains-1}) with o_i <= depth_i and sum <= usable, by an odometer.
  std::array<int, kMaxPlanSuits> split{};
  KeptRows rows = base;
  int best = kKeptNone;
  while (true) {
    int total = 0;
    for (std::size_t g = 0; g < gains; ++g) {
      total += split[g];
      rows[gain_suit[g]] =
          split[g] == 0 ? base[gain_suit[g]]
                        : gain_rows[g] + static_cast<std::size_t>(split[g] - 1) * kKeptStride;
    }
    if (total <= usable) best = std::max(best, melds_kept_of(melds, rows, n));
    std::size_t g = 0;
    while (g < gains && split[g] == depth[g]) split[g++] = 0;
    if (g == gains) break;
    ++split[g];
  }
  return best;
}

}  // namespace

/// Wildcards a form may use in a target: none for `wildcards: false`, at most max_in_win.
int usable_wildcards(const Plan& plan, const FormSpec& form, int wildcards) {
  if (!form.wildcards) return 0;
  return plan.max_in_win == 0 ? wildcards : std::min(wildcards, plan.max_in_win);
}

namespace {

/// Most naturals the rest of the knit keeps, one pair and `melds` (0 or 1) melds, from one kept
/// row per suit (overflow 0): the meld and the pair in one suit, or in two (scalar, as the
/// (max, +) combination of melds_kept_of: a suit placing nothing keeps 0).
int rest_kept(const KeptRows& rows, std::size_t n, int melds) {
  constexpr std::size_t kPair = kTableMaxMelds + 1;
  int best = kKeptNone;
  if (melds == 0) {
    for (std::size_t s = 0; s < n; ++s) best = std::max(best, static_cast<int>(rows[s][kPair]));
    return best;
  }
  // The best meld-only and pair-only suits, and the runners-up, for the split across suits.
  int meld1 = kKeptNone;
  int meld2 = kKeptNone;
  int pair1 = kKeptNone;
  int pair2 = kKeptNone;
  std::size_t meld_suit = n;
  std::size_t pair_suit = n;
  for (std::size_t s = 0; s < n; ++s) {
    const int meld = rows[s][1];
    const int pair = rows[s][kPair];
    best = std::max(best, static_cast<int>(rows[s][kPair + 1]));
    if (meld > meld1) {
      meld2 = meld1;
      meld1 = meld;
      meld_suit = s;
    } else {
      meld2 = std::max(meld2, meld);
    }
    if (pair > pair1) {
      pair2 = pair1;
      pair1 = pair;
      pair_suit = s;
    } else {
      pair2 = std::max(pair2, pair);
    }
  }
  const int split = meld_suit != pair_suit ? meld1 + pair1 : std::max(meld1 + pair2, meld2 + pair1);
  return std::max(best, split);
}

/// The knit's part of the knitted form's price, per knit suit k and knit class c (147, 258,
/// 369): the copies the knit keeps and the rest's key. From the suit's held ranks (a 9-bit
/// mask; the knit suits are ranks 1-9, so rank r's key step is 5^r).
struct KnitSplit {
  static constexpr std::size_t kClasses = kKnitClasses;
  std::array<std::array<int, kClasses>, kClasses> knit{};
  std::array<std::array<std::uint32_t, kClasses>, kClasses> rest_keys{};
  std::array<std::size_t, kClasses> suit{};  ///< the plan suit of each knit suit
  /// Per assignment p of classes to the knit suits, the copies its knit keeps, and the
  /// assignments by that, most first.
  std::array<int, kKnitAssignments.size()> total{};
  std::array<std::size_t, kKnitAssignments.size()> order{};

  [[nodiscard]] std::size_t class_of(std::size_t p, std::size_t k) const {
    return static_cast<std::size_t>(kKnitAssignments[p][k]);
  }
};

KnitSplit knit_split(const Plan& plan, const FormPlan& fp, const View& view) {
  constexpr std::size_t kClasses = KnitSplit::kClasses;
  constexpr std::size_t kMasks = std::size_t{1} << 9;
  // detail::kRanksByClass[mask]: the held ranks of each class; kSteps[c][mask]: their key steps.
  static constexpr std::array<std::array<std::uint32_t, kMasks>, kClasses> kSteps = [] {
    std::array<std::array<std::uint32_t, kMasks>, kClasses> steps{};
    for (std::size_t m = 0; m < kMasks; ++m) {
      std::uint32_t step = 1;
      for (std::size_t r = 0; r < 9; ++r, step *= 5) {
        if ((m >> r & 1U) != 0) steps[r % 3][m] += step;
      }
    }
    return steps;
  }();
  TileMask one = 0;  // the kinds held
  for (std::size_t w = 0; w < kWords; ++w) {
    one |= gather_high_bits(bytes_at_least(view.word(w), kOnes)) << (8 * w);
  }
  KnitSplit split;
  const auto& first = fp.special.knit_first();
  for (std::size_t k = 0; k < kClasses; ++k) {
    const std::size_t s = plan.suit_of[first[k]];
    split.suit[k] = s;
    const auto ranks = static_cast<std::size_t>((one >> first[k]) & (kMasks - 1));
    for (std::size_t c = 0; c < kClasses; ++c) {
      split.knit[k][c] = (detail::kRanksByClass[ranks] >> (4 * c)) & 15;
      split.rest_keys[k][c] = view.keys[s] - kSteps[c][ranks];
    }
  }
  // By insertion, most first (stable: equal totals keep the assignments' order).
  for (std::size_t p = 0; p < kKnitAssignments.size(); ++p) {
    for (std::size_t k = 0; k < kClasses; ++k) {
      split.total[p] += split.knit[k][split.class_of(p, k)];
    }
    std::size_t i = p;
    for (; i > 0 && split.total[split.order[i - 1]] < split.total[p]; --i) {
      split.order[i] = split.order[i - 1];
    }
    split.order[i] = p;
  }
  return split;
}

/// Exchanges of the knitted form (组合龙), as knitted_exchanges (shanten/knitted_costs.cpp):
/// per assignment of 147/258/369 to the knit suits, the knit keeps one copy of each of its
/// tiles the hand holds, the rest of the target (M melds and the pair) keeps what the kept
/// rows give for the hand less those copies (overflow rows with usable wildcards, uncapped),
/// and the exchanges are target − both − usable. Exact while the rest never asks a knit tile
/// for more than the three copies the knit leaves: four copies and M ≤ 1, where a meld and the
/// pair ask one tile 0, 1, 2, 3 or 5 times, and 5 (a pung and the pair on one tile, overflow)
/// keeps no more than the pung with the pair on another tile. Declined: M ≥ 2 (17-tile
/// targets: a pung and a chow could ask a knit tile four times), `pair_wildcards` other than
/// `any` with usable wildcards (the knit suits' copies are checked by
/// SpecialForm::shanten_modelled).
int knitted_cost(const Plan& plan, const FormPlan& fp, const ShantenHand& sh, int usable) {
  const int rest = sh.target - 3 * kKnitClasses - 2;
  if (rest < 0 || rest % 3 != 0) return kNoShanten;
  const int melds = rest / 3;
  if (melds > 1 || sh.exclusion != nullptr) return kDeclined;
  if (usable > 0 && fp.spec.pair_wildcards != PairWildcards::any) return kDeclined;
  const bool overflow = usable > 0 && !plan.capped;
  const View& view = sh.view;
  const auto& tables = plan.kept();
  const KnitSplit split = knit_split(plan, fp, view);
  const auto row_of = [&](std::size_t p, std::size_t k) {
    return tables[split.suit[k]] +
           std::size_t{split.rest_keys[k][split.class_of(p, k)]} * kKeptStride;
  };
  // The bound below ends the loop early (on random mcr hands after 1.4 assignments on average:
  // only the first two are prefetched).
  for (std::size_t k = 0; k < KnitSplit::kClasses; ++k) {
    prefetch(row_of(split.order[0], k));
    prefetch(row_of(split.order[1], k));
  }
  // The whole hand's kept bounds the rest's under every assignment (fewer tiles keep less).
  const int bound = overflow ? overflow_melds_kept(plan, sh, sh.rows, view.keys, melds, usable)
                             : rest_kept(sh.rows, sh.row_count, melds);
  if (bound == kDeclined) return kDeclined;
  if (bound < 0) return kNoShanten;
  int best = kKeptNone;
  for (const std::size_t p : split.order) {
    if (split.total[p] + bound <= best) break;
    KeptRows rows = sh.rows;
    for (std::size_t k = 0; k < KnitSplit::kClasses; ++k) rows[split.suit[k]] = row_of(p, k);
    int kept = 0;
    if (overflow) {
      std::array<std::uint32_t, kMaxPlanSuits> keys = view.keys;
      for (std::size_t k = 0; k < KnitSplit::kClasses; ++k) {
        keys[split.suit[k]] = split.rest_keys[k][split.class_of(p, k)];
      }
      kept = overflow_melds_kept(plan, sh, rows, keys, melds, usable);
    } else {
      kept = rest_kept(rows, sh.row_count, melds);
    }
    if (kept == kDeclined) return kDeclined;
    if (kept >= 0) best = std::max(best, split.total[p] + kept);
  }
  if (best < 0) return kNoShanten;
  return sh.target - best - usable;
}

/// Exchanges of a pairs form with one pung beside the pairs (taiwan's 嚦咕嚦咕: seven pairs and
/// a pung), or kDeclined. Without usable wildcards a target holds the pung and the pairs on
/// distinct kinds (a pung and a pair of one kind would be five copies), so it keeps min(3, n) of
/// the pung's kind and, of every other kind, what its pairs keep: min(2, n) for one pair, or
/// with four of a kind as two pairs n's pairs and a single toward one more. The pung goes on a
/// kind held 4, 3, 2, 1 or 0 times (the best of each count is alike), and the pairs take the
/// best of the other kinds: full pairs first, then singles (fresh kinds abound, form_support).
/// With usable wildcards a slot beyond the copies could put both on one kind: the search
/// answers.
int pairs_and_pung_cost(const FormSpec& form, const View& view, const ShantenHand& sh, int usable) {
  if (usable != 0 || sh.exclusion != nullptr || form.pungs != 1) return kDeclined;
  const Tally counts = tally(view);
  const std::array<int, 5>& by = counts.by_count;
  const int pairs = form.pairs;
  const auto pairs_kept = [pairs](int full_pairs, int singles) {
    const int full = std::min(pairs, full_pairs);
    return 2 * full + std::min(pairs - full, singles);
  };
  // Full pairs and singles of each count when no pung takes the kind.
  const bool split = form.four_as_two_pairs;
  const std::array<int, 5> full_of = {0, 0, 1, 1, split ? 2 : 1};
  const std::array<int, 5> single_of = {0, 1, 0, split ? 1 : 0, 0};
  int full_pairs = 0;
  int singles = 0;
  for (std::size_t n = 1; n <= 4; ++n) {
    full_pairs += by[n] * full_of[n];
    singles += by[n] * single_of[n];
  }
  int kept = pairs_kept(full_pairs, singles);  // the pung on a fresh kind
  for (std::size_t n = 1; n <= 4; ++n) {
    if (by[n] == 0) continue;
    kept = std::max(kept, std::min(3, static_cast<int>(n)) +
                              pairs_kept(full_pairs - full_of[n], singles - single_of[n]));
  }
  return sh.target - kept;
}

/// Exchanges of a `wildcards` form: the draws to its size, and at least the wildcards it lacks
/// (kNoShanten when the rule set's wildcards cannot reach its count).
int wildcards_cost(const Plan& plan, const Hand& hand, const FormSpec& form,
                   const ShantenHand& sh) {
  int supply = plan.jokers;
  for (const int t : set_bits(hand.wild_tiles)) supply += plan.copies[static_cast<std::size_t>(t)];
  if (form.count > sh.target || supply < form.count) return kNoShanten;
  return std::max(sh.target - sh.view.concealed, form.count - sh.view.wildcards);
}

/// Exchanges of the standard form (melds and one pair): the kept rows combined, with the
/// overflow rows when usable wildcards may stand beyond the copies.
int melds_cost(const Plan& plan, const ShantenHand& sh, int usable) {
  const int target = sh.target;
  if (target < 2 || (target - 2) % 3 != 0) return kNoShanten;
  const int melds = (target - 2) / 3;
  int kept = kKeptNone;  // stays so when every suit is lacked: not even the pair fits
  if (sh.row_count != 0 && (usable == 0 || plan.capped)) {
    kept = melds_kept_of(melds, sh.rows, sh.row_count);
  } else if (sh.row_count != 0) {
    kept = overflow_melds_kept(plan, sh, sh.rows, sh.view.keys, melds, usable);
    if (kept == kDeclined) return kDeclined;
  }
  if (kept < 0) return kNoShanten;
  return target - kept - usable;
}

}  // namespace

PairCounts pair_counts(const FormSpec& form, const View& view, const std::uint64_t* keep) {
  PairCounts result;
  if (form.four_as_two_pairs) {
    // Pairs are the counts halved, singles the odd counts: (naturals - odd) / 2 and odd.
    int naturals = view.concealed - view.wildcards;
    int odd = view.odd;
    if (keep != nullptr) {
      std::uint64_t sum = 0;
      std::uint64_t odd_bytes = 0;
      for (std::size_t w = 0; w < kWords; ++w) {
        const std::uint64_t x = view.word(w) & keep[w];
        sum += x;
        odd_bytes += x & kOnes;
      }
      naturals = byte_sum(sum);
      odd = byte_sum(odd_bytes);
    }
    result.twos = (naturals - odd) / 2;
    result.ones = odd;
    return result;
  }
  // One full pair from a count of 2 to 4 (bit 1 or bit 2 set), a single from a count of 1.
  std::uint64_t at_least_two = 0;
  std::uint64_t single = 0;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = keep != nullptr ? view.word(w) & keep[w] : view.word(w);
    const std::uint64_t high = ((x >> 1) | (x >> 2)) & kOnes;  // counts 2..4
    at_least_two += high;
    single += x & kOnes & ~high;
  }
  result.twos = byte_sum(at_least_two);
  result.ones = byte_sum(single);
  return result;
}

namespace {

/// Exchanges of a pairs form. Kept: a full pair from each kind of two copies or more (two from
/// four, when four of a kind is two pairs), then one tile from each single, up to the pairs.
/// Exact when the kinds a target may use (all of four copies, form_support) are at least the
/// pairs: the kinds held are at most twos + ones, so the pairs left over always find fresh
/// kinds.
int pairs_cost(const FormSpec& form, const ShantenHand& sh, int usable) {
  if (form.pungs != 0) return pairs_and_pung_cost(form, sh.view, sh, usable);
  const std::uint64_t* keep = sh.exclusion != nullptr ? sh.exclusion->keep.data() : nullptr;
  if (keep != nullptr && sh.exclusion->kinds < form.pairs) return kDeclined;
  const PairCounts counts = pair_counts(form, sh.view, keep);
  const int pairs = form.pairs;
  const int full = std::min(pairs, counts.twos);
  return 2 * pairs - 2 * full - std::min(pairs - full, counts.ones) - usable;
}

/// Exchanges of a set form (thirteen orphans). Kept: one of each set tile held, and a second
/// of one held twice or more.
int set_cost(const FormPlan& fp, const ShantenHand& sh, int usable) {
  // A lacked suit holds no target tile: a set touching it cannot complete.
  if (sh.exclusion != nullptr && (fp.set & sh.exclusion->tiles) != 0) return kNoShanten;
  std::uint64_t held = 0;     // one per set tile held: bit 0 of each byte
  std::uint64_t doubled = 0;  // bit 0 of each set tile's byte held twice or more
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = sh.view.word(w);
    held += (x | (x >> 1) | (x >> 2)) & fp.set_ones[w];
    doubled |= ((x >> 1) | (x >> 2)) & fp.set_ones[w];
  }
  const int missing = fp.set_size - byte_sum(held);
  return missing + (doubled != 0 ? 0 : 1) - usable;
}

}  // namespace

/// Exchanges (shanten + 1) of one modelled form, kNoShanten where it cannot apply or complete,
/// kDeclined where the tables do not model this hand.
///
/// With U usable wildcards, every slot of a target the naturals held do not fill is a draw or a
/// wildcard, so the exchanges are (target size - naturals kept) - U. The wildcards fill any slot;
/// the only limit is the definition's (shanten/shanten.cpp): slots beyond a tile's copies
/// (overflow) are wildcards, at most U of them, and none at all with capped copies. The pairs
/// and set forms never gain from overflow (a tile keeps at most its copies, which two pairs or
/// the set's one or two copies already reach, and fresh kinds abound), so their kept is the
/// natural one; the melds form reads the overflow rows.
int form_cost(const Plan& plan, const Hand& hand, const FormPlan& fp, const ShantenHand& sh) {
  const FormSpec& form = fp.spec;
  // The whole-hand forms (pairs, set, singles) apply to a concealed hand of their size only.
  const bool whole_hand = form.hand_tiles == sh.target && hand.meld_count == 0;
  const int usable = usable_wildcards(plan, form, sh.view.wildcards);
  switch (form.type) {
    case FormType::wildcards:
      return wildcards_cost(plan, hand, form, sh);
    case FormType::melds:
      return melds_cost(plan, sh, usable);
    case FormType::pairs:
      return whole_hand ? pairs_cost(form, sh, usable) : kNoShanten;
    case FormType::set:
      return whole_hand ? set_cost(fp, sh, usable) : kNoShanten;
    case FormType::knitted:
      return knitted_cost(plan, fp, sh, usable);
    case FormType::singles: {
      // SpecialForm::singles_kept says how much a target keeps.
      if (!whole_hand) return kNoShanten;
      if (sh.exclusion != nullptr) return kDeclined;
      const int kept = fp.special.singles_kept(sh.view.counts);
      return kept < 0 ? kNoShanten : sh.target - kept - usable;
    }
    default:
      return kDeclined;
  }
}

namespace {

/// Shanten by form for hands the tables model, each passed to visit(form position, shanten)
/// (kNoShanten where a form does not apply or cannot complete); unknown otherwise, possibly after
/// some visits (the caller then discards them).
template <class Visit>
Answer visit_shanten(const Plan& plan, const Hand& hand, Visit&& visit) {
  ShantenHand sh;
  if (!shanten_hand(plan, hand, sh)) return Answer::unknown;
  bool any = false;
  if (plan.missing_suits == 0) {
    for (std::size_t i = 0; i < plan.forms.size(); ++i) {
      const int cost = form_cost(plan, hand, plan.forms[i], sh);
      if (cost == kDeclined) return Answer::unknown;
      visit(i, cost >= kNoShanten ? kNoShanten : cost - 1);
      any = any || cost < kNoShanten;
    }
    return any ? Answer::yes : Answer::unknown;  // no form at all: the search throws
  }
  // hand.missing_suits: per form, the least over the choices of lacked suits.
  std::array<int, 32> least;
  least.fill(kNoShanten);
  const KeptRows rows = sh.rows;
  for (const Exclusion& ex : plan.exclusions) {
    // A lacked suit places nothing and keeps nothing: it leaves the combination.
    sh.exclusion = &ex;
    sh.row_count = 0;
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      if ((ex.suits >> s & 1U) != 0) continue;
      sh.rows[sh.row_count] = rows[s];
      sh.row_suit[sh.row_count++] = static_cast<std::uint8_t>(s);
    }
    for (std::size_t i = 0; i < plan.forms.size(); ++i) {
      const int cost = form_cost(plan, hand, plan.forms[i], sh);
      if (cost == kDeclined) return Answer::unknown;
      least[i] = std::min(least[i], cost);
    }
  }
  for (std::size_t i = 0; i < plan.forms.size(); ++i) {
    visit(i, least[i] >= kNoShanten ? kNoShanten : least[i] - 1);
    any = any || least[i] < kNoShanten;
  }
  return any ? Answer::yes : Answer::unknown;
}

}  // namespace

Answer fast_shanten(const QueryPlan& plan, const Hand& hand, std::array<int, 32>& by_form) {
  return visit_shanten(plan, hand, [&](std::size_t i, int shanten) { by_form[i] = shanten; });
}

}  // namespace meldgraph::detail

namespace meldgraph {

using detail::Answer;
using detail::FormPlan;
using detail::QueryPlan;

int shanten_number(const RuleSet& rules, const Hand& hand) {
  int best = kNoShanten;
  const auto keep_least = [&best](std::size_t, int shanten) { best = std::min(best, shanten); };
  if (detail::visit_shanten(detail::query_plan(rules), hand, keep_least) == Answer::yes) {
    return best;
  }
  return compute_shanten(rules, hand).shanten;
}

int form_shanten(const RuleSet& rules, const Hand& hand, std::size_t form) {
  const QueryPlan& plan = detail::query_plan(rules);
  // One form priced alone: when it completes, some form applies, so the search would not throw
  // and its entry for this form is this one.
  detail::ShantenHand sh;
  if (plan.missing_suits == 0 && detail::shanten_hand(plan, hand, sh)) {
    for (const FormPlan& fp : plan.forms) {
      if (fp.index != form) continue;
      const int cost = detail::form_cost(plan, hand, fp, sh);
      if (cost != detail::kDeclined && cost < kNoShanten) return cost - 1;
      break;
    }
  }
  std::array<int, 32> by_form{};
  if (detail::fast_shanten(plan, hand, by_form) == Answer::yes) {
    for (std::size_t i = 0; i < plan.forms.size(); ++i) {
      if (plan.forms[i].index == form) return by_form[i];
    }
    return kNoShanten;
  }
  return compute_shanten(rules, hand).of_form(form, kNoShanten);
}

}  // namespace meldgraph
