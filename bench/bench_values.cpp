// Google Benchmark of compute_value (value_rules.hpp) alone: the fu, dora, points and payments of
// readings whose feature records are built before timing starts. Items are readings:
// items_per_second is readings valued per second. The readings are those of complete random
// riichi hands (RandomHands::complete, the seed of `meldgraph bench`), the winning tile the
// hand's first concealed tile, under random contexts (self-draw or discard from a random seat,
// random winds, riichi, one or two dora indicators, honba); one one-han pattern counted.
//
//   build/bench/meldgraph_bench_values

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/random_draws.hpp"
#include "meldgraph/random_hands.hpp"
#include "meldgraph/reading.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/score_features.hpp"
#include "meldgraph/scoring_rules.hpp"
#include "meldgraph/value_rules.hpp"

namespace {

using namespace meldgraph;

constexpr int kHands = 1000;
constexpr std::uint64_t kSeed = 1;

/// Hands, their contexts and every reading's record, alive for the whole run.
struct Workload {
  RuleSet rules = load_rules("riichi");
  std::vector<std::unique_ptr<ReadingContext>> contexts;
  std::vector<ScoreFeatures> records;
};

WinContext random_context(RandomDraws& draws, const RuleSet& rules) {
  WinContext win;
  win.seat_wind = static_cast<Wind>(draws.below(4));
  win.round_wind = static_cast<Wind>(draws.below(2));
  if (draws.below(2) == 0) {
    win.win = WinKind::discard;
    win.from = static_cast<MeldSource>(1 + draws.below(3));
  }
  win.riichi = draws.below(2) == 0;
  for (std::uint64_t i = 0, n = 1 + draws.below(2); i < n; ++i) {
    win.dora.push_back(static_cast<TileId>(draws.below(rules.meldable_count())));
    win.ura.push_back(static_cast<TileId>(draws.below(rules.meldable_count())));
  }
  win.honba = static_cast<std::uint16_t>(draws.below(3));
  return win;
}

const Workload& workload() {
  static const std::unique_ptr<Workload> w = [] {
    auto out = std::make_unique<Workload>();
    RandomHands generator(out->rules, kSeed);
    RandomDraws draws(kSeed);
    for (int i = 0; i < kHands; ++i) {
      Hand hand = generator.complete(14, 0);
      for (TileId t = 0; t < out->rules.meldable_count(); ++t) {
        if (hand.counts[t] != 0) {
          hand.winning = t;
          break;
        }
      }
      auto context = std::make_unique<ReadingContext>(
          make_reading_context(out->rules, hand, random_context(draws, out->rules)));
      const Decomposition decomposition(out->rules, hand);
      InterpretationCursor cursor = decomposition.interpretations();
      Interpretation interpretation;
      while (cursor.next(interpretation)) {
        ScoreFeatures record;
        make_score_features(*context, make_reading(*context, interpretation), record);
        out->records.push_back(record);
      }
      out->contexts.push_back(std::move(context));
    }
    return out;
  }();
  return *w;
}

void compute_value_riichi(benchmark::State& state) {
  const Workload& w = workload();
  const ScoringRules& scoring = *w.rules.scoring();
  const std::vector<PatternHit> hits = {PatternHit{0, 1, 0, 1}};
  ReadingValue value;
  std::size_t next = 0;
  for (auto _ : state) {
    compute_value(scoring, w.records[next], hits, value);
    benchmark::DoNotOptimize(value.payments);
    next = next + 1 == w.records.size() ? 0 : next + 1;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["readings"] = static_cast<double>(w.records.size());
}
BENCHMARK(compute_value_riichi);

}  // namespace

BENCHMARK_MAIN();
