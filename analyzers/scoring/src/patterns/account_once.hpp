#pragma once
/// 套算一次 (account once), MCR's rule for the fans that combine melds (docs/scoring.md, "MCR",
/// "Account once"): applied to a reading's counted patterns by evaluate_patterns, in one step of
/// its own. Internal to scoring.

#include <vector>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "patterns/predicates.hpp"

namespace meldgraph::patterns {

/// When `rules.account_once` names patterns: each governed hit of `hits` is re-counted as the
/// number of its instances (sets of melds) in the best choice of instances whose melds, joined
/// instance by instance, never close a cycle (each instance of k melds joins k melds that were
/// not yet connected); a hit left with no instance is removed. The best choice has the most
/// units; among equals the first in instance order (patterns in rule-file order, instances in
/// set_instances' order). The instances are the record's, listed by `instances` (most already,
/// by the evaluation of the patterns' conditions). Does nothing when the rule set governs none.
/// Allocation-free.
void account_once(const PatternRules& rules, std::vector<PatternHit>& hits,
                  SetInstances& instances);

}  // namespace meldgraph::patterns
