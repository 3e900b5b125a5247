/// is_win from the tables. The standard form by suit tables (suit_tables.hpp): with f0(s),
/// f1(s) the fewest wildcards that make suit s melds only and melds plus the pair, a hand with W
/// usable wildcards wins when
///   sum f0 + min(2, min over s of f1(s) - f0(s)) <= W
/// (the 2 is a pair of wildcards): any leftover wildcards form whole melds, since the hand's
/// size fixes their number modulo 3, and every completion of a suit that uses more wildcards
/// than its least is that least plus wildcard-only melds. A gate (Plan::WinGate) refuses most
/// hands from their residues before any table is read; the pairs and set forms are word-wide
/// tests (form_tests.hpp), the knitted and singles forms SpecialForm's.

#include <algorithm>
#include <array>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fast_paths.hpp"
#include "form_tests.hpp"
#include "hand_view.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph::detail {
namespace {

/// kNeed[n] = -n mod 3: the wildcards that make n naturals of a suit into melds, modulo 3.
constexpr std::array<std::uint8_t, 64> kNeed = [] {
  std::array<std::uint8_t, 64> need{};
  for (std::size_t n = 0; n < need.size(); ++n) {
    need[n] = static_cast<std::uint8_t>(melds_residue(static_cast<int>(n)));
  }
  return need;
}();

/// kPairNeed[n] = (2 - n) mod 3: the same for melds and one pair.
constexpr std::array<std::uint8_t, 64> kPairNeed = [] {
  std::array<std::uint8_t, 64> need{};
  for (std::size_t n = 0; n < need.size(); ++n) {
    need[n] = static_cast<std::uint8_t>(pair_residue(static_cast<int>(n)));
  }
  return need;
}();

/// The naturals of suit s (at most 4 * 9: below 64).
std::size_t suit_naturals(const Plan& plan, const std::uint8_t* counts, std::size_t s) {
  const std::size_t first = plan.suit_first[s];
  return static_cast<std::size_t>(byte_sum(load_word(counts + first) & plan.rank_bytes[s]) +
                                  counts[first + 8] * plan.ninth[s]) &
         63U;
}

/// Σ over the suits of -n mod 3, n the suit's naturals: a lower bound of the wildcards that
/// make every suit into melds (melds_win). `counts` must be readable 16 bytes past the last
/// suit's first tile (View::own_tail).
int melds_need(const Plan& plan, const std::uint8_t* counts) {
#if defined(__SSE2__)
  // Four suits at a time (the masks are padded with empty ones): psadbw sums each suit's masked
  // counts into the two halves of a vector, the halves added give the suit's n in one 16-bit
  // lane, and -n mod 3 comes from n - 3 * (n / 3), n / 3 as the high half of n * 0x5556 (exact
  // for n < 64). Lanes without a suit stay zero and add nothing.
  const __m128i zero = _mm_setzero_si128();
  const __m128i three = _mm_set1_epi16(3);
  const auto suit = [&](std::size_t i) {
    const __m128i x =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts + plan.suit_first[i]));
    const __m128i mask =
        _mm_load_si128(reinterpret_cast<const __m128i*>(plan.suit_vector_masks[i].data()));
    return _mm_sad_epu8(_mm_and_si128(x, mask), zero);
  };
  __m128i need = zero;
  for (std::size_t s = 0; s < plan.suit_count; s += 4) {
    const __m128i a = suit(s);
    const __m128i b = suit(s + 1);
    const __m128i c = suit(s + 2);
    const __m128i d = suit(s + 3);
    // 64-bit lanes [n_a, n_b] and [n_c, n_d]; then n_c, n_d moved up one 16-bit lane.
    const __m128i ab = _mm_add_epi64(_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b));
    const __m128i cd = _mm_add_epi64(_mm_unpacklo_epi64(c, d), _mm_unpackhi_epi64(c, d));
    const __m128i n = _mm_or_si128(ab, _mm_slli_epi64(cd, 16));
    const __m128i r =
        _mm_sub_epi16(n, _mm_mullo_epi16(_mm_mulhi_epu16(n, _mm_set1_epi16(0x5556)), three));
    need = _mm_add_epi16(need, _mm_andnot_si128(_mm_cmpeq_epi16(r, zero), _mm_sub_epi16(three, r)));
  }
  // Each lane is below 256: the byte sums of the two halves are the lanes' sums.
  const __m128i halves = _mm_sad_epu8(need, zero);
  return _mm_cvtsi128_si32(halves) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(halves, halves));
#else
  int need = 0;
  for (std::size_t s = 0; s < plan.suit_count; ++s) need += kNeed[suit_naturals(plan, counts, s)];
  return need;
