// The decomposition graph on hand-counted cases: every expected count below was worked out by hand
// from the rules (the working is in the comments), not taken from the engine's output.

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "rule_files.hpp"

using namespace meldgraph;

namespace {

/// This file's rule sets, tests/data/rules/engine_NAME.yaml, by their short NAME; else the
/// built-in rule set NAME.
const RuleSet& rules_named(const std::string& name) {
  const std::string own = "engine_" + name;
  return std::filesystem::exists(test::rule_file(own)) ? test::rules_named(own)
                                                       : test::rules_named(name);
}

std::map<std::string, std::uint64_t> counts_by_form(const Decomposition& decomposition) {
  std::map<std::string, std::uint64_t> result;
  for (const FormGraph& graph : decomposition.graphs()) {
    if (!graph.empty()) {
      result[decomposition.rules().forms()[graph.form()].name] = graph.path_count();
    }
  }
  return result;
}

std::set<std::string> listed(const Decomposition& decomposition) {
  std::set<std::string> texts;
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) {
    const std::string name = decomposition.rules().forms()[interpretation.form].name;
    const bool fresh =
        texts.insert(name + ": " + format_interpretation(interpretation, decomposition.rules()))
            .second;
    CHECK(fresh);  // the engine never lists one interpretation twice
  }
  return texts;
}

}  // namespace

namespace {

/// A classic hand and its interpretations by form.
struct ClassicHand {
  const char* rules;
  const char* hand;
  std::map<std::string, std::uint64_t> by_form;  // empty: no win
};

const ClassicHand classic_hands[] = {
    // Three pungs or three chows, pair 11s.
    {"basic", "111222333m456p11s", {{"standard", 2}}},
    {"laizi", "111222333m456p11s", {{"standard", 2}}},
    // Seven pairs once; as a standard hand the pair must be 11, 44 or 77 (the other ranks
    // leave a rank that no chow can take): 3 readings.
    {"laizi", "11223344556677m", {{"standard", 3}, {"seven_pairs", 1}}},
    {"basic", "11223344556677m", {{"standard", 3}}},
    // Two tiles: a pair or nothing.
    {"basic", "11m", {{"standard", 1}}},
    {"basic", "12m", {}},
    // 17 tiles, pair 66 with the (3,3,3,3,3) block as five pungs or one run of three chows in
    // three places (4), or 456 twice with 345 111 222 33 (1).
    {"basic", "11122233344455566m", {{"standard", 5}}},
    // Honours never form chows.
    {"basic", "123z11m", {}},
    // Thirteen orphans: the pair can be only 1m.
    {"laizi", "19m19p19s1234567z1m", {{"thirteen_orphans", 1}}},
    // A joker pairs with any of the 13 orphans.
    {"laizi", "19m19p19s1234567z*", {{"thirteen_orphans", 13}}},
    // Two jokers, 7z missing: 7z from a joker and the other joker pairs one of the 12 naturals
    // (12), or both jokers are the 7z pair (1).
    {"laizi", "19m19p19s123456z**", {{"thirteen_orphans", 13}}},
    // Seven pairs with a joker pairing the 7z; standard: 7{7}z plus 123 123 456 456.
    {"laizi", "112233445566m7z*", {{"standard", 1}, {"seven_pairs", 1}}},
    // Four of a kind counts as two pairs in laizi, not where pairs must differ. As a standard
    // hand 1111 forces 11 + 123 123 and leaves 44 55 77: no reading.
    {"laizi", "11112233445577m", {{"seven_pairs", 1}}},
    {"distinct", "11112233445577m", {}},
    // Here the standard reading 11 123 123 456 456 exists as well.
    {"laizi", "11112233445566m", {{"standard", 1}, {"seven_pairs", 1}}},
    {"distinct", "11112233445566m", {{"standard", 1}}},
    // 111m + two jokers: 111+{**}, 11{1}+1{1}, 1{11}+11, 1{23}+11.
    {"jokers", "111m**", {{"standard", 4}}},
    // Only jokers: one abstract pair, one abstract meld + pair.
    {"jokers", "**", {{"standard", 1}}},
    {"jokers", "*****", {{"standard", 1}}},
    // 1m with a joker: only the pair 1{1}m.
    {"jokers", "1m*", {{"standard", 1}}},
    // Four jokers win at once in laizi, whatever else is held.
    {"laizi", "****1m5p9s1z3z7z2s3p6m6p", {{"four_wildcards", 1}}},
    // A fifth 1m from a joker: fine by default (2 readings), not when copies are capped.
    {"laizi", "1111m*", {{"standard", 2}}},
    {"capped", "1111m*", {}},
    // The pair must be a 2, 5 or 8.
    {"pair258", "123m22m", {{"standard", 1}}},
    {"pair258", "123m33m", {}},
    // 123m with two jokers reads five ways: 123m {**}, 1{1}m {1}23m, 1{1}m 23{4}m,
    // 2{2}m 1{2}3m, 3{3}m 12{3}m. Without wildcard-only pairs the first goes; without
    // wildcards in pairs all go.
    {"jokers", "123m**", {{"standard", 5}}},
    {"pair_natural", "123m**", {{"standard", 4}}},
    {"pair_none", "123m**", {}},
    // 1123m*: 11m {1}23m, 11m 23{4}m, 1{1}m 123m; the last has a wildcard in its pair.
    {"jokers", "1123m*", {{"standard", 3}}},
    {"pair_none", "1123m*", {{"standard", 2}}},
    // 嚦咕嚦咕: one pung and seven pairs in 17 tiles.
    {"ligu", "111m22m33m44m55m66m77m88m", {{"ligu", 1}}},
    // 1111 is a pung and a single, or two pairs (then no pung): no reading.
    {"ligu", "1111m22m33m44m55m66m77m8m", {}},
    // 222 the pung, 1111 two pairs.
    {"ligu", "1111m222m33m44m55m66m77m", {{"ligu", 1}}},
    // The joker pairs the 8m; 111m stays the pung (as pairs 11 1{1} there would be eight pairs).
    {"ligu", "111m22m33m44m55m66m77m8m*", {{"ligu", 1}}},
    // Three-player set: 1m and 9m only, no chows in characters.
    {"sanma", "111m999m11p", {{"standard", 1}}},
};

}  // namespace

