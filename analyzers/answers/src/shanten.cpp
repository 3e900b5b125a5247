/// The shanten answer (shanten.hpp).

#include "meldgraph/answers/shanten.hpp"

#include "meldgraph/queries/results.hpp"

namespace meldgraph {

ShantenAnswer answer_shanten(const HandAnalysis& analysis, const AnswerOptions& options) {
  const RuleSet& rules = analysis.rules();
  const Hand& hand = analysis.hand();
  ShantenResult result =
      options.search_only ? compute_shanten(rules, hand) : shanten_from_queries(rules, hand);
  ShantenAnswer answer;
  answer.shanten = result.shanten;
  answer.by_form = std::move(result.by_form);
  if (hand.size(rules) % 3 == 1) {
    answer.improving = options.search_only
                           ? improving_tiles(rules, hand, options.visible_or_null())
                           : improving_from_queries(rules, hand, options.visible_or_null());
  }
  return answer;
}

}  // namespace meldgraph
