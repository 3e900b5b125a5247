#pragma once
/// FormSearch's steps of the whole-hand and special forms: set forms (thirteen orphans), knitted
/// forms' knit groups and singles forms. Included by driver.hpp only, after the class.

#include "driver.hpp"

namespace meldgraph::search {

// Set forms ------------------------------------------------------------------------------------

/// At the set's next tile: a single or (once) the pair, natural where the hand has the tile.
template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::expand_set(Frame& frame) {
  const std::size_t cursor = s_.cursor;
  if (cursor >= form_->set_tiles.size()) return true;
  if (wild_ < missing_after_[cursor]) return true;  // each set tile not held needs a wildcard
  const TileId tile = form_->set_tiles[cursor];
  const int held = s_.remaining[tile];
  for (const GroupKind kind : {GroupKind::single, GroupKind::pair}) {
    const int size = kind == GroupKind::single ? 1 : 2;
    if (kind == GroupKind::pair && s_.pairs == 0) continue;
    if (held > size) continue;  // every copy of the tile must go into this group
    const int codes = multi() ? kClassCodes : 1;
    for (int code = 0; code < codes; ++code) {
      Group group;
      Undo undo;
      if (!same_tile_group(kind, size, tile, held, code, group) || !take_slots(group, undo)) {
        continue;
      }
      ++s_.cursor;
      if (kind == GroupKind::pair) --s_.melds;  // a pair is one of the set's tiles too
      const bool go_on = variants(frame, group, [](const Group&) { return true; });
      if (kind == GroupKind::pair) ++s_.melds;
      --s_.cursor;
      give_slots(group, undo);
      if (!go_on) return false;
    }
  }
  return true;
}

/// A single or pair of `tile` with its first `held` slots natural and the rest wildcards of the
/// classes `code` gives; false when the code does not fit or the classes are not canonical.
template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::same_tile_group(GroupKind kind, int size, TileId tile, int held,
                                                 int code, Group& group) {
  // Slots from `held` on are wildcards.
  const unsigned wild = ((1U << size) - 1) & ~((1U << held) - 1);
  if (!code_fits(size, wild, code, hand_->classes.count)) return false;
  group = Group{};
  group.kind = kind;
  group.size = static_cast<std::uint8_t>(size);
  group.wild_mask = static_cast<std::uint8_t>(wild);
  group.wild_classes = static_cast<std::uint8_t>(code);
  for (int slot = 0; slot < size; ++slot) group.tiles[static_cast<std::size_t>(slot)] = tile;
  return classes_canonical(group);
}

// Knitted and singles forms --------------------------------------------------------------------

/// Knit phase (State::cursor % 4): the knit group of the phase's suit, for every knit class not
/// used by an earlier suit, each slot natural or a wildcard.
template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::expand_knit(Frame& frame) {
  const std::uint8_t cursor = s_.cursor;
  const int phase = cursor % 4;
  const int used = cursor / 4;
  const int codes = hand_->classes.count > 1 ? kClassCodes : 1;
  for (int knit = 0; knit < kKnitClasses; ++knit) {
    if ((used >> knit & 1) != 0) continue;
    for (unsigned wild = 0; wild < 8; ++wild) {
      for (int code = 0; code < codes; ++code) {
        if (!code_fits(3, wild, code, hand_->classes.count)) continue;
        Group group;
        group.kind = GroupKind::knit;
        group.size = 3;
        group.wild_mask = static_cast<std::uint8_t>(wild);
        group.wild_classes = static_cast<std::uint8_t>(code);
        for (std::size_t slot = 0; slot < 3; ++slot) {
          group.tiles[slot] = plan_.knit_tiles[static_cast<std::size_t>(phase)]
                                              [static_cast<std::size_t>(knit)][slot];
        }
        Undo undo;
        if (!take_slots(group, undo)) continue;
        ++s_.melds;  // a knit group is none of the melds the form counts
        s_.cursor = static_cast<std::uint8_t>(phase + 1 + 4 * (used | 1 << knit));
        const bool go_on = !alive() || variants(frame, group, [](const Group&) { return true; });
        s_.cursor = cursor;
        --s_.melds;
        give_slots(group, undo);
        if (!go_on) return false;
      }
    }
  }
  return true;
}

/// The pattern after placing a single or pair of `tile` behind the cursor, or -1 when the form
/// does not admit the tile there. Keys: knitted, bits 0-2 the classes taken by earlier suits and
/// bits 3-4 the class of the current suit + 1; gapped, the rank last taken in the current suit. A
/// suit is current while the last tile placed (cursor - 1) is of it.
template <class Sink, bool kGeneral>
int FormSearch<Sink, kGeneral>::singles_step(TileId tile) const {
  const RuleSet& rules = *plan_.rules;
  const TileInfo& info = rules.tile(tile);
  const bool new_suit =
      s_.cursor == 0 || rules.tile(static_cast<TileId>(s_.cursor - 1)).suit != info.suit;
  if (!rules.suits()[info.suit].sequences) {
    if ((form_->single_tiles & tile_bit(tile)) == 0) return -1;
    return form_->singles_suits == SinglesSuits::knitted ? (s_.min_key & 7) : 0;
  }
  if (form_->singles_suits == SinglesSuits::gapped) {
    const int last = new_suit ? 0 : s_.min_key;
    if (last != 0 && info.rank - last < form_->gap) return -1;
    return info.rank;
  }
  const int knit = knit_class(info.rank);
  int used = s_.min_key & 7;
  const int current = new_suit ? 0 : s_.min_key >> 3;
  if (current == 0) {
    if ((used >> knit & 1) != 0) return -1;
    used |= 1 << knit;
  } else if (current != knit + 1) {
    return -1;
  }
  return used | (knit + 1) << 3;
}

/// Singles forms: the next group at some tile from the cursor on; tiles passed over must be
/// neither held nor required.
template <class Sink, bool kGeneral>
bool FormSearch<Sink, kGeneral>::expand_singles(Frame& frame) {
  const std::uint8_t cursor = s_.cursor;
  const int min_key = s_.min_key;
  const int codes = hand_->classes.count > 1 ? kClassCodes : 1;
  for (TileId tile = cursor; tile < plan_.meldable; ++tile) {
    const int held = s_.remaining[tile];
    const int key = held <= 2 ? singles_step(tile) : -1;
    if (key >= 0) {
      for (const GroupKind kind : {GroupKind::single, GroupKind::pair}) {
        const int size = kind == GroupKind::single ? 1 : 2;
        if (held > size || (kind == GroupKind::pair ? s_.pairs : s_.melds) == 0) continue;
        for (int code = 0; code < codes; ++code) {
          Group group;
          Undo undo;
          if (!same_tile_group(kind, size, tile, held, code, group) || !take_slots(group, undo)) {
            continue;
          }
          s_.cursor = static_cast<std::uint8_t>(tile + 1);
          s_.min_key = static_cast<std::uint16_t>(key);
          const bool go_on = variants(frame, group, [](const Group&) { return true; });
          s_.cursor = cursor;
          s_.min_key = static_cast<std::uint16_t>(min_key);
          give_slots(group, undo);
          if (!go_on) return false;
        }
      }
    }
    if (held != 0 || (form_->required & tile_bit(tile)) != 0) return true;
  }
  return true;
}

}  // namespace meldgraph::search
