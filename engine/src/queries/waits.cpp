/// wait_mask from the tables: the standard form's waits read one wait row per suit (the win
/// entries of the key plus each rank, SuitTables::wait_rows) and compare nine entries with the
/// suit's budget at once; the other forms test each drawable tile by counts.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fast_paths.hpp"
#include "hand_view.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "form_tests.hpp"

namespace meldgraph::detail {
namespace {

/// Natural meldable kinds with a copy not held in the concealed hand, by words of counts.
TileMask unfilled_kinds(const Plan& plan, const View& view) {
  TileMask result = 0;
#if defined(__SSE2__)
  // Sixteen kinds a vector: copies > count (signed compare; both are small) as a bit mask.
  for (std::size_t q = 0; q < kWords / 2; ++q) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(view.words.data()) + q);
    const __m128i copies =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(plan.copies_bytes.data()) + q);
    result |= TileMask{static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(copies, x)))}
              << (16 * q);
  }
#else
  for (std::size_t w = 0; w < kWords; ++w) {
    // Wild kinds read as zero here (or as their count); the caller removes them.
    const std::uint64_t x = view.word(w);
    // copies - x - 1 >= 0 exactly where x < copies: the high bit stays set (no byte borrows).
    const std::uint64_t below = ((plan.copies_bytes[w] | kHigh) - x - kOnes) & kHigh;
    result |= gather_high_bits(below) << (8 * w);
  }
#endif
  return result;
}

/// The ranks whose field in a wait row's planes (`low`, `high`: bits 0 and 1 of the field, by
/// rank) is at most t, for t in -1..2, without branches.
unsigned ranks_at_most(unsigned low, unsigned high, int t) {
  const unsigned not_low = ~low;
  const unsigned not_high = ~high;
  const unsigned at0 = 0U - static_cast<unsigned>(t == 0);
  const unsigned at1 = 0U - static_cast<unsigned>(t == 1);
  const unsigned at2 = 0U - static_cast<unsigned>(t == 2);
  return ((not_low & not_high & at0) | (not_high & at1) | ((not_low | not_high) & at2)) & 0x1FFU;
}

/// The largest multiple count k of three with residue + 3k <= budget (budget at most
/// kPackedMaxWildcards), or -1 when even the residue is over it: the most threes a packed field
/// may hold and complete.
int threes_within(int budget, int residue) {
  // room / 3 for room in 0..8 is (room * 11) >> 5; a negative room is -1 (any budget below
  // -16 reads the same).
  const int room = std::max(budget - residue, -16);
  return room < 0 ? -1 : (room * 11) >> 5;
}

/// The standard form's waits from the wait rows, for at most kPackedMaxWildcards wildcards:
/// the suits' own entries give the budgets (wait_budgets), and each suit's planes the ranks
/// whose draw keeps within them.
TileMask melds_waits(const Plan& plan, const View& view, int wildcards, TileMask allowed) {
  static_assert(kMaxBudgetSuits >= kMaxPlanSuits, "one budget per suit");
  const auto& rows = plan.wait_rows();
  const std::size_t count = plan.suit_count;
  std::array<std::uint64_t, kMaxPlanSuits> row{};
  std::array<std::uint8_t, kMaxBudgetSuits> entries{};
  for (std::size_t s = 0; s < count; ++s) {
    row[s] = load_word(rows[s] + std::size_t{view.keys[s]} * kWaitRowBytes);
    entries[s] = static_cast<std::uint8_t>(row[s] >> kWaitEntry);
  }
  std::array<WaitBudget, kMaxBudgetSuits> budgets;
  wait_budgets(entries, count, wildcards, budgets);
  TileMask mask = 0;
  for (std::size_t s = 0; s < count; ++s) {
    if (budgets[s].pair_here < 0 && budgets[s].pair_elsewhere < 0) continue;
    const std::size_t first = plan.suit_first[s];
    const auto suit_allowed =
        static_cast<unsigned>((allowed >> first) & ((TileMask{1} << plan.suit_ranks[s]) - 1));
    // A drawn tile makes n + 1 naturals: the neighbours' fields count threes above its residues.
    const int threes0 =
        threes_within(budgets[s].pair_elsewhere, static_cast<int>(row[s] >> kWaitDrawnMelds & 3U));
    const int threes1 =
        threes_within(budgets[s].pair_here, static_cast<int>(row[s] >> kWaitDrawnPair & 3U));
    const std::uint64_t r = row[s];
    const auto plane = [r](int at) { return static_cast<unsigned>(r >> at) & 0x1FFU; };
    const unsigned ranks = ranks_at_most(plane(kWaitPlaneA0), plane(kWaitPlaneA1), threes0) |
                           ranks_at_most(plane(kWaitPlaneB0), plane(kWaitPlaneB1), threes1);
    mask |= TileMask{ranks & suit_allowed} << first;
  }
  return mask;
}

