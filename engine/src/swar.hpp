#pragma once
/// Eight tile counts in one 64-bit word: the byte-wise tricks the fast queries (queries.cpp), the
/// special-form checks (special_forms.cpp) and the lister (listing.cpp) share, and the only place
/// they are written. Counts are bytes below 0x80, so adding or subtracting per byte never carries
/// or borrows into the next byte.

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

}  // namespace meldgraph::swar
