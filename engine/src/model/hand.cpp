// A hand's sizes and counts (hand.hpp), and the classes its wildcards fall into.

#include <string>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"

namespace meldgraph {

int Hand::concealed_size(const RuleSet& rules) const {
  int total = jokers;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if (t < rules.meldable_count() || (wild_tiles & tile_bit(t)) != 0) total += counts[t];
  }
  return total;
}

int Hand::size(const RuleSet& rules) const {
  return concealed_size(rules) + 3 * meld_count;
}

int Hand::wildcard_count() const {
  int total = jokers;
  for (std::size_t t = 0; t < kMaxTileKinds; ++t) {
    if ((wild_tiles & tile_bit(static_cast<TileId>(t))) != 0) total += counts[t];
  }
  return total;
}

int Hand::declared_wildcard_count() const {
  int total = 0;
  for (std::size_t m = 0; m < meld_count; ++m) total += melds[m].wildcard_count();
  return total;
}

int class_for_mask(WildcardClasses& classes, TileMask mask, bool unrestricted) {
  for (int c = 0; c < classes.count; ++c) {
    if (classes.masks[static_cast<std::size_t>(c)] == mask) return c;
  }
  if (classes.count == kMaxWildcardClasses) return -1;
  const int c = classes.count++;
  classes.masks[static_cast<std::size_t>(c)] = mask;
  if (unrestricted) classes.unrestricted = c;
  return c;
}

WildcardClasses wildcard_classes(const RuleSet& rules, const Hand& hand) {
  WildcardClasses classes;
  classes.of_source.fill(-1);
  // Most hands hold no wildcard: nothing below would change the empty classes.
  if (!hand.may_hold_wildcards()) return classes;
  const WildcardRules& wild = rules.wildcards();
  TileMask all = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) all |= tile_bit(t);
  const auto add = [&](std::size_t source, TileMask mask, int held) {
    if (!wild.restricted) mask = all;  // one class, as if nothing were restricted
    const int c = class_for_mask(classes, mask, mask == all);
    if (c < 0) {
      throw AnalysisError("the hand holds more than " + std::to_string(kMaxWildcardClasses) +
                          " kinds of wildcard with different stand-ins");
    }
    classes.of_source[source] = c;
    classes.held[static_cast<std::size_t>(c)] =
        static_cast<std::uint8_t>(classes.held[static_cast<std::size_t>(c)] + held);
  };
  if (hand.jokers > 0) add(kMaxTileKinds, wild.joker_stand_ins, hand.jokers);
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0 && hand.counts[t] > 0) {
      add(t, wild.tile_stand_ins[t], hand.counts[t]);
    }
  }
  if (hand.winning_joker) {
    classes.winning = classes.of_source[kMaxTileKinds];
  } else if (hand.winning != kNoTile && (hand.wild_tiles & tile_bit(hand.winning)) != 0) {
    classes.winning = classes.of_source[hand.winning];
  }
  return classes;
}

TileCounts Hand::natural_counts(const RuleSet& rules) const {
  TileCounts naturals{};
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((wild_tiles & tile_bit(t)) == 0) naturals[t] = counts[t];
  }
  return naturals;
}

TileCounts Hand::held_counts() const {
  TileCounts held = counts;
  for (std::size_t m = 0; m < meld_count; ++m) {
    const Group& meld = melds[m];
    for (int slot = 0; slot < meld.size; ++slot) {
      if (!meld.is_wild(slot)) ++held[meld.tiles[static_cast<std::size_t>(slot)]];
    }
  }
  return held;
}

TileCounts Hand::concealed_red() const {
  TileCounts concealed = red;
  for (std::size_t m = 0; m < meld_count; ++m) {
    const Group& meld = melds[m];
    for (int slot = 0; slot < meld.size; ++slot) {
      if (((meld_red[m] >> slot) & 1U) != 0)
        --concealed[meld.tiles[static_cast<std::size_t>(slot)]];
    }
  }
  return concealed;
}

}  // namespace meldgraph
