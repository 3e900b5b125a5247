/// A hand and its situation as a program gives them (hand_input.hpp).

#include "meldgraph/answers/hand_input.hpp"

#include <nlohmann/json.hpp>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand_flowers.hpp"

namespace meldgraph {

namespace {

/// The message of nlohmann's parse error without its "[json.exception.parse_error.101] " tag.
std::string json_error_message(const nlohmann::json::exception& error) {
  const std::string what = error.what();
  const auto tag_end = what.find("] ");
  return tag_end == std::string::npos ? what : what.substr(tag_end + 2);
}

}  // namespace

HandLine read_hand_line(const RuleSet& rules, const std::string& line) {
  if (line.empty() || line.front() != '{') return {line, std::nullopt};
  nlohmann::json object;
  try {
    object = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& error) {
    throw Error("the line is not a valid JSON object: " + json_error_message(error));
  }
  return read_hand_object(rules, object);
}

HandLine read_hand_object(const RuleSet& rules, const nlohmann::json& object) {
  if (!object.is_object()) {
    throw ContextError(
        "", "a hand and its situation are a JSON object of fields, not " + object.dump());
  }
  if (!object.contains("hand")) throw ContextError("hand", "missing: a line's object needs one");
  const nlohmann::json& hand = object.at("hand");
  if (!hand.is_string()) {
    throw ContextError("hand", "expected the hand as a string, not " + hand.dump());
  }
  return {hand.get<std::string>(), parse_win_context(object, rules)};
}

HandInput read_hand_input(const RuleSet& rules, std::string_view hand_text,
                          const std::optional<WinContext>& context, const HandReading& reading) {
  HandInput input{parse_hand(hand_text, rules, reading.wild, reading.notation),
                  context.value_or(WinContext{}), context.has_value()};
  if (input.has_context) check_win_context(input.context, input.hand, rules);
  merge_hand_flowers(input.context, input.hand, rules, hand_text, reading.notation);
  return input;
}

}  // namespace meldgraph
