#pragma once
/// Hands and the one notation parser used everywhere (CLI, tests, corpora).
///
/// Notation (MPSZ as on Tenhou): digits then a suit letter, `123m456p789s1122z`. Honours 1z-7z are
/// East, South, West, North, White, Green, Red. `0` is a red five, `*` a joker, `1f`-`8f` bonus
/// tiles. Spaces may stand anywhere between tiles.

#include <cstdint>
#include <string>
#include <string_view>

#include "meldgraph/rules.hpp"
#include "meldgraph/tiles.hpp"

namespace meldgraph {

/// A hand as counts. Invariants (checked by parse_hand): no tile exceeds its copies, jokers do not
/// exceed the rule set's jokers, and the meldable tiles plus jokers do not exceed the hand size.
struct Hand {
  TileCounts counts{};       ///< every tile written, by kind, wildcard tiles and bonus tiles included
  TileCounts red{};          ///< how many of counts[t] were written as red fives
  std::uint8_t jokers = 0;   ///< generic jokers `*`
  TileMask wild_tiles = 0;   ///< tile kinds that act as wildcards in this hand

  /// Tiles that take part in groups: meldable naturals, designated wildcards and jokers.
  [[nodiscard]] int size(const RuleSet& rules) const;
  /// Wildcards held: jokers plus tiles of the wild kinds (bonus kinds included when wild).
  [[nodiscard]] int wildcard_count() const;
  /// Natural (non-wild) meldable tiles by kind; bonus and wild kinds are zero.
  [[nodiscard]] TileCounts natural_counts(const RuleSet& rules) const;

  friend bool operator==(const Hand&, const Hand&) = default;
};

/// Reads a hand. Designated wildcard tiles of the rules are wild; `extra_wild` adds per-hand ones
/// (only where the rules allow choosing them per hand). Throws NotationError with the column.
[[nodiscard]] Hand parse_hand(std::string_view text, const RuleSet& rules, TileMask extra_wild = 0);

/// Reads one tile (`5m`, `7z`); throws NotationError.
[[nodiscard]] TileId parse_tile(std::string_view text, const RuleSet& rules);

/// Reads a per-hand wildcard choice such as `5m` or `5m,7z` into a mask; throws NotationError, or
/// Error when the rules do not allow choosing wildcards per hand.
[[nodiscard]] TileMask parse_wild_choice(std::string_view text, const RuleSet& rules);

/// MPSZ text of tile counts in id order, grouped by suit: "111m456p".
[[nodiscard]] std::string format_counts(const TileCounts& counts, const RuleSet& rules);

/// MPSZ text of a whole hand: naturals, wildcard tiles, then jokers and bonus tiles.
[[nodiscard]] std::string format_hand(const Hand& hand, const RuleSet& rules);

/// The hand as Unicode mahjong tiles.
[[nodiscard]] std::string format_hand_unicode(const Hand& hand, const RuleSet& rules);

/// Unicode glyph of the joker.
inline constexpr std::string_view kJokerGlyph = "\U0001F02A";

}  // namespace meldgraph
