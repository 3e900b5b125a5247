/// `meldgraph batch` (docs/cli.md, "batch"): one hand per line in, one JSON answer per line out,
/// the lines answered by worker threads in chunks and written in order.

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "background_tables.hpp"
#include "batch_lines.hpp"
#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/support/parallel.hpp"
#include "output.hpp"
#include "progress.hpp"

namespace meldgraph::cli {

namespace {

/// Most lines a `batch --jobs N` chunk holds per worker: enough that the workers rarely wait for
/// the slowest hand of a chunk.
constexpr std::size_t kBatchChunkLinesPerJob = 512;
/// The answers a `batch --jobs N` chunk may hold, in bytes: the chunk shrinks to fit it when the
/// answers are large (listings), down to one line a worker.
constexpr std::size_t kBatchChunkBytes = std::size_t{64} << 20;

/// The lines the next chunk of a batch takes: one with a single worker (a pipe gets each answer
/// as soon as it is computed); with more, as many as keep the chunk's answers within
/// kBatchChunkBytes at the average answer size seen so far, between one line a worker and
/// kBatchChunkLinesPerJob lines a worker.
class BatchChunkSize {
 public:
  explicit BatchChunkSize(std::size_t workers) : workers_(workers) {}
  [[nodiscard]] std::size_t lines() const {
    if (workers_ == 1) return 1;
    const std::size_t most = kBatchChunkLinesPerJob * workers_;
    if (lines_ == 0) return workers_ * 2;  // learn the answers' size first
    const std::size_t average = std::max<std::size_t>(1, bytes_ / lines_);
    return std::clamp(kBatchChunkBytes / average, workers_, most);
  }
  void answered(std::size_t lines, std::size_t bytes) {
    lines_ += lines;
    bytes_ += bytes;
  }

 private:
  std::size_t workers_;
  std::size_t lines_ = 0;
  std::size_t bytes_ = 0;
};

/// The analyzers a batch answers with: the same one twice, on the search and on the tables
/// (which one answers a line changes how fast, never what), and under `--answers-from auto` the
/// tables built meanwhile on a thread of their own.
class BatchAnalyzers {
 public:
  BatchAnalyzers(const GlobalOptions& global, const RuleSet& rules, const std::string& op,
                 AnswerOptions options)
      : source_(global.answers_from) {
    options.search_only = true;
    by_search_ = builtin_analyzers().create(op, rules, options);
    options.search_only = false;
    by_tables_ = builtin_analyzers().create(op, rules, options);
    // `auto`: the search answers until the tables are ready; no line waits for them, and a batch
    // that ends first abandons their build.
    if (source_ == AnswerSource::automatic) background_.emplace(*by_tables_, rules);
  }

  /// The analyzer for the next line: asked line by line, so that a chunk begun by the search
  /// turns to the tables once they are ready.
  [[nodiscard]] const Analyzer& current() const {
    const bool tables =
        source_ == AnswerSource::tables || (background_.has_value() && background_->ready());
    return tables ? *by_tables_ : *by_search_;
  }

