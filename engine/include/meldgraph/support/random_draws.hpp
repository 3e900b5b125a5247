#pragma once
/// Portable random draws: the same seed gives the same numbers with every standard library.
///
/// The standard fixes the output sequence of std::mt19937_64 but not the algorithms of
/// std::uniform_int_distribution, std::bernoulli_distribution or std::shuffle, so those give
/// different values under libstdc++, libc++ and MSVC. Every draw here is written out on top of the
/// raw 64-bit outputs instead. RandomHands draws through this type, and so do the tests' own hand
/// generators, so that a seed names the same hands everywhere.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <random>

namespace meldgraph {

/// A seeded source of portable draws over std::mt19937_64 (2.5 kB of state). Not thread-safe:
/// give each thread its own.
class RandomDraws {
 public:
  explicit RandomDraws(std::uint64_t seed) : engine_(seed) {}

  /// The next raw output of std::mt19937_64.
  std::uint64_t next() { return engine_(); }

  /// A number uniform in [0, bound), bound > 0, without modulo bias: outputs below 2^64 mod bound
  /// (the incomplete last block of the range) are rejected and drawn again.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t threshold = (std::uint64_t{0} - bound) % bound;
    for (;;) {
      const std::uint64_t value = engine_();
      if (value >= threshold) return value % bound;
    }
  }

  /// An integer uniform in [low, high], low <= high.
  int between(int low, int high) {
    const auto span = static_cast<std::uint64_t>(static_cast<std::int64_t>(high) - low) + 1;
    return static_cast<int>(static_cast<std::int64_t>(low) +
                            static_cast<std::int64_t>(below(span)));
  }

  /// True with probability p (0 <= p <= 1), to 2^-53: the top 53 bits of one output, as an
  /// integer, are compared with p scaled to 2^53 (exact in IEEE doubles for every p in range).
  bool chance(double p) {
    constexpr double kScale = 9007199254740992.0;  // 2^53
    return static_cast<double>(engine_() >> 11) < p * kScale;
  }

  /// Shuffles the first `count` places of [first, last) (a partial Fisher-Yates shuffle): they
  /// are then a uniform sample without replacement of the range, whatever its order before.
  template <class RandomIt>
  void sample_front(RandomIt first, RandomIt last, std::size_t count) {
    const auto size = static_cast<std::size_t>(std::distance(first, last));
    for (std::size_t i = 0; i < count && i + 1 < size; ++i) {
      const std::size_t j = i + static_cast<std::size_t>(below(size - i));
      std::iter_swap(first + static_cast<std::ptrdiff_t>(i),
                     first + static_cast<std::ptrdiff_t>(j));
    }
  }

  /// A uniform permutation of [first, last).
  template <class RandomIt>
  void shuffle(RandomIt first, RandomIt last) {
    sample_front(first, last, static_cast<std::size_t>(std::distance(first, last)));
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace meldgraph
