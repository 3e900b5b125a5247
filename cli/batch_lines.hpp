#pragma once
/// One line of `batch` input and its answer (docs/cli.md, "batch"): shared by `batch`, `bench
/// --input` and the fuzz target that feeds batch lines (fuzz/fuzz_batch.cpp).

#include <optional>
#include <string>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph::cli {

/// A batch line: a hand, or a JSON object of a `hand` and the context fields.
struct BatchLine {
  std::string hand;
  std::optional<WinContext> context;
};

/// Reads a line (not empty): a hand as it is, or a JSON object of a `hand` and a context. Throws
/// Error for malformed JSON and ContextError naming the field for a bad object.
[[nodiscard]] BatchLine read_batch_line(const RuleSet& rules, const std::string& line);

/// One batch line's answer, newline included: the hand as read (normalised) and the rule set,
/// the context when the line gave one, then the analyzer's fields. Input errors become the
/// line's answer, with the hand as given.
[[nodiscard]] std::string batch_answer(const RuleSet& rules, TileMask wild, Notation notation,
                                       const Analyzer& analyzer, const std::string& line);

}  // namespace meldgraph::cli
