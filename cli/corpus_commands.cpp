// corpus enumerate and corpus deal (docs/corpus.md): hands streamed in their corpus's order, each
// with its labels, in chunks answered by worker threads and written in order.

#include "corpus_commands.hpp"

#include "output.hpp"
#include "progress.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <system_error>
#include <vector>

#include "meldgraph/answers/corpus_labels.hpp"
#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/support/parallel.hpp"

namespace meldgraph::cli {
namespace {

/// Hands a worker labels at a time, and chunks of them per worker between two writes: large
/// enough that the workers rarely wait for each other, small enough to bound memory.
constexpr std::size_t kTaskHands = 256;
constexpr std::size_t kChunkTasksPerJob = 16;

/// Runs `body`, turning meldgraph's input errors into a message and exit code 1.
template <class Body>
int guarded_corpus(Body&& body) {
  try {
    return body();
  } catch (const Error& error) {
    std::cerr << "meldgraph: error: " << error.what() << '\n';
  }
  return 1;
}

enum class RecordFormat { text, json, csv };

RecordFormat record_format(const std::string& word) {
  return word == "csv"    ? RecordFormat::csv
         : word == "json" ? RecordFormat::json
                          : RecordFormat::text;
}

/// Writes each hand as its format wants: MPSZ text, a JSON record or a CSV row.
class RecordWriter {
 public:
  RecordWriter(const RuleSet& rules, RecordFormat format, const Labeller& labeller)
      : rules_(&rules), format_(format), labeller_(&labeller) {}

  /// The line of `hand`, labelled with `workspace` (the calling thread's).
  [[nodiscard]] std::string line(const CorpusHand& hand, AnswerWorkspace& workspace) const {
    if (format_ == RecordFormat::text) return format_hand(hand.hand, *rules_) + '\n';
    const nlohmann::ordered_json record = labeller_->label(hand, workspace);
    if (format_ == RecordFormat::csv) return labeller_->csv_row(record);
    return record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
  }
  [[nodiscard]] std::string header() const {
    return format_ == RecordFormat::csv ? labeller_->csv_header() : std::string();
  }

 private:
  const RuleSet* rules_;
  RecordFormat format_;
  const Labeller* labeller_;
};

/// The format a command was given, checked against its labels.
RecordFormat checked_format(const CorpusOptions& options, const std::vector<Label>& labels,
                            bool context, const char* default_format) {
  const std::string word = options.format.empty() ? default_format : options.format;
  const RecordFormat format = record_format(word);
  if (format == RecordFormat::text && (!labels.empty() || context)) {
    throw Error(
        "--format text: text lists the hands alone; labels and contexts need --format "
        "json or csv");
  }
  return format;
}

std::uint64_t parse_count(const std::string& text, const std::string& whole) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
    throw Error("--shard " + whole + ": expected I/K, two whole numbers with 1 <= I <= K");
  }
  return value;
}

std::vector<Label> parse_labels_or_none(const std::string& text) {
  return text.empty() ? std::vector<Label>{} : parse_labels(text);
}

/// Most parts `--shard` cuts a corpus into: far beyond any cluster, and small enough that the
/// cuts are computed in 64 bits.
constexpr std::uint64_t kMaxShards = 1'000'000;

/// Hands enumerated past a shard's end stop the walk.
struct EnumerationDone {};

}  // namespace

ShardRange shard_range(const std::string& text, std::uint64_t total) {
  if (text.empty()) return {0, total};
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) parse_count("", text);
  const std::uint64_t part = parse_count(text.substr(0, slash), text);
  const std::uint64_t parts = parse_count(text.substr(slash + 1), text);
  if (parts == 0 || part == 0 || part > parts) {
    throw Error("--shard " + text + ": the part I must be 1 to K, and K at least 1");
  }
  if (parts > kMaxShards) {
    throw Error("--shard " + text + ": at most " + std::to_string(kMaxShards) + " parts");
  }
  // total * p / parts without overflow: (q * parts + r) * p / parts with r * p < parts^2 < 2^64.
  const auto cut = [&](std::uint64_t p) { return total / parts * p + total % parts * p / parts; };
  return {cut(part - 1), cut(part)};
}

struct CorpusRun::State {
  CorpusCommand command;
  CorpusOptions options;
  RuleSet rules;
  int size = 0;
  DealOptions deal;  ///< deal: the checked dealing options
  std::unique_ptr<Labeller> labeller;
  std::unique_ptr<RecordWriter> writer;
  ShardRange range;
  std::uint64_t total = 0;  ///< hands in the run's range, 0 when not counted
  std::uint64_t chunk_hands = 0;
  std::uint64_t task_hands = 0;      ///< deal: hands a worker deals at a time, whole blocks
  bool numbered_situations = false;  ///< enumerate --context random: numbered_situation per hand
  std::vector<std::string> lines;
  /// The labelling workers' workspaces, one per `--jobs` thread.
  std::vector<AnswerWorkspace> workspaces;

