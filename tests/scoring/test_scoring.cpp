// The Scorer (scorer.hpp): the order readings are compared in, the rule sets it refuses, and
// its reusable workspace against a slow reference that builds every reading afresh from the
// Decomposition's cursor (fresh allocations, no reuse), on random complete hands with random
// situations.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/reading/realisations.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "rule_files.hpp"

using namespace meldgraph;

namespace {

ReadingValue value_of(bool wins, std::int64_t points, std::uint8_t yakuman, std::int32_t units,
                      std::int32_t fu) {
  ReadingValue value;
  value.wins = wins;
  value.points = points;
  value.yakuman = yakuman;
  value.units = units;
  value.fu = fu;
  return value;
}

/// One reading scored the slow way.
struct ReferenceReading {
  std::vector<PatternHit> hits;
  ReadingValue value;
};

/// Every reading of `hand` scored from scratch, in the Decomposition's order (hands without
/// wildcards: no realisations).
std::vector<ReferenceReading> reference_score(const RuleSet& rules, const Hand& hand,
                                              const WinContext& win) {
  std::vector<ReferenceReading> out;
  const Decomposition decomposition(rules, hand);
  const ReadingContext context = make_reading_context(rules, hand, win);
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) {
    const Reading reading = make_reading(context, interpretation);
    ScoreFeatures features;
    make_score_features(context, reading, features);
    ReferenceReading scored;
    evaluate_patterns(*scoring_rules(rules), features, scored.hits);
    compute_value(*scoring_rules(rules), features, scored.hits, scored.value);
    out.push_back(std::move(scored));
  }
  return out;
}

