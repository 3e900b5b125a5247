#include "meldgraph/reading/reading.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "meldgraph/model/hand_flowers.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/support/swar.hpp"

namespace meldgraph {

std::string_view slot_mark_name(SlotMark mark) {
  switch (mark) {
    case SlotMark::natural:
      return "natural";
    case SlotMark::red_five:
      return "red_five";
    case SlotMark::wildcard:
      return "wildcard";
  }
  return "?";
}

std::string_view meld_state_name(MeldState state) {
  switch (state) {
    case MeldState::concealed:
      return "concealed";
    case MeldState::exposed:
      return "exposed";
    case MeldState::concealed_kong:
      return "concealed_kong";
    case MeldState::added_kong:
      return "added_kong";
  }
  return "?";
}

int ReadingGroup::suit(const RuleSet& rules) const {
  if (faces == 0) return -1;
  return rules.tile(static_cast<TileId>(std::countr_zero(faces))).suit;
}

int ReadingGroup::wildcard_count() const {
  int count = 0;
  for (const Slot& slot : slots) count += slot.wild() ? 1 : 0;
  return count;
}

int Reading::abstract_count() const {
  int count = 0;
  for (const ReadingGroup& group : groups) count += group.abstract() ? 1 : 0;
  return count;
}

namespace {

/// Whether `tile` is a five that may be red (its suit has red fives).
bool may_be_red(const RuleSet& rules, TileId tile) {
  const TileInfo& info = rules.tile(tile);
  return info.rank == 5 && rules.suits()[info.suit].red_fives > 0;
}

/// The hand with its winning tile taken out: the hand before the win.
Hand hand_before_win(const Hand& hand) {
  Hand before = hand;
  if (hand.winning_joker) {
    --before.jokers;
  } else {
    --before.counts[hand.winning];
    if (hand.winning_red) --before.red[hand.winning];
  }
  before.winning = kNoTile;
  before.winning_joker = false;
  before.winning_red = false;
  return before;
}

/// Which class a slot's wildcard belongs to, -1 for any class (the N-wildcards group).
int slot_class(const Group& group, int slot) {
  if (group.kind == GroupKind::wildcards) return -1;
  return group.wild_class(group.abstract() ? 0 : slot);
}

/// Step 1 of make_reading: one group, its slots marked natural or wildcard (wildcards not yet
/// given a physical tile), its meld state, and how it came to be completed. `meld` counts the
/// declared melds before it (they come first, in the hand's order: Interpretation); `claimed`:
/// the winning tile came from another player. `out` is overwritten, its slot buffer reused.
void read_group(const ReadingContext& context, const Group& group, std::size_t& meld, bool claimed,
                ReadingGroup& out) {
  out.group = group;
  out.slots.resize(group.size);
  TileMask faces = 0;
  Slot* slots = out.slots.data();
  if (group.abstract()) {
    for (int s = 0; s < group.size; ++s) slots[s] = Slot{kNoTile, SlotMark::wildcard};
  } else if (group.wild_mask == 0) {
    // Every slot natural (most groups): no slot is asked whether it is wild.
    for (int s = 0; s < group.size; ++s) {
      const TileId tile = group.tiles[static_cast<std::size_t>(s)];
      slots[s] = Slot{tile};
      faces |= tile_bit(tile);
    }
  } else {
    for (int s = 0; s < group.size; ++s) {
      const TileId tile = group.tiles[static_cast<std::size_t>(s)];
      slots[s] = Slot{tile, group.is_wild(s) ? SlotMark::wildcard : SlotMark::natural};
      faces |= tile_bit(tile);
    }
  }
  out.faces = faces;
  const GroupStanding standing = group_standing(group, claimed);
  out.state = standing.state;
  out.source = standing.source;
  out.winning = standing.winning;
  out.by_discard = standing.by_discard;
  out.counts_as_open = standing.counts_as_open;
  out.claimed_slot = -1;
  if (group.declared()) {
    if (out.source != MeldSource::unknown) out.claimed_slot = context.hand.claimed_slot(meld);
    ++meld;
  }
}

/// Places physical wildcards on the concealed groups' wild slots (make_reading's documented
/// order). Declared melds' wild slots are always jokers: notation writes only `*` wild there.
class WildcardPlacer {
 public:
  WildcardPlacer(const ReadingContext& context, std::vector<ReadingGroup>& groups)
      : context_(context) {
    const Hand& hand = context.hand;
    jokers_ = hand.jokers;
    for (TileId t = 0; t < context.rules->tile_count(); ++t) {
      if ((hand.wild_tiles & tile_bit(t)) != 0) tiles_[t] = hand.counts[t];
    }
    for (ReadingGroup& group : groups) {
      if (group.declared()) continue;
      for (int s = 0; s < static_cast<int>(group.slots.size()); ++s) {
        Slot& slot = group.slots[static_cast<std::size_t>(s)];
        if (!slot.wild()) continue;
        open_.push_back({&slot, slot_class(group.group, s), group.group.winning_slot() == s});
      }
    }
  }

