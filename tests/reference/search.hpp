#pragma once
/// The reference search: every multiset of catalogue groups that uses exactly the hand's natural
/// tiles and wildcards and has the form's shape, then the rules that look at a whole
/// interpretation (copies caps, distinct pairs, one group per set tile, realisability of the
/// abstract groups, wildcard classes), then every way to mark the winning tile. It shares no code
/// with engine/src/search/.

#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "reference/canonical.hpp"
#include "reference/ref_hand.hpp"

namespace meldgraph::testref {

/// Interpretations of one form under the reference semantics, over the concealed tiles, without
/// declared melds or the winning tile's mark. `conservative`: distinct pairs (four_as_two_pairs
/// false) also keep abstract and wildcard-only pairs off every kind the hand holds naturally, as
/// the engine does (see the pungs tests); the plain reference only keeps pairs off each other's
/// kinds.
std::vector<RefInterpretation> reference_form(const RuleSet& rules, const FormSpec& form,
                                              const RefHand& hand, bool conservative = false);

/// The wait a mark implies, from the rules of docs/engine.md written out here (not the engine's
/// wait_shape): pair single, pung dual_pung, set single set_tile, abstract any; a chow's middle
/// closed, its low end edge when its high tile has no next rank (789), its high end edge when its
/// low tile has no previous rank (123), other ends two_sided.
WaitShape ref_wait(const RefGroup& g, const RuleSet& rules);

/// Every way to mark the winning tile in one unmarked interpretation (sorted groups), with the
/// declared melds added. A natural winning tile w: one per distinct group holding a natural w, in
/// the slot of w. A winning wildcard: one per distinct (group, stand-in of a wildcard slot), and
/// one per distinct abstract group. No winning tile, or the N-wildcards form: the one unmarked.
std::vector<RefInterpretation> with_marks(const RefInterpretation& groups, const RefHand& hand,
                                          const FormSpec& form, const RuleSet& rules);

/// The reference's interpretations of every enabled form of `rules`, declared melds and the
/// winning tile's marks included.
RefResult reference(const RuleSet& rules, const Hand& hand, bool conservative = false);

}  // namespace meldgraph::testref
