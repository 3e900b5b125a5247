// Forms left to the scorer (forms.NAME.scored_only, scoring.minimum.forms), a form's own
// wildcard cap (forms.NAME.max_wildcards) and the points' per-pattern start (points.starts):
// what the shape queries and the scorer see, the rule-file errors with their place, and the
// dump. The scored values themselves are fixtures (tests/data/fixtures/scoring/wuhan_wins.json).

#include <catch2/catch.hpp>
#include <string>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "rule_files.hpp"

using namespace meldgraph;
using Catch::Matchers::Contains;

namespace {

/// A small rule set: basic with jokers, a scored_only melds form of any pair and no cap.
std::string scored_head() {
  return "name: t\nextends: basic\n"
         "wildcards: {jokers: 4, max_in_win: 1}\n"
         "forms:\n"
         "  standard: {type: melds, pair_tiles: \"258m258p258s\"}\n";
}

constexpr const char* kBigForm = "  big: {type: melds, scored_only: true, max_wildcards: 0}\n";

std::string scoring_tail() {
  return "scoring:\n"
         "  unit: fan\n"
         "  minimum:\n"
         "    forms:\n"
         "      big: {patterns: [pungs], reason: \"no big win\"}\n"
         "  patterns:\n"
         "    pungs: {value: 1, when: {groups: {kind: [pung, kong], count: 4}}}\n";
}

std::size_t form_index(const RuleSet& rules, const std::string& name) {
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    if (rules.forms()[f].name == name) return f;
  }
  FAIL("no form " << name);
  return 0;
}

}  // namespace

TEST_CASE("a scored_only form: invisible to the shape queries, listed by the scorer",
          "[scoring][forms]") {
  const RuleSet& wuhan = test::rules_named("wuhan");
  const std::size_t big = form_index(wuhan, "big_win");
  // Frozen: switched off for the shape search, on in the scorer's view, same index.
  CHECK(wuhan.forms()[big].scored_only);
  CHECK_FALSE(wuhan.forms()[big].enabled);
  const RuleSet& view = scoring_view(wuhan);
  REQUIRE(&view != &wuhan);
  // Derived once: the same view every time, and copies of the rule set share it.
  CHECK(&scoring_view(wuhan) == &view);
  const RuleSet copy = wuhan;
  CHECK(&scoring_view(copy) == &view);
  CHECK(view.forms()[big].enabled);
  CHECK(view.forms()[big].name == "big_win");
  CHECK(form_wildcard_cap(view, view.forms()[big]) == 0);
  CHECK(form_wildcard_cap(view, view.forms()[form_index(view, "standard")]) == 1);
  CHECK(scoring_rules(view) == scoring_rules(wuhan));
  // A rule set without such a form is its own view.
  const RuleSet& riichi = test::rules_named("riichi");
  CHECK(&scoring_view(riichi) == &riichi);

  // All pungs with a 3-3 pair: no small win, so the shape says no; the scorer finds 碰碰胡.
  const Hand pungs = parse_hand("111222333m444p3p+3p", wuhan, parse_indicator("4m", wuhan));
  CHECK_FALSE(is_win(wuhan, pungs));
  CHECK_FALSE(Decomposition(wuhan, pungs).wins());
  WinContext self_draw;
  self_draw.win = WinKind::self_draw;
  Scorer scorer(wuhan);
  const HandScore& score = scorer.score(pungs, self_draw);
  CHECK(score.wins);
  REQUIRE(score.best_reading() != nullptr);
  CHECK(score.best_reading()->reading().form == big);
  // Chows in two suits and a 3-3 pair: no big win: listed, not a win, with the form's reason.
  const Hand chows = parse_hand("123m456m789m444p3p+3p", wuhan, parse_indicator("4m", wuhan));
  const HandScore& none = scorer.score(chows, self_draw);
  CHECK_FALSE(none.wins);
  REQUIRE(none.best_reading() != nullptr);
  CHECK_THAT(none.best_reading()->value.no_win_reason, Contains("no big win"));
}

TEST_CASE("a scored_only form's reading that a shape form listed is not listed twice",
          "[scoring][forms]") {
  const RuleSet rules = load_rules_from_string(scored_head() + kBigForm + scoring_tail(), "t.yaml");
  Scorer scorer(rules);
  WinContext discard;
  discard.win = WinKind::discard;
  // 111m 222p 333s 444m 55s: a small win's shape (pair 55s) and all pungs: one reading.
  const HandScore& both = scorer.score(parse_hand("111m444m222p333s5s+5s", rules), discard);
  CHECK(both.scored == 1);
  CHECK(both.wins);
  // Pair 33s: only the big form reads it, and it wins by its pattern.
  const HandScore& big = scorer.score(parse_hand("111m444m222p555s3s+3s", rules), discard);
  CHECK(big.scored == 1);
  CHECK(big.wins);
  // Two jokers: over the small win's cap, under the big form's (none).
  const HandScore& jokers = scorer.score(parse_hand("111m444m222p55s**+5s", rules), discard);
  CHECK(jokers.wins);
  CHECK_FALSE(is_win(rules, parse_hand("111m444m222p55s**+5s", rules)));
}

namespace {

/// Whether the decomposition's graph of form `name` holds an interpretation.
bool form_wins(const RuleSet& rules, const std::string& text, const std::string& name) {
  const Decomposition d(rules, parse_hand(text, rules));
  for (const FormGraph& graph : d.graphs()) {
    if (rules.forms()[graph.form()].name == name) return !graph.empty();
  }
  return false;
}

}  // namespace

