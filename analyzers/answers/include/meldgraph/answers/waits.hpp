#pragma once
/// The answer to "which tiles complete this hand, one tile short?" (`batch --op waits`).

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/shanten/shanten.hpp"

namespace meldgraph {

/// The engine's Waits (shanten.hpp): the completing tiles in tile order, each with the forms it
/// completes (indices into RuleSet::forms()) and the copies left (not held and, with visible
/// tiles given, not seen), their total, and where the rule set has wildcards whether drawing one
/// completes the hand and in which forms.
using WaitsAnswer = Waits;

/// The waits of `analysis`, a hand of 3n+1 tiles, with the copies `options.visible` leaves;
/// from the lookup tables wherever they answer the hand unless `options.search_only`. Throws
/// AnalysisError for a hand of another size.
[[nodiscard]] WaitsAnswer answer_waits(const HandAnalysis& analysis, const AnswerOptions& options);

}  // namespace meldgraph
