#pragma once
// The scoring benchmarks' one workload (bench_scoring.cpp, bench_values.cpp): the hands of
// `meldgraph --rules NAME bench --op score` (RandomHands::complete of 14 tiles from seed 1, each
// given a winning tile and a situation by random_win_context), so that the Google Benchmark
// figures compare with the command's, and every reading's feature record, built before timing
// starts. Header-only: each benchmark is its own executable.

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/features.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/answers/rule_sets.hpp"

namespace meldgraph::bench {

inline constexpr std::uint64_t kWorkloadSeed = 1;  // `meldgraph bench`'s default seed

/// The hands with their situations, and every reading's record, alive for the whole run.
/// Records point into `reading_contexts` (a record's context and win), hence the stable
/// addresses.
struct ScoringWorkload {
  explicit ScoringWorkload(std::string_view rules_name) : rules(load_rules(rules_name)) {}
  RuleSet rules;
  std::vector<Hand> hands;
  std::vector<WinContext> contexts;
  std::vector<std::unique_ptr<ReadingContext>> reading_contexts;
  std::vector<ScoreFeatures> records;  ///< every reading of every hand, in hand order
};

/// `count` hands of rule set `rules_name` (a shipped name), their situations and records.
inline std::unique_ptr<ScoringWorkload> make_scoring_workload(std::string_view rules_name,
                                                              int count) {
  auto out = std::make_unique<ScoringWorkload>(rules_name);
  RandomHands generator(out->rules, kWorkloadSeed);
  RandomDraws draws(kWorkloadSeed);
  for (int i = 0; i < count; ++i) {
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
    // The wait set is computed before timing (ReadingContext::waits_before), and so that the
    // records' shared context is never written while they are read.
    static_cast<void>(context->waits_before());
    out->reading_contexts.push_back(std::move(context));
  }
  return out;
}

}  // namespace meldgraph::bench
