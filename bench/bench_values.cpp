// Google Benchmark of compute_value (value_rules.hpp) alone: the fu, dora, points and payments of
// readings whose feature records are built before timing starts. Items are readings:
// items_per_second is readings valued per second. The readings are those of the hands of
// `meldgraph --rules riichi bench --op score` (scoring_workload.hpp, the same as
// bench_scoring's); one one-han pattern counted.
//
//   build/release/bench/meldgraph_bench_values

#include <benchmark/benchmark.h>

#include <cstddef>
#include <memory>
#include <vector>

#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"
#include "scoring_workload.hpp"

namespace {

using namespace meldgraph;

constexpr int kHands = 1000;

const bench::ScoringWorkload& workload() {
  static const std::unique_ptr<bench::ScoringWorkload> w =
      bench::make_scoring_workload("riichi", kHands);
  return *w;
}

void compute_value_riichi(benchmark::State& state) {
  const bench::ScoringWorkload& w = workload();
  const ScoringRules& scoring = *scoring_rules(w.rules);
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
