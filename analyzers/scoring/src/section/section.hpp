#pragma once
/// The `scoring` section of a rule file: the section's own keys (section.cpp), its patterns
/// (patterns.cpp) and its value rules (values.cpp), read for the loader through
/// scoring_section() (scoring_rules.hpp); nothing here knows YAML. Each part reads its own keys from the located tree,
/// records every problem in the diagnostics and goes on, like the other sections.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/loader/loader.hpp"
#include "meldgraph/loader/rule_tree.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"

namespace meldgraph::rule_file {

/// What the scoring readers may consult: the tile table the rule set will hold (to resolve tile
/// codes and classes), the forms already read (a condition may name one), the diagnostics, and
/// the place blamed when no key is.
using ScoringContext = SectionContext;

/// The frozen section as the rule set keeps it (RuleSection): the scoring rules, written back
/// by `rules dump`.
class ScoringSection final : public RuleSection {
 public:
  explicit ScoringSection(ScoringRules rules) : rules_(std::move(rules)) {}
  [[nodiscard]] const ScoringRules& rules() const { return rules_; }
  void write_yaml(const RuleSet& rules, std::string& out) const override;

 private:
  ScoringRules rules_;
};

/// The keys of `scoring` the pattern rules read (patterns, tile sets, ...) and those the value
/// rules read (fu, dora, points, ...), for the unknown-key check.
[[nodiscard]] std::span<const std::string_view> pattern_rule_keys();
[[nodiscard]] std::span<const std::string_view> value_rule_keys();

/// Reads the pattern keys of the `scoring` map (pattern_rule_keys()) into `out`.
void read_pattern_rules(const ScoringContext& context, const Value& scoring, ScoringUnit unit,
                        PatternRules& out);
/// Reads the value keys of the `scoring` map (value_rule_keys()) into `out`. Runs after
/// read_pattern_rules: the keys that name patterns (fu.no_self_draw_fu_with, minimum.excluding,
/// payments.pao) are resolved against `patterns`.
void read_value_rules(const ScoringContext& context, const Value& scoring, ScoringUnit unit,
                      const PatternRules& patterns, ValueRules& out);

/// The whole `scoring` section (null item: none), or null when there is none.
[[nodiscard]] std::shared_ptr<const RuleSection> read_scoring(const ScoringContext& context,
                                                              const Item* scoring);

/// dump_rules' writers: `  patterns:` with every pattern, and the value keys, at two spaces.
void write_pattern_rules(const RuleSet& rules, const PatternRules& patterns, std::string& out);
void write_value_rules(const RuleSet& rules, const ValueRules& values, std::string& out);

}  // namespace meldgraph::rule_file
