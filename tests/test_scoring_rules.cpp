// Tests of the `scoring` section of rule files (rule_scoring.cpp): the section is optional, its
// unit is read and dumped back, and unknown keys are errors naming their place.

#include <string>

#include "catch2/catch.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/scoring_rules.hpp"

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

}  // namespace
