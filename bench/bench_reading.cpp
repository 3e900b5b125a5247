// Google Benchmark of reading input lines, the part of `batch` and `score_many` before any
// query: a hand's MPSZ text (parse_hand) and a whole corpus line (read_hand_line: the JSON, the
// situation's fields, the hand). Items are lines: items_per_second is lines read per second. The
// hands are those of `meldgraph --rules riichi bench --op score` (scoring_workload.hpp), written
// back as `corpus deal --complete --context random` writes them.
//
//   build/release/bench/meldgraph_bench_reading

#include <benchmark/benchmark.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/model/hand.hpp"
#include "scoring_workload.hpp"

namespace {

using namespace meldgraph;

constexpr int kHands = 1000;

struct ReadingWorkload {
  std::unique_ptr<bench::ScoringWorkload> scoring = bench::make_scoring_workload("riichi", kHands);
  std::vector<std::string> hand_texts;
  std::vector<std::string> lines;
};

const ReadingWorkload& workload() {
  static const std::unique_ptr<ReadingWorkload> w = [] {
    auto out = std::make_unique<ReadingWorkload>();
    const RuleSet& rules = out->scoring->rules;
    for (std::size_t i = 0; i < out->scoring->hands.size(); ++i) {
      std::string hand = format_hand(out->scoring->hands[i], rules);
      std::string line =
          "{\"index\":" + std::to_string(i) + ",\"hand\":\"" + hand + "\",\"context\":";
      write_win_context_json(out->scoring->contexts[i], rules, line);
      line += '}';
      out->hand_texts.push_back(std::move(hand));
      out->lines.push_back(std::move(line));
    }
    return out;
  }();
  return *w;
}

void parse_hand_riichi(benchmark::State& state) {
  const ReadingWorkload& w = workload();
  std::size_t next = 0;
  for (auto _ : state) {
    Hand hand = parse_hand(w.hand_texts[next], w.scoring->rules);
    benchmark::DoNotOptimize(hand);
    next = next + 1 == w.hand_texts.size() ? 0 : next + 1;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(parse_hand_riichi);

void read_hand_line_riichi(benchmark::State& state) {
  const ReadingWorkload& w = workload();
  std::size_t next = 0;
  for (auto _ : state) {
    HandLine line = read_hand_line(w.scoring->rules, w.lines[next]);
    benchmark::DoNotOptimize(line);
    next = next + 1 == w.lines.size() ? 0 : next + 1;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(read_hand_line_riichi);

}  // namespace

BENCHMARK_MAIN();
