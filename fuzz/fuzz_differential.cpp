/// The lookup tables against the exact search on fuzzed hands, with the comparison `meldgraph
/// check` makes (cli/check.hpp, query_answers): win, waits, shanten and the interpretations, and
/// under the rule sets that score, the best reading's points scored from the tables' listing and
/// from the search's. Any difference is a finding.

#include <nlohmann/json.hpp>
#include <memory>
#include <string>
#include <vector>

#include "check.hpp"
#include "fuzz_support.hpp"
#include "meldgraph/analyzers/analyzer.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/listing.hpp"

namespace {

/// The score analyzer's answer with the readings' listing left out (the value fields only).
std::string score_summary(const meldgraph::RuleSet& rules, const meldgraph::Hand& hand,
                          bool search_only) {
  meldgraph::AnalyzerOptions options;
  options.limit = 8;
  options.search_only = search_only;
  try {
    nlohmann::json out;
    const meldgraph::HandAnalysis analysis(rules, hand);
    meldgraph::builtin_analyzers().create("score", rules, options)->write_json(analysis, out);
    out.erase("interpretations");
    return out.dump();
  } catch (const meldgraph::Error& error) {
    return std::string("error: ") + error.what();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace meldgraph;
  FuzzedDataProvider data(bytes, size);
  const RuleSet& rules = fuzz::pick_rules(data);
  const std::string text = data.ConsumeRemainingBytesAsString();
  Hand hand;
  try {
    hand = parse_hand(text, rules);
  } catch (const Error&) {
    return 0;
  }
  // One lister per rule set for the whole run, as `check` keeps one per thread.
  static std::vector<std::unique_ptr<InterpretationLister>> listers(
      fuzz::shipped_rule_sets().size());
  auto& lister = listers[static_cast<std::size_t>(&rules - fuzz::shipped_rule_sets().data())];
  if (!lister) lister = std::make_unique<InterpretationLister>(rules);
  for (const cli::CheckOp op : {cli::CheckOp::win, cli::CheckOp::waits, cli::CheckOp::shanten,
                                cli::CheckOp::interpretations}) {
    const cli::QueryAnswers answers = cli::query_answers(rules, *lister, hand, op);
    fuzz::require(answers.fast == answers.search,
                  std::string(cli::check_op_name(op)) + " of '" + text + "' under " +
                      rules.name() + ": tables '" + answers.fast + "', search '" +
                      answers.search + "'");
  }
  if (rules.scoring() != nullptr) {
    const std::string by_tables = score_summary(rules, hand, false);
    const std::string by_search = score_summary(rules, hand, true);
    fuzz::require(by_tables == by_search, "score of '" + text + "' under " + rules.name() +
                                              ": tables " + by_tables + ", search " + by_search);
  }
  return 0;
}