  void place() {
    place_winning();
    place_own_faces();
    place_rest();
  }

 private:
  struct OpenSlot {
    Slot* slot;
    int cls;  ///< the slot's wildcard class, -1 for any
    bool winning;
    bool done = false;
  };

  /// The winning wildcard goes to the winning slot when that slot is wild.
  void place_winning() {
    const Hand& hand = context_.hand;
    if (!hand.winning_is_wildcard()) return;
    for (OpenSlot& open : open_) {
      if (!open.winning || open.done) continue;
      if (hand.winning_joker) {
        take_joker(open);
      } else {
        take_tile(open, hand.winning);
      }
      return;
    }
  }

  /// Wild tiles on slots standing for their own face.
  void place_own_faces() {
    for (OpenSlot& open : open_) {
      const TileId face = open.slot->tile;
      if (open.done || face == kNoTile || tiles_[face] == 0) continue;
      if (open.cls >= 0 && context_.classes.of_source[face] != open.cls) continue;
      take_tile(open, face);
    }
  }

  /// Everything else, jokers first, then wild kinds by id.
  void place_rest() {
    for (OpenSlot& open : open_) {
      if (open.done) continue;
      if (jokers_ > 0 && (open.cls < 0 || context_.classes.of_source[kMaxTileKinds] == open.cls)) {
        take_joker(open);
        continue;
      }
      for (TileId t = 0; t < context_.rules->tile_count() && !open.done; ++t) {
        if (tiles_[t] == 0 || (open.cls >= 0 && context_.classes.of_source[t] != open.cls)) {
          continue;
        }
        take_tile(open, t);
      }
      if (!open.done) {
        throw std::logic_error("reading: a wild slot without a physical wildcard of its class");
      }
    }
  }

  void take_joker(OpenSlot& open) {
    --jokers_;
    open.slot->wild_tile = kNoTile;
    open.done = true;
  }
  void take_tile(OpenSlot& open, TileId tile) {
    --tiles_[tile];
    open.slot->wild_tile = tile;
    open.slot->own_face = open.slot->tile == tile;
    open.done = true;
  }

