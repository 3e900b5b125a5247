#pragma once
/// The answer to "what is this complete hand worth?" (`batch --op score`, `analyze`): every
/// reading scored under the hand's situation (scoring/scorer.hpp), the best chosen.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/scoring/value_rules.hpp"

namespace meldgraph {

/// Where a scored reading comes from.
struct ReadingOrigin {
  std::size_t interpretation = 0;  ///< index of its interpretation in listing order
  bool realised = false;           ///< its abstract groups were given concrete meanings
  std::uint64_t realisation = 0;   ///< index in Realisations::list order, when realised
  std::uint64_t alike = 1;         ///< realisations of the interpretation scoring the same
};

/// One scored reading, copied out of the scorer (ScoredReading less its feature record).
struct ReadingScore {
  ReadingOrigin origin;  ///< its interpretation and realisation
  Reading reading;       ///< with realised groups in place of abstract ones
  /// The patterns that counted, in the rule set's pattern order (PatternHit::pattern indexes the
  /// scoring section's PatternRules::patterns).
  std::vector<PatternHit> hits;
  ReadingValue value;  ///< its value: units, fu, limit, points, payments, whether it wins
};

/// Why and where a scoring stopped before every reading of the hand was scored.
struct ScoringCut {
  ScoreCut by = ScoreCut::none;  ///< none: every reading was scored
  std::uint64_t budget_ms = 0;   ///< AnswerOptions::budget_ms, the budget a `budget` cut ran out of
  /// Interpretations scored (the first ones in listing order), and readings scored of them.
  std::uint64_t interpretations = 0;
  std::uint64_t readings = 0;
  bool last_in_part = false;  ///< the last interpretation's realisations were scored in part
};

/// Every reading of a complete hand scored, the best chosen by kBestReadingRule.
struct ScoreAnswer {
  bool wins = false;  ///< the best reading wins; false too without any interpretation
  /// When not `wins`: the best reading's no_win_reason, or "no interpretation".
  std::string no_win_reason;
  int best = -1;  ///< index of the best reading in listing order, -1 when there is none
  /// The best reading, whether or not `readings` lists it.
  std::optional<ReadingScore> best_reading;
  /// Readings tied with the best (the best first; indices in listing order), or empty.
  std::vector<std::size_t> tied;
  /// Readings scored: realisations scored (alike ones included) plus interpretations without
  /// abstract groups (HandScore::scored).
  std::uint64_t scored = 0;
  /// Realisations counted but not scored (past the scorer's bound on one interpretation's, or
  /// after a cut), saturating at kCountSaturated.
  std::uint64_t unscored_realisations = 0;
  ScoringCut cut;
  std::size_t reading_count = 0;  ///< the hand's scored readings (`readings` lists the first)
  /// AnswerOptions::best_only: `readings` is empty, and the answer is the best reading alone.
  bool best_only = false;
  /// The first AnswerOptions::limit readings in listing order (all of them with limit 0).
  std::vector<ReadingScore> readings;
};

/// The scoring of `analysis` (a complete hand; any other size is an AnalysisError) by `scorer`,
/// a workspace of the analysis's rule set (std::logic_error otherwise), under `options.limit` and
/// `options.budget_ms`. The answer owns every value: the scorer may score the next hand at once.
[[nodiscard]] ScoreAnswer answer_score(const HandAnalysis& analysis, Scorer& scorer,
                                       const AnswerOptions& options);

/// How much of a scored reading is copied out of the scorer: all of it, or all but its groups
/// (`reading` left empty), which the scorer makes only when asked for them. A writer that shows
/// no group of the reading (a line without `fu_parts`) need not pay for them.
enum class ReadingCopy : std::uint8_t { whole, without_groups };

/// The same into `answer`, whose vectors and strings keep their room: a thread that answers
/// many hands (a batch's writer of lines) reuses one answer without allocating once it has grown.
/// `answer` ends as answer_score's would be, whatever it held, but for the best reading's groups
/// under ReadingCopy::without_groups. The listed readings are copied whole.
void answer_score(const HandAnalysis& analysis, Scorer& scorer, const AnswerOptions& options,
                  ScoreAnswer& answer, ReadingCopy best_copy = ReadingCopy::whole);

/// The scorer's bounds for one hand: the default reading bounds, the deadline of `budget_ms`,
/// and the decomposition `analysis` has built, if any (a hand of many wildcards is not built
/// twice).
[[nodiscard]] ScoreOptions score_options(const HandAnalysis& analysis, std::uint64_t budget_ms);

/// The cut of `score`, a scoring under a budget of `budget_ms`.
[[nodiscard]] ScoringCut scoring_cut(const HandScore& score, std::uint64_t budget_ms);

/// Where `scored` comes from.
[[nodiscard]] ReadingOrigin reading_origin(const ScoredReading& scored);

/// `scored` copied out of its scorer.
[[nodiscard]] ReadingScore copy_reading_score(const ScoredReading& scored);
/// The same into `out`, reusing its room; its groups only with ReadingCopy::whole.
void copy_reading_score(const ScoredReading& scored, ReadingScore& out,
                        ReadingCopy copy = ReadingCopy::whole);

}  // namespace meldgraph