/// The standard form's waits for hands of more wildcards than the packed tables answer: the
/// budgets from the win table, then each allowed rank's entry with the tile drawn.
TileMask melds_waits_wild(const Plan& plan, const View& view, int wildcards, TileMask allowed) {
  const auto& tables = plan.win();
  const std::size_t count = plan.suit_count;
  std::array<std::uint8_t, kMaxBudgetSuits> entries{};
  for (std::size_t s = 0; s < count; ++s) entries[s] = tables[s][view.keys[s]];
  std::array<WaitBudget, kMaxBudgetSuits> budgets;
  wait_budgets(entries, count, wildcards, budgets);
  TileMask mask = 0;
  for (std::size_t s = 0; s < count; ++s) {
    const int budget1 = budgets[s].pair_here;
    const int budget0 = budgets[s].pair_elsewhere;
    if (budget1 < 0 && budget0 < 0) continue;
    const std::size_t first = plan.suit_first[s];
    // `allowed` holds only kinds with a copy left: key + 5^r never carries.
    for (TileMask bits = (allowed >> first) & ((TileMask{1} << plan.suit_ranks[s]) - 1); bits != 0;
         bits &= bits - 1) {
      const auto r = static_cast<std::size_t>(std::countr_zero(bits));
      const unsigned entry = tables[s][view.keys[s] + plan.suits[s].steps[r]];
      if (static_cast<int>(entry >> 4) <= budget1 || static_cast<int>(entry & 15U) <= budget0) {
        mask |= TileMask{1} << (first + r);
      }
    }
  }
  return mask;
}

}  // namespace

