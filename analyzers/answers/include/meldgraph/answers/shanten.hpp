#pragma once
/// The answer to "how far is this hand from ready and from complete?" (`batch --op shanten`).

#include <optional>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/shanten/shanten.hpp"

namespace meldgraph {

/// The fewest exchanges that make a hand ready (0) or complete (-1), overall and per form, and
/// for a hand of 3n+1 tiles the draws that lower it.
struct ShantenAnswer {
  int shanten = 0;  ///< the minimum over `by_form`
  /// Each enabled form that can apply to the hand's size and that exchanging natural tiles can
  /// complete, in rule-set order (FormShanten::form indexes RuleSet::forms()).
  std::vector<FormShanten> by_form;
  /// For a hand of 3n+1 tiles: the tiles whose draw lowers the shanten, in tile order, with the
  /// copies left (not held and, with visible tiles given, not seen). None for other sizes.
  std::optional<std::vector<Improvement>> improving;
};

/// The shanten of `analysis`, from the lookup tables wherever they answer the hand unless
/// `options.search_only`. Throws AnalysisError where compute_shanten does.
[[nodiscard]] ShantenAnswer answer_shanten(const HandAnalysis& analysis,
                                           const AnswerOptions& options);

}  // namespace meldgraph
