/// A hand and its situation as a program gives them (hand_input.hpp).

#include "meldgraph/answers/hand_input.hpp"

#include <simdjson.h>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

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

// The fast reader of lines: simdjson parses the line, and each context field is handed to the
// one reader of contexts (WinContextReader) as nlohmann's parser would have made it, in the
// order of nlohmann's sorted keys, so that its answers and errors are read_hand_object's. What
// it does not take as such (malformed JSON, a duplicate key, a field of a wrong type, whose
// message quotes it as nlohmann writes it) it leaves to read_hand_object: nothing then differs
// but the time.

/// Thrown when the fast reader leaves a line to nlohmann.
struct LeaveToNlohmann {};

using Members = std::vector<std::pair<std::string_view, simdjson::dom::element>>;

/// An object's members sorted by key, as nlohmann holds them; a duplicate key is left to
/// nlohmann (which keeps the last).
Members sorted_members(simdjson::dom::object object) {
  Members members;
  for (const auto field : object) members.emplace_back(field.key, field.value);
  std::sort(members.begin(), members.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  const auto same = [](const auto& a, const auto& b) { return a.first == b.first; };
  if (std::adjacent_find(members.begin(), members.end(), same) != members.end()) {
    throw LeaveToNlohmann{};
  }
  return members;
}

/// The value nlohmann's parser makes of `element`: non-negative integers unsigned, as it reads
/// them.
nlohmann::json to_nlohmann(simdjson::dom::element element) {
  using simdjson::dom::element_type;
  switch (element.type()) {
    case element_type::STRING:
      return std::string(element.get_string().value_unsafe());
    case element_type::BOOL:
      return element.get_bool().value_unsafe();
    case element_type::NULL_VALUE:
      return nullptr;
    case element_type::INT64: {
      const std::int64_t value = element.get_int64().value_unsafe();
      if (value >= 0) return static_cast<std::uint64_t>(value);
      return value;
    }
    case element_type::UINT64:
      return element.get_uint64().value_unsafe();
    case element_type::DOUBLE:
      return element.get_double().value_unsafe();
    case element_type::ARRAY: {
      nlohmann::json array = nlohmann::json::array();
      const simdjson::dom::array items = element.get_array().value_unsafe();
      for (const simdjson::dom::element item : items) array.push_back(to_nlohmann(item));
      return array;
    }
    case element_type::OBJECT: {
      nlohmann::json object = nlohmann::json::object();
      const Members members = sorted_members(element.get_object().value_unsafe());
      for (const auto& [key, value] : members) object[std::string(key)] = to_nlohmann(value);
      return object;
    }
  }
  throw LeaveToNlohmann{};
}

/// The context of `members` (a line's, or its `context` object's), `hand` and `skip`'s keys
/// left out; ContextError names a field with `prefix` before it.
WinContext read_context_members(const RuleSet& rules, const Members& members,
                                bool (*skip)(const std::string&), const std::string& prefix) {
  try {
    WinContextReader reader(rules);
    for (const auto& [key, value] : members) {
      const std::string name(key);
      if (name != "hand" && !skip(name)) reader.field(name, to_nlohmann(value));
    }
    return reader.finish();
  } catch (const ContextError& error) {
    if (prefix.empty()) throw;
    throw ContextError(prefix + error.field(), error.detail());
  }
}

/// The string member `key` of `members`, if any; one of another type is left to nlohmann.
std::optional<std::string_view> string_member(const Members& members, std::string_view key) {
  const auto it = std::find_if(members.begin(), members.end(),
                               [&](const auto& member) { return member.first == key; });
  if (it == members.end()) return std::nullopt;
  if (!it->second.is_string()) throw LeaveToNlohmann{};
  return it->second.get_string().value_unsafe();
}

bool no_field(const std::string& /*key*/) {
  return false;
}

/// read_hand_object of the line's object, by simdjson. Throws LeaveToNlohmann as above.
HandLine read_line_fast(const RuleSet& rules, const std::string& line) {
  thread_local simdjson::dom::parser parser;
  simdjson::dom::element document;
  if (parser.parse(line).get(document) != simdjson::SUCCESS || !document.is_object()) {
    throw LeaveToNlohmann{};
  }
  const Members members = sorted_members(document.get_object().value_unsafe());
  const std::optional<std::string_view> hand = string_member(members, "hand");
  if (!hand) throw ContextError("hand", "missing: a line's object needs one");
  HandLine read{std::string(*hand), std::nullopt, {}};
  if (const auto indicator = string_member(members, "indicator")) {
    read.indicator = std::string(*indicator);
  }
  const auto context = std::find_if(members.begin(), members.end(),
                                    [](const auto& member) { return member.first == "context"; });
  const bool has_index = std::any_of(members.begin(), members.end(),
                                     [](const auto& member) { return member.first == "index"; });
  if (context == members.end() && has_index) return read;
  if (context != members.end()) {
    if (!context->second.is_object()) throw LeaveToNlohmann{};
    read.context = read_context_members(
        rules, sorted_members(context->second.get_object().value_unsafe()), no_field, "context.");
    return read;
  }
  read.context = read_context_members(rules, members, is_line_field, "");
  return read;
}

}  // namespace

HandLine read_hand_line(const RuleSet& rules, const std::string& line) {
  if (line.empty() || line.front() != '{') return {line, std::nullopt, {}};
  try {
    return read_line_fast(rules, line);
  } catch (const LeaveToNlohmann&) {
    // The document reader below says what is wrong, as it always has.
  }
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
