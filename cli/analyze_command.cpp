/// `meldgraph analyze` (docs/cli.md, "analyze"): a complete hand's win, interpretations and, when
/// it wins under a rule set that scores, its score; a hand one tile short's shanten and waits.

#include <iostream>
#include <sstream>

#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/answers/interpretations.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/render_text.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/shanten.hpp"
#include "meldgraph/answers/waits.hpp"
#include "meldgraph/answers/win.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "single_hand.hpp"

namespace meldgraph::cli {

namespace {

/// What `analyze` answers for a hand.
struct AnalyzePlan {
  bool complete_size = false;  ///< 3n+2 tiles (else 3n+1)
  bool wins = false;           ///< complete and some form matches
  /// A winning hand under a rule set that scores is scored (docs/cli.md, "score"); so is every
  /// complete hand of a rule set with scored_only forms, which may win by scoring alone.
  bool scores = false;
};

/// The plan for `analysis`; throws AnalysisError for a hand of 3n tiles, and builds the
/// decomposition of a complete hand (whose errors thus come before any answer).
AnalyzePlan plan_analysis(const HandAnalysis& analysis) {
  const RuleSet& rules = analysis.rules();
  const int size = analysis.hand().size(rules);
  if (size % 3 == 0) {
    throw AnalysisError("hand holds " + std::to_string(size) +
                        " tiles; analyze needs a complete hand of 3n+2 tiles or a hand of 3n+1 "
                        "tiles, one short");
  }
  AnalyzePlan plan;
  plan.complete_size = size % 3 == 2;
  plan.wins = plan.complete_size && analysis.decomposition().wins();
  plan.scores = (plan.wins || (plan.complete_size && rules.has_scored_only_forms())) &&
                scoring_rules(rules) != nullptr;
  return plan;
}

/// The JSON answer: the head, then the answers the plan asks for, each under its name in
/// docs/cli.md ("by_form" is the interpretation counts', so shanten's is "shanten_by_form").
nlohmann::json analysis_json(const HandAnalysis& analysis, const AnswerOptions& options,
                             const AnalyzePlan& plan) {
  const RuleSet& rules = analysis.rules();
  nlohmann::json out = analysis_json_head(analysis);
  if (plan.complete_size) {
    write_win_json(answer_win(analysis, options), rules, out);
    write_interpretations_json(answer_interpretations(analysis, options), rules, out);
  } else {
    write_hand_counts_json(count_hand(analysis.hand(), rules), out);
  }
  if (!plan.wins) {
    const ShantenAnswer shanten = answer_shanten(analysis, options);
    out["shanten"] = shanten.shanten;
    out["shanten_by_form"] = shanten_by_form_json(shanten, rules);
    if (shanten.improving) out["improving"] = improving_json(*shanten.improving, rules);
  }
  if (!plan.complete_size) write_waits_json(answer_waits(analysis, options), rules, out);
  if (plan.scores) {
    AnswerWorkspace workspace(rules);
    nlohmann::json score = nlohmann::json::object();
    write_score_json(answer_score(analysis, workspace.scorer(options.table_use()), options), rules,
                     score);
    out["score"] = std::move(score);
  }
  return out;
}

/// The text answer: the hand, its counts and situation, then the answers the plan asks for.
std::string analysis_text(const HandAnalysis& analysis, const AnswerOptions& options,
                          const AnalyzePlan& plan) {
  const RuleSet& rules = analysis.rules();
  const Hand& hand = analysis.hand();
  const HandCounts counts = count_hand(hand, rules);
  std::ostringstream text;
  text << "rules            " << rules.name() << '\n'
       << "hand             " << format_hand(hand, rules) << "  "
       << format_hand_unicode(hand, rules) << '\n'
       << "tiles            " << counts.tiles << " (wildcards " << counts.wildcards;
  if (counts.declared_wildcards > 0) {
    text << ", " << counts.declared_wildcards << " in declared melds";
  }
  text << ")\n"
       << "context          " << format_win_context(analysis.win_context(), rules) << '\n';
  if (plan.complete_size) {
    write_win_text(answer_win(analysis, options), rules, text);
    if (!plan.wins) write_shanten_text(answer_shanten(analysis, options), rules, text);
    // Under --best the score's best reading stands for the listing.
    if (!(options.best_only && plan.scores)) {
      write_interpretations_text(answer_interpretations(analysis, options), rules, text);
    }
    if (plan.scores) {
      AnswerWorkspace workspace(rules);
      write_score_text(answer_score(analysis, workspace.scorer(options.table_use()), options),
                       rules, text);
    }
  } else {
    write_shanten_text(answer_shanten(analysis, options), rules, text);
    write_waits_text(answer_waits(analysis, options), rules, text);
  }
  return text.str();
}

}  // namespace

int run_analyze(const GlobalOptions& global, const AnalyzeOptions& options,
                const nlohmann::json& context_fields) {
  return guarded(options.hand, [&] {
    const RuleSet rules = load_selected_rules(global);
    const WinContext context = read_context_options(context_fields, rules);
    const HandAnalysis analysis = read_analysis(global, rules, options.hand, context);
    AnswerOptions answer_options = single_hand_options(global, options.limit);
    answer_options.realisations = options.realisations;
    answer_options.best_only = options.best;
    read_visible(global, rules, answer_options);
    const AnalyzePlan plan = plan_analysis(analysis);
    // Everything is computed before anything is printed, so a hand that cannot be analysed fails
    // with its error alone.
    if (options.format == OutputFormat::json) {
      print_answer_json(analysis_json(analysis, answer_options, plan));
    } else {
      std::cout << analysis_text(analysis, answer_options, plan);
    }
    return 0;
  });
}

}  // namespace meldgraph::cli
