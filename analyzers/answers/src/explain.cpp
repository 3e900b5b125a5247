/// The explain answer (explain.hpp).

#include "meldgraph/answers/explain.hpp"

#include <algorithm>
#include <stdexcept>

#include "meldgraph/scoring/pattern_rules.hpp"

namespace meldgraph {

namespace {

/// Every pattern of the rule set against `scored`: counted or not, and why.
std::vector<PatternVerdict> verdicts(const ScoringRules& scoring, const ScoredReading& scored) {
  std::vector<PatternVerdict> out;
  out.reserve(scoring.patterns.patterns.size());
  for (std::size_t p = 0; p < scoring.patterns.patterns.size(); ++p) {
    const bool counted = std::any_of(scored.hits.begin(), scored.hits.end(),
                                     [&](const PatternHit& hit) { return hit.pattern == p; });
    out.push_back({p, counted, explain_pattern(scoring, scored.features, p, scored.hits)});
  }
  return out;
}

}  // namespace

ExplainAnswer answer_explain(const HandAnalysis& analysis, Scorer& scorer,
                             const AnswerOptions& options) {
  if (&scorer.rules() != &scoring_view(analysis.rules())) {
    throw std::logic_error("answer_explain: the scorer is of another rule set than the hand's");
  }
  const HandScore& score = scorer.score(analysis.hand(), analysis.win_context(),
                                        score_options(analysis, options.budget_ms));
  ExplainAnswer answer;
  answer.reading_count = score.readings.size();
  answer.cut = scoring_cut(score, options.budget_ms);
  for (std::size_t r = 0; r < score.readings.size() && (options.limit == 0 || r < options.limit);
       ++r) {
    const ScoredReading& scored = score.readings[r];
    answer.readings.push_back({.origin = reading_origin(scored),
                               .reading = scored.reading(),
                               .best = static_cast<int>(r) == score.best,
                               .patterns = verdicts(scorer.scoring(), scored)});
  }
  return answer;
}

}  // namespace meldgraph
