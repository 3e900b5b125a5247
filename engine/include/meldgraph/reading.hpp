#pragma once
/// What a scorer reads of one interpretation, without reaching into the search: every slot of
/// every group marked natural, red five or wildcard (which physical wildcard, standing for what),
/// declared melds with their kind and source, whether a concealed pung was completed by a
/// discard, the winning group and wait shape, the hand's whole wait set before the win, and
/// tile-class lookups. Built on demand from an Interpretation (the search never builds one);
/// docs/engine.md, "Interpretation fields for scorers", has the rules that place physical tiles.

#include <cstdint>
#include <vector>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/group.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/table_use.hpp"
#include "meldgraph/tiles.hpp"
#include "meldgraph/win_context.hpp"

namespace meldgraph {

/// What sits in one slot of a group.
enum class SlotMark : std::uint8_t {
  natural,   ///< a natural tile, not red
  red_five,  ///< a natural red five (written 0)
  wildcard,  ///< a joker or a tile of a wild kind, standing for `Slot::tile`
};

[[nodiscard]] std::string_view slot_mark_name(SlotMark mark);

/// One slot, 4 bytes. `tile` is the face the slot counts as: the natural tile, or what the
/// wildcard stands for; kNoTile for the slots of abstract groups (any_meld, any_pair, the
/// N-wildcards group), which stand for nothing fixed. For a wildcard, `wild_tile` is the physical
/// tile: kNoTile for a joker `*`, else the wild tile kind (a wild 5m, a ghost 5z). `own_face`: a
/// wild tile standing for its own face (a wild 5m placed as 5m; 归位 under natural_use). `red`:
/// the physical tile is a red five (a natural red five, or a red copy of a wild five).
struct Slot {
  TileId tile = kNoTile;
  SlotMark mark = SlotMark::natural;
  TileId wild_tile = kNoTile;
  bool own_face = false;
  bool red = false;

  [[nodiscard]] bool wild() const { return mark == SlotMark::wildcard; }
  [[nodiscard]] bool joker() const { return wild() && wild_tile == kNoTile; }
  friend bool operator==(const Slot&, const Slot&) = default;
};

/// How a group came to be: formed from concealed tiles, or declared.
enum class MeldState : std::uint8_t {
  concealed,       ///< formed from the concealed tiles (not declared)
  exposed,         ///< declared by claiming a discard: an open chow, pung or kong ([777z])
  concealed_kong,  ///< declared from the player's own four tiles ((2222s))
  added_kong,      ///< an exposed pung made a kong with the fourth tile (加杠 / shouminkan)
};

[[nodiscard]] std::string_view meld_state_name(MeldState state);

/// One group of a Reading. `group` is the interpretation's own group, unchanged; `slots` has
/// `group.size` entries (an N-wildcards group may hold more than four).
struct ReadingGroup {
  Group group;
  std::vector<Slot> slots;
  MeldState state = MeldState::concealed;
  MeldSource source = MeldSource::unknown;  ///< declared melds: the seat claimed from, if given
  /// Declared melds with a source: the slot of the claimed tile (Hand::claimed_slot), else -1.
  int claimed_slot = -1;
  bool winning = false;  ///< holds the winning tile
  /// A concealed group completed by the winning tile taken from a discard (or robbed from a
  /// kong): its last tile came from another player.
  bool by_discard = false;
  /// Open for scoring: an exposed or added-kong declared meld, or a concealed pung completed by a
  /// discard (a ron on a shanpon wait makes that pung open, 明刻). Concealed kongs are closed.
  bool counts_as_open = false;
  /// The concrete faces of the group (natural tiles and what wildcards stand for); 0 for
  /// abstract groups.
  TileMask faces = 0;

