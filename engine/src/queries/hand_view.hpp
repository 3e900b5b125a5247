#pragma once
/// The hand as the fast queries see it: a View (the natural counts read in place as eight
/// masked words, each suit's key by SWAR base 5, the wildcards and sizes), and the word-wide
/// reads of it that the win, waits and shanten paths share. Everything here is inline: these run
/// on every query, in whichever file asks.

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/support/swar.hpp"
#include "plan.hpp"

namespace meldgraph::detail {

using swar::base5;
using swar::byte_sum;
using swar::bytes_at_least;
using swar::gather_high_bits;
using swar::kHigh;
using swar::kOnes;
using swar::load_word;

struct View {
  /// Natural concealed counts by tile kind, read only below plan.meldable: the hand's own counts,
  /// or `own` when a meldable kind is wild (its count zeroed). Keys are read straight from here:
  /// reading back a copy just written would stall on store forwarding.
  const std::uint8_t* counts = nullptr;
  /// The same eight tiles a word, zero past the meldable tiles.
  std::array<std::uint64_t, kWords> words;
  int concealed = 0;           ///< concealed tiles, wildcards included
  int size = 0;                ///< concealed plus three per declared meld
  int wildcards = 0;           ///< concealed jokers and wild tiles
  bool wild_meldable = false;  ///< some meldable kind is wild in this hand
  int odd = 0;                 ///< kinds of an odd natural count (the pairs form's first test)
  std::array<std::uint32_t, kMaxPlanSuits> keys;
  TileCounts own;
  /// Room for the suits' 16-byte reads past the last counts (melds_need): `counts` is either a
  /// Hand's counts, followed by more of the hand (hand.hpp), or `own`, followed by this.
  std::array<std::uint8_t, 16> own_tail{};

  [[nodiscard]] std::uint64_t word(std::size_t w) const { return words[w]; }
};

/// The suits' keys of a view's counts: base 5 of ranks 0..7, two suits a vector (SSE2) or
/// SWAR, plus the ninth rank's step.
inline void make_keys(const Plan& plan, View& view) {
#if defined(__SSE2__)
  // The counts are base-5 digits (a hand's counts are within the copies, at most 4 where the
  // plan has tables). Digit pairs in 16-bit lanes (d + 5 d', at most 24), then pmaddwd folds
  // pairs of lanes with weights (1, 25) and, packed back to 16 bits (at most 624, so the
  // signed saturating pack keeps them), with (1, 625). A padding suit past an odd count has no
  // ranks: its key is 0 and lands in an unused slot.
  const __m128i low_bytes = _mm_set1_epi16(0x00FF);
  const __m128i five = _mm_set1_epi16(5);
  const __m128i by25 = _mm_set1_epi32(25 << 16 | 1);
  const __m128i by625 = _mm_set1_epi32(625 << 16 | 1);
  for (std::size_t s = 0; s < plan.suit_count; s += 2) {
    const std::size_t first_a = plan.suit_first[s];
    const std::size_t first_b = plan.suit_first[s + 1];
    const std::uint64_t a = load_word(view.counts + first_a) & plan.rank_bytes[s];
    const std::uint64_t b = load_word(view.counts + first_b) & plan.rank_bytes[s + 1];
    const __m128i x = _mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a));
    const __m128i pairs =
        _mm_add_epi16(_mm_and_si128(x, low_bytes), _mm_mullo_epi16(_mm_srli_epi16(x, 8), five));
    const __m128i quads = _mm_madd_epi16(pairs, by25);
    const __m128i keys = _mm_madd_epi16(_mm_packs_epi32(quads, quads), by625);
    view.keys[s] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(keys)) +
                   view.counts[first_a + 8] * plan.step8[s];
    view.keys[s + 1] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(keys, 4))) +
                       view.counts[first_b + 8] * plan.step8[s + 1];
  }
