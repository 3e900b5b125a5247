#pragma once
/// The `scoring` section of a rule set, frozen at load (scoring_rules(rules)): the unit patterns
/// are counted in, the patterns (pattern_rules.hpp) and what they are worth (value_rules.hpp).
/// The loader reads it through scoring_section(), the SectionReader scoring gives it.

#include <cstdint>
#include <string_view>

#include "meldgraph/loader/loader.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"

namespace meldgraph {

/// What a pattern's value counts.
enum class ScoringUnit : std::uint8_t { han, fan, faan, tai, points, hua };

[[nodiscard]] std::string_view scoring_unit_name(ScoringUnit unit);

struct ScoringRules {
  ScoringUnit unit = ScoringUnit::han;
  PatternRules patterns;
  ValueRules values;
};

/// The reader of rule files' `scoring:` section, for the loader (loader/loader.hpp): it reads the
/// section into ScoringRules, checking every key, and says when scored_only forms win.
[[nodiscard]] const SectionReader& scoring_section();

/// The scoring rules of `rules`, or null when the rule set has no `scoring` section (it then only
/// analyses shapes).
[[nodiscard]] const ScoringRules* scoring_rules(const RuleSet& rules);

}  // namespace meldgraph
