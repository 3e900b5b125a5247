// The reference search itself, on hands whose interpretations were counted by hand, and the
// engine against it on those hands.
//
// Every TEST_CASE is tagged [reference]; run them all with `meldgraph_tests "[reference]"`. The
// reference library is tests/reference/ (docs/architecture.md, "Tests").
//
// Ways the engine can go wrong that these hands pin down:
//   1. exceed_copies: false. Goal states that differ only in their stand-in record must be
//      merged, or the listing stops at one of several sinks and drops interpretations
//      (basic + jokers, capped, 111m**: path_count 2, one listed).
//   2. exceed_copies: true, distinct pairs, a tile of one copy: abstract pairs may stand on it,
//      since wildcards may exceed copies there.
//   3. Declared melds: a pairs or set form whose fixed size equals the concealed size must not
//      match a hand with declared melds (test_forms, `[111m]11p`: no one_pair). Only smaller
//      custom forms can meet this; laizi's 14-tile forms never fit the concealed part of such a
//      hand.
//
// Declared melds and the winning tile (here and in test_reference_declared.cpp): the reference
// searches the concealed tiles, then adds the declared melds as written and marks the winning tile
// in every distinct way the documented rules allow, classifying the wait itself; engine
// interpretations are compared with their marks, winning_group and wait.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
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

// =============================================================================================
// 1. The reference itself, on hands counted by hand
// =============================================================================================

