#include "commands.hpp"

#include "background_tables.hpp"
#include "batch_lines.hpp"
#include "check.hpp"
#include "output.hpp"
#include "parallel.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <exception>
#include <fstream>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/answers/json.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/search/listing.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/answers/rule_sets.hpp"

namespace meldgraph::cli {

RuleSet load_selected_rules(const GlobalOptions& global) {
  return load_rules(global.rules.empty() ? std::string(kDefaultRules) : global.rules);
}

/// The wildcard tiles chosen for the hands: `--wild` and the tile `--indicator` points to.
TileMask wild_choice(const GlobalOptions& global, const RuleSet& rules) {
  TileMask wild = 0;
  try {
    if (!global.wild.empty()) wild |= parse_wild_choice(global.wild, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--wild: ") + error.what());
  }
  try {
    if (!global.indicator.empty()) wild |= parse_indicator(global.indicator, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--indicator: ") + error.what());
  }
  return wild;
}

namespace {

/// Reads `--visible` into the analyzer options.
void read_visible(const GlobalOptions& global, const RuleSet& rules, AnalyzerOptions& options) {
  if (!global.has_visible) return;
  try {
    options.visible = parse_visible(global.visible, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--visible: ") + error.what());
  }
  options.has_visible = true;
}

/// The option of a context field: `seat_wind` is `--seat-wind`.
std::string option_name(const std::string& field) {
  std::string option = "--" + field;
  std::replace(option.begin(), option.end(), '_', '-');
  return option;
}

/// The context analyze's options give, read by the one context parser; its errors name the option.
WinContext read_context_options(const nlohmann::json& fields, const RuleSet& rules) {
  try {
    return parse_win_context(fields, rules);
  } catch (const ContextError& error) {
    throw Error(option_name(error.field()) + ": " + error.detail());
  }
}

/// The hand `analyze` or `explain` was given, read by the one notation parser with the global
/// options' wildcards and notation, and its situation checked against it (a winning tile the
/// hand lacks, too many copies of an indicator, ...); a context error names its option.
HandAnalysis read_analysis(const GlobalOptions& global, const RuleSet& rules,
                           const std::string& hand_text, const WinContext& context) {
  const Hand hand = parse_hand(hand_text, rules, wild_choice(global, rules), global.notation);
  try {
    check_win_context(context, hand, rules);
  } catch (const ContextError& error) {
    throw Error(option_name(error.field()) + ": " + error.detail());
  }
  return HandAnalysis(rules, hand, context);
}

/// The fields every JSON answer of `analyze` and `explain` starts with: the hand as read, the
/// rule set's name and the context (docs/cli.md).
nlohmann::json analysis_json_head(const HandAnalysis& analysis) {
  const RuleSet& rules = analysis.rules();
  return {{"hand", format_hand(analysis.hand(), rules)},
          {"rules", rules.name()},
          {"context", win_context_to_json(analysis.win_context(), rules)}};
}

/// Prints a hand error's message, then the hand with a caret under the column it names.
void report_hand_error(const std::string& message, const std::string& hand, int column) {
  std::cerr << "meldgraph: error: " << message << "\n  " << hand << "\n  ";
  // Columns count characters; the caret line repeats the hand's multi-byte characters' widths
  // as single spaces, which is right for the ASCII hands the notation accepts.
  std::cerr << std::string(static_cast<std::size_t>(std::max(0, column - 1)), ' ') << "^\n";
}

/// A bad hand in an input file: the message names the file and line, and the hand is shown with
/// a caret under the column, as for a hand given on the command line.
class LineError : public Error {
 public:
  LineError(const std::string& message, std::string hand, int column)
      : Error(message), hand_(std::move(hand)), column_(column) {}
  [[nodiscard]] const std::string& hand() const { return hand_; }
  [[nodiscard]] int column() const { return column_; }

 private:
  std::string hand_;
  int column_;
};

/// Runs `body`, turning meldgraph's input errors into a message and exit code 1.
template <class Body>
int guarded(const std::string& hand, Body&& body) {
  try {
    return body();
  } catch (const NotationError& error) {
    report_hand_error(error.what(), hand, error.column());
  } catch (const LineError& error) {
    report_hand_error(error.what(), error.hand(), error.column());
  } catch (const Error& error) {
    std::cerr << "meldgraph: error: " << error.what() << '\n';
  }
  return 1;
}

std::string trim(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  const auto last = line.find_last_not_of(" \t\r");
  return line.substr(first, last - first + 1);
}

/// Most lines a `batch --jobs N` chunk holds per worker: enough that the workers rarely wait for
/// the slowest hand of a chunk.
constexpr std::size_t kBatchChunkLinesPerJob = 512;
/// The answers a `batch --jobs N` chunk may hold, in bytes: the chunk shrinks to fit it when the
/// answers are large (listings), down to one line a worker.
constexpr std::size_t kBatchChunkBytes = std::size_t{64} << 20;
/// Longest input line `batch` holds: a hand with its context takes well under a kilobyte, so
/// anything longer is refused as it is read, without holding it.
constexpr std::size_t kMaxBatchLineBytes = std::size_t{1} << 20;
/// How much of a refused line its error answer echoes.
constexpr std::size_t kTooLongEcho = 64;

/// One input line of a batch: its text (trimmed), and when it was longer than
/// kMaxBatchLineBytes, the bytes past the part held.
struct BatchInput {
  std::string text;
  std::size_t skipped = 0;
};

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

/// The error answer to a line longer than kMaxBatchLineBytes: its first bytes, and its length.
std::string too_long_answer(const RuleSet& rules, const BatchInput& input) {
  const std::size_t length = input.text.size() + input.skipped;
  const nlohmann::json out = {
      {"hand", input.text.substr(0, kTooLongEcho) + "..."},
      {"rules", rules.name()},
      {"error", "input line of " + std::to_string(length) + " bytes: longer than the " +
                    std::to_string(kMaxBatchLineBytes) + " a batch line may hold"}};
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
}

enum class BenchOp { win, waits, shanten, standard_shanten, interpretations, score };

BenchOp bench_op(const std::string& name) {
  if (name == "win") return BenchOp::win;
  if (name == "waits") return BenchOp::waits;
  if (name == "shanten") return BenchOp::shanten;
  if (name == "standard-shanten") return BenchOp::standard_shanten;
  if (name == "interpretations") return BenchOp::interpretations;
  if (name == "score") return BenchOp::score;
  throw Error("unknown bench operation '" + name + "'");  // the parser allows only these
}

/// The hands a bench times, each with the input line it came from (0 for generated hands) and,
/// for score, its situation.
struct BenchHands {
  std::vector<Hand> hands;
  std::vector<std::size_t> lines;
  std::vector<WinContext> contexts;  ///< score only: one per hand
};

/// Whether a hand of `size` tiles is one the operation's query accepts.
bool bench_size_fits(BenchOp op, int size) {
  switch (op) {
    case BenchOp::win:
    case BenchOp::interpretations:
    case BenchOp::score:
      return size % 3 == 2;
    case BenchOp::waits:
      return size % 3 == 1;
    case BenchOp::shanten:
    case BenchOp::standard_shanten:
      return size % 3 != 0;
  }
  return false;
}

std::string_view bench_size_need(BenchOp op) {
  switch (op) {
    case BenchOp::win:
    case BenchOp::interpretations:
    case BenchOp::score:
      return "3n+2 tiles";
    case BenchOp::waits:
      return "3n+1 tiles";
    case BenchOp::shanten:
    case BenchOp::standard_shanten:
      return "3n+1 or 3n+2 tiles";
  }
  return "";
}

/// Reads every hand of `path` (one per line, blank lines and '#' comments skipped). The first bad
/// line stops the bench: timing a set with holes in it would compare nothing.
BenchHands read_bench_hands(const RuleSet& rules, TileMask wild, Notation notation, BenchOp op,
                            const std::string& path) {
  std::ifstream file;
  if (path != "-") {
    file.open(path);
    if (!file) throw Error("cannot open input file '" + path + "'");
  }
  std::istream& in = file.is_open() ? static_cast<std::istream&>(file) : std::cin;
  const std::string name = path == "-" ? std::string("<stdin>") : path;
  BenchHands out;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    const std::string hand_text = trim(line);
    if (hand_text.empty() || hand_text.front() == '#') continue;
    const std::string place = name + ":" + std::to_string(number) + ": ";
    Hand hand;
    BatchLine read{hand_text, std::nullopt};
    try {
      read = read_batch_line(rules, hand_text);
    } catch (const Error& error) {
      throw Error(place + error.what());
    }
    try {
      hand = parse_hand(read.hand, rules, wild, notation);
    } catch (const NotationError& error) {
      throw LineError(place + error.what(), read.hand, error.column());
    }
    if (read.context && op != BenchOp::score) {
      throw Error(place + "a JSON line (a hand and its situation) is read by --op score only");
    }
    if (op == BenchOp::score) {
      const WinContext context = read.context.value_or(WinContext{});
      try {
        check_win_context(context, hand, rules);
      } catch (const ContextError& error) {
        throw Error(place + error.what());
      }
      out.contexts.push_back(context);
    }
    const int size = hand.size(rules);
    if (!bench_size_fits(op, size)) {
      throw Error(place + "hand holds " + std::to_string(size) + " tiles; this operation needs " +
                  std::string(bench_size_need(op)));
    }
    out.hands.push_back(hand);
    out.lines.push_back(number);
  }
  if (out.hands.empty()) throw Error("no hands in '" + name + "'");
  return out;
}

/// The default workload of each operation (docs/performance.md): hands of 14 tiles, or the rule
/// set's hand size when smaller, with 0 to 8 wildcards where the rule set has wildcards.
BenchHands generate_bench_hands(const RuleSet& rules, TileMask wild, BenchOp op, int count,
                                std::uint64_t seed) {
  constexpr int kMaxWildcards = 8;
  const int size = std::min(14, static_cast<int>(rules.hand_tiles()));
  RandomHands generator(rules, seed, wild);
  RandomDraws draws(seed);  // the situations, drawn apart so that the hands stay those of `seed`
  BenchHands out;
  out.hands.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    switch (op) {
      case BenchOp::win:
        out.hands.push_back(generator.random(size, kMaxWildcards));
        break;
      case BenchOp::waits:
        out.hands.push_back(generator.ready(size - 1, kMaxWildcards));
        break;
      case BenchOp::shanten:
      case BenchOp::standard_shanten:
        // Alternately one short of complete and complete size.
        out.hands.push_back(generator.random(size - 1 + i % 2, kMaxWildcards));
        break;
      case BenchOp::interpretations:
        out.hands.push_back(generator.complete(size, kMaxWildcards));
        break;
      case BenchOp::score:
        out.hands.push_back(generator.complete(size, kMaxWildcards));
        out.contexts.push_back(random_win_context(rules, out.hands.back(), draws));
        break;
    }
  }
  out.lines.assign(out.hands.size(), 0);
  return out;
}

/// Writes the bench's hands as `batch` and `bench --input` read them: one hand per line, for score
/// a JSON object of the hand and its situation's fields.
void dump_bench_hands(const RuleSet& rules, const BenchHands& hands, const std::string& path) {
  std::ofstream file;
  if (path != "-") {
    file.open(path);
    if (!file) throw Error("cannot open output file '" + path + "'");
  }
  std::ostream& out = file.is_open() ? static_cast<std::ostream&>(file) : std::cout;
  for (std::size_t i = 0; i < hands.hands.size(); ++i) {
    const std::string hand = format_hand(hands.hands[i], rules);
    if (hands.contexts.empty()) {
      out << hand << '\n';
      continue;
    }
    nlohmann::json line = win_context_to_json(hands.contexts[i], rules);
    line["hand"] = hand;
    out << line.dump() << '\n';
  }
  out.flush();
  if (!out) throw Error("cannot write to '" + path + "'");
}

/// The first enabled melds form with one pair: what `standard-shanten` prices.
std::size_t standard_form(const RuleSet& rules) {
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (form.enabled && form.type == FormType::melds && form.pairs == 1) return f;
  }
  throw Error("rule set '" + rules.name() + "' has no melds form with one pair");
}

/// One pass of the query over every hand: its checksum (wins, shanten sum, waits, interpretations).
std::int64_t bench_pass(const RuleSet& rules, BenchOp op, const BenchHands& hands) {
  std::int64_t sum = 0;
  std::size_t index = 0;
  // One workspace per pass: after the first hands it lists without allocating.
  std::optional<InterpretationLister> lister;
  if (op == BenchOp::interpretations) lister.emplace(rules);
  std::optional<Scorer> scorer;
  if (op == BenchOp::score) scorer.emplace(rules);
  const std::size_t standard = op == BenchOp::standard_shanten ? standard_form(rules) : 0;
  try {
    for (; index < hands.hands.size(); ++index) {
      const Hand& hand = hands.hands[index];
      switch (op) {
        case BenchOp::win:
          sum += is_win(rules, hand) ? 1 : 0;
          break;
        case BenchOp::waits:
          sum += std::popcount(wait_mask(rules, hand));
          break;
        case BenchOp::shanten:
          sum += shanten_number(rules, hand);
          break;
        case BenchOp::standard_shanten: {
          const int shanten = form_shanten(rules, hand, standard);
          sum += shanten == kNoShanten ? 0 : shanten;
          break;
        }
        case BenchOp::interpretations:
          sum += static_cast<std::int64_t>(lister->list(hand, [](const Interpretation&) {}));
          break;
        case BenchOp::score: {
          // Every reading is scored; the checksum adds the readings and the best one's points.
          const HandScore& score = scorer->score(hand, hands.contexts[index]);
          sum += static_cast<std::int64_t>(score.scored);
          if (const ScoredReading* best = score.best_reading()) sum += best->value.points;
          break;
        }
      }
    }
  } catch (const Error& error) {
    // A hand the query refuses although its size fits (no form applies, say): name its line.
    const std::size_t line = hands.lines[index];
    throw Error(
        (line > 0 ? "input line " + std::to_string(line) + ": " : std::string("generated hand: ")) +
        error.what());
  }
  return sum;
}
}  // namespace

namespace {
/// The analyzer options of a one-hand command (analyze, explain): one hand never repays building
/// the lookup tables, so it answers from the search unless `--answers-from tables` asks otherwise.
AnalyzerOptions single_hand_options(const GlobalOptions& global, std::uint64_t limit) {
  AnalyzerOptions options;
  options.limit = limit;
  options.budget_ms = global.budget_ms;
  options.search_only = global.answers_from != AnswerSource::tables;
  return options;
}
}  // namespace

int run_analyze(const GlobalOptions& global, const std::string& hand_text, OutputFormat format,
                std::uint64_t limit, std::uint64_t realisations,
                const nlohmann::json& context_fields) {
  return guarded(hand_text, [&] {
    const RuleSet rules = load_selected_rules(global);
    const WinContext context = read_context_options(context_fields, rules);
    const HandAnalysis analysis = read_analysis(global, rules, hand_text, context);
    const AnalyzerRegistry registry = builtin_analyzers();
    AnalyzerOptions options = single_hand_options(global, limit);
    options.realisations = realisations;
    read_visible(global, rules, options);
    const Hand& hand = analysis.hand();
    const int size = hand.size(rules);
    if (size % 3 == 0) {
      throw AnalysisError("hand holds " + std::to_string(size) +
                          " tiles; analyze needs a complete hand of 3n+2 tiles or a hand of 3n+1 "
                          "tiles, one short");
    }
    const bool complete_size = size % 3 == 2;
    // Everything is computed before anything is printed, so a hand that cannot be analysed fails
    // with its error alone.
    const bool wins = complete_size && analysis.decomposition().wins();
    // A winning hand under a rule set that scores is scored too (docs/cli.md, "score"); so is
    // every complete hand of a rule set with scored_only forms, which may win by scoring alone.
    const bool scored_forms = rules.has_scored_only_forms();
    const bool scores = (wins || (complete_size && scored_forms)) && scoring_rules(rules) != nullptr;
    const auto shanten = registry.create("shanten", rules, options);
    if (format == OutputFormat::json) {
      nlohmann::json out = analysis_json_head(analysis);
      if (complete_size) {
        registry.create("win", rules, options)->write_json(analysis, out);
        registry.create("interpretations", rules, options)->write_json(analysis, out);
      } else {
        out["tiles"] = size;
        out["wildcards"] = hand.wildcard_count() + hand.declared_wildcard_count();
        out["declared_wildcards"] = hand.declared_wildcard_count();
      }
      if (!wins) {
        // "by_form" is taken by the interpretation counts: shanten by form is "shanten_by_form".
        nlohmann::json fields = nlohmann::json::object();
        shanten->write_json(analysis, fields);
        out["shanten"] = fields["shanten"];
        out["shanten_by_form"] = fields["by_form"];
        if (fields.contains("improving")) out["improving"] = fields["improving"];
      }
      if (!complete_size) registry.create("waits", rules, options)->write_json(analysis, out);
      if (scores) {
        nlohmann::json fields = nlohmann::json::object();
        registry.create("score", rules, options)->write_json(analysis, fields);
        out["score"] = fields;
      }
      std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
      return 0;
    }
    std::ostringstream text;
    text << "rules            " << rules.name() << '\n'
         << "hand             " << format_hand(hand, rules) << "  "
         << format_hand_unicode(hand, rules) << '\n'
         << "tiles            " << size << " (wildcards "
         << hand.wildcard_count() + hand.declared_wildcard_count();
    if (hand.declared_wildcard_count() > 0) {
      text << ", " << hand.declared_wildcard_count() << " in declared melds";
    }
    text << ")\n"
         << "context          " << format_win_context(context, rules) << '\n';
    if (complete_size) {
      registry.create("win", rules, options)->write_text(analysis, text);
      if (!wins) shanten->write_text(analysis, text);
      registry.create("interpretations", rules, options)->write_text(analysis, text);
      if (scores) registry.create("score", rules, options)->write_text(analysis, text);
    } else {
      shanten->write_text(analysis, text);
      registry.create("waits", rules, options)->write_text(analysis, text);
    }
    std::cout << text.str();
    return 0;
  });
}

int run_explain(const GlobalOptions& global, const std::string& hand_text, OutputFormat format,
                std::uint64_t limit, const nlohmann::json& context_fields) {
  return guarded(hand_text, [&] {
    const RuleSet rules = load_selected_rules(global);
    const WinContext context = read_context_options(context_fields, rules);
    const AnalyzerOptions options = single_hand_options(global, limit);
    // Created first: a rule set without scoring is refused before the hand is read.
    const auto explain = builtin_analyzers().create("explain", rules, options);
    const HandAnalysis analysis = read_analysis(global, rules, hand_text, context);
    const int size = analysis.hand().size(rules);
    if (size % 3 != 2) {
      throw AnalysisError("hand holds " + std::to_string(size) +
                          " tiles; explain needs a complete hand of 3n+2 tiles");
    }
    if (format == OutputFormat::json) {
      nlohmann::json out = analysis_json_head(analysis);
      explain->write_json(analysis, out);
      std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
      return 0;
    }
    std::ostringstream text;
    text << "rules            " << rules.name() << '\n'
         << "hand             " << format_hand(analysis.hand(), rules) << '\n'
         << "context          " << format_win_context(context, rules) << '\n';
    explain->write_text(analysis, text);
    std::cout << text.str();
    return 0;
  });
}

int run_batch(const GlobalOptions& global, const std::string& op, const std::string& input,
              std::uint64_t limit, int jobs) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    const TileMask wild = wild_choice(global, rules);
    AnalyzerOptions options;
    options.limit = limit;
    options.budget_ms = global.budget_ms;
    read_visible(global, rules, options);
    // The same analyzer twice, on the search and on the tables; which one answers a line changes
    // how fast, never what.
    options.search_only = true;
    const auto by_search = builtin_analyzers().create(op, rules, options);
    options.search_only = false;
    const auto by_tables = builtin_analyzers().create(op, rules, options);
    // `auto`: the search answers until the tables, built meanwhile on a thread of their own, are
    // ready; no line waits for them, and a batch that ends first abandons their build.
    std::optional<BackgroundTables> background;
    if (global.answers_from == AnswerSource::automatic) background.emplace(*by_tables, rules);
    std::ifstream file;
    if (!input.empty() && input != "-") {
      file.open(input);
      if (!file) throw Error("cannot open input file '" + input + "'");
    }
    std::istream& in = file.is_open() ? static_cast<std::istream&>(file) : std::cin;
    const StreamingOutput streaming;
    // One thread answers each line as it is read (a pipe gets its answers line by line); more
    // threads answer a chunk of lines at a time, so memory is bounded by the chunk, not the input.
    const auto workers = static_cast<std::size_t>(jobs);
    BatchChunkSize chunk(workers);
    std::vector<BatchInput> hands;
    std::vector<std::string> answers;
    std::string line;
    std::size_t skipped = 0;
    bool more = true;
    while (more) {
      hands.clear();
      while (hands.size() < chunk.lines()) {
        const InputLine got = read_input_line(in, line, kMaxBatchLineBytes, skipped);
        if (got == InputLine::end) {
          more = false;
          break;
        }
        std::string hand_text = trim(line);
        if (hand_text.empty() || hand_text.front() == '#') continue;
        hands.push_back({std::move(hand_text), got == InputLine::too_long ? skipped : 0});
      }
      answers.assign(hands.size(), std::string());
      // After a stop signal no worker starts another line; the answers up to the first one not
      // computed are written, whole (an answer is never empty: it ends with a newline).
      for_each_index(workers, hands.size(), [&](std::size_t i) {
        if (stop_requested()) return;
        // Asked line by line: a chunk begun by the search turns to the tables once they are ready.
        const bool tables = global.answers_from == AnswerSource::tables ||
                            (background.has_value() && background->ready());
        const Analyzer& analyzer = tables ? *by_tables : *by_search;
        answers[i] = hands[i].skipped > 0
                         ? too_long_answer(rules, hands[i])
                         : batch_answer(rules, wild, global.notation, analyzer, hands[i].text);
      });
      std::size_t bytes = 0;
      for (const std::string& answer : answers) {
        if (answer.empty()) break;
        std::cout << answer;
        bytes += answer.size();
      }
      chunk.answered(answers.size(), bytes);
      if (workers == 1) std::cout.flush();
      output_checkpoint();
    }
    return 0;
  });
}

