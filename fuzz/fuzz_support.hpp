#pragma once
/// What the libFuzzer targets share (docs/fuzzing.md): the shipped rule sets loaded once, one
/// picked by the input, and a check that aborts (a finding) with a message.

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/answers/rule_sets.hpp"

namespace meldgraph::fuzz {

/// Every shipped rule set, loaded on first use and kept for the whole run.
inline const std::vector<RuleSet>& shipped_rule_sets() {
  static const std::vector<RuleSet> sets = [] {
    std::vector<RuleSet> loaded;
    for (const std::string& name : builtin_rule_names()) loaded.push_back(load_rules(name));
    return loaded;
  }();
  return sets;
}

/// The shipped rule sets with a scoring section.
inline const std::vector<const RuleSet*>& scored_rule_sets() {
  static const std::vector<const RuleSet*> sets = [] {
    std::vector<const RuleSet*> scored;
    for (const RuleSet& rules : shipped_rule_sets()) {
      if (scoring_rules(rules) != nullptr) scored.push_back(&rules);
    }
    return scored;
  }();
  return sets;
}

/// Builds every lookup table the queries of `rules` read, by asking them about a few random
/// hands: each table is built on first use, which under the sanitizers' and libFuzzer's
/// instrumentation takes longer than the per-input timeout and would be reported as a hang of
/// whichever input came first. Called from the targets' LLVMFuzzerInitialize.
inline void build_tables_first(const RuleSet& rules) {
  RandomHands hands(rules, 1);
  for (const int wildcards : {0, 2}) {
    try {
      const int size = rules.hand_tiles();
      static_cast<void>(is_win(rules, hands.complete(size - (size - 2) % 3, wildcards)));
      static_cast<void>(shanten_number(rules, hands.random(size - (size - 2) % 3, wildcards)));
      static_cast<void>(wait_mask(rules, hands.ready(size - (size - 2) % 3 - 1, wildcards)));
    } catch (const std::exception&) {
      // a rule set without a standard form or wildcards: nothing more to build
    }
  }
}

/// The tables of every shipped rule set (build_tables_first above).
inline void build_tables_first() {
  for (const RuleSet& rules : shipped_rule_sets()) build_tables_first(rules);
}

/// One rule set, chosen by the input's first byte.
inline const RuleSet& pick_rules(FuzzedDataProvider& data) {
  const std::vector<RuleSet>& sets = shipped_rule_sets();
  return sets[data.ConsumeIntegralInRange<std::size_t>(0, sets.size() - 1)];
}

/// The hand `text` reads as under `rules`, or nothing when the parser refuses it with an Error
/// (what bad input must get: the target has nothing more to check on it).
inline std::optional<Hand> parsed_or_skip(const std::string& text, const RuleSet& rules,
                                          Notation notation = Notation::meldgraph) {
  try {
    return parse_hand(text, rules, 0, notation);
  } catch (const Error&) {
    return std::nullopt;
  }
}

/// A property the target checks: abort with both sides when it fails, which libFuzzer records as
/// a crash with the input that caused it.
inline void require(bool holds, const std::string& what) {
  if (holds) return;
  std::fprintf(stderr, "meldgraph fuzz: property failed: %s\n", what.c_str());
  std::abort();
}

}  // namespace meldgraph::fuzz