TEST_CASE("reference search matches hand-computed interpretations", "[reference]") {
  const RuleSet basic = load_rules("basic");
  const RuleSet jokers = test_rules("test_jokers");
  const RuleSet laizi = load_rules("laizi");
  const RuleSet capped = test_rules("test_capped_jokers");
  const RuleSet distinct = test_rules("test_distinct_pairs");
  const RuleSet forms = test_rules("test_forms");
  const RuleSet tiny = test_rules("test_tiny");
  const RuleSet micro = test_rules("test_micro");

  // laizi's four forms.
  const auto laizi_counts = [](std::size_t standard, std::size_t seven, std::size_t orphans,
                               std::size_t four) {
    return FormCounts{{"standard", standard},
                      {"seven_pairs", seven},
                      {"thirteen_orphans", orphans},
                      {"four_wildcards", four}};
  };
  check_counted_cases({
      // basic: melds (pung or chow) + one pair.
      {&basic, "11m", "", {{"standard", 1}}, "the pair itself"},
      {&basic, "12m", "", {{"standard", 0}}, "no pair"},
      {&basic, "11123m", "", {{"standard", 1}}, "11 + 123; 111 leaves 23"},
      {&basic, "11122m", "", {{"standard", 1}}, "111 + 22; 11 leaves 122"},
      {&basic, "111222333m11s", "", {{"standard", 2}}, "11s + {111 222 333 | 123 123 123}"},
      {&basic,
       "22334455m",
       "",
       {{"standard", 2}},
       "22 + 345 345, or 55 + 234 234; pair 33 or 44 strands a 2 or a 4"},
      {&basic, "111222z33z", "", {{"standard", 1}}, "honours never chow: 111z 222z 33z"},
      {&basic, "789m11p", "", {{"standard", 1}}, "789m + 11p"},
      {&basic, "891m11p", "", {{"standard", 0}}, "no wrap-around chow 891"},
      {&basic,
       "11123455678999m",
       "",
       {{"standard", 1}},
       "nine gates + 5m: pairs can only be 11, 55 or 99; 11 strands a 5 after 123 456, 99 "
       "strands one after 111 234 567; 55 gives 111 234 678 999 only"},
      {&basic, "11123456789999m", "", {{"standard", 1}}, "11 + 123 456 789 999; pair 99 strands"},
      // Jokers (basic + 8 jokers, copies not capped).
      {&jokers, "**", "", {{"standard", 1}}, "two wildcards: any pair"},
      {&jokers, "1m*", "", {{"standard", 1}}, "1{1}m"},
      {&jokers,
       "123m**",
       "",
       {{"standard", 5}},
       "{**}+123; 1{1}+{1}23 or 23{4}; 2{2}+1{2}3; 3{3}+12{3}"},
      {&jokers, "1m****", "", {{"standard", 3}}, "1{1}+{***}; {**}+1{11}; {**}+1{2}{3}"},
      {&jokers, "5m****", "", {{"standard", 5}}, "5{5}+{***}; {**}+ 5{55} 5{6}{7} {4}5{6} {3}{4}5"},
      {&jokers, "*****", "", {{"standard", 1}}, "{***} {**}"},
      {&jokers, "1z****", "", {{"standard", 2}}, "1{1}z+{***}; {**}+1{11}z (honours never chow)"},
      {&jokers, "111m**", "", {{"standard", 4}}, "11+1{11}; 11+1{2}{3}; 1{1}+11{1}; 111+{**}"},
      {&jokers, "1111m*", "", {{"standard", 2}}, "11+11{1}; 111+1{1}"},
      // Copies capped at 4: a stand-in for 1m next to three natural 1m is the fifth 1m.
      {&capped, "111m**", "", {{"standard", 2}}, "11+1{2}{3}; 111+{**}"},
      {&capped, "1111m*", "", {{"standard", 0}}, "every reading needs a fifth 1m"},
      // laizi: standard, seven pairs (four as two pairs), thirteen orphans, four wildcards.
      {&laizi, "11223344556677m", "", laizi_counts(3, 1, 0, 0),
       "standard: 11+234 234 567 567, 44+123 123 567 567, 77+123 123 456 456; pairs 22/33/55/66 "
       "strand a tile"},
      {&laizi, "11112233445566m", "", laizi_counts(1, 1, 0, 0),
       "standard: only 11 + 123 123 456 456 (any other pair leaves 1111 needing a 2 and 3 it "
       "lacks); seven pairs 11 11 22 33 44 55 66"},
      {&laizi, "11223344556677z", "", laizi_counts(0, 1, 0, 0), "honour pairs: seven pairs only"},
      {&laizi, "1122334455667z*", "", laizi_counts(0, 1, 0, 0), "the joker pairs the 7z"},
      {&laizi, "119m19p19s1234567z", "", laizi_counts(0, 0, 1, 0), "thirteen orphans, pair 11m"},
      {&laizi, "19m19p19s1234567z*", "", laizi_counts(0, 0, 13, 0),
       "the joker pairs any of the 13 orphans"},
      {&laizi, "119m19p19s123456z*", "", laizi_counts(0, 0, 1, 0), "pair 11m, the joker is the 7z"},
      {&laizi, "1122334455z****", "", laizi_counts(5, 16, 0, 1),
       "standard: one honour pair is the pair, the other four are kk{k} (5); seven pairs: 5 "
       "natural pairs + {**}{**} (1), one kind split k{k} k{k} + {**} (5), two kinds split (10)"},
      {&laizi, "12355m", "5m", laizi_counts(5, 0, 0, 0), "5m wild: same as 123m** under jokers"},
      {&laizi, "123m**1f2f", "", laizi_counts(5, 0, 0, 0), "flowers are set aside"},
      {&laizi, "1m****", "", laizi_counts(3, 0, 0, 1), "as under jokers, and four wildcards wins"},
      // Four of a kind is not two pairs.
      {&distinct, "11112233445566m", "", laizi_counts(1, 0, 0, 0), "11 11 may not be two pairs"},
      {&distinct, "1122334455z****", "", laizi_counts(5, 1, 0, 1),
       "no split kind: only {**}{**} (new kinds)"},
      // Assorted forms; 5m is wild in every hand.
      {&forms,
       "12355m",
       "",
       {{"standard", 5}, {"one_pair", 0}, {"little_set", 0}, {"three_wildcards", 0}},
       "5m are wildcards: as 123m**"},
      {&forms,
       "19m19p*",
       "",
       {{"little_set", 4}, {"standard", 0}, {"three_wildcards", 0}},
       "the joker pairs any of 1m 9m 1p 9p; no meld among them"},
      {&forms, "119m1p*", "", {{"little_set", 1}}, "pair 11m, the joker is the 9p"},
      {&forms, "11m", "", {{"one_pair", 1}, {"standard", 1}}, "one pair"},
      {&forms, "1m*", "", {{"one_pair", 1}, {"standard", 1}}, "1{1}m"},
      {&forms, "**", "", {{"one_pair", 1}, {"standard", 1}, {"three_wildcards", 0}}, "{**}"},
      {&forms, "1122m3344p", "", {{"four_pairs", 1}, {"standard", 0}}, "four distinct pairs"},
      {&forms, "111m1z2z3z4z5z", "", {{"four_pairs", 0}}, "odd tiles: no pairs"},
      {&forms, "1111m2233p", "", {{"four_pairs", 0}}, "1111m would be two pairs of one kind"},
      {&forms,
       "115m22p***",
       "",
       {{"four_pairs", 1}, {"three_wildcards", 1}, {"one_pair", 0}, {"natural_seven_pairs", 0}},
       "5m is wild: 4 wildcards; 11m 22p + two abstract pairs (1{1}m 1{1}m repeats a kind)"},
      {&forms, "11223344667799m", "", {{"natural_seven_pairs", 1}}, "no wildcards"},
      {&forms, "11223344556699m", "", {{"natural_seven_pairs", 0}}, "55m are wildcards here"},
      {&forms, "1122334466799m*", "", {{"natural_seven_pairs", 0}}, "the form refuses wildcards"},
      {&forms,
       "119m19p19s1234567z",
       "",
       {{"natural_orphans", 1}, {"little_set", 0}},
       "no wildcards: pair 11m"},
      {&forms,
       "19m19p19s1234567z5m",
       "",
       {{"natural_orphans", 0}, {"little_set", 0}},
       "5m is wild in this rule set, and the form refuses wildcards"},
      // Tiny set, copies capped: 1m-4m three copies, 1z 2z two copies.
      {&tiny,
       "1z****",
       "",
       {{"standard", 1}, {"four_pairs", 0}, {"mini_set", 4}},
       "standard: 1{1}z + {***} (111m); 1{11}z would be three 1z. mini set: the pair on any of "
       "1m 4m 1z 2z, the rest wild singles"},
      {&tiny,
       "11z***",
       "",
       {{"standard", 1}, {"four_pairs", 0}, {"mini_set", 1}},
       "standard: 11z + {***}; 11{1}z and 1{1}z+1{11}z exceed two copies. mini set: 11z pair"},
      {&tiny, "11m22m****", "", {{"four_pairs", 1}}, "11m 22m + two pairs of unused kinds"},
      // One tile kind, four copies, capped: the abstract groups rarely fit.
      {&micro, "11z", "", {{"standard", 1}}, "the pair"},
      {&micro, "1z*", "", {{"standard", 1}}, "1{1}z: two copies"},
      {&micro, "**", "", {{"standard", 1}}, "{**} as 11z"},
      {&micro, "*****", "", {{"standard", 0}}, "{***}{**} would be five 1z"},
      {&micro, "1z****", "", {{"standard", 0}}, "1{1}z+{***}: five 1z; {**}+1{11}z: five 1z"},
      {&micro, "111z**", "", {{"standard", 0}}, "every reading holds five 1z"},
  });
}

