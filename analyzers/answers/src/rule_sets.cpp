/// Rule sets with every section meldgraph reads (rule_sets.hpp).

#include "meldgraph/answers/rule_sets.hpp"

#include <array>

#include "meldgraph/scoring/scoring_rules.hpp"

namespace meldgraph {

std::span<const SectionReader> shipped_sections() {
  static const std::array<SectionReader, 1> sections{scoring_section()};
  return sections;
}

RuleSet load_rules(std::string_view name_or_path) {
  return load_rules(name_or_path, shipped_sections());
}

RuleSet load_rules_from_string(std::string_view yaml, std::string_view origin) {
  return load_rules_from_string(yaml, origin, shipped_sections());
}

}  // namespace meldgraph
