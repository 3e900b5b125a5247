/// The lookup tables against the exact search under fuzzed rule files. The input picks a shipped
/// rule set and changes it the way a user's rule file would (`extends:` it, then keys of `hand`,
/// `wildcards` and `forms` set to values the input chooses), then a hand under the variant is
/// compared as fuzz_differential compares it (differential_check.hpp). A variant the loader
/// refuses is skipped: fuzz_rules checks the loader's errors. The suits are never changed, so the
/// variants read the tables LLVMFuzzerInitialize built (a first build under the instrumentation
/// takes longer than the per-input timeout).

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "differential_check.hpp"
#include "meldgraph/answers/rule_sets.hpp"

namespace {

using meldgraph::RuleSet;

/// One of `choices`, picked by the input.
template <std::size_t N>
const char* pick(FuzzedDataProvider& data, const std::array<const char*, N>& choices) {
  return choices[data.ConsumeIntegralInRange<std::size_t>(0, N - 1)];
}

const char* yes_no(FuzzedDataProvider& data) { return data.ConsumeBool() ? "true" : "false"; }

/// The rule file of a variant of `base`: each section is changed or left as inherited, by the
/// input's choice.
std::string variant_rule_file(const RuleSet& base, FuzzedDataProvider& data) {
  std::string yaml = "name: fuzzed\nextends: " + base.name() + "\n";
  if (data.ConsumeBool()) {
    yaml += "hand:\n";
    yaml += "  tiles: " + std::string(pick<4>(data, {{"5", "8", "14", "17"}})) + "\n";
    yaml += "  exhausted_waits: " + std::string(yes_no(data)) + "\n";
    yaml += "  missing_suits: " + std::to_string(data.ConsumeIntegralInRange(0, 1)) + "\n";
  }
  if (data.ConsumeBool()) {
    yaml += "wildcards:\n";
    yaml += "  jokers: " + std::to_string(data.ConsumeIntegralInRange(0, 8)) + "\n";
    yaml += "  tiles: \"" + std::string(pick<5>(data, {{"", "5z", "1m", "9s", "5z1m"}})) + "\"\n";
    yaml += "  exceed_copies: " + std::string(yes_no(data)) + "\n";
    yaml += "  max_in_win: " + std::to_string(data.ConsumeIntegralInRange(0, 3)) + "\n";
    yaml += "  natural_use: " + std::string(yes_no(data)) + "\n";
  }
  if (data.ConsumeBool()) {
    yaml += "forms:\n  standard:\n    type: melds\n";
    yaml += "    pair_wildcards: " +
            std::string(pick<3>(data, {{"any", "with_natural", "none"}})) + "\n";
    if (data.ConsumeBool()) yaml += "    pair_tiles: \"258m258p258s\"\n";
    yaml += "  seven_pairs:\n    type: pairs\n    pairs: 7\n";
    yaml += "    four_as_two_pairs: " + std::string(yes_no(data)) + "\n";
    yaml += "    enabled: " + std::string(yes_no(data)) + "\n";
    yaml += "  thirteen_orphans:\n    type: set\n    tiles: \"19m19p19s1234567z\"\n";
    yaml += "    enabled: " + std::string(yes_no(data)) + "\n";
  }
  return yaml;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  meldgraph::fuzz::build_tables_first();
  // The capped tables too (wildcards never beyond a tile's copies), which few shipped sets read.
  for (const RuleSet& base : meldgraph::fuzz::shipped_rule_sets()) {
    try {
      meldgraph::fuzz::build_tables_first(meldgraph::load_rules_from_string(
          "name: capped\nextends: " + base.name() + "\nwildcards:\n  jokers: 4\n"
          "  exceed_copies: false\n",
          "<fuzz set-up>"));
    } catch (const meldgraph::Error&) {
      // a base these keys do not fit: its variants are refused the same way
    }
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace meldgraph;
  FuzzedDataProvider data(bytes, size);
  const RuleSet& base = fuzz::pick_rules(data);
  const std::string yaml = variant_rule_file(base, data);
  std::optional<RuleSet> rules;
  try {
    rules.emplace(load_rules_from_string(yaml, "<fuzz>"));
  } catch (const Error&) {
    return 0;
  }
  const std::string text = data.ConsumeRemainingBytesAsString();
  const std::optional<Hand> hand = fuzz::parsed_or_skip(text, *rules);
  if (!hand) return 0;
  InterpretationLister lister(*rules);
  fuzz::require_tables_agree(*rules, lister, *hand, "'" + text + "' under the rule file\n" + yaml);
  return 0;
}