int run_bench(const GlobalOptions& global, const BenchOptions& bench) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    const TileMask wild = wild_choice(global, rules);
    const BenchOp op = bench_op(bench.op);
    // Every hand is read (or made) and checked before the clock starts: only the queries are timed.
    const BenchHands hands = bench.input.empty()
                                 ? generate_bench_hands(rules, wild, op, bench.count, bench.seed)
                                 : read_bench_hands(rules, wild, global.notation, op, bench.input);
    if (!bench.dump.empty()) {
      dump_bench_hands(rules, hands, bench.dump);
      return 0;
    }
    std::int64_t checksum = 0;
    int passes = 0;
    // Every pass does the same work; a pass that disagrees is a bug (shared state, a race).
    const auto run_pass = [&] {
      const std::int64_t pass = bench_pass(rules, op, hands);
      if (passes > 0 && pass != checksum) {
        throw std::logic_error("bench: pass " + std::to_string(passes + 1) + " gave checksum " +
                               std::to_string(pass) + ", pass 1 gave " + std::to_string(checksum));
      }
      checksum = pass;
      ++passes;
    };
    for (int w = 0; w < bench.warmup; ++w) run_pass();
    // Each pass is timed too: on a shared machine the fastest pass, short enough to run between
    // two preemptions, is the steadier figure (docs/performance.md).
    double best_pass = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < bench.repeat; ++r) {
      const auto pass_start = std::chrono::steady_clock::now();
      run_pass();
      const std::chrono::duration<double> pass = std::chrono::steady_clock::now() - pass_start;
      if (r == 0 || pass.count() < best_pass) best_pass = pass.count();
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    const double seconds = elapsed.count();
    const double analysed = static_cast<double>(hands.hands.size()) * bench.repeat;
    nlohmann::ordered_json out;
    out["op"] = bench.op;
    out["rules"] = rules.name();
    out["hands"] = hands.hands.size();
    out["repeat"] = bench.repeat;
    out["seconds"] = seconds;
    out["hands_per_s"] = seconds > 0 ? analysed / seconds : 0.0;
    out["best_pass_hands_per_s"] =
        best_pass > 0 ? static_cast<double>(hands.hands.size()) / best_pass : 0.0;
    out["checksum"] = checksum;
    std::cout << out.dump() << '\n';
    return 0;
  });
}