#else
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    const std::size_t first = plan.suit_first[s];
    // The ninth rank's step is zero for shorter suits; counts has room past the last suit.
    view.keys[s] = base5(load_word(view.counts + first) & plan.rank_bytes[s]) +
                   view.counts[first + 8] * plan.step8[s];
  }
#endif
}

/// The view of a hand: word-wide masking and sums, and (`keys`) the suits' keys. is_win leaves
/// the keys to melds_win, which most hands never reach with a table read.
inline void make_view(const Plan& plan, const Hand& hand, View& view, bool keys = true) {
  view.counts = hand.counts.data();
  int wild = hand.jokers;
  view.wild_meldable = false;
  if (hand.wild_tiles != 0) {
    // The bits walked by hand, not by set_bits: with set_bits the wait query ran 8 to 10 %
    // slower on riichi hands (alternated runs), which never enter this loop, with the same
    // instructions: GCC lays out the copies of make_view it inlines differently.
    for (TileMask bits = hand.wild_tiles; bits != 0; bits &= bits - 1) {
      const auto t = static_cast<std::size_t>(std::countr_zero(bits));
      wild += hand.counts[t];
      if (t < plan.meldable) {
        if (!view.wild_meldable) {
          std::memcpy(view.own.data(), hand.counts.data(), kMaxTileKinds);
          view.counts = view.own.data();
          view.wild_meldable = true;
        }
        view.own[t] = 0;
      }
    }
  }
#if defined(__SSE2__)
  // Sixteen counts a vector: the sums of the masked counts and of their low bits by psadbw (a
  // byte of the added vectors is at most 4 * 4).
  static_assert(kMaxTileKinds == 64, "four vectors of counts");
  const __m128i ones = _mm_set1_epi8(1);
  __m128i sum = _mm_setzero_si128();
  __m128i odd = _mm_setzero_si128();
  for (std::size_t q = 0; q < 4; ++q) {
    const __m128i x = _mm_and_si128(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(view.counts) + q),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(plan.meldable_bytes.data()) + q));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(view.words.data()) + q, x);
    sum = _mm_add_epi8(sum, x);
    odd = _mm_add_epi8(odd, _mm_and_si128(x, ones));
  }
  const __m128i sums = _mm_sad_epu8(_mm_unpacklo_epi64(sum, odd), _mm_setzero_si128());
  const __m128i sums_high = _mm_sad_epu8(_mm_unpackhi_epi64(sum, odd), _mm_setzero_si128());
  const __m128i both = _mm_add_epi64(sums, sums_high);  // lane 0: naturals, lane 1: odd kinds
  view.odd = _mm_cvtsi128_si32(_mm_unpackhi_epi64(both, both));
  const int naturals = _mm_cvtsi128_si32(both);
#else
  std::uint64_t sum = 0;  // bytes of at most 8 * 4 each, adding up to the naturals (<= 17)
  std::uint64_t odd = 0;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = load_word(view.counts + 8 * w) & plan.meldable_bytes[w];
    view.words[w] = x;
    sum += x;
    odd += x & kOnes;
  }
  view.odd = byte_sum(odd);
  const int naturals = byte_sum(sum);
#endif
  view.wildcards = wild;
  view.concealed = naturals + wild;
  view.size = view.concealed + 3 * hand.meld_count;
  if (keys) make_keys(plan, view);
}

/// Natural tiles in declared melds, by kind.
inline TileCounts declared_naturals(const Hand& hand) {
  TileCounts declared{};
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    const Group& meld = hand.melds[m];
    for (int slot = 0; slot < meld.size; ++slot) {
      if (!meld.is_wild(slot)) ++declared[meld.tiles[static_cast<std::size_t>(slot)]];
    }
  }
  return declared;
}

