#pragma once
/// The reference's canonical values: one group independent of slot order conventions, an
/// interpretation as a sorted multiset of groups, the interpretations of every form. Both the
/// reference search and the engine's converted output are turned into these, so they compare as
/// sets, not just counted.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph::testref {

enum class RefKind : int { pair, pung, chow, single, any_meld, any_pair, wildcards, kong, knit };

/// One group, independent of slot order conventions.
///   pair, pung, single: `tile` is the tile, `wild` the number of wildcard slots;
///   chow: `tile` is the lowest tile, bit i of `wild` marks the (i+1)-th lowest rank as a wildcard;
///   knit (ranks r, r+3, r+6 of one suit): as a chow, the ranks three apart;
///   any_meld, any_pair: tile -1, wild = group size; wildcards: tile -1, wild = wildcard count.
///   Declared melds (pung, kong, chow): `tile` is the lowest tile, `wild` the wildcard slots as
///   written (bit i: slot i), `declared` their place in the hand as written (1 = first).
/// The group holding the winning tile has `mark` >= 0: in a chow the rank position of the marked
/// slot (0-2); in a pair, pung or single 0 for a natural slot, 1 + the class for a wildcard slot
/// (all its slots show the same tile, so nothing else tells them apart); in an abstract group 0.
/// `wait` is the wait shape that mark implies (none on unmarked groups).
struct RefGroup {
  RefKind kind = RefKind::pair;
  int tile = -1;
  int wild = 0;
  /// Wildcard classes (docs/rules.md, "Restricted stand-ins, precisely"), 2 bits per slot as in
  /// Group::wild_classes: pair, pung, single with the natural slots first and the wildcard slots'
  /// classes ascending after them; chow, knit by rank position; abstract groups every slot.
  /// Zero without restricted stand-ins (one class, 0) and for the `wildcards` group.
  int classes = 0;
  int declared = 0;
  bool concealed = false;  ///< declared: a concealed kong
  int mark = -1;
  WaitShape wait = WaitShape::none;
  friend auto operator<=>(const RefGroup&, const RefGroup&) = default;
};

using RefInterpretation = std::vector<RefGroup>;  ///< sorted

/// Interpretations of every enabled form, by form index; each list sorted.
using RefResult = std::map<std::size_t, std::vector<RefInterpretation>>;

/// The class of slot `slot` in a packed class code.
inline int class_at(int classes, int slot) {
  return (classes >> (2 * slot)) & 3;
}

/// The group as in ref_group_body, declared melds in [] or (), and the mark as `<+tile wait>`:
/// `123m<+3m edge>`, `1{1}m<+{1}m single>`, `{***}<+* any>`. The wait's name is the engine's
/// `wait_shape_name`: a table of names, not logic the reference has to check independently.
std::string ref_group_text(const RefGroup& g, const RuleSet& rules);

/// The group's tiles, wildcard slots in braces with `#class` when the class is not 0.
std::string ref_group_body(const RefGroup& g, const RuleSet& rules);

/// Declared melds first as written, then the other groups in the value's (sorted) order.
std::string ref_interpretation_text(const RefInterpretation& interpretation, const RuleSet& rules);

}  // namespace meldgraph::testref
