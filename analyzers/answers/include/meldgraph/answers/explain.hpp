#pragma once
/// The answer to "why did each pattern count or not?" (`explain`, `batch --op explain`): for
/// rule authors.

#include <cstddef>
#include <string>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/scoring/scorer.hpp"

namespace meldgraph {

/// One pattern of the rule set against one reading.
struct PatternVerdict {
  std::size_t pattern = 0;  ///< index into the scoring section's PatternRules::patterns
  bool counted = false;     ///< it is among the reading's hits
  std::string why;          ///< explain_pattern: why it counted, or why not
};

/// One scored reading, explained pattern by pattern.
struct ExplainedReading {
  ReadingOrigin origin;  ///< its interpretation and realisation
  Reading reading;    ///< with realised groups in place of abstract ones
  bool best = false;  ///< the hand's best reading (ScoreAnswer::best)
  /// Every pattern of the rule set, in its order.
  std::vector<PatternVerdict> patterns;
};

/// Every scored reading of a complete hand (up to the limit), explained.
struct ExplainAnswer {
  std::size_t reading_count = 0;  ///< the hand's scored readings (`readings` lists the first)
  /// The first AnswerOptions::limit readings in listing order (all of them with limit 0).
  std::vector<ExplainedReading> readings;
  ScoringCut cut;
};

/// The explanation of `analysis` (a complete hand) scored by `scorer`, a workspace of the
/// analysis's rule set (std::logic_error otherwise), under `options.limit` and
/// `options.budget_ms`. The answer owns every value.
[[nodiscard]] ExplainAnswer answer_explain(const HandAnalysis& analysis, Scorer& scorer,
                                           const AnswerOptions& options);

}  // namespace meldgraph
