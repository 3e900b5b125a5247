#pragma once
/// Hands as text: a small MPSZ reader for the hand-computed tables, independent of the project's
/// parser, and the description of a hand in failure messages.

#include <string>
#include <string_view>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph::testref {

/// A small MPSZ reader for the hand-computed tables, independent of the project's parser:
/// digits then a suit letter, `*` a joker. `[...]` an exposed meld, `(...)` a concealed kong
/// (digits and `*` then the letter; a chow's wildcard slot stands where its rank would), `+` before
/// the winning tile (written last). `wild` names tile kinds that are wild in this hand.
/// Malformed text fails the calling test (REQUIRE).
Hand hand_of(std::string_view text, const RuleSet& rules, std::string_view wild = "");

/// The hand's text, its wild kinds and the rule set's name.
std::string describe_hand(const Hand& hand, const RuleSet& rules);

}  // namespace meldgraph::testref