bool same_hits(const std::vector<PatternHit>& a, std::span<const PatternHit> b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].pattern != b[i].pattern || a[i].value != b[i].value || a[i].yakuman != b[i].yakuman ||
        a[i].times != b[i].times) {
      return false;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("readings compare by wins, points, yakuman, units, fu", "[scoring]") {
  const ReadingValue base = value_of(true, 2000, 0, 2, 30);
  CHECK(compare_readings(base, base) == 0);
  CHECK(compare_readings(value_of(false, 8000, 0, 5, 40), base) < 0);  // not a win: lowest
  CHECK(compare_readings(value_of(true, 2600, 0, 1, 30), base) > 0);   // points first
  CHECK(compare_readings(value_of(true, 2000, 1, 2, 30), base) > 0);   // then yakuman
  CHECK(compare_readings(value_of(true, 2000, 0, 3, 30), base) > 0);   // then units
  CHECK(compare_readings(value_of(true, 2000, 0, 2, 40), base) > 0);   // then fu
  CHECK(compare_readings(base, value_of(true, 2000, 0, 2, 40)) < 0);
}

TEST_CASE("a rule set without a scoring section cannot be scored", "[scoring]") {
  const RuleSet rules = load_rules("basic");
  REQUIRE(scoring_rules(rules) == nullptr);
  REQUIRE_THROWS_AS(Scorer(rules), Error);
  REQUIRE_THROWS_WITH(Scorer(rules), Catch::Matchers::Contains("'basic'") &&
                                         Catch::Matchers::Contains("no scoring section"));
}

TEST_CASE("the Scorer's reused workspace scores as a fresh reading of every interpretation",
          "[scoring]") {
  const RuleSet& rules = test::rules_named("riichi");
  REQUIRE(scoring_rules(rules) != nullptr);
  RandomHands hands(rules, 12);
  RandomDraws draws(34);
  // With and without the lookup tables (the listing's pruning, the waits before the win).
  const TableUse tables = GENERATE(TableUse::tables, TableUse::search_only);
  INFO("tables " << (tables == TableUse::tables ? "used" : "not used"));
  Scorer scorer(rules, tables);
  int wins = 0;
  int several = 0;
  for (int i = 0; i < 1500; ++i) {
    Hand hand = hands.complete(14, 0);
    const WinContext win = random_win_context(rules, hand, draws);
    INFO("hand " << format_hand(hand, rules) << " " << format_win_context(win, rules));
    const std::vector<ReferenceReading> reference = reference_score(rules, hand, win);
    const HandScore& score = scorer.score(hand, win);
    REQUIRE(score.readings.size() == reference.size());
    REQUIRE(score.scored == reference.size());
    REQUIRE(score.interpretations == reference.size());
    std::size_t best = 0;
    for (std::size_t r = 0; r < reference.size(); ++r) {
      CHECK(score.readings[r].interpretation == r);
      CHECK(same_hits(reference[r].hits, score.readings[r].hits));
      CHECK(score.readings[r].value.points == reference[r].value.points);
      CHECK(score.readings[r].value.units == reference[r].value.units);
      CHECK(score.readings[r].value.fu == reference[r].value.fu);
      CHECK(score.readings[r].value.payments == reference[r].value.payments);
      CHECK(score.readings[r].value.wins == reference[r].value.wins);
      CHECK(score.readings[r].value.yakuman == reference[r].value.yakuman);
      CHECK(score.readings[r].value.counted_limit == reference[r].value.counted_limit);
      CHECK(score.readings[r].value.limit == reference[r].value.limit);
      CHECK(score.readings[r].value.base == reference[r].value.base);
      CHECK(score.readings[r].value.no_win_reason == reference[r].value.no_win_reason);
      if (compare_readings(reference[r].value, reference[best].value) > 0) best = r;
    }
    REQUIRE(!reference.empty());  // complete by construction
    CHECK(score.best == static_cast<int>(best));
    CHECK(score.wins == reference[best].value.wins);
    std::size_t tied = 0;
    for (const ReferenceReading& reading : reference) {
      tied += compare_readings(reading.value, reference[best].value) == 0 ? 1 : 0;
    }
    CHECK(score.tied.size() == (tied > 1 ? tied : 0));
    wins += score.wins ? 1 : 0;
    several += reference.size() > 1 ? 1 : 0;
  }
  // The hands exercise both answers and several readings.
  CHECK(wins > 0);
  CHECK(several > 0);
}

TEST_CASE("a reused Scorer forgets a counted limit: a hand that does not win after kazoe",
          "[scoring]") {
  // A reading that does not win skips the base points, where the counted-limit mark is set: a
  // pool slot that last held a kazoe yakuman kept the mark, and two equal readings of the next
  // hand compared as different (their tie was lost).
  const RuleSet& rules = test::rules_named("riichi");
  WinContext kazoe;
  kazoe.seat_wind = Wind::north;
  kazoe.round_wind = Wind::south;
  kazoe.riichi = true;
  kazoe.ippatsu = true;
  kazoe.dora = {parse_tile("6z", rules)};
  kazoe.ura = {parse_tile("3m", rules)};
  WinContext no_yaku;
  no_yaku.win = WinKind::discard;
  no_yaku.from = MeldSource::across;
  no_yaku.seat_wind = Wind::west;
  const Hand first = parse_hand("2234405566778m+3m", rules);
  const Hand second = parse_hand("444888m12234p99s+3p", rules);
  Scorer reused(rules);
  const HandScore& limit = reused.score(first, kazoe);
  REQUIRE(limit.best_reading() != nullptr);
  REQUIRE(limit.best_reading()->value.counted_limit);
  const HandScore& after = reused.score(second, no_yaku);
  Scorer fresh(rules);
  const HandScore& expected = fresh.score(second, no_yaku);
  REQUIRE(expected.readings.size() == 2);
  CHECK_FALSE(expected.wins);
  CHECK(expected.tied.size() == 2);
  REQUIRE(after.readings.size() == 2);
  CHECK(after.tied.size() == 2);
  for (const ScoredReading& reading : after.readings) CHECK_FALSE(reading.value.counted_limit);
}

TEST_CASE("wildcard-only groups are scored through every realisation, alike ones folded",
          "[scoring]") {
  const RuleSet& rules = test::rules_named("scoring_jokers");
  REQUIRE(scoring_rules(rules) != nullptr);
  Scorer scorer(rules);
  // An abstract pair {**}, or the jokers in a meld with a natural tile: realised in many ways.
  for (const char* text : {"234m567p678s55s**+5s", "234m567p678s555s**", "123m456p789s111z**",
                           "123m456p789s11z5s**"}) {
    INFO(text);
    const Hand hand = parse_hand(text, rules);
    const WinContext win;
    const ReadingContext context = make_reading_context(rules, hand, win);
    const Decomposition decomposition(rules, hand);
    // The reference: every realisation of every interpretation, scored afresh.
    std::uint64_t realisations = 0;
    ReadingValue best_value;
    bool any = false;
    InterpretationCursor cursor = decomposition.interpretations();
    Interpretation interpretation;
    while (cursor.next(interpretation)) {
      const Realisations all(context, interpretation);
      const std::uint64_t count = all.abstract_groups().empty() ? 1 : all.count();
      realisations += count;
      // A concrete interpretation is its own one realisation: scored as it is.
      const auto score_one = [&](const Interpretation& realised) {
        const Reading reading = make_reading(context, realised);
        ScoreFeatures features;
        make_score_features(context, reading, features);
        std::vector<PatternHit> hits;
        evaluate_patterns(*scoring_rules(rules), features, hits);
        ReadingValue value;
        compute_value(*scoring_rules(rules), features, hits, value);
        if (!any || compare_readings(value, best_value) > 0) best_value = value;
        any = true;
      };
      if (all.abstract_groups().empty()) {
        score_one(interpretation);
        continue;
      }
      all.list([&](std::span<const Group> concrete) {
        Interpretation realised = interpretation;
        for (std::size_t a = 0; a < concrete.size(); ++a) {
          realised.groups[static_cast<std::size_t>(all.abstract_groups()[a])] = concrete[a];
        }
        if (realised.winning_group >= 0) {
          const Group& winning = realised.groups[static_cast<std::size_t>(realised.winning_group)];
          if (winning.winning_slot() >= 0) realised.wait = wait_shape(winning, rules);
        }
        score_one(realised);
        return true;
      });
    }
    const HandScore& score = scorer.score(hand, win);
    REQUIRE(score.unscored_realisations == 0);
    // Folding alike realisations loses none: their counts add up to every realisation.
    std::uint64_t folded = 0;
    for (const ScoredReading& reading : score.readings) folded += reading.alike;
    CHECK(folded == realisations);
    CHECK(score.scored == realisations);
    if (any) {
      REQUIRE(score.best_reading() != nullptr);
      CHECK(compare_readings(score.best_reading()->value, best_value) == 0);
    }
    // Two listed readings of one interpretation never score alike.
    for (std::size_t a = 0; a < score.readings.size(); ++a) {
      for (std::size_t b = a + 1; b < score.readings.size(); ++b) {
        if (score.readings[a].interpretation != score.readings[b].interpretation) continue;
        const bool same = same_hits(score.readings[a].hits, score.readings[b].hits) &&
                          compare_readings(score.readings[a].value, score.readings[b].value) == 0 &&
                          score.readings[a].value.payments == score.readings[b].value.payments;
        CHECK(!same);
      }
    }
  }
}
