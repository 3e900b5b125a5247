/// `meldgraph stats`: the counts of fresh deals or of a corpus file, gathered on worker threads
/// and reported as JSON or text (docs/cli.md, "## stats").

#include "stats_commands.hpp"

#include <unistd.h>

#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/support/parallel.hpp"
#include "progress.hpp"
#include "stats_plot.hpp"

namespace meldgraph::cli {
namespace {

/// Hands a worker claims at a time: large enough that the shared counter is rarely touched,
/// small enough that the workers finish together; whole dealing blocks (kDealBlock).
constexpr std::uint64_t kDealChunk = 4096;
/// Corpus lines read before the workers analyse them: a few megabytes of text at most.
constexpr std::size_t kInputChunkLines = 1U << 16;

/// The dealing options of a `stats --deal` run: hands as dealt in play, with a random situation
/// per hand when the size is a complete one (the situation complete hands are scored under).
DealOptions stats_deal_options(const RuleSet& rules, TileMask wild,
                               const StatsCommandOptions& options) {
  DealOptions deal;
  deal.size = options.size == 0 ? rules.hand_tiles() : options.size;
  deal.random_context = deal.size % 3 == 2;
  deal.extra_wild = wild;
  check_deal_options(rules, deal);
  return deal;
}

HandStats collect_dealt(const RuleSet& rules, TileMask wild, const StatsCommandOptions& options,
                        ShardRange range) {
  const DealOptions deal = stats_deal_options(rules, wild, options);
  const std::uint64_t mine = range.end - range.begin;
  const std::uint64_t chunks = (mine + kDealChunk - 1) / kDealChunk;
  const auto workers = static_cast<std::size_t>(options.jobs);
  std::vector<HandStats> counts(workers, HandStats(rules));
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> done{0};
  const StatsOptions what{options.waits, options.score, options.budget_ms};
  ProgressLine progress("stats --deal", mine);
  for_each_index(workers, workers, [&](std::size_t worker) {
    StatsCollector collector(rules, what);
    Dealer dealer(rules, deal, options.seed);
    for (std::uint64_t chunk = next++; chunk < chunks; chunk = next++) {
      const std::uint64_t end = std::min(mine, (chunk + 1) * kDealChunk);
      for (std::uint64_t j = chunk * kDealChunk; j < end; ++j) {
        const DealtHand dealt = dealer.deal(range.begin + j);
        collector.add(dealt.hand, dealt.context ? &*dealt.context : nullptr,
                      situation_seed(options.seed, dealt.index), counts[worker]);
      }
      // The line is drawn by the first worker alone (ProgressLine is not shared across threads).
      const std::uint64_t so_far = done += end - chunk * kDealChunk;
      if (worker == 0) progress.update(so_far);
    }
  });
  HandStats total(rules);
  for (const HandStats& part : counts) total.merge(part);
  return total;
}

/// One line of a corpus file, read: its hand and, when it gives one, its situation.
struct CorpusLine {
  std::uint64_t number = 0;  ///< line number in the file, from 1
  std::uint64_t index = 0;   ///< data line number, from 0 (skipped lines not counted)
  std::string text;
  const CsvHandRows* csv = nullptr;  ///< the CSV layout the line is a row of, if any
  Hand hand;
  std::optional<WinContext> context;
  std::string error;  ///< non-empty: the line cannot be read
};

/// Reads a line (read_hand_line, read_hand_input: MPSZ text, or a JSON object as `corpus` and
/// `batch` read and write them). A line that cannot be read, or holds a hand of 3n tiles, gets
/// its `error`.
void read_corpus_line(const RuleSet& rules, const HandReading& reading, CorpusLine& line) {
  try {
    HandLine read =
        line.csv != nullptr ? line.csv->read(rules, line.text) : read_hand_line(rules, line.text);
    HandInput input =
        read_hand_input(rules, read.hand, std::move(read.context), reading, read.indicator);
    line.hand = input.hand;
    if (input.has_context) line.context = input.context;
  } catch (const Error& error) {
    line.error = error.what();
    return;
  }
  const int size = line.hand.size(rules);
  if (size % 3 == 0) {
    line.error = "a hand of " + std::to_string(size) + " tiles (3n+1 or 3n+2 are counted)";
  }
}

/// Analyses one chunk of lines on the workers; throws the first bad line's error (by line
/// number, whatever the threads' timing).
void count_lines(const RuleSet& rules, const HandReading& reading,
                 const StatsCommandOptions& options, std::vector<CorpusLine>& lines,
                 std::vector<HandStats>& counts,
                 std::vector<std::unique_ptr<StatsCollector>>& collectors) {
  std::atomic<std::size_t> next{0};
  constexpr std::size_t kClaim = 256;
  for_each_index(collectors.size(), collectors.size(), [&](std::size_t worker) {
    for (std::size_t from = next.fetch_add(kClaim); from < lines.size();
         from = next.fetch_add(kClaim)) {
      for (std::size_t i = from; i < std::min(lines.size(), from + kClaim); ++i) {
        CorpusLine& line = lines[i];
        read_corpus_line(rules, reading, line);
        if (!line.error.empty()) continue;
        collectors[worker]->add(line.hand, line.context ? &*line.context : nullptr,
                                situation_seed(options.seed, line.index), counts[worker]);
      }
    }
  });
  for (const CorpusLine& line : lines) {
    if (!line.error.empty()) {
      throw Error((options.input == "-" ? std::string("<stdin>") : options.input) + ":" +
                  std::to_string(line.number) + ": " + line.error + "\n  " + line.text);
    }
  }
}

/// The file a run reads its lines from: `--input`, or the copy of standard input; empty for
/// standard input itself.
std::string input_file(const StatsCommandOptions& options) {
  if (!options.input_copy.empty()) return options.input_copy;
  return options.input == "-" ? std::string() : options.input;
}

HandStats collect_input(const RuleSet& rules, const HandReading& reading,
                        const StatsCommandOptions& options, ShardRange range) {
  std::ifstream file;
  const std::string path = input_file(options);
  if (!path.empty()) {
    file.open(path);
    if (!file) throw Error("--input: cannot open '" + options.input + "'");
  }
  std::istream& in = path.empty() ? std::cin : file;
  const StatsOptions what{options.waits, options.score, options.budget_ms};
  const auto workers = static_cast<std::size_t>(options.jobs);
  std::vector<HandStats> counts(workers, HandStats(rules));
  std::vector<std::unique_ptr<StatsCollector>> collectors;
  for (std::size_t w = 0; w < workers; ++w) {
    collectors.push_back(std::make_unique<StatsCollector>(rules, what));
  }
  std::vector<CorpusLine> lines;
  std::string text;
  std::uint64_t number = 0;
  std::uint64_t index = 0;
  bool first_line = true;
  std::optional<CsvHandRows> csv;
  // The total is known for a file (stats_total counts it when the line is shown), not for a
  // pipe: then the line has the count and the rate without the time left.
  ProgressLine progress("stats --input",
                        ProgressLine::terminal() && !path.empty()
                            ? std::min(range.end, stats_total(options)) - range.begin
                            : 0);
  while (std::getline(in, text)) {
    ++number;
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text[first] == '#') continue;
    const auto last = text.find_last_not_of(" \t\r");
    // A CSV file of hands (`corpus --format csv`) names its columns on its first line.
    if (first_line) {
      first_line = false;
      csv = CsvHandRows::from_header(std::string_view(text).substr(first, last - first + 1));
      if (csv) continue;
    }
    const std::uint64_t data_index = index++;
    if (data_index < range.begin) continue;
    if (data_index >= range.end) break;
    CorpusLine& line = lines.emplace_back();
    line.number = number;
    line.index = data_index;
    line.text = text.substr(first, last - first + 1);
    line.csv = csv ? &*csv : nullptr;
    if (lines.size() == kInputChunkLines) {
      count_lines(rules, reading, options, lines, counts, collectors);
      lines.clear();
      progress.update(index - range.begin);
    }
  }
  if (in.bad()) throw Error("--input: reading '" + options.input + "' failed");
  count_lines(rules, reading, options, lines, counts, collectors);
  HandStats total(rules);
  for (const HandStats& part : counts) total.merge(part);
  return total;
}

/// A copy of a stream in a temporary file, removed with the object.
class TemporaryCopy {
 public:
  /// Copies `in` to its end; `what` names the input in errors.
  TemporaryCopy(std::istream& in, const std::string& what) {
    const std::filesystem::path pattern =
        std::filesystem::temp_directory_path() / "meldgraph-stdin-XXXXXX";
    std::string name = pattern.string();
    const int fd = mkstemp(name.data());
    if (fd < 0) throw Error(what + ": cannot create a temporary file to count its lines in");
    close(fd);
    path_ = name;
    std::ofstream out(path_, std::ios::binary);
    std::array<char, 1U << 16> buffer{};
    while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
      out.write(buffer.data(), in.gcount());
    }
    if (in.bad() || !out.flush()) {
      std::remove(path_.c_str());
      throw Error(what + ": copying it to a temporary file failed");
    }
  }
  ~TemporaryCopy() { std::remove(path_.c_str()); }
  TemporaryCopy(const TemporaryCopy&) = delete;
  TemporaryCopy& operator=(const TemporaryCopy&) = delete;

  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string percent(double share, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << 100 * share << '%';
  return out.str();
}

std::string fixed(double value, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << value;
  return out.str();
}

/// `share (95% CI low-high)` of a proportion object of the report; `n/a` where nothing was
/// counted (a null share).
std::string proportion_text(const nlohmann::ordered_json& p, int digits) {
  if (p["share"].is_null()) return std::to_string(p["hands"].get<std::uint64_t>()) + "  n/a";
  return std::to_string(p["hands"].get<std::uint64_t>()) + "  " +
         percent(p["share"].get<double>(), digits) + " (95% CI " +
         percent(p["ci95"][0].get<double>(), digits) + " - " +
         percent(p["ci95"][1].get<double>(), digits) + ")";
}

std::string mean_text(const nlohmann::ordered_json& m, int digits) {
  if (m["mean"].is_null()) return "mean n/a";
  return "mean " + fixed(m["mean"].get<double>(), digits) + " (95% CI " +
         fixed(m["ci95"][0].get<double>(), digits) + " - " +
         fixed(m["ci95"][1].get<double>(), digits) + ")";
}

/// Where the hands came from, in words: `50 dealt hands of 14 tiles, seed 1, shard 1/1`.
std::string source_text(const nlohmann::ordered_json& source) {
  std::string text;
  if (source.contains("deal")) {
    text = std::to_string(source["deal"].get<std::uint64_t>()) + " dealt hands of " +
           std::to_string(source["size"].get<int>()) + " tiles";
  } else {
    const std::string input = source["input"].get<std::string>();
    text = "the hands of " + (input == "-" ? std::string("standard input") : input);
  }
  text += ", seed " + std::to_string(source["seed"].get<std::uint64_t>());
  text += ", shard " + source["shard"].get<std::string>();
  return text;
}

/// The text report: the JSON report's figures, one per line.
void print_text(const nlohmann::ordered_json& report, std::ostream& out) {
  out << "rules      " << report["rules"].get<std::string>() << '\n'
      << "source     " << source_text(report["source"]) << '\n'
      << "hands      " << report["hands"].get<std::uint64_t>() << '\n'
      << "shanten    " << mean_text(report["shanten"], 4) << '\n';
  for (const auto& entry : report["shanten"]["distribution"]) {
    out << "  " << std::setw(3) << entry["shanten"].get<int>() << "      "
        << proportion_text(entry, 4) << '\n';
  }
  out << "complete   " << proportion_text(report["complete"], 5) << ", "
      << fixed(report["complete"]["per_million"].get<double>(), 2) << " per million\n"
      << "ready      " << proportion_text(report["ready"], 4) << "  (shanten 0)\n"
      << "forms\n";
  for (const auto& form : report["forms"]) {
    out << "  " << form["form"].get<std::string>() << ": complete "
        << proportion_text(form["complete"], 5) << "; nearest form "
        << (form["nearest"]["share"].is_null() ? std::string("n/a")
                                               : percent(form["nearest"]["share"].get<double>(), 2))
        << "; shanten " << mean_text(form["shanten"], 3) << '\n';
  }
  const auto& waits = report["waits"];
  out << "waiting    " << proportion_text(waits["waiting"], 4) << '\n'
      << "  kinds    " << mean_text(waits["kinds"], 3) << '\n';
  for (const auto& entry : waits["kinds"]["distribution"]) {
    out << "  " << std::setw(3) << entry["kinds"].get<int>() << "      "
        << proportion_text(entry, 2) << '\n';
  }
  for (const auto& entry : waits["shapes"]) {
    out << "  " << entry["shape"].get<std::string>() << "  " << proportion_text(entry, 2) << '\n';
  }
  if (report["score"].is_null()) return;
  const auto& score = report["score"];
  out << "scored     " << score["scored"].get<std::uint64_t>() << " complete hands, wins "
      << proportion_text(score["wins"], 2) << '\n';
  // Hands whose scoring stopped early (the reading bounds, --budget-ms): said only when some did.
  if (const auto cut = score["cut"].get<std::uint64_t>(); cut > 0) {
    out << "  cut      " << cut << " scored in part (the best of the readings scored)\n";
  }
  out << "  points   " << mean_text(score["points"], 1) << '\n';
  for (const auto& entry : score["points"]["distribution"]) {
    out << "    " << std::setw(14) << points_range_label(entry) << "  " << proportion_text(entry, 2)
        << '\n';
  }
  for (const auto& entry : score["patterns"]) {
    out << "  " << entry["pattern"].get<std::string>() << "  " << proportion_text(entry, 2) << '\n';
  }
}

}  // namespace

