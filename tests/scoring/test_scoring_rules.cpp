// Tests of the `scoring` section of rule files (analyzers/scoring/src/section): the section is
// optional, its unit is read and dumped back, and unknown keys are errors naming their place.

#include <string>
#include <vector>

#include "catch2/catch.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"
#include "patterns/program.hpp"

namespace {

using Catch::Matchers::Contains;
using meldgraph::load_rules_from_string;
using meldgraph::ScoringUnit;

TEST_CASE("a rule set without a scoring section has no scoring rules", "[scoring][rules]") {
  const auto rules = load_rules_from_string("name: t\nextends: basic\n", "t.yaml");
  REQUIRE(scoring_rules(rules) == nullptr);
}

TEST_CASE("scoring.unit is read and dumped back", "[scoring][rules]") {
  const auto rules =
      load_rules_from_string("name: t\nextends: basic\nscoring:\n  unit: tai\n", "t.yaml");
  REQUIRE(scoring_rules(rules) != nullptr);
  REQUIRE(scoring_rules(rules)->unit == ScoringUnit::tai);
  const auto again = load_rules_from_string(meldgraph::dump_rules(rules), "dump.yaml");
  REQUIRE(scoring_rules(again) != nullptr);
  REQUIRE(scoring_rules(again)->unit == ScoringUnit::tai);
}

TEST_CASE("scoring's unknown keys and bad units are errors with their place", "[scoring][rules]") {
  REQUIRE_THROWS_WITH(load_rules_from_string(
                          "name: t\nextends: basic\nscoring:\n  unit: han\n  bogus: 1\n", "t.yaml"),
                      Contains("t.yaml:5:3") && Contains("bogus"));
  REQUIRE_THROWS_WITH(
      load_rules_from_string("name: t\nextends: basic\nscoring:\n  unit: hans\n", "t.yaml"),
      Contains("t.yaml:4:9") && Contains("han"));
}

// Hong Kong's rule keys (docs/scoring.md, "Hong Kong"): `bonus: {of: TILES}` counts given bonus
// tiles (and only bonus tiles), `payments.discard_others` makes everyone pay on a discard; both
// are errors at their place when wrong, and dumped back.
TEST_CASE("bonus.of and payments.discard_others: read, checked, dumped back", "[scoring][rules]") {
  const auto load = [](const std::string& scoring) {
    return load_rules_from_string("name: t\nextends: hongkong\nscoring:\n" + scoring, "t.yaml");
  };
  REQUIRE_THROWS_WITH(
      load("  patterns:\n    p:\n      value: 1\n      when: {bonus: {of: \"1m\"}}\n"),
      Contains("t.yaml:7:26") && Contains("'1m' in 'bonus.of' is not a bonus tile"));
  REQUIRE_THROWS_WITH(
      load("  patterns:\n    p:\n      value: 1\n      when: {bonus: {of: \"1f\", mn: 1}}\n"),
      Contains("t.yaml:7:32") && Contains("mn"));
  REQUIRE_THROWS_WITH(load("  payments:\n    discard_others: {dealer: 1, others: 1}\n"),
                      Contains("t.yaml:5:33") && Contains("others"));
  REQUIRE_THROWS_WITH(load("  payments:\n    discard_others: {dealer: -1}\n"),
                      Contains("t.yaml:5:30"));
  const auto rules = load(
      "  payments:\n    discard: {dealer: 2, other: 2}\n    discard_others: {dealer: 1, other: 1}\n"
      "  patterns:\n    p:\n      value: 1\n      when: {bonus: {of: \"15f\", count: 2}}\n");
  REQUIRE(scoring_rules(rules) != nullptr);
  CHECK(scoring_rules(rules)->values.payments.discard_others_dealer == 1);
  CHECK(scoring_rules(rules)->values.payments.discard_others_other == 1);
  const std::string dumped = meldgraph::dump_rules(rules);
  CHECK_THAT(dumped, Contains("discard_others: {dealer: 1, other: 1}"));
  CHECK_THAT(dumped, Contains("when: {bonus: {of: \"15f\", count: 2}}"));
  const auto again = load_rules_from_string(dumped, "dump.yaml");
  const std::string twice = meldgraph::dump_rules(again);
  CHECK(twice.substr(twice.find("scoring:")) == dumped.substr(dumped.find("scoring:")));
  // Riichi's payments have no such key, and its dump does not write one.
  CHECK_THAT(meldgraph::dump_rules(meldgraph::load_rules("riichi")), !Contains("discard_others"));
}

// The compiled conditions hold at most PatternProgram::kMaxTests distinct predicates
// (patterns/program.hpp); one more is an error at the `patterns` key, not an overflow.
TEST_CASE("more distinct predicates than the compiled form holds is an error", "[scoring][rules]") {
  std::vector<std::string> tiles;
  for (const char suit : std::string("mps")) {
    for (char rank = '1'; rank <= '9'; ++rank) tiles.push_back(std::string{rank, suit});
  }
  for (char rank = '1'; rank <= '7'; ++rank) tiles.push_back(std::string{rank, 'z'});
  // Each leaf differs from every other by its kind or its two-tile set; a list holds at most 255
  // conditions, so the leaves are spread over patterns of 200.
  std::vector<std::string> leaves;
  for (const char* kind : {"pair", "pung", "kong", "chow"}) {
    for (std::size_t a = 0; a < tiles.size(); ++a) {
      for (std::size_t b = a + 1; b < tiles.size(); ++b) {
        leaves.push_back("{groups: {kind: " + std::string(kind) + ", any_in: \"" + tiles[a] +
                         tiles[b] + "\"}}");
      }
    }
  }
  const auto load = [&](std::size_t count) {
    std::string text = "name: t\nextends: basic\nscoring:\n  unit: fan\n  patterns:\n";
    for (std::size_t i = 0; i < count; ++i) {
      if (i % 200 == 0) {
        text += "    p" + std::to_string(i) + ":\n      value: 1\n      when:\n        any:\n";
      }
      text += "          - " + leaves.at(i) + "\n";
    }
    return load_rules_from_string(text, "t.yaml");
  };
  const std::size_t most = meldgraph::patterns::PatternProgram::kMaxTests;
  const auto rules = load(most);
  REQUIRE(scoring_rules(rules) != nullptr);
  CHECK(meldgraph::patterns::program_of(scoring_rules(rules)->patterns).tests.size() == most);
  REQUIRE_THROWS_WITH(load(most + 1), Contains("t.yaml:5:3") &&
                                          Contains("more than " + std::to_string(most)) &&
                                          Contains("distinct predicates"));
}

// `payments.flat` is a number (paid on a discard and a self-draw alike, MCR's 8) or a map that
// tells the two apart (Sichuan's 自摸加底); either is dumped back as written.
TEST_CASE("payments.flat: a number or a map by win kind", "[scoring][rules]") {
  const auto load = [](const std::string& payments) {
    return load_rules_from_string("name: t\nextends: sichuan\nscoring:\n  payments:\n" + payments,
                                  "t.yaml");
  };
  const auto sichuan = meldgraph::load_rules("sichuan");
  CHECK(scoring_rules(sichuan)->values.payments.flat_discard == 0);
  CHECK(scoring_rules(sichuan)->values.payments.flat_self_draw == 1);
  const auto mcr = meldgraph::load_rules("mcr");
  CHECK(scoring_rules(mcr)->values.payments.flat_discard == 8);
  CHECK(scoring_rules(mcr)->values.payments.flat_self_draw == 8);
  REQUIRE_THROWS_WITH(load("    flat: {discard: 1, selfdraw: 2}\n"),
                      Contains("t.yaml:5:24") && Contains("selfdraw"));
  REQUIRE_THROWS_WITH(load("    flat: {self_draw: -1}\n"), Contains("t.yaml:5:23"));
  REQUIRE_THROWS_WITH(load("    flat: [1]\n"), Contains("t.yaml:5:11"));
  for (const auto* rules : {&sichuan, &mcr}) {
    const std::string dumped = meldgraph::dump_rules(*rules);
    const auto again = load_rules_from_string(dumped, "dump.yaml");
    CHECK(scoring_rules(again)->values.payments.flat_discard ==
          scoring_rules(*rules)->values.payments.flat_discard);
    CHECK(scoring_rules(again)->values.payments.flat_self_draw ==
          scoring_rules(*rules)->values.payments.flat_self_draw);
  }
  CHECK_THAT(meldgraph::dump_rules(sichuan), Contains("flat: {discard: 0, self_draw: 1}"));
  CHECK_THAT(meldgraph::dump_rules(mcr), Contains("flat: 8"));
}

// `payments.dealer_pays_extra` (Taiwan's dealer tai on the paying side): read, checked, dumped.
TEST_CASE("payments.dealer_pays_extra: read, checked, dumped back", "[scoring][rules]") {
  const auto taiwan = meldgraph::load_rules("taiwan");
  CHECK(scoring_rules(taiwan)->values.payments.dealer_pays_units == 1);
  CHECK(scoring_rules(taiwan)->values.payments.dealer_pays_per_honba == 2);
  CHECK(scoring_rules(meldgraph::load_rules("riichi"))->values.payments.dealer_pays_units == 0);
  const auto load = [](const std::string& payments) {
    return load_rules_from_string("name: t\nextends: taiwan\nscoring:\n  payments:\n" + payments,
                                  "t.yaml");
  };
  REQUIRE_THROWS_WITH(load("    dealer_pays_extra: {units: 1, honba: 2}\n"),
                      Contains("t.yaml:5:35") && Contains("per_honba"));
  REQUIRE_THROWS_WITH(load("    dealer_pays_extra: {units: -1}\n"), Contains("t.yaml:5:32"));
  const std::string dumped = meldgraph::dump_rules(taiwan);
  CHECK_THAT(dumped, Contains("dealer_pays_extra: {units: 1, per_honba: 2}"));
  const auto again = load_rules_from_string(dumped, "dump.yaml");
  CHECK(scoring_rules(again)->values.payments.dealer_pays_per_honba == 2);
  CHECK_THAT(meldgraph::dump_rules(meldgraph::load_rules("riichi")),
             !Contains("dealer_pays_extra"));
}

}  // namespace

