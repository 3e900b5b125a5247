/// The notation parser: any bytes, under every shipped rule set. A hand it accepts is one the
/// formatter writes back and the parser reads to the same hand; anything else is an Error (never
/// a crash, a hang or another exception).

#include <optional>
#include <string>

#include "fuzz_support.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace meldgraph;
  FuzzedDataProvider data(bytes, size);
  const RuleSet& rules = fuzz::pick_rules(data);
  const auto notation = static_cast<Notation>(data.ConsumeIntegralInRange<int>(0, 2));
  const std::string text = data.ConsumeRemainingBytesAsString();
  const std::optional<Hand> parsed = fuzz::parsed_or_skip(text, rules, notation);
  if (!parsed) return 0;
  const Hand& hand = *parsed;
  const std::string written = format_hand(hand, rules);
  Hand again;
  try {
    again = parse_hand(written, rules);
  } catch (const Error& error) {
    fuzz::require(false, "format_hand wrote '" + written + "', which does not parse: " +
                             error.what());
  }
  fuzz::require(again == hand, "'" + text + "' reads differently once written as '" + written + "'");
  return 0;
}
