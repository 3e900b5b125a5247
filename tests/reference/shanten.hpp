#pragma once
/// The reference shanten: the shanten of every form computed from the definition, the least
/// number of exchanges that turn the hand into a complete target hand W, less one. It enumerates
/// every multiset of groups from a catalogue of all the groups the rules allow (pungs, chows,
/// pairs; the set forms' tiles), with branch and bound, and prices each target hand by literally
/// assigning its slots to the tiles held, the wildcards held and draws of copies not held.

#include <cstddef>
#include <map>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph::testref {

/// Form index -> shanten, for every enabled form the hand can be in.
std::map<std::size_t, int> reference_shanten(const RuleSet& rules, const Hand& hand);

}  // namespace meldgraph::testref