TEST_CASE("a form's own cap: max_wildcards over wildcards.max_in_win", "[forms][wildcards]") {
  const RuleSet& caps = test::rules_named("test_form_caps");
  // Seven pairs with a pair of jokers: two wildcards, no cap for that form.
  CHECK(form_wins(caps, "1133m5577p22s44z**", "seven_pairs"));
  CHECK(is_win(caps, parse_hand("1133m5577p22s44z**", caps)));
  // 123m 456p 789s 3{4}{5}s 55s: two jokers, over standard's inherited cap (1), within jiang's
  // 3 (pair 55s); with one joker both forms win.
  CHECK_FALSE(form_wins(caps, "123m456p789s3s55s**", "standard"));
  CHECK(form_wins(caps, "123m456p789s3s55s**", "jiang"));
  CHECK(form_wins(caps, "123m456p789s34s55s*", "standard"));
  CHECK(form_wins(caps, "123m456p789s34s55s*", "jiang"));
  // Four jokers: over jiang's 3 too; seven pairs still takes them.
  CHECK_FALSE(is_win(caps, parse_hand("123m456p789s5s****", caps)));
  CHECK(is_win(caps, parse_hand("1133m5577p22s****", caps)));
  // The shanten of a hand one short counts only the wildcards its best form may use.
  CHECK(shanten_number(caps, parse_hand("123m456p789s3s5s**", caps)) == 0);
}

TEST_CASE("scored_only, max_wildcards, minimum.forms, points.starts: errors at their place",
          "[scoring][forms][rules]") {
  const std::string head = scored_head();
  // scored_only without a scoring section.
  CHECK_THROWS_WITH(load_rules_from_string(head + kBigForm, "t.yaml"),
                    Contains("t.yaml:6:22") && Contains("no 'scoring' section"));
  // scored_only not named in minimum.forms.
  CHECK_THROWS_WITH(
      load_rules_from_string(head + kBigForm +
                                 "scoring:\n  unit: fan\n  patterns:\n"
                                 "    pungs: {value: 1, when: {groups: {kind: pung, count: 4}}}\n",
                             "t.yaml"),
      Contains("scored_only") && Contains("minimum.forms.big.patterns"));
  // An unknown form, and an unknown pattern, in minimum.forms.
  std::string tail = scoring_tail();
  std::string bad_form = tail;
  bad_form.replace(bad_form.find("      big:"), 10, "      bgi:");
  CHECK_THROWS_WITH(
      load_rules_from_string(head + kBigForm + bad_form, "t.yaml"),
      Contains("t.yaml:11:7") && Contains("unknown form 'bgi'") && Contains("did you mean 'big'"));
  std::string bad_pattern = tail;
  bad_pattern.replace(bad_pattern.find("[pungs]"), 7, "[pugns]");
  CHECK_THROWS_WITH(load_rules_from_string(head + kBigForm + bad_pattern, "t.yaml"),
                    Contains("t.yaml:11:24") && Contains("unknown pattern 'pugns'"));
  // max_wildcards out of range, and on a wildcards form (not its key).
  CHECK_THROWS_WITH(
      load_rules_from_string(head + "  big: {type: melds, max_wildcards: 18}\n", "t.yaml"),
      Contains("t.yaml:6:37") && Contains("max_wildcards"));
  CHECK_THROWS_WITH(load_rules_from_string(
                        head + "  four: {type: wildcards, count: 4, max_wildcards: 2}\n", "t.yaml"),
                    Contains("t.yaml:6:37") && Contains("max_wildcards"));
  // Only scored_only forms: no shape form is left.
  CHECK_THROWS_WITH(load_rules_from_string("name: t\nextends: basic\nforms:\n"
                                           "  standard: {type: melds, scored_only: true}\n" +
                                               scoring_tail(),
                                           "t.yaml"),
                    Contains("not scored_only"));
  // points.starts with an unknown pattern.
  CHECK_THROWS_WITH(load_rules_from_string(head + kBigForm + tail +
                                               "  points:\n    base: doubling\n    start: 1\n"
                                               "    starts: [{patterns: [pung], start: 5}]\n",
                                           "t.yaml"),
                    Contains("t.yaml:17:26") && Contains("unknown pattern 'pung'"));
}

TEST_CASE("scored_only, max_wildcards, minimum.forms and points.starts dump and load back",
          "[scoring][forms][rules]") {
  for (const char* name : {"wuhan", "test_form_caps"}) {
    INFO(name);
    const RuleSet& rules = test::rules_named(name);
    const std::string dumped = dump_rules(rules);
    const RuleSet again = load_rules_from_string(dumped, "dump.yaml");
    // The same document but its first line, which names where it was loaded from.
    const std::string redumped = dump_rules(again);
    CHECK(redumped.substr(redumped.find('\n')) == dumped.substr(dumped.find('\n')));
    REQUIRE(again.forms().size() == rules.forms().size());
    for (std::size_t f = 0; f < rules.forms().size(); ++f) {
      CHECK(again.forms()[f].scored_only == rules.forms()[f].scored_only);
      CHECK(again.forms()[f].enabled == rules.forms()[f].enabled);
      CHECK(again.forms()[f].max_wildcards == rules.forms()[f].max_wildcards);
    }
  }
  const std::string wuhan = dump_rules(test::rules_named("wuhan"));
  CHECK_THAT(wuhan, Contains("    scored_only: true\n") && Contains("    max_wildcards: 0\n") &&
                        Contains("    forms:\n      big_win:\n") && Contains("    starts:\n"));
  const RuleSet& again = test::rules_named("wuhan");
  const ValueRules& values = scoring_rules(again)->values;
  REQUIRE(values.points.starts.size() == 1);
  CHECK(values.points.starts[0].start == 5);
  CHECK(values.points.starts[0].patterns.size() == 8);
}