#endif
}

/// Whether the suits' residues leave the standard form in reach of the wildcards: a suit of n
/// naturals made into melds takes f0 = -n mod 3 wildcards or more (f0 + n is a multiple of 3),
/// and melds plus the pair f1 = (2 - n) mod 3 or more. So sum f0 + min(2, min (f1 - f0)) is at
/// least need + 2, or need - 1 when some suit has n mod 3 = 1 or 2 (there f1 - f0 is -1 or
/// more: 1 - 2 and 0 - 1). It refuses most random hands without a table read.
bool melds_in_reach(const Plan& plan, const std::uint8_t* counts, int wildcards) {
  const int need = melds_need(plan, counts);
  return need + (need != 0 ? -1 : 2) <= wildcards;
}

/// The standard form from the suits' win entries (the residue bound already passed): computes
/// the view's keys.
bool melds_complete(const Plan& plan, View& view, int wildcards) {
  make_keys(plan, view);
  int sum0 = 0;
  int delta = 2;
  if (wildcards <= kPackedMaxWildcards) {
    // The packed tables (half the bytes, so fewer cache misses): each entry is its residue
    // from the suit's size plus threes (SuitTables::win_packed).
    const auto& packed = plan.win_packed();
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      const std::uint32_t key = view.keys[s];
      const unsigned nibble = (packed[s][key >> 1] >> ((key & 1U) << 2)) & 15U;
      const std::size_t n = suit_naturals(plan, view.counts, s);
      const int f0 = kNeed[n] + 3 * static_cast<int>(nibble & 3U);
      const int f1 = kPairNeed[n] + 3 * static_cast<int>(nibble >> 2);
      sum0 += f0;
      delta = std::min(delta, f1 - f0);
    }
    return sum0 + delta <= wildcards;
  }
  const auto& tables = plan.win();
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    const unsigned entry = tables[s][view.keys[s]];
    const int f0 = static_cast<int>(entry & 15U);
    sum0 += f0;
    delta = std::min(delta, static_cast<int>(entry >> 4) - f0);
  }
  return sum0 + delta <= wildcards;
}

/// The standard form: the residue bound, then the win entries (see the file comment).
bool melds_win(const Plan& plan, View& view, int wildcards) {
  if (!melds_in_reach(plan, view.counts, wildcards)) return false;
  return melds_complete(plan, view, wildcards);
}

/// is_win's gate (Plan::WinGate), straight from the hand's counts: no when every form's cheapest
/// refusal refuses it (one branch for them all), yes when a `wildcards` form takes it, unknown
/// otherwise and whenever the gate does not apply (declared melds, wild tile kinds, a size the
/// forms do not take): the forms' own tests decide.
Answer gate_answer(const Plan& plan, const Hand& hand) {
  const Plan::WinGate& gate = plan.gate;
  if (hand.meld_count != 0 || hand.wild_tiles != 0) return Answer::unknown;
  const int wildcards = hand.jokers;
  int naturals = 0;
  int odd = 0;
  bool outside = false;
#if defined(__SSE2__)
  const __m128i ones = _mm_set1_epi8(1);
  __m128i sum = _mm_setzero_si128();
  __m128i odd_bytes = _mm_setzero_si128();
  __m128i out = _mm_setzero_si128();
  for (std::size_t q = 0; q < 4; ++q) {
    const __m128i x = _mm_and_si128(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(hand.counts.data()) + q),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(plan.meldable_bytes.data()) + q));
    sum = _mm_add_epi8(sum, x);
    odd_bytes = _mm_add_epi8(odd_bytes, _mm_and_si128(x, ones));
    out = _mm_or_si128(
        out, _mm_and_si128(
                 x, _mm_loadu_si128(reinterpret_cast<const __m128i*>(gate.outside.data()) + q)));
  }
  const __m128i low = _mm_sad_epu8(_mm_unpacklo_epi64(sum, odd_bytes), _mm_setzero_si128());
  const __m128i high = _mm_sad_epu8(_mm_unpackhi_epi64(sum, odd_bytes), _mm_setzero_si128());
  const __m128i both = _mm_add_epi64(low, high);  // lane 0: naturals, lane 1: odd kinds
  naturals = _mm_cvtsi128_si32(both);
  odd = _mm_cvtsi128_si32(_mm_unpackhi_epi64(both, both));
  outside = _mm_movemask_epi8(_mm_cmpeq_epi8(out, _mm_setzero_si128())) != 0xFFFF;
