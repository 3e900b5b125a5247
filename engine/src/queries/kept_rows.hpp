#pragma once
/// The (max, +) combination of kept rows (SuitTables::kept): the most naturals a split of M melds
/// and one pair over the suits keeps, for the shanten query and its improving tiles (shanten.cpp).
/// Everything here is inline: it runs on every query.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "plan.hpp"

namespace meldgraph::detail {

/// One kept row per suit (kKeptStride bytes: kept by (pairs, melds) in the suit).
using KeptRows = std::array<const std::int8_t*, kMaxPlanSuits>;

#if defined(__SSE2__)

/// The (max, +) combination of kept rows runs on 16 bytes at once (SSE2, in every x86-64): a
/// row's 12 cells are lanes 0..5 (no pair, 0..5 melds) and 6..11 (the pair), held *biased* as
/// kept + 64, so that kKeptNone is 0, unsigned saturating arithmetic never wraps, and a lane
/// shifted in from outside (a zero) is "none". Biased sums: (a + b) - 64, saturating at 0, which
/// keeps every sum through a "none" below 64 (real kept negative), as the scalar form did.
constexpr int kKeptBias = -kKeptNone;
static_assert(kKeptBias == 64 && kKeptStride == 12, "the lanes below assume these");

inline __m128i load_kept_row(const std::int8_t* row) {
  // Rows are padded (kKeptPadding): 16 bytes may be read from any row.
  const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row));
  return _mm_add_epi8(raw, _mm_set1_epi8(static_cast<char>(kKeptBias)));
}

inline __m128i kept_plus(__m128i a, __m128i b) {
  return _mm_subs_epu8(_mm_adds_epu8(a, b), _mm_set1_epi8(static_cast<char>(kKeptBias)));
}

/// Lanes 6 .. 6 + K - 1 cleared: after shifting combined cells by K lanes, those hold no-pair
/// cells that crossed into the pair half.
template <int K>
inline __m128i clear_crossed(__m128i x) {
  if constexpr (K == 0) return x;
  alignas(16) static constexpr std::array<std::uint8_t, 16> kKeep = [] {
    std::array<std::uint8_t, 16> keep{};
    for (int lane = 0; lane < 16; ++lane) keep[lane] = (lane >= 6 && lane < 6 + K) ? 0 : 0xFF;
    return keep;
  }();
  return _mm_and_si128(x, _mm_load_si128(reinterpret_cast<const __m128i*>(kKeep.data())));
}

/// Byte k of a row, broadcast, from the row's bytes doubled into 16-bit lanes (`low`: bytes
/// 0..7, `high`: 8..15): two shuffles, where a byte load and broadcast would take six operations.
template <int K>
inline __m128i broadcast_lane(__m128i low, __m128i high) {
  if constexpr (K < 4) {
    return _mm_shuffle_epi32(_mm_shufflelo_epi16(low, K * 0x55), 0);
  } else if constexpr (K < 8) {
    return _mm_shuffle_epi32(_mm_shufflehi_epi16(low, (K - 4) * 0x55), 0xFF);
  } else if constexpr (K < 12) {
    return _mm_shuffle_epi32(_mm_shufflelo_epi16(high, (K - 8) * 0x55), 0);
  } else {
    return _mm_shuffle_epi32(_mm_shufflehi_epi16(high, (K - 12) * 0x55), 0xFF);
  }
}

/// next[p][m] = max over k <= m of best[p][m - k] + row[0][k], and for the pair also
/// best[0][m - k] + row[1][k]: terms K..M of the combination of `best` with a (biased) row.
template <int K, int M>
inline __m128i combine_terms(__m128i next, __m128i best, __m128i low, __m128i high) {
  if constexpr (K > M) {
    return next;
  } else {
    const __m128i r0 = broadcast_lane<K>(low, high);
    const __m128i r1 = broadcast_lane<6 + K>(low, high);
    // Lane m (and 6 + m) of the shift holds best[.][m - K]; the pair half's crossed lanes are
    // cleared. Shifted by 6 + K, the pair half holds best[0][m - K] and the rest is zero.
    const __m128i same = clear_crossed<K>(_mm_slli_si128(best, K));
    const __m128i cross = _mm_slli_si128(best, 6 + K);
    next = _mm_max_epu8(next, kept_plus(same, r0));
    next = _mm_max_epu8(next, kept_plus(cross, r1));
    return combine_terms<K + 1, M>(next, best, low, high);
  }
}