Answer fast_wait_mask(const QueryPlan& plan, const Hand& hand, TileMask& mask) {
  if (!plan.waits_ok || plan.exhausted_waits) return Answer::unknown;
  View view;
  make_view(plan, hand, view);
  if (view.size % 3 != 1 || view.size > plan.hand_tiles) return Answer::unknown;  // it throws
  if (view.wildcards >= kWinSaturated) return Answer::unknown;
  if (plan.restricted && view.wildcards != 0) return Answer::unknown;
  if (plan.capped && hand.meld_count != 0) return Answer::unknown;
  if (plan.missing_suits != 0 && (hand.meld_count != 0 || view.wildcards != 0 ||
                                  (hand.wild_tiles & plan.meldable_mask) != 0)) {
    return Answer::unknown;
  }
  // Every form adds only drawable candidates to the mask, and a `wildcards` form that the held
  // wildcards already complete adds them all: then the answer is the candidates, whatever the
  // other forms say, and no table is read.
  const int target = view.concealed + 1;
  bool all_candidates = false;
  for (const std::uint8_t f : plan.wildcard_forms) {
    const FormSpec& form = plan.forms[f].spec;
    const int wildcards = form_wildcards(form, view.wildcards);
    all_candidates = all_candidates ||
                     (applies(form, target, hand) && wildcards >= 0 && wildcards >= form.count);
  }
  if (!all_candidates && view.wildcards <= kPackedMaxWildcards) {
    const auto& rows = plan.wait_rows();
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      prefetch(rows[s] + std::size_t{view.keys[s]} * kWaitRowBytes);
    }
  }
  // compute_waits throws when no form can complete the hand; a standard form over plenty of
  // kinds always can.
  const int open_kinds = (hand.wild_tiles & plan.copies3_mask) == 0
                             ? plan.open_kinds
                             : std::popcount(plan.copies3_mask & ~hand.wild_tiles);
  if (!plan.open_standard || (target - 2) % 3 != 0 || open_kinds < 17) return Answer::unknown;

  // Drawable candidates: natural meldable kinds with a copy not held anywhere.
  TileMask candidates = unfilled_kinds(plan, view) & ~hand.wild_tiles;
  if (hand.meld_count != 0) {
    const TileCounts declared = declared_naturals(hand);
    for (TileId t = 0; t < plan.meldable; ++t) {
      if (hand.counts[t] + declared[t] >= plan.copies[t]) candidates &= ~tile_bit(t);
    }
  }
  if (all_candidates) {
    mask = candidates;
    return Answer::yes;
  }
  TileMask allowed = candidates;
  if (plan.max_in_win != 0 && view.wildcards > plan.max_in_win) allowed = 0;
  if (plan.missing_suits != 0) {
    // A draw into suit s may win only when enough suits are still lacking with s held.
    const unsigned present = present_suits(plan, hand);
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      if (lacking_suits(plan, present | (1U << s)) < plan.missing_suits) {
        allowed &= ~plan.suit_masks[s];
      }
    }
  }

  mask = 0;
  detail::SpecialHand summary;  // the counts' summary for the special forms, made on first use
  for (const WinForm& wf : plan.wait_forms) {
    // applies() and form_wildcards() on the copied fields.
    if (wf.hand_tiles != 0 && (wf.hand_tiles != target || hand.meld_count != 0)) continue;
    if (!wf.wildcards && view.wildcards > 0) continue;
    const FormPlan& fp = *wf.plan;
    const FormSpec& form = fp.spec;
    const int wildcards = view.wildcards;
    switch (wf.type) {
      case FormType::wildcards:
        if (wildcards >= wf.count) mask |= candidates;
        break;
      case FormType::melds:
        if (allowed == 0) break;
        mask |= wildcards <= kPackedMaxWildcards ? melds_waits(plan, view, wildcards, allowed)
                                                 : melds_waits_wild(plan, view, wildcards, allowed);
        break;
      case FormType::pairs: {
        // A draw changes ones + threes by one at most, and a win needs them within the
        // wildcards and pungs (pairs_win): most hands are out of reach at once.
        if (view.odd - 1 > wildcards + form.pungs) break;
        if (form.pungs == 0 && form.four_as_two_pairs && (!plan.capped || plan.capped_ample)) {
          // pairs_win here is "ones + threes <= W" (no odd kind at all without wildcards): a
          // draw onto an odd count lowers that number by one, onto an even count raises it.
          TileMask odd_kinds = 0;
          for (std::size_t w = 0; w < kWords; ++w) {
            odd_kinds |= gather_high_bits((view.word(w) & kOnes) << 7) << (8 * w);
          }
          if (view.odd - 1 <= wildcards) mask |= allowed & odd_kinds;
          if (view.odd + 1 <= wildcards) mask |= allowed & ~odd_kinds;
          break;
        }
        const Tally counts = tally(view);
        for (TileMask bits = allowed & ~mask; bits != 0; bits &= bits - 1) {
          const auto t = static_cast<TileId>(std::countr_zero(bits));
          Tally drawn = counts;
          const int n = std::min<int>(view.counts[t], 4);
          --drawn.by_count[static_cast<std::size_t>(n)];
          ++drawn.by_count[static_cast<std::size_t>(std::min(n + 1, 4))];
          drawn.nonzero |= tile_bit(t);
          const Answer here = pairs_win(plan, form, drawn, wildcards);
          if (here == Answer::unknown) return Answer::unknown;
          if (here == Answer::yes) mask |= tile_bit(t);
        }
        break;
      }
      case FormType::set: {
        if (outside_set(fp, view)) break;  // a tile outside the set stays
        int doubles = 0;
        bool over = false;
        for (TileMask bits = fp.set; bits != 0; bits &= bits - 1) {
          const int n = view.counts[static_cast<std::size_t>(std::countr_zero(bits))];
          over = over || n > 2;
          doubles += n >= 2 ? 1 : 0;
        }
        if (over || doubles > 1) break;
        // Drawn t completes when it makes no third copy and no second pair.
        for (TileMask bits = allowed & fp.set & ~mask; bits != 0; bits &= bits - 1) {
          const auto t = static_cast<TileId>(std::countr_zero(bits));
          const int n = view.counts[t];
          if (n == 0 || (n == 1 && doubles == 0)) mask |= tile_bit(t);
        }
        break;
      }
      case FormType::knitted:
      case FormType::singles: {
        TileMask here = 0;
        detail::SpecialHand special{view.counts, view.wildcards, hand.meld_count};
        if (view.wildcards == 0) {
          // The summary the special forms rule most hands out by (SpecialHand::pairs_held):
          // read once off the view's words for every special form of the rule set.
          if (summary.pairs_held == detail::SpecialHand::kNotGiven) summary.summarise(view.words);
          special.pairs_held = summary.pairs_held;
          special.kinds_held = summary.kinds_held;
        }
        const detail::SpecialAnswer answer = fp.special.waits(special, candidates, here);
        if (answer == detail::SpecialAnswer::unknown) return Answer::unknown;
        mask |= here & allowed;
        break;
      }
      default:
        return Answer::unknown;
    }
  }
  return Answer::yes;
}

}  // namespace meldgraph::detail

namespace meldgraph {

TileMask wait_mask(const RuleSet& rules, const Hand& hand) {
  TileMask fast = 0;
  if (detail::fast_wait_mask(detail::query_plan(rules), hand, fast) == detail::Answer::yes) return fast;
  return search_wait_mask(rules, hand);
}

TileMask search_wait_mask(const RuleSet& rules, const Hand& hand) {
  TileMask mask = 0;
  for (const WaitTile& wait : compute_waits(rules, hand, nullptr).tiles) {
    mask |= tile_bit(wait.tile);
  }
  return mask;
}

}  // namespace meldgraph
