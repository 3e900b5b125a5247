#pragma once
/// One line of `batch` input and its answer (docs/cli.md, "batch"): shared by `batch`, `bench
/// --input` and the fuzz target that feeds batch lines (fuzz/fuzz_batch.cpp).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph::cli {

/// Longest input line `batch` holds: a hand with its context takes well under a kilobyte, so
/// anything longer is refused as it is read, without holding it.
inline constexpr std::size_t kMaxBatchLineBytes = std::size_t{1} << 20;

/// `line` without the spaces, tabs and carriage returns around it.
[[nodiscard]] std::string_view trimmed_view(std::string_view line);
[[nodiscard]] std::string trimmed_line(const std::string& line);

/// One input line of a batch: its text (trimmed), and when it was longer than
/// kMaxBatchLineBytes, the bytes past the part held (`text` is then its first bytes).
struct BatchInput {
  std::string text;
  std::size_t skipped = 0;
  /// The layout of the CSV file the line is a row of (its header was the input's first line),
  /// else nullptr: the line is a hand or a JSON object.
  const CsvHandRows* csv = nullptr;
};

/// How a batch reads its hands: under `rules`, as `hands` says (global_options' hand_reading).
struct BatchLineReading {
  const RuleSet& rules;
  HandReading hands;
};

/// One batch line's answer, newline included: the hand as read (normalised) and the rule set,
/// the context when the line gave one, then the analyzer's fields (computed with `workspace`,
/// the calling thread's). Input errors become the line's answer, with the hand as given; a line
/// longer than kMaxBatchLineBytes is answered with its first bytes and its length.
[[nodiscard]] std::string batch_answer(const BatchLineReading& reading, const Analyzer& analyzer,
                                       AnswerWorkspace& workspace, const BatchInput& line,
                                       const LineFormat& format = {});
/// The same, appended to `out` (a batch's answer strings are reused from line to line).
void batch_answer(const BatchLineReading& reading, const Analyzer& analyzer,
                  AnswerWorkspace& workspace, const BatchInput& line, const LineFormat& format,
                  std::string& out);

}  // namespace meldgraph::cli
