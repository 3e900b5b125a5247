/// Batch lines and their answers (batch_lines.hpp).

#include "batch_lines.hpp"

#include <nlohmann/json.hpp>

#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/model/error.hpp"

namespace meldgraph::cli {

namespace {

/// How much of a refused line its error answer echoes.
constexpr std::size_t kTooLongEcho = 64;

/// An answer as one line: input lines are not trusted to be UTF-8, so bad bytes become U+FFFD
/// and the batch goes on.
std::string answer_line(const nlohmann::json& answer) {
  return answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
}

/// The error answer to a line longer than kMaxBatchLineBytes: its first bytes, and its length.
nlohmann::json too_long_answer(const RuleSet& rules, const BatchInput& input) {
  const std::size_t length = input.text.size() + input.skipped;
  return {{"hand", input.text.substr(0, kTooLongEcho) + "..."},
          {"rules", rules.name()},
          {"error", "input line of " + std::to_string(length) + " bytes: longer than the " +
                        std::to_string(kMaxBatchLineBytes) + " a batch line may hold"}};
}

}  // namespace

std::string trimmed_line(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  const auto last = line.find_last_not_of(" \t\r");
  return line.substr(first, last - first + 1);
}

std::string batch_answer(const BatchLineReading& reading, const Analyzer& analyzer,
                         AnswerWorkspace& workspace, const BatchInput& line) {
  const RuleSet& rules = reading.rules;
  if (line.skipped > 0) return answer_line(too_long_answer(rules, line));
  nlohmann::json out;
  std::string hand_text = line.text;
  try {
    const HandLine read = read_hand_line(rules, line.text);
    hand_text = read.hand;
    const HandInput input =
        read_hand_input(rules, read.hand, read.context, reading.hands, read.indicator);
    out = {{"hand", format_hand(input.hand, rules)}, {"rules", rules.name()}};
    if (input.has_context) out["context"] = win_context_to_json(input.context, rules);
    const HandAnalysis analysis(rules, input.hand, input.context);
    analyzer.write_json(analysis, workspace, out);
  } catch (const Error& error) {
    out = {{"hand", hand_text}, {"rules", rules.name()}, {"error", error.what()}};
  }
  return answer_line(out);
}

}  // namespace meldgraph::cli
