// Google Benchmark of the scorer's evaluation side (docs/performance.md, "Scoring"):
// evaluate_patterns alone over prepared feature records, and Scorer::score over whole hands.
// The hands are those of `meldgraph --rules riichi bench --op score` (RandomHands::complete of
// 14 tiles from seed 1, each given a winning tile and a situation by random_win_context), so
// that the figures compare with the command's. Items are readings (evaluate_patterns) or hands
// (Scorer::score): items_per_second is readings evaluated or hands scored per second.
//
//   build/bench/meldgraph_bench_scoring

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/pattern_rules.hpp"
#include "meldgraph/random_draws.hpp"
#include "meldgraph/random_hands.hpp"
#include "meldgraph/reading.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/score_features.hpp"
#include "meldgraph/scoring.hpp"
#include "meldgraph/scoring_rules.hpp"

namespace {

using namespace meldgraph;

constexpr int kHands = 2000;
constexpr std::uint64_t kSeed = 1;  // `meldgraph bench`'s default seed

/// The hands with their situations, and every reading's record, alive for the whole run.
struct Workload {
  RuleSet rules = load_rules("riichi");
  std::vector<Hand> hands;
  std::vector<WinContext> contexts;
  std::vector<std::unique_ptr<ReadingContext>> reading_contexts;  ///< records point into them
  std::vector<ScoreFeatures> records;
};

const Workload& workload() {
  static const std::unique_ptr<Workload> w = [] {
    auto out = std::make_unique<Workload>();
    RandomHands generator(out->rules, kSeed);
    RandomDraws draws(kSeed);
    for (int i = 0; i < kHands; ++i) {
      Hand hand = generator.complete(14, 0);
      const WinContext win = random_win_context(out->rules, hand, draws);
      out->hands.push_back(hand);
      out->contexts.push_back(win);
      auto context = std::make_unique<ReadingContext>();
      make_reading_context(out->rules, hand, win, *context);
      const Decomposition decomposition(out->rules, hand);
      InterpretationCursor cursor = decomposition.interpretations();
      Interpretation interpretation;
      while (cursor.next(interpretation)) {
        ScoreFeatures record;
        make_score_features(*context, make_reading(*context, interpretation), record);
        out->records.push_back(record);
      }
      out->reading_contexts.push_back(std::move(context));
    }
    return out;
  }();
  return *w;
}

void evaluate_patterns_riichi(benchmark::State& state) {
  const Workload& w = workload();
  const ScoringRules& scoring = *w.rules.scoring();
  std::vector<PatternHit> hits;
  std::size_t next = 0;
  for (auto _ : state) {
    evaluate_patterns(scoring, w.records[next], hits);
    benchmark::DoNotOptimize(hits.data());
    next = next + 1 == w.records.size() ? 0 : next + 1;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["readings"] = static_cast<double>(w.records.size());
}
BENCHMARK(evaluate_patterns_riichi);

void scorer_score_riichi(benchmark::State& state) {
  const Workload& w = workload();
  Scorer scorer(w.rules);
  std::size_t next = 0;
  for (auto _ : state) {
    const HandScore& score = scorer.score(w.hands[next], w.contexts[next]);
    benchmark::DoNotOptimize(score.best);
    next = next + 1 == w.hands.size() ? 0 : next + 1;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hands"] = static_cast<double>(w.hands.size());
}
BENCHMARK(scorer_score_riichi);

}  // namespace

BENCHMARK_MAIN();
