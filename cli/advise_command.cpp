/// `meldgraph advise` (docs/cli.md, "advise"): which tile to discard, each discard's hand priced.

#include <iostream>
#include <sstream>

#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/answers/advise.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/render_text.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "single_hand.hpp"

namespace meldgraph::cli {

int run_advise(const GlobalOptions& global, const AdviseOptions& options,
               const nlohmann::json& context_fields) {
  return guarded(options.hand, [&] {
    const RuleSet rules = load_selected_rules(global);
    const WinContext context = read_context_options(context_fields, rules);
    AnswerOptions answer_options = single_hand_options(global, 0);
    // Advice asks thousands of shanten and improving-tile queries of one hand: the tables repay
    // their build, unless the search is asked for.
    answer_options.search_only = global.answers_from == AnswerSource::search;
    answer_options.second_step = !options.no_second_step;
    read_visible(global, rules, answer_options);
    const HandAnalysis analysis = read_analysis(global, rules, options.hand, context);
    AnswerWorkspace workspace(rules);
    const AdviseAnswer answer = answer_advise(analysis, workspace, answer_options);
    if (options.format == OutputFormat::json) {
      nlohmann::json out = analysis_json_head(analysis);
      write_advise_json(answer, rules, out);
      print_answer_json(out);
      return 0;
    }
    std::ostringstream text;
    text << "rules            " << rules.name() << '\n'
         << "hand             " << format_hand(analysis.hand(), rules) << '\n';
    write_advise_text(answer, rules, text);
    std::cout << text.str();
    return 0;
  });
}

}  // namespace meldgraph::cli
