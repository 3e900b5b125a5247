// corpus enumerate and corpus deal (docs/corpus.md): hands streamed in their corpus's order, each
// with its labels, in chunks answered by worker threads and written in order.

#include "corpus_commands.hpp"

#include "corpus_labels.hpp"
#include "output.hpp"
#include "parallel.hpp"
#include "progress.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <system_error>
#include <vector>

#include "meldgraph/corpus.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"

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

  [[nodiscard]] std::string line(const CorpusHand& hand) const {
    if (format_ == RecordFormat::text) return format_hand(hand.hand, *rules_) + '\n';
    const nlohmann::ordered_json record = labeller_->label(hand);
    if (format_ == RecordFormat::csv) return labeller_->csv_row(record);
    return record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
  }
  void write_header() const {
    if (format_ == RecordFormat::csv) std::cout << labeller_->csv_header();
  }

 private:
  const RuleSet* rules_;
  RecordFormat format_;
  const Labeller* labeller_;
};

/// Labels `hands` on `workers` threads and writes their lines in order; after a stop signal,
/// the lines up to the first not computed.
void write_chunk(const RecordWriter& writer, std::size_t workers,
                 const std::vector<CorpusHand>& hands, std::vector<std::string>& lines) {
  lines.assign(hands.size(), std::string());
  const std::size_t tasks = (hands.size() + kTaskHands - 1) / kTaskHands;
  for_each_index(workers, tasks, [&](std::size_t task) {
    const std::size_t end = std::min(hands.size(), (task + 1) * kTaskHands);
    for (std::size_t i = task * kTaskHands; i < end && !stop_requested(); ++i) {
      lines[i] = writer.line(hands[i]);
    }
  });
  for (const std::string& line : lines) {
    if (line.empty()) break;
    std::cout << line;
  }
  output_checkpoint();
}

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

int run_corpus_enumerate(const GlobalOptions& global, const CorpusOptions& options) {
  return guarded_corpus([&] {
    const RuleSet rules = load_selected_rules(global);
    const int size = options.size == 0 ? rules.hand_tiles() : options.size;
    const std::vector<FormSpec>& forms = rules.forms();
    if (options.count_only) {
      if (!options.labels.empty() || !options.shard.empty() || !options.format.empty()) {
        throw Error(
            "--count-only counts the whole corpus: --label, --shard and --format apply to "
            "the listing");
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
    // JSON and CSV records name the forms unless other labels are asked for.
    std::vector<Label> labels =
        parse_labels(options.labels.empty() ? std::string("forms") : options.labels);
    if (options.labels.empty() && (options.format.empty() || options.format == "text")) {
      labels.clear();
    }
    const RecordFormat format = checked_format(options, labels, false, "text");
    const Labeller labeller(rules, labels, {.size = size, .forms_known = true});
    const RecordWriter writer(rules, format, labeller);

    // A shard, or a progress line with time left, needs the corpus's size: counted first (a
    // tenth of the time a labelled listing takes).
    std::uint64_t total = 0;
    if (!options.shard.empty() || ProgressLine::terminal()) {
      total = enumerate_complete_hands(rules, size, options.wildcards, {}).hands;
    }
    const ShardRange range = shard_range(options.shard, total);
    ProgressLine counted("corpus enumerate", range.end - range.begin);

    const StreamingOutput streaming;
    writer.write_header();
    const auto workers = static_cast<std::size_t>(options.jobs);
    const std::size_t chunk_hands = kTaskHands * kChunkTasksPerJob * workers;
    std::vector<CorpusHand> chunk;
    std::vector<std::string> lines;
    std::uint64_t index = 0;
    std::uint64_t written = 0;
    const auto flush = [&] {
      write_chunk(writer, workers, chunk, lines);
      written += chunk.size();
      chunk.clear();
      counted.update(written);
    };
    try {
      static_cast<void>(enumerate_complete_hands(
          rules, size, options.wildcards, [&](const Hand& hand, FormMask mask) {
            const std::uint64_t number = index++;
            if (!options.shard.empty() && number < range.begin) return;
            if (!options.shard.empty() && number >= range.end) throw EnumerationDone{};
            chunk.push_back({number, hand, std::nullopt, {}, mask});
            if (chunk.size() == chunk_hands) flush();
          }));
    } catch (const EnumerationDone&) {
      // The shard's last hand was reached.
    }
    flush();
    return 0;
  });
}

int run_corpus_deal(const GlobalOptions& global, const CorpusOptions& options) {
  return guarded_corpus([&] {
    const RuleSet rules = load_selected_rules(global);
    DealOptions deal;
    deal.size = options.size;
    deal.shanten = options.shanten;
    deal.complete_only = options.complete;
    deal.ready_only = options.ready;
    deal.random_context = options.context == "random";
    deal.extra_wild = wild_choice(global, rules);
    check_deal_options(rules, deal);
    const std::vector<Label> labels = parse_labels_or_none(options.labels);
    const RecordFormat format = checked_format(options, labels, deal.random_context, "json");
    const bool bonus = !deal.complete_only && !deal.ready_only &&
                       std::any_of(rules.suits().begin(), rules.suits().end(),
                                   [](const SuitInfo& suit) { return suit.bonus; });
    const Labeller labeller(rules, labels,
                            {.size = deal.size, .context = deal.random_context, .bonus = bonus});
    const RecordWriter writer(rules, format, labeller);
    const ShardRange range = shard_range(options.shard, options.count);
    ProgressLine progress("corpus deal", range.end - range.begin);

    const StreamingOutput streaming;
    writer.write_header();
    // Chunks and tasks start on block boundaries, so each task's dealer deals every hand once.
    const auto workers = static_cast<std::size_t>(options.jobs);
    const std::uint64_t task_hands = kDealBlock * (kTaskHands / kDealBlock);
    const std::uint64_t chunk_hands = task_hands * kChunkTasksPerJob * workers;
    std::vector<CorpusHand> chunk;
    std::vector<std::string> lines;
    for (std::uint64_t start = range.begin; start < range.end;) {
      const std::uint64_t end = std::min(range.end, (start / chunk_hands + 1) * chunk_hands);
      chunk.assign(end - start, CorpusHand{});
      const std::uint64_t first_task = start / task_hands;
      const std::uint64_t tasks = (end - 1) / task_hands - first_task + 1;
      for_each_index(workers, tasks, [&](std::size_t task) {
        Dealer dealer(rules, deal, options.seed);
        const std::uint64_t from = std::max(start, (first_task + task) * task_hands);
        const std::uint64_t to = std::min(end, (first_task + task + 1) * task_hands);
        for (std::uint64_t i = from; i < to; ++i) {
          DealtHand dealt = dealer.deal(i);
          chunk[i - start] = {i, std::move(dealt.hand), std::move(dealt.context),
                              std::move(dealt.bonus), 0};
        }
      });
      write_chunk(writer, workers, chunk, lines);
      progress.update(end - range.begin);
      start = end;
    }
    return 0;
  });
}

}  // namespace meldgraph::cli
