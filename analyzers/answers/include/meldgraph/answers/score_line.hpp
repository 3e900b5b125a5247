#pragma once
/// A score answer written straight as one `batch` line: the JSON object `batch --op score` writes
/// (docs/cli.md, "score"), byte for byte as write_score_json and nlohmann write it, or one CSV row,
/// either of them cut to the fields asked for (`--fields`, `--best`). No document is built: this
/// is what lets `batch` keep up with the scorer (docs/performance.md, "Batch lines").

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/answers/score.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"

namespace meldgraph {

/// The top-level fields a line keeps (`--fields a,b,c`): all of them, or those named.
class FieldSelection {
 public:
  /// Every field.
  FieldSelection() = default;
  /// The fields `names` names (the CSV columns, in their order; no duplicates).
  explicit FieldSelection(std::vector<std::string> names);

  [[nodiscard]] bool all() const { return all_; }
  [[nodiscard]] const std::vector<std::string>& names() const { return names_; }
  /// The selection's identity: 0 for every field, else a number no other selection made by the
  /// names constructor has (a copy shares it, and its names). A writer of many lines keeps what
  /// it derives from a selection under its id (AnswerWorkspace::score_line_plan).
  [[nodiscard]] std::uint64_t id() const { return id_; }
  /// Asked a few dozen times a line, mostly of fields not kept: one bit of `bits_` rules those
  /// out before any name is compared.
  [[nodiscard]] bool has(std::string_view name) const {
    if (all_) return true;
    return ((bits_ >> name_bit(name)) & 1U) != 0 && has_name(name);
  }

 private:
  [[nodiscard]] static unsigned name_bit(std::string_view name) {
    return name.empty() ? 0U
                        : (static_cast<unsigned>(name.size()) * 7U +
                           static_cast<unsigned char>(name.front())) %
                              64U;
  }
  [[nodiscard]] bool has_name(std::string_view name) const;

  bool all_ = true;
  std::vector<std::string> names_;
  std::uint64_t bits_ = 0;  ///< bit name_bit(n) of every kept name n
  std::uint64_t id_ = 0;
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

/// What every score line of a rule set shares, rendered once: each pattern's entry of "patterns"
/// as JSON text around the numbers that change from hand to hand (its value in the rule set's
/// unit, its yakuman, how often it counted). A line then copies the text instead of escaping and
/// sorting a pattern's names each time. Immutable once made, so threads may share one; it refers
/// to `rules`, which must outlive it.
class ScoreLineTexts {
 public:
  /// Throws Error naming the rule set when it has no `scoring` section.
  explicit ScoreLineTexts(const RuleSet& rules);

  [[nodiscard]] const RuleSet& rules() const { return *rules_; }
  [[nodiscard]] const ScoringRules& scoring() const { return *scoring_; }
  /// The name of a pattern's value in a line: the rule set's unit (`han`, `fan`, ...).
  [[nodiscard]] std::string_view unit_key() const { return unit_key_; }
  /// Appends the "patterns" entry of `hit` (one object, as write_score_json writes it); false
  /// when the pattern's names are not valid UTF-8 (nothing is appended then).
  [[nodiscard]] bool write_pattern(const PatternHit& hit, std::string& out) const;

  /// A member a line may have: its key, which of score_line.cpp's member tables writes it, and
  /// the key as the line writes it (`"key":`, escaped once here).
  struct LineField {
    std::string_view key;
    std::uint8_t code;
    std::string json_key;
  };
  /// Every member a line may have, in key order (the unit's key, `han` or `fan`, among them), so
  /// that a line is written in order, each member in place.
  [[nodiscard]] const std::vector<LineField>& line_order() const { return line_order_; }

 private:
  /// The number a slot of an entry shows.
  enum class Slot : std::uint8_t { value, yakuman, times };
  /// texts[0], the number of slots[0], texts[1], ..., texts[n]: one more text than slots.
  struct Entry {
    std::vector<std::string> texts;
    std::vector<Slot> slots;
    bool invalid_utf8 = false;
  };
  [[nodiscard]] Entry render(std::size_t pattern, bool repeated) const;

  const RuleSet* rules_;
  const ScoringRules* scoring_;
  std::string_view unit_key_;
  std::vector<Entry> once_;      ///< by pattern, counted once (no "times" member)
  std::vector<Entry> repeated_;  ///< by pattern, with its "times"
  std::vector<LineField> line_order_;
};

/// The members a line of `fields` writes when present, in key order: ScoreLineTexts::line_order
/// less the fields `fields` leaves out (`hand` is always kept). A writer of many lines makes it
/// once per selection; `texts` must outlive it.
using ScoreLinePlan = std::vector<const ScoreLineTexts::LineField*>;
[[nodiscard]] ScoreLinePlan plan_score_line(const ScoreLineTexts& texts,
                                            const FieldSelection& fields);

/// Appends the score line of `answer` (a newline included) as JSON: "hand", and the fields
/// `fields` keeps of {"rules", "context" when given, and write_score_json's}. Returns false, having
/// appended nothing, when some text is not valid UTF-8 (then nlohmann's writer, which replaces
/// the bad bytes, is the one to use).
[[nodiscard]] bool write_score_line_json(const ScoreAnswer& answer, const ScoreLineTexts& texts,
                                         const LineHead& head, const FieldSelection& fields,
                                         std::string& out);
/// The same with the members planned once (plan_score_line of `texts`).
[[nodiscard]] bool write_score_line_json(const ScoreAnswer& answer, const ScoreLineTexts& texts,
                                         const LineHead& head, const ScoreLinePlan& plan,
                                         std::string& out);
/// The same with the rule set's texts made for this line alone.
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
/// write_score_line_json. `plan`, when given, is plan_score_line(texts, format.fields).
[[nodiscard]] bool write_score_line(const ScoreAnswer& answer, const ScoreLineTexts& texts,
                                    const LineHead& head, const LineFormat& format,
                                    std::string& out, const ScoreLinePlan* plan = nullptr);

/// Appends `context` as JSON, the bytes of win_context_to_json(context, rules).dump(): a score
/// line's "context", written without a document.
void write_win_context_json(const WinContext& context, const RuleSet& rules, std::string& out);

/// The CSV header of `columns`, a newline included.
[[nodiscard]] std::string csv_header(const std::vector<std::string>& columns);

/// `text` as one CSV field: quoted, with quotes doubled, when it holds a comma, a quote or a line
/// break.
void append_csv_field(std::string_view text, std::string& out);

}  // namespace meldgraph
