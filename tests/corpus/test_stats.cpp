// Statistics (stats.hpp): the intervals against worked values, the exact reduction (shards merged
// in any order equal the single run; the words an MPI reduction ships add up to the merge), and
// the collector's counts against a slow count written here from the exact search
// (compute_shanten, compute_waits, Decomposition) and the scorer. Tagged [stats].

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/corpus/stats.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "test_scale.hpp"

namespace {

using meldgraph::Hand;
using meldgraph::HandStats;
using meldgraph::RuleSet;
using meldgraph::StatsCollector;
using meldgraph::StatsOptions;
using meldgraph::TileId;

std::vector<Hand> random_hands(const RuleSet& rules, int size, int count, std::uint64_t seed) {
  meldgraph::RandomHands generator(rules, seed);
  std::vector<Hand> hands;
  hands.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    // Mostly near-complete hands, so that waiting and complete hands are counted too.
    hands.push_back(i % 3 == 0 ? generator.random(size, 0)
                    : size % 3 == 2
                        ? (i % 3 == 1 ? generator.complete(size, 0) : generator.ready(size - 1, 0))
                        : generator.ready(size, 0));
  }
  return hands;
}

/// The shapes of each completion of a 3n+1 hand's waits, by the decomposition graph.
std::uint32_t reference_shapes(const RuleSet& rules, const Hand& hand,
                               const std::vector<meldgraph::WaitTile>& waits) {
  std::uint32_t shapes = 0;
  for (const meldgraph::WaitTile& wait : waits) {
    Hand complete = hand;
    ++complete.counts[wait.tile];
    complete.winning = wait.tile;
    const meldgraph::Decomposition decomposition(rules, complete);
    meldgraph::InterpretationCursor cursor = decomposition.interpretations();
    meldgraph::Interpretation interpretation;
    while (cursor.next(interpretation)) {
      shapes |= 1U << static_cast<unsigned>(interpretation.wait);
    }
  }
  return shapes & ~1U;  // `none` is not counted
}

/// HandStats of `hands` counted the slow way (no scoring).
HandStats reference_stats(const RuleSet& rules, const std::vector<Hand>& hands) {
  HandStats stats(rules);
  for (const Hand& hand : hands) {
    ++stats.hands;
    const meldgraph::ShantenResult shanten = meldgraph::compute_shanten(rules, hand);
    const int bucket = shanten.shanten + 1;  // -1 (complete) is bucket 0
    ++stats.shanten[static_cast<std::size_t>(bucket)];
    for (std::size_t f = 0; f < rules.forms().size(); ++f) {
      if (!rules.forms()[f].enabled) continue;
      const int value = shanten.of_form(f, meldgraph::kNoShanten);
      if (value == meldgraph::kNoShanten) {
        ++stats.form_not_applicable[f];
      } else {
        const int form_bucket = value + 1;
        ++stats.form_shanten[f][static_cast<std::size_t>(form_bucket)];
        if (value == shanten.shanten) ++stats.form_best[f];
      }
    }
    if (shanten.shanten != 0) continue;
    // The waiting hand: itself (3n+1), or the discard leaving the most waits, lowest first.
    Hand waiting = hand;
    std::vector<meldgraph::WaitTile> waits;
    if (hand.size(rules) % 3 == 1) {
      waits = meldgraph::compute_waits(rules, hand, nullptr).tiles;
    } else {
      for (TileId t = 0; t < rules.meldable_count(); ++t) {
        if (hand.counts[t] == 0) continue;
        Hand less = hand;
        --less.counts[t];
        less.red[t] = std::min(less.red[t], less.counts[t]);
        auto tiles = meldgraph::compute_waits(rules, less, nullptr).tiles;
        if (tiles.size() > waits.size()) {
          waits = tiles;
          waiting = less;
        }
      }
    }
    if (waits.empty()) continue;
    ++stats.waiting;
    ++stats.wait_kinds[waits.size()];
    const std::uint32_t shapes = reference_shapes(rules, waiting, waits);
    for (std::size_t s = 0; s < meldgraph::kStatsWaitShapes; ++s) {
      if ((shapes >> s & 1U) != 0) ++stats.wait_shapes[s];
    }
  }
  return stats;
}

}  // namespace

