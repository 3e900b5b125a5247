#pragma once
/// The reference's catalogue: every group a form's rules allow, written down one by one (no lowest
/// tile walk, no templates), and the brute-force check that abstract groups can be real groups.

#include <array>
#include <cstdint>
#include <vector>

#include "meldgraph/model/rules.hpp"
#include "reference/canonical.hpp"
#include "reference/ref_hand.hpp"

namespace meldgraph::testref {

/// What a catalogue group fills in a form's shape.
enum class Role { meld, pair, single };

/// A catalogue entry: one group the rules allow, with the tiles it consumes.
struct Entry {
  RefGroup group;
  Role role = Role::meld;
  std::vector<int> naturals;        ///< natural tile of every natural slot
  std::vector<int> standins;        ///< tile every wildcard slot stands for (concrete groups only)
  std::vector<int> wild_positions;  ///< slot of every standins entry (RefGroup::classes order)
  int wildcards = 0;                ///< wildcard slots
  /// A concrete group of wildcards only in a melds or pairs form, which the rules allow only
  /// with a restricted wildcard in it (otherwise it is an abstract group).
  bool wild_only = false;
  bool abstract = false;
  int set_tile = -1;  ///< set forms: the set tile this group covers
};

/// Every group of `form` that its rules allow, with wildcard slots anywhere except all-wildcard
/// melds and pairs (the abstract groups, one entry each), in a fixed order.
std::vector<Entry> catalogue(const RuleSet& rules, const FormSpec& form);

/// Concrete groups of wildcards only for a melds, pairs or knitted form (their melds and pair):
/// all-wild pairs, pungs and (not in pairs forms) chows. They exist only under restricted
/// stand-ins, holding at least one restricted wildcard; accept() checks that.
std::vector<Entry> wild_only_entries(const RuleSet& rules, const FormSpec& form);

/// What the abstract groups of one interpretation must fit in.
struct AbstractRoom {
  bool chows = true;                       ///< abstract melds may be chows (not in pairs forms)
  bool distinct_pairs = false;             ///< pairs of pairwise different kinds
  std::uint64_t forbidden_pair_kinds = 0;  ///< kinds no abstract pair may be (with distinct_pairs)
  std::uint64_t pair_tiles = 0;            ///< the form's pair_tiles (0: any)
  int missing = 0;                         ///< hand.missing_suits
};

/// Brute force: can the abstract groups `melds` (any meld) and `pairs` (any pair) be real groups
/// of natural tiles within `capacity`, with pairs of kinds outside `forbidden_pair_kinds` and of
/// pairwise different kinds when `distinct_pairs`, so that the suits touched (`touched`, the
/// concrete groups' suits, plus the abstract groups') leave at least `missing` sequence suits
/// untouched? Melds, then pairs, each at a tile no lower than the previous one of its kind.
bool abstract_realisable(const RuleSet& rules, std::array<int, kMaxTileKinds>& capacity, int melds,
                         int pairs, const AbstractRoom& room, std::uint64_t forbidden_pair_kinds,
                         unsigned touched, int from = 0);

}  // namespace meldgraph::testref
