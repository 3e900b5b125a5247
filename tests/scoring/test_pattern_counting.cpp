// The counting keys the Chinese games need (docs/scoring.md, "How the relations apply"): a
// pattern's `times`, `only_without: {except: [...]}`, `relations: counted` against riichi's
// `held`, `output_name`; their errors and their dump. Expected counts are worked out by hand.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "scoring_support.hpp"

using namespace meldgraph;
using Catch::Matchers::Contains;
using meldgraph::test::score_hand;

namespace {

/// A small fan rule set over mcr's tiles and forms: `extra` is appended under `scoring:`
/// (before `patterns:`), `patterns` under `patterns:`.
RuleSet fan_rules(const std::string& extra, const std::string& patterns) {
  return load_rules_from_string(
      "name: t\nextends: basic\ntiles:\n  bonus:\n    - letter: f\n"
      "      name: flowers\n      ranks: 1-8\n      copies: 1\n"
      "scoring:\n  unit: fan\n  limits_replace: false\n" +
          extra + "  patterns:\n" + patterns,
      "t.yaml");
}

/// id x times of every counted pattern of the first reading of `hand` whose text is `text`.
std::vector<std::string> counted(const RuleSet& rules, const std::string& hand,
                                 const std::string& text, const WinContext& win = {}) {
  const auto scored = score_hand(rules, hand, win);
  const auto* reading = scored->find(text);
  REQUIRE(reading != nullptr);
  std::vector<PatternHit> hits;
  evaluate_patterns(*scoring_rules(rules), reading->features, hits);
  std::vector<std::string> out;
  for (const PatternHit& hit : hits) {
    out.push_back(scoring_rules(rules)->patterns.patterns[hit.pattern].id + " x" +
                  std::to_string(hit.times));
  }
  return out;
}

WinContext ron() {
  WinContext win;
  win.win = WinKind::discard;
  win.from = MeldSource::left;
  return win;
}

const char* const kTimesPatterns =
    "    terminal_pung:\n      value: 1\n"
    "      when: {groups: {kind: [pung, kong], all_in: terminals}}\n"
    "      times: {groups: {kind: [pung, kong], all_in: terminals}}\n"
    "    double_chow:\n      value: 1\n"
    "      when: {sets: {kind: chow, size: 2, step: 0, suits: same}}\n"
    "      times: {sets: {kind: chow, size: 2, step: 0, suits: same, disjoint: true}}\n"
    "    flower:\n      value: 1\n      when: {bonus: {min: 1}}\n"
    "      times: {bonus: {min: 1}}\n";

}  // namespace

TEST_CASE("times: a pattern counts as often as its predicate's count", "[patterns][mcr]") {
  const RuleSet rules = fan_rules("", kTimesPatterns);
  // Three terminal pungs (111m 999p 111s) and one simple.
  CHECK(counted(rules, "111m999p111s555m2p+2p", "111m 555m 22p 999p 111s", ron()) ==
        std::vector<std::string>{"terminal_pung x3"});
  // 123m 123m 456p 456p: two disjoint identical pairs; 123m x3 is one disjoint pair (3 pairs
  // of groups, but any two of them share a group).
  CHECK(counted(rules, "123m123m456p456p9s+9s", "123m 123m 456p 456p 99s", ron()) ==
        std::vector<std::string>{"double_chow x2"});
  CHECK(counted(rules, "123m123m123m456p9s+9s", "123m 123m 123m 456p 99s", ron()) ==
        std::vector<std::string>{"double_chow x1"});
  WinContext flowers = ron();
  flowers.flower_count = 3;
  CHECK(counted(rules, "123m456p789s234m9s+9s", "123m 234m 456p 789s 99s", flowers) ==
        std::vector<std::string>{"flower x3"});
}

