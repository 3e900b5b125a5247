#pragma once
/// Random hands for the shanten cross-checks, as text. Writes random hands as text: declared melds
/// (some with a joker where the rules allow), jokers, and natural tiles, half of them built from
/// groups and then disturbed so that many hands are ready or nearly so, some holding four of a
/// kind. Every draw goes through RandomDraws, so a seed gives the same hands with any standard
/// library.

#include <cstdint>
#include <string>
#include <vector>

#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph::testref {

/// Writes random hands as text for one rule set.
class HandMaker {
 public:
  /// `rules` must outlive the maker.
  HandMaker(const RuleSet& rules, std::uint32_t seed);

  struct Made {
    std::string text;
    TileMask wild = 0;
  };

  /// A hand of `size` tiles as text, with up to `max_jokers` jokers and `max_declared` declared
  /// melds, and sometimes a per-hand wild kind when `choose_wild`.
  Made make(int size, int max_jokers, int max_declared, bool choose_wild);

  /// An integer uniform in [low, high] (RandomDraws::between).
  int pick(int low, int high);

 private:
  /// A meldable tile, uniformly.
  TileId random_tile();

  /// Moves one copy of `t` from the available ones to `tiles`.
  void take(TileId t, std::vector<TileId>& tiles);

  /// Distinct tiles of one knit (147, 258, 369 over the three sequence suits) and the honours,
  /// up to `count` tiles, most of them, so that knitted forms are often near.
  void knitted_tiles(int count, std::vector<TileId>& tiles);

  /// Groups (a pair, then pungs and chows) up to `count` tiles, then one or two swapped out.
  void grouped_tiles(int count, std::vector<TileId>& tiles);

  /// A declared pung, chow or kong as text, or nothing when the tiles ran out.
  std::string declared_meld();

  const RuleSet& rules_;
  RandomDraws draws_;
  bool knit_bias_ = false;  ///< the rules have knitted or singles forms
  std::vector<int> available_;
  int jokers_left_ = 0;
};

}  // namespace meldgraph::testref
