#pragma once
/// The steps of the search over a form's groups, written once and shared by its two consumers:
/// the graph builder (decomposition.cpp, which merges identical states into a DAG) and the
/// depth-first lister (listing.cpp, which visits each path as it reaches the goal). Both take the
/// groups of the same templates in the same order with the same order keys, mark the winning tile
/// the same way, test abstract groups with the same can_fill and finish an interpretation with the
/// same finish_interpretation, so that the lister's listing is the cursor's, in its order.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph::search {

/// Where the winning tile stands while a path is searched.
enum class Winning : std::uint8_t {
  placed = 0,   ///< marked in a group, or no winning tile given
  natural = 1,  ///< a natural copy of Hand::winning is still to be marked
  wild = 2,     ///< one of the wildcards is still to be marked
};

/// A group template: the groups that hold the lowest natural tile `t` (or, for the wild-only
/// templates, a tile no natural is left of). Bit i of `wild` is set when slot i is a wildcard.
struct Template {
  GroupKind kind;
  std::int8_t first_offset;  ///< offset of slot 0 from t along the sequence (chows: -2..0)
  std::uint8_t size;
  std::uint8_t wild;
  std::uint8_t wild_count;
};

/// The melds search's templates in the order that canonicalises paths (docs/engine.md's table):
/// groups holding the same lowest tile are taken in this order, so every multiset of groups is
/// reached by exactly one path.
inline constexpr std::array<Template, 12> kTemplates{{
    {GroupKind::pair, 0, 2, 0b00, 0},    // NN
    {GroupKind::pair, 0, 2, 0b10, 1},    // NW
    {GroupKind::pung, 0, 3, 0b000, 0},   // NNN
    {GroupKind::pung, 0, 3, 0b100, 1},   // NNW
    {GroupKind::pung, 0, 3, 0b110, 2},   // NWW
    {GroupKind::chow, 0, 3, 0b000, 0},   // NNN, the tile first
    {GroupKind::chow, 0, 3, 0b100, 1},   // NNW
    {GroupKind::chow, 0, 3, 0b010, 1},   // NWN
    {GroupKind::chow, 0, 3, 0b110, 2},   // NWW
    {GroupKind::chow, -1, 3, 0b001, 1},  // WNN, the tile in the middle
    {GroupKind::chow, -1, 3, 0b101, 2},  // WNW
    {GroupKind::chow, -2, 3, 0b011, 2},  // WWN, the tile last
}};

/// Groups of restricted wildcards only, once no natural tile is left: pair, pung, chow.
inline constexpr std::array<Template, 3> kWildOnlyTemplates{{
    {GroupKind::pair, 0, 2, 0b11, 2},
    {GroupKind::pung, 0, 3, 0b111, 3},
    {GroupKind::chow, 0, 3, 0b111, 3},
}};

/// Whether a pair of `tile` of template `shape` (NN, NW, or a wild-only WW) obeys the form's pair
/// rules: `pair_tiles`, and `pair_wildcards` for a pair with a wildcard.
constexpr bool pair_allowed(const FormSpec& form, TileId tile, const Template& shape) {
  if (form.pair_tiles != 0 && (form.pair_tiles & tile_bit(tile)) == 0) return false;
  return (shape.wild & 0b10U) == 0 || form.pair_wildcards != PairWildcards::none;
}

/// Codes of the wildcard classes of a group's slots (Group::wild_classes of three slots).
inline constexpr int kClassCodes = 64;
/// Winning slot + 1 (0 unmarked, slots 0-2) in the low bits of an order key.
inline constexpr int kWinningKeys = 8;

/// The order key of a group at one tile: groups there come in non-decreasing order of
/// (template, wildcard classes, winning slot + 1).
constexpr int order_key(int template_index, int class_code, int winning_slot) {
  return (template_index * kClassCodes + class_code) * kWinningKeys + winning_slot + 1;
}
/// The template an order key starts at.
constexpr int template_of_key(int key) {
  return key / (kClassCodes * kWinningKeys);
}
/// The least key of the first pung template (templates 0-1 are pairs, 2-4 pungs): after a pair
/// that must take its tile alone, only pungs may still take the tile.
inline constexpr int kFirstPungKey = order_key(2, 0, -1);

