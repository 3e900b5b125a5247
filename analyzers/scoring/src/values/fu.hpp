#pragma once
/// The fu of one reading (fu.cpp), a step of compute_value (values.cpp).

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"

namespace meldgraph::detail {

/// Whether one of `hits` is of a pattern in `patterns` (a value rule's pattern list).
[[nodiscard]] inline bool any_hit(std::span<const PatternHit> hits,
                                  const std::vector<std::uint16_t>& patterns) {
  return std::any_of(hits.begin(), hits.end(), [&](const PatternHit& hit) {
    return std::find(patterns.begin(), patterns.end(), hit.pattern) != patterns.end();
  });
}

/// Fills out.fu and out.fu_parts (cleared first) under `rules`. Each part names its source and,
/// for melds, pairs and waits, its group, so that the parts add up to out.fu. Allocation-free
/// once fu_parts has grown. out.fu is 0 when the rule set has no fu.
void compute_fu(const FuRules& rules, const ScoreFeatures& features,
                std::span<const PatternHit> hits, ReadingValue& out);

}  // namespace meldgraph::detail