void check_stats_options(const RuleSet& rules, const GlobalOptions& global,
                         const StatsCommandOptions& options) {
  if (global.has_visible) {
    // The statistics count kinds of waiting tile, never the copies left, which is all that
    // tiles seen elsewhere change.
    throw Error(
        "--visible: stats counts the kinds of tile a hand waits on, not the copies left, so "
        "tiles seen elsewhere change nothing; leave it out");
  }
  if ((options.deal > 0) == !options.input.empty()) {
    throw Error("stats: give either --deal N (N > 0) or --input FILE");
  }
  if (options.deal == 0 && options.size != 0) {
    throw Error("--size: only for --deal (a corpus file's hands have their own sizes)");
  }
  if (options.budget_ms != 0 && (!options.score || scoring_rules(rules) == nullptr)) {
    throw Error(
        "--budget-ms bounds the scoring of complete hands; there is none with --no-score or a "
        "rule set without scoring");
  }
  const TileMask wild = wild_choice(global, rules);
  if (options.deal > 0) static_cast<void>(stats_deal_options(rules, wild, options));
  if (!options.shard.empty()) static_cast<void>(shard_range(options.shard, 0));
}

std::uint64_t stats_total(const StatsCommandOptions& options) {
  if (options.deal > 0) return options.deal;
  const std::string path = input_file(options);
  if (path.empty()) throw Error("--input -: standard input cannot be counted first");
  std::ifstream file(path);
  if (!file) throw Error("--input: cannot open '" + options.input + "'");
  std::uint64_t lines = 0;
  std::string text;
  while (std::getline(file, text)) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first != std::string::npos && text[first] != '#') ++lines;
  }
  if (file.bad()) throw Error("--input: reading '" + options.input + "' failed");
  return lines;
}

