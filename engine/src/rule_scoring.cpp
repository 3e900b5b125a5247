/// The `scoring` section's own keys (rule_scoring.hpp): which unit patterns count in, then the
/// patterns and the value rules, each read by its own file.

#include "rule_scoring.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "rule_readers.hpp"

namespace meldgraph {

std::string_view scoring_unit_name(ScoringUnit unit) {
  switch (unit) {
    case ScoringUnit::han:
      return "han";
    case ScoringUnit::fan:
      return "fan";
    case ScoringUnit::faan:
      return "faan";
    case ScoringUnit::tai:
      return "tai";
    case ScoringUnit::points:
      return "points";
    case ScoringUnit::hua:
      return "hua";
  }
  return "han";
}

namespace rule_file {

std::shared_ptr<const ScoringRules> read_scoring(const ScoringContext& context,
                                                 const Item* scoring) {
  if (scoring == nullptr) return nullptr;
  const Value& map = expect_map(*scoring);
  // `inherit` (false: this section replaces the parent's whole) is read by the merge.
  std::vector<std::string_view> keys{"unit", "inherit"};
  for (const auto part : {pattern_rule_keys(), value_rule_keys()}) {
    keys.insert(keys.end(), part.begin(), part.end());
  }
  check_keys(map, std::span<const std::string_view>(keys), "scoring", context.diagnostics);

  auto rules = std::make_shared<ScoringRules>();
  if (const Item* unit = map.find("unit")) {
    context.diagnostics.attempt([&] {
      rules->unit = static_cast<ScoringUnit>(
          read_choice(*unit, "scoring.unit", {"han", "fan", "faan", "tai", "points", "hua"}));
    });
  }
  context.diagnostics.attempt(
      [&] { read_pattern_rules(context, map, rules->unit, rules->patterns); });
  context.diagnostics.attempt(
      [&] { read_value_rules(context, map, rules->unit, rules->patterns, rules->values); });
  return rules;
}

}  // namespace rule_file
}  // namespace meldgraph
