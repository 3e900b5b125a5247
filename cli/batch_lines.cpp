/// Batch lines and their answers (batch_lines.hpp).

#include "batch_lines.hpp"

#include <nlohmann/json.hpp>

#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/model/error.hpp"

namespace meldgraph::cli {

namespace {

/// How much of a refused line its error answer echoes.
constexpr std::size_t kTooLongEcho = 64;
/// Room made for an answer written directly before it is written: a score line cut to a few
/// fields fits; a full one grows the string once or twice.
constexpr std::size_t kUsualAnswerBytes = 1024;

/// An answer as one line: input lines are not trusted to be UTF-8, so bad bytes become U+FFFD
/// and the batch goes on.
std::string answer_line(const nlohmann::json& answer) {
  return answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
}

/// The error answer to a line longer than kMaxBatchLineBytes: its first bytes, and its length.
nlohmann::json too_long_answer(const RuleSet& rules, const BatchInput& input) {
  const std::size_t length = input.text.size() + input.skipped;
  return {{"hand", input.text.substr(0, kTooLongEcho) + "..."},
          {"rules", rules.name()},
          {"error", "input line of " + std::to_string(length) + " bytes: longer than the " +
                        std::to_string(kMaxBatchLineBytes) + " a batch line may hold"}};
}

/// A line's answer cut to the fields asked for: those, and a line's `hand` and `error` always
/// (an error is never lost).
void keep_fields(nlohmann::json& answer, const FieldSelection& fields) {
  if (fields.all()) return;
  for (auto it = answer.begin(); it != answer.end();) {
    const bool keep = fields.has(it.key()) || it.key() == "hand" || it.key() == "error";
    it = keep ? std::next(it) : answer.erase(it);
  }
}

/// One CSV cell of an answer's field: strings as they are, other values as compact JSON.
std::string csv_cell(const nlohmann::json& answer, const std::string& column) {
  const auto it = answer.find(column);
  if (it == answer.end()) return {};
  if (it->is_string()) return it->get<std::string>();
  return it->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// An answer built as JSON, written as `format` says: a JSON line cut to its fields, or a CSV row.
std::string format_line(nlohmann::json answer, const LineFormat& format) {
  if (!format.csv) {
    keep_fields(answer, format.fields);
    return answer_line(answer);
  }
  std::string row;
  for (std::size_t c = 0; c < format.columns.size(); ++c) {
    if (c > 0) row += ',';
    append_csv_field(csv_cell(answer, format.columns[c]), row);
  }
  row += '\n';
  return row;
}

}  // namespace

std::string_view trimmed_view(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = line.find_last_not_of(" \t\r");
  return line.substr(first, last - first + 1);
}

std::string trimmed_line(const std::string& line) {
  return std::string(trimmed_view(line));
}

std::string batch_answer(const BatchLineReading& reading, const Analyzer& analyzer,
                         AnswerWorkspace& workspace, const BatchInput& line,
                         const LineFormat& format) {
  std::string out;
  batch_answer(reading, analyzer, workspace, line, format, out);
  return out;
}

void batch_answer(const BatchLineReading& reading, const Analyzer& analyzer,
                  AnswerWorkspace& workspace, const BatchInput& line, const LineFormat& format,
                  std::string& out) {
  const RuleSet& rules = reading.rules;
  const std::size_t start = out.size();
  if (line.skipped > 0) {
    out += format_line(too_long_answer(rules, line), format);
    return;
  }
  nlohmann::json built;
  HandLine read;
  std::string_view hand_text = line.text;  // what an error line echoes: the hand as given
  try {
    read =
        line.csv != nullptr ? line.csv->read(rules, line.text) : read_hand_line(rules, line.text);
    hand_text = read.hand;
    HandInput input =
        read_hand_input(rules, read.hand, std::move(read.context), reading.hands, read.indicator);
    const std::string hand = format_hand(input.hand, rules);
    const HandAnalysis analysis(rules, input.hand, std::move(input.context));
    const WinContext* context = input.has_context ? &analysis.win_context() : nullptr;
    out.reserve(start + kUsualAnswerBytes);
    if (analyzer.write_line(analysis, workspace, {hand, context}, format, out)) return;
    built = {{"hand", hand}, {"rules", rules.name()}};
    if (context != nullptr) built["context"] = win_context_to_json(*context, rules);
    analyzer.write_json(analysis, workspace, built);
  } catch (const Error& error) {
    built = {{"hand", hand_text}, {"rules", rules.name()}, {"error", error.what()}};
  }
  out.resize(start);  // nothing of a line the writer declined or an error cut short
  out += format_line(built, format);
}

}  // namespace meldgraph::cli