/// Whether class `code` (2 bits per slot) gives a class below `class_count` to every wildcard
/// slot of a group of `size` slots with wildcard mask `wild`, and class 0 to natural slots and
/// to slots past the size. With one class, code 0 only.
constexpr bool code_fits(int size, unsigned wild, int code, int class_count) {
  if ((code >> (2 * size)) != 0) return false;
  for (int slot = 0; slot < size; ++slot) {
    const int cls = (code >> (2 * slot)) & 3;
    if ((wild >> slot & 1U) == 0 ? cls != 0 : cls >= class_count) return false;
  }
  return true;
}

/// Calls `visit(group, marks)` for the group unmarked and for each way to mark the winning tile
/// in it (`marks` true: the winning tile is then placed), in the search's order: unmarked first.
/// A natural winning tile marks the first natural slot holding it (natural copies of one tile in
/// one group are alike); the unmarked version is left out when no copy would be left to mark
/// (`copy_left` false: the path could not reach the goal). A winning wildcard marks one slot per
/// distinct stand-in among the wildcard slots of class `winning_class` (-1: none can be marked).
/// Stops and returns false as soon as `visit` does.
template <class Visit>
[[gnu::always_inline]] inline bool for_each_winning_variant(const Group& base, Winning winning,
                                                            TileId winning_tile, bool copy_left,
                                                            int winning_class, Visit&& visit) {
  if (winning == Winning::natural) {
    int slot = -1;
    for (int s = 0; s < base.size && slot < 0; ++s) {
      if (!base.is_wild(s) && base.tiles[static_cast<std::size_t>(s)] == winning_tile) slot = s;
    }
    if (copy_left && !visit(base, false)) return false;
    if (slot < 0) return true;
    Group marked = base;
    marked.set_winning_slot(slot);
    return visit(marked, true);
  }
  if (!visit(base, false)) return false;
  if (winning != Winning::wild || winning_class < 0) return true;
  TileMask seen = 0;
  for (int s = 0; s < base.size; ++s) {
    const TileId t = base.tiles[static_cast<std::size_t>(s)];
    if (!base.is_wild(s) || base.wild_class(s) != winning_class || (seen & tile_bit(t)) != 0) {
      continue;
    }
    seen |= tile_bit(t);
    Group marked = base;
    marked.set_winning_slot(s);
    if (!visit(marked, true)) return false;
  }
  return true;
}

/// What abstract groups may be made of: the tile table's sequence successors, and the form's
/// rules for pairs and chows.
struct FillRules {
  const std::array<TileId, kMaxTileKinds>* next = nullptr;  ///< sequence successor per tile
  TileId meldable = 0;
  TileMask pair_tiles = 0;  ///< the form's pair_tiles (0: any tile)
  bool chows = true;        ///< melds may be chows (not in pairs forms)
  bool distinct = false;    ///< pairs must differ: never two on one kind, nor on a taken kind
};

/// Whether `melds` melds (pungs, and chows when allowed) and `pairs` pairs fit in `capacity`,
/// using tiles from `from` upwards; distinct pairs never on a kind of `taken_pairs`, never two on
/// one kind. `capacity` and `taken_pairs` are restored before returning.
inline bool can_fill(TileCounts& capacity, TileId from, int melds, int pairs, TileMask& taken_pairs,
                     const FillRules& fill) {
  if (melds == 0 && pairs == 0) return true;
  const std::array<TileId, kMaxTileKinds>& next = *fill.next;
  for (TileId t = from; t < fill.meldable; ++t) {
    if (capacity[t] == 0) continue;
    if (melds > 0 && capacity[t] >= 3) {
      capacity[t] = static_cast<std::uint8_t>(capacity[t] - 3);
      const bool ok = can_fill(capacity, t, melds - 1, pairs, taken_pairs, fill);
      capacity[t] = static_cast<std::uint8_t>(capacity[t] + 3);
      if (ok) return true;
    }
    const TileId second = next[t];
    const TileId third = second == kNoTile ? kNoTile : next[second];
    if (fill.chows && melds > 0 && third != kNoTile && capacity[second] > 0 &&
        capacity[third] > 0) {
      --capacity[t];
      --capacity[second];
      --capacity[third];
      const bool ok = can_fill(capacity, t, melds - 1, pairs, taken_pairs, fill);
      ++capacity[t];
      ++capacity[second];
      ++capacity[third];
      if (ok) return true;
    }
    const bool pair_tile = (fill.pair_tiles == 0 || (fill.pair_tiles & tile_bit(t)) != 0) &&
                           (!fill.distinct || (taken_pairs & tile_bit(t)) == 0);
    if (pairs > 0 && pair_tile && capacity[t] >= 2) {
      capacity[t] = static_cast<std::uint8_t>(capacity[t] - 2);
      if (fill.distinct) taken_pairs |= tile_bit(t);
      const bool ok = can_fill(capacity, t, melds, pairs - 1, taken_pairs, fill);
      if (fill.distinct) taken_pairs &= ~tile_bit(t);
      capacity[t] = static_cast<std::uint8_t>(capacity[t] + 2);
      if (ok) return true;
    }
  }
  return false;
}

