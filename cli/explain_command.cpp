/// `meldgraph explain` (docs/cli.md, "explain"): for each scored reading of a complete hand and
/// each pattern of the rule set, whether it counted and why not.

#include <iostream>
#include <sstream>

#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/answers/explain.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/render_text.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/model/error.hpp"
#include "single_hand.hpp"

namespace meldgraph::cli {

int run_explain(const GlobalOptions& global, const ExplainOptions& options,
                const nlohmann::json& context_fields) {
  return guarded(options.hand, [&] {
    const RuleSet rules = load_selected_rules(global);
    const WinContext context = read_context_options(context_fields, rules);
    const AnswerOptions answer_options = single_hand_options(global, options.limit);
    // Checked first: a rule set without scoring is refused before the hand is read.
    static_cast<void>(require_scoring(rules));
    const HandAnalysis analysis = read_analysis(global, rules, options.hand, context);
    const int size = analysis.hand().size(rules);
    if (size % 3 != 2) {
      throw AnalysisError("hand holds " + std::to_string(size) +
                          " tiles; explain needs a complete hand of 3n+2 tiles");
    }
    AnswerWorkspace workspace(rules);
    const ExplainAnswer answer =
        answer_explain(analysis, workspace.scorer(answer_options.table_use()), answer_options);
    if (options.format == OutputFormat::json) {
      nlohmann::json out = analysis_json_head(analysis);
      write_explain_json(answer, rules, out);
      print_answer_json(out);
      return 0;
    }
    std::ostringstream text;
    text << "rules            " << rules.name() << '\n'
         << "hand             " << format_hand(analysis.hand(), rules) << '\n'
         << "context          " << format_win_context(analysis.win_context(), rules) << '\n';
    write_explain_text(answer, rules, text);
    std::cout << text.str();
    return 0;
  });
}

}  // namespace meldgraph::cli
