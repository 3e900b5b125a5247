#pragma once
/// The hand's whole situation at the win: how and from whom it won, the winds, the flags and
/// indicators a scorer reads. A value: parsed once (from CLI options or a batch JSON line) and
/// passed by const reference; the engine's search never reads it. docs/cli.md lists the fields.

#include <cstdint>
#include <vector>

#include "meldgraph/group.hpp"
#include "meldgraph/tiles.hpp"

namespace meldgraph {

/// How the winning tile came.
enum class WinKind : std::uint8_t {
  self_draw,  ///< drawn from the wall (自摸 / tsumo)
  discard,    ///< another player's discard (点和 / ron)
};

/// A seat or prevailing wind, East first (the dealer's seat is East).
enum class Wind : std::uint8_t { east = 0, south = 1, west = 2, north = 3 };

/// The situation of one win. Defaults describe a plain self-drawn win by East in the East round
/// with no flags, no indicators and no bonus tiles.
struct WinContext {
  WinKind win = WinKind::self_draw;
  /// The discarder's seat relative to the winner, for a discard (MeldSource's words: `left` is
  /// the previous player in turn order, 上家; `right` the next, 下家); unknown for a self-draw.
  MeldSource from = MeldSource::unknown;
  Wind seat_wind = Wind::east;
  Wind round_wind = Wind::east;
  /// The dealer is the player whose seat wind is East.
  [[nodiscard]] bool dealer() const { return seat_wind == Wind::east; }

  bool riichi = false;
  bool double_riichi = false;  ///< implies riichi
  bool ippatsu = false;        ///< needs riichi
  bool last_tile = false;      ///< the wall's last tile: 海底 (self-draw) / 河底 (discard)
  bool after_kong = false;     ///< won on the replacement tile of a kong (嶺上 / 杠上开花)
  bool robbing_kong = false;   ///< won on a tile added to a kong (搶槓); a discard-like win
  bool first_draw = false;     ///< the first draw of the game, no call before (天和 / 地和)
  bool last_of_kind = false;   ///< the last copy of the winning tile (和绝张)

  std::vector<TileId> dora;  ///< dora indicator tiles, as shown (not the dora themselves)
  std::vector<TileId> ura;   ///< ura-dora indicator tiles
  /// Bonus tiles held (flowers, seasons) as tiles, when given as tiles.
  std::vector<TileId> flower_tiles;
  /// Bonus tiles held: flower_tiles.size(), or the count given without tiles.
  std::uint8_t flower_count = 0;

  std::uint16_t honba = 0;          ///< repeat counters (本場)
  std::uint16_t riichi_sticks = 0;  ///< riichi deposits on the table (供託)

  friend bool operator==(const WinContext&, const WinContext&) = default;
};

}  // namespace meldgraph
