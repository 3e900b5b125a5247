/// `batch` lines, plain hands or JSON objects with contexts, under each shipped rule set and
/// each batch op: every line gets exactly one answer line, valid JSON naming the hand and the
/// rule set (an error answer for bad input), as batch writes it (cli/batch_lines.hpp).

#include <nlohmann/json.hpp>
#include <string>

#include "batch_lines.hpp"
#include "fuzz_support.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace meldgraph;
  FuzzedDataProvider data(bytes, size);
  const RuleSet& rules = fuzz::pick_rules(data);
  static const char* const kOps[] = {"win", "interpretations", "waits", "shanten", "score"};
  const char* op = kOps[data.ConsumeIntegralInRange(0, 4)];
  if (std::string(op) == "score" && scoring_rules(rules) == nullptr) op = "win";
  AnswerOptions options;
  options.limit = data.ConsumeIntegralInRange<std::uint64_t>(0, 16);
  options.search_only = data.ConsumeBool();
  const std::string line = data.ConsumeRemainingBytesAsString();
  // batch skips blank lines and comments, and hands over a line without its line break.
  if (line.empty() || line.find('\n') != std::string::npos) return 0;
  const auto analyzer = builtin_analyzers().create(op, rules, options);
  AnswerWorkspace workspace(rules);
  const std::string answer = cli::batch_answer({rules, {}}, *analyzer, workspace, {line, 0});
  fuzz::require(!answer.empty() && answer.back() == '\n' && answer.find('\n') == answer.size() - 1,
                "the answer is not one line: " + answer);
  const nlohmann::json parsed = nlohmann::json::parse(answer, nullptr, false);
  fuzz::require(!parsed.is_discarded() && parsed.is_object() && parsed.contains("hand") &&
                    parsed.contains("rules"),
                "the answer is not a JSON object with hand and rules: " + answer);
  return 0;
}