TEST_CASE("reference search lists exactly the hand-computed interpretations", "[reference]") {
  const RuleSet jokers = test_rules("test_jokers");
  const RuleSet laizi = load_rules("laizi");
  const RuleSet capped = test_rules("test_capped_jokers");
  const RuleSet tiny = test_rules("test_tiny");
  using Texts = std::vector<std::string>;
  const auto sorted = [](Texts texts) {
    std::sort(texts.begin(), texts.end());
    return texts;
  };
  // Groups are written pair, pung, chow, single, any meld, any pair (the reference's order).
  SECTION("123m plus two jokers") {
    const Hand hand = hand_of("123m**", jokers);
    CHECK(reference_texts(jokers, hand, "standard") ==
          sorted({"123m {**}", "1{1}m {1}23m", "1{1}m 23{4}m", "2{2}m 1{2}3m", "3{3}m 12{3}m"}));
    check_agrees(jokers, hand);
  }
  SECTION("111m plus two jokers, copies capped or not") {
    const Hand hand = hand_of("111m**", jokers);
    CHECK(reference_texts(jokers, hand, "standard") ==
          sorted({"11m 1{1}{1}m", "11m 1{2}{3}m", "1{1}m 11{1}m", "111m {**}"}));
    const Hand capped_hand = hand_of("111m**", capped);
    CHECK(reference_texts(capped, capped_hand, "standard") ==
          sorted({"11m 1{2}{3}m", "111m {**}"}));
    check_agrees(jokers, hand);
    check_agrees(capped, capped_hand);
  }
  SECTION("an honour and four jokers") {
    const Hand hand = hand_of("1z****", jokers);
    CHECK(reference_texts(jokers, hand, "standard") == sorted({"1{1}z {***}", "1{1}{1}z {**}"}));
    check_agrees(jokers, hand);
  }
  SECTION("thirteen orphans with the joker as the missing tile") {
    const Hand hand = hand_of("119m19p19s123456z*", laizi);
    CHECK(reference_texts(laizi, hand, "thirteen_orphans") ==
          Texts{"11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z {7}z"});
    check_agrees(laizi, hand);
  }
  SECTION("tiny capped set: stand-ins and abstract groups respect two copies of 1z") {
    const Hand hand = hand_of("1z****", tiny);
    CHECK(reference_texts(tiny, hand, "standard") == Texts{"1{1}z {***}"});
    CHECK(reference_texts(tiny, hand, "mini_set") ==
          sorted({"1{1}z {1}m {4}m {2}z", "{1}{1}m {4}m 1z {2}z", "{4}{4}m {1}m 1z {2}z",
                  "{2}{2}z {1}m {4}m 1z"}));
    check_agrees(tiny, hand);
  }
  SECTION("seven pairs with four jokers") {
    const Hand hand = hand_of("1122334455z****", laizi);
    const Texts got = reference_texts(laizi, hand, "seven_pairs");
    REQUIRE(got.size() == 16);
    CHECK(std::count(got.begin(), got.end(), "11z 22z 33z 44z 55z {**} {**}") == 1);
    CHECK(std::count(got.begin(), got.end(), "11z 22z 33z 4{4}z 4{4}z 5{5}z 5{5}z") == 1);
    check_agrees(laizi, hand);
  }
}

