// Google Benchmark suite of the queries behind meldgraph/queries.hpp and of listing
// interpretations, over hands generated before timing starts. Each benchmark's items are hands:
// items_per_second is hands per second, comparable with `meldgraph bench`'s hands_per_s.
//
// The workloads are those of `meldgraph bench` (docs/performance.md): random 14-tile hands for
// win, ready 13-tile hands for waits, random 13- and 14-tile hands alternately for shanten,
// complete 14-tile hands for interpretations, with 0 to 8 wildcards where the rule set has them.
// `laizi_natural` is laizi's workload without wildcards, which separates the cost of wildcards
// from the cost of laizi's extra forms.
//
//   build/release/bench/meldgraph_bench --benchmark_filter=laizi

#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/search/listing.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/answers/rule_sets.hpp"

namespace {

using namespace meldgraph;

/// Hands per workload: enough that the cycle through them is not a handful of cached cases.
constexpr int kHands = 1000;
/// The seed of `meldgraph bench`, so that both time the same hands.
constexpr std::uint64_t kSeed = 1;

enum class Op { win, waits, shanten, standard_shanten, interpretations };

/// A rule set and its hands, alive for the whole run (benchmarks hold pointers to them).
struct Workload {
  RuleSet rules;
  std::vector<Hand> hands;
};

std::vector<Hand> make_hands(const RuleSet& rules, Op op, int max_wildcards) {
  RandomHands generator(rules, kSeed);
  const int size = std::min(14, static_cast<int>(rules.hand_tiles()));
  std::vector<Hand> hands;
  hands.reserve(kHands);
  for (int i = 0; i < kHands; ++i) {
    switch (op) {
      case Op::win:
        hands.push_back(generator.random(size, max_wildcards));
        break;
      case Op::waits:
        hands.push_back(generator.ready(size - 1, max_wildcards));
        break;
      case Op::shanten:
      case Op::standard_shanten:
        hands.push_back(generator.random(size - 1 + i % 2, max_wildcards));
        break;
      case Op::interpretations:
        hands.push_back(generator.complete(size, max_wildcards));
        break;
    }
  }
  return hands;
}

/// The first enabled melds form with one pair (riichi's and laizi's standard form).
std::size_t standard_form(const RuleSet& rules) {
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (form.enabled && form.type == FormType::melds && form.pairs == 1) return f;
  }
  return 0;
}

/// Answers the query for one hand; the result goes through DoNotOptimize so it is computed.
void run_query(const RuleSet& rules, Op op, const Hand& hand) {
  switch (op) {
    case Op::win:
      benchmark::DoNotOptimize(is_win(rules, hand));
      break;
    case Op::waits:
      benchmark::DoNotOptimize(std::popcount(wait_mask(rules, hand)));
      break;
    case Op::shanten:
      benchmark::DoNotOptimize(shanten_number(rules, hand));
      break;
    case Op::standard_shanten:
      benchmark::DoNotOptimize(form_shanten(rules, hand, standard_form(rules)));
      break;
    case Op::interpretations:
      break;  // bench_interpretations: it keeps one lister for the whole run
  }
}

void bench_query(benchmark::State& state, const Workload* workload, Op op) {
  // One untimed pass first: the tables are built on first use, which is not the steady rate.
  for (const Hand& hand : workload->hands) run_query(workload->rules, op, hand);
  std::size_t next = 0;
  for (auto _ : state) {  // NOLINT(clang-analyzer-deadcode.DeadStores): Benchmark's loop idiom
    run_query(workload->rules, op, workload->hands[next]);
    next = next + 1 == workload->hands.size() ? 0 : next + 1;
  }
  state.SetItemsProcessed(state.iterations());
}

/// Lists every interpretation of each hand (InterpretationLister, as `meldgraph bench`): one
/// lister for the run, so its workspace is reused from hand to hand as a caller's would be.
void bench_interpretations(benchmark::State& state, const Workload* workload) {
  InterpretationLister lister(workload->rules);
  for (const Hand& hand : workload->hands) lister.list(hand, [](const Interpretation&) {});
  std::size_t next = 0;
  for (auto _ : state) {  // NOLINT(clang-analyzer-deadcode.DeadStores): Benchmark's loop idiom
    benchmark::DoNotOptimize(lister.list(workload->hands[next], [](const Interpretation&) {}));
    next = next + 1 == workload->hands.size() ? 0 : next + 1;
  }
  state.SetItemsProcessed(state.iterations());
}

void register_all(std::vector<std::unique_ptr<Workload>>& workloads) {
  struct Variant {
    const char* label;
    const char* rules;
    int max_wildcards;
  };
  const Variant variants[] = {
      {"riichi", "riichi", 8}, {"laizi", "laizi", 8}, {"laizi_natural", "laizi", 0}};
  const std::pair<const char*, Op> ops[] = {{"win", Op::win},
                                            {"waits", Op::waits},
                                            {"shanten", Op::shanten},
                                            {"standard_shanten", Op::standard_shanten},
                                            {"interpretations", Op::interpretations}};
  for (const auto& [op_name, op] : ops) {
    for (const Variant& variant : variants) {
      RuleSet rules = load_rules(variant.rules);
      std::vector<Hand> hands = make_hands(rules, op, variant.max_wildcards);
      workloads.push_back(std::make_unique<Workload>(Workload{std::move(rules), std::move(hands)}));
      const std::string name = std::string(op_name) + "/" + variant.label;
      if (op == Op::interpretations) {
        benchmark::RegisterBenchmark(name.c_str(), bench_interpretations, workloads.back().get());
      } else {
        benchmark::RegisterBenchmark(name.c_str(), bench_query, workloads.back().get(), op);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::unique_ptr<Workload>> workloads;
  register_all(workloads);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
