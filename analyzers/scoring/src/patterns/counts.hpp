#pragma once
/// The two counting rules the Chinese games need beside the held-pattern relations of
/// evaluate.cpp (docs/scoring.md, "How the relations apply"): how often a counted pattern counts
/// (Pattern::times: MCR's 幺九刻 per pung, 花牌 per flower), and relations applied in order
/// (PatternRules::relations_counted: only a pattern that counts removes others). Internal to
/// scoring.

#include <cstddef>
#include <cstdint>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "patterns/program.hpp"

namespace meldgraph::patterns {

class SetInstances;
/// Pattern `index`'s `times` count for `features` (it has one): the largest n (at least 1, at
/// most 254) for which its predicate holds with `min: n`, a `sets` count read off `instances`
/// (the record's: SetInstances, which the evaluation listed already for most shapes). Call it
/// only for a pattern whose condition held. Allocation-free.
[[nodiscard]] std::uint8_t counted_times(const PatternProgram& program, std::size_t index,
                                         const ScoreFeatures& features, SetInstances& instances);
/// Pattern `index`'s count: 1 when it has no `times`, else counted_times.
[[nodiscard]] inline std::uint8_t pattern_times(const PatternProgram& program, std::size_t index,
                                                const ScoreFeatures& features,
                                                SetInstances& instances) {
  return program.entries[index].times == PatternProgram::kNoTest
             ? 1
             : counted_times(program, index, features, instances);
}

/// relations: counted. The patterns of `held` that a counting pattern removes: visiting the
/// patterns in the rule file's order, a held pattern not yet removed counts and removes those it
/// excludes and those that name it in implied_by. (So the order matters: a rule file using it
/// lists its patterns from the highest value down.)
[[nodiscard]] PatternSet removed_in_order(const PatternProgram& program, const PatternSet& held);

}  // namespace meldgraph::patterns
