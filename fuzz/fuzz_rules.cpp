/// The rule loader: any text as a rule file. It loads, or fails with an Error naming the place;
/// a rule set it loads is one whose dump loads again to the same dump (parse once, then freeze:
/// the dump is the frozen rule set), and whose queries answer a fixed hand without crashing.

#include <optional>
#include <string>

#include "fuzz_support.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/answers/rule_sets.hpp"

namespace {

/// A dump without its first line, the comment naming where the rule set was loaded from.
std::string without_source(const std::string& dump) {
  return dump.rfind("# ", 0) == 0 ? dump.substr(dump.find('\n') + 1) : dump;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace meldgraph;
  const std::string yaml(reinterpret_cast<const char*>(bytes), size);
  std::optional<RuleSet> loaded;
  try {
    loaded.emplace(load_rules_from_string(yaml, "<fuzz>"));
  } catch (const Error&) {
    return 0;  // rejected with a message: what a bad rule file must get
  }
  const RuleSet& rules = *loaded;
  const std::string dump = dump_rules(rules);
  try {
    const RuleSet again = load_rules_from_string(dump, "<dump>");
    fuzz::require(without_source(dump_rules(again)) == without_source(dump),
                  "the dump of a loaded rule file loads differently:\n" + dump);
  } catch (const Error& error) {
    fuzz::require(false, std::string("the dump of a loaded rule file does not load: ") +
                             error.what());
  }
  // The queries on a hand of the rule set's size, made of its first tiles (any answer is fine).
  try {
    const Hand hand = parse_hand("123m456p789s1122z", rules);
    static_cast<void>(is_win(rules, hand));
    static_cast<void>(shanten_number(rules, hand));
  } catch (const Error&) {
  }
  return 0;
}