#else
  std::uint64_t sum = 0;
  std::uint64_t odd_bytes = 0;
  std::uint64_t out = 0;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = load_word(hand.counts.data() + 8 * w) & plan.meldable_bytes[w];
    sum += x;
    odd_bytes += x & kOnes;
    out |= x & gate.outside[w];
  }
  naturals = byte_sum(sum);
  odd = byte_sum(odd_bytes);
  outside = out != 0;
#endif
  const int size = naturals + wildcards;
  if (size % 3 != 2 || size > plan.hand_tiles || wildcards >= kWinSaturated) {
    return Answer::unknown;
  }
  const bool whole = size == gate.whole_size;
  if (wildcards >= gate.wildcards_any || (whole && wildcards >= gate.wildcards_whole)) {
    return Answer::yes;
  }
  // Whether a pairs or set form may still take the hand: `&` and `|` on the flags, one branch
  // for both forms' refusals (which one refuses varies from hand to hand).
  const bool others =
      (gate.pairs & whole & (odd <= wildcards + gate.pairs_pungs)) | (gate.set & whole & !outside);
  if (others) return Answer::unknown;
  if (!gate.melds) return Answer::no;
  if (!melds_in_reach(plan, hand.counts.data(), wildcards)) return Answer::no;
  // Only the melds forms are left, and their test needs nothing else of the hand: the counts
  // (no wild kind here) and the wildcards. A form without wildcards is the forms' loop's.
  if (gate.melds_tame && wildcards != 0) return Answer::unknown;
  View view;
  view.counts = hand.counts.data();
  return melds_complete(plan, view, wildcards) ? Answer::yes : Answer::no;
}

}  // namespace

Answer fast_is_win(const QueryPlan& plan, const Hand& hand) {
  if (!plan.win_ok) return Answer::unknown;
  if (plan.gate.on) {
    const Answer gated = gate_answer(plan, hand);
    if (gated != Answer::unknown) return gated;
  }
  View view;
  make_view(plan, hand, view, false);
  if (view.size % 3 != 2 || view.size > plan.hand_tiles) return Answer::unknown;  // it throws
  if (view.wildcards >= kWinSaturated) return Answer::unknown;
  bool refused = false;
  if (!plan.plain_win) {
    if (plan.restricted && view.wildcards != 0) return Answer::unknown;  // restricted stand-ins
    // Which suits a wildcard touches is the search's business (abstract groups keep a suit
    // free, a wild kind's own suit is not held by it): modelled only for hands without them.
    if (plan.missing_suits != 0 && view.wildcards != 0) return Answer::unknown;
    if (plan.capped && hand.meld_count != 0) return Answer::unknown;  // declared copies cap
    refused = (plan.max_in_win != 0 && view.wildcards > plan.max_in_win) ||
              (plan.missing_suits != 0 &&
               lacking_suits(plan, present_suits(plan, hand)) < plan.missing_suits);
  }
  Answer answer = Answer::no;
  for (const WinForm& wf : plan.win_forms) {
    // applies() and form_wildcards() on the copied fields.
    if (wf.hand_tiles != 0 && (wf.hand_tiles != view.concealed || hand.meld_count != 0)) continue;
    // A form with its own max_wildcards is never modelled: the refusal is the inherited cap.
    if (refused && wf.type != FormType::wildcards && wf.modelled) continue;
    if (!wf.modelled) {
      // Only the search knows this form; another form may still win here.
      answer = Answer::unknown;
      continue;
    }
    if (!wf.wildcards && view.wildcards > 0) continue;
    const int wildcards = view.wildcards;
    Answer here = Answer::no;
    switch (wf.type) {
      case FormType::melds:
        here = melds_win(plan, view, wildcards) ? Answer::yes : Answer::no;
        break;
      case FormType::pairs:
        here = pairs_win_quick(plan, wf.plan->spec, view, wildcards);
        break;
      case FormType::set:
        here = set_win(*wf.plan, view);
        break;
      case FormType::wildcards:
        here = wildcards >= wf.count ? Answer::yes : Answer::no;
        break;
      case FormType::knitted:
      case FormType::singles:
        here = answer_of(wf.plan->special.win({view.counts, view.wildcards, hand.meld_count}));
        break;
      default:
        here = Answer::unknown;
        break;
    }
    if (here == Answer::yes) return Answer::yes;
    if (here == Answer::unknown) answer = Answer::unknown;
  }
  return answer;
}

}  // namespace meldgraph::detail

namespace meldgraph {

bool is_win(const RuleSet& rules, const Hand& hand) {
  const detail::Answer fast = detail::fast_is_win(detail::query_plan(rules), hand);
  if (fast != detail::Answer::unknown) return fast == detail::Answer::yes;
  return Decomposition(rules, hand).wins();
}

}  // namespace meldgraph
