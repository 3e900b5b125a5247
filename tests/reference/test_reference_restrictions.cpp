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
#include <utility>
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

TEST_CASE("reference search: lacking a suit, forbidden tiles, restricted stand-ins, hand-computed",
          "[reference]") {
  const RuleSet sichuan = load_rules("sichuan");
  const RuleSet sj = test_rules("test_sichuan_jokers");
  const RuleSet two = test_rules("test_lack_two");
  const RuleSet forbidden = test_rules("test_forbidden");
  const RuleSet ftiny = test_rules("test_forbidden_tiny");
  const RuleSet restricted = test_rules("test_restricted");
  const RuleSet shared = test_rules("test_shared_classes");
  check_counted_cases({
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
  });
}

TEST_CASE("engine matches the reference: lacking a suit (缺一门)", "[reference]") {
  const std::vector<Shape> shapes{Shape::melds, Shape::pairs, Shape::uniform};
  run_rows({
      {"sichuan",
       "sichuan",
       80801U,
       Plan{.sizes = {2, 5, 8, 11, 14},
            .per_size = 200 / kScale,
            .shapes = shapes,
            .avoid_suit = 0.7},
       Reach{.wins = 290},
       {},
       {"seven_pairs"}},
      {"sichuan jokers", "test_sichuan_jokers", 80802U,
       Plan{.sizes = {2, 5, 8, 11, 14},
            .most_jokers = 4,
            .per_size = 200 / kScale,
            .shapes = shapes,
            .avoid_suit = 0.7},
       Reach{.wins = 520, .wildcard_wins = 460}},
      {"sichuan jokers, declared + winning", "test_sichuan_jokers", 80803U,
       FullPlan{.sizes = {5, 8, 11, 14},
                .per_size = 80 / kScale,
                .most_melds = 2,
                .most_jokers = 3,
                .avoid_suit = 0.7},
       Reach{.wins = 170,
             .wildcard_wins = 140,
             .declared = 170,
             .marked_wins = 140,
             .winning_wildcard = 96}},
      {"sichuan capped", "test_sichuan_capped", 80804U,
       Plan{.sizes = {5, 8, 14},
            .most_jokers = 4,
            .per_size = 150 / kScale,
            .shapes = {Shape::melds, Shape::pairs},
            .avoid_suit = 0.7},
       Reach{.wins = 250, .wildcard_wins = 220}},
      // Two suits to lack, honours, a set and a wildcards form. The wildcards form: the
      // reference follows the engine (kWildcardsFormLacksSuits).
      {"lack two", "test_lack_two", 80805U,
       Plan{.sizes = {5, 8, 11, 14},
            .most_jokers = 4,
            .per_size = 150 / kScale,
            .shapes = shapes,
            .avoid_suit = 0.9},
       Reach{.wins = 250, .wildcard_wins = 230}},
  });
}

TEST_CASE("engine matches the reference: forbidden tiles", "[reference]") {
  run_rows({
      // laizi without 5m and 7z
      {"forbidden",
       "test_forbidden",
       90901U,
       Plan{.sizes = {5, 8, 11, 14},
            .most_jokers = 4,
            .per_size = 200 / kScale,
            .shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform},
            .avoid_tiles_chance = 0.8},
       Reach{.wins = 280, .wildcard_wins = 250},
       {{'m', 5}, {'z', 7}},
       {"standard"}},
      {"forbidden, declared + winning",
       "test_forbidden",
       90902U,
       FullPlan{.sizes = {5, 8, 11, 14},
                .per_size = 60 / kScale,
                .most_melds = 2,
                .most_jokers = 3,
                .avoid_tiles_chance = 1.0},
       Reach{.wins = 130,
             .wildcard_wins = 110,
             .declared = 120,
             .marked_wins = 100,
             .joker_melds = 63,
             .winning_wildcard = 66},  // a declared meld may not hold a forbidden tile
       {{'m', 5}, {'z', 7}}},
      // a tiny capped set without 3m and 2z
      {"forbidden tiny",
       "test_forbidden_tiny",
       90903U,
       Plan{.sizes = {2, 5, 8, 11},
            .most_jokers = 6,
            .per_size = 200 / kScale,
            .shapes = {Shape::melds, Shape::pairs, Shape::pairs_pungs, Shape::uniform},
            .avoid_tiles_chance = 0.8,
            .skip_conservative = true},
       Reach{.wins = 420, .wildcard_wins = 380},
       {{'m', 3}, {'z', 2}}},
  });
}

