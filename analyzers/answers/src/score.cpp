/// The score answer (score.hpp): the Scorer's result copied out of its workspace.

#include "meldgraph/answers/score.hpp"

#include <algorithm>
#include <stdexcept>

namespace meldgraph {

namespace {

/// Throws std::logic_error unless `scorer` scores under the analysis's rule set.
void require_same_rules(const HandAnalysis& analysis, const Scorer& scorer) {
  if (&scorer.rules() != &scoring_view(analysis.rules())) {
    throw std::logic_error("answer_score: the scorer is of another rule set than the hand's");
  }
}

}  // namespace

ScoreOptions score_options(const HandAnalysis& analysis, std::uint64_t budget_ms) {
  ScoreOptions options;
  options.deadline = analysis_deadline(analysis, budget_ms);
  // The graph the interpretations answer built for this hand, if it did: a hand of many
  // wildcards is then not built twice (docs/performance.md, "Bounded work").
  options.built = analysis.decomposition_if_built();
  return options;
}

ScoringCut scoring_cut(const HandScore& score, std::uint64_t budget_ms) {
  return {.by = score.cut,
          .budget_ms = budget_ms,
          .interpretations = score.interpretations,
          .readings = score.scored,
          .last_in_part = score.cut_in_interpretation};
}

ReadingOrigin reading_origin(const ScoredReading& scored) {
  return {.interpretation = scored.interpretation,
          .realised = scored.realised,
          .realisation = scored.realisation,
          .alike = scored.alike};
}

ReadingScore copy_reading_score(const ScoredReading& scored) {
  ReadingScore out;
  copy_reading_score(scored, out);
  return out;
}

void copy_reading_score(const ScoredReading& scored, ReadingScore& out, ReadingCopy copy) {
  // Member by member, so that each vector and string keeps the room it has.
  out.origin = reading_origin(scored);
  if (copy == ReadingCopy::whole) {
    out.reading = scored.reading();
  } else {
    out.reading = Reading{};  // not made: the scorer makes a reading's groups when asked
  }
  out.hits = scored.hits;
  out.value = scored.value;
}

ScoreAnswer answer_score(const HandAnalysis& analysis, Scorer& scorer,
                         const AnswerOptions& options) {
  ScoreAnswer answer;
  answer_score(analysis, scorer, options, answer);
  return answer;
}

void answer_score(const HandAnalysis& analysis, Scorer& scorer, const AnswerOptions& options,
                  ScoreAnswer& answer, ReadingCopy best_copy) {
  require_same_rules(analysis, scorer);
  const HandScore& score = scorer.score(analysis.hand(), analysis.win_context(),
                                        score_options(analysis, options.budget_ms));
  answer.wins = score.wins;
  if (score.wins) {
    answer.no_win_reason.clear();
  } else {
    answer.no_win_reason = score.no_win_reason;
  }
  answer.best = score.best;
  if (const ScoredReading* best = score.best_reading()) {
    if (!answer.best_reading) answer.best_reading.emplace();
    copy_reading_score(*best, *answer.best_reading, best_copy);
  } else {
    answer.best_reading.reset();
  }
  answer.tied.assign(score.tied.begin(), score.tied.end());
  answer.scored = score.scored;
  answer.unscored_realisations = score.unscored_realisations;
  answer.cut = scoring_cut(score, options.budget_ms);
  answer.reading_count = score.readings.size();
  answer.best_only = options.best_only;
  const std::size_t listed = options.best_only ? 0
                             : options.limit == 0
                                 ? score.readings.size()
                                 : std::min<std::size_t>(options.limit, score.readings.size());
  answer.readings.resize(listed);
  for (std::size_t r = 0; r < listed; ++r) {
    copy_reading_score(score.readings[r], answer.readings[r]);
  }
}

}  // namespace meldgraph
