/// The value keys of `scoring` (rule_scoring.hpp): fu, dora, points tables, limits, payments.
/// docs/scoring.md, "Values", describes them.

#include "rule_scoring.hpp"

namespace meldgraph::rule_file {

std::span<const std::string_view> value_rule_keys() { return {}; }

void read_value_rules(const ScoringContext& /*context*/, const Value& /*scoring*/,
                      ScoringUnit /*unit*/, ValueRules& /*out*/) {}

void write_value_rules(const RuleSet& /*rules*/, const ValueRules& /*values*/,
                       std::string& /*out*/) {}

}  // namespace meldgraph::rule_file
