/// The interpretations answer (interpretations.hpp).

#include "meldgraph/answers/interpretations.hpp"

#include <chrono>
#include <span>

#include "meldgraph/reading/realisations.hpp"

namespace meldgraph {

namespace {

/// The realisations of `interpretation`, which has abstract groups: counted, and the first
/// `list_limit` listed (none when it is 0).
RealisationsAnswer realisations_of(const ReadingContext& context,
                                   const Interpretation& interpretation, std::uint64_t list_limit) {
  const Realisations realisations(context, interpretation);
  RealisationsAnswer answer;
  answer.count = realisations.count();
  answer.abstract_groups = realisations.abstract_groups();
  answer.listing_asked = list_limit > 0;
  if (list_limit > 0) {
    static_cast<void>(realisations.list(
        [&](std::span<const Group> groups) {
          answer.listed.push_back({{groups.begin(), groups.end()}, realisations.winning_index()});
          return true;
        },
        list_limit));
  }
  return answer;
}

/// Lists interpretations of `analysis` into `answer` until the limit, the end, or (after at
/// least one) the deadline, and records which stopped it.
void list_interpretations(const HandAnalysis& analysis, const ReadingContext& context,
                          const AnswerOptions& options, InterpretationsAnswer& answer) {
  const auto deadline = analysis_deadline(analysis, options.budget_ms);
  InterpretationCursor cursor = analysis.decomposition().interpretations();
  Interpretation interpretation;
  bool by_budget = false;
  while (options.limit == 0 || answer.listed.size() < options.limit) {
    if (!answer.listed.empty() && deadline && std::chrono::steady_clock::now() >= *deadline) {
      by_budget = true;
      break;
    }
    if (!cursor.next(interpretation)) break;
    ListedInterpretation& listed = answer.listed.emplace_back();
    listed.reading = make_reading(context, interpretation);
    if (listed.reading.abstract_count() > 0) {
      listed.realisations = realisations_of(context, interpretation, options.realisations);
    }
    listed.interpretation = interpretation;
  }
  if (answer.listed.size() < answer.count) {
    answer.cut = by_budget ? ListingCut::budget : ListingCut::limit;
  }
}

}  // namespace

InterpretationsAnswer answer_interpretations(const HandAnalysis& analysis,
                                             const AnswerOptions& options) {
  const Decomposition& decomposition = analysis.decomposition();
  InterpretationsAnswer answer;
  answer.count = decomposition.interpretation_count();
  for (const FormGraph& graph : decomposition.graphs()) {
    answer.by_form.push_back({graph.form(), graph.path_count()});
  }
  answer.budget_ms = options.budget_ms;
  // What every reading of the hand shares (the wait set before the win), computed once.
  const ReadingContext context = make_reading_context(analysis.rules(), decomposition.hand(),
                                                      analysis.win_context(), options.table_use());
  answer.has_winning_tile = context.hand.has_winning_tile();
  list_interpretations(analysis, context, options, answer);
  if (context.has_waits()) answer.waits_before_win = context.waits_before();
  return answer;
}

}  // namespace meldgraph
