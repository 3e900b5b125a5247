/// A hand and its situation as a program gives them (hand_input.hpp).

#include "meldgraph/answers/hand_input.hpp"

#include <simdjson.h>
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <utility>

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
  return std::move(reader).finish();
}

bool simdjson_members(simdjson::dom::object object, FieldArena& arena,
                      std::span<FieldValue>& members);

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
      std::span<FieldValue> items;
      if (!simdjson_members(element.get_object().value_unsafe(), arena, items)) return false;
      out.type = Type::object;
      out.items = settle_members(items);
      return true;
    }
  }
  return false;
}

/// The members of `object` as simdjson_value reads them, in the line's order, not settled.
bool simdjson_members(simdjson::dom::object object, FieldArena& arena,
                      std::span<FieldValue>& members) {
  members = arena.allocate(object.size());
  std::size_t i = 0;
  for (const auto member : object) {
    if (!simdjson_value(member.value, arena, members[i])) return false;
    members[i++].key = member.key;
  }
  return true;
}

}  // namespace

HandLine read_hand_line(const RuleSet& rules, const std::string& line) {
  if (line.empty() || line.front() != '{') return {line, std::nullopt, {}};
  // simdjson reads the line into a tree; nlohmann's parser says what is wrong with a line
  // simdjson refuses (its messages name the place as users know them).
  thread_local simdjson::dom::parser parser;
  thread_local FieldArena arena;
  arena.clear();
  // A line is an object: its members are read in one pass, as a dict's are (read_hand_members).
  simdjson::dom::element document;
  std::span<FieldValue> members;
  if (parser.parse(line).get(document) == simdjson::SUCCESS && document.is_object() &&
      simdjson_members(document.get_object().value_unsafe(), arena, members)) {
    return read_hand_members(rules, members);
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

namespace {

/// What a line's member is besides a context field, told by its length before its text.
enum class LineMember : std::uint8_t { context_field, hand, indicator, whole_object };

LineMember line_member(std::string_view key) {
  switch (key.size()) {
    case 4:
      return key == "hand" ? LineMember::hand : LineMember::context_field;
    case 5:
      return key == "index" ? LineMember::whole_object : LineMember::context_field;
    case 7:
      return key == "context" ? LineMember::whole_object : LineMember::context_field;
    case 9:
      return key == "indicator" ? LineMember::indicator : LineMember::context_field;
    default:
      return LineMember::context_field;
  }
}

/// read_hand_members's one pass: nullopt when the object is not a plain hand and its context
/// fields (a corpus's line, a missing or bad member), which read_hand_fields then reads.
std::optional<HandLine> read_plain_members(const RuleSet& rules,
                                           std::span<const FieldValue> members) {
  const FieldValue* hand = nullptr;
  const FieldValue* indicator = nullptr;
  for (const FieldValue& member : members) {
    switch (line_member(member.key)) {
      case LineMember::hand:
        hand = &member;
        break;
      case LineMember::indicator:
        indicator = &member;
        break;
      case LineMember::whole_object:
        return std::nullopt;
      case LineMember::context_field:
        break;
    }
  }
  using Type = FieldValue::Type;
  if (hand == nullptr || hand->type != Type::string) return std::nullopt;
  if (indicator != nullptr && indicator->type != Type::string) return std::nullopt;
  HandLine read{std::string(hand->text), std::nullopt,
                indicator != nullptr ? std::string(indicator->text) : std::string()};
  WinContextReader reader(rules);
  for (const FieldValue& member : members) {
    if (line_member(member.key) == LineMember::context_field) reader.field(member.key, member);
  }
  read.context = std::move(reader).finish();
  return read;
}

}  // namespace

HandLine read_hand_members(const RuleSet& rules, std::span<FieldValue> members) {
  try {
    if (std::optional<HandLine> read = read_plain_members(rules, members)) return *std::move(read);
  } catch (const Error&) {
    // Of several bad fields, the one read_hand_fields names, in key order, is the error.
  }
  FieldValue object;
  object.type = FieldValue::Type::object;
  object.items = settle_members(members);
  return read_hand_fields(rules, object);
}

namespace {

/// The cells of a CSV line (RFC 4180: a quoted cell may hold commas and doubled quotes), or the
/// message of a line that is not one.
std::optional<std::string> split_csv(std::string_view line, std::vector<std::string>& cells) {
  cells.clear();
  std::string cell;
  std::size_t i = 0;
  while (true) {
    cell.clear();
    if (i < line.size() && line[i] == '"') {
      const std::size_t opened = i++;
      while (true) {
        if (i >= line.size()) {
          return "the quote at column " + std::to_string(opened + 1) + " is not closed";
        }
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            cell += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        cell += line[i++];
      }
      if (i < line.size() && line[i] != ',') {
        return "a quoted cell ends at its closing quote, not at column " + std::to_string(i + 1);
      }
    } else {
      const std::size_t comma = std::min(line.find(',', i), line.size());
      cell.assign(line.substr(i, comma - i));
      i = comma;
    }
    cells.push_back(cell);
    if (i >= line.size()) return std::nullopt;
    ++i;  // the comma
  }
}

/// A CSV cell as the value a JSON line would hold: a flag, a whole number, or text.
FieldValue csv_cell_value(std::string_view text) {
  FieldValue value;
  if (text == "true" || text == "false") {
    value.type = FieldValue::Type::boolean;
    value.boolean = text == "true";
    return value;
  }
  std::int64_t number = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (problem == std::errc() && end == text.data() + text.size() && !text.empty()) {
    value.type = FieldValue::Type::integer;
    value.integer = number;
    return value;
  }
  value.type = FieldValue::Type::string;
  value.text = text;
  return value;
}

constexpr std::string_view kContextPrefix = "context.";

}  // namespace

std::optional<CsvHandRows> CsvHandRows::from_header(std::string_view header) {
  if (header.empty() || header.front() == '{') return std::nullopt;
  CsvHandRows rows;
  if (split_csv(header, rows.columns_)) return std::nullopt;
  if (std::find(rows.columns_.begin(), rows.columns_.end(), "hand") == rows.columns_.end()) {
    return std::nullopt;
  }
  rows.has_context_ =
      std::any_of(rows.columns_.begin(), rows.columns_.end(),
                  [](const std::string& column) { return column.starts_with(kContextPrefix); });
  return rows;
}

HandLine CsvHandRows::read(const RuleSet& rules, std::string_view row) const {
  thread_local std::vector<std::string> cells;
  if (const auto problem = split_csv(row, cells)) {
    throw Error("the CSV row is malformed: " + *problem);
  }
  if (cells.size() != columns_.size()) {
    throw Error("the CSV row has " + std::to_string(cells.size()) + " cells; the header names " +
                std::to_string(columns_.size()) + " columns");
  }
  // The row as the object of the corpus's JSON line: `hand`, `indicator`, and `context`.
  thread_local FieldArena arena;
  arena.clear();
  std::size_t line_fields = 0;
  std::size_t context_fields = 0;
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    if (columns_[c] == "hand" || (columns_[c] == "indicator" && !cells[c].empty())) ++line_fields;
    if (columns_[c].starts_with(kContextPrefix) && !cells[c].empty()) ++context_fields;
  }
  const std::span<FieldValue> members = arena.allocate(line_fields + 2);
  const std::span<FieldValue> context = arena.allocate(context_fields);
  std::size_t m = 0;
  std::size_t f = 0;
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    const std::string_view column = columns_[c];
    if (column == "hand" || (column == "indicator" && !cells[c].empty())) {
      FieldValue& member = members[m++];
      member = FieldValue{};
      member.type = FieldValue::Type::string;
      member.text = cells[c];
      member.key = column;
    } else if (column.starts_with(kContextPrefix) && !cells[c].empty()) {
      context[f] = csv_cell_value(cells[c]);
      context[f++].key = column.substr(kContextPrefix.size());
    }
  }
  // A corpus's record: without context columns it gives no situation, as a JSON line with an
  // `index` and no `context` does.
  if (has_context_) {
    FieldValue& member = members[m++];
    member = FieldValue{};
    member.type = FieldValue::Type::object;
    member.key = "context";
    member.items = settle_members(context);
  } else {
    FieldValue& member = members[m++];
    member = FieldValue{};
    member.type = FieldValue::Type::integer;
    member.key = "index";
  }
  FieldValue object;
  object.type = FieldValue::Type::object;
  object.items = settle_members(members.first(m));
  return read_hand_fields(rules, object);
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