TEST_CASE("interpretation counts of classic hands", "[engine]") {
  for (const ClassicHand& c : classic_hands) {
    CAPTURE(c.rules, c.hand);
    const RuleSet& rules = rules_named(c.rules);
    const Decomposition decomposition(rules, parse_hand(c.hand, rules));
    CHECK(counts_by_form(decomposition) == c.by_form);
    CHECK(decomposition.wins() == !c.by_form.empty());
    std::uint64_t total = 0;
    for (const auto& [form, count] : c.by_form) total += count;
    CHECK(decomposition.interpretation_count() == total);
    CHECK(listed(decomposition).size() == total);
  }
}

TEST_CASE("interpretations list concrete groups and wildcard stand-ins", "[engine]") {
  const RuleSet& rules = rules_named("jokers");
  const Decomposition decomposition(rules, parse_hand("111m**", rules));
  const std::set<std::string> expected = {"standard: 111m {**}", "standard: 1{1}m 11{1}m",
                                          "standard: 11m 1{1}{1}m", "standard: 11m 1{2}{3}m"};
  CHECK(listed(decomposition) == expected);

  const RuleSet& laizi = rules_named("laizi");
  const Decomposition pungs_and_chows(laizi, parse_hand("111222333m456p11s", laizi));
  CHECK(listed(pungs_and_chows) == std::set<std::string>{"standard: 111m 222m 333m 456p 11s",
                                                         "standard: 123m 123m 123m 456p 11s"});
}

TEST_CASE("designated wildcard tiles act as wildcards", "[engine]") {
  const RuleSet& rules = rules_named("laizi");
  // With 5m wild, 4m and the two 5m form 4{44}m, 4{56}m, {3}4{5}m or {23}4m beside 123p 456p
  // 789p 11z (4), or the pair 4{4}m with the pung 11{1}z (1).
  const TileMask wild = parse_wild_choice("5m", rules);
  const Decomposition decomposition(rules, parse_hand("123456789p11z455m", rules, wild));
  CHECK(decomposition.wins());
  CHECK(decomposition.hand().wildcard_count() == 2);
  CHECK(decomposition.interpretation_count() == 5);
  // Without the choice, 455m is no meld: no win.
  const Decomposition natural(rules, parse_hand("123456789p11z455m", rules));
  CHECK_FALSE(natural.wins());
}

