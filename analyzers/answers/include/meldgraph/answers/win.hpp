#pragma once
/// The answer to "is the hand complete, and in which forms?" (`batch --op win`).

#include <cstddef>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"

namespace meldgraph {

/// What a hand holds, counted as the rules count it.
struct HandCounts {
  int tiles = 0;  ///< Hand::size: a declared kong counts three
  /// Every wildcard held, those standing in declared melds included.
  int wildcards = 0;
  int declared_wildcards = 0;  ///< of `wildcards`, those standing in declared melds
};

/// The counts of `hand` under `rules`.
[[nodiscard]] HandCounts count_hand(const Hand& hand, const RuleSet& rules);

/// Whether a hand is complete and which forms it matches.
struct WinAnswer {
  /// The forms with an interpretation of the hand (indices into RuleSet::forms()), in rule-set
  /// order; empty when the hand does not win.
  std::vector<std::size_t> forms;
  HandCounts counts;

  [[nodiscard]] bool win() const { return !forms.empty(); }
};

/// The win answer of `analysis`: the lookup tables tell most hands that do not win without
/// building a graph, unless `options.search_only`. Throws AnalysisError for a hand of a size that
/// cannot win.
[[nodiscard]] WinAnswer answer_win(const HandAnalysis& analysis, const AnswerOptions& options);

}  // namespace meldgraph
