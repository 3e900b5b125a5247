/// The `scoring` section's own keys (section.hpp): which unit patterns count in, then the
/// patterns and the value rules, each read by its own file; the section's reader for the loader
/// and its place in the rule set.

#include "section/section.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "meldgraph/loader/rule_readers.hpp"

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

std::shared_ptr<const RuleSection> read_scoring(const ScoringContext& context,
                                                const Item* scoring) {
  if (scoring == nullptr) return nullptr;
  const Value& map = expect_map(*scoring);
  // `inherit` (false: this section replaces the parent's whole) is read by the merge.
  std::vector<std::string_view> keys{"unit", "inherit"};
  for (const auto part : {pattern_rule_keys(), value_rule_keys()}) {
    keys.insert(keys.end(), part.begin(), part.end());
  }
  check_keys(map, std::span<const std::string_view>(keys), "scoring", context.diagnostics);

  ScoringRules rules;
  if (const Item* unit = map.find("unit")) {
    context.diagnostics.attempt([&] {
      rules.unit = static_cast<ScoringUnit>(
          read_choice(*unit, "scoring.unit", {"han", "fan", "faan", "tai", "points", "hua"}));
    });
  }
  context.diagnostics.attempt([&] { read_pattern_rules(context, map, rules.unit, rules.patterns); });
  context.diagnostics.attempt(
      [&] { read_value_rules(context, map, rules.unit, rules.patterns, rules.values); });
  return std::make_shared<const ScoringSection>(std::move(rules));
}

void ScoringSection::write_yaml(const RuleSet& rules, std::string& out) const {
  out += "scoring:\n";
  out += "  unit: " + std::string(scoring_unit_name(rules_.unit)) + "\n";
  write_value_rules(rules, rules_.values, out);
  write_pattern_rules(rules, rules_.patterns, out);
}

}  // namespace rule_file

const SectionReader& scoring_section() {
  static const SectionReader reader{"scoring", &rule_file::read_scoring, true};
  return reader;
}

const ScoringRules* scoring_rules(const RuleSet& rules) {
  const auto* section = dynamic_cast<const rule_file::ScoringSection*>(rules.section("scoring"));
  return section != nullptr ? &section->rules() : nullptr;
}

}  // namespace meldgraph
