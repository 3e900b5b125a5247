#pragma once
/// What the one-hand commands (analyze, explain) share: the hand and its situation read from the
/// command line, their answer options, and the head of their answers.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "global_options.hpp"
#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph::cli {

/// The context the situation options give (`fields`, SituationOptions::context_fields), read by
/// the one context parser; its errors name the option.
[[nodiscard]] WinContext read_context_options(const nlohmann::json& fields, const RuleSet& rules);

/// The hand the command was given, read by the one notation parser with the global options'
/// wildcards and notation, and its situation checked against it (a winning tile the hand lacks,
/// too many copies of an indicator, ...); a context error names its option.
[[nodiscard]] HandAnalysis read_analysis(const GlobalOptions& global, const RuleSet& rules,
                                         const std::string& hand_text, const WinContext& context);

/// The answer options of a one-hand command: one hand never repays building the lookup tables,
/// so it answers from the search unless `--answers-from tables` asks otherwise.
[[nodiscard]] AnswerOptions single_hand_options(const GlobalOptions& global, std::uint64_t limit);

/// The fields every JSON answer of `analyze` and `explain` starts with: the hand as read, the
/// rule set's name and the context (docs/cli.md).
[[nodiscard]] nlohmann::json analysis_json_head(const HandAnalysis& analysis);

/// Prints a one-hand command's JSON answer: indented by two, bad UTF-8 replaced.
void print_answer_json(const nlohmann::json& answer);

}  // namespace meldgraph::cli
