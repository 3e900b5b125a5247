// Tests of the `scoring` section of rule files (rule_scoring.cpp): the section is optional, its
// unit is read and dumped back, and unknown keys are errors naming their place.

#include <string>

#include "catch2/catch.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/scoring_rules.hpp"
#include "meldgraph/value_rules.hpp"

namespace {

using Catch::Matchers::Contains;
using meldgraph::load_rules_from_string;
using meldgraph::RuleError;
using meldgraph::ScoringUnit;

TEST_CASE("a rule set without a scoring section has no scoring rules", "[scoring][rules]") {
  const auto rules = load_rules_from_string("name: t\nextends: basic\n", "t.yaml");
  REQUIRE(rules.scoring() == nullptr);
}

TEST_CASE("scoring.unit is read and dumped back", "[scoring][rules]") {
  const auto rules =
      load_rules_from_string("name: t\nextends: basic\nscoring:\n  unit: tai\n", "t.yaml");
  REQUIRE(rules.scoring() != nullptr);
  REQUIRE(rules.scoring()->unit == ScoringUnit::tai);
  const auto again = load_rules_from_string(meldgraph::dump_rules(rules), "dump.yaml");
  REQUIRE(again.scoring() != nullptr);
  REQUIRE(again.scoring()->unit == ScoringUnit::tai);
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
  REQUIRE(rules.scoring() != nullptr);
  CHECK(rules.scoring()->values.payments.discard_others_dealer == 1);
  CHECK(rules.scoring()->values.payments.discard_others_other == 1);
  const std::string dumped = meldgraph::dump_rules(rules);
  CHECK_THAT(dumped, Contains("discard_others: {dealer: 1, other: 1}"));
  CHECK_THAT(dumped, Contains("when: {bonus: {of: \"15f\", count: 2}}"));
  const auto again = load_rules_from_string(dumped, "dump.yaml");
  const std::string twice = meldgraph::dump_rules(again);
  CHECK(twice.substr(twice.find("scoring:")) == dumped.substr(dumped.find("scoring:")));
  // Riichi's payments have no such key, and its dump does not write one.
  CHECK_THAT(meldgraph::dump_rules(meldgraph::load_rules("riichi")), !Contains("discard_others"));
}

}  // namespace
