#pragma once
/// The two counting rules the Chinese games need beside the held-pattern relations of
/// patterns.cpp (docs/scoring.md, "How the relations apply"): how often a counted pattern counts
/// (Pattern::times: MCR's 幺九刻 per pung, 花牌 per flower), and relations applied in order
/// (PatternRules::relations_counted: only a pattern that counts removes others). Internal to
/// the engine.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/features.hpp"

namespace meldgraph {
/// A set of pattern indices, as words, so that the relations visit only the patterns held.
struct PatternBits {
  static constexpr std::size_t kWords = (kMaxPatterns + 63) / 64;
  std::array<std::uint64_t, kWords> words{};

  void set(std::size_t i) { words[i / 64] |= std::uint64_t{1} << (i % 64); }
  void reset(std::size_t i) { words[i / 64] &= ~(std::uint64_t{1} << (i % 64)); }
  [[nodiscard]] bool test(std::size_t i) const { return ((words[i / 64] >> (i % 64)) & 1U) != 0; }
  [[nodiscard]] bool any() const {
    return std::any_of(words.begin(), words.end(), [](std::uint64_t w) { return w != 0; });
  }
  /// Calls `visit(i)` for every index in the set, in increasing order.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (std::size_t w = 0; w < kWords; ++w) {
      for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
        visit(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      }
    }
  }
  PatternBits& operator&=(const PatternBits& other) {
    for (std::size_t w = 0; w < kWords; ++w) words[w] &= other.words[w];
    return *this;
  }
  /// This set without the indices of `other`.
  PatternBits& remove(const PatternBits& other) {
    for (std::size_t w = 0; w < kWords; ++w) words[w] &= ~other.words[w];
    return *this;
  }
};
}  // namespace meldgraph

namespace meldgraph::patterns {

class SetInstances;
/// Pattern `index`'s `times` count for `features` (it has one): the largest n (at least 1, at
/// most 254) for which its predicate holds with `min: n`, a `sets` count read off `instances`
/// (the record's: SetInstances, which the evaluation listed already for most shapes). Call it
/// only for a pattern whose condition held. Allocation-free.
[[nodiscard]] std::uint8_t counted_times(const PatternRules& rules, std::size_t index,
                                         const ScoreFeatures& features, SetInstances& instances);
/// Pattern `index`'s count: 1 when it has no `times`, else counted_times.
[[nodiscard]] inline std::uint8_t pattern_times(const PatternRules& rules, std::size_t index,
                                                const ScoreFeatures& features,
                                                SetInstances& instances) {
  return rules.program.entries[index].times == PatternProgram::kNoTest
             ? 1
             : counted_times(rules, index, features, instances);
}

/// relations: counted. The patterns of `held` that a counting pattern removes: visiting the
/// patterns in the rule file's order, a held pattern not yet removed counts and removes those it
/// excludes and those that name it in implied_by. (So the order matters: a rule file using it
/// lists its patterns from the highest value down.)
[[nodiscard]] PatternBits removed_in_order(const PatternRules& rules, const PatternBits& held);

}  // namespace meldgraph::patterns
