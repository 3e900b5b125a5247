/// Batch lines and their answers (batch_lines.hpp).

#include "batch_lines.hpp"

#include <nlohmann/json.hpp>

#include "meldgraph/model/error.hpp"

namespace meldgraph::cli {

namespace {

/// The message of nlohmann's parse error without its "[json.exception.parse_error.101] " tag.
std::string json_error_message(const nlohmann::json::exception& error) {
  const std::string what = error.what();
  const auto tag_end = what.find("] ");
  return tag_end == std::string::npos ? what : what.substr(tag_end + 2);
}

}  // namespace

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

std::string batch_answer(const RuleSet& rules, TileMask wild, Notation notation,
                         const Analyzer& analyzer, const std::string& line) {
  nlohmann::json out;
  std::string hand_text = line;
  try {
    const BatchLine read = read_batch_line(rules, line);
    hand_text = read.hand;
    const Hand hand = parse_hand(read.hand, rules, wild, notation);
    out = {{"hand", format_hand(hand, rules)}, {"rules", rules.name()}};
    if (read.context) {
      check_win_context(*read.context, hand, rules);
      out["context"] = win_context_to_json(*read.context, rules);
    }
    const HandAnalysis analysis(rules, hand, read.context.value_or(WinContext{}));
    analyzer.write_json(analysis, out);
  } catch (const Error& error) {
    out = {{"hand", hand_text}, {"rules", rules.name()}, {"error", error.what()}};
  }
  // Input lines are not trusted to be UTF-8: bad bytes become U+FFFD, the batch goes on.
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
}

}  // namespace meldgraph::cli