/// Sequence suits holding a tile anywhere (concealed, wild kinds included, or declared), as
/// Decomposition's missing-suits check counts them; bit s for plan.suits[s].
inline unsigned present_suits(const Plan& plan, const Hand& hand) {
  // The meldable kinds held, eight counts a word (counts are far below 128).
  TileMask held = 0;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = load_word(hand.counts.data() + 8 * w) & plan.meldable_bytes[w];
    held |= gather_high_bits(bytes_at_least(x, kOnes)) << (8 * w);
  }
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    const Group& meld = hand.melds[m];
    for (int slot = 0; slot < meld.size; ++slot) {
      if (!meld.is_wild(slot)) held |= tile_bit(meld.tiles[static_cast<std::size_t>(slot)]);
    }
  }
  held &= plan.meldable_mask;
  unsigned present = 0;
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    if ((held & plan.suit_masks[s]) != 0) present |= 1U << s;
  }
  return present;
}

inline int lacking_suits(const Plan& plan, unsigned present) {
  int lacking = 0;
  for (std::size_t s = 0; s < plan.suits.size(); ++s) {
    if (plan.suits[s].sequence_suit && (present >> s & 1U) == 0) ++lacking;
  }
  return lacking;
}

/// Whether a form applies to a concealed size (whole-hand forms: their size, no declared meld).
inline bool applies(const FormSpec& form, int concealed, const Hand& hand) {
  return form.hand_tiles == 0 || (form.hand_tiles == concealed && hand.meld_count == 0);
}

/// Natural counts of the meldable tiles, tallied for the pairs and set forms.
struct Tally {
  std::array<int, 5> by_count{};  ///< kinds holding 0..4 natural copies
  TileMask nonzero = 0;
};

/// Counted eight tiles at a time by bit planes: counts are 0..4, so bits 0 and 1 of a byte tell
/// 1, 2 and 3 apart and 4 is the only count with bit 2. A plane adds at most one a byte a word,
/// so its sum is at most 64 in all, within byte_sum's bound.
inline Tally tally(const View& view) {
  std::uint64_t ones = 0;
  std::uint64_t twos = 0;
  std::uint64_t threes = 0;
  std::uint64_t fours = 0;
  Tally result;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = view.word(w);
    const std::uint64_t b0 = x & kOnes;
    const std::uint64_t b1 = (x >> 1) & kOnes;
    const std::uint64_t b2 = (x >> 2) & kOnes;
    ones += b0 & ~b1;
    twos += b1 & ~b0;
    threes += b0 & b1;
    fours += b2;
    result.nonzero |= gather_high_bits((b0 | b1 | b2) << 7) << (8 * w);
  }
  result.by_count[1] = byte_sum(ones);
  result.by_count[2] = byte_sum(twos);
  result.by_count[3] = byte_sum(threes);
  result.by_count[4] = byte_sum(fours);
  result.by_count[0] = static_cast<int>(kMaxTileKinds) - result.by_count[1] - result.by_count[2] -
                       result.by_count[3] - result.by_count[4];
  return result;
}

/// Whether some kind holds four natural copies.
inline bool any_four(const View& view) {
  std::uint64_t four = 0;
  for (std::size_t w = 0; w < kWords; ++w) four |= view.word(w) & (kOnes << 2);
  return four != 0;
}

/// Whether a natural tile of the view lies on a byte of `bytes` (eight tiles a word).
inline bool any_on(const View& view, const std::array<std::uint64_t, kWords>& bytes) {
#if defined(__SSE2__)
  __m128i any = _mm_setzero_si128();
  for (std::size_t q = 0; q < kWords / 2; ++q) {
    any = _mm_or_si128(
        any, _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(view.words.data()) + q),
                           _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes.data()) + q)));
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi8(any, _mm_setzero_si128())) != 0xFFFF;
#else
  std::uint64_t any = 0;
  for (std::size_t w = 0; w < kWords; ++w) any |= view.word(w) & bytes[w];
  return any != 0;
#endif
}

/// Starts loading a table row that is read a little later: the rows of random keys miss the
/// caches, and the checks in between hide the latency.
inline void prefetch(const void* address) {
  __builtin_prefetch(address);
}

}  // namespace meldgraph::detail
