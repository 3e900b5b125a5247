/// explain_pattern (pattern_rules.hpp): why a pattern did or did not count for one reading, for
/// rule authors (`meldgraph explain`). It reads the conditions by the condition walk
/// (condition_holds), the reference the compiled program is tested against, and applies the
/// relations in evaluate_patterns' order (docs/scoring.md, "Patterns"): a limit pattern
/// replacing ordinary ones, then excludes and implied_by, then only_without.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <range/v3/algorithm/any_of.hpp>
#include <range/v3/algorithm/find_if.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/iota.hpp>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "patterns/counts.hpp"
#include "patterns/predicates.hpp"
#include "patterns/program.hpp"

namespace meldgraph {

namespace {

using patterns::PatternSet;

/// The patterns that may count at all for `features` (enabled, and closed when closed-only)
/// and whose conditions hold.
PatternSet holding(const PatternRules& rules, const ScoreFeatures& features) {
  const auto admitted_and_holds = [&](std::size_t i) {
    const Pattern& p = rules.patterns[i];
    return p.enabled && (p.value.open_allowed || features.closed_hand) &&
           patterns::condition_holds(rules, p.when, features);
  };
  PatternSet held;
  for (const std::size_t i : ranges::views::iota(std::size_t{0}, rules.patterns.size()) |
                                 ranges::views::filter(admitted_and_holds)) {
    held.set(i);
  }
  return held;
}

/// Why pattern `index`, whose condition holds, did not count: the relation that removed it.
std::string relation_removing(const PatternRules& rules, const ScoreFeatures& features,
                              std::size_t index, std::span<const PatternHit> hits) {
  const Pattern& pattern = rules.patterns[index];
  const auto indices = ranges::views::iota(std::size_t{0}, rules.patterns.size());
  PatternSet held = holding(rules, features);
  PatternSet limits;
  held.for_each([&](std::size_t i) {
    if (rules.patterns[i].value.yakuman > 0) limits.set(i);
  });
  if (rules.limits_replace && limits.any()) {
    if (pattern.value.yakuman == 0) {
      const auto first = ranges::find_if(indices, [&](std::size_t i) { return limits.test(i); });
      return "replaced by the limit pattern " + rules.patterns[*first].id;
    }
    held = limits;
  }
  if (rules.relations_counted) {
    // Only a pattern that counts removes others: blame one that did.
    held.remove(patterns::removed_in_order(patterns::program_of(rules), held));
  }
  const auto excludes_it = [&](std::size_t i) {
    return held.test(i) &&
           ranges::any_of(rules.patterns[i].excludes, [&](std::uint16_t e) { return e == index; });
  };
  if (const auto excluder = ranges::find_if(indices, excludes_it);
      excluder != ranges::end(indices)) {
    return "excluded by " + rules.patterns[*excluder].id;
  }
  for (const std::uint16_t q : pattern.implied_by) {
    if (held.test(q)) return "implied by " + rules.patterns[q].id;
  }
  if (pattern.only_without && !hits.empty()) {
    return "counts only without other patterns; " + rules.patterns[hits.front().pattern].id +
           " counted";
  }
  return "not counted";
}

}  // namespace

std::string explain_pattern(const ScoringRules& rules, const ScoreFeatures& features,
                            std::size_t index, std::span<const PatternHit> hits) {
  const PatternRules& patterns = rules.patterns;
  const Pattern& pattern = patterns.patterns[index];
  if (ranges::any_of(hits, [&](const PatternHit& hit) { return hit.pattern == index; })) {
    return "counted";
  }
  if (!pattern.enabled) return "disabled";
  if (!pattern.value.open_allowed && !features.closed_hand) return "closed hands only";
  const patterns::WriteContext context{*features.rules, patterns};
  const std::string failing = patterns::first_failing_part(context, pattern.when, features);
  if (!failing.empty()) return "no: " + failing;
  return relation_removing(patterns, features, index, hits);
}

}  // namespace meldgraph
