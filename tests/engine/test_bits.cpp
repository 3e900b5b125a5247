/// The bit helpers (meldgraph/support/bits.hpp) against the plain definitions: the set bits of a
/// word are the indices whose bit is set, ascending; a BitSet holds exactly the indices set, over
/// several words. Random words and sets, compared with a loop over every index.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "meldgraph/support/bits.hpp"
#include "meldgraph/support/random_draws.hpp"

using namespace meldgraph;

TEST_CASE("set_bits walks the set bits of a word, lowest first", "[bits]") {
  RandomDraws draws(7);
  for (int round = 0; round < 2000; ++round) {
    // Sparse and dense words, and the edges (0, the top bit alone, every bit).
    std::uint64_t word = draws.next() & draws.next();
    if (round % 3 == 0) word = draws.next();
    if (round == 0) word = 0;
    if (round == 1) word = std::uint64_t{1} << 63;
    if (round == 2) word = ~std::uint64_t{0};
    std::vector<int> expected;
    for (int i = 0; i < 64; ++i) {
      if ((word >> i & 1U) != 0) expected.push_back(i);
    }
    std::vector<int> walked;
    for (const int bit : set_bits(word)) walked.push_back(bit);
    REQUIRE(walked == expected);
  }
  // Narrower words walk their own width.
  std::vector<int> small;
  for (const int bit : set_bits(std::uint8_t{0b1010'0001})) small.push_back(bit);
  CHECK(small == std::vector<int>{0, 5, 7});
}

TEST_CASE("BitSet holds exactly the indices set, across words", "[bits]") {
  RandomDraws draws(11);
  for (int round = 0; round < 300; ++round) {
    BitSet<200> bits;
    BitSet<200> other;
    std::set<std::size_t> expected;
    std::set<std::size_t> expected_other;
    for (int i = 0; i < 60; ++i) {
      const auto index = static_cast<std::size_t>(draws.below(200));
      if (draws.chance(0.7)) {
        bits.set(index);
        expected.insert(index);
      } else {
        bits.reset(index);
        expected.erase(index);
      }
      const auto index_other = static_cast<std::size_t>(draws.below(200));
      other.set(index_other);
      expected_other.insert(index_other);
    }
    std::vector<std::size_t> visited;
    bits.for_each([&](std::size_t index) { visited.push_back(index); });
    REQUIRE(visited == std::vector<std::size_t>(expected.begin(), expected.end()));
    REQUIRE(bits.count() == static_cast<int>(expected.size()));
    REQUIRE(bits.any() == !expected.empty());
    for (std::size_t index = 0; index < 200; ++index) {
      REQUIRE(bits.test(index) == (expected.count(index) == 1));
    }
    BitSet<200> both = bits;
    both &= other;
    BitSet<200> either = bits;
    either |= other;
    BitSet<200> only = bits;
    only.remove(other);
    for (std::size_t index = 0; index < 200; ++index) {
      const bool in = expected.count(index) == 1;
      const bool in_other = expected_other.count(index) == 1;
      REQUIRE(both.test(index) == (in && in_other));
      REQUIRE(either.test(index) == (in || in_other));
      REQUIRE(only.test(index) == (in && !in_other));
    }
    bits.clear();
    REQUIRE_FALSE(bits.any());
  }
}

TEST_CASE("an uninitialised BitSet holds what is set once its words in use are cleared", "[bits]") {
  auto bits = BitSet<2048>::uninitialised();
  // The first three words are used, the others never read.
  std::fill_n(bits.words().begin(), 3, std::uint64_t{0});
  for (std::size_t index = 0; index < 192; ++index) REQUIRE_FALSE(bits.test(index));
  bits.set(0);
  bits.set(70);
  bits.set(191);
  for (std::size_t index = 0; index < 192; ++index) {
    REQUIRE(bits.test(index) == (index == 0 || index == 70 || index == 191));
  }
  bits.reset(70);
  REQUIRE_FALSE(bits.test(70));
}
