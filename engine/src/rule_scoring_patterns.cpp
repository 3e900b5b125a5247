/// `scoring.patterns`: each pattern's id, names, value, condition and relations
/// (rule_scoring.hpp). The condition language is in docs/scoring.md, "Patterns".

#include "rule_scoring.hpp"

namespace meldgraph::rule_file {

namespace {
constexpr std::string_view kPatternKeys[] = {"patterns"};
}  // namespace

std::span<const std::string_view> pattern_rule_keys() { return kPatternKeys; }

void read_pattern_rules(const ScoringContext& /*context*/, const Value& scoring,
                        ScoringUnit /*unit*/, PatternRules& /*out*/) {
  // Skeleton: the pattern language is being written (issue 12); until then a rule file that
  // declares patterns is refused rather than silently scored as if it had none.
  if (const Item* patterns = scoring.find("patterns")) {
    fail(patterns->key_where, "scoring.patterns is not supported yet");
  }
}

void write_pattern_rules(const RuleSet& /*rules*/, const PatternRules& /*patterns*/,
                         std::string& /*out*/) {}

}  // namespace meldgraph::rule_file