HandStats collect_stats(const RuleSet& rules, const GlobalOptions& global,
                        const StatsCommandOptions& options, ShardRange range) {
  if (options.deal > 0) return collect_dealt(rules, wild_choice(global, rules), options, range);
  HandReading reading = hand_reading(global, rules);
  reading.notation = options.notation;
  return collect_input(rules, reading, options, range);
}

void report_stats(const RuleSet& rules, const StatsCommandOptions& options, const HandStats& stats,
                  double seconds, int ranks) {
  nlohmann::ordered_json source;
  if (options.deal > 0) {
    source["deal"] = options.deal;
    source["seed"] = options.seed;
    source["size"] = options.size == 0 ? rules.hand_tiles() : options.size;
  } else {
    source["input"] = options.input;
    source["seed"] = options.seed;
  }
  source["shard"] = options.shard.empty() ? std::string("1/1") : options.shard;
  nlohmann::ordered_json report = stats_to_json(stats, rules, source);
  report["run"] = {{"jobs", options.jobs}, {"ranks", ranks}, {"seconds", seconds}};
  if (!options.plot.empty()) plot_stats(report, options.plot);
  if (options.format == "json") {
    std::cout << report.dump() << '\n';
  } else {
    print_text(report, std::cout);
    std::cout << "run        " << fixed(seconds, 2) << " s, " << options.jobs << " jobs";
    if (ranks > 1) std::cout << ", " << ranks << " ranks";
    std::cout << '\n';
  }
  std::cout.flush();
  if (!std::cout) throw Error("stats: writing the output failed");
}

int run_stats(const GlobalOptions& global, const StatsCommandOptions& stats_options) {
  StatsCommandOptions options = stats_options;
  options.notation = global.notation;
  try {
    const RuleSet rules = load_selected_rules(global);
    check_stats_options(rules, global, options);
    const auto started = std::chrono::steady_clock::now();
    // A part of standard input: its lines copied to a file first, so that they can be counted.
    std::optional<TemporaryCopy> copy;
    if (options.input == "-" && !options.shard.empty()) {
      copy.emplace(std::cin, "--input -");
      options.input_copy = copy->path();
    }
    // The whole run without --shard (a file is then read once, not counted first).
    const ShardRange range = options.shard.empty()
                                 ? ShardRange{0, UINT64_MAX}
                                 : shard_range(options.shard, stats_total(options));
    const HandStats stats = collect_stats(
        rules, global, options,
        options.deal > 0 && options.shard.empty() ? ShardRange{0, options.deal} : range);
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - started;
    report_stats(rules, options, stats, seconds.count(), 1);
    return 0;
  } catch (const Error& error) {
    std::cerr << "meldgraph: error: " << error.what() << '\n';
    return 1;
  }
}

}  // namespace meldgraph::cli
