/// The waits answer (waits.hpp).

#include "meldgraph/answers/waits.hpp"

#include "meldgraph/queries/results.hpp"

namespace meldgraph {

WaitsAnswer answer_waits(const HandAnalysis& analysis, const AnswerOptions& options) {
  return options.search_only
             ? compute_waits(analysis.rules(), analysis.hand(), options.visible_or_null())
             : waits_from_queries(analysis.rules(), analysis.hand(), options.visible_or_null());
}

}  // namespace meldgraph
