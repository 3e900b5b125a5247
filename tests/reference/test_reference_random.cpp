// Random hands: the engine against the reference, every hand size, jokers, copies capped,
// distinct pairs, assorted small forms, and every shipped rule set.
//
// Every TEST_CASE is tagged [reference]; run them all with `meldgraph_tests "[reference]"`. The
// reference library is tests/reference/ (docs/architecture.md, "Tests").

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
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

namespace {
const std::vector<int> all_sizes{2, 5, 8, 11, 14, 17};

/// 14-tile hands of up to four jokers, `per_size` of them at full scale, in the given shapes.
Plan fourteen_tiles(int per_size, std::vector<Shape> shapes) {
  return Plan{
      .sizes = {14}, .most_jokers = 4, .per_size = per_size / kScale, .shapes = std::move(shapes)};
}
}  // namespace

TEST_CASE("engine matches the reference: basic, every hand size, no wildcards", "[reference]") {
  run_row({"basic", "basic", 20240601U,
           Plan{.sizes = all_sizes,
                .per_size = 800 / kScale,
                .shapes = {Shape::melds, Shape::uniform, Shape::melds, Shape::pairs}},
           Reach{.wins = 1600}});
}

TEST_CASE("engine matches the reference: jokers over basic, 0-4 wildcards", "[reference]") {
  run_row({"jokers", "test_jokers", 7771U,
           Plan{.sizes = all_sizes,
                .most_jokers = 4,
                .per_size = 700 / kScale,
                .shapes = {Shape::melds, Shape::uniform, Shape::melds, Shape::pairs}},
           Reach{.wins = 2000, .wildcard_wins = 1700}});
}

TEST_CASE("engine matches the reference: laizi 14-tile hands biased towards every form",
          "[reference]") {
  run_row({"laizi",
           "laizi",
           31337U,
           Plan{.sizes = {14},
                .most_jokers = 4,
                .per_size = 3500 / kScale,
                .per_hand_wild = true,
                .bonus = true,
                .shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform, Shape::melds,
                           Shape::pairs, Shape::orphans}},
           Reach{.wins = 2100, .wildcard_wins = 1800, .per_hand_wild = 110, .bonus = 810},
           {},
           {"standard", "seven_pairs", "thirteen_orphans", "four_wildcards"},
           [](const Tally& tally) { CHECK(tally.wins * 3 > tally.hands); }});
}

TEST_CASE("engine matches the reference: laizi hands of other sizes", "[reference]") {
  run_row({"laizi small", "laizi", 4242U,
           Plan{.sizes = {2, 5, 8, 11},
                .most_jokers = 4,
                .per_size = 250 / kScale,
                .per_hand_wild = true,
                .bonus = true},
           Reach{.wins = 530, .wildcard_wins = 470, .per_hand_wild = 11, .bonus = 210}});
}

TEST_CASE("engine matches the reference: copies capped (exceed_copies false)", "[reference]") {
  run_rows({
      {"capped jokers", "test_capped_jokers", 99U,
       Plan{.sizes = all_sizes,
            .most_jokers = 4,
            .per_size = 400 / kScale,
            .shapes = {Shape::melds, Shape::pairs, Shape::melds, Shape::uniform}},
       Reach{.wins = 1100, .wildcard_wins = 1000}},
      {"capped laizi",
       "test_capped_laizi",
       100U,
       fourteen_tiles(1200, {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform}),
       Reach{.wins = 680, .wildcard_wins = 570},
       {},
       {"seven_pairs", "thirteen_orphans"}},
      // a tiny tile set with two and three copies
      {"tiny", "test_tiny", 101U,
       Plan{.sizes = {2, 5, 8, 11},
            .most_jokers = 4,
            .per_size = 400 / kScale,
            .shapes = {Shape::melds, Shape::pairs, Shape::uniform}},
       Reach{.wins = 910, .wildcard_wins = 790}},
      // one tile kind
      {"micro", "test_micro", 102U,
       Plan{.sizes = {2, 5, 8},
            .most_jokers = 4,
            .per_size = 60 / kScale,
            .shapes = {Shape::uniform}},
       Reach{.wins = 45, .wildcard_wins = 31}},
  });
}

TEST_CASE("engine matches the reference: seven pairs without four as two pairs", "[reference]") {
  run_rows({
      {"distinct pairs",
       "test_distinct_pairs",
       555U,
       fourteen_tiles(1200, {Shape::pairs, Shape::pairs, Shape::melds, Shape::uniform}),
       Reach{.wins = 520, .wildcard_wins = 470},
       {},
       {"seven_pairs"}},
      {"distinct capped", "test_distinct_capped", 556U,
       fourteen_tiles(600, {Shape::pairs, Shape::pairs, Shape::melds, Shape::orphans}),
       Reach{.wins = 330, .wildcard_wins = 290}},
  });
}

TEST_CASE("engine matches the reference: assorted forms, fixed wild tile, disabled form",
          "[reference]") {
  run_row({"forms",
           "test_forms",
           8080U,
           Plan{.sizes = {2, 5, 8, 11, 14},
                .most_jokers = 4,
                .per_size = 400 / kScale,
                .shapes = {Shape::pairs, Shape::orphans, Shape::melds, Shape::uniform}},
           Reach{.wins = 1000, .wildcard_wins = 920},
           {},
           {"four_pairs", "one_pair", "little_set", "natural_seven_pairs", "natural_orphans",
            "three_wildcards"}});
}

