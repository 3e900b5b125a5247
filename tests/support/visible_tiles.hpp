#pragma once
// Visible tiles for the tests of waits and improving tiles: a random share of the copies a hand
// does not hold, so that copies left count down through them.

#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph::test {

/// Of each meldable tile, a uniform number of the copies `hand` does not hold.
inline TileCounts random_visible(const RuleSet& rules, const Hand& hand, RandomHands& random) {
  TileCounts visible{};
  const TileCounts held = hand.held_counts();
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    const int free = rules.tile(t).copies - held[t];
    if (free > 0) visible[t] = static_cast<std::uint8_t>(random.below(free + 1));
  }
  return visible;
}

}  // namespace meldgraph::test
