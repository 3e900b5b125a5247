#pragma once
/// A score answer written straight as one `batch` line: the JSON object `batch --op score` writes
/// (docs/cli.md, "score"), byte for byte as write_score_json and nlohmann write it, or one CSV row,
/// either of them cut to the fields asked for (`--fields`, `--best`). No document is built: this
/// is what lets `batch` keep up with the scorer (docs/performance.md, "Batch lines").

#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/answers/score.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

/// The top-level fields a line keeps (`--fields a,b,c`); all of them when `all`.
struct FieldSelection {
  bool all = true;
  std::vector<std::string> names;  ///< in the order given (the CSV columns' order)

  [[nodiscard]] bool has(std::string_view name) const;
};

/// Reads `--fields`' comma list. Throws Error naming a field that is not one of `known` (the
/// fields the answer has), with the known ones listed.
[[nodiscard]] FieldSelection parse_field_selection(std::string_view list,
                                                   const std::vector<std::string>& known);

/// Every top-level field a score line may have under `rules` (which must have a scoring
/// section), in sorted order: the line's `hand`, `rules`, `context`, `error` and the answer's.
[[nodiscard]] std::vector<std::string> score_line_fields(const RuleSet& rules);

/// The head of a line: the hand as read (normalised) and, when the line gave one, its context.
struct LineHead {
  std::string_view hand;
  const WinContext* context = nullptr;
};

/// Appends the score line of `answer` (a newline included) as JSON: "hand", and the fields
/// `fields` keeps of {"rules", "context" when given, and write_score_json's}. Returns false, having
/// appended nothing, when some text is not valid UTF-8 (then nlohmann's writer, which replaces
/// the bad bytes, is the one to use).
[[nodiscard]] bool write_score_line_json(const ScoreAnswer& answer, const RuleSet& rules,
                                         const LineHead& head, const FieldSelection& fields,
                                         std::string& out);

/// The CSV columns of a score line: `fields`' names, or when it keeps all of them the flat ones
/// (hand, wins, no_win_reason, UNIT, fu, points, yakuman, limit, dora, ura, red, patterns,
/// readings, error).
[[nodiscard]] std::vector<std::string> score_csv_columns(const RuleSet& rules,
                                                         const FieldSelection& fields);

/// Appends one CSV row (RFC 4180 quoting, a newline included) of `columns`: numbers and booleans
/// as JSON writes them, strings as they are, `patterns` as the ids joined by spaces, `payments` as
/// `E:+8000 S:-4000 ...`, any other nested field as its compact JSON. `error` is the line's
/// error (empty when it has none, then the answer's fields are written; else only `hand`).
void write_score_csv_row(const ScoreAnswer* answer, const RuleSet& rules, const LineHead& head,
                         std::string_view error, const std::vector<std::string>& columns,
                         std::string& out);

/// How a batch writes its lines: JSON objects or CSV rows (of `columns`), cut to `fields`.
struct LineFormat {
  FieldSelection fields;
  bool csv = false;
  std::vector<std::string> columns;  ///< CSV only
};

/// write_score_line_json or write_score_csv_row, as `format` says; false as
/// write_score_line_json.
[[nodiscard]] bool write_score_line(const ScoreAnswer& answer, const RuleSet& rules,
                                    const LineHead& head, const LineFormat& format,
                                    std::string& out);

/// Appends `context` as JSON, the bytes of win_context_to_json(context, rules).dump(): a score
/// line's "context", written without a document.
void write_win_context_json(const WinContext& context, const RuleSet& rules, std::string& out);

/// The CSV header of `columns`, a newline included.
[[nodiscard]] std::string csv_header(const std::vector<std::string>& columns);

/// `text` as one CSV field: quoted, with quotes doubled, when it holds a comma, a quote or a line
/// break.
void append_csv_field(std::string_view text, std::string& out);

}  // namespace meldgraph
