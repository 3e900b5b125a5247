/// The one-hand commands' shared steps (single_hand.hpp).

#include "single_hand.hpp"

#include <algorithm>
#include <iostream>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/hand_flowers.hpp"

namespace meldgraph::cli {

namespace {

/// The option of a context field: `seat_wind` is `--seat-wind`.
std::string option_name(const std::string& field) {
  std::string option = "--" + field;
  std::replace(option.begin(), option.end(), '_', '-');
  return option;
}

}  // namespace

WinContext read_context_options(const nlohmann::json& fields, const RuleSet& rules) {
  try {
    return parse_win_context(fields, rules);
  } catch (const ContextError& error) {
    throw Error(option_name(error.field()) + ": " + error.detail());
  }
}

HandAnalysis read_analysis(const GlobalOptions& global, const RuleSet& rules,
                           const std::string& hand_text, const WinContext& context) {
  const Hand hand = parse_hand(hand_text, rules, wild_choice(global, rules), global.notation);
  WinContext merged = context;
  try {
    check_win_context(context, hand, rules);
    merge_hand_flowers(merged, hand, rules, hand_text, global.notation);
  } catch (const ContextError& error) {
    throw Error(option_name(error.field()) + ": " + error.detail());
  }
  return HandAnalysis(rules, hand, merged);
}

AnswerOptions single_hand_options(const GlobalOptions& global, std::uint64_t limit) {
  AnswerOptions options;
  options.limit = limit;
  options.budget_ms = global.budget_ms;
  options.search_only = global.answers_from != AnswerSource::tables;
  return options;
}

nlohmann::json analysis_json_head(const HandAnalysis& analysis) {
  const RuleSet& rules = analysis.rules();
  return {{"hand", format_hand(analysis.hand(), rules)},
          {"rules", rules.name()},
          {"context", win_context_to_json(analysis.win_context(), rules)}};
}

void print_answer_json(const nlohmann::json& answer) {
  std::cout << answer.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace meldgraph::cli
