#pragma once
/// The hand's whole situation at the win: how and from whom it won, the winds, the flags and
/// indicators a scorer reads. A value: parsed once (from CLI options or a batch JSON line) and
/// passed by const reference; the engine's search never reads it. docs/cli.md lists the fields.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/field_value.hpp"
#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

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
  /// Won on the tile a player discarded after their own kong's replacement draw (杠上炮); a
  /// discard, and the kong is the discarder's, not the winner's.
  bool after_kong_discard = false;
  /// Won by taking the tile turned up at the opening to choose the wildcards (Fuzhou's 抢金: the
  /// gold itself completes a hand ready at the deal); counts as a self-draw, before any call,
  /// and the winning tile is that wildcard.
  bool robbing_gold = false;

  std::vector<TileId> dora;  ///< dora indicator tiles, as shown (not the dora themselves)
  std::vector<TileId> ura;   ///< ura-dora indicator tiles
  /// Bonus tiles held (flowers, seasons) as tiles, when given as tiles.
  std::vector<TileId> flower_tiles;
  /// Bonus tiles held: flower_tiles.size(), or the count given without tiles.
  std::uint8_t flower_count = 0;

  std::uint16_t honba = 0;          ///< repeat counters (本場)
  std::uint16_t riichi_sticks = 0;  ///< riichi deposits on the table (供託)
  /// Copies of the rule set's set-aside tile the winner laid beside the hand (calls.set_aside:
  /// sanma's kita, 抜きドラ); not among the hand's tiles.
  std::uint8_t set_aside = 0;

  friend bool operator==(const WinContext&, const WinContext&) = default;
};

/// The context's fields, in the order they are written (docs/cli.md describes each): `hand` is
/// not among them, it is read by the notation parser.
inline constexpr std::string_view kWinContextFields[] = {"win",
                                                         "from",
                                                         "seat_wind",
                                                         "round_wind",
                                                         "riichi",
                                                         "double_riichi",
                                                         "ippatsu",
                                                         "last_tile",
                                                         "after_kong",
                                                         "robbing_kong",
                                                         "first_draw",
                                                         "last_of_kind",
                                                         "after_kong_discard",
                                                         "robbing_gold",
                                                         "dora",
                                                         "ura",
                                                         "flowers",
                                                         "honba",
                                                         "riichi_sticks",
                                                         "set_aside"};

/// A context field that cannot be read: unknown, of the wrong type, out of range, or contradicting
/// another field. `field()` names it (as written in JSON, `seat_wind`); what() is
/// "field 'seat_wind': ...".
class ContextError : public Error {
 public:
  ContextError(std::string field, const std::string& detail)
      : Error("field '" + field + "': " + detail), field_(std::move(field)), detail_(detail) {}
  [[nodiscard]] const std::string& field() const { return field_; }
  [[nodiscard]] const std::string& detail() const { return detail_; }

 private:
  std::string field_;
  std::string detail_;
};

/// Reads a context one field at a time, in the order of an object's keys (sorted, as FieldValue
/// objects hold them): parse_win_context's reader, shared with the readers of lines (answers/
/// hand_input.hpp), so that every reader of a context says the same of the same fields.
class WinContextReader {
 public:
  explicit WinContextReader(const RuleSet& rules);
  /// Reads the field `key` (not `hand`); throws ContextError as parse_win_context does.
  void field(std::string_view key, const FieldValue& value);
  /// The context the fields read give, their implications applied and their contradictions
  /// thrown (ContextError). Moves the context out: the reader is spent.
  [[nodiscard]] WinContext finish() &&;

 private:
  const RuleSet* rules_;
  WinContext context_;
  bool win_given_ = false;
  bool riichi_given_ = false;
  bool from_given_ = false;
};

/// Reads a context from a JSON object of the fields above (a `hand` member is skipped: a batch
/// line holds both). Fields left out keep WinContext's defaults; `from` or `robbing_kong` without
/// `win` mean a discard; `double_riichi` sets riichi. Throws ContextError for an unknown field, a
/// bad value or a contradiction (docs/cli.md lists them), a seat or discarder the rule set's
/// players do not have among them (seat N, or `across`, under three players). The one reader of
/// contexts: the CLI's options are gathered into such an object first.
[[nodiscard]] WinContext parse_win_context(const FieldValue& object, const RuleSet& rules);
/// parse_win_context of a nlohmann value.
[[nodiscard]] WinContext parse_win_context(const nlohmann::json& object, const RuleSet& rules);

/// The context as a JSON object of every field (`from` only when known; `flowers` as tiles when
/// given as tiles, else the count): parse_win_context reads it back to the same value.
[[nodiscard]] nlohmann::json win_context_to_json(const WinContext& context, const RuleSet& rules);

/// One line of text: "discard from left, seat S, round E, riichi, dora 4s 1z"; flags and
/// counters appear only when set.
[[nodiscard]] std::string format_win_context(const WinContext& context, const RuleSet& rules);

/// Checks what needs the hand too: riichi (or double riichi) only with a closed hand, after_kong
/// only with a kong declared (or a tile set aside, where calls.set_aside.after_kong says its
/// replacement draw counts), first_draw and robbing_gold only without a declared meld or a tile
/// set aside,
/// robbing_gold only with a wildcard as the winning tile; indicators and the hand's
/// tiles within each tile's copies (with the set-aside tiles), and for `robbing_kong` the robbed
/// pung's three copies of the winning tile as well. Throws ContextError naming the field
/// (`riichi`, `double_riichi`, `after_kong`, `first_draw`, `robbing_gold`, `set_aside`, `dora`,
/// `ura` or `robbing_kong`).
void check_win_context(const WinContext& context, const Hand& hand, const RuleSet& rules);

/// `E` `S` `W` `N`; `self-draw` `discard`; `left` `across` `right` (`unknown`).
[[nodiscard]] std::string_view wind_code(Wind wind);
[[nodiscard]] std::string_view win_kind_name(WinKind kind);
[[nodiscard]] std::string_view meld_source_name(MeldSource source);

}  // namespace meldgraph
