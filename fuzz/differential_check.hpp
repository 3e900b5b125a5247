#pragma once
/// The comparison the differential targets make (fuzz_differential on the shipped rule sets,
/// fuzz_variants on fuzzed rule files): the lookup tables against the exact search on one hand,
/// with `meldgraph check`'s own comparison (cli/check.hpp, query_answers): win, waits, shanten and
/// the interpretations, and, under a rule set that scores, the best reading's value scored from
/// the tables' listing and from the search's. Any difference aborts: a finding.

#include <nlohmann/json.hpp>
#include <string>

#include "check.hpp"
#include "fuzz_support.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/search/listing.hpp"

namespace meldgraph::fuzz {

/// The score analyzer's answer with the readings' listing left out (the value fields only).
inline std::string score_summary(const RuleSet& rules, const Hand& hand, bool search_only) {
  AnswerOptions options;
  options.limit = 8;
  options.search_only = search_only;
  try {
    nlohmann::json out;
    const HandAnalysis analysis(rules, hand);
    AnswerWorkspace workspace(rules);
    builtin_analyzers().create("score", rules, options)->write_json(analysis, workspace, out);
    out.erase("interpretations");
    return out.dump();
  } catch (const Error& error) {
    return std::string("error: ") + error.what();
  }
}

/// Requires the tables and the search to agree on `hand` under `rules`; `lister` is the rule
/// set's (one kept per rule set, as `check` keeps one per thread), `input` says what the hand
/// and the rule set were, for the message of a finding.
inline void require_tables_agree(const RuleSet& rules, InterpretationLister& lister,
                                 const Hand& hand, const std::string& input) {
  for (const cli::CheckOp op : {cli::CheckOp::win, cli::CheckOp::waits, cli::CheckOp::shanten,
                                cli::CheckOp::interpretations}) {
    const cli::QueryAnswers answers = cli::query_answers(rules, lister, hand, op);
    require(answers.fast == answers.search, std::string(cli::check_op_name(op)) + " of " + input +
                                                ": tables '" + answers.fast + "', search '" +
                                                answers.search + "'");
  }
  if (scoring_rules(rules) != nullptr) {
    const std::string by_tables = score_summary(rules, hand, false);
    const std::string by_search = score_summary(rules, hand, true);
    require(by_tables == by_search,
            "score of " + input + ": tables " + by_tables + ", search " + by_search);
  }
}

}  // namespace meldgraph::fuzz