// `points.floors` (docs/scoring.md, "`points`"): rows naming patterns and a limit row; errors
// at their place (a row's limit must name a row of `points.limits`, its patterns must exist),
// and dumped back.
TEST_CASE("points.floors: read, checked, dumped back", "[scoring][rules]") {
  const auto load = [](const std::string& floors) {
    return load_rules_from_string(
        "name: t\nextends: riichi\nscoring:\n  points:\n    floors: " + floors + "\n", "t.yaml");
  };
  REQUIRE_THROWS_WITH(load("[{patterns: [renhou], limit: mangna}]"),
                      Contains("t.yaml:5:42") && Contains("names no row") && Contains("'mangna'"));
  REQUIRE_THROWS_WITH(load("[{patterns: [renhuo], limit: mangan}]"),
                      Contains("t.yaml:5:26") && Contains("unknown pattern 'renhuo'"));
  REQUIRE_THROWS_WITH(load("[{patterns: [renhou]}]"),
                      Contains("t.yaml:5:14") && Contains("needs 'patterns' and 'limit'"));
  REQUIRE_THROWS_WITH(load("{patterns: [renhou], limit: mangan}"),
                      Contains("t.yaml:5:13") && Contains("expected a list"));
  const auto rules = load("[{patterns: [renhou], limit: haneman}]");
  const auto& points = scoring_rules(rules)->values.points;
  REQUIRE(points.floors.size() == 1);
  CHECK(points.limits[points.floors[0].limit].name == "haneman");
  const std::string dumped = meldgraph::dump_rules(rules);
  CHECK_THAT(dumped, Contains("    floors:\n      - {patterns: [renhou], limit: haneman}\n"));
  const auto again = load_rules_from_string(dumped, "dump.yaml");
  const auto& points_again = scoring_rules(again)->values.points;
  REQUIRE(points_again.floors.size() == 1);
  CHECK(points_again.floors[0].limit == points.floors[0].limit);
  CHECK(points_again.floors[0].patterns == points.floors[0].patterns);
}

