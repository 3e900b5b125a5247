// Google Benchmark of the scorer's evaluation side (docs/performance.md, "Scoring"):
// evaluate_patterns alone over prepared feature records, and Scorer::score over whole hands.
// The hands are those of `meldgraph --rules riichi bench --op score` (scoring_workload.hpp).
// Items are readings (evaluate_patterns) or hands (Scorer::score): items_per_second is readings
// evaluated or hands scored per second.
//
//   build/release/bench/meldgraph_bench_scoring

#include <benchmark/benchmark.h>

#include <cstddef>
#include <memory>
#include <vector>

#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "scoring_workload.hpp"

namespace {

using namespace meldgraph;

constexpr int kHands = 2000;

const bench::ScoringWorkload& workload() {
  static const std::unique_ptr<bench::ScoringWorkload> w =
      bench::make_scoring_workload("riichi", kHands);
  return *w;
}

void evaluate_patterns_riichi(benchmark::State& state) {
  const bench::ScoringWorkload& w = workload();
  const ScoringRules& scoring = *scoring_rules(w.rules);
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
  const bench::ScoringWorkload& w = workload();
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
