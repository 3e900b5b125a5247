// Rules that take tiles away: lacking a suit (缺一门), forbidden tiles, restricted wildcard
// stand-ins. The reference on hand-counted hands, and the engine against it on random hands.
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

#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"
#include "reference/canonical.hpp"
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

TEST_CASE("reference search: lacking a suit, forbidden tiles, restricted stand-ins, hand-computed",
          "[reference]") {
  const RuleSet sichuan = load_rules("sichuan");
  const RuleSet sj = test_rules("test_sichuan_jokers");
  const RuleSet two = test_rules("test_lack_two");
  const RuleSet forbidden = test_rules("test_forbidden");
  const RuleSet ftiny = test_rules("test_forbidden_tiny");
  const RuleSet restricted = test_rules("test_restricted");
  const RuleSet shared = test_rules("test_shared_classes");
  using Counts = std::map<std::string, std::size_t>;
  struct Case {
    const RuleSet* rules;
    const char* hand;
    const char* wild;
    Counts counts;
    const char* why;
  };
  const std::vector<Case> cases = {
      {&sichuan, "11123m", "", {{"standard", 1}}, "one suit"},
      {&sichuan, "123m11p", "", {{"standard", 1}}, "bamboo lacked"},
      {&sichuan, "123m456p11s", "", {{"standard", 0}}, "three suits"},
      {&sj, "123m456p1s*", "", {{"standard", 0}}, "1{1}s touches bamboo too"},
      {&sj, "123m456p**", "", {}, "engine and reference only"},
      {&sj, "123m1p****", "", {}, "engine and reference only"},
      {&sj, "[111s]123m**", "", {}, "the declared bamboo pung counts"},
      {&two, "123m11z***", "", {}, "m used, so p and s lacked"},
      {&two,
       "1m1p11z****",
       "",
       {{"standard", 0}, {"three_wildcards", 1}},
       "m and p touched: no standard reading; the wildcards form ignores the suits (the engine; "
       "see kWildcardsFormLacksSuits)"},
      {&forbidden,
       "123m456p11s777z",
       "",
       {{"standard", 0}, {"seven_pairs", 0}},
       "a forbidden 7z held"},
      {&forbidden, "46m11p****", "", {{"four_wildcards", 1}}, "no forbidden tile held"},
      {&ftiny, "*****", "", {}, "{***}{**} avoid 3m and 2z"},
      {&restricted,
       "11m5z5z5z",
       "",
       {{"standard", 7}, {"three_wildcards", 1}},
       "the wild 5z stand only for honours: 11m + a pung of any of 1z-7z, listed tile by tile"},
      {&shared,
       "12m2m*4z",
       "2m",
       {},
       "jokers and 4z share class 0 (honours), the wild 2m is class 1"},
  };
  for (const Case& c : cases) {
    INFO(c.hand << " under " << c.rules->name() << ": " << c.why);
    const Hand hand = hand_of(c.hand, *c.rules, c.wild);
    const Counts got = reference_counts(*c.rules, hand);
    for (const auto& [form, count] : c.counts) {
      INFO("form " << form);
      REQUIRE(got.count(form) == 1);
      CHECK(got.at(form) == count);
    }
    CHECK(compare(*c.rules, hand, reference(*c.rules, hand)) == "");
  }
  (void)shared;
}

TEST_CASE("engine matches the reference: lacking a suit (缺一门)", "[reference]") {
  SECTION("sichuan, no wildcards") {
    const RuleSet rules = load_rules("sichuan");
    Plan plan;
    plan.sizes = {2, 5, 8, 11, 14};
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    plan.avoid_suit = 0.7;
    const Tally tally = run_plan(rules, 80801U, plan);
    report("sichuan", tally);
    CHECK(tally.form_wins.count("seven_pairs") == 1);
  }
  SECTION("sichuan with jokers") {
    const RuleSet rules = test_rules("test_sichuan_jokers");
    Plan plan;
    plan.sizes = {2, 5, 8, 11, 14};
    plan.most_jokers = 4;
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    plan.avoid_suit = 0.7;
    report("sichuan jokers", run_plan(rules, 80802U, plan));
    FullPlan full;
    full.sizes = {5, 8, 11, 14};
    full.per_size = 80 / kScale;
    full.most_melds = 2;
    full.most_jokers = 3;
    full.avoid_suit = 0.7;
    report("sichuan jokers, declared + winning", run_full_plan(rules, 80803U, full));
  }
  SECTION("sichuan with jokers, copies capped, distinct pairs") {
    const RuleSet rules = test_rules("test_sichuan_capped");
    Plan plan;
    plan.sizes = {5, 8, 14};
    plan.most_jokers = 4;
    plan.per_size = 150 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs};
    plan.avoid_suit = 0.7;
    report("sichuan capped", run_plan(rules, 80804U, plan));
  }
  SECTION("two suits to lack, honours, a set and a wildcards form") {
    // The wildcards form: the reference follows the engine (kWildcardsFormLacksSuits).
    const RuleSet rules = test_rules("test_lack_two");
    Plan plan;
    plan.sizes = {5, 8, 11, 14};
    plan.most_jokers = 4;
    plan.per_size = 150 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    plan.avoid_suit = 0.9;
    report("lack two", run_plan(rules, 80805U, plan));
  }
}

