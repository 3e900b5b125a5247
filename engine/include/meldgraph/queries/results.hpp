#pragma once
/// The results of compute_shanten, compute_waits and improving_tiles (shanten.hpp), assembled
/// from the queries (queries.hpp): the same values, from the lookup tables wherever they answer
/// the hand, and from the exact search everywhere else. The analyzers call these; the compute_*
/// functions stay the search, the definition the tests compare against.

#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/shanten/shanten.hpp"

namespace meldgraph {

/// Equal to compute_shanten(rules, hand), errors included.
[[nodiscard]] ShantenResult shanten_from_queries(const RuleSet& rules, const Hand& hand);

/// Equal to compute_waits(rules, hand, visible), errors included.
[[nodiscard]] Waits waits_from_queries(const RuleSet& rules, const Hand& hand,
                                       const TileCounts* visible);

/// Equal to improving_tiles(rules, hand, visible), errors included.
[[nodiscard]] std::vector<Improvement> improving_from_queries(const RuleSet& rules,
                                                              const Hand& hand,
                                                              const TileCounts* visible);

}  // namespace meldgraph
