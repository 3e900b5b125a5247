#pragma once
/// The notation's tile scanner (notation.cpp), for other readers of plain tile lists such as
/// parse_visible: one scanner of MPSZ digits and suit letters everywhere, with the same errors.

#include <string_view>
#include <vector>

#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph::detail {

/// One tile read from MPSZ text.
struct TileToken {
  TileId tile = kNoTile;  ///< kNoTile for a joker
  bool red = false;
  int column = 0;  ///< 1-based, in characters
};

/// The loose tiles of MPSZ text (digits before their suit letter, `*` for a joker, spaces
/// anywhere between tiles; no melds or winning tile). Throws NotationError naming the column.
[[nodiscard]] std::vector<TileToken> scan_tiles(std::string_view text, const RuleSet& rules);

}  // namespace meldgraph::detail
