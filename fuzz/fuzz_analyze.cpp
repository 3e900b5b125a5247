/// `analyze` end to end on each shipped rule set: a hand in any notation, then every analyzer
/// (win, interpretations, waits, shanten, and score and explain where the rule set scores) writes
/// its JSON. Bad input is an Error; nothing else may escape, crash or hang.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "fuzz_support.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace meldgraph;
  FuzzedDataProvider data(bytes, size);
  const RuleSet& rules = fuzz::pick_rules(data);
  AnswerOptions options;
  options.limit = data.ConsumeIntegralInRange<std::uint64_t>(0, 64);
  options.realisations = data.ConsumeIntegralInRange<std::uint64_t>(0, 4);
  options.search_only = data.ConsumeBool();
  const std::string text = data.ConsumeRemainingBytesAsString();
  const std::optional<Hand> parsed = fuzz::parsed_or_skip(text, rules);
  if (!parsed) return 0;
  const Hand& hand = *parsed;
  const AnalyzerRegistry registry = builtin_analyzers();
  AnswerWorkspace workspace(rules);
  for (const std::string& name : registry.names()) {
    if ((name == "score" || name == "explain") && scoring_rules(rules) == nullptr) continue;
    try {
      const HandAnalysis analysis(rules, hand);
      nlohmann::json out;
      registry.create(name, rules, options)->write_json(analysis, workspace, out);
      static_cast<void>(out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    } catch (const Error&) {
      // a hand of the wrong size for this analyzer, or more wildcards than it takes
    }
  }
  return 0;
}
