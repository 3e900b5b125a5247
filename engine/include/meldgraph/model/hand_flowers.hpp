#pragma once
/// The hand's own bonus tiles as its flowers: bonus tiles written in a hand
/// (`111m999m555z2z2f[333-m]+2z`) are scored as the context's `flowers`. merge_hand_flowers is
/// the one place where they reach the context; every path from a hand and a context to an
/// answer calls it (docs/cli.md, "The hand's own bonus tiles").

#include <string_view>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

/// A tile of a hand's text and the 1-based column it is written at.
struct TilePlace {
  TileId tile = kNoTile;
  int column = 0;
};

/// The bonus tiles written among a hand's concealed tiles, in the order written, each with its
/// column in `text` as given (in any notation): the places an error about the hand's flowers
/// names. Throws NotationError as parse_hand does.
[[nodiscard]] std::vector<TilePlace> bonus_tile_places(std::string_view text, const RuleSet& rules,
                                                       Notation notation = Notation::meldgraph);

/// The hand's own flowers: its concealed tiles of bonus kinds that are not wild in it, sorted. A
/// bonus kind the rules make wild (`guangdong_flowers`' flower ghosts) is a wildcard, not a
/// flower.
[[nodiscard]] std::vector<TileId> hand_flowers(const Hand& hand, const RuleSet& rules);

/// The wildcards of bonus kinds the hand holds (a flower turned up as the gold), sorted: they are
/// wildcards, not hand_flowers, and under wildcards.bonus_as_flowers they are scored as flowers
/// as well (add_wild_bonus_flowers).
[[nodiscard]] std::vector<TileId> wild_bonus_tiles(const Hand& hand, const RuleSet& rules);

/// The flowers scoring reads under wildcards.bonus_as_flowers: the context's, and each wildcard
/// of a bonus kind the hand holds. With flowers given as tiles (or none) the wildcards join
/// `flower_tiles`, so `bonus: {of: ...}` sees them; with a count alone they add to the count.
/// The context of the hand as given (its `flowers`, merge_hand_flowers) is not this one.
void add_wild_bonus_flowers(WinContext& context, const Hand& hand, const RuleSet& rules);

/// Makes the hand's own flowers the context's. When the context gives no flowers (none, or a
/// count of 0), the hand's become its `flowers`, as tiles. When both give some they must agree,
/// the same tiles or a count equal to the hand's (the context then holds the hand's tiles), else
/// ContextError on `flowers` naming the hand's first tile the field lacks and, when `hand_text`
/// is given (read in `notation`), its column. A hand without bonus tiles leaves the context as
/// it is.
void merge_hand_flowers(WinContext& context, const Hand& hand, const RuleSet& rules,
                        std::string_view hand_text = {}, Notation notation = Notation::meldgraph);

}  // namespace meldgraph
