#pragma once
/// The notation's tile scanner (notation.cpp), for other readers of plain tile lists such as
/// parse_visible: one scanner of MPSZ digits and suit letters everywhere, with the same errors.

#include <array>
#include <cstddef>
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

/// The tile of `text` when it is one tile written plainly, a digit 1-9 and its suit's letter
/// (`9s`, as indicators are given), found without the scanner; else kNoTile, and the scanner
/// reads the text (and says what is wrong with it).
[[nodiscard]] TileId plain_tile(std::string_view text, const RuleSet& rules);

/// The tokens of a hand written plainly: loose tiles, the last of them the winning tile when the
/// text ends in `+tile`.
struct PlainHandTokens {
  /// More than any shipped hand with its flowers; a longer text is left to the general scanner.
  static constexpr std::size_t kMaxTokens = 40;
  std::array<TileToken, kMaxTokens> tokens{};
  std::size_t count = 0;
  int winning_column = 0;  ///< of the `+` when the last token is the winning tile, else 0
};

/// Reads the usual shape of a hand (ASCII digits and suit letters, spaces, `*`, one final `+tile`;
/// no melds) without allocating. Returns false for any other text and for every text the
/// general scanner rejects, which then reads it and names the error; so the tokens of a text
/// read here are the ones the general scanner finds, only sooner. A tab, which the general
/// scanner skips as a space, is left to it (the tests compare both readers by it).
[[nodiscard]] bool scan_plain_hand(std::string_view text, const RuleSet& rules,
                                   PlainHandTokens& out);

}  // namespace meldgraph::detail
