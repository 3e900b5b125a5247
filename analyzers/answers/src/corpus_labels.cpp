/// Corpus records and their CSV rows (corpus_labels.hpp).

#include "meldgraph/answers/corpus_labels.hpp"

#include <algorithm>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/join.hpp>
#include <range/v3/view/transform.hpp>
#include <string_view>
#include <utility>

#include "meldgraph/answers/interpretations.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/shanten.hpp"
#include "meldgraph/answers/waits.hpp"
#include "meldgraph/answers/win.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand_flowers.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"

namespace meldgraph {
namespace {

constexpr std::string_view kLabelNames[] = {"win",     "forms",           "waits",
                                            "shanten", "interpretations", "score"};

std::string_view label_name(Label label) {
  return kLabelNames[static_cast<std::size_t>(label)];
}

std::string label_list() {
  return kLabelNames | ranges::views::join(std::string_view(", ")) | ranges::to<std::string>();
}

/// A CSV cell: quoted (RFC 4180) when it holds a comma, a quote or a line break.
std::string csv_quoted(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

}  // namespace

RecordShape dealt_record_shape(const RuleSet& rules, const DealOptions& deal,
                               std::uint64_t budget_ms) {
  const bool bonus = !deal.complete_only && !deal.ready_only &&
                     std::any_of(rules.suits().begin(), rules.suits().end(),
                                 [](const SuitInfo& suit) { return suit.bonus; });
  const bool indicator = rules.wildcards().indicator.enabled && deal.extra_wild == 0;
  return {.size = deal.size,
          .context = deal.random_context,
          .bonus = bonus,
          .indicator = indicator,
          .budget_ms = budget_ms};
}

std::vector<Label> parse_labels(const std::string& text) {
  std::vector<Label> labels;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string word = text.substr(start, comma - start);
    const auto* found = std::find(std::begin(kLabelNames), std::end(kLabelNames), word);
    if (found == std::end(kLabelNames)) {
      throw Error("--label " + text + ": unknown label '" + word + "'; the labels are " +
                  label_list());
    }
    const auto label = static_cast<Label>(found - std::begin(kLabelNames));
    if (std::find(labels.begin(), labels.end(), label) != labels.end()) {
      throw Error("--label " + text + ": '" + word + "' given twice");
    }
    labels.push_back(label);
    start = comma + 1;
  }
  std::sort(labels.begin(), labels.end());
  return labels;
}

Labeller::Labeller(const RuleSet& rules, std::vector<Label> labels, const RecordShape& shape)
    : rules_(&rules), labels_(std::move(labels)), shape_(shape) {
  const bool complete_size = shape.size % 3 == 2;
  options_.budget_ms = shape.budget_ms;
  const auto bounded = [](Label label) {
    return label == Label::interpretations || label == Label::score;
  };
  if (shape.budget_ms > 0 && std::none_of(labels_.begin(), labels_.end(), bounded)) {
    throw Error("--budget-ms bounds the interpretations and score labels; neither is asked for");
  }
  for (const Label label : labels_) {
    const std::string option = "--label " + std::string(label_name(label)) + ": ";
    const bool fits = label == Label::shanten || (label == Label::waits) != complete_size;
    if (!fits) {
      throw Error(option +
                  (complete_size ? "needs hands of 3n+1 tiles" : "needs hands of 3n+2 tiles") +
                  "; these hold " + std::to_string(shape.size));
    }
    if (label != Label::score) continue;
    try {
      static_cast<void>(require_scoring(rules));
    } catch (const Error& error) {
      throw Error(option + error.what());
    }
  }
  add_columns();
}

bool Labeller::has(Label label) const {
  return std::find(labels_.begin(), labels_.end(), label) != labels_.end();
}

nlohmann::ordered_json Labeller::record_head(const CorpusHand& corpus_hand) const {
  const RuleSet& rules = *rules_;
  nlohmann::ordered_json record;
  record["index"] = corpus_hand.index;
  record["hand"] = format_hand(corpus_hand.hand, rules);
  if (shape_.bonus) {
    TileCounts bonus{};
    for (const TileId t : corpus_hand.bonus) ++bonus[t];
    record["bonus"] = format_counts(bonus, rules);
  }
  if (shape_.indicator) {
    record["indicator"] =
        corpus_hand.indicator == kNoTile ? std::string() : rules.tile(corpus_hand.indicator).code;
  }
  if (shape_.context && corpus_hand.context) {
    record["context"] = win_context_to_json(*corpus_hand.context, rules);
  }
  return record;
}

void Labeller::add_win(const HandAnalysis& analysis, const CorpusHand& corpus_hand,
                       nlohmann::ordered_json& record) const {
  const RuleSet& rules = *rules_;
  WinAnswer win;
  if (shape_.forms_known) {
    // An enumerated hand is complete in the forms its enumeration found.
    for (std::size_t f = 0; f < rules.forms().size(); ++f) {
      if ((corpus_hand.forms >> f & 1U) != 0) win.forms.push_back(f);
    }
  } else {
    win = answer_win(analysis, options_);
  }
  if (has(Label::win)) record["win"] = shape_.forms_known || win.win();
  if (has(Label::forms)) record["forms"] = form_names_json(win.forms, rules);
}

void Labeller::add_labels(const HandAnalysis& analysis, const CorpusHand& corpus_hand,
                          AnswerWorkspace& workspace, nlohmann::ordered_json& record) const {
  const RuleSet& rules = *rules_;
  if (has(Label::win) || has(Label::forms)) add_win(analysis, corpus_hand, record);
  if (has(Label::waits)) {
    const WaitsAnswer waits = answer_waits(analysis, options_);
    record["waits"] = wait_tiles_json(waits, rules);
    record["remaining_total"] = waits.remaining_total;
    if (waits.wildcards_exist) {
      record["wildcard_completes"] = waits.wildcard_completes;
      record["wildcard_forms"] = form_names_json(waits.wildcard_forms, rules);
    }
  }
  if (has(Label::shanten)) {
    // The record is ordered: batch --op shanten's fields, in that order.
    const ShantenAnswer shanten = answer_shanten(analysis, options_);
    record["shanten"] = shanten.shanten;
    record["shanten_by_form"] = shanten_by_form_json(shanten, rules);
    if (shanten.improving) record["improving"] = improving_json(*shanten.improving, rules);
  }
  if (has(Label::interpretations)) {
    // The interpretations answer's fields at the top of the record, in their JSON order.
    nlohmann::json fields = nlohmann::json::object();
    write_interpretations_json(answer_interpretations(analysis, options_), rules, fields);
    for (const auto& [key, value] : fields.items()) record[key] = value;
  }
  if (has(Label::score)) {
    nlohmann::json score = nlohmann::json::object();
    write_score_json(answer_score(analysis, workspace.scorer(options_.table_use()), options_),
                     rules, score);
    record["score"] = score;
  }
}

nlohmann::ordered_json Labeller::label(const CorpusHand& corpus_hand,
                                       AnswerWorkspace& workspace) const {
  nlohmann::ordered_json record = record_head(corpus_hand);
  if (labels_.empty()) return record;
  try {
    // The hand's own bonus tiles are its flowers (a dealt hand's are in its context already).
    WinContext context = corpus_hand.context.value_or(WinContext{});
    merge_hand_flowers(context, corpus_hand.hand, *rules_);
    const HandAnalysis analysis(*rules_, corpus_hand.hand, context);
    add_labels(analysis, corpus_hand, workspace, record);
  } catch (const Error& error) {
    record["error"] = error.what();
  }
  return record;
}

void Labeller::add_columns() {
  const RuleSet& rules = *rules_;
  const auto add = [&](std::vector<std::string> path, Cell cell) {
    std::string name;
    for (const std::string& key : path) name += (name.empty() ? "" : ".") + key;
    columns_.push_back({name, std::move(path), cell});
  };
  const auto add_by_form = [&](const std::string& key) {
    for (const FormSpec& form : rules.forms()) {
      if (form.enabled) add({key, form.name}, Cell::scalar);
    }
  };
  add({"index"}, Cell::scalar);
  add({"hand"}, Cell::scalar);
  if (shape_.bonus) add({"bonus"}, Cell::scalar);
  if (shape_.indicator) add({"indicator"}, Cell::scalar);
  if (shape_.context) {
    for (const std::string_view field : kWinContextFields) {
      const bool tiles = field == "dora" || field == "ura" || field == "flowers";
      add({"context", std::string(field)}, tiles ? Cell::tiles : Cell::scalar);
    }
  }
  const bool short_hands = shape_.size % 3 == 1;
  for (const Label label : labels_) {
    switch (label) {
      case Label::win:
        add({"win"}, Cell::scalar);
        break;
      case Label::forms:
        add({"forms"}, Cell::words);
        break;
      case Label::waits:
        add({"waits"}, Cell::tile_objects);
        add({"remaining_total"}, Cell::scalar);
        break;
      case Label::shanten:
        add({"shanten"}, Cell::scalar);
        add_by_form("shanten_by_form");
        if (short_hands) add({"improving"}, Cell::tile_objects);
        break;
      case Label::interpretations:
        add({"count"}, Cell::scalar);
        add_by_form("by_form");
        add({"listed"}, Cell::scalar);
        add({"truncated"}, Cell::scalar);
        if (shape_.budget_ms > 0) add({"truncated_by"}, Cell::scalar);
        add({"interpretations"}, Cell::texts);
        break;
      case Label::score: {
        add({"score", "wins"}, Cell::scalar);
        add({"score", "no_win_reason"}, Cell::scalar);
        add({"score", score_unit_key(*scoring_rules(rules))}, Cell::scalar);
        for (const char* key : {"fu", "points", "yakuman", "limit", "dora", "ura", "red"}) {
          add({"score", key}, Cell::scalar);
        }
        add({"score", "patterns"}, Cell::ids);
        add({"score", "readings"}, Cell::scalar);
        if (shape_.budget_ms > 0) add({"score", "cut", "by"}, Cell::scalar);
        break;
      }
    }
  }
  add({"error"}, Cell::scalar);
}

std::string Labeller::csv_header() const {
  const auto quoted_name = [](const Column& column) { return csv_quoted(column.name); };
  return (columns_ | ranges::views::transform(quoted_name) | ranges::views::join(',') |
          ranges::to<std::string>()) +
         '\n';
}

std::string Labeller::cell_text(const nlohmann::ordered_json& value, Cell cell) const {
  const auto joined = [&](const char* key, const char* separator) {
    std::string text;
    for (const auto& item : value) {
      if (!text.empty()) text += separator;
      text += key == nullptr ? item.get<std::string>() : item.at(key).get<std::string>();
    }
    return text;
  };
  const auto tiles_text = [&](const char* key) {
    TileCounts counts{};
    for (const auto& item : value) {
      ++counts[parse_tile(
          key == nullptr ? item.get<std::string>() : item.at(key).get<std::string>(), *rules_)];
    }
    return format_counts(counts, *rules_);
  };
  switch (cell) {
    case Cell::scalar:
      if (value.is_string()) return value.get<std::string>();
      if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
      return value.dump();
    case Cell::words:
      return joined(nullptr, " ");
    case Cell::tiles:
      // `flowers` given as a count (no tiles) stays a number.
      return value.is_array() ? tiles_text(nullptr) : value.dump();
    case Cell::tile_objects:
      return tiles_text("tile");
    case Cell::texts:
      return joined("text", " | ");
    case Cell::ids:
      return joined("id", " ");
  }
  return {};
}

std::vector<std::string> Labeller::column_names() const {
  return columns_ | ranges::views::transform(&Column::name) | ranges::to<std::vector>();
}

std::vector<nlohmann::ordered_json> Labeller::cells(const nlohmann::ordered_json& record) const {
  std::vector<nlohmann::ordered_json> out;
  out.reserve(columns_.size());
  for (const Column& column : columns_) {
    const nlohmann::ordered_json* value = &record;
    for (const std::string& key : column.path) {
      const auto found = value->find(key);
      if (found == value->end()) {
        value = nullptr;
        break;
      }
      value = &*found;
    }
    if (value == nullptr || value->is_null()) {
      out.emplace_back(nullptr);
    } else if (column.cell == Cell::scalar || (column.cell == Cell::tiles && !value->is_array())) {
      out.push_back(*value);
    } else {
      out.emplace_back(cell_text(*value, column.cell));
    }
  }
  return out;
}

std::string Labeller::csv_row(const nlohmann::ordered_json& record) const {
  std::string line;
  bool first = true;
  for (const nlohmann::ordered_json& cell : cells(record)) {
    if (!first) line += ',';
    first = false;
    if (!cell.is_null()) line += csv_quoted(cell_text(cell, Cell::scalar));
  }
  return line + '\n';
}

}  // namespace meldgraph
