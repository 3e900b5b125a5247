#pragma once
/// A hand and its situation as a program gives them (a hand string, and the context's fields as a
/// JSON object: docs/cli.md, "Context fields"), read and checked into what an answer is computed
/// from. `batch`, `bench --input`, the C++ package's users and the Python module read hands
/// through these, so that one line gives one answer whichever of them reads it.

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/model/field_value.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

/// How hands are read: the wildcard tiles chosen for every hand (`--wild`), those its indicator
/// chooses (`--indicator`; a line's own `indicator` replaces them), and the notation.
struct HandReading {
  TileMask wild = 0;
  TileMask indicated = 0;
  Notation notation = Notation::meldgraph;
};

/// A line as `batch` reads it: a hand as it is, or a JSON object of a `hand`, its situation and
/// the wildcard indicator of its deal.
struct HandLine {
  std::string hand;
  std::optional<WinContext> context;  ///< present when the line is a JSON object
  std::string indicator;              ///< the line's `indicator` tile, empty when none
};

/// Reads a line (not empty, trimmed): a hand as it is when it does not start with `{`, else a
/// JSON object (docs/cli.md, "batch"): a `hand` string, an optional `indicator` tile and
/// `index`, and the situation, either as the context fields themselves or, as `corpus` writes
/// it, as an object `context`. A line with an `index` or a `context` is a corpus's: its other
/// fields (labels) are not read, and without `context` it gives no situation.
/// Throws Error for malformed JSON, and ContextError naming the field for a missing or bad one.
[[nodiscard]] HandLine read_hand_line(const RuleSet& rules, const std::string& line);

/// Reads a JSON object of a `hand` string and the context fields, as read_hand_line reads a line
/// that is one (the Python module's items are such objects already). Throws ContextError naming
/// the field for a missing hand or a missing or bad field, and for an `object` that is no object.
[[nodiscard]] HandLine read_hand_object(const RuleSet& rules, const nlohmann::json& object);

/// read_hand_object of an object whichever parser made it (model/field_value.hpp): the one reader
/// behind read_hand_line and read_hand_object, and the Python module's reader of dicts.
[[nodiscard]] HandLine read_hand_fields(const RuleSet& rules, const FieldValue& object);

/// read_hand_fields of the object whose members are `members`, in any order (a Python dict's, a
/// line's as written), not yet settled: one pass over them, without sorting or looking members
/// up, a repeated key's last value counting as when settled. The answer and the error are
/// read_hand_fields's: the error is that of the settled object (the members are then settled in
/// place).
[[nodiscard]] HandLine read_hand_members(const RuleSet& rules, std::span<FieldValue> members);

/// The rows of a CSV file of hands as `corpus --format csv` writes them (docs/cli.md, "batch"): a
/// header naming the columns, among them `hand`, and optionally `indicator` and the situation's
/// columns `context.FIELD`; other columns (`index`, labels, `error`) are not read. A row is read
/// as the corpus's JSON line of the same record would be: its context is the `context.` cells
/// that are not empty (`true`/`false` a flag, a whole number a count, any other text as it is),
/// and a row of a file without context columns gives no situation.
class CsvHandRows {
 public:
  /// The layout of `header` (a CSV line), or nullopt when it is no header of hands: it has no
  /// column named `hand`, or starts as a JSON object does.
  [[nodiscard]] static std::optional<CsvHandRows> from_header(std::string_view header);
  /// Reads `row` (RFC 4180 quoting) as read_hand_line reads a line: Error for a row whose cells do
  /// not fit the header, ContextError naming the field (`context.riichi`) for a bad cell.
  [[nodiscard]] HandLine read(const RuleSet& rules, std::string_view row) const;
  [[nodiscard]] const std::vector<std::string>& columns() const { return columns_; }

 private:
  std::vector<std::string> columns_;
  bool has_context_ = false;
};

/// A hand and its situation, checked against each other, ready for HandAnalysis.
struct HandInput {
  Hand hand;
  /// The situation, the default WinContext when none was given; the hand's own bonus tiles are
  /// its flowers (merge_hand_flowers).
  WinContext context;
  bool has_context = false;  ///< a situation was given
};

/// Reads `hand_text` under `rules` and `reading` (with the wildcards `indicator` chooses in place
/// of `reading.indicated` when it is not empty: ContextError on `indicator` for a bad tile), checks
/// `context` (when given) against the hand and merges the hand's own flowers into it. Throws
/// NotationError with the hand's column, and ContextError naming the field.
[[nodiscard]] HandInput read_hand_input(const RuleSet& rules, std::string_view hand_text,
                                        std::optional<WinContext> context,
                                        const HandReading& reading = {},
                                        std::string_view indicator = {});

}  // namespace meldgraph