  const ReadingContext& context_;
  int jokers_ = 0;
  TileCounts tiles_{};
  std::vector<OpenSlot> open_;
};

/// Marks the red fives: each declared meld its own, then a red winning tile on the winning slot,
/// then the concealed ones in group and slot order on natural fives, any left over on wild fives
/// placed as themselves, then on other wild copies of the five; never on the winning slot when
/// the winning tile is not red.
void place_red_fives(const ReadingContext& context, int winning_group,
                     std::vector<ReadingGroup>& groups) {
  const RuleSet& rules = *context.rules;
  std::size_t meld = 0;
  TileCounts left = context.concealed_red;
  for (ReadingGroup& group : groups) {
    if (!group.declared()) continue;
    int reds = meld < context.hand.meld_count
                   ? std::popcount(static_cast<unsigned>(context.hand.meld_red[meld]))
                   : 0;
    ++meld;
    for (Slot& slot : group.slots) {
      if (reds == 0) break;
      if (slot.wild() || !may_be_red(rules, slot.tile)) continue;
      slot.mark = SlotMark::red_five;
      slot.red = true;
      --reds;
    }
  }
  // The winning tile's slot is red exactly when the winning tile is (`+0m`): a red five held
  // beside a plain winning five (`05m+5m`) goes elsewhere.
  const Hand& hand = context.hand;
  Slot* winning_slot = nullptr;
  if (hand.has_winning_tile() && winning_group >= 0) {
    ReadingGroup& won = groups[static_cast<std::size_t>(winning_group)];
    const int at = won.group.winning_slot();
    if (at >= 0 && at < static_cast<int>(won.slots.size())) {
      winning_slot = &won.slots[static_cast<std::size_t>(at)];
    }
  }
  // Concealed red fives still to place: the passes stop when none is left.
  int remaining = context.concealed_red_count;
  const auto mark = [&](Slot& slot) {
    const TileId physical = slot.wild() ? slot.wild_tile : slot.tile;
    if (physical == kNoTile || slot.red || left[physical] == 0) return;
    slot.red = true;
    if (!slot.wild()) slot.mark = SlotMark::red_five;
    --left[physical];
    --remaining;
  };
  if (winning_slot != nullptr && hand.winning_red) {
    const TileId physical = winning_slot->wild() ? winning_slot->wild_tile : winning_slot->tile;
    if (physical == hand.winning) mark(*winning_slot);
  }
  const auto mark_where = [&](bool spare_winning, auto&& wanted) {
    for (ReadingGroup& group : groups) {
      if (remaining == 0) return;
      if (group.declared()) continue;
      for (Slot& slot : group.slots) {
        if (spare_winning && &slot == winning_slot) continue;
        if (wanted(slot)) mark(slot);
      }
    }
  };
  const bool spare = winning_slot != nullptr && !hand.winning_red;
  mark_where(spare, [](const Slot& slot) { return !slot.wild(); });
  mark_where(spare, [](const Slot& slot) { return slot.own_face; });
  mark_where(spare, [](const Slot& /*slot*/) { return true; });
  // Only a hand built without Hand::winning_red (not read from notation) can leave a red five
  // that fits nowhere but the winning slot.
  mark_where(false, [](const Slot& /*slot*/) { return true; });
}

}  // namespace

ReadingContext make_reading_context(const RuleSet& rules, const Hand& hand, const WinContext& win,
                                    TableUse tables) {
  ReadingContext context;
  make_reading_context(rules, hand, win, context, tables);
  return context;
}

namespace {

/// ReadingContext::plain_counts, once `plain` is known. A plain hand holds no wildcard, so its
/// tiles are Hand::held_counts less the bonus kinds (a hand holds none past tile_count()).
void set_plain_counts(const RuleSet& rules, const Hand& hand, ReadingContext& context) {
  TileCounts& counts = context.plain_counts;
  if (!context.plain) {
    counts.fill(0);
    return;
  }
  counts = hand.held_counts();
  for (TileId t = rules.meldable_count(); t < rules.tile_count(); ++t) counts[t] = 0;
}

}  // namespace

void make_reading_context(const RuleSet& rules, const Hand& hand, const WinContext& win,
                          ReadingContext& context, TableUse tables) {
  context.rules = &rules;
  context.hand = hand;
  context.win = win;
  // A wildcard of a bonus kind scores as a flower too (Fuzhou's gold turned up as a flower).
  if (rules.wildcards().bonus_as_flowers) add_wild_bonus_flowers(context.win, hand, rules);
  // Most hands hold no wildcard: their classes are the empty ones, which a previous hand without
  // wildcards left in place (wildcard_classes' answer is a 300-byte record).
  const bool empty_classes = !hand.may_hold_wildcards();
  if (!empty_classes || !context.empty_classes_) context.classes = wildcard_classes(rules, hand);
  context.empty_classes_ = empty_classes;
  context.concealed_red = hand.red;
  // Red fives held anywhere, summed a word of kinds at a time (a kind holds at most its copies,
  // which the parser bounds, so eight kinds add up to less than 256).
  int reds_held = 0;
  static_assert(kMaxTileKinds % 8 == 0);
  for (std::size_t w = 0; w < kMaxTileKinds; w += 8) {
    reds_held += swar::byte_sum(swar::load_word(hand.red.data() + w));
  }
  int reds_in_melds = 0;
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    int reds = std::popcount(static_cast<unsigned>(hand.meld_red[m]));
    const Group& meld = hand.melds[m];
    for (int s = 0; s < meld.size && reds > 0; ++s) {
      const TileId tile = meld.tiles[static_cast<std::size_t>(s)];
      if (meld.is_wild(s) || !may_be_red(rules, tile) || context.concealed_red[tile] == 0) continue;
      --context.concealed_red[tile];
      --reds;
      ++reds_in_melds;
    }
  }
  context.concealed_red_count = reds_held - reds_in_melds;
  context.has_red = hand.winning_red || reds_held > 0;
  bool declared_marks = false;  // a declared meld holding a wildcard or a red five
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    declared_marks = declared_marks || hand.melds[m].wild_mask != 0 || hand.meld_red[m] != 0;
  }
  context.plain = !hand.may_hold_wildcards() && !declared_marks;
  set_plain_counts(rules, hand, context);
  const std::array<TileId, 4>& winds = rules.tile_classes().wind_tiles;
  context.seat_wind_tile = winds[static_cast<std::size_t>(win.seat_wind)];
  context.round_wind_tile = winds[static_cast<std::size_t>(win.round_wind)];
  // The wait set waits for its first reader (waits_before(), has_waits()).
  context.tables_ = tables;
  context.has_waits_ = false;
  context.waits_ = 0;
  context.waits_known_ = false;
  context.exhausted_ = 0;
  context.exhausted_known_ = false;
}

