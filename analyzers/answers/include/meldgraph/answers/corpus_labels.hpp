#pragma once
/// The answers `corpus deal` and `corpus enumerate --label` write beside each hand, as a JSON
/// record or a CSV row (docs/corpus.md, "Records and labels" and "CSV"); the Python module's
/// corpus tables are the same rows (docs/python.md).
///
/// The record is built first, from the same answers and field names as `batch`; a CSV row is a
/// view of the record (one column per scalar, lists of tiles as MPSZ text), so each answer is
/// computed and named in one place.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

/// The labels, in the order their fields are written.
enum class Label : std::uint8_t { win, forms, waits, shanten, interpretations, score };

/// Reads `--label win,forms,...` (any order, no repeats); throws Error naming the option.
[[nodiscard]] std::vector<Label> parse_labels(const std::string& text);

/// What a corpus record holds besides its labels.
struct RecordShape {
  int size = 0;              ///< tiles in every hand of the corpus
  bool context = false;      ///< each hand has a situation (`context`)
  bool bonus = false;        ///< each hand has the bonus tiles dealt with it (`bonus`)
  bool indicator = false;    ///< each hand has an indicator of its own (`indicator`)
  bool forms_known = false;  ///< enumerated hands: win and forms come from the enumeration
  /// `--budget-ms`: the milliseconds the interpretations and score labels of a hand may take
  /// (AnalyzerOptions::budget_ms), 0: none; with one, CSV rows have the columns that say where
  /// it stopped them (`truncated_by`, `score.cut.by`).
  std::uint64_t budget_ms = 0;
};

/// The records of `corpus deal` under `deal` (checked by check_deal_options): a situation with
/// random_context, the bonus tiles dealt where hands are dealt as in play under a rule set with
/// bonus suits, an indicator per hand where the rule set turns one up and no wildcard is chosen.
[[nodiscard]] RecordShape dealt_record_shape(const RuleSet& rules, const DealOptions& deal,
                                             std::uint64_t budget_ms);

/// One hand of a corpus, as the labeller reads it.
struct CorpusHand {
  std::uint64_t index = 0;
  Hand hand;
  std::optional<WinContext> context;
  std::vector<TileId> bonus;
  TileId indicator = kNoTile;  ///< with RecordShape::indicator: the hand's indicator
  FormMask forms = 0;          ///< with RecordShape::forms_known: the forms the hand is complete in
};

/// Builds records and CSV rows. label() and csv_row() may run on many threads, each label() call
/// with the calling thread's workspace.
class Labeller {
 public:
  /// Throws Error naming `--label` when a label does not fit the hands (waits of a complete hand,
  /// a score without a scoring section), and naming `--budget-ms` when no label it bounds is
  /// asked for.
  Labeller(const RuleSet& rules, std::vector<Label> labels, const RecordShape& shape);

  /// The record of one hand: index, hand, bonus, context, then each label's fields (scored with
  /// `workspace`, the calling thread's). An error of the analysis becomes an `error` field after
  /// the labels answered before it, as in batch.
  [[nodiscard]] nlohmann::ordered_json label(const CorpusHand& hand,
                                             AnswerWorkspace& workspace) const;
  /// The CSV header line (newline included).
  [[nodiscard]] std::string csv_header() const;
  /// The record as a CSV row (newline included), columns as csv_header().
  [[nodiscard]] std::string csv_row(const nlohmann::ordered_json& record) const;
  /// The columns' names, as csv_header() writes them (unquoted).
  [[nodiscard]] std::vector<std::string> column_names() const;
  /// The record's cells, columns as csv_header(): what csv_row() writes, before it is text. A
  /// scalar is the record's value (number, bool or string), a list its text; null where the
  /// record has no such field (an empty cell).
  [[nodiscard]] std::vector<nlohmann::ordered_json> cells(
      const nlohmann::ordered_json& record) const;

 private:
  /// How a record field becomes a CSV cell.
  enum class Cell : std::uint8_t {
    scalar,        ///< a number, bool or string as written; missing: empty
    words,         ///< a list of strings, joined by spaces
    tiles,         ///< a list of tile codes, as MPSZ text
    tile_objects,  ///< a list of objects with a "tile", their tiles as MPSZ text
    texts,         ///< a list of objects with a "text", joined by " | "
    ids,           ///< a list of objects with an "id", joined by spaces
  };
  struct Column {
    std::string name;               ///< the header: the record's path, joined by '.'
    std::vector<std::string> path;  ///< keys from the record's top level
    Cell cell = Cell::scalar;
  };
  void add_columns();
  /// The record's fields that say which hand it is: index, hand, bonus, indicator, context.
  [[nodiscard]] nlohmann::ordered_json record_head(const CorpusHand& hand) const;
  /// Each label's fields, label by label, into `record`.
  void add_labels(const HandAnalysis& analysis, const CorpusHand& hand, AnswerWorkspace& workspace,
                  nlohmann::ordered_json& record) const;
  /// The win and forms labels' fields.
  void add_win(const HandAnalysis& analysis, const CorpusHand& hand,
               nlohmann::ordered_json& record) const;
  [[nodiscard]] bool has(Label label) const;
  [[nodiscard]] std::string cell_text(const nlohmann::ordered_json& value, Cell cell) const;

  const RuleSet* rules_;
  std::vector<Label> labels_;
  RecordShape shape_;
  AnswerOptions options_;  ///< the answers' options: `--budget-ms`, the tables
  std::vector<Column> columns_;
};

}  // namespace meldgraph
