#pragma once
/// The tile table of a tile set: every tile kind with its id, code and glyph, the suits as
/// declared, and the facts derived once from them that every layer reads (tile classes, suit
/// layouts, knit suits, a letter x rank lookup). A RuleSet holds one (RuleSet::tile_table); the
/// loader builds it as soon as the tiles are read, so that the sections read after them (forms,
/// scoring) resolve tile codes against the table the rule set will hold.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "meldgraph/model/tiles.hpp"

namespace meldgraph {

/// A suit (or honour or bonus family) of the tile set, as declared.
struct SuitInfo {
  char letter = 0;                  ///< notation letter: m, p, s, z, f, ...
  std::string name;                 ///< human name ("characters")
  std::vector<std::uint8_t> ranks;  ///< ascending, each 1..9
  bool sequences = false;           ///< chows of consecutive ranks are allowed
  bool bonus = false;               ///< bonus tiles: set aside, never in groups
  std::uint8_t copies = 4;          ///< physical copies of each tile
  std::uint8_t red_fives = 0;       ///< copies of rank 5 that are red (written 0)
  /// Named rank groups, for example winds = 1..4 and dragons = 5..7 of the honours.
  std::vector<std::pair<std::string, std::vector<std::uint8_t>>> groups;
};

/// The knit classes of the 9-rank sequence suits: ranks 1-4-7, 2-5-8, 3-6-9.
inline constexpr int kKnitClasses = 3;
/// The class of a rank (1..9) in the knit: 0 for 1-4-7, 1 for 2-5-8, 2 for 3-6-9.
[[nodiscard]] constexpr int knit_class(int rank) {
  return (rank - 1) % kKnitClasses;
}
/// The six ways to give the three knit suits distinct classes (147, 258, 369): entry p, k is
/// the class of knit suit k (KnitSuits) under assignment p. The search, the shanten programme
/// and the fast checks all take them in this order.
inline constexpr std::array<std::array<int, kKnitClasses>, 6> kKnitAssignments = {
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

/// Tile classes scorers read, as masks over the meldable tiles, derived once from the tile set:
/// honours are the tiles of suits without sequences; terminals the lowest and highest rank of each
/// sequence suit (1 and 9); simples the other sequence-suit tiles; winds and dragons the honour
/// tiles of the suit groups named `winds` and `dragons`. `of_suit[s]` holds the tiles of suit s.
struct TileClasses {
  TileMask terminals = 0;
  TileMask honours = 0;
  TileMask simples = 0;
  TileMask winds = 0;
  TileMask dragons = 0;
  TileMask terminals_or_honours = 0;
  std::vector<TileMask> of_suit;
  /// The tile of each wind, E S W N (Wind's order): the rank at that position of the first rank
  /// group named `winds` of four or more ranks; kNoTile when the rule set names none.
  std::array<TileId, 4> wind_tiles{kNoTile, kNoTile, kNoTile, kNoTile};

  [[nodiscard]] static bool in(TileMask mask, TileId tile) { return (mask & tile_bit(tile)) != 0; }
};

/// The most ranks and copies of a regular suit (SuitLayout::regular).
inline constexpr int kRegularSuitMaxRanks = 9;
inline constexpr int kRegularSuitMaxCopies = 4;

/// A meldable suit as the lookup tables, the queries, the special-form checks and the lister's
/// pruning lay it out: its tiles are the ids [first, first + ranks), ascending by rank. Derived
/// once per rule set (RuleSet::suit_layouts), meldable suits in tile-id order.
struct SuitLayout {
  std::uint8_t suit = 0;   ///< index into RuleSet::suits()
  TileId first = 0;        ///< the suit's lowest tile
  std::uint8_t ranks = 0;  ///< tiles in the suit
  bool sequences = false;  ///< a numbered suit: chows of consecutive ranks are allowed
  /// Some chow can be made in the suit: `sequences` and two of its ranks consecutive. A numbered
  /// suit without (sanma's characters, ranks 1 and 9) is laid out like an honour suit.
  bool chows = false;
  std::uint8_t copies = 0;  ///< copies of every tile of the suit, 0 when they differ
  /// A regular suit, the shape every lookup table models (tables/suit_tables.hpp): at most
  /// kRegularSuitMaxRanks ranks, one copy count of 1 to kRegularSuitMaxCopies, and, with
  /// chows, each tile's next the following id (no rank gap) and none after the last; without
  /// chows no tile has a next.
  bool regular = false;
};

/// The suits a knit (组合龙, 全不靠) spreads over: the non-bonus sequence suits in declaration
/// order. `complete` when there are exactly three, each of ranks 1-9 (what a knitted form needs,
/// as the loader demands for it); then knit suit k's tile of rank r is `first[k] + r - 1`.
struct KnitSuits {
  std::vector<std::size_t> suits;  ///< indices into RuleSet::suits()
  bool complete = false;
  std::array<TileId, kKnitClasses> first{};

  [[nodiscard]] TileId tile(std::size_t k, int rank) const {
    return static_cast<TileId>(first[k] + rank - 1);
  }
};

/// The tiles of a tile set. Immutable once built.
class TileTable {
 public:
  /// Lays the tiles out (meldable suits first, then bonus suits, each in declaration order) and
  /// derives the classes, layouts and knit suits. Throws RuleError naming `rule_set` when the
  /// suits declare more than kMaxTileKinds tiles.
  TileTable(std::vector<SuitInfo> suits, const std::string& rule_set);

  /// The suits, as declared.
  [[nodiscard]] const std::vector<SuitInfo>& suits() const { return suits_; }
  /// Every tile kind; meldable ones are [0, meldable_count()).
  [[nodiscard]] std::span<const TileInfo> tiles() const { return tiles_; }
  [[nodiscard]] const TileInfo& tile(TileId id) const { return tiles_[id]; }
  [[nodiscard]] TileId tile_count() const { return static_cast<TileId>(tiles_.size()); }
  [[nodiscard]] TileId meldable_count() const { return meldable_count_; }

  /// The tile of suit `letter` and `rank`, or kNoTile.
  [[nodiscard]] TileId find_tile(char letter, int rank) const;
  /// Index into suits() of the suit with this letter, or -1.
  [[nodiscard]] int find_suit(char letter) const;
  /// The tile after meldable `tile` in its cycle: the first of `cycles` holding it (each in
  /// order, wrapping), else the named rank group holding it when `by_group` (winds 4z to 1z,
  /// dragons 7z to 5z), else its whole suit (9 wraps to 1).
  [[nodiscard]] TileId next_in_cycle(TileId tile, bool by_group,
                                     std::span<const std::vector<TileId>> cycles) const;

  /// Terminal, honour, wind, dragon and simple tiles, and each suit's tiles (TileClasses).
  [[nodiscard]] const TileClasses& tile_classes() const { return classes_; }
  /// The meldable suits as the tables lay them out, in tile-id order (SuitLayout).
  [[nodiscard]] std::span<const SuitLayout> suit_layouts() const { return layouts_; }
  /// The suits a knit spreads over (KnitSuits).
  [[nodiscard]] const KnitSuits& knit_suits() const { return knit_suits_; }

 private:
  void lay_out_tiles(const std::string& rule_set);
  void derive_tile_classes();
  void derive_suit_layouts();
  void derive_knit_suits();

  std::vector<SuitInfo> suits_;
  std::vector<TileInfo> tiles_;
  TileId meldable_count_ = 0;
  TileClasses classes_;
  std::vector<SuitLayout> layouts_;
  KnitSuits knit_suits_;
  std::array<TileId, std::size_t{128} * 10> by_letter_rank_{};  ///< [letter * 10 + rank] -> TileId
};

}  // namespace meldgraph