// The riichi presets load by name and set the keys docs/variants.md ("Riichi presets") lists;
// what they score is in their fixtures (tests/data/fixtures/scoring/riichi_*.json).
TEST_CASE("the riichi presets load by name with the keys of their rule books", "[scoring][rules]") {
  const auto points_of = [](const char* name) {
    const auto rules = meldgraph::load_rules(name);
    REQUIRE(scoring_rules(rules) != nullptr);
    return scoring_rules(rules)->values.points;
  };
  const auto riichi = points_of("riichi");
  const auto tenhou = points_of("riichi_tenhou");
  const auto soul = points_of("riichi_mahjongsoul");
  const auto ema = points_of("riichi_ema");
  const auto wrc = points_of("riichi_wrc");
  CHECK(riichi.double_yakuman);
  CHECK_FALSE(tenhou.double_yakuman);
  CHECK(tenhou.yakuman_stack);
  CHECK(soul.double_yakuman);
  CHECK(soul.kazoe == 13);
  for (const auto* tournament : {&ema, &wrc}) {
    CHECK_FALSE(tournament->double_yakuman);
    CHECK_FALSE(tournament->yakuman_stack);
    CHECK(tournament->kazoe == 0);
  }
  CHECK(ema.round_up_from == 0);
  CHECK(wrc.round_up_from == 1920);
  CHECK(ema.floors.size() == 1);
  CHECK(wrc.floors.empty());
  for (const char* name : {"riichi_ema", "riichi_wrc"}) {
    const auto rules = meldgraph::load_rules(name);
    for (const auto& suit : rules.suits()) CHECK(suit.red_fives == 0);
  }
}
