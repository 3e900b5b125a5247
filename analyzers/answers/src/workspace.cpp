/// A thread's scoring workspaces (workspace.hpp).

#include "meldgraph/answers/workspace.hpp"

namespace meldgraph {

Scorer& AnswerWorkspace::scorer(TableUse tables) {
  std::unique_ptr<Scorer>& slot = tables == TableUse::tables ? by_tables_ : search_only_;
  if (!slot) slot = std::make_unique<Scorer>(*rules_, tables);
  return *slot;
}

const ScoreLineTexts& AnswerWorkspace::score_line_texts() {
  if (!score_line_texts_) score_line_texts_ = std::make_unique<ScoreLineTexts>(*rules_);
  return *score_line_texts_;
}

const ScoreLinePlan& AnswerWorkspace::score_line_plan(const FieldSelection& fields) {
  if (line_plan_of_ != fields.id()) {
    line_plan_ = plan_score_line(score_line_texts(), fields);
    line_plan_of_ = fields.id();
  }
  return line_plan_;
}

}  // namespace meldgraph
