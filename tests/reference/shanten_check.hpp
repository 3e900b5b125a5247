#pragma once
/// Cross-checks of one hand against two independent oracles: the reference shanten
/// (reference/shanten.hpp) and the decomposition engine (a tile is a wait exactly when the hand
/// plus that tile has an interpretation, per form; a drawn wildcard likewise; a 3n+2 hand has
/// shanten -1 exactly when it wins), and runs of random hands through them.

#include <cstdint>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph::testref::shanten_check {

struct CheckOptions {
  bool reference = true;   ///< compare shanten with the reference
  bool improving = false;  ///< compare improving tiles with the reference (costly)
};

struct Tally {
  int hands = 0;
  int ready = 0;           ///< 3n+1 hands with a wait
  int complete = 0;        ///< 3n+2 hands that win
  int wildcard_waits = 0;  ///< 3n+1 hands a drawn wildcard completes
  int exhausted = 0;       ///< waits on a tile the hand holds every copy of
  int four_of_a_kind = 0;  ///< hands holding every copy of some tile
  int declared = 0;        ///< hands with declared melds
};

/// Every check of one hand; CAPTUREs name the hand on failure.
void check_hand(const RuleSet& rules, const Hand& hand, const CheckOptions& options, Tally& tally);

/// Random hands of the given sizes under the rule set `rules_name` (rules_named()); returns what
/// was seen. Improving tiles are checked on every `improving_every`-th 3n+1 hand (0: never).
Tally check_random_hands(const std::string& rules_name, std::uint32_t seed, int count,
                         const std::vector<int>& sizes, int max_jokers, int max_declared,
                         const CheckOptions& options, int improving_every = 0);

}  // namespace meldgraph::testref::shanten_check