TEST_CASE("engine matches the reference: a form's own wildcard cap (max_wildcards)",
          "[reference]") {
  // max_in_win 1 for `standard`, none for seven pairs, 3 for the 2-5-8 `jiang` form.
  run_row({"form caps",
           "test_form_caps",
           4242U,
           fourteen_tiles(500, {Shape::melds, Shape::pairs, Shape::melds, Shape::uniform}),
           Reach{.wins = 230, .wildcard_wins = 190},
           {},
           {"standard", "seven_pairs", "jiang"}});
}

TEST_CASE("engine matches the reference: distinct pairs over one-copy tiles, copies not capped",
          "[reference]") {
  const RuleSet rules = test_rules("test_single_copy");
  // Two wildcards may be a pair of 1m although the set has one 1m: exceed_copies is true, and the
  // engine itself accepts 1m{1m} (a stand-in beyond the copies) as a concrete pair here.
  SECTION("hand-computed") {
    check_counted_cases({
        {&rules, "**", "", {{"one_pair", 1}}, "{**}"},
        {&rules, "1m*", "", {{"one_pair", 1}}, "1{1}m: exceeds the one copy"},
        {&rules,
         "11z22z****",
         "",
         {{"three_pairs_distinct", 1}},
         "1z 2z pairs + two abstract pairs; only 1m 2m 3m are left, one copy each"},
    });
  }
  SECTION("random") {
    run_row({"single copy", "test_single_copy", 1234U,
             Plan{.sizes = {2, 5, 8},
                  .most_jokers = 4,
                  .per_size = 150 / kScale,
                  .shapes = {Shape::pairs, Shape::uniform}},
             Reach{.wins = 270, .wildcard_wins = 260}});
  }
}

namespace {

/// What the run of each shipped rule set must reach (Reach, at full scale): winning hands, and
/// hands holding bonus tiles where it deals them.
struct ShippedReach {
  const char* rules;
  int wins;
  int bonus;
};
constexpr std::array<ShippedReach, 22> kShippedReach{{
    {"basic", 21, 0},
    {"fuzhou", 25, 32},
    {"guangdong", 33, 0},
    {"guangdong_double", 31, 0},
    {"guangdong_flowers", 30, 0},
    {"guangdong_indicator", 27, 0},
    {"guangdong_red", 23, 0},
    {"guangdong_white", 33, 0},
    {"hongkong", 22, 39},
    {"laizi", 55, 35},
    {"mcr", 36, 30},
    {"mcr_strict98", 37, 45},
    {"riichi", 30, 0},
    {"riichi_ema", 29, 0},
    {"riichi_mahjongsoul", 27, 0},
    {"riichi_tenhou", 15, 0},
    {"riichi_wrc", 29, 0},
    {"sanma", 30, 0},
    {"shanghai", 31, 36},
    {"sichuan", 24, 0},
    {"taiwan", 24, 30},
    {"wuhan", 6, 0},
}};
/// A set's wildcards are too few in its 160 hands to ask of each set: the sets reach winning
/// hands holding wildcards, and hands holding a wild kind of their own, together.
constexpr Reach kShippedTogether{.wildcard_wins = 90, .per_hand_wild = 80};

}  // namespace

// Every shipped rule set, on random hands of several sizes (the reference's melds search is slow
// past 14 tiles, so 17-tile sets are checked up to 14), with its own wildcards, forms and hand
// rules: lacking a suit and forbidden tiles are dealt around often enough to win.
TEST_CASE("engine matches the reference: every shipped rule set", "[reference]") {
  Tally together;
  for (const std::string& name : builtin_rule_names()) {
    INFO(name);
    const RuleSet rules = load_rules(name);
    Plan plan;
    for (const int size : {5, 8, 11, 14}) {
      if (size <= rules.hand_tiles()) plan.sizes.push_back(size);
    }
    plan.most_jokers = std::min<int>(rules.wildcards().jokers, 3);
    plan.per_size = 40 / kScale;
    plan.per_hand_wild = rules.wildcards().per_hand || rules.wildcards().indicator.enabled;
    plan.per_hand_chance = 0.5;  // so that the sets together reach hands of such a wild kind
    // Bonus tiles set aside, unless they are wild (guangdong_flowers), when they count.
    bool bonus_wild = false;
    for (TileId t = rules.meldable_count(); t < rules.tile_count(); ++t) {
      bonus_wild = bonus_wild || (rules.fixed_wild_tiles() & tile_bit(t)) != 0;
    }
    plan.bonus = !bonus_wild;
    plan.shapes = {Shape::melds, Shape::uniform, Shape::pairs, Shape::orphans, Shape::knitted};
    plan.avoid_suit = rules.missing_suits() > 0 ? 0.7 : 0;
    plan.avoid_tiles = rules.forbidden_tiles();
    plan.avoid_tiles_chance = 0.8;
    plan.skip_conservative = true;
    const auto reach = std::find_if(kShippedReach.begin(), kShippedReach.end(),
                                    [&](const ShippedReach& r) { return r.rules == name; });
    INFO("every shipped rule set has a row of kShippedReach");
    REQUIRE(reach != kShippedReach.end());
    if (meant_to_reach(rules, plan).bonus > 0) CHECK(reach->bonus > 0);
    const Tally tally = run_plan(rules, 1234U + static_cast<std::uint32_t>(name.size()), plan);
    report(name.c_str(), tally, Reach{.wins = reach->wins, .bonus = reach->bonus});
    CHECK(tally.hands > 0);
    together.merge(tally);
  }
  report("every shipped rule set", together, kShippedTogether);
}
