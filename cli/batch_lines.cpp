/// Batch lines and their answers (batch_lines.hpp).

#include "batch_lines.hpp"

#include <nlohmann/json.hpp>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand_flowers.hpp"

namespace meldgraph::cli {

namespace {

/// How much of a refused line its error answer echoes.
constexpr std::size_t kTooLongEcho = 64;

/// The message of nlohmann's parse error without its "[json.exception.parse_error.101] " tag.
std::string json_error_message(const nlohmann::json::exception& error) {
  const std::string what = error.what();
  const auto tag_end = what.find("] ");
  return tag_end == std::string::npos ? what : what.substr(tag_end + 2);
}

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

BatchLine read_batch_line(const RuleSet& rules, const std::string& line) {
  if (line.front() != '{') return {line, std::nullopt};
  nlohmann::json object;
  try {
    object = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& error) {
    throw Error("the line is not a valid JSON object: " + json_error_message(error));
  }
  if (!object.contains("hand")) throw ContextError("hand", "missing: a line's object needs one");
  if (!object["hand"].is_string()) {
    throw ContextError("hand", "expected the hand as a string, not " + object["hand"].dump());
  }
  return {object["hand"].get<std::string>(), parse_win_context(object, rules)};
}

std::string batch_answer(const BatchLineReading& reading, const Analyzer& analyzer,
                         AnswerWorkspace& workspace, const BatchInput& line) {
  const RuleSet& rules = reading.rules;
  if (line.skipped > 0) return answer_line(too_long_answer(rules, line));
  nlohmann::json out;
  std::string hand_text = line.text;
  try {
    const BatchLine read = read_batch_line(rules, line.text);
    hand_text = read.hand;
    const Hand hand = parse_hand(read.hand, rules, reading.wild, reading.notation);
    out = {{"hand", format_hand(hand, rules)}, {"rules", rules.name()}};
    WinContext context = read.context.value_or(WinContext{});
    if (read.context) check_win_context(context, hand, rules);
    merge_hand_flowers(context, hand, rules, read.hand, reading.notation);
    if (read.context) out["context"] = win_context_to_json(context, rules);
    const HandAnalysis analysis(rules, hand, context);
    analyzer.write_json(analysis, workspace, out);
  } catch (const Error& error) {
    out = {{"hand", hand_text}, {"rules", rules.name()}, {"error", error.what()}};
  }
  return answer_line(out);
}

}  // namespace meldgraph::cli