namespace {

/// Hands of 2 to 11 tiles, up to two jokers, and a per-hand wild kind with the given chance.
Plan per_hand_wild(double chance, std::vector<Shape> shapes) {
  return Plan{.sizes = {2, 5, 8, 11},
              .most_jokers = 2,
              .per_size = 200 / kScale,
              .per_hand_wild = true,
              .per_hand_chance = chance,
              .shapes = std::move(shapes)};
}

/// The same with a declared meld and a winning tile (5 to 11 tiles).
FullPlan per_hand_wild_declared(double chance) {
  return FullPlan{.sizes = {5, 8, 11},
                  .per_size = 60 / kScale,
                  .most_melds = 1,
                  .most_jokers = 2,
                  .per_hand_wild = true,
                  .per_hand_chance = chance};
}

}  // namespace

TEST_CASE("engine matches the reference: restricted wildcard stand-ins", "[reference]") {
  const std::vector<Shape> shapes{Shape::melds, Shape::pairs, Shape::uniform};
  run_rows({
      // jokers and a White dragon restricted to winds and dragons
      {"restricted", "test_restricted", 11101U,
       Plan{.sizes = {2, 5, 8, 11},
            .most_jokers = 2,
            .per_size = 200 / kScale,
            .shapes = {Shape::melds, Shape::pairs, Shape::pairs_pungs, Shape::uniform},
            .skip_conservative = true},
       Reach{.wins = 410, .wildcard_wins = 340}},
      {"restricted, declared + winning", "test_restricted", 11102U,
       FullPlan{.sizes = {5, 8, 11},
                .per_size = 80 / kScale,
                .most_melds = 1,
                .most_jokers = 2,
                .shapes = shapes,
                .skip_conservative = true},
       Reach{.wins = 120,
             .wildcard_wins = 100,
             .declared = 93,
             .marked_wins = 100,
             .winning_wildcard = 64}},
      {"restricted capped", "test_restricted_capped", 11103U,
       Plan{.sizes = {2, 5, 8, 11}, .most_jokers = 2, .per_size = 150 / kScale, .shapes = shapes},
       Reach{.wins = 290, .wildcard_wins = 230}},
      // a per-hand wildcard restricted to its rank
      {"same rank", "test_same_rank", 11104U, per_hand_wild(0.8, shapes),
       Reach{.wins = 410, .wildcard_wins = 350, .per_hand_wild = 110}},
      {"same rank, declared + winning", "test_same_rank", 11105U, per_hand_wild_declared(0.8),
       Reach{.wins = 99,
             .wildcard_wins = 83,
             .declared = 75,
             .marked_wins = 81,
             .winning_wildcard = 53,
             .per_hand_wild = 24}},
      // classes shared by equal stand-ins, the unrestricted class not first
      {"shared classes", "test_shared_classes", 11106U, per_hand_wild(0.7, shapes),
       Reach{.wins = 320, .wildcard_wins = 260, .per_hand_wild = 120}},
      // Copies capped, natural tiles of a wild kind in declared melds count towards that kind's
      // copies (docs/rules.md: they "count as the tiles they are"): `*(4444z)+*`, 4z wild, lists
      // no `(4444z) {4}{4}z`, which would be a sixth 4z.
      {"shared classes, declared + winning", "test_shared_classes", 11107U,
       per_hand_wild_declared(0.7),
       Reach{.wins = 75,
             .wildcard_wins = 64,
             .declared = 69,
             .marked_wins = 60,
             .winning_wildcard = 60,
             .per_hand_wild = 22}},
  });
}