namespace {

/// The waits of the reference's interpretations over every form, by name.
std::multiset<std::string> reference_waits(const RuleSet& rules, const Hand& hand) {
  std::multiset<std::string> out;
  for (const auto& [form, list] : reference(rules, hand)) {
    for (const RefInterpretation& interpretation : list) {
      WaitShape wait = WaitShape::none;
      for (const RefGroup& g : interpretation) {
        if (g.mark >= 0) wait = g.wait;
      }
      out.insert(std::string(wait_shape_name(wait)));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("reference search marks the winning tile and keeps declared melds", "[reference]") {
  const RuleSet basic = load_rules("basic");
  const RuleSet jokers = test_rules("test_jokers");
  const RuleSet laizi = load_rules("laizi");
  const RuleSet capped = test_rules("test_capped_jokers");
  const RuleSet forms = test_rules("test_forms");
  using Texts = std::vector<std::string>;
  using Waits = std::multiset<std::string>;
  const auto sorted = [](Texts texts) {
    std::sort(texts.begin(), texts.end());
    return texts;
  };
  const auto repeat = [](int n, const char* wait) {
    Waits out;
    for (int i = 0; i < n; ++i) out.insert(wait);
    return out;
  };
  // Texts: declared melds first as written, then pair, pung, chow, single, any meld, any pair;
  // the marked group ends in <+tile wait>.
  SECTION("a natural winning tile in the chow or the pair") {
    // 4556m+5m: only 55m + 456m; the 5m completes the chow's middle or the pair.
    const Hand hand = hand_of("4556m+5m", basic);
    CHECK(reference_texts(basic, hand, "standard") ==
          sorted({"55m 456m<+5m closed>", "55m<+5m single> 456m"}));
    // 1123m+1m: 11m + 123m; in the chow the 1m is the low end and 4m exists: two-sided.
    CHECK(reference_waits(basic, hand_of("1123m+1m", basic)) == Waits{"single", "two_sided"});
    // 11223m11z+3m: 123m 123m 11z; the two chows are the same group, so one mark: the 3m is the
    // high end of 123m, and 1m has no previous rank: edge.
    CHECK(reference_texts(basic, hand_of("11223m11z+3m", basic), "standard") ==
          Texts{"11z 123m 123m<+3m edge>"});
    CHECK(reference_waits(basic, hand_of("89m11z+7m", basic)) == Waits{"edge"});
    for (const char* text : {"4556m+5m", "1123m+1m", "11223m11z+3m", "89m11z+7m"}) {
      INFO(text);
      const Hand h = hand_of(text, basic);
      check_agrees(basic, h);
    }
  }
  SECTION("three natural 5m and two jokers, the last 5m winning") {
    // 55m**+5m (jokers): 55+5{55}, 55+5{67}, 55+{4}5{6}, 55+{34}5, 5{5}+55{5}, 555+{**}. The
    // natural 5m can be marked in each distinct group holding one: the pair (single) and the
    // meld (dual_pung, two_sided at 567's low end, closed, two_sided at 345's high end), except
    // 555+{**} where only the pung holds a natural 5m: 5 * 2 + 1 = 11.
    const Hand hand = hand_of("55m**+5m", jokers);
    CHECK(reference_waits(jokers, hand) == Waits{"single", "single", "single", "single", "single",
                                                 "dual_pung", "dual_pung", "dual_pung", "two_sided",
                                                 "two_sided", "closed"});
    check_agrees(jokers, hand);
  }
  SECTION("a winning joker") {
    // 1m***+* (jokers): 1{1}m+{***} (the pair's wildcard or the meld), 1{11}m+{**} (the pung's
    // wildcards are one stand-in, or the pair), 1{23}m+{**} (as 2m: closed, as 3m: edge, or the
    // pair): 7, as in tests/engine/test_engine.cpp.
    const Hand hand = hand_of("1m***+*", jokers);
    CHECK(reference_waits(jokers, hand) ==
          Waits{"single", "any", "dual_pung", "any", "closed", "edge", "any"});
    CHECK(reference_texts(jokers, hand, "standard") ==
          sorted({"1{1}m<+{1}m single> {***}", "1{1}m {***}<+* any>",
                  "1{1}{1}m<+{1}m dual_pung> {**}", "1{1}{1}m {**}<+* any>",
                  "1{2}{3}m<+{2}m closed> {**}", "1{2}{3}m<+{3}m edge> {**}",
                  "1{2}{3}m {**}<+* any>"}));
    check_agrees(jokers, hand);
    // Under laizi the same hand also wins as four wildcards, unmarked: 7 + 1.
    const Hand l = hand_of("1m***+*", laizi);
    CHECK(reference_counts(laizi, l)["four_wildcards"] == 1);
    CHECK(reference_waits(laizi, l).count("none") == 1);
    CHECK(reference_waits(laizi, l).size() == 8);
    check_agrees(laizi, l);
    // 12m11z+* : only 11z + 12{3}m; the joker is the 3m: edge.
    const Hand edge = hand_of("12m11z+*", jokers);
    CHECK(reference_waits(jokers, edge) == Waits{"edge"});
    check_agrees(jokers, edge);
  }
  SECTION("declared melds") {
    const Hand pung = hand_of("[777z]123m1s+1s", basic);
    CHECK(reference_texts(basic, pung, "standard") == Texts{"[777z] 11s<+1s single> 123m"});
    // No winning tile: nothing is marked; a concealed kong and an exposed chow stay as written.
    const Hand kongs = hand_of("(1111m)[789s]123p11z", basic);
    CHECK(reference_texts(basic, kongs, "standard") == Texts{"(1111m) [789s] 11z 123p"});
    // docs/notation.md: 11 concealed tiles and the pung make a complete 14-tile hand.
    const Hand docs = hand_of("123m456p789s1z(1111m)+1z", basic);
    CHECK(reference_texts(basic, docs, "standard") ==
          Texts{"(1111m) 11z<+1z single> 123m 456p 789s"});
    for (const Hand* h : {&pung, &kongs, &docs}) {
      check_agrees(basic, *h);
    }
  }
  SECTION("a joker in a declared meld and a winning tile of the wild kind") {
    // laizi, 5m wild: [77*z] is fixed; the concealed 123p 5m 5m are 123p and two wildcards, read
    // as under jokers (123m**): 123p{**}: any; 1{1}p {1}23p: single, two_sided (low end, 4p
    // exists); 1{1}p 23{4}p: single, two_sided (high end, 1p exists); 2{2}p 1{2}3p: single,
    // closed; 3{3}p 12{3}p: single, edge: 9. Two concealed wildcards: no four-wildcard win.
    const Hand hand = hand_of("[77*z]123p5m+5m", laizi, "5m");
    CHECK(reference_waits(laizi, hand) == Waits{"any", "single", "single", "single", "single",
                                                "two_sided", "two_sided", "closed", "edge"});
    CHECK(reference_counts(laizi, hand)["four_wildcards"] == 0);
    check_agrees(laizi, hand);
    // A declared chow with a joker, the wildcard's rank given by its place: [3*5p] is 345p.
    // Copies capped, [1*1m]1m+1m: two natural 1m in the meld and two concealed make four; the
    // meld's joker stands for a 1m but is no natural tile, so 11m is still a pair: 1 reading.
    const RuleSet capped_laizi = test_rules("test_capped_laizi");
    const Hand fourth = hand_of("[1*1m]1m+1m", capped_laizi);
    CHECK(reference_texts(capped_laizi, fourth, "standard") == Texts{"[1{1}1m] 11m<+1m single>"});
    check_agrees(capped_laizi, fourth);
    const Hand chow = hand_of("[3*5p]1z+1z", laizi);
    CHECK(reference_texts(laizi, chow, "standard") == Texts{"[3{4}5p] 11z<+1z single>"});
    check_agrees(laizi, chow);
  }
  SECTION("copies capped: declared natural tiles count") {
    // [111m]1m+* : the joker pairs the concealed 1m. Uncapped: 1 reading. Capped: three 1m in
    // the meld, one concealed, the stand-in would be a fifth: none.
    const Hand uncapped = hand_of("[111m]1m+*", jokers);
    CHECK(reference_texts(jokers, uncapped, "standard") == Texts{"[111m] 1{1}m<+{1}m single>"});
    const Hand capped_hand = hand_of("[111m]1m+*", capped);
    CHECK(reference_counts(capped, capped_hand)["standard"] == 0);
    check_agrees(jokers, uncapped);
    check_agrees(capped, capped_hand);
  }
  SECTION("set forms") {
    // 19m19p19s123456z*+7z (laizi): the joker pairs any of the 13 orphans; the winning 7z is a
    // single (set_tile) unless the joker pairs it (7{7}z: single): 12 + 1.
    const Hand natural = hand_of("19m19p19s123456z*+7z", laizi);
    Waits want = repeat(12, "set_tile");
    want.insert("single");
    CHECK(reference_waits(laizi, natural) == want);
    check_agrees(laizi, natural);
    // The joker wins: it is the pair's wildcard, whichever orphan it pairs: 13 singles.
    const Hand joker = hand_of("19m19p19s1234567z+*", laizi);
    CHECK(reference_waits(laizi, joker) == repeat(13, "single"));
    check_agrees(laizi, joker);
    // test_forms, 5m always wild: 19m19p + the winning 5m: the little set's pair on any of the
    // four tiles, the 5m its wildcard (4 singles); one wildcard is no three-wildcard win.
    const Hand little = hand_of("19m19p+5m", forms);
    CHECK(reference_counts(forms, little)["little_set"] == 4);
    CHECK(reference_waits(forms, little) == repeat(4, "single"));
    check_agrees(forms, little);
  }
}

// docs/notation.md: "Seven pairs and thirteen orphans need all their tiles concealed, so they
// never match a hand with declared melds." Under laizi their 14 tiles never fit the concealed part
// of a hand with a declared meld anyway, but a rule set may define smaller pairs and set forms.
//
// Case 3 of the list at the top: a form's fixed size is compared with the whole hand's, not only
// with the concealed tiles', or `[111m]11p` under test_forms would match one_pair (2 tiles) on
// the 2 concealed tiles of a 5-tile hand.
TEST_CASE("pairs and set forms never match a hand with declared melds", "[reference]") {
  const RuleSet forms = test_rules("test_forms");
  using Texts = std::vector<std::string>;
  check_counted_cases({
      {&forms,
       "[111m]11p",
       "",
       {{"one_pair", 0}},
       "the pair 11p completes the standard hand; one_pair would need the whole hand to be those "
       "two tiles"},
      {&forms, "[111m]1p+1p", "", {{"one_pair", 0}}, "the same with the winning tile"},
      {&forms,
       "[123s]19m19p+5m",
       "",
       {{"little_set", 0}, {"standard", 0}},
       "5m wild: the concealed five tiles are the little set's shape, but the set form needs the "
       "whole hand; and 19m19p + a wildcard holds no meld: no standard reading"},
  });
  CHECK(reference_texts(forms, hand_of("[111m]11p", forms), "standard") == Texts{"[111m] 11p"});
  // The winning 1p is in the pair (single).
  CHECK(reference_texts(forms, hand_of("[111m]1p+1p", forms), "standard") ==
        Texts{"[111m] 11p<+1p single>"});
}
