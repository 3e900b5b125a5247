// Realisations of abstract groups (meldgraph/reading/realisations.hpp), counted by hand: free
// melds and pairs, interchangeable groups, the winning wildcard's group, copies, pair tiles and a
// missing suit; the N-wildcards group realises as itself. Tagged [reading].

#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/reading/realisations.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "reading_support.hpp"
#include "rule_files.hpp"

using namespace meldgraph;
using namespace meldgraph::test;

TEST_CASE("realisations of abstract groups, hand-counted", "[reading]") {
  const RuleSet laizi = load_rules("laizi");
  const auto realisations_of = [](const RuleSet& rules, const char* text, const char* wanted) {
    const Hand hand = parse_hand(text, rules);
    const ReadingContext context = make_reading_context(rules, hand);
    const Decomposition decomposition(rules, hand);
    for (const Interpretation& interpretation : all_interpretations(decomposition)) {
      if (format_interpretation(interpretation, rules) != wanted) continue;
      const Realisations realisations(context, interpretation);
      std::uint64_t listed = realisations.list([](std::span<const Group>) { return true; });
      CHECK(listed == realisations.count());
      return realisations.count();
    }
    FAIL("no interpretation " << wanted);
    return std::uint64_t{0};
  };
  // One free meld: 34 pungs and 3 x 7 chows.
  CHECK(realisations_of(laizi, "123m456p789s11z***", "123m 456p 789s 11z {***}") == 55);
  // Two interchangeable free melds: multisets of two of 55.
  CHECK(realisations_of(laizi, "123m456p11z******", "123m 456p 11z {***} {***}") == 55 * 56 / 2);
  // A free pair: 34 kinds.
  CHECK(realisations_of(laizi, "123m456p789s111z**", "123m 456p 789s 111z {**}") == 34);
  // The winning joker's meld is told apart from the other, and so is its slot in a chow: 34
  // pungs and 21 chows x 3 winning slots for it, any of 55 for the other.
  CHECK(realisations_of(laizi, "123m456p11z*****+*",
                        "123m 456p 11z {***} {***}  (wins {***}, any wait)") ==
        std::uint64_t{34 + 63} * 55);
  // A winning free pair: one slot per kind.
  CHECK(realisations_of(laizi, "123m456p789s111z*+*",
                        "123m 456p 789s 111z {**}  (wins {**}, any wait)") == 34);
  // Capped copies: three 1m and two 1z held leave one 1m and two 1z: no pung of either (the
  // chow 123m still fits), 55 - 2.
  const RuleSet capped = test_rules("reading_capped");
  CHECK(realisations_of(capped, "111m456p789s11z***", "111m 456p 789s 11z {***}") == 53);
  // Pair tiles 2, 5, 8 of the suits: nine kinds for a free pair.
  const RuleSet pair_tiles = test_rules("reading_pair_tiles");
  CHECK(realisations_of(pair_tiles, "123m456p789s111z**", "123m 456p 789s 111z {**}") == 9);
  // Lacking a suit: m and p are touched, so s must be lacked and the free meld is one of the
  // 7 chows and 9 pungs of m or of p.
  const RuleSet missing = test_rules("reading_missing");
  CHECK(realisations_of(missing, "123m456p789m11m***", "11m 123m 789m 456p {***}") == 32);
}

TEST_CASE("the N-wildcards group realises as itself", "[reading]") {
  const RuleSet rules = load_rules("laizi");
  const Hand hand = parse_hand("123m456p789s1z****", rules);
  const ReadingContext context = make_reading_context(rules, hand);
  const Decomposition decomposition(rules, hand);
  bool seen = false;
  for (const Interpretation& interpretation : all_interpretations(decomposition)) {
    if (interpretation.groups.size() != 1 ||
        interpretation.groups[0].kind != GroupKind::wildcards) {
      continue;
    }
    seen = true;
    const Realisations realisations(context, interpretation);
    CHECK(realisations.count() == 1);
    std::vector<Group> got;
    realisations.list([&](std::span<const Group> groups) {
      got.assign(groups.begin(), groups.end());
      return true;
    });
    CHECK(got == interpretation.groups);
    const Reading reading = make_reading(context, interpretation);
    CHECK(reading.groups[0].wildcard_count() == 4);
  }
  CHECK(seen);
}