  [[nodiscard]] bool declared() const { return state != MeldState::concealed; }
  [[nodiscard]] bool abstract() const { return group.abstract(); }
  /// Every face of the group is in `mask` (false for abstract groups: they have no fixed face).
  [[nodiscard]] bool all_in(TileMask mask) const { return faces != 0 && (faces & ~mask) == 0; }
  /// Some face of the group is in `mask`.
  [[nodiscard]] bool any_in(TileMask mask) const { return (faces & mask) != 0; }
  /// Index into RuleSet::suits() of the group's faces, or -1 for abstract groups.
  [[nodiscard]] int suit(const RuleSet& rules) const;
  /// Wildcards in the group.
  [[nodiscard]] int wildcard_count() const;
};

/// What every reading of one hand shares, computed once per hand: the wildcard classes, the
/// physical wildcards and red fives to place, and the wait set before the win. Build it with
/// make_reading_context and pass it to make_reading for each interpretation.
struct ReadingContext {
  const RuleSet* rules = nullptr;
  Hand hand;
  WinContext win;
  WildcardClasses classes;
  /// Red fives held concealed (Hand::red less the declared melds' Hand::meld_red), by kind.
  TileCounts concealed_red{};
  /// The hand before the win (the winning tile taken out) waits on these natural tiles:
  /// wait_mask of that 3n+1 hand. 0 when the hand has no winning tile.
  TileMask waits_before = 0;
  bool has_waits = false;  ///< the hand has a winning tile, so waits_before is known
  bool has_red = false;    ///< the hand holds a red five (Hand::red is not all zero)
};

/// Throws AnalysisError where wildcard_classes does (more kinds of wildcard than classes).
[[nodiscard]] ReadingContext make_reading_context(const RuleSet& rules, const Hand& hand,
                                                  const WinContext& win = {},
                                                  TableUse tables = TableUse::tables);
/// The same, into `out`, reusing its buffers (the context's indicator lists): a scorer's
/// workspace builds one per hand without allocating once they have grown.
void make_reading_context(const RuleSet& rules, const Hand& hand, const WinContext& win,
                          ReadingContext& out, TableUse tables = TableUse::tables);

/// One interpretation as a scorer reads it.
struct Reading {
  std::size_t form = 0;              ///< index into RuleSet::forms()
  std::vector<ReadingGroup> groups;  ///< the interpretation's groups, in its order
  int winning_group = -1;            ///< index into groups, or -1
  WaitShape wait = WaitShape::none;
  std::uint8_t soft_wildcards = 0;  ///< as Interpretation::soft_wildcards
  /// The natural tiles no group holds (an N-wildcards interpretation): Interpretation's own.
  std::vector<TileId> loose_tiles;
  TileMask waits_before = 0;  ///< ReadingContext::waits_before
  bool has_waits = false;     ///< ReadingContext::has_waits
  /// The winning tile is a red five (`+0m`, Hand::winning_red); its slot (the winning group's
  /// winning slot) is then marked red before any other red five is placed.
  bool winning_red = false;

  /// The winning tile was the hand's only wait (some patterns score a wait only then).
  [[nodiscard]] bool only_wait() const {
    return has_waits && waits_before != 0 && (waits_before & (waits_before - 1)) == 0;
  }
  /// Groups that are wildcard-only (their concrete meanings: Realisations).
  [[nodiscard]] int abstract_count() const;
};

/// The reading of `interpretation`, an interpretation of `context.hand`. Physical wildcards go to
/// wild slots class by class, deterministically: the winning wildcard to the winning slot; wild
/// tiles to slots standing for their own face; then, in group and slot order, jokers first, then
/// wild tile kinds by id. Red fives: each declared meld keeps its own (Hand::meld_red) on its
/// five slots; a red winning tile goes to the winning slot (a plain one keeps it free); the other
/// concealed ones go to natural five slots in group and slot order, any left over to wild fives
/// placed as themselves.
[[nodiscard]] Reading make_reading(const ReadingContext& context,
                                   const Interpretation& interpretation);
/// The same, into `out`, reusing its buffers: allocation-free once they have grown, for
/// interpretations without wildcards and with no more groups than `out` had (a scorer's loop).
void make_reading(const ReadingContext& context, const Interpretation& interpretation,
                  Reading& out);

/// Text of a reading's group: format_group with red fives written `0` (`406p`, `[055m]`).
[[nodiscard]] std::string format_reading_group(const ReadingGroup& group, const RuleSet& rules);

}  // namespace meldgraph
