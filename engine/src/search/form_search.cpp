/// The out-of-line steps of finishing an interpretation (form_search.hpp): the ones only hands
/// holding wild tiles, or the N-wildcards form, reach.

#include "form_search.hpp"
#include "meldgraph/support/bits.hpp"

namespace meldgraph {

int wild_on_own_face(const Hand& hand, int winning_group, const Interpretation& out) {
  TileCounts standins{};
  for (const Group& group : out.groups) {
    if (group.abstract()) continue;
    for (int slot = 0; slot < group.size; ++slot) {
      if (group.is_wild(slot)) ++standins[group.tiles[static_cast<std::size_t>(slot)]];
    }
  }
  TileCounts held = hand.counts;
  // A winning wildcard sits in the winning slot: unless it is a wild tile on its own face
  // there, that slot is no own face for another wild tile, nor the winning tile on another.
  if (winning_group >= 0 && hand.winning_is_wildcard()) {
    const Group& won = out.groups[static_cast<std::size_t>(winning_group)];
    const int slot = won.winning_slot();
    const bool faced = !won.abstract() && slot >= 0 && won.is_wild(slot);
    const TileId face = faced ? won.tiles[static_cast<std::size_t>(slot)] : kNoTile;
    if (hand.winning_joker || face != hand.winning) {
      if (face != kNoTile && standins[face] > 0) --standins[face];
      if (!hand.winning_joker && held[hand.winning] > 0) --held[hand.winning];
    }
  }
  int as_self = 0;
  for (const int t : set_bits(hand.wild_tiles)) {
    as_self += std::min<int>(standins[t], held[t]);
  }
  return as_self;
}

namespace search {

void add_loose_tiles(const RuleSet& rules, const Hand& hand, Interpretation& out) {
  const TileCounts naturals = hand.natural_counts(rules);
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    out.loose_tiles.insert(out.loose_tiles.end(), naturals[t], t);
  }
}

}  // namespace search
}  // namespace meldgraph