 private:
  AnswerSource source_;
  std::unique_ptr<Analyzer> by_search_;
  std::unique_ptr<Analyzer> by_tables_;
  std::optional<BackgroundTables> background_;  ///< last: its thread reads by_tables_
};

/// The lines of a batch's input, a chunk at a time.
class BatchReader {
 public:
  explicit BatchReader(const std::string& input) {
    if (!input.empty() && input != "-") {
      // Read 256 KiB at a time, as standard input is (StandardBuffers); set before opening.
      buffer_.resize(std::size_t{1} << 18);
      file_.rdbuf()->pubsetbuf(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
      file_.open(input);
      if (!file_) throw Error("cannot open input file '" + input + "'");
    }
  }

  /// Reads up to `count` lines that are not blank or comments into `lines` (resized to them,
  /// each element's string reused); false once the input has ended (the lines read before its
  /// end are in `lines`).
  bool read(std::size_t count, std::vector<BatchInput>& lines) {
    std::istream& in = file_.is_open() ? static_cast<std::istream&>(file_) : std::cin;
    std::size_t held = 0;
    bool more = true;
    while (held < count) {
      const InputLine got = read_input_line(in, line_, kMaxBatchLineBytes, skipped_);
      if (got == InputLine::end) {
        more = false;
        break;
      }
      const std::string_view text = trimmed_view(line_);
      if (text.empty() || text.front() == '#') continue;
      // A CSV file of hands (`corpus --format csv`) names its columns on its first line.
      if (first_line_) {
        first_line_ = false;
        csv_ = CsvHandRows::from_header(text);
        if (csv_) continue;
      }
      if (held == lines.size()) lines.emplace_back();
      BatchInput& input = lines[held++];
      input.text.assign(text);
      input.skipped = got == InputLine::too_long ? skipped_ : 0;
      input.csv = csv_ ? &*csv_ : nullptr;
    }
    lines.resize(held);
    return more;
  }

 private:
  std::vector<char> buffer_;  ///< file_'s, made before it is opened
  std::ifstream file_;
  std::string line_;
  std::size_t skipped_ = 0;
  bool first_line_ = true;
  std::optional<CsvHandRows> csv_;  ///< the input is CSV: the layout its header gave
};

/// Writes the answers up to the first not computed (after a stop signal no worker starts another
/// line; an answer is never empty, it ends with a newline); returns their bytes.
std::size_t write_answers(const std::vector<std::string>& answers) {
  std::size_t bytes = 0;
  for (const std::string& answer : answers) {
    if (answer.empty()) break;
    std::cout << answer;
    bytes += answer.size();
  }
  return bytes;
}

/// The lines a progress line counts down from: those of an input file (counted only when the line
/// is shown: standard error is a terminal), else 0 (standard input: the count and the rate
/// alone).
std::uint64_t progress_total(const std::string& input) {
  if (!ProgressLine::terminal() || input.empty() || input == "-") return 0;
  std::ifstream file(input);
  std::uint64_t lines = 0;
  std::string text;
  while (std::getline(file, text)) {
    const std::string line = trimmed_line(text);
    if (!line.empty() && line.front() != '#') ++lines;
  }
  return lines;
}

/// The top-level fields of each analyzer's lines (docs/cli.md, "batch"), besides `hand`, `rules`,
/// `context` and `error`; score's come from score_line_fields.
std::vector<std::string> answer_fields(const RuleSet& rules, const std::string& op) {
  if (op == "score") return score_line_fields(rules);
  std::vector<std::string> fields = {"hand", "rules", "context", "error"};
  const auto add = [&](std::initializer_list<const char*> names) {
    fields.insert(fields.end(), names.begin(), names.end());
  };
  if (op == "win") add({"win", "forms", "tiles", "wildcards", "declared_wildcards"});
  if (op == "waits") add({"waits", "remaining_total", "wildcard_completes", "wildcard_forms"});
  if (op == "shanten") add({"shanten", "shanten_by_form", "improving"});
  if (op == "interpretations") {
    add({"count", "count_saturated", "by_form", "interpretations", "listed", "truncated",
         "truncated_by", "waits_before_win"});
  }
  if (op == "explain") add({"explained", "cut"});
  return fields;
}

/// How the lines are written: `--fields` read against the op's fields, `--format csv`'s columns
/// (the fields asked for; score's flat fields by default).
LineFormat line_format(const RuleSet& rules, const BatchOptions& options) {
  LineFormat format;
  if (!options.fields.empty()) {
    format.fields = parse_field_selection(options.fields, answer_fields(rules, options.op));
  }
  format.csv = options.csv;
  if (!format.csv) return format;
  if (options.op == "score") {
    format.columns = score_csv_columns(rules, format.fields);
  } else if (format.fields.all()) {
    throw Error("--format csv: name the columns with --fields (for --op " + options.op + ")");
  } else {
    format.columns = format.fields.names();
  }
  return format;
}

}  // namespace

int run_batch(const GlobalOptions& global, const BatchOptions& options) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    const BatchLineReading reading{rules, hand_reading(global, rules)};
    AnswerOptions answer_options;
    answer_options.limit = options.limit;
    answer_options.best_only = options.best;
    answer_options.budget_ms = global.budget_ms;
    read_visible(global, rules, answer_options);
    if (options.best && options.op != "score") throw Error("--best: for --op score only");
    if (options.op == "score") static_cast<void>(require_scoring(rules));
    const LineFormat format = line_format(rules, options);
    const BatchAnalyzers analyzers(global, rules, options.op, answer_options);
    if (format.csv) std::cout << csv_header(format.columns);
    BatchReader reader(options.input);
    const StreamingOutput streaming;
    // One thread answers each line as it is read (a pipe gets its answers line by line); more
    // threads answer a chunk of lines at a time, so memory is bounded by the chunk, not the input.
    const auto workers = static_cast<std::size_t>(options.jobs);
    std::vector<AnswerWorkspace> workspaces;
    for (std::size_t w = 0; w < workers; ++w) workspaces.emplace_back(rules);
    BatchChunkSize chunk(workers);
    std::vector<BatchInput> lines;
    std::vector<std::string> answers;
    ProgressLine progress("batch --op " + options.op, progress_total(options.input));
    std::uint64_t done = 0;
    for (bool more = true; more;) {
      more = reader.read(chunk.lines(), lines);
      // Each answer's string is reused chunk after chunk; one left empty is not answered.
      answers.resize(lines.size());
      for (std::string& answer : answers) answer.clear();
      for_each_index_by_worker(workers, lines.size(), [&](std::size_t worker, std::size_t i) {
        if (stop_requested()) return;
        batch_answer(reading, analyzers.current(), workspaces[worker], lines[i], format,
                     answers[i]);
      });
      chunk.answered(answers.size(), write_answers(answers));
      done += answers.size();
      progress.update(done);
      output_checkpoint();
    }
    return 0;
  });
}

}  // namespace meldgraph::cli