TEST_CASE("engine matches the reference: forbidden tiles", "[reference]") {
  SECTION("laizi without 5m and 7z") {
    const RuleSet rules = test_rules("test_forbidden");
    Plan plan;
    plan.sizes = {5, 8, 11, 14};
    plan.most_jokers = 4;
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform};
    plan.avoid_tiles = bit_of(rules.find_tile('m', 5)) | bit_of(rules.find_tile('z', 7));
    plan.avoid_tiles_chance = 0.8;
    const Tally tally = run_plan(rules, 90901U, plan);
    report("forbidden", tally);
    CHECK(tally.form_wins.count("standard") == 1);
    FullPlan full;
    full.sizes = {5, 8, 11, 14};
    full.per_size = 60 / kScale;
    full.most_melds = 2;
    full.most_jokers = 3;
    full.avoid_tiles = plan.avoid_tiles;
    full.avoid_tiles_chance = 1.0;  // a declared meld may not hold a forbidden tile
    report("forbidden, declared + winning", run_full_plan(rules, 90902U, full));
  }
  SECTION("a tiny capped set without 3m and 2z") {
    const RuleSet rules = test_rules("test_forbidden_tiny");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 6;
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::pairs_pungs, Shape::uniform};
    plan.avoid_tiles = bit_of(rules.find_tile('m', 3)) | bit_of(rules.find_tile('z', 2));
    plan.avoid_tiles_chance = 0.8;
    plan.skip_conservative = true;
    report("forbidden tiny", run_plan(rules, 90903U, plan));
  }
}

TEST_CASE("engine matches the reference: restricted wildcard stand-ins", "[reference]") {
  SECTION("jokers and a White dragon restricted to winds and dragons") {
    const RuleSet rules = test_rules("test_restricted");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 2;
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::pairs_pungs, Shape::uniform};
    plan.skip_conservative = true;
    report("restricted", run_plan(rules, 11101U, plan));
    FullPlan full;
    full.sizes = {5, 8, 11};
    full.per_size = 80 / kScale;
    full.most_melds = 1;
    full.most_jokers = 2;
    full.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    full.skip_conservative = true;
    report("restricted, declared + winning", run_full_plan(rules, 11102U, full));
  }
  SECTION("copies capped") {
    const RuleSet rules = test_rules("test_restricted_capped");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 2;
    plan.per_size = 150 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("restricted capped", run_plan(rules, 11103U, plan));
  }
  SECTION("a per-hand wildcard restricted to its rank") {
    const RuleSet rules = test_rules("test_same_rank");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 2;
    plan.per_size = 200 / kScale;
    plan.per_hand_wild = true;
    plan.per_hand_chance = 0.8;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("same rank", run_plan(rules, 11104U, plan));
    FullPlan full;
    full.sizes = {5, 8, 11};
    full.per_size = 60 / kScale;
    full.most_melds = 1;
    full.most_jokers = 2;
    full.per_hand_wild = true;
    full.per_hand_chance = 0.8;
    report("same rank, declared + winning", run_full_plan(rules, 11105U, full));
  }
  SECTION("classes shared by equal stand-ins, the unrestricted class not first") {
    const RuleSet rules = test_rules("test_shared_classes");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 2;
    plan.per_size = 200 / kScale;
    plan.per_hand_wild = true;
    plan.per_hand_chance = 0.7;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("shared classes", run_plan(rules, 11106U, plan));
    FullPlan full;
    full.sizes = {5, 8, 11};
    full.per_size = 60 / kScale;
    full.most_melds = 1;
    full.most_jokers = 2;
    full.per_hand_wild = true;
    full.per_hand_chance = 0.7;
    full.skip_declared_wild_kind = false;  // discrepancy C is fixed: compare these hands too
    report("shared classes, declared + winning", run_full_plan(rules, 11107U, full));
  }
}
