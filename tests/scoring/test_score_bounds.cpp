// The scorer's bounds (docs/scoring.md, "Bounded work"): a reading bound or a deadline stops the
// scoring cleanly. What a cut scoring gives is checked against the scoring without bounds: its
// readings are the first readings of the whole scoring, value for value, its best is the best
// of them by compare_readings, and the cut says what stopped it. Never the time itself.

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <string>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "rule_files.hpp"
#include "test_scale.hpp"

using namespace meldgraph;

namespace {

/// What two scorings of one hand must share reading by reading, for the readings of `cut`.
void require_prefix(const HandScore& cut, const HandScore& whole) {
  REQUIRE(cut.readings.size() <= whole.readings.size());
  for (std::size_t r = 0; r < cut.readings.size(); ++r) {
    INFO("reading " << r);
    const ScoredReading& a = cut.readings[r];
    const ScoredReading& b = whole.readings[r];
    CHECK(a.interpretation == b.interpretation);
    CHECK(a.realised == b.realised);
    CHECK(a.realisation == b.realisation);
    CHECK(a.alike <= b.alike);
    CHECK(compare_readings(a.value, b.value) == 0);
    CHECK(a.value.points == b.value.points);
  }
}

/// The best of `score`'s readings by compare_readings, the first among equals.
int best_by_order(const HandScore& score) {
  int best = 0;
  for (std::size_t r = 1; r < score.readings.size(); ++r) {
    if (compare_readings(score.readings[r].value,
                         score.readings[static_cast<std::size_t>(best)].value) > 0) {
      best = static_cast<int>(r);
    }
  }
  return best;
}

}  // namespace

TEST_CASE("a reading bound scores the first readings and picks the best of them", "[scoring]") {
  const RuleSet rules = load_rules("laizi");
  const Hand hand = parse_hand("123m456p11z******", rules);
  ScoreOptions unbounded;
  unbounded.reading_limit = 0;
  unbounded.scored_limit = 0;
  Scorer whole_scorer(rules);
  const HandScore& whole = whole_scorer.score(hand, WinContext{}, unbounded);
  REQUIRE(whole.cut == ScoreCut::none);
  REQUIRE(whole.scored > 100);

  for (const std::uint64_t bound :
       {std::uint64_t{1}, std::uint64_t{37}, whole.scored / 2, whole.scored - 1}) {
    INFO("bound " << bound);
    ScoreOptions options;
    options.reading_limit = bound;
    options.scored_limit = 0;
    Scorer scorer(rules);
    const HandScore& cut = scorer.score(hand, WinContext{}, options);
    CHECK(cut.cut == ScoreCut::bound);
    CHECK(cut.scored == bound);
    CHECK(cut.interpretations >= 1);
    CHECK(cut.interpretations <= whole.interpretations);
    require_prefix(cut, whole);
    CHECK(cut.best == best_by_order(cut));
    CHECK(cut.wins == cut.readings[static_cast<std::size_t>(cut.best)].value.wins);
    // The last interpretation scored is the one its last reading came from.
    CHECK(cut.readings.back().interpretation <= cut.interpretations - 1);
  }
  // The bound on readings scored in full: as many pool entries at most, the same prefix.
  for (const std::uint64_t bound :
       {std::uint64_t{1}, std::uint64_t{5}, whole.readings.size() / 2}) {
    INFO("scored bound " << bound);
    ScoreOptions options;
    options.reading_limit = 0;
    options.scored_limit = bound;
    Scorer scorer(rules);
    const HandScore& cut = scorer.score(hand, WinContext{}, options);
    CHECK(cut.cut == ScoreCut::bound);
    CHECK(cut.readings.size() <= bound);
    require_prefix(cut, whole);
    CHECK(cut.best == best_by_order(cut));
  }
  // A bound the hand does not reach cuts nothing: the same as no bound.
  ScoreOptions roomy;
  roomy.reading_limit = whole.scored;
  roomy.scored_limit = 0;
  Scorer scorer(rules);
  const HandScore& same = scorer.score(hand, WinContext{}, roomy);
  CHECK(same.cut == ScoreCut::none);
  CHECK(same.scored == whole.scored);
  CHECK(same.readings.size() == whole.readings.size());
  CHECK(same.best == whole.best);
}

TEST_CASE("a past deadline scores exactly one reading, and says so", "[scoring]") {
  const RuleSet rules = load_rules(meldgraph::test::rule_file("bounds_jokers"));
  // Its first interpretation is 1{1}m and five {***}: millions of realisations.
  const Hand hand = parse_hand("1m****************", rules);
  ScoreOptions options;
  options.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  Scorer scorer(rules);
  const HandScore& score = scorer.score(hand, WinContext{}, options);
  CHECK(score.cut == ScoreCut::budget);
  CHECK(score.scored == 1);
  REQUIRE(score.readings.size() == 1);
  CHECK(score.best == 0);
  CHECK(score.interpretations == 1);
  // The cut fell inside the first interpretation's realisations, counted and not scored.
  CHECK(score.cut_in_interpretation);
  CHECK(score.unscored_realisations > 0);
}

TEST_CASE("the default bound stops a hand whose realisations run to a million", "[scoring]") {
  // 50,000 readings scored take seconds under the sanitizers: the Release pass checks them.
  if (meldgraph::test::kScale > 1) return;
  const RuleSet rules = load_rules(meldgraph::test::rule_file("bounds_jokers"));
  const Hand hand = parse_hand("1m2m3m4m5m6m7m8m*********", rules);
  Scorer scorer(rules);
  const HandScore& score = scorer.score(hand, WinContext{});
  CHECK(score.cut == ScoreCut::bound);
  // Either bound may stop it: its readings scored in full, or the readings visited.
  CHECK(score.scored <= kDefaultReadingLimit);
  CHECK((score.scored == kDefaultReadingLimit || score.readings.size() <= kDefaultScoredLimit));
  CHECK(score.best == best_by_order(score));
}

TEST_CASE("a hand of a few readings is not cut; a bound of one scores its first", "[scoring]") {
  const RuleSet rules = load_rules("riichi");
  Scorer scorer(rules);
  ScoreOptions options;
  options.reading_limit = 1;  // a bound never cuts the first reading
  const HandScore& one = scorer.score(parse_hand("3455m234678p789s+5m", rules), WinContext{});
  CHECK(one.cut == ScoreCut::none);
  CHECK(one.scored == 2);
  const HandScore& bounded =
      scorer.score(parse_hand("3455m234678p789s+5m", rules), WinContext{}, options);
  CHECK(bounded.cut == ScoreCut::bound);
  CHECK(bounded.scored == 1);
  CHECK(bounded.interpretations == 1);
}