TEST_CASE("graph invariants", "[engine]") {
  const RuleSet& rules = rules_named("laizi");
  const Decomposition decomposition(rules, parse_hand("11122233344m***", rules));
  for (const FormGraph& graph : decomposition.graphs()) {
    if (graph.empty()) continue;
    // Paths counted per vertex add up along out-edges; the goal has exactly one path.
    for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
      std::uint64_t sum = 0;
      for (const FormGraph::Edge& edge : graph.out_edges(v)) sum += graph.vertex(edge.target).paths;
      if (v == graph.goal()) {
        CHECK(graph.out_edges(v).empty());
        CHECK(graph.vertex(v).paths == 1);
      } else {
        CHECK(sum == graph.vertex(v).paths);
        CHECK_FALSE(graph.out_edges(v).empty());
      }
    }
  }
  // Identical states are merged: in 111222333m456p11s both readings reach "456p11s" after three
  // groups, so the graph has root, 2 + 2 states before the merge, 456p11s, 11s and the goal: 8
  // vertices and 8 edges, where a tree of the two paths would have 11 vertices.
  const Decomposition merged(rules, parse_hand("111222333m456p11s", rules));
  const FormGraph& standard = merged.graphs().front();
  CHECK(standard.vertex_count() == 8);
  CHECK(standard.edge_count() == 8);
  CHECK(standard.path_count() == 2);
  CHECK_THAT(decomposition_to_dot(decomposition), Catch::Contains("digraph \"standard\""));
  CHECK_THAT(decomposition_to_json(decomposition), Catch::Contains("\"form\": \"standard\""));
}

TEST_CASE("hands of the wrong size are refused", "[engine]") {
  const RuleSet& rules = rules_named("basic");
  CHECK_THROWS_AS(Decomposition(rules, parse_hand("123m456p789s11z2z", rules)), AnalysisError);
  CHECK_THROWS_WITH(Decomposition(rules, parse_hand("1234m", rules)),
                    Catch::Contains("hand holds 4 tiles"));
}

TEST_CASE("counting does not list: many readings are counted at once", "[engine]") {
  const RuleSet& rules = rules_named("jokers");
  // Eight jokers and nine naturals: counted on the graph; listing is lazy and can stop anywhere.
  const Decomposition decomposition(rules, parse_hand("123456789m********", rules));
  const std::uint64_t count = decomposition.interpretation_count();
  CHECK(count > 10);
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  std::uint64_t taken = 0;
  while (taken < 10 && cursor.next(interpretation)) ++taken;
  CHECK(taken == 10);
  // Listing to the end finds exactly as many as were counted.
  while (cursor.next(interpretation)) ++taken;
  CHECK(taken == count);
}