void build_reading_tables(const RuleSet& rules, TableUse tables, TableParts parts) {
  // compute_waits_before's wait_mask, the waits query, is read only by the patterns that ask
  // about the wait set (a nine-sided chuuren, MCR's only-wait patterns): a rare part, which
  // would otherwise be half of a scorer's build (docs/tables.md, "When tables are built").
  if (tables == TableUse::tables && parts == TableParts::rare) {
    build_query_tables(rules, Query::waits, TableParts::common);
  }
}

void ReadingContext::compute_waits_before() const {
  has_waits_ = false;
  waits_ = 0;
  if (hand.has_winning_tile()) {
    const Hand before = hand_before_win(hand);
    if (before.size(*rules) % 3 == 1) {
      waits_ = tables_ == TableUse::tables ? wait_mask(*rules, before)
                                           : search_wait_mask(*rules, before);
      has_waits_ = true;
    }
  }
  waits_known_ = true;
}

void ReadingContext::compute_exhausted_waits() const {
  if (!waits_known_) compute_waits_before();
  exhausted_ = 0;
  // Under hand.exhausted_waits the wait set holds them already.
  if (has_waits_ && !rules->exhausted_waits()) {
    exhausted_ = exhausted_wait_mask(*rules, hand_before_win(hand));
  }
  exhausted_known_ = true;
}

Reading make_reading(const ReadingContext& context, const Interpretation& interpretation) {
  Reading reading;
  make_reading(context, interpretation, reading);
  return reading;
}

void make_reading(const ReadingContext& context, const Interpretation& interpretation,
                  Reading& reading) {
  reading.form = interpretation.form;
  reading.winning_group = interpretation.winning_group;
  reading.wait = interpretation.wait;
  reading.soft_wildcards = interpretation.soft_wildcards;
  // Loose tiles are the N-wildcards form's only: most readings copy nothing.
  if (!interpretation.loose_tiles.empty() || !reading.loose_tiles.empty()) {
    reading.loose_tiles = interpretation.loose_tiles;
  }
  reading.groups.resize(interpretation.groups.size());
  // Most readings hold no wildcard and no red five: the placers are skipped for them (a
  // scorer makes one reading per interpretation of every hand).
  bool wild = false;
  const bool claimed = winning_tile_claimed(context.win);
  std::size_t meld = 0;
  for (std::size_t g = 0; g < interpretation.groups.size(); ++g) {
    const Group& group = interpretation.groups[g];
    wild = wild || group.wild_mask != 0 || group.abstract();
    read_group(context, group, meld, claimed, reading.groups[g]);
  }
  if (wild) WildcardPlacer(context, reading.groups).place();
  if (context.has_red) place_red_fives(context, reading.winning_group, reading.groups);
  reading.winning_red = context.hand.winning_red;
}

std::string format_reading_group(const ReadingGroup& group, const RuleSet& rules) {
  std::uint8_t red_slots = 0;
  for (std::size_t s = 0; s < group.slots.size() && s < 8; ++s) {
    if (group.slots[s].mark == SlotMark::red_five) {
      red_slots = static_cast<std::uint8_t>(red_slots | (1U << s));
    }
  }
  return format_group(group.group, rules, red_slots, group.claimed_slot);
}

}  // namespace meldgraph