TEST_CASE("only_without except, and relations counted or held", "[patterns][mcr]") {
  const std::string patterns =
      "    big:\n      value: 10\n      excludes: [middle]\n"
      "      when: {groups: {kind: [pung, kong], count: 4}}\n"
      "    middle:\n      value: 4\n      excludes: [small]\n      when: {win: self_draw}\n"
      "    small:\n      value: 1\n      when: {closed_hand: true}\n"
      "    chicken:\n      value: 8\n      only_without: {except: [flower]}\n"
      "      when: {all: []}\n"
      "    flower:\n      value: 1\n      when: {bonus: {min: 1}}\n";
  const RuleSet held = fan_rules("", patterns);
  const RuleSet in_order = fan_rules("  relations: counted\n", patterns);
  const std::string pungs = "111m222p333s444m5z+5z";
  const std::string text = "111m 444m 222p 333s 55z";
  // Self-drawn four pungs: big removes middle. Under `held` middle still removes small; under
  // `counted` a removed pattern removes nothing, so small counts.
  CHECK(counted(held, pungs, text) == std::vector<std::string>{"big x1"});
  CHECK(counted(in_order, pungs, text) == std::vector<std::string>{"big x1", "small x1"});
  // An open hand of no pattern: chicken; with a flower, chicken and flower.
  WinContext win = ron();
  const std::string open = "[123m][456p][789s]234m5z+5z";
  const auto first = [&](const RuleSet& rules, const WinContext& w) {
    const auto scored = score_hand(rules, open, w);
    REQUIRE_FALSE(scored->readings.empty());
    std::vector<PatternHit> hits;
    evaluate_patterns(*scoring_rules(rules), scored->readings.front().features, hits);
    std::vector<std::string> ids;
    for (const PatternHit& hit : hits)
      ids.push_back(scoring_rules(rules)->patterns.patterns[hit.pattern].id);
    return ids;
  };
  CHECK(first(in_order, win) == std::vector<std::string>{"chicken"});
  win.flower_count = 1;
  CHECK(first(in_order, win) == std::vector<std::string>{"chicken", "flower"});
  win.win = WinKind::self_draw;
  CHECK(first(in_order, win) == std::vector<std::string>{"middle", "flower"});
}

TEST_CASE("the counting keys: errors name their place, and dump writes them back",
          "[patterns][mcr][rules]") {
  REQUIRE_THROWS_WITH(
      fan_rules("", "    p:\n      value: 1\n      when: {all: []}\n      times: {win: discard}\n"),
      Contains("t.yaml:16:14") && Contains("'times' takes one counted predicate"));
  REQUIRE_THROWS_WITH(
      fan_rules("",
                "    p:\n      value: 1\n      when: {all: []}\n      only_without: {but: [p]}\n"),
      Contains("t.yaml:16:22") && Contains("unknown key 'but'"));
  REQUIRE_THROWS_WITH(
      fan_rules("  relations: countd\n", "    p:\n      value: 1\n      when: {all: []}\n"),
      Contains("t.yaml:12:14") && Contains("counted"));
  REQUIRE_THROWS_WITH(
      fan_rules("  output_name: chinese\n", "    p:\n      value: 1\n      when: {all: []}\n"),
      Contains("t.yaml:12:16") && Contains("local"));
  // mcr's dump loads back to the same counting keys.
  const RuleSet mcr = load_rules("mcr");
  const RuleSet again = load_rules_from_string(dump_rules(mcr), "dump.yaml");
  const PatternRules& a = scoring_rules(mcr)->patterns;
  const PatternRules& b = scoring_rules(again)->patterns;
  CHECK(b.relations_counted);
  CHECK(b.local_names);
  REQUIRE(a.patterns.size() == b.patterns.size());
  for (std::size_t i = 0; i < a.patterns.size(); ++i) {
    INFO(a.patterns[i].id);
    CHECK(a.patterns[i].only_without_except == b.patterns[i].only_without_except);
    CHECK((a.patterns[i].times == Pattern::kNoTimes) == (b.patterns[i].times == Pattern::kNoTimes));
  }
  CHECK(dump_rules(again).substr(dump_rules(again).find("scoring:")) ==
        dump_rules(mcr).substr(dump_rules(mcr).find("scoring:")));
}

TEST_CASE("explain under relations: counted names a pattern that counted", "[patterns][mcr]") {
  const RuleSet mcr = load_rules("mcr");
  const ScoringRules& scoring = *scoring_rules(mcr);
  const auto index = [&](const std::string& id) {
    for (std::size_t i = 0; i < scoring.patterns.patterns.size(); ++i) {
      if (scoring.patterns.patterns[i].id == id) return i;
    }
    FAIL("no pattern " << id);
    return std::size_t{0};
  };
  // Seven pairs self-drawn: 七对 removes 不求人, which therefore removes nothing, so 自摸 counts.
  const auto scored = score_hand(mcr, "1133m5577p2244s6z+6z");
  REQUIRE(scored->readings.size() == 1);
  const ScoreFeatures& f = scored->readings.front().features;
  std::vector<PatternHit> hits;
  evaluate_patterns(scoring, f, hits);
  CHECK(explain_pattern(scoring, f, index("bu_qiu_ren"), hits) == "excluded by qi_dui");
  CHECK(explain_pattern(scoring, f, index("zi_mo"), hits) == "counted");
  CHECK(explain_pattern(scoring, f, index("men_qian_qing"), hits) == "no: {win: discard}");
}
