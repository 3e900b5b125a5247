#pragma once
/// What a thread that answers many hands keeps from one hand to the next.

#include <cstdint>
#include <memory>
#include <optional>

#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/tables/table_use.hpp"

namespace meldgraph {

/// The scoring workspaces of one thread for one rule set: a Scorer per TableUse, each built on
/// its first use and kept for every later hand (a Scorer's buffers, and the lookup tables it asks
/// for, are per rule set; building one per hand cost more than scoring a riichi hand). Not
/// thread-safe: whoever runs a thread that answers hands owns one for it (batch's workers, the
/// corpus labeller's, a test's loop). `rules` must outlive it.
class AnswerWorkspace {
 public:
  explicit AnswerWorkspace(const RuleSet& rules) : rules_(&rules) {}

  [[nodiscard]] const RuleSet& rules() const { return *rules_; }

  /// The scorer reading the lookup tables or not (`tables`), built on the first call: a
  /// TableUse::tables scorer builds the tables it reads then (Scorer's constructor), so a thread
  /// that answers from the search until the tables are ready asks for it only once they are.
  /// Throws Error naming the rule set when it has no `scoring` section.
  [[nodiscard]] Scorer& scorer(TableUse tables);
  /// The texts of the rule set's score lines, made on the first call (score_line.hpp). Throws
  /// Error as scorer does.
  [[nodiscard]] const ScoreLineTexts& score_line_texts();
  /// A score answer kept from line to line: answer_score writes into it, reusing its room, when
  /// the answer is written and forgotten at once (a batch line).
  [[nodiscard]] ScoreAnswer& line_score_answer() { return line_score_answer_; }
  /// plan_score_line of score_line_texts() and `fields`, kept while the lines' selection (its
  /// id) stays the same.
  [[nodiscard]] const ScoreLinePlan& score_line_plan(const FieldSelection& fields);

 private:
  const RuleSet* rules_;
  std::unique_ptr<Scorer> by_tables_;
  std::unique_ptr<Scorer> search_only_;
  std::unique_ptr<ScoreLineTexts> score_line_texts_;
  ScoreAnswer line_score_answer_;
  ScoreLinePlan line_plan_;
  std::optional<std::uint64_t> line_plan_of_;  ///< the id of the selection line_plan_ is of
};

}  // namespace meldgraph
