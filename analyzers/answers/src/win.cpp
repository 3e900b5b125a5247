/// The win answer (win.hpp).

#include "meldgraph/answers/win.hpp"

#include "meldgraph/queries/queries.hpp"

namespace meldgraph {

HandCounts count_hand(const Hand& hand, const RuleSet& rules) {
  const int declared = hand.declared_wildcard_count();
  return {.tiles = hand.size(rules),
          .wildcards = hand.wildcard_count() + declared,
          .declared_wildcards = declared};
}

WinAnswer answer_win(const HandAnalysis& analysis, const AnswerOptions& options) {
  WinAnswer answer;
  // Most hands of a corpus do not win: the query answers them without building the graphs (and
  // throws for a size that cannot win, as the decomposition would).
  if (options.search_only || is_win(analysis.rules(), analysis.hand())) {
    for (const FormGraph& graph : analysis.decomposition().graphs()) {
      if (!graph.empty()) answer.forms.push_back(graph.form());
    }
  }
  answer.counts = count_hand(analysis.hand(), analysis.rules());
  return answer;
}

}  // namespace meldgraph
