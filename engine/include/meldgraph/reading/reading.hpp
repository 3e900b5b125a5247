#pragma once
/// What a scorer reads of one interpretation, without reaching into the search: every slot of
/// every group marked natural, red five or wildcard (which physical wildcard, standing for what),
/// declared melds with their kind and source, whether a concealed pung was completed by a
/// discard, the winning group and wait shape, the hand's whole wait set before the win, and
/// tile-class lookups. Built on demand from an Interpretation (the search never builds one);
/// docs/engine.md, "Interpretation fields for scorers", has the rules that place physical tiles.

#include <array>
#include <cstdint>
#include <vector>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/tables/table_use.hpp"

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

/// The slots of one group: up to kInlineSlots held in place (every meld, pair and single), more
/// (an N-wildcards group) in a heap buffer kept across reuses. A small vector rather than a
/// std::vector so that reading a hand allocates nothing per group. Invariant: size() <= the
/// storage in use (the inline array when size() <= kInlineSlots, else `more_`).
class SlotList {
 public:
  static constexpr std::size_t kInlineSlots = 4;

  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] Slot* data() { return size_ <= kInlineSlots ? inline_.data() : more_.data(); }
  [[nodiscard]] const Slot* data() const {
    return size_ <= kInlineSlots ? inline_.data() : more_.data();
  }
  [[nodiscard]] Slot* begin() { return data(); }
  [[nodiscard]] Slot* end() { return data() + size_; }
  [[nodiscard]] const Slot* begin() const { return data(); }
  [[nodiscard]] const Slot* end() const { return data() + size_; }
  Slot& operator[](std::size_t i) { return data()[i]; }
  const Slot& operator[](std::size_t i) const { return data()[i]; }
  /// `n` slots; their contents are unspecified until written (every caller overwrites them).
  void resize(std::size_t n) {
    if (n > kInlineSlots) more_.resize(n);
    size_ = n;
  }

 private:
  std::array<Slot, kInlineSlots> inline_{};
  std::vector<Slot> more_;
  std::size_t size_ = 0;
};

/// How a group came to be: formed from concealed tiles, or declared.
enum class MeldState : std::uint8_t {
  concealed,       ///< formed from the concealed tiles (not declared)
  exposed,         ///< declared by claiming a discard: an open chow, pung or kong ([777z])
  concealed_kong,  ///< declared from the player's own four tiles ((2222s))
  added_kong,      ///< an exposed pung made a kong with the fourth tile (加杠 / shouminkan)
};

[[nodiscard]] std::string_view meld_state_name(MeldState state);

/// How one group of an interpretation stands in its reading, read off the group and how the
/// hand won: its meld state and source, whether it holds the winning tile, was completed by a
/// discard, counts as open. make_reading's ReadingGroup fields and the feature record's group
/// flags both come from here (group_standing).
struct GroupStanding {
  MeldState state = MeldState::concealed;
  MeldSource source = MeldSource::unknown;
  bool winning = false;
  bool by_discard = false;
  bool counts_as_open = false;
};
/// The standing of `group`; `claimed`: the winning tile came from another player (a discard,
/// or a robbed kong: winning_tile_claimed). Inline: the scorer asks it of every group.
[[nodiscard]] inline GroupStanding group_standing(const Group& group, bool claimed) {
  GroupStanding out;
  out.winning = group.winning_slot() >= 0;
  if (group.declared()) {
    out.state = group.concealed()    ? MeldState::concealed_kong
                : group.added_kong() ? MeldState::added_kong
                                     : MeldState::exposed;
    out.source = group.source();
    out.counts_as_open = out.state == MeldState::exposed || out.state == MeldState::added_kong;
    return out;
  }
  out.by_discard = out.winning && claimed;
  out.counts_as_open = out.by_discard && group.kind == GroupKind::pung;
  return out;
}
[[nodiscard]] inline bool winning_tile_claimed(const WinContext& win) {
  return win.win == WinKind::discard || win.robbing_kong;
}

