#pragma once
/// What the libFuzzer targets share (docs/fuzzing.md): the shipped rule sets loaded once, one
/// picked by the input, and a check that aborts (a finding) with a message.

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "meldgraph/rules.hpp"

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
      if (rules.scoring() != nullptr) scored.push_back(&rules);
    }
    return scored;
  }();
  return sets;
}

/// One rule set, chosen by the input's first byte.
inline const RuleSet& pick_rules(FuzzedDataProvider& data) {
  const std::vector<RuleSet>& sets = shipped_rule_sets();
  return sets[data.ConsumeIntegralInRange<std::size_t>(0, sets.size() - 1)];
}

/// A property the target checks: abort with both sides when it fails, which libFuzzer records as
/// a crash with the input that caused it.
inline void require(bool holds, const std::string& what) {
  if (holds) return;
  std::fprintf(stderr, "meldgraph fuzz: property failed: %s\n", what.c_str());
  std::abort();
}

}  // namespace meldgraph::fuzz