TEST_CASE("the winning tile's group and wait shape", "[engine][winning]") {
  struct Case {
    const char* rules;
    const char* hand;
    std::multiset<std::string> waits;  // one entry per interpretation
  };
  const Case cases[] = {
      // 456m + 55m: the 5m completed the chow (closed) or the pair (single).
      {"basic", "4556m+5m", {"closed", "single"}},
      {"basic", "123m456p789s11z77z+7z", {"dual_pung"}},
      {"basic", "23m11z+4m", {"two_sided"}},
      {"basic", "12m11z+3m", {"edge"}},
      {"basic", "89m11z+7m", {"edge"}},
      {"basic", "13m11z+2m", {"closed"}},
      {"basic", "123m1z+1z", {"single"}},
      // 11m + 123m: the 1m went into the pair or the chow.
      {"basic", "1123m+1m", {"single", "two_sided"}},
      // Two identical chows: marking either is the same interpretation.
      {"basic", "11223m11z+3m", {"edge"}},
      // Declared melds are fixed groups; the winning tile is concealed.
      {"basic", "[777z]123m1s+1s", {"single"}},
      // A winning joker: the stand-in it became decides the shape.
      {"jokers", "1m+*", {"single"}},
      {"jokers", "12m11z+*", {"edge"}},
      {"jokers", "23m11z+*", {"two_sided", "two_sided"}},
      {"jokers", "*+*", {"any"}},
      // 1m and four jokers, the last one winning: 1{1}m + {***} (mark in the pair or the meld),
      // 1{11}m + {**} (in the pung or the pair), 1{23}m + {**} (as 2m, as 3m, or in the pair).
      {"jokers", "1m***+*", {"single", "any", "dual_pung", "any", "closed", "edge", "any"}},
      // Thirteen orphans: the winning 1m is the pair or a single.
      {"laizi", "19m19p19s1234567z+1m", {"single"}},
      {"laizi", "9m19p19s1234567z1m+1m", {"single"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.rules, c.hand);
    const RuleSet& rules = rules_named(c.rules);
    const Decomposition decomposition(rules, parse_hand(c.hand, rules));
    std::multiset<std::string> waits;
    InterpretationCursor cursor = decomposition.interpretations();
    Interpretation interpretation;
    while (cursor.next(interpretation)) {
      REQUIRE(interpretation.winning_group >= 0);
      const Group& group =
          interpretation.groups[static_cast<std::size_t>(interpretation.winning_group)];
      CHECK(group.winning_slot() >= 0);
      waits.insert(std::string(wait_shape_name(interpretation.wait)));
    }
    CHECK(waits == c.waits);
    CHECK(decomposition.interpretation_count() == c.waits.size());
    CHECK(listed(decomposition).size() == c.waits.size());
  }
}

TEST_CASE("declared melds stand first in every interpretation", "[engine][winning]") {
  const RuleSet& rules = rules_named("basic");
  const Decomposition decomposition(rules, parse_hand("(1111m)[789s]123p11z", rules));
  CHECK(listed(decomposition) == std::set<std::string>{"standard: (1111m) [789s] 123p 11z"});
  // Without a winning tile no group is marked.
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  REQUIRE(cursor.next(interpretation));
  CHECK(interpretation.winning_group == -1);
  CHECK(interpretation.wait == WaitShape::none);
  // Seven pairs needs fourteen concealed tiles: not with a declared meld.
  const RuleSet& laizi = rules_named("laizi");
  const Decomposition melded(laizi, parse_hand("[111m]22334455667p", laizi));
  for (const FormGraph& graph : melded.graphs()) {
    if (laizi.forms()[graph.form()].name == "seven_pairs") CHECK(graph.empty());
  }
}

TEST_CASE("hard and soft wins, and a limit on wildcards", "[engine][wildcards]") {
  const RuleSet& natural = rules_named("natural");
  const RuleSet& laizi = rules_named("laizi");
  const auto soft_counts = [](const Decomposition& decomposition) {
    std::multiset<int> counts;
    InterpretationCursor cursor = decomposition.interpretations();
    Interpretation interpretation;
    while (cursor.next(interpretation)) counts.insert(interpretation.soft_wildcards);
    return counts;
  };
  // With 5m wild, 345m reads as 34{5}m (the wild 5m on its own face) or {2}34m.
  const char* hand = "123456789p11z345m";
  const Decomposition with_self(natural,
                                parse_hand(hand, natural, parse_wild_choice("5m", natural)));
  CHECK(soft_counts(with_self) == std::multiset<int>{0, 1});
  const Decomposition without(laizi, parse_hand(hand, laizi, parse_wild_choice("5m", laizi)));
  CHECK(soft_counts(without) == std::multiset<int>{1, 1});
  // A joker never stands for itself.
  const Decomposition joker(natural, parse_hand("123456789p11z34m*", natural));
  CHECK(soft_counts(joker) == std::multiset<int>{1, 1});
  // Two wildcards are more than max_in_win allows: no win, although laizi wins.
  const char* two = "123456789p11z455m";
  CHECK_FALSE(
      Decomposition(natural, parse_hand(two, natural, parse_wild_choice("5m", natural))).wins());
  CHECK(Decomposition(laizi, parse_hand(two, laizi, parse_wild_choice("5m", laizi))).wins());
}

TEST_CASE("bonus tiles as wildcards (Guangdong flowers)", "[engine][wildcards]") {
  const RuleSet& flowers = rules_named("flowers");
  // The flower completes 78s as {6}78s or 78{9}s; it counts towards the hand's size.
  const Hand hand = parse_hand("123m456p78s11z1f", flowers);
  CHECK(hand.size(flowers) == 11);
  CHECK(hand.wildcard_count() == 1);
  const Decomposition decomposition(flowers, hand);
  CHECK(decomposition.interpretation_count() == 2);
  // Where flowers are only bonus tiles, the same tiles are one short.
  const RuleSet& laizi = rules_named("laizi");
  CHECK(parse_hand("123m456p78s11z1f", laizi).size(laizi) == 10);
}