/// One group of a Reading. `group` is the interpretation's own group, unchanged; `slots` has
/// `group.size` entries (an N-wildcards group may hold more than four).
struct ReadingGroup {
  Group group;
  SlotList slots;
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
  /// Its GroupStanding (the fields group_standing set).
  [[nodiscard]] GroupStanding standing() const {
    return {state, source, winning, by_discard, counts_as_open};
  }
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
/// physical wildcards and red fives to place, the value winds, and the wait set before the win.
/// Build it with make_reading_context and pass it to make_reading for each interpretation.
///
/// The wait set is computed on first use (waits_before()) and kept: most readings' patterns
/// never ask for it (riichi's only ask in thirteen orphans and nine gates), and it costs a
/// query of the hand before the win. Being cached in a const object, it makes a context unsafe
/// to share between threads before its waits_before() has been called once.
class ReadingContext {
 public:
  const RuleSet* rules = nullptr;
  Hand hand;
  WinContext win;
  WildcardClasses classes;
  /// Red fives held concealed (Hand::red less the declared melds' Hand::meld_red), by kind.
  TileCounts concealed_red{};
  int concealed_red_count = 0;  ///< the sum of concealed_red
  bool has_red = false;         ///< the hand holds a red five (Hand::red is not all zero)
  /// The tiles of the seat and round winds of `win` (TileClasses::wind_tiles), kNoTile when the
  /// rule set names no winds.
  TileId seat_wind_tile = kNoTile;
  TileId round_wind_tile = kNoTile;
  /// When `plain`: every reading's ScoreFeatures::counts. They are the hand's tiles, declared
  /// melds included and kongs as four, bonus tiles not: every natural tile lies in some group of
  /// each interpretation, so the counts do not depend on the reading. All zero when not plain.
  TileCounts plain_counts{};
  /// The hand holds no wildcard (concealed or in a declared meld) and no red five in a declared
  /// meld: a reading of it is its interpretation's groups as they are, every slot natural, and
  /// its concealed red fives all find a natural five slot (the winning one on the winning slot),
  /// so its record can be made from the interpretation without the reading
  /// (make_score_features' second form).
  bool plain = false;
  /// The wait set (waits_before) also holds the tiles of which the hand holds every copy that its
  /// shape waits on (exhausted_wait_mask), whatever `hand.exhausted_waits` says: a wait judged by
  /// the shape alone. A setting of the context's owner (a scorer under scoring.exhausted_waits),
  /// kept by make_reading_context's second form, which reuses the context.
  bool shape_waits = false;

  /// The hand has a winning tile and, without it, is one tile short of complete (3n+1 tiles),
  /// so waits_before() is its wait set. Computed on the first call, with waits_before().
  [[nodiscard]] bool has_waits() const {
    if (!waits_known_) compute_waits_before();
    return has_waits_;
  }
  /// The hand before the win (the winning tile taken out) waits on these natural tiles:
  /// wait_mask of that 3n+1 hand, and under shape_waits its exhausted waits; 0 when
  /// !has_waits(). Computed on the first call.
  [[nodiscard]] TileMask waits_before() const {
    if (!waits_known_) compute_waits_before();
    if (shape_waits && !exhausted_known_) compute_exhausted_waits();
    return waits_ | exhausted_;
  }
  /// The winning tile was the hand's only wait (some patterns score a wait only then). The
  /// exhausted waits (shape_waits) are looked for only when the drawable ones are one tile:
  /// they are the dear part, and otherwise change nothing here.
  [[nodiscard]] bool only_wait() const {
    if (!waits_known_) compute_waits_before();
    const TileMask w = waits_;
    if (!has_waits_ || w == 0 || (w & (w - 1)) != 0) return false;
    if (shape_waits && !exhausted_known_) compute_exhausted_waits();
    return exhausted_ == 0;
  }

 private:
  friend void make_reading_context(const RuleSet& rules, const Hand& hand, const WinContext& win,
                                   ReadingContext& out, TableUse tables);
  void compute_waits_before() const;
  void compute_exhausted_waits() const;

  TableUse tables_ = TableUse::tables;  ///< where waits_before() takes the wait set from
  /// `classes` are those of a hand without wildcards (wildcard_classes' empty answer).
  bool empty_classes_ = false;
  mutable TileMask waits_ = 0;
  mutable bool has_waits_ = false;
  mutable bool waits_known_ = false;
  /// Under shape_waits: the exhausted waits, apart from waits_ (disjoint from it).
  mutable TileMask exhausted_ = 0;
  mutable bool exhausted_known_ = false;
};

/// Throws AnalysisError where wildcard_classes does (more kinds of wildcard than classes).
[[nodiscard]] ReadingContext make_reading_context(const RuleSet& rules, const Hand& hand,
                                                  const WinContext& win = {},
                                                  TableUse tables = TableUse::tables);
/// The same, into `out`, reusing its buffers (the context's indicator lists): a scorer's
/// workspace builds one per hand without allocating once they have grown.
void make_reading_context(const RuleSet& rules, const Hand& hand, const WinContext& win,
                          ReadingContext& out, TableUse tables = TableUse::tables);

/// Builds now the `parts` of the lookup tables a ReadingContext made with `tables` reads, which
/// the first hand that reads them would otherwise build; nothing for TableUse::search_only. Its
/// one table, its wait set before the win (the waits query's tables), is a rare part: only the
/// patterns that ask about the wait set read it. For builds ahead of need
/// (Analyzer::build_tables).
void build_reading_tables(const RuleSet& rules, TableUse tables,
                          TableParts parts = TableParts::common);

/// One interpretation as a scorer reads it.
struct Reading {
  std::size_t form = 0;              ///< index into RuleSet::forms()
  std::vector<ReadingGroup> groups;  ///< the interpretation's groups, in its order
  int winning_group = -1;            ///< index into groups, or -1
  WaitShape wait = WaitShape::none;
  std::uint8_t soft_wildcards = 0;  ///< as Interpretation::soft_wildcards
  /// The natural tiles no group holds (an N-wildcards interpretation): Interpretation's own.
  /// The hand's wait set before the win is the context's (ReadingContext::waits_before).
  std::vector<TileId> loose_tiles;
  /// The winning tile is a red five (`+0m`, Hand::winning_red); its slot (the winning group's
  /// winning slot) is then marked red before any other red five is placed.
  bool winning_red = false;

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
