#pragma once
/// Hands and the one notation parser used everywhere (CLI, tests, corpora).
///
/// Notation (MPSZ as on Tenhou): digits then a suit letter, `123m456p789s1122z`. Honours 1z-7z are
/// East, South, West, North, White, Green, Red. `0` is a red five, `*` a joker, `1f`-`8f` bonus
/// tiles. Declared melds in brackets (`[777z]`, `[1111m]`, `[345p]`), concealed kongs in
/// parentheses (`(2222s)`), the winning tile last after '+' (`...11z+7z`). Spaces may stand
/// anywhere between tiles. docs/notation.md has the details.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph {

/// Declared melds a hand may hold: a 17-tile hand has five melds and a pair.
inline constexpr std::size_t kMaxDeclaredMelds = 5;

/// A hand as counts. Invariants (checked by parse_hand): no tile exceeds its copies (declared melds
/// included), jokers do not exceed the rule set's jokers, and the size does not exceed the hand
/// size, each declared meld (a kong too) counting three.
///
/// Layout: what the fast queries read of every hand (the counts, jokers, wild kinds, the number
/// of declared melds) lies in the first two cache lines, a pair the processor fetches together;
/// the red fives and the melds' groups follow. The queries also read up to 15 bytes past
/// `counts` (whole vectors), which stay inside the hand.
struct Hand {
  TileCounts
      counts{};  ///< concealed tiles by kind (winning tile, wildcard and bonus tiles included)
  std::uint8_t jokers = 0;      ///< concealed generic jokers `*` (a winning joker included)
  std::uint8_t meld_count = 0;  ///< declared melds held (see `melds`)
  /// The winning tile written after '+' (also counted in `counts`), kNoTile when none is given
  /// or when it is a joker (`+*`, then winning_joker is set). A winning tile of a wild kind is a
  /// wildcard, like a joker.
  TileId winning = kNoTile;
  bool winning_joker = false;
  /// The winning tile is a red five (written `+0m`); its red copy is also in `red`. Kept apart
  /// because `red` says only how many fives are red, not which of them was the winning one.
  bool winning_red = false;
  TileMask wild_tiles = 0;  ///< tile kinds that act as wildcards in this hand
  TileCounts red{};         ///< red fives held, concealed or declared
  /// Declared melds in the order written: exposed ([777z], [1111m], [345p]) or concealed kongs
  /// ((2222s)). Their groups carry kGroupDeclared, and where written their source (MeldSource)
  /// and kGroupAddedKong; their tiles are not in `counts`.
  std::array<Group, kMaxDeclaredMelds> melds{};
  /// Red fives of each declared meld: bit i of meld_red[m] is set when slot i of melds[m] is a
  /// red five (a chow's five slot; a pung's or kong's first natural slots), so
  /// popcount(meld_red[m]) is the meld's number of red fives. Also in `red`.
  std::array<std::uint8_t, kMaxDeclaredMelds> meld_red{};
  /// Which tile of each declared meld was claimed: slot + 1 of melds[m] (the slot whose digit the
  /// source marker follows, `[34-5m]`: slot 1, the 4m; an added kong's marker after its third
  /// tile: slot 2), 0 when the meld has no marker. Group::flags has no bit left for it.
  std::array<std::uint8_t, kMaxDeclaredMelds> meld_claimed{};

  /// The claimed slot of declared meld `m`, or -1 when not given.
  [[nodiscard]] int claimed_slot(std::size_t m) const {
    return m < meld_count ? static_cast<int>(meld_claimed[m]) - 1 : -1;
  }

  /// Tiles for the hand's shape: concealed meldable naturals, wildcards and jokers, plus three per
  /// declared meld (a kong is one meld).
  [[nodiscard]] int size(const RuleSet& rules) const;
  /// Concealed tiles only (size() less the declared melds).
  [[nodiscard]] int concealed_size(const RuleSet& rules) const;
  [[nodiscard]] bool has_winning_tile() const { return winning != kNoTile || winning_joker; }
  /// Whether the hand may hold a wildcard (a joker, or a wild tile kind); false: it holds none,
  /// and its WildcardClasses are the empty ones.
  [[nodiscard]] bool may_hold_wildcards() const {
    return jokers != 0 || wild_tiles != 0 || winning_joker;
  }
  /// The winning tile is a wildcard: a joker, or a tile of a wild kind.
  [[nodiscard]] bool winning_is_wildcard() const {
    return winning_joker || (winning != kNoTile && (wild_tiles & tile_bit(winning)) != 0);
  }
  /// Natural tiles held anywhere, concealed and in declared melds, by kind (for copy limits).
  [[nodiscard]] TileCounts held_counts() const;
  /// Red fives among the concealed tiles, by kind: `red` less those of the declared melds.
  [[nodiscard]] TileCounts concealed_red() const;
  /// Concealed wildcards held: jokers plus tiles of the wild kinds (bonus kinds included when
  /// wild). Jokers in declared melds are not among them (declared_wildcard_count).
  [[nodiscard]] int wildcard_count() const;
  /// Jokers standing in declared melds (`[77*z]`).
  [[nodiscard]] int declared_wildcard_count() const;
  /// Natural (non-wild) meldable tiles by kind; bonus and wild kinds are zero.
  [[nodiscard]] TileCounts natural_counts(const RuleSet& rules) const;

