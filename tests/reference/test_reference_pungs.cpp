// Pairs forms with pungs (嚦咕嚦咕): the reference on hand-counted hands, and the engine against it
// on random hands.
//
// Every TEST_CASE is tagged [reference]; run them all with `meldgraph_tests "[reference]"`. The
// reference library is tests/reference/ (docs/architecture.md, "Tests").

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "reference/canonical.hpp"
#include "reference/counted_cases.hpp"
#include "reference/differential.hpp"
#include "reference/engine_view.hpp"
#include "reference/hand_text.hpp"
#include "reference/search.hpp"
#include "rule_files.hpp"

namespace {
using namespace meldgraph;
using namespace meldgraph::testref;
using namespace meldgraph::test;
using Shape = HandGenerator::Shape;
}  // namespace

TEST_CASE("reference search: pairs forms with pungs (嚦咕嚦咕), hand-computed", "[reference]") {
  const RuleSet pungs = test_rules("test_pungs");
  const RuleSet tiny = test_rules("test_pungs_tiny");
  const RuleSet micro = test_rules("test_pungs_micro");
  check_counted_cases({
      {&pungs, "11122m", "", {{"pung_pair", 1}}, "111m + 22m"},
      {&pungs,
       "11m***",
       "",
       {{"pung_pair", 3}},
       "11m + {***}; 1{1}m + 1{11}m; 11{1}m + {**} (a pair and a pung may share a kind)"},
      {&pungs, "*****", "", {{"pung_pair", 1}}, "{***} {**}: the abstract meld is some pung"},
      {&pungs, "12345m", "", {{"pung_pair", 0}}, "chows never"},
      {&pungs, "11122233m", "", {{"pungs_pair", 1}}, "111m 222m + 33m"},
      {&pungs,
       "1111m2233m***",
       "",
       {{"one_pung", 2}},
       "pairs must differ: 111m + 1{1}m 22m 33m {**}, or 11{1}m + 11m 22m 33m {**}; every other "
       "pung leaves 1111m as two pairs of 1m"},
      {&pungs,
       "11112233445566777m",
       "",
       {{"ligu", 1}, {"ligu_distinct", 0}},
       "777m + 11 11 22 33 44 55 66; 11m twice is refused when four is not two pairs"},
      {&tiny, "11z***", "", {{"pung_pair", 1}}, "11z + {***} (a pung of 1m-4m); 1z has two copies"},
      {&tiny,
       "111m**",
       "",
       {{"pung_pair", 1}},
       "111m + {**}; every other reading needs a fourth 1m"},
      {&tiny,
       "11m22m33m44m***",
       "",
       {{"one_pung", 4}, {"one_pung_distinct", 4}},
       "{***} finds no three copies left; kk{k} for one k of 1m-4m, the other three pairs and "
       "{**} as 11z or 22z, a kind no other pair holds"},
      // One kind of four copies (2z too), capped: a pung and a pair of one kind would be five.
      {&micro,
       "*****",
       "",
       {{"pung_pair", 1}, {"pung_pair_distinct", 1}},
       "111z + 22z or 222z + 11z"},
      {&micro, "1z****", "", {{"pung_pair", 2}}, "1{1}z + {***} (222z); 1{11}z + {**} (22z)"},
  });
  // One tile kind of four copies, capped: {***} {**} would be five 1z, whether pairs must differ
  // or not. With four_as_two_pairs false and pungs, abstract pairs and abstract pungs must fit the
  // copies together, not each on its own: `*****` is no pung and pair under pung_pair_distinct
  // (five 1z).
  const RuleSet one = test_rules("test_pungs_one_kind");
  const FormCounts none{{"pung_pair", 0}, {"pung_pair_distinct", 0}};
  check_counted_cases({
      {&one, "*****", "", none, "{***} {**}: five 1z"},
      {&one, "1z****", "", none, "1{1}z {***} or 1{11}z {**}: five 1z"},
      {&one, "11z***", "", none, "11z {***} or 11{1}z {**}: five 1z"},
  });
  // There the engine's conservative distinct pairs and the plain reference agree.
  for (const char* text : {"*****", "1z****", "11z***"}) {
    INFO(text);
    const Hand hand = hand_of(text, one);
    CHECK(reference(one, hand, true) == reference(one, hand));
  }
}

// With four_as_two_pairs false and pungs, the engine is conservative by design: abstract pairs
// and wildcard-only pairs avoid every kind the hand holds naturally (and, copies capped, every
// kind a wildcard stands for), although a natural kind held only in a pung could still take a
// pair. The random runs below leave out the hands where the plain
// reference and the one that follows the engine there differ (plan.skip_conservative), and
// report how many.
TEST_CASE("engine matches the reference: pairs forms with pungs (嚦咕嚦咕)", "[reference]") {
  run_rows({
      // basic tiles, jokers, copies not capped
      {"pungs",
       "test_pungs",
       70701U,
       Plan{.sizes = {5, 8, 11, 14, 17},
            .most_jokers = 4,
            .per_size = 300 / kScale,
            .shapes = {Shape::pairs_pungs, Shape::pairs_pungs, Shape::pairs, Shape::melds},
            .skip_conservative = true},
       Reach{.wins = 650, .wildcard_wins = 590},
       {},
       {"ligu", "ligu_distinct", "five_pungs", "two_pungs", "two_pungs_distinct", "one_pung",
        "pung_pair", "pungs_pair"}},
      // a tiny tile set, copies capped
      {"pungs tiny",
       "test_pungs_tiny",
       70702U,
       Plan{.sizes = {5, 8, 11},
            .most_jokers = 5,
            .per_size = 300 / kScale,
            .shapes = {Shape::pairs_pungs, Shape::pairs, Shape::uniform},
            .skip_conservative = true},
       Reach{.wins = 480, .wildcard_wins = 450},
       {},
       {"one_pung_distinct"}},
      {"pungs, winning tile", "test_pungs", 70703U,
       FullPlan{.sizes = {5, 8, 11, 14, 17},
                .per_size = 80 / kScale,
                .most_jokers = 4,
                .shapes = {Shape::pairs_pungs, Shape::pairs}},
       Reach{.wins = 180, .wildcard_wins = 160, .marked_wins = 150, .winning_wildcard = 100}},
  });
}
