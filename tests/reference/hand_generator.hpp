#pragma once
/// Random hands for the differential tests, structured so that many of them win: palettes (one
/// suit, a window of kinds, the orphans), melds and pairs drawn within the copies, near misses,
/// knitted and pung shapes, declared melds. Every draw goes through RandomDraws, so a seed gives
/// the same hands with any standard library.

#include <array>
#include <cstdint>
#include <vector>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph::testref {

/// Random hands that respect the copies of every tile.
class HandGenerator {
 public:
  /// `rules` and `draws` must outlive the generator.
  HandGenerator(const RuleSet& rules, RandomDraws& draws);

  /// An integer uniform in [lo, hi] (RandomDraws::between).
  int uniform(int lo, int hi);
  /// True with probability p (RandomDraws::chance).
  bool chance(double p);

  /// Empties the concealed tiles of the hand being built.
  void reset();

  /// Tiles the next hands should not hold (a suit to lack, forbidden tiles); 0 for none.
  void avoid(std::uint64_t mask);
  [[nodiscard]] bool avoided(int t) const;

  /// palette_any() without the avoided tiles (every tile left when that empties it).
  std::vector<int> palette();

  /// A palette: every meldable tile, one suit, a run of a few adjacent kinds, or the orphans.
  std::vector<int> palette_any();

  /// Copies of `t` taken: by the concealed tiles so far and by the declared melds.
  [[nodiscard]] int held(int t) const;

  /// Adds `n` copies of `t` when the copies allow it.
  bool add(int t, int n = 1);

  /// `n` tiles drawn without replacement from the copies of `from` left (widened to every tile
  /// when `from` runs out).
  void add_uniform(int n, const std::vector<int>& from);

  /// A meld (pung or chow) or pair drawn from `from`; falls back to uniform tiles when stuck.
  void add_group(int size, const std::vector<int>& from);

  /// Turns `n` random natural tiles into jokers (removes them from the counts).
  int remove_naturals(int n);

  /// Replaces one natural tile by another random one (a near miss of a structured hand).
  void mutate(const std::vector<int>& from);

  enum class Shape { uniform, melds, pairs, orphans, knitted, pairs_pungs };

  /// One knit (147, 258, 369 over the three sequence suits, in a random order) and the honours.
  std::vector<int> knit_pool(bool honours);

  /// A hand of `size` tiles (meldable naturals + jokers), `jokers` of them jokers.
  Hand make(Shape shape, int size, int jokers, double mutate_chance = 0.25);

  /// Adds up to `n` random bonus tiles (never part of the hand's size).
  void add_bonus(Hand& hand, int n);

  /// Every meldable tile.
  [[nodiscard]] const std::vector<int>& all() const;

  /// Declares up to `n` melds (pungs, chows, kongs, concealed kongs) whose natural tiles stay
  /// reserved, so the next make() respects the copies over the whole hand; under
  /// wildcards.in_melds some slots are jokers, taken from `jokers_left`. Melds that find no
  /// copies left are skipped.
  std::vector<Group> declare(int n, int& jokers_left);

  /// Forgets the declared melds' tiles.
  void clear_reserved();

 private:
  const RuleSet& rules_;
  RandomDraws& draws_;
  std::vector<int> all_;
  std::vector<int> orphans_;
  std::vector<int> bonus_;
  TileCounts counts_{};
  int naturals_ = 0;
  std::array<int, kMaxTileKinds> reserved_{};  ///< natural tiles of declared melds, by kind
  std::uint64_t avoid_ = 0;                    ///< tiles not to deal (see avoid())
};

}  // namespace meldgraph::testref