  friend bool operator==(const Hand&, const Hand&) = default;
};

/// The most kinds of wildcard one hand may hold under restricted stand-ins.
inline constexpr int kMaxWildcardClasses = 4;

/// A hand's concealed wildcards grouped by what they may stand for (wildcards.stand_ins):
/// sources (jokers, each wild tile kind) with equal masks share a class. Classes are numbered in
/// source order: jokers first, then wild tile kinds by id. Without restricted stand-ins every
/// wildcard is in one unrestricted class 0.
struct WildcardClasses {
  int count = 0;                                         ///< classes in use
  std::array<TileMask, kMaxWildcardClasses> masks{};     ///< tiles each class may stand for
  std::array<std::uint8_t, kMaxWildcardClasses> held{};  ///< concealed wildcards per class
  int unrestricted = -1;  ///< the class that may stand for every meldable tile, or -1
  int winning = -1;       ///< class of the winning wildcard, or -1
  /// Class a wildcard source of this hand belongs to: [kMaxTileKinds] is the joker.
  std::array<int, kMaxTileKinds + 1> of_source{};
};

/// Throws AnalysisError when the hand holds more than kMaxWildcardClasses kinds of wildcard.
[[nodiscard]] WildcardClasses wildcard_classes(const RuleSet& rules, const Hand& hand);

/// The class a wildcard source would have in a hand that holds `classes`, adding a new class
/// when none matches (for a drawn wildcard); -1 when no class is left.
[[nodiscard]] int class_for_mask(WildcardClasses& classes, TileMask mask, bool unrestricted);

/// The notations a hand may be written in (docs/notation.md). Every one is read by parse_hand:
/// the others are rewritten into meldgraph's own first, keeping each character's column.
enum class Notation : std::uint8_t {
  meldgraph,  ///< MPSZ with [melds], (kongs), `*` jokers and `+` the winning tile
  majiang,    ///< majiang-core's 牌姿: `m345p40677s67s8,m34-0` (suit first, melds after commas)
  tenhou,     ///< plain Tenhou MPSZ: digits and suit letters only
};

/// `meldgraph`, `majiang`, `tenhou`.
[[nodiscard]] std::string_view notation_name(Notation notation);
/// The notation of a name (as notation_name writes it); throws Error listing the names.
[[nodiscard]] Notation notation_from_name(std::string_view name);

/// Reads a hand. Designated wildcard tiles of the rules are wild; `extra_wild` adds per-hand ones
/// (only where the rules allow choosing them per hand). Throws NotationError with the column (of
/// `text` as given, in any notation).
[[nodiscard]] Hand parse_hand(std::string_view text, const RuleSet& rules, TileMask extra_wild = 0,
                              Notation notation = Notation::meldgraph);

/// The hand `text` of another notation written in meldgraph's, and for each of its characters the
/// 1-based column of `text` it comes from (the positions parse_hand's errors are mapped back
/// through). Throws NotationError for what the notation does not allow.
struct NotationRewrite {
  std::string text;
  std::vector<int> columns;
};
[[nodiscard]] NotationRewrite rewrite_notation(std::string_view text, Notation notation);

/// Reads loose tiles (`4s1z`, `4s,1z`, `4s 1z`), commas and spaces between them, in the order
/// written; red fives read as fives. No jokers, no melds. Throws NotationError.
[[nodiscard]] std::vector<TileId> parse_tiles(std::string_view text, const RuleSet& rules);

/// Reads one tile (`5m`, `7z`); throws NotationError.
[[nodiscard]] TileId parse_tile(std::string_view text, const RuleSet& rules);

/// Reads a per-hand wildcard choice such as `5m` or `5m,7z` into a mask; throws NotationError (a
/// bonus kind without wildcards.per_hand_bonus, at its column), or Error when the rules do not
/// allow choosing wildcards per hand.
[[nodiscard]] TileMask parse_wild_choice(std::string_view text, const RuleSet& rules);

/// The wildcard tiles an indicator tile chooses (`--indicator 4m` makes 5m wild): throws
/// NotationError for a bad tile, Error when the rules have no indicator.
[[nodiscard]] TileMask parse_indicator(std::string_view text, const RuleSet& rules);

/// Reads tiles seen elsewhere (`1m1m5z`, spaces allowed, red fives as fives) into counts; throws
/// NotationError naming the column for a joker, an unknown tile or more copies than the set holds.
[[nodiscard]] TileCounts parse_visible(std::string_view text, const RuleSet& rules);

/// MPSZ text of tile counts in id order, grouped by suit: "111m456p".
[[nodiscard]] std::string format_counts(const TileCounts& counts, const RuleSet& rules);

/// MPSZ text of a whole hand: naturals, wildcard tiles, then jokers and bonus tiles.
[[nodiscard]] std::string format_hand(const Hand& hand, const RuleSet& rules);

/// The hand as Unicode mahjong tiles.
[[nodiscard]] std::string format_hand_unicode(const Hand& hand, const RuleSet& rules);

}  // namespace meldgraph