TEST_CASE("Wilson and normal intervals match worked values", "[stats]") {
  // 5 of 10: centre 0.5, half-width 1.96/(1+0.38416) * sqrt(0.025 + 0.0096040) = 0.26344.
  const meldgraph::Proportion half = meldgraph::wilson_interval(5, 10);
  CHECK(half.share == Approx(0.5));
  CHECK(half.low == Approx(0.23659).margin(1e-5));
  CHECK(half.high == Approx(0.76341).margin(1e-5));
  // 0 of 10: [0, z²/(n + z²)] = [0, 3.84146/13.84146].
  const meldgraph::Proportion none = meldgraph::wilson_interval(0, 10);
  CHECK(none.low == 0.0);
  CHECK(none.high == Approx(0.27753).margin(1e-5));
  CHECK(meldgraph::wilson_interval(0, 0).high == 0.0);
  // 1, 2, 3: mean 2, s = 1, half-width 1.96 / sqrt(3).
  const meldgraph::MeanInterval mean = meldgraph::normal_mean_interval(3, 6, 14);
  CHECK(mean.mean == Approx(2.0));
  CHECK(mean.high - mean.mean == Approx(1.959964 / 1.7320508).margin(1e-5));
  CHECK(mean.mean - mean.low == Approx(mean.high - mean.mean));
}

TEST_CASE("The collector's counts equal the exact search's", "[stats]") {
  for (const char* name : {"riichi", "laizi", "sichuan"}) {
    const RuleSet rules = meldgraph::load_rules(name);
    for (const int size : {14, 13, 8}) {
      CAPTURE(name, size);
      const auto hands = random_hands(rules, size, 300 / meldgraph::test::kScale, 7);
      StatsCollector collector(rules, StatsOptions{true, false});
      HandStats fast(rules);
      for (const Hand& hand : hands) collector.add(hand, nullptr, 0, fast);
      const HandStats slow = reference_stats(rules, hands);
      CHECK(fast.shanten == slow.shanten);
      CHECK(fast.form_shanten == slow.form_shanten);
      CHECK(fast.form_not_applicable == slow.form_not_applicable);
      CHECK(fast.form_best == slow.form_best);
      CHECK(fast.waiting == slow.waiting);
      CHECK(fast.wait_kinds == slow.wait_kinds);
      CHECK(fast.wait_shapes == slow.wait_shapes);
      CHECK(fast == slow);
      CHECK(fast.waiting > 0);
      if (size % 3 == 2) CHECK(fast.shanten[0] > 0);
    }
  }
}

TEST_CASE("Shards merged in any order equal the single run, words included", "[stats]") {
  const RuleSet rules = meldgraph::load_rules("riichi");
  const auto hands = random_hands(rules, 14, 600 / meldgraph::test::kScale, 11);
  StatsCollector collector(rules, StatsOptions{});
  REQUIRE(collector.scores());
  HandStats whole(rules);
  for (std::size_t i = 0; i < hands.size(); ++i) {
    collector.add(hands[i], nullptr, meldgraph::stats_seed(3, i), whole);
  }
  REQUIRE(whole.scored > 0);
  REQUIRE(whole.scored_wins > 0);
  constexpr std::size_t kShards = 3;
  std::vector<HandStats> shards(kShards, HandStats(rules));
  for (std::size_t i = 0; i < hands.size(); ++i) {
    collector.add(hands[i], nullptr, meldgraph::stats_seed(3, i), shards[i % kShards]);
  }
  for (const std::vector<std::size_t>& order :
       {std::vector<std::size_t>{0, 1, 2}, {2, 0, 1}, {1, 2, 0}}) {
    HandStats merged(rules);
    for (const std::size_t s : order) merged.merge(shards[s]);
    CHECK(merged == whole);
  }
  // The words of the shards, added element-wise, are the words of the whole.
  std::vector<std::uint64_t> sum(whole.to_words().size(), 0);
  for (const HandStats& shard : shards) {
    const auto words = shard.to_words();
    REQUIRE(words.size() == sum.size());
    for (std::size_t w = 0; w < words.size(); ++w) sum[w] += words[w];
  }
  HandStats read(rules);
  read.from_words(sum);
  CHECK(read == whole);
  CHECK(stats_to_json(read, rules, {}).dump() == stats_to_json(whole, rules, {}).dump());
}

