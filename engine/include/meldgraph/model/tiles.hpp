#pragma once
/// The tile vocabulary shared by every part of meldgraph.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace meldgraph {

/// Index into `RuleSet::tiles()`. Meldable tiles come first (suits in declaration order, ranks
/// ascending), bonus tiles after them.
using TileId = std::uint8_t;

/// Marks "no tile": the rank after the last of a suit, an unused slot of a group.
inline constexpr TileId kNoTile = 0xFF;

/// Upper bound on the number of tile kinds in a rule set (standard sets use 34 + 8).
inline constexpr std::size_t kMaxTileKinds = 64;

/// Counts per tile kind, indexed by TileId.
using TileCounts = std::array<std::uint8_t, kMaxTileKinds>;

/// A set of tile kinds, bit `t` for TileId `t`.
using TileMask = std::uint64_t;

[[nodiscard]] constexpr TileMask tile_bit(TileId tile) {
  return TileMask{1} << tile;
}

/// Unicode glyph of the joker.
inline constexpr std::string_view kJokerGlyph = "\U0001F02A";

/// One kind of tile as the rule set defines it.
struct TileInfo {
  std::string code;           ///< MPSZ code, for example "5m" or "7z"
  std::string glyph;          ///< Unicode mahjong tile, or the code when the block has none
  char letter = 0;            ///< suit letter
  std::uint8_t rank = 0;      ///< 1..9
  std::uint8_t suit = 0;      ///< index into RuleSet::suits()
  std::uint8_t copies = 4;    ///< physical copies in the set
  bool bonus = false;         ///< set aside when drawn, never part of a group
  TileId next = kNoTile;      ///< tile of rank + 1 in a sequence-forming suit, else kNoTile
  TileId previous = kNoTile;  ///< tile of rank - 1 in a sequence-forming suit, else kNoTile
};

}  // namespace meldgraph
