#pragma once
/// Small writers of YAML text for dump_rules and the form types' writers (loader/dump.cpp).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/model/rules.hpp"

namespace meldgraph::rule_file {

/// A double-quoted YAML string; always quoted so that no text reads back as another type.
[[nodiscard]] std::string yaml_quoted(std::string_view text);
/// Names are [a-z0-9_-]+ and read back as plain scalars, except those YAML reads as null or as
/// the start of a list, which are quoted.
[[nodiscard]] std::string name_text(std::string_view name);
[[nodiscard]] std::string bool_text(bool value);
/// `[1, 2, 3]`.
[[nodiscard]] std::string rank_list(const std::vector<std::uint8_t>& ranks);
/// `["1m", "9m"]`.
[[nodiscard]] std::string tile_list(const RuleSet& rules, const std::vector<TileId>& tiles);

}  // namespace meldgraph::rule_file
