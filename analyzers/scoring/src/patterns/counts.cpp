/// pattern_times and removed_in_order (counts.hpp). A counted predicate compares a count with its
/// range; its count is read back by raising the range's minimum until the predicate fails, so that
/// every counted predicate of the registry is a `times` without a second, counting evaluator to
/// keep in step with the first (one place for each fact).

#include "patterns/counts.hpp"

#include <algorithm>

#include "patterns/evals.hpp"
#include "patterns/predicates.hpp"

namespace meldgraph::patterns {

std::uint8_t counted_times(const PatternProgram& program, std::size_t index,
                           const ScoreFeatures& features, SetInstances& instances) {
  ConditionNode probe = program.tests[program.entries[index].times];
  const PredicateSpec& spec = predicate_registry()[probe.op - kFirstPredicate];
  // A counted predicate holds with `min: n` (no max) exactly while n <= its count. A `sets`
  // count is its instances' (count_sets without its screen, which only answers 0 sooner).
  const int count = probe.op == kSetsOp     ? instances.found(probe)
                    : spec.count != nullptr ? spec.count(probe, features)
                                            : -1;
  if (count >= 0) return static_cast<std::uint8_t>(std::clamp(count, 1, 254));
  const PredicateEval eval = spec.eval;
  // Invariant: the predicate held with min n - 1 (n = 1: the condition held, at least once).
  probe.range.max = 0x7FFF;
  int n = 1;
  for (; n < 255; ++n) {
    probe.range.min = static_cast<std::int16_t>(n);
    if (!eval(probe, features)) break;
  }
  return static_cast<std::uint8_t>(n > 1 ? n - 1 : 1);
}

PatternSet removed_in_order(const PatternProgram& program, const PatternSet& held) {
  PatternSet removed;
  // In increasing order: a held pattern not removed by an earlier one counts.
  held.for_each([&](std::size_t i) {
    if (!removed.test(i)) removed |= program.removes[i];
  });
  return removed;
}

}  // namespace meldgraph::patterns
