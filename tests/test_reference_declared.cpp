// Random complete hands with declared melds and a winning tile: the engine against the reference,
// marks, winning groups and wait shapes included; knitted forms and 十六不搭 the same way.
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

// =============================================================================================
// 3. Random complete hands with declared melds and a winning tile
// =============================================================================================

TEST_CASE("engine matches the reference: declared melds and a winning tile, no wildcards",
          "[reference]") {
  const RuleSet rules = load_rules("basic");
  FullPlan plan;
  plan.sizes = {5, 8, 11, 14, 17};
  plan.per_size = 120;
  plan.most_melds = 3;
  report("basic, declared + winning", run_full_plan(rules, 60601U, plan));
}

TEST_CASE("engine matches the reference: declared melds and a winning tile or joker, jokers",
          "[reference]") {
  const RuleSet rules = test_rules("test_jokers");
  FullPlan plan;
  plan.sizes = {5, 8, 11, 14, 17};
  plan.per_size = 160;
  plan.most_melds = 3;
  plan.most_jokers = 4;
  report("jokers, declared + winning", run_full_plan(rules, 60602U, plan));
}

TEST_CASE("engine matches the reference: laizi with joker melds and a wild winning tile",
          "[reference]") {
  const RuleSet rules = load_rules("laizi");
  SECTION("14 tiles, every form") {
    FullPlan plan;
    plan.sizes = {14};
    plan.per_size = 900;
    plan.most_melds = 3;
    plan.most_jokers = 4;
    plan.per_hand_wild = true;
    plan.bonus = true;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform, Shape::melds};
    const Tally tally = run_full_plan(rules, 60603U, plan);
    report("laizi, declared + winning", tally);
    CHECK(tally.form_wins.count("seven_pairs") == 1);
    CHECK(tally.form_wins.count("thirteen_orphans") == 1);
    CHECK(tally.form_wins.count("four_wildcards") == 1);
    CHECK(tally.joker_melds > 0);
    CHECK(tally.winning_wildcard > 0);
  }
  SECTION("smaller hands") {
    FullPlan plan;
    plan.sizes = {5, 8, 11};
    plan.per_size = 150;
    plan.most_melds = 3;
    plan.most_jokers = 4;
    plan.per_hand_wild = true;
    report("laizi small, declared + winning", run_full_plan(rules, 60604U, plan));
  }
}

TEST_CASE("engine matches the reference: declared melds and a winning tile, copies capped",
          "[reference]") {
  SECTION("basic with jokers") {
    const RuleSet rules = test_rules("test_capped_jokers");
    FullPlan plan;
    plan.sizes = {5, 8, 11, 14, 17};
    plan.per_size = 100;
    plan.most_melds = 3;
    plan.most_jokers = 4;
    report("capped jokers, declared + winning", run_full_plan(rules, 60605U, plan));
  }
  SECTION("laizi, joker melds") {
    const RuleSet rules = test_rules("test_capped_laizi");
    FullPlan plan;
    plan.sizes = {8, 11, 14};
    plan.per_size = 150;
    plan.most_melds = 3;
    plan.most_jokers = 4;
    plan.per_hand_wild = true;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform};
    report("capped laizi, declared + winning", run_full_plan(rules, 60606U, plan));
  }
  SECTION("a tiny tile set") {
    const RuleSet rules = test_rules("test_tiny");
    FullPlan plan;
    plan.sizes = {5, 8, 11};
    plan.per_size = 100;
    plan.most_melds = 2;
    plan.most_jokers = 4;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("tiny, declared + winning", run_full_plan(rules, 60607U, plan));
  }
}

TEST_CASE("engine matches the reference: assorted forms with a winning tile", "[reference]") {
  const RuleSet rules = test_rules("test_forms");
  FullPlan plan;
  plan.sizes = {2, 5, 8, 11, 14};
  plan.per_size = 100;
  plan.most_melds = 2;
  plan.most_jokers = 4;
  plan.shapes = {Shape::pairs, Shape::orphans, Shape::melds, Shape::uniform};
  const Tally tally = run_full_plan(rules, 60610U, plan);
  report("forms, declared + winning", tally);
  CHECK(tally.form_wins.count("little_set") == 1);
  CHECK(tally.form_wins.count("three_wildcards") == 1);
}

TEST_CASE("engine matches the reference: knitted forms (组合龙, 全不靠, 七星不靠)", "[reference]") {
  const RuleSet rules = test_rules("test_knitted");
  Plan plan;
  plan.sizes = {14};
  plan.most_jokers = 3;
  plan.per_size = 600;
  plan.shapes = {Shape::knitted};
  const Tally tally = run_plan(rules, 9191U, plan);
  report("knitted", tally);
  for (const char* form : {"knitted_straight", "lesser_knitted", "greater_knitted"}) {
    INFO(form);
    CHECK(tally.form_wins.count(form) == 1);
  }
  FullPlan full;
  full.sizes = {14};
  full.per_size = 300;
  full.most_melds = 1;
  full.most_jokers = 2;
  full.shapes = {Shape::knitted};
  report("knitted, declared and winning", run_full_plan(rules, 9192U, full));
}

TEST_CASE("engine matches the reference: 十六不搭 with jokers", "[reference]") {
  const RuleSet rules = test_rules("test_unrelated");
  Plan plan;
  plan.sizes = {17};
  plan.most_jokers = 2;
  plan.per_size = 300;
  plan.shapes = {Shape::knitted};
  const Tally tally = run_plan(rules, 9193U, plan);
  report("unrelated", tally);
  CHECK(tally.form_wins.count("sixteen_unrelated") == 1);
}
