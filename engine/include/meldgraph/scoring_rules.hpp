#pragma once
/// The `scoring` section of a rule set, frozen at load (RuleSet::scoring()): the unit patterns
/// are counted in, the patterns (pattern_rules.hpp) and what they are worth (value_rules.hpp).

#include <cstdint>
#include <string_view>

#include "meldgraph/pattern_rules.hpp"
#include "meldgraph/value_rules.hpp"

namespace meldgraph {

/// What a pattern's value counts.
enum class ScoringUnit : std::uint8_t { han, fan, faan, tai, points, hua };

[[nodiscard]] std::string_view scoring_unit_name(ScoringUnit unit);

struct ScoringRules {
  ScoringUnit unit = ScoringUnit::han;
  PatternRules patterns;
  ValueRules values;
};

}  // namespace meldgraph