/// The (max, +) combination of two biased rows (or combined rows): every cell up to M melds.
template <int M>
inline __m128i combine_rows(__m128i best, __m128i row) {
  return combine_terms<0, M>(_mm_setzero_si128(), best, _mm_unpacklo_epi8(row, row),
                             _mm_unpackhi_epi8(row, row));
}

/// The suits [first, end) combined, biased.
template <int M>
inline __m128i combine_range(const KeptRows& rows, std::size_t first, std::size_t end) {
  __m128i best = load_kept_row(rows[first]);
  for (std::size_t s = first + 1; s < end; ++s) {
    best = combine_rows<M>(best, load_kept_row(rows[s]));
  }
  return best;
}

/// Most naturals the standard form (one pair, M melds) keeps, from one kept row per suit
/// combined by (max, +) over (melds, pair) splits; negative when no target fits. The suits are
/// combined in two halves, independent chains the processor overlaps, and only the one cell of
/// M melds and the pair is taken from the two. M is a template argument so that the
/// combination unrolls into straight-line SIMD code.
template <int M>
inline int melds_kept(const KeptRows& rows, std::size_t n) {
  constexpr std::size_t kPairLane = kTableMaxMelds + 1;
  if (n == 1) return rows[0][kPairLane + M];
  const std::size_t half = n / 2;
  alignas(16) std::array<std::uint8_t, 16> left;
  alignas(16) std::array<std::uint8_t, 16> right;
  _mm_store_si128(reinterpret_cast<__m128i*>(left.data()), combine_range<M>(rows, 0, half));
  _mm_store_si128(reinterpret_cast<__m128i*>(right.data()), combine_range<M>(rows, half, n));
  int kept = 0;  // biased twice: below 2 * kKeptBias is "none"
  for (std::size_t k = 0; k <= M; ++k) {
    kept = std::max(kept, left[M - k] + right[kPairLane + k]);
    kept = std::max(kept, left[kPairLane + M - k] + right[k]);
  }
  return kept - 2 * kKeptBias;
}

#else

/// Most naturals the standard form (one pair, M melds) keeps, from one kept row per suit
/// combined by (max, +) over (melds, pair) splits; negative when no target fits. Rows hold
/// kKeptNone where a split does not fit, so sums through such a cell stay negative (the other
/// suits keep at most 17 tiles) and no branch is needed. Without SSE2, one cell at a time.
template <int M>
inline int melds_kept(const KeptRows& rows, std::size_t n) {
  constexpr std::size_t kWidth = kTableMaxMelds + 1;
  constexpr auto kCells = static_cast<std::size_t>(M) + 1;
  std::array<int, kCells> best0;
  std::array<int, kCells> best1;
  const std::int8_t* row = rows[0];
  for (std::size_t m = 0; m < kCells; ++m) {
    best0[m] = row[m];
    best1[m] = row[kWidth + m];
  }
  if (n == 1) return best1[M];
  for (std::size_t s = 1; s + 1 < n; ++s) {
    row = rows[s];
    std::array<int, kCells> next0;
    std::array<int, kCells> next1;
    for (std::size_t m = 0; m < kCells; ++m) {
      int v0 = kKeptNone;
      int v1 = kKeptNone;
      for (std::size_t k = 0; k <= m; ++k) {
        v0 = std::max(v0, best0[m - k] + row[k]);
        v1 = std::max(v1, std::max(best0[m - k] + row[kWidth + k], best1[m - k] + row[k]));
      }
      next0[m] = v0;
      next1[m] = v1;
    }
    best0 = next0;
    best1 = next1;
  }
  row = rows[n - 1];
  int kept = kKeptNone;
  for (std::size_t k = 0; k < kCells; ++k) {
    kept = std::max(kept, std::max(best0[M - k] + row[kWidth + k], best1[M - k] + row[k]));
  }
  return kept;
}

#endif

/// melds_kept for a meld count known at run time.
inline int melds_kept_of(int melds, const KeptRows& rows, std::size_t n) {
  static_assert(kTableMaxMelds == 5, "one case per meld count");
  switch (melds) {
    case 0:
      return melds_kept<0>(rows, n);
    case 1:
      return melds_kept<1>(rows, n);
    case 2:
      return melds_kept<2>(rows, n);
    case 3:
      return melds_kept<3>(rows, n);
    case 4:
      return melds_kept<4>(rows, n);
    case 5:
      return melds_kept<5>(rows, n);
    default:
      return kKeptNone;
  }
}

}  // namespace meldgraph::detail
