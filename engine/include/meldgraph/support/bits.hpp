#pragma once
/// Sets of small indices kept as bits: walking the set bits of a word, and a fixed-size set of
/// indices over several words (the patterns of a rule set, the tests of a compiled program).
/// Everything here is inline and allocation-free: it runs on the engine's and the scorer's hot
/// paths, where a loop over set_bits() compiles to the same count-trailing-zeros loop as one
/// written out by hand.

#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace meldgraph {

/// The indices of the set bits of `word`, ascending, as a range: `for (int t : set_bits(mask))`.
/// The range holds a copy of the word: changing the original while walking does not change the
/// walk.
template <std::unsigned_integral Word>
class SetBits {
 public:
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = int;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = int;

    constexpr Iterator() = default;
    constexpr explicit Iterator(Word rest) : rest_(rest) {}
    /// The lowest set bit not yet visited.
    [[nodiscard]] constexpr int operator*() const { return std::countr_zero(rest_); }
    constexpr Iterator& operator++() {
      rest_ &= rest_ - 1;  // clears the lowest set bit
      return *this;
    }
    constexpr Iterator operator++(int) {
      Iterator before = *this;
      ++*this;
      return before;
    }
    friend constexpr bool operator==(const Iterator&, const Iterator&) = default;

   private:
    Word rest_ = 0;  ///< the bits not yet visited
  };

  constexpr explicit SetBits(Word word) : word_(word) {}
  [[nodiscard]] constexpr Iterator begin() const { return Iterator(word_); }
  [[nodiscard]] constexpr Iterator end() const { return Iterator(0); }

 private:
  Word word_;
};

/// The set bits of `word`, lowest first (SetBits).
template <std::unsigned_integral Word>
[[nodiscard]] constexpr SetBits<Word> set_bits(Word word) {
  return SetBits<Word>(word);
}

/// A set of indices [0, Size) kept as 64-bit words, word w holding indices [64 w, 64 w + 64).
/// A value type: copying it copies the words.
template <std::size_t Size>
class BitSet {
 public:
  static constexpr std::size_t kWords = (Size + 63) / 64;
  using Words = std::array<std::uint64_t, kWords>;

  /// The empty set.
  constexpr BitSet() : words_{} {}
  /// A set whose words are left uninitialised, for a large set of which a caller uses the first
  /// few words only: it clears those (words()) before any use and never reads the others, so
  /// that it does not pay for clearing all of them. Not constexpr: GCC folds a constexpr call
  /// into a constant, all zero, and clears the set by copying it.
  [[nodiscard]] static BitSet uninitialised() { return BitSet(Uninitialised{}); }

  [[nodiscard]] constexpr bool test(std::size_t index) const {
    return ((words_[index / 64] >> (index % 64)) & 1U) != 0;
  }
  constexpr void set(std::size_t index) { words_[index / 64] |= bit(index); }
  constexpr void reset(std::size_t index) { words_[index / 64] &= ~bit(index); }
  constexpr void clear() { words_ = {}; }

  [[nodiscard]] constexpr bool any() const {
    for (const std::uint64_t word : words_) {
      if (word != 0) return true;
    }
    return false;
  }
  [[nodiscard]] constexpr int count() const {
    int total = 0;
    for (const std::uint64_t word : words_) total += std::popcount(word);
    return total;
  }

  /// Calls `visit(index)` for every index in the set, ascending.
  template <class Visit>
  constexpr void for_each(Visit&& visit) const {
    for (std::size_t w = 0; w < kWords; ++w) {
      for (const int bit_index : set_bits(words_[w])) {
        visit(w * 64 + static_cast<std::size_t>(bit_index));
      }
    }
  }

  constexpr BitSet& operator|=(const BitSet& other) {
    for (std::size_t w = 0; w < kWords; ++w) words_[w] |= other.words_[w];
    return *this;
  }
  constexpr BitSet& operator&=(const BitSet& other) {
    for (std::size_t w = 0; w < kWords; ++w) words_[w] &= other.words_[w];
    return *this;
  }
  /// Removes every index of `other`.
  constexpr BitSet& remove(const BitSet& other) {
    for (std::size_t w = 0; w < kWords; ++w) words_[w] &= ~other.words_[w];
    return *this;
  }
  friend constexpr bool operator==(const BitSet&, const BitSet&) = default;

  /// The words, for code that works a word at a time.
  [[nodiscard]] constexpr const Words& words() const { return words_; }
  [[nodiscard]] constexpr Words& words() { return words_; }

 private:
  static constexpr std::uint64_t bit(std::size_t index) { return std::uint64_t{1} << (index % 64); }
  struct Uninitialised {};
  explicit BitSet(Uninitialised /*unused*/) {}  // NOLINT: words_ left uninitialised
  Words words_;
};

}  // namespace meldgraph
