/// make_score_features and realise_group (features.hpp): one reading's feature record.
/// Every field is filled here and nowhere else; docs/scoring.md, "The feature record", lists them.

#include "meldgraph/scoring/features.hpp"

#include <bit>
#include <stdexcept>

#include "meldgraph/support/bits.hpp"

namespace meldgraph {

namespace {

/// The shape part of a group's feature: kind, size, faces, lowest face, its suit and rank.
/// Shared by make_score_features and realise_group, so a realised group looks exactly like a
/// concrete one of the same tiles.
void set_shape(GroupFeature& out, GroupKind kind, std::uint8_t size, TileMask faces,
               const RuleSet& rules) {
  out.kind = kind;
  out.size = size;
  out.faces = faces;
  if (faces == 0) {
    out.low = kNoTile;
    out.suit = 0xFF;
    out.rank = 0;
    return;
  }
  out.low = static_cast<TileId>(std::countr_zero(faces));
  const TileInfo& info = rules.tile(out.low);
  out.suit = info.suit;
  out.rank = info.rank;
}

/// Adds one face (a tile of a group, or a loose tile) to the hand-wide counts and masks; the
/// fields read off the faces (suits_used, honours_used) follow once all are in (faces_done).
void add_face(ScoreFeatures& out, TileId face, bool concealed) {
  ++out.counts[face];
  out.faces |= tile_bit(face);
  if (concealed) out.concealed_faces |= tile_bit(face);
}

/// The fields read off `faces`: the sequence suits used and whether an honour is held.
void faces_done(ScoreFeatures& out) {
  const RuleSet& rules = *out.rules;
  const TileClasses& classes = rules.tile_classes();
  std::uint8_t suits = 0;
  for (std::size_t s = 0; s < rules.suits().size() && s < 8; ++s) {
    if (rules.suits()[s].sequences && (out.faces & classes.of_suit[s]) != 0) {
      suits = static_cast<std::uint8_t>(suits | (1U << s));
    }
  }
  out.suits_used = suits;
  out.honours_used = (out.faces & classes.honours) != 0;
}

/// Sets (`on`) or clears group `g`'s bits in the kind and flag indexes.
void index_group(ScoreFeatures& out, std::size_t g, bool on) {
  const GroupFeature& feature = out.groups[g];
  const std::uint32_t bit = 1U << g;
  const auto apply = [&](std::uint32_t& mask) { mask = on ? mask | bit : mask & ~bit; };
  apply(out.kind_groups[static_cast<std::size_t>(feature.kind)]);
  const std::uint64_t one = std::uint64_t{1}
                            << (kKindCountBits * static_cast<unsigned>(feature.kind));
  out.kind_counts = on ? out.kind_counts + one : out.kind_counts - one;
  // Only the flags set: most groups have none or one.
  constexpr unsigned kIndexed = (1U << kIndexedFeatureFlags) - 1;
  for (const int flag : set_bits(feature.flags & kIndexed)) {
    apply(out.flag_groups[static_cast<std::size_t>(flag)]);
  }
}

/// What a group's slots hold, beyond its shape: its faces (every slot's tile), its wildcard
/// slots and red fives. A plain group (ReadingContext::plain) has no wildcard and no red five.
struct GroupSlots {
  TileMask faces = 0;
  int slots = 0;
  int wildcards = 0;
  int reds = 0;
  bool counted = false;  ///< the caller added the group's tiles to the record's counts
};

/// The kFeature* bits of a group's standing (the abstract and wildcard bits are its slots'),
/// without a branch each: every GroupStanding field is a bool or a small enum. A concealed group
/// not holding the winning tile has none.
unsigned standing_flags(const GroupStanding& standing) {
  return (standing.counts_as_open ? kFeatureOpen : 0U) |
         (standing.state != MeldState::concealed ? kFeatureDeclared : 0U) |
         (standing.winning ? kFeatureWinning : 0U) |
         (standing.by_discard ? kFeatureByDiscard : 0U) |
         (standing.state == MeldState::concealed_kong ? kFeatureConcealedKong : 0U) |
         (standing.state == MeldState::added_kong ? kFeatureAddedKong : 0U) |
         static_cast<unsigned>(standing.source) << kFeatureSourceShift;
}

/// Step 1 of make_score_features: one group's record, and its tiles added to the hand's.
void add_group(ScoreFeatures& out, const Group& shape, const GroupStanding& standing,
               const GroupSlots& slots) {
  const std::size_t index = out.group_count++;
  GroupFeature& feature = out.groups[index];
  const bool abstract = shape.abstract();
  const bool declared = standing.state != MeldState::concealed;
  set_shape(feature, shape.kind, shape.size, slots.faces, *out.rules);
  unsigned flags = standing_flags(standing) | (abstract ? kFeatureAbstract : 0U);
  // The counts go tile by tile (a concrete group's slots are its Group::tiles). An abstract
  // group's slots are all wild and stand for nothing.
  if (!abstract) {
    if (!slots.counted) {
      for (int s = 0; s < shape.size; ++s) ++out.counts[shape.tiles[static_cast<std::size_t>(s)]];
    }
    out.faces |= slots.faces;
    if (!declared) out.concealed_faces |= slots.faces;
  }
  out.red_fives = static_cast<std::uint8_t>(out.red_fives + slots.reds);
  const int wildcards = slots.wildcards;
  if (wildcards > 0) flags |= kFeatureWild;
  if (wildcards > 0 && wildcards == slots.slots) flags |= kFeatureAllWild;
  feature.flags = static_cast<std::uint16_t>(flags);
  feature.wildcards = static_cast<std::uint8_t>(wildcards);
  out.wildcards = static_cast<std::uint8_t>(out.wildcards + wildcards);
  if (standing.counts_as_open && declared) out.closed_hand = false;
  index_group(out, index, true);
}

/// A plain group's faces (every slot natural: its faces are its tiles; its counts are the
/// context's plain_counts).
TileMask plain_faces(const Group& group) {
  TileMask faces = 0;
  for (std::size_t s = 0; s < group.size; ++s) faces |= tile_bit(group.tiles[s]);
  return faces;
}

/// Step 1 of the plain form for a group that is not declared (no wildcard, no red five):
/// add_group's work without its standing. A concealed group has none unless it holds the
/// winning tile, and that one group's is added after the loop (add_winning_standing), so that
/// no group's record branches on whether it is the winning one.
void add_plain_concealed_group(ScoreFeatures& out, const Group& group) {
  const std::size_t index = out.group_count++;
  GroupFeature& feature = out.groups[index];
  const TileMask faces = plain_faces(group);
  set_shape(feature, group.kind, group.size, faces, *out.rules);
  feature.flags = 0;
  feature.wildcards = 0;
  out.faces |= faces;
  out.concealed_faces |= faces;
  const std::uint32_t bit = 1U << index;
  out.kind_groups[static_cast<std::size_t>(group.kind)] |= bit;
  out.kind_counts += std::uint64_t{1} << (kKindCountBits * static_cast<unsigned>(group.kind));
}

/// The standing of the concealed group `index` holding the winning tile (group_standing), which
/// add_plain_concealed_group left out: its flags, and its bit in the flag indexes.
void add_winning_standing(ScoreFeatures& out, std::size_t index, const Group& group, bool claimed) {
  const unsigned flags = standing_flags(group_standing(group, claimed));
  out.groups[index].flags = static_cast<std::uint16_t>(flags);
  const std::uint32_t bit = 1U << index;
  for (const int flag : set_bits(flags & ((1U << kIndexedFeatureFlags) - 1))) {
    out.flag_groups[static_cast<std::size_t>(flag)] |= bit;
  }
}

/// A reading group's slots: its wildcards (an abstract group's every slot; a concrete group's
/// wild slots are its Group::wild_mask, so only a group with one is walked for them) and, when
/// the hand holds a red five (`reds`), its red slots.
GroupSlots slots_of(const ReadingGroup& group, bool reds) {
  GroupSlots out;
  out.faces = group.faces;
  out.slots = static_cast<int>(group.slots.size());
  if (group.group.abstract()) {
    out.wildcards = out.slots;
  } else if (group.group.wild_mask != 0) {
    for (const Slot& slot : group.slots) out.wildcards += slot.wild() ? 1 : 0;
  }
  if (reds) {
    for (const Slot& slot : group.slots) out.reds += slot.red ? 1 : 0;
  }
  return out;
}

/// make_score_features' first steps, shared by both forms: every field reset but the groups'
/// and the counts (each form sets those).
void start_record(const ReadingContext& context, std::size_t form, int winning_group,
                  WaitShape wait, std::uint8_t soft_wildcards, ScoreFeatures& out) {
  const RuleSet& rules = *context.rules;
  // Every field is set here or by the steps after; the groups past group_count are never read,
  // so they are not cleared (the record is rewritten for every reading).
  out.group_count = 0;
  out.faces = 0;
  out.concealed_faces = 0;
  out.closed_hand = true;
  out.kind_groups.fill(0);
  out.kind_counts = 0;
  out.flag_groups.fill(0);
  out.wildcards = 0;
  out.red_fives = 0;
  out.winning_tile = kNoTile;
  out.winning_red = false;
  out.rules = &rules;
  out.win = &context.win;
  out.form = form;
  out.form_type = rules.forms()[form].type;
  out.winning_group = winning_group;
  out.wait = wait;
  out.context = &context;
  out.soft_wildcards = soft_wildcards;
  // The value winds of this context.
  out.seat_wind_tile = context.seat_wind_tile;
  out.round_wind_tile = context.round_wind_tile;
}

/// make_score_features' last step: with no winning group, a natural winning tile still counts.
void winning_tile_outside_groups(const ReadingContext& context, ScoreFeatures& out) {
  if (context.hand.winning != kNoTile && !context.hand.winning_is_wildcard()) {
    out.winning_tile = context.hand.winning;
  }
}

}  // namespace

void make_score_features(const ReadingContext& context, const Reading& reading,
                         ScoreFeatures& out) {
  if (reading.groups.size() > kMaxFeatureGroups) {
    throw std::logic_error("make_score_features: more groups than kMaxFeatureGroups");
  }
  start_record(context, reading.form, reading.winning_group, reading.wait, reading.soft_wildcards,
               out);
  out.counts.fill(0);
  // Step 1: the groups, and with them the hand's faces.
  for (const ReadingGroup& group : reading.groups) {
    add_group(out, group.group, group.standing(), slots_of(group, context.has_red));
  }
  // Step 2: the natural tiles no group holds (an N-wildcards win) are the hand's tiles too.
  for (const TileId tile : reading.loose_tiles) add_face(out, tile, true);
  faces_done(out);
  // Step 3: the winning tile, as the face its slot counts as (kNoTile in an abstract group, until
  // realise_group gives it one).
  if (reading.winning_group >= 0) {
    const ReadingGroup& won = reading.groups[static_cast<std::size_t>(reading.winning_group)];
    const int slot = won.group.winning_slot();
    if (slot >= 0 && static_cast<std::size_t>(slot) < won.slots.size()) {
      out.winning_tile = won.slots[static_cast<std::size_t>(slot)].tile;
      out.winning_red = won.slots[static_cast<std::size_t>(slot)].red;
    }
  } else {
    winning_tile_outside_groups(context, out);
  }
}

void make_score_features(const ReadingContext& context, const Interpretation& interpretation,
                         ScoreFeatures& out) {
  if (!context.plain) {
    throw std::logic_error("make_score_features: the hand is not plain; make its reading");
  }
  if (interpretation.groups.size() > kMaxFeatureGroups) {
    throw std::logic_error("make_score_features: more groups than kMaxFeatureGroups");
  }
  start_record(context, interpretation.form, interpretation.winning_group, interpretation.wait,
               interpretation.soft_wildcards, out);
  // The steps of the first form, each slot a group's tile as it is (no wildcard), the counts
  // the hand's (the same for every reading); the red fives after.
  out.counts = context.plain_counts;
  const bool claimed = winning_tile_claimed(context.win);
  for (const Group& group : interpretation.groups) {
    if (!group.declared()) {
      add_plain_concealed_group(out, group);
      continue;
    }
    GroupSlots slots;
    slots.slots = group.size;
    slots.counted = true;
    slots.faces = plain_faces(group);
    add_group(out, group, group_standing(group, claimed), slots);
  }
  for (const TileId tile : interpretation.loose_tiles) {
    out.faces |= tile_bit(tile);  // counted in plain_counts
    out.concealed_faces |= tile_bit(tile);
  }
  faces_done(out);
  // Every concealed red five lies on a five slot of its kind (the hand's concealed fives are all
  // in its concealed groups), a red winning tile on the winning slot (make_reading).
  out.red_fives = static_cast<std::uint8_t>(context.concealed_red_count);
  if (interpretation.winning_group >= 0) {
    const auto index = static_cast<std::size_t>(interpretation.winning_group);
    const Group& won = interpretation.groups[index];
    if (!won.declared() && won.winning_slot() >= 0) add_winning_standing(out, index, won, claimed);
    const int slot = won.winning_slot();
    if (slot >= 0 && slot < won.size) {
      out.winning_tile = won.tiles[static_cast<std::size_t>(slot)];
      out.winning_red = context.hand.winning_red;
    }
  } else {
    winning_tile_outside_groups(context, out);
  }
}

void realise_group(ScoreFeatures& features, std::size_t group, const Group& concrete,
                   const RuleSet& rules) {
  GroupFeature& feature = features.groups[group];
  if (!feature.has(kFeatureAbstract)) {
    throw std::logic_error("realise_group: the group is not abstract");
  }
  TileMask faces = 0;
  for (int s = 0; s < concrete.size && s < 4; ++s) {
    const TileId tile = concrete.tiles[static_cast<std::size_t>(s)];
    faces |= tile_bit(tile);
    add_face(features, tile, !feature.has(kFeatureDeclared));
  }
  faces_done(features);
  index_group(features, group, false);
  set_shape(feature, concrete.kind, concrete.size, faces, rules);
  feature.flags = static_cast<std::uint16_t>(feature.flags & ~kFeatureAbstract);
  index_group(features, group, true);
  if (feature.has(kFeatureWinning)) {
    const int slot = concrete.winning_slot() >= 0 ? concrete.winning_slot() : 0;
    features.winning_tile = concrete.tiles[static_cast<std::size_t>(slot)];
  }
}

}  // namespace meldgraph
