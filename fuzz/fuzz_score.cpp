/// Scoring: a hand and a context built from the input, under each shipped rule set that scores.
/// The context is written as the JSON object a batch line carries and read by the one context
/// reader, so its checks run too. Every reading is scored; the best must be one of the listed or
/// counted readings, and a win has a non-negative value.

#include <nlohmann/json.hpp>
#include <string>

#include "fuzz_support.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/hand_flowers.hpp"
#include "meldgraph/model/win_context.hpp"

namespace {

/// A context object with fields drawn from the input; any field may be missing or contradict
/// another (the reader must refuse those with a ContextError).
nlohmann::json fuzzed_context(FuzzedDataProvider& data) {
  static const char* const kFlags[] = {
      "riichi",       "double_riichi", "ippatsu",      "last_tile",          "after_kong",
      "robbing_kong", "first_draw",    "last_of_kind", "after_kong_discard", "robbing_gold"};
  static const char* const kWinds[] = {"E", "S", "W", "N", "X"};
  static const char* const kFrom[] = {"left", "across", "right", "self", "nobody"};
  nlohmann::json context = nlohmann::json::object();
  context["win"] = data.ConsumeBool() ? "self-draw" : "discard";
  if (data.ConsumeBool()) context["from"] = kFrom[data.ConsumeIntegralInRange(0, 4)];
  context["seat"] = kWinds[data.ConsumeIntegralInRange(0, 4)];
  context["round"] = kWinds[data.ConsumeIntegralInRange(0, 4)];
  for (const char* flag : kFlags) {
    if (data.ConsumeIntegralInRange(0, 7) == 0) context[flag] = true;
  }
  if (data.ConsumeBool()) context["dora"] = data.ConsumeRandomLengthString(8);
  if (data.ConsumeBool()) context["ura"] = data.ConsumeRandomLengthString(8);
  if (data.ConsumeBool()) context["flowers"] = data.ConsumeIntegralInRange(0, 9);
  if (data.ConsumeBool()) context["honba"] = data.ConsumeIntegralInRange(-1, 20);
  if (data.ConsumeBool()) context["riichi_sticks"] = data.ConsumeIntegralInRange(-1, 20);
  return context;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace meldgraph;
  const std::vector<const RuleSet*>& scored = fuzz::scored_rule_sets();
  if (scored.empty()) return 0;
  FuzzedDataProvider data(bytes, size);
  const RuleSet& rules = *scored[data.ConsumeIntegralInRange<std::size_t>(0, scored.size() - 1)];
  AnswerOptions options;
  options.limit = data.ConsumeIntegralInRange<std::uint64_t>(0, 32);
  options.search_only = data.ConsumeBool();
  const nlohmann::json context_fields = fuzzed_context(data);
  const std::string text = data.ConsumeRemainingBytesAsString();
  try {
    const Hand hand = parse_hand(text, rules);
    WinContext context = parse_win_context(context_fields, rules);
    check_win_context(context, hand, rules);
    merge_hand_flowers(context, hand, rules, text);
    const HandAnalysis analysis(rules, hand, context);
    nlohmann::json out;
    AnswerWorkspace workspace(rules);
    builtin_analyzers().create("score", rules, options)->write_json(analysis, workspace, out);
    if (out.contains("readings") && out.contains("best") && out["best"].is_number()) {
      fuzz::require(out["best"].get<std::int64_t>() >= 0 &&
                        out["best"].get<std::uint64_t>() < out["readings"].get<std::uint64_t>(),
                    "the best reading is not one of the readings: " + out.dump());
    }
  } catch (const Error&) {
  }
  return 0;
}