  State(const GlobalOptions& global, const CorpusOptions& corpus, CorpusCommand which)
      : command(which), options(corpus), rules(load_selected_rules(global)) {
    const auto workers = static_cast<std::uint64_t>(options.jobs);
    if (command == CorpusCommand::enumerate) {
      size = options.size == 0 ? rules.hand_tiles() : options.size;
      check_enumeration(rules, size, options.wildcards);
      numbered_situations = options.context == "random";
      // JSON and CSV records name the forms unless other labels are asked for.
      std::vector<Label> labels =
          parse_labels(options.labels.empty() ? std::string("forms") : options.labels);
      if (options.labels.empty() && (options.format.empty() || options.format == "text")) {
        labels.clear();
      }
      const RecordFormat format = checked_format(options, labels, numbered_situations, "text");
      labeller = std::make_unique<Labeller>(rules, labels,
                                            RecordShape{.size = size,
                                                        .context = numbered_situations,
                                                        .forms_known = true,
                                                        .budget_ms = options.budget_ms});
      writer = std::make_unique<RecordWriter>(rules, format, *labeller);
      // A shard, or a progress line with time left, needs the corpus's size: counted first (a
      // tenth of the time a labelled listing takes).
      if (!options.shard.empty() || ProgressLine::terminal()) {
        total = enumerate_complete_hands(rules, size, options.wildcards, {}).hands;
      }
      range = shard_range(options.shard, total);
      if (options.shard.empty() && total == 0) range.end = UINT64_MAX;  // not counted
      total = range.end == UINT64_MAX ? 0 : range.end - range.begin;
      chunk_hands = kTaskHands * kChunkTasksPerJob * workers;
    } else {
      deal.size = options.size;
      deal.shanten = options.shanten;
      deal.complete_only = options.complete;
      deal.ready_only = options.ready;
      deal.random_context = options.context == "random";
      if (options.max_wildcards) deal.max_wildcards = *options.max_wildcards;
      deal.extra_wild = wild_choice(global, rules);
      check_deal_options(rules, deal);
      size = deal.size;
      const std::vector<Label> labels = parse_labels_or_none(options.labels);
      const RecordFormat format = checked_format(options, labels, deal.random_context, "json");
      labeller = std::make_unique<Labeller>(rules, labels,
                                            dealt_record_shape(rules, deal, options.budget_ms));
      writer = std::make_unique<RecordWriter>(rules, format, *labeller);
      range = shard_range(options.shard, options.count);
      total = range.end - range.begin;
      // Chunks and tasks start on block boundaries, so each task's dealer deals every hand once.
      task_hands = kDealBlock * (kTaskHands / kDealBlock);
      chunk_hands = task_hands * kChunkTasksPerJob * workers;
    }
  }

  /// The lines of `hands`, labelled on the workers: after a stop signal, those up to the first
  /// not computed.
  void write_lines(std::vector<CorpusHand>& hands, std::uint64_t chunk, const ChunkSink& sink) {
    const auto workers = static_cast<std::size_t>(options.jobs);
    lines.assign(hands.size(), std::string());
    while (workspaces.size() < workers) workspaces.emplace_back(rules);
    const std::size_t tasks = (hands.size() + kTaskHands - 1) / kTaskHands;
    for_each_index_by_worker(workers, tasks, [&](std::size_t worker, std::size_t task) {
      const std::size_t end = std::min(hands.size(), (task + 1) * kTaskHands);
      for (std::size_t i = task * kTaskHands; i < end && !stop_requested(); ++i) {
        CorpusHand& hand = hands[i];
        if (numbered_situations) {
          hand.context = numbered_situation(rules, hand.hand, options.seed, hand.index);
        }
        lines[i] = writer->line(hand, workspaces[worker]);
      }
    });
    std::string text;
    for (const std::string& line : lines) {
      if (line.empty()) break;
      text += line;
    }
    sink(chunk, hands.size(), text);
  }

  void produce_enumerated(const ChunkFilter& mine, const ChunkSink& sink) {
    std::vector<CorpusHand> chunk;
    std::uint64_t chunk_number = 0;
    std::uint64_t index = 0;
    const auto flush = [&] {
      if (chunk.empty()) return;
      write_lines(chunk, chunk_number, sink);
      chunk.clear();
    };
    try {
      static_cast<void>(enumerate_complete_hands(
          rules, size, options.wildcards, [&](const Hand& hand, FormMask mask) {
            const std::uint64_t number = index++;
            if (number < range.begin) return;
            if (number >= range.end) throw EnumerationDone{};
            const std::uint64_t j = (number - range.begin) / chunk_hands;
            if (!mine(j)) return;
            if (j != chunk_number) flush();
            chunk_number = j;
            chunk.push_back({number, hand, std::nullopt, {}, kNoTile, mask});
            if (chunk.size() == chunk_hands) flush();
          }));
    } catch (const EnumerationDone&) {
      // The shard's last hand was reached.
    }
    flush();
  }

