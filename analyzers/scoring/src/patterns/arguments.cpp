/// The argument readers and writers shared by the condition predicates (arguments.hpp).

#include "patterns/arguments.hpp"

#include <algorithm>
#include <vector>

#include <range/v3/range/conversion.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/iota.hpp>
#include <range/v3/view/transform.hpp>

#include "joined.hpp"

#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/loader/rule_writing.hpp"

namespace meldgraph::patterns {

/// `open` + `inner` + `close`, appended (GCC 12 warns falsely on `"{" + std::string + "}"`).
std::string wrap(std::string_view open, const std::string& inner, std::string_view close) {
  std::string out(open);
  out += inner;
  out += close;
  return out;
}

/// A count: `N` (exactly), or a map of `count` / `min` / `max`.
CountRange read_range_value(const Item& item) {
  CountRange range;
  if (item.value.kind == Kind::scalar) {
    range.min = range.max = static_cast<std::int16_t>(rule_file::read_int(item, 0, 255));
    return range;
  }
  if (item.value.kind != Kind::map) {
    fail(item.value.where, "expected a count (N, or {min: N, max: M}) for '" + item.key +
                               "', got " + rule_file::describe(item.value));
  }
  for (const Item& entry : item.value.entries) {
    if (entry.key != "count" && entry.key != "min" && entry.key != "max") {
      fail(entry.key_where, "unknown key '" + entry.key + "' in the count '" + item.key +
                                "' (valid keys: count, min, max)");
    }
  }
  bool any = false;
  for (const Item& entry : item.value.entries) {
    const auto n = static_cast<std::int16_t>(rule_file::read_int(entry, 0, 255));
    if (entry.key == "count") range.min = range.max = n;
    if (entry.key == "min") range.min = n;
    if (entry.key == "max") range.max = n;
    any = true;
  }
  if (!any) fail(item.value.where, "the count '" + item.key + "' names no count, min or max");
  if (range.min > range.max) fail(item.value.where, "'" + item.key + "': min is above max");
  return range;
}

/// Reads `count`, `min`, `max` among the entries of a map argument into `range`; true when any.
/// A `max` alone lowers the default minimum to 0 (`{max: 0}`: no group matches).
bool read_range_keys(const Value& map, CountRange& range) {
  if (map.find("max") != nullptr && map.find("min") == nullptr) range.min = 0;
  bool any = false;
  for (const Item& entry : map.entries) {
    if (entry.key != "count" && entry.key != "min" && entry.key != "max") continue;
    const auto n = static_cast<std::int16_t>(rule_file::read_int(entry, 0, 255));
    if (entry.key == "count") range.min = range.max = n;
    if (entry.key == "min") range.min = n;
    if (entry.key == "max") range.max = n;
    any = true;
  }
  if (range.min > range.max) fail(map.where, "min is above max");
  return any;
}

/// "min: N, max: M" without the bounds that are implied, but never empty: "min: 0" for a range
/// that bounds nothing, so that it reads back as written whatever the reader's default.
static std::string bound_keys(const CountRange& range) {
  std::string out;
  if (range.min != 0 || range.max == 0x7FFF) out += "min: " + std::to_string(range.min);
  if (range.max != 0x7FFF) {
    if (!out.empty()) out += ", ";
    out += "max: " + std::to_string(range.max);
  }
  return out;
}

std::string range_text(const CountRange& range) {
  if (range.min == range.max) return std::to_string(range.min);
  // `{min: 0}` when nothing bounds it: `{}` names no count and does not load.
  return wrap("{", bound_keys(range), "}");
}

/// The range as keys of a map argument (", count: 2"), nothing for the default `default_range`.
std::string range_keys(const CountRange& range, const CountRange& default_range) {
  if (range.min == default_range.min && range.max == default_range.max) return "";
  if (range.min == range.max) return "count: " + std::to_string(range.min);
  // Unbounded against a default of {min: 1}: "min: 0", not nothing, which would reload as 1.
  return bound_keys(range);
}

const Value& expect_map_arg(const Item& item) {
  if (item.value.kind != Kind::map) {
    fail(item.value.where,
         "expected a map for '" + item.key + "', got " + rule_file::describe(item.value));
  }
  return item.value;
}

void check_arg_keys(const Value& map, std::span<const std::string_view> keys,
                    std::string_view predicate) {
  for (const Item& entry : map.entries) {
    if (std::find(keys.begin(), keys.end(), entry.key) != keys.end()) continue;
    fail(entry.key_where, "unknown key '" + entry.key + "' in '" + std::string(predicate) + "'" +
                              rule_file::did_you_mean(entry.key, keys) +
                              " (valid keys: " + rule_file::word_list(keys) + ")");
  }
}

/// One word of `words` or a list of them, as a bit mask over their indices.
std::uint32_t read_word_mask(const Item& item, std::span<const std::string_view> words) {
  std::vector<const Value*> values;
  if (item.value.kind == Kind::list) {
    for (const Value& element : item.value.elements) values.push_back(&element);
  } else {
    values.push_back(&item.value);
  }
  if (values.empty()) fail(item.value.where, "'" + item.key + "' must not be empty");
  std::uint32_t mask = 0;
  for (const Value* value : values) {
    if (value->kind != Kind::scalar) {
      fail(value->where,
           "expected a word for '" + item.key + "', got " + rule_file::describe(*value));
    }
    const auto found = std::find(words.begin(), words.end(), value->text);
    if (found == words.end()) {
      fail(value->where, "unknown value '" + value->text + "' for '" + item.key + "'" +
                             rule_file::did_you_mean(value->text, words) +
                             " (valid values: " + rule_file::word_list(words) + ")");
    }
    mask |= 1U << static_cast<unsigned>(found - words.begin());
  }
  return mask;
}

/// The words of a mask: one word, or `[a, b]`.
std::string word_mask_text(std::uint32_t mask, std::span<const std::string_view> words) {
  const auto in_mask = [&](std::size_t i) { return ((mask >> i) & 1U) != 0; };
  const auto word = [&](std::size_t i) { return std::string(words[i]); };
  const auto chosen = ranges::views::iota(std::size_t{0}, words.size()) |
                      ranges::views::filter(in_mask) | ranges::views::transform(word) |
                      ranges::to<std::vector<std::string>>();
  if (chosen.size() == 1) return chosen.front();
  return wrap("[", joined(chosen, ", "), "]");
}

}  // namespace meldgraph::patterns