/// Capacity of a tile for abstract groups when wildcards may exceed copies: more than any group
/// combination of one hand can use.
inline constexpr int kUncappedCapacity = 32;

/// Whether the wildcards left can really be `melds` abstract melds and `pairs` abstract pairs:
/// always, unless copies are capped (`capped`: natural copies `held` plus stand-ins placed may not
/// exceed `copies`), pairs must differ (then, conservatively, not on a kind held or stood in for),
/// pairs are restricted, or tiles are `unavailable` (forbidden, or of a suit to lack).
inline bool abstract_groups_fit(const FillRules& fill, const TileCounts& held,
                                const TileCounts& standins,
                                const std::array<std::uint8_t, kMaxTileKinds>& copies, bool capped,
                                TileMask unavailable, int melds, int pairs) {
  if (!capped && !fill.distinct && fill.pair_tiles == 0 && unavailable == 0) return true;
  TileCounts capacity{};
  TileMask taken_pairs = 0;
  for (TileId t = 0; t < fill.meldable; ++t) {
    const int used = held[t] + standins[t];
    capacity[t] =
        static_cast<std::uint8_t>(capped ? std::max(0, copies[t] - used) : kUncappedCapacity);
    if ((unavailable & tile_bit(t)) != 0) capacity[t] = 0;
    if (fill.distinct && used > 0) taken_pairs |= tile_bit(t);
  }
  return can_fill(capacity, 0, melds, pairs, taken_pairs, fill);
}

/// What finishing an interpretation of one hand in one form needs beyond its groups, decided
/// once per hand and form so that the common case (no wild tile held, not the N-wildcards form)
/// pays two tests per interpretation and no call.
struct FinishSteps {
  /// wildcards.natural_use and the hand holds a wild tile: count the wild tiles on their own face.
  bool own_face = false;
  /// The N-wildcards form: the natural tiles lie in no group and are listed apart.
  bool loose_tiles = false;
};

inline FinishSteps finish_steps(const RuleSet& rules, const Hand& hand, const FormSpec& form) {
  return {hand.wild_tiles != 0 && rules.wildcards().natural_use, form.type == FormType::wildcards};
}

/// The N-wildcards form's loose tiles: the hand's natural tiles, in tile order.
void add_loose_tiles(const RuleSet& rules, const Hand& hand, Interpretation& out);

/// Fills in what follows from an interpretation's groups (declared melds first, then the path):
/// the winning group (`winning_group`, -1 for none) and its wait shape, the soft wildcards
/// (`wildcards` placed less those on their own face) and the loose tiles of the N-wildcards form.
/// The one place both consumers finish an interpretation (inline: the lister calls it on every
/// interpretation it lists); `steps` is finish_steps of the hand and `out.form`.
inline void finish_interpretation(const RuleSet& rules, const Hand& hand, FinishSteps steps,
                                  int winning_group, int wildcards, Interpretation& out) {
  out.winning_group = winning_group;
  out.wait = winning_group >= 0
                 ? wait_shape(out.groups[static_cast<std::size_t>(winning_group)], rules)
                 : WaitShape::none;
  const int as_self = steps.own_face ? wild_on_own_face(hand, winning_group, out) : 0;
  out.soft_wildcards = static_cast<std::uint8_t>(wildcards - as_self);
  if (!out.loose_tiles.empty()) out.loose_tiles.clear();
  if (steps.loose_tiles) add_loose_tiles(rules, hand, out);
}

}  // namespace meldgraph::search