int run_check(const GlobalOptions& global, const CheckOptions& check) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    const TileMask wild = wild_choice(global, rules);
    bool agree = true;
    for (const CheckReport& report : check_queries(rules, wild, check)) {
      nlohmann::ordered_json out;
      out["op"] = check_op_name(report.op);
      out["rules"] = rules.name();
      out["hands"] = report.hands;
      out["by_tables"] = report.by_tables;
      out["disagreements"] = report.disagreements;
      out["seconds"] = report.seconds;
      std::cout << out.dump() << '\n';
      for (const std::string& example : report.examples) {
        std::cerr << "meldgraph: check: " << check_op_name(report.op) << " differs on " << example
                  << '\n';
      }
      agree = agree && report.disagreements == 0;
    }
    return agree ? 0 : 1;
  });
}

int run_graph(const GlobalOptions& global, const std::string& hand_text, OutputFormat format) {
  return guarded(hand_text, [&] {
    const RuleSet rules = load_selected_rules(global);
    const Decomposition decomposition(
        rules, parse_hand(hand_text, rules, wild_choice(global, rules), global.notation));
    std::cout << (format == OutputFormat::dot ? decomposition_to_dot(decomposition)
                                              : decomposition_to_json(decomposition) + "\n");
    return 0;
  });
}

int run_rules_list() {
  return guarded("", [&] {
    for (const std::string& name : builtin_rule_names()) {
      const RuleSet rules = load_rules(name);
      std::cout << name << (name == kDefaultRules ? " (default)" : "") << "\t"
                << rules.description() << '\n';
    }
    return 0;
  });
}

int run_rules_check(const std::string& file) {
  return guarded("", [&] {
    const RuleSet rules = load_rules(file);
    std::string forms;
    for (const FormSpec& form : rules.forms()) {
      if (form.enabled) forms += (forms.empty() ? "" : ", ") + form.name;
      if (form.scored_only) forms += (forms.empty() ? "" : ", ") + form.name + " (scored only)";
    }
    std::cout << "ok: rule set '" << rules.name() << "' from " << rules.source() << ": "
              << int{rules.tile_count()} << " tile kinds, hand of " << int{rules.hand_tiles()}
              << " tiles, forms " << forms << '\n';
    return 0;
  });
}

int run_rules_dump(const std::string& name) {
  return guarded("", [&] {
    std::cout << dump_rules(load_rules(name.empty() ? std::string(kDefaultRules) : name));
    return 0;
  });
}

}  // namespace meldgraph::cli
