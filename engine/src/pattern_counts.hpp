#pragma once
/// The two counting rules the Chinese games need beside the held-pattern relations of
/// patterns.cpp (docs/scoring.md, "How the relations apply"): how often a counted pattern counts
/// (Pattern::times: MCR's 幺九刻 per pung, 花牌 per flower), and relations applied in order
/// (PatternRules::relations_counted: only a pattern that counts removes others). Internal to
/// the engine.

#include <bitset>
#include <cstdint>

#include "meldgraph/pattern_rules.hpp"
#include "meldgraph/score_features.hpp"

namespace meldgraph {
using PatternBits = std::bitset<kMaxPatterns>;
}  // namespace meldgraph

namespace meldgraph::patterns {

/// Pattern `index`'s count for `features`: 1 when it has no `times`, else the largest n (at least
/// 1, at most 254) for which its predicate holds with `min: n`. Call it only for a pattern whose
/// condition held. Allocation-free.
[[nodiscard]] std::uint8_t counted_times(const PatternRules& rules, std::size_t index,
                                         const ScoreFeatures& features);
[[nodiscard]] inline std::uint8_t pattern_times(const PatternRules& rules, std::size_t index,
                                                const ScoreFeatures& features) {
  return rules.patterns[index].times == Pattern::kNoTimes ? 1
                                                          : counted_times(rules, index, features);
}

/// relations: counted. The patterns of `held` that a counting pattern removes: visiting the
/// patterns in the rule file's order, a held pattern not yet removed counts and removes those it
/// excludes and those that name it in implied_by. (So the order matters: a rule file using it
/// lists its patterns from the highest value down.)
[[nodiscard]] PatternBits removed_in_order(const PatternRules& rules, const PatternBits& held);

}  // namespace meldgraph::patterns