TEST_CASE("Scored counts equal the scorer's best readings", "[stats]") {
  const RuleSet rules = meldgraph::load_rules("riichi");
  meldgraph::RandomHands generator(rules, 5);
  StatsCollector collector(rules, StatsOptions{false, true});
  meldgraph::Scorer scorer(rules);
  HandStats stats(rules);
  std::uint64_t wins = 0;
  long double sum = 0;
  long double squares = 0;
  std::vector<std::uint64_t> patterns(stats.patterns.size(), 0);
  const int count = 200 / meldgraph::test::kScale;
  for (int i = 0; i < count; ++i) {
    const Hand hand = generator.complete(14, 0);
    const std::uint64_t seed = meldgraph::stats_seed(9, static_cast<std::uint64_t>(i));
    collector.add(hand, nullptr, seed, stats);
    // The same situation, drawn here, scored directly.
    Hand scored = hand;
    meldgraph::RandomDraws draws(seed);
    const meldgraph::WinContext context = meldgraph::random_win_context(rules, scored, draws);
    const meldgraph::HandScore& score = scorer.score(scored, context);
    if (!score.wins) continue;
    ++wins;
    const auto points = static_cast<long double>(score.best_reading()->value.points);
    sum += points;
    squares += points * points;
    for (const meldgraph::PatternHit& hit : score.best_reading()->hits) ++patterns[hit.pattern];
  }
  CHECK(stats.scored == static_cast<std::uint64_t>(count));
  CHECK(stats.scored_wins == wins);
  CHECK(stats.patterns == patterns);
  const nlohmann::ordered_json report = stats_to_json(stats, rules, {});
  const meldgraph::MeanInterval expected = meldgraph::normal_mean_interval(wins, sum, squares);
  CHECK(report["score"]["points"]["mean"].get<double>() == Approx(expected.mean));
  CHECK(report["score"]["points"]["ci95"][1].get<double>() == Approx(expected.high));
  CHECK(wins > 0);
}

TEST_CASE("A scoring budget stops a heavy hand's scoring, and the cut is counted", "[stats]") {
  const RuleSet rules = meldgraph::load_rules("laizi");
  // Eight jokers: thousands of readings, far more than a millisecond's work.
  const Hand hand = meldgraph::parse_hand("11m********1234p", rules);
  StatsCollector unbounded(rules, StatsOptions{false, true, 0});
  StatsCollector bounded(rules, StatsOptions{false, true, 1});
  HandStats whole(rules);
  HandStats cut(rules);
  unbounded.add(hand, nullptr, 7, whole);
  bounded.add(hand, nullptr, 7, cut);
  CHECK(whole.scored == 1);
  CHECK(whole.scored_cut == 0);
  CHECK(cut.scored == 1);
  CHECK(cut.scored_cut == 1);
  // The count travels through a merge, the words and the report.
  HandStats merged(rules);
  merged.merge(cut);
  merged.merge(whole);
  CHECK(merged.scored_cut == 1);
  HandStats read(rules);
  read.from_words(merged.to_words());
  CHECK(read.scored_cut == 1);
  CHECK(stats_to_json(read, rules, {})["score"]["cut"].get<std::uint64_t>() == 1);
}

TEST_CASE("stats: points fall in ranges that double", "[stats]") {
  CHECK(meldgraph::points_range(-8000) == 0);
  CHECK(meldgraph::points_range(0) == 0);
  CHECK(meldgraph::points_range(1) == 1);
  CHECK(meldgraph::points_range(2) == 2);
  CHECK(meldgraph::points_range(3) == 2);
  CHECK(meldgraph::points_range(1000) == 10);   // 512-1023
  CHECK(meldgraph::points_range(1024) == 11);   // 1024-2047
  CHECK(meldgraph::points_range(48000) == 16);  // 32768-65535
  CHECK(meldgraph::points_range(std::numeric_limits<std::int64_t>::max()) ==
        meldgraph::kPointsRanges - 1);
}
