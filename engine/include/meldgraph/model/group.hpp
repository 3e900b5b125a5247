#pragma once
/// Groups: the parts an interpretation splits a hand into.

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>

#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph {

enum class GroupKind : std::uint8_t {
  pair,       ///< two of a tile
  pung,       ///< three of a tile
  kong,       ///< four of a tile (declared melds only)
  chow,       ///< three consecutive ranks of a sequence suit
  single,     ///< one tile of a set or singles form (thirteen orphans, 全不靠)
  any_meld,   ///< three wildcards forming some meld, not expanded
  any_pair,   ///< two wildcards forming some pair, not expanded
  wildcards,  ///< the wildcards of an instant "N wildcards" win
  knit,       ///< ranks r, r+3, r+6 of one suit: a third of the knitted straight (组合龙)
};

[[nodiscard]] std::string_view group_kind_name(GroupKind kind);

/// The seat a declared meld was claimed from, relative to its owner (Group::flags bits 2-3).
/// `left` is the previous player in turn order (上家), `right` the next (下家).
enum class MeldSource : std::uint8_t { unknown = 0, left = 1, across = 2, right = 3 };

/// Group::flags bits: 0 declared, 1 concealed, 2-3 MeldSource, 4-6 winning slot + 1, 7 added kong.
inline constexpr std::uint8_t kGroupDeclared = 1;   ///< a declared meld (written in [] or ())
inline constexpr std::uint8_t kGroupConcealed = 2;  ///< with kGroupDeclared: a concealed kong
inline constexpr int kGroupSourceShift = 2;         ///< bits 2-3: MeldSource of a declared meld
inline constexpr int kGroupWinningShift = 4;        ///< bits 4-6: winning slot + 1, 0 if none
/// With kGroupDeclared: a kong added to an exposed pung (加杠 / shouminkan).
inline constexpr std::uint8_t kGroupAddedKong = 0x80;

/// A group, 9 bytes. Layout: kind, size (tiles in the group), wild_mask (bit i set when slot i is a
/// wildcard standing in for tiles[i]), flags (declared, concealed, and which slot holds the winning
/// tile), then up to four tiles ascending (a chow low to high), then the wildcard classes. Abstract
/// kinds (any_meld, any_pair, wildcards) have every slot wild and tiles kNoTile.
///
/// Invariant: only a `wildcards` group may have size above 4; its size is the number of wildcards
/// (up to every tile of a hand), which exceeds both the four tile slots and the eight bits of
/// wild_mask. Code that walks slots must ask is_wild(slot) (true for every slot of a `wildcards`
/// group) before reading tiles[slot], and wild_class(slot) is 0 past slot 3.
struct Group {
  GroupKind kind = GroupKind::pair;
  std::uint8_t size = 0;
  std::uint8_t wild_mask = 0;
  std::uint8_t flags = 0;
  std::array<TileId, 4> tiles{kNoTile, kNoTile, kNoTile, kNoTile};
  /// Under restricted stand-ins, the wildcard class (WildcardClasses) of each wild slot: bits
  /// 2i-2i+1 for slot i. Zero when every wildcard is of class 0 (no restriction).
  std::uint8_t wild_classes = 0;

  [[nodiscard]] bool declared() const { return (flags & kGroupDeclared) != 0; }
  [[nodiscard]] bool concealed() const { return (flags & kGroupConcealed) != 0; }
  [[nodiscard]] bool added_kong() const { return (flags & kGroupAddedKong) != 0; }
  [[nodiscard]] MeldSource source() const {
    return static_cast<MeldSource>((flags >> kGroupSourceShift) & 3U);
  }
  void set_source(MeldSource source) {
    flags = static_cast<std::uint8_t>((flags & ~(3U << kGroupSourceShift)) |
                                      (static_cast<unsigned>(source) << kGroupSourceShift));
  }
  /// Slot of the winning tile, or -1 when the group does not hold it.
  [[nodiscard]] int winning_slot() const { return ((flags >> kGroupWinningShift) & 7) - 1; }
  void set_winning_slot(int slot) {
    flags = static_cast<std::uint8_t>((flags & ~(7U << kGroupWinningShift)) |
                                      ((slot + 1) << kGroupWinningShift));
  }

  [[nodiscard]] bool abstract() const {
    return kind == GroupKind::any_meld || kind == GroupKind::any_pair ||
           kind == GroupKind::wildcards;
  }
  /// Whether slot `slot` (below size) holds a wildcard; every slot of a `wildcards` group does.
  [[nodiscard]] bool is_wild(int slot) const {
    return kind == GroupKind::wildcards || (slot < 8 && ((wild_mask >> slot) & 1U) != 0);
  }
  /// The wildcard class of a wild slot; 0 for natural slots and past slot 3.
  [[nodiscard]] int wild_class(int slot) const {
    return slot < 4 ? (wild_classes >> (2 * slot)) & 3 : 0;
  }
  [[nodiscard]] int wildcard_count() const;

  // NOLINTNEXTLINE(modernize-use-nullptr): clang-tidy 14 takes the defaulted <=>'s 0 for a pointer.
  friend auto operator<=>(const Group&, const Group&) = default;
};

/// Text of a group in MPSZ with wildcard stand-ins in braces: `1{2}3m`, `{***}` (any meld),
/// `{**}` (any pair), `{****}` (instant win with four wildcards). Natural slots whose bit is set
/// in `red_slots` are written `0`, as red fives are in hands (`406p`). With `claimed_slot` given,
/// a declared meld with a source carries its marker as in a hand (`[34-5m]`): after that slot,
/// or when it is -1 (not known) after the last tile, or the third of an added kong.
[[nodiscard]] std::string format_group(const Group& group, const RuleSet& rules,
                                       std::uint8_t red_slots = 0,
                                       std::optional<int> claimed_slot = std::nullopt);

/// The source marker of a declared meld in the notation: `-` left, `=` across, `+` right; 0 for
/// an unknown source.
[[nodiscard]] char meld_source_marker(MeldSource source);

/// The group as Unicode tiles, wildcard slots shown as the joker tile.
[[nodiscard]] std::string format_group_unicode(const Group& group, const RuleSet& rules);

}  // namespace meldgraph
