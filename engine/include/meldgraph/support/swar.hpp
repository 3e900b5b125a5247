#pragma once
/// Eight tile counts in one 64-bit word: the byte-wise tricks the fast queries
/// (queries/hand_view.hpp and the query files), the special-form checks
/// (tables/special_forms.cpp) and the lister (search/listing.cpp) share, and the only place they
/// are written. Counts are bytes below 0x80, so adding or subtracting per byte never carries or
/// borrows into the next byte; each function states what more it needs of its bytes.

#include <cstdint>
#include <cstring>

namespace meldgraph::swar {

inline constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
inline constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
inline constexpr std::uint64_t kLowNibbles = 0x0F0F0F0F0F0F0F0FULL;

/// Eight bytes from any address (an unaligned load).
inline std::uint64_t load_word(const std::uint8_t* bytes) {
  std::uint64_t x = 0;
  std::memcpy(&x, bytes, sizeof x);
  return x;
}

/// Sum of the eight bytes of a word whose bytes add up to less than 256.
constexpr int byte_sum(std::uint64_t x) {
  return static_cast<int>((x * kOnes) >> 56);
}

/// The high bits of the eight bytes, gathered into the low byte (bit i from byte i).
constexpr std::uint64_t gather_high_bits(std::uint64_t high) {
  return ((high >> 7) * 0x0102040810204080ULL) >> 56;
}

/// High bit of each byte of `x` (bytes below 128) that is at least the matching byte of
/// `bounds` (bytes 0..128, `n * kOnes` for one bound n): no byte borrows, since each starts at
/// 128 or more. `bytes_at_least(x, kOnes)` marks the non-zero bytes.
constexpr std::uint64_t bytes_at_least(std::uint64_t x, std::uint64_t bounds) {
  return ((x | kHigh) - bounds) & kHigh;
}

/// Base 5 of eight digits, byte 0 lowest: pairs, then quads, then the two halves (each step's
/// lanes hold the partial sums without overflow: 24, 624, 390624).
constexpr std::uint32_t base5(std::uint64_t x) {
  constexpr std::uint64_t kLanes16 = 0x00FF00FF00FF00FFULL;
  constexpr std::uint64_t kLanes32 = 0x0000FFFF0000FFFFULL;
  const std::uint64_t pairs = (x & kLanes16) + ((x >> 8) & kLanes16) * 5;
  const std::uint64_t quads = (pairs & kLanes32) + ((pairs >> 16) & kLanes32) * 25;
  return static_cast<std::uint32_t>((quads & 0xFFFFFFFFULL) + (quads >> 32) * 625);
}

/// Bits set in `x`, inline: without -mpopcnt std::popcount is a library call, which costs more
/// than the rest of a typical check.
constexpr int count_bits(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & kLowNibbles;
  return byte_sum(x);
}

}  // namespace meldgraph::swar
