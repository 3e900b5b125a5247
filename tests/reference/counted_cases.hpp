#pragma once
/// Hands whose interpretations were counted by hand: each case checks the reference's count of
/// every form it lists against the hand count, then the engine against the reference on the same
/// hand. The tables of the reference tests are lists of these.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "meldgraph/model/rules.hpp"

namespace meldgraph::testref {

/// Interpretations per form, by form name.
using FormCounts = std::map<std::string, std::size_t>;

/// One hand and its hand-counted interpretations.
struct CountedCase {
  const RuleSet* rules;
  const char* hand;   ///< as hand_of reads it
  const char* wild;   ///< tile kinds wild in this hand only ("" for none)
  FormCounts counts;  ///< per form; forms not listed are not checked (none: the engine only)
  const char* why;    ///< how the counts were worked out
};

/// Checks every case of the table, each failure naming its hand, rule set and reasoning: each
/// listed form is one of the reference's (REQUIRE) and has the count given, and the engine
/// agrees with the reference on the hand (compare).
void check_counted_cases(const std::vector<CountedCase>& cases);

}  // namespace meldgraph::testref
