/// The lookup tables against the exact search on fuzzed hands under the shipped rule sets, with
/// the comparison of differential_check.hpp (`meldgraph check`'s, and the best reading's value
/// under the rule sets that score). Any difference is a finding.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "differential_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace meldgraph;
  FuzzedDataProvider data(bytes, size);
  const RuleSet& rules = fuzz::pick_rules(data);
  const std::string text = data.ConsumeRemainingBytesAsString();
  const std::optional<Hand> hand = fuzz::parsed_or_skip(text, rules);
  if (!hand) return 0;
  // One lister per rule set for the whole run, as `check` keeps one per thread.
  static std::vector<std::unique_ptr<InterpretationLister>> listers(
      fuzz::shipped_rule_sets().size());
  auto& lister = listers[static_cast<std::size_t>(&rules - fuzz::shipped_rule_sets().data())];
  if (!lister) lister = std::make_unique<InterpretationLister>(rules);
  fuzz::require_tables_agree(rules, *lister, *hand, "'" + text + "' under " + rules.name());
  return 0;
}
