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

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
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
  run_row({"basic, declared + winning", "basic", 60601U,
           FullPlan{.sizes = {5, 8, 11, 14, 17}, .per_size = 120 / kScale, .most_melds = 3},
           Reach{.wins = 240, .declared = 330, .marked_wins = 200}});
}

TEST_CASE("engine matches the reference: declared melds and a winning tile or joker, jokers",
          "[reference]") {
  run_row({"jokers, declared + winning", "test_jokers", 60602U,
           FullPlan{.sizes = {5, 8, 11, 14, 17},
                    .per_size = 160 / kScale,
                    .most_melds = 3,
                    .most_jokers = 4},
           Reach{.wins = 440,
                 .wildcard_wins = 380,
                 .declared = 450,
                 .marked_wins = 380,
                 .winning_wildcard = 250}});
}

TEST_CASE("engine matches the reference: laizi with joker melds and a wild winning tile",
          "[reference]") {
  run_rows({
      // 14 tiles, every form
      {"laizi, declared + winning",
       "laizi",
       60603U,
       FullPlan{
           .sizes = {14},
           .per_size = 900 / kScale,
           .most_melds = 3,
           .most_jokers = 4,
           .per_hand_wild = true,
           .bonus = true,
           .shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform, Shape::melds},
           // With three declared melds few kinds are held: a wild kind of the hand's own needs
           // many tries to land on one.
           .per_hand_chance = 0.6},
       Reach{.wins = 410,
             .wildcard_wins = 380,
             .declared = 510,
             .marked_wins = 350,
             .joker_melds = 270,
             .winning_wildcard = 220,
             .per_hand_wild = 55,
             .bonus = 170},
       {},
       {"seven_pairs", "thirteen_orphans", "four_wildcards"}},
      {"laizi small, declared + winning", "laizi", 60604U,
       FullPlan{.sizes = {5, 8, 11},
                .per_size = 150 / kScale,
                .most_melds = 3,
                .most_jokers = 4,
                .per_hand_wild = true,
                .per_hand_chance = 0.6},
       Reach{.wins = 280,
             .wildcard_wins = 270,
             .declared = 250,
             .marked_wins = 240,
             .joker_melds = 110,
             .winning_wildcard = 170,
             .per_hand_wild = 15}},
  });
}

TEST_CASE("engine matches the reference: declared melds and a winning tile, copies capped",
          "[reference]") {
  run_rows({
      {"capped jokers, declared + winning", "test_capped_jokers", 60605U,
       FullPlan{.sizes = {5, 8, 11, 14, 17},
                .per_size = 100 / kScale,
                .most_melds = 3,
                .most_jokers = 4},
       Reach{.wins = 280,
             .wildcard_wins = 240,
             .declared = 280,
             .marked_wins = 240,
             .winning_wildcard = 160}},
      {"capped laizi, declared + winning", "test_capped_laizi", 60606U,
       FullPlan{.sizes = {8, 11, 14},
                .per_size = 150 / kScale,
                .most_melds = 3,
                .most_jokers = 4,
                .per_hand_wild = true,
                .shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform}},
       Reach{.wins = 210,
             .wildcard_wins = 200,
             .declared = 250,
             .marked_wins = 180,
             .joker_melds = 130,
             .winning_wildcard = 150,
             .per_hand_wild = 10}},
      {"tiny, declared + winning", "test_tiny", 60607U,
       FullPlan{.sizes = {5, 8, 11},
                .per_size = 100 / kScale,
                .most_melds = 2,
                .most_jokers = 4,
                .shapes = {Shape::melds, Shape::pairs, Shape::uniform}},
       Reach{.wins = 160,
             .wildcard_wins = 140,
             .declared = 150,
             .marked_wins = 140,
             .winning_wildcard = 100}},
  });
}

TEST_CASE("engine matches the reference: assorted forms with a winning tile", "[reference]") {
  // Not scaled under the sanitizers: a quarter of the hands wins no little_set, and the run is
  // short.
  run_row({"forms, declared + winning",
           "test_forms",
           60610U,
           FullPlan{.sizes = {2, 5, 8, 11, 14},
                    .per_size = 100,
                    .most_melds = 2,
                    .most_jokers = 4,
                    .shapes = {Shape::pairs, Shape::orphans, Shape::melds, Shape::uniform}},
           Reach{.wins = 280,
                 .wildcard_wins = 250,
                 .declared = 200,
                 .marked_wins = 240,
                 .winning_wildcard = 200},
           {},
           {"little_set", "three_wildcards"}});
}

TEST_CASE("engine matches the reference: knitted forms (组合龙, 全不靠, 七星不靠)", "[reference]") {
  run_rows({
      {"knitted",
       "test_knitted",
       9191U,
       Plan{.sizes = {14}, .most_jokers = 3, .per_size = 600 / kScale, .shapes = {Shape::knitted}},
       Reach{.wins = 350, .wildcard_wins = 250},
       {},
       {"knitted_straight", "lesser_knitted", "greater_knitted"}},
      {"knitted, declared and winning", "test_knitted", 9192U,
       FullPlan{.sizes = {14},
                .per_size = 300 / kScale,
                .most_melds = 1,
                .most_jokers = 2,
                .shapes = {Shape::knitted}},
       Reach{.wins = 130,
             .wildcard_wins = 93,
             .declared = 120,
             .marked_wins = 110,
             .winning_wildcard = 40}},
  });
}

TEST_CASE("engine matches the reference: 十六不搭 with jokers", "[reference]") {
  run_row(
      {"unrelated",
       "test_unrelated",
       9193U,
       Plan{.sizes = {17}, .most_jokers = 2, .per_size = 300 / kScale, .shapes = {Shape::knitted}},
       Reach{.wins = 84, .wildcard_wins = 56},
       {},
       {"sixteen_unrelated"}});
}