  void produce_dealt(const ChunkFilter& mine, const ChunkSink& sink) {
    const auto workers = static_cast<std::size_t>(options.jobs);
    std::vector<CorpusHand> chunk;
    if (range.begin == range.end) return;
    for (std::uint64_t j = range.begin / chunk_hands; j <= (range.end - 1) / chunk_hands; ++j) {
      if (!mine(j)) continue;
      const std::uint64_t start = std::max(range.begin, j * chunk_hands);
      const std::uint64_t end = std::min(range.end, (j + 1) * chunk_hands);
      chunk.assign(end - start, CorpusHand{});
      const std::uint64_t first_task = start / task_hands;
      const std::uint64_t tasks = (end - 1) / task_hands - first_task + 1;
      for_each_index(workers, tasks, [&](std::size_t task) {
        Dealer dealer(rules, deal, options.seed);
        const std::uint64_t from = std::max(start, (first_task + task) * task_hands);
        const std::uint64_t to = std::min(end, (first_task + task + 1) * task_hands);
        for (std::uint64_t i = from; i < to; ++i) {
          DealtHand dealt = dealer.deal(i);
          chunk[i - start] = {
              i, dealt.hand, std::move(dealt.context), std::move(dealt.bonus), dealt.indicator, 0};
        }
      });
      write_lines(chunk, j, sink);
    }
  }
};

CorpusRun::CorpusRun(const GlobalOptions& global, const CorpusOptions& options,
                     CorpusCommand command)
    : state_(std::make_unique<State>(global, options, command)) {}

CorpusRun::~CorpusRun() = default;

std::string CorpusRun::header() const {
  return state_->writer->header();
}

std::uint64_t CorpusRun::hands() const {
  return state_->total;
}

std::uint64_t CorpusRun::first_chunk() const {
  return state_->command == CorpusCommand::deal ? state_->range.begin / state_->chunk_hands : 0;
}

void CorpusRun::produce(const ChunkFilter& mine, const ChunkSink& sink) {
  if (state_->command == CorpusCommand::enumerate) {
    state_->produce_enumerated(mine, sink);
  } else {
    state_->produce_dealt(mine, sink);
  }
}

namespace {

/// `corpus enumerate --count-only`: one JSON line of counts.
int count_enumerated(const GlobalOptions& global, const CorpusOptions& options) {
  const RuleSet rules = load_selected_rules(global);
  const int size = options.size == 0 ? rules.hand_tiles() : options.size;
  const std::vector<FormSpec>& forms = rules.forms();
  if (!options.labels.empty() || !options.shard.empty() || !options.format.empty() ||
      options.budget_ms != 0) {
    throw Error(
        "--count-only counts the whole corpus: --label, --shard, --format and --budget-ms apply "
        "to the listing");
  }
  const auto started = std::chrono::steady_clock::now();
  const EnumerationCounts counts = enumerate_complete_hands(rules, size, options.wildcards, {});
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - started;
  nlohmann::ordered_json out;
  out["rules"] = rules.name();
  out["size"] = size;
  out["wildcards"] = options.wildcards;
  out["hands"] = counts.hands;
  out["by_form"] = nlohmann::ordered_json::object();
  for (std::size_t f = 0; f < forms.size(); ++f) {
    if (forms[f].enabled) out["by_form"][forms[f].name] = counts.by_form[f];
  }
  out["candidates"] = counts.candidates;
  out["seconds"] = seconds.count();
  std::cout << out.dump() << '\n';
  return 0;
}

/// A listing on this process: every chunk, written in order, with a progress line on a terminal.
int write_corpus(const GlobalOptions& global, const CorpusOptions& options, CorpusCommand command) {
  CorpusRun run(global, options, command);
  ProgressLine progress(command == CorpusCommand::deal ? "corpus deal" : "corpus enumerate",
                        run.hands());
  const StreamingOutput streaming;
  std::cout << run.header();
  std::uint64_t written = 0;
  run.produce([](std::uint64_t) { return true; },
              [&](std::uint64_t, std::uint64_t hands, std::string& text) {
                std::cout << text;
                output_checkpoint();
                written += hands;
                progress.update(written);
              });
  return 0;
}

}  // namespace

int run_corpus_enumerate(const GlobalOptions& global, const CorpusOptions& options) {
  return guarded_corpus([&] {
    if (options.count_only) return count_enumerated(global, options);
    return write_corpus(global, options, CorpusCommand::enumerate);
  });
}

int run_corpus_deal(const GlobalOptions& global, const CorpusOptions& options) {
  return guarded_corpus([&] { return write_corpus(global, options, CorpusCommand::deal); });
}

}  // namespace meldgraph::cli
