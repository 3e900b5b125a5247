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

/// The fields a line's object holds besides the situation's.
bool is_line_field(const std::string& key) {
  return key == "hand" || key == "index" || key == "indicator";
}

}  // namespace

HandLine read_hand_line(const RuleSet& rules, const std::string& line) {
  if (line.empty() || line.front() != '{') return {line, std::nullopt, {}};
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
  HandLine read{hand.get<std::string>(), std::nullopt, {}};
  if (const auto indicator = object.find("indicator"); indicator != object.end()) {
    if (!indicator->is_string()) {
      throw ContextError("indicator", "expected a tile as a string, not " + indicator->dump());
    }
    read.indicator = indicator->get<std::string>();
  }
  // A corpus's line (it has an `index`, or a `context` object) holds its situation in `context`
  // alone; its other fields are labels, some named as context fields are (`win`).
  const auto context = object.find("context");
  if (context == object.end() && object.contains("index")) return read;
  if (context != object.end()) {
    if (!context->is_object()) {
      throw ContextError("context", "expected an object of context fields, not " + context->dump());
    }
    try {
      read.context = parse_win_context(*context, rules);
    } catch (const ContextError& error) {
      throw ContextError("context." + error.field(), error.detail());
    }
    return read;
  }
  nlohmann::json situation = nlohmann::json::object();
  for (const auto& [key, value] : object.items()) {
    if (!is_line_field(key)) situation[key] = value;
  }
  read.context = parse_win_context(situation, rules);
  return read;
}

HandInput read_hand_input(const RuleSet& rules, std::string_view hand_text,
                          const std::optional<WinContext>& context, const HandReading& reading,
                          std::string_view indicator) {
  TileMask wild = reading.wild | reading.indicated;
  if (!indicator.empty()) {
    try {
      wild = reading.wild | parse_indicator(indicator, rules);
    } catch (const ContextError&) {
      throw;
    } catch (const Error& error) {
      throw ContextError("indicator", error.what());
    }
  }
  HandInput input{parse_hand(hand_text, rules, wild, reading.notation),
                  context.value_or(WinContext{}), context.has_value()};
  if (input.has_context) check_win_context(input.context, input.hand, rules);
  merge_hand_flowers(input.context, input.hand, rules, hand_text, reading.notation);
  return input;
}

}  // namespace meldgraph
