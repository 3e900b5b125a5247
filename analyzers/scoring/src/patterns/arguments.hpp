#pragma once
/// The argument readers and writers shared by the condition predicates: counts (`N` or
/// `{min, max}`), word masks (`closed` or `[closed, edge]`), map arguments and their keys. Each
/// reader fails with the YAML place of the bad value. Internal to scoring.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "meldgraph/loader/rule_tree.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"

namespace meldgraph::patterns {

// The rule-file tree's names every predicate reader uses (arguments.cpp,
// predicates_{context,counts,groups}.cpp), declared once here.
using rule_file::fail;
using rule_file::Item;
using rule_file::Kind;
using rule_file::Value;

/// `open` + `inner` + `close`, appended (GCC 12 warns falsely on `"{" + std::string + "}"`).
[[nodiscard]] std::string wrap(std::string_view open, const std::string& inner,
                               std::string_view close);

/// A count: `N` (exactly), or a map of `count` / `min` / `max`.
[[nodiscard]] CountRange read_range_value(const rule_file::Item& item);
/// Reads `count`, `min`, `max` among the entries of a map argument into `range`; true when any.
/// A `max` alone lowers the default minimum to 0 (`{max: 0}`: no group matches).
bool read_range_keys(const rule_file::Value& map, CountRange& range);
/// The range as a count value (`2`, `{min: 9}`).
[[nodiscard]] std::string range_text(const CountRange& range);
/// The range as keys of a map argument (", count: 2"), nothing for the default `default_range`.
[[nodiscard]] std::string range_keys(const CountRange& range, const CountRange& default_range);

/// The item's value, which must be a map.
[[nodiscard]] const rule_file::Value& expect_map_arg(const rule_file::Item& item);
/// Fails on the first key of `map` not among `keys`, naming `predicate`.
void check_arg_keys(const rule_file::Value& map, std::span<const std::string_view> keys,
                    std::string_view predicate);

/// One word of `words` or a list of them, as a bit mask over their indices.
[[nodiscard]] std::uint32_t read_word_mask(const rule_file::Item& item,
                                           std::span<const std::string_view> words);
/// The words of a mask: one word, or `[a, b]`.
[[nodiscard]] std::string word_mask_text(std::uint32_t mask,
                                         std::span<const std::string_view> words);

/// Whether `faces` is non-empty and within `mask`.
[[nodiscard]] inline bool mask_all_in(TileMask faces, TileMask mask) {
  return faces != 0 && (faces & ~mask) == 0;
}

}  // namespace meldgraph::patterns
