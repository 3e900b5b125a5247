#pragma once
/// The hand as the reference sees it, and tile helpers that read only the rule set's declared tile
/// table (nothing derived by the engine: no sequence tables, no suit layouts).

#include <array>
#include <cstdint>
#include <vector>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "reference/canonical.hpp"

namespace meldgraph::testref {

/// A meldable tile of the rule set (not a bonus tile).
bool is_meldable(const RuleSet& rules, int tile);

/// The tile of rank + 1 in the same suit when the suit forms sequences, else -1.
int successor(const RuleSet& rules, int tile);

/// The tile of rank - 1 in the same suit when the suit forms sequences, else -1.
int predecessor(const RuleSet& rules, int tile);

/// Copies of the tile in the set.
int copies_of(const RuleSet& rules, int tile);

/// A declared meld of the hand (the parser's Group, the search's input) as a canonical group.
RefGroup declared_group(const Group& meld, int position);

/// The hand as the reference sees it: the concealed natural meldable tiles by kind and the
/// concealed wildcard count (the search's input), the declared melds, the natural tiles they hold
/// (for the copies cap), and the winning tile.
struct RefHand {
  std::array<int, kMaxTileKinds> naturals{};
  int wildcards = 0;
  int size = 0;                    ///< concealed tiles
  std::vector<RefGroup> declared;  ///< in the order written
  std::array<int, kMaxTileKinds> declared_naturals{};
  int winning_natural = -1;       ///< a natural winning tile, else -1
  bool winning_wildcard = false;  ///< `+*`, or a winning tile of a wild kind
  /// Wildcard classes, from docs/rules.md ("Restricted stand-ins, precisely") and
  /// WildcardClasses: the concealed wildcard sources (jokers, then wild kinds by tile id) with
  /// equal stand-in masks share a class, numbered in that order.
  int class_count = 0;
  std::array<std::uint64_t, 4> class_masks{};
  std::array<int, 4> class_held{};
  int unrestricted = -1;               ///< the class that may be every meldable tile
  int winning_class = -1;              ///< the winning wildcard's class
  bool restricted = false;             ///< some held class is restricted
  std::uint64_t restricted_union = 0;  ///< tiles some restricted class may be
  std::uint64_t class_union = 0;       ///< tiles some class may be
  unsigned declared_suits = 0;         ///< suits of the declared melds (missing_suits)
  bool forbidden_held = false;         ///< a concealed natural forbidden tile
};

/// Bit of tile `t` in a 64-bit tile mask.
inline std::uint64_t bit_of(int t) {
  return std::uint64_t{1} << t;
}

/// Sequence suits (non-bonus) with no bit in `touched`.
int lacking_suits(const RuleSet& rules, unsigned touched);

/// The hand's tiles, declared melds, winning tile and wildcard classes, read from `hand`.
RefHand ref_hand(const Hand& hand, const RuleSet& rules);

}  // namespace meldgraph::testref
