/// A hand and its situation as a program gives them (hand_input.hpp).

#include "meldgraph/answers/hand_input.hpp"

#include <simdjson.h>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <span>

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
bool is_line_field(std::string_view key) {
  return key == "hand" || key == "index" || key == "indicator";
}

/// The context of `object`'s members, the line's own fields left out when `line_fields` is set.
WinContext read_context_members(const RuleSet& rules, const FieldValue& object, bool line_fields) {
  WinContextReader reader(rules);
  for (const FieldValue& member : object.items) {
    if (member.key != "hand" && !(line_fields && is_line_field(member.key))) {
      reader.field(member.key, member);
    }
  }
  return reader.finish();
}

/// simdjson's `element` as a tree in `arena`; false when it holds what simdjson does not type
/// as nlohmann does, which is then left to nlohmann.
bool simdjson_value(simdjson::dom::element element, FieldArena& arena, FieldValue& out) {
  using simdjson::dom::element_type;
  using Type = FieldValue::Type;
  out = FieldValue{};
  switch (element.type()) {
    case element_type::STRING:
      out.type = Type::string;
      out.text = element.get_string().value_unsafe();
      return true;
    case element_type::BOOL:
      out.type = Type::boolean;
      out.boolean = element.get_bool().value_unsafe();
      return true;
    case element_type::NULL_VALUE:
      return true;
    case element_type::INT64:
      out.type = Type::integer;
      out.integer = element.get_int64().value_unsafe();
      return true;
    case element_type::UINT64:
      out.type = Type::integer;
      out.integer = static_cast<std::int64_t>(element.get_uint64().value_unsafe());
      out.above_int64 = out.integer < 0;
      return true;
    case element_type::DOUBLE:
      out.type = Type::number;
      out.number = element.get_double().value_unsafe();
      return true;
    case element_type::ARRAY: {
      const simdjson::dom::array array = element.get_array().value_unsafe();
      const std::span<FieldValue> items = arena.allocate(array.size());
      std::size_t i = 0;
      for (const simdjson::dom::element item : array) {
        if (!simdjson_value(item, arena, items[i++])) return false;
      }
      out.type = Type::array;
      out.items = items;
      return true;
    }
    case element_type::OBJECT: {
      const simdjson::dom::object object = element.get_object().value_unsafe();
      const std::span<FieldValue> items = arena.allocate(object.size());
      std::size_t i = 0;
      for (const auto member : object) {
        if (!simdjson_value(member.value, arena, items[i])) return false;
        items[i++].key = member.key;
      }
      out.type = Type::object;
      out.items = settle_members(items);
      return true;
    }
  }
  return false;
}

}  // namespace

HandLine read_hand_line(const RuleSet& rules, const std::string& line) {
  if (line.empty() || line.front() != '{') return {line, std::nullopt, {}};
  // simdjson reads the line into a tree; nlohmann's parser says what is wrong with a line
  // simdjson refuses (its messages name the place as users know them).
  thread_local simdjson::dom::parser parser;
  thread_local FieldArena arena;
  arena.clear();
  simdjson::dom::element document;
  FieldValue object;
  if (parser.parse(line).get(document) == simdjson::SUCCESS &&
      simdjson_value(document, arena, object)) {
    return read_hand_fields(rules, object);
  }
  nlohmann::json parsed;
  try {
    parsed = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& error) {
    throw Error("the line is not a valid JSON object: " + json_error_message(error));
  }
  return read_hand_object(rules, parsed);
}

HandLine read_hand_object(const RuleSet& rules, const nlohmann::json& object) {
  FieldArena arena;
  return read_hand_fields(rules, field_value(object, arena));
}

HandLine read_hand_fields(const RuleSet& rules, const FieldValue& object) {
  using Type = FieldValue::Type;
  if (object.type != Type::object) {
    throw ContextError(
        "", "a hand and its situation are a JSON object of fields, not " + object.json());
  }
  const FieldValue* hand = object.member("hand");
  if (hand == nullptr) throw ContextError("hand", "missing: a line's object needs one");
  if (hand->type != Type::string) {
    throw ContextError("hand", "expected the hand as a string, not " + hand->json());
  }
  HandLine read{std::string(hand->text), std::nullopt, {}};
  if (const FieldValue* indicator = object.member("indicator")) {
    if (indicator->type != Type::string) {
      throw ContextError("indicator", "expected a tile as a string, not " + indicator->json());
    }
    read.indicator = std::string(indicator->text);
  }
  // A corpus's line (it has an `index`, or a `context` object) holds its situation in `context`
  // alone; its other fields are labels, some named as context fields are (`win`).
  const FieldValue* context = object.member("context");
  if (context == nullptr && object.member("index") != nullptr) return read;
  if (context != nullptr) {
    if (context->type != Type::object) {
      throw ContextError("context", "expected an object of context fields, not " + context->json());
    }
    try {
      read.context = read_context_members(rules, *context, false);
    } catch (const ContextError& error) {
      throw ContextError("context." + error.field(), error.detail());
    }
    return read;
  }
  read.context = read_context_members(rules, object, true);
  return read;
}

HandInput read_hand_input(const RuleSet& rules, std::string_view hand_text,
                          std::optional<WinContext> context, const HandReading& reading,
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
  const bool has_context = context.has_value();
  HandInput input{parse_hand(hand_text, rules, wild, reading.notation),
                  has_context ? std::move(*context) : WinContext{}, has_context};
  if (input.has_context) check_win_context(input.context, input.hand, rules);
  merge_hand_flowers(input.context, input.hand, rules, hand_text, reading.notation);
  return input;
}

}  // namespace meldgraph
