#pragma once
/// `corpus enumerate` and `corpus deal` (docs/corpus.md), free of the argument parser.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "global_options.hpp"

namespace CLI {
class App;
}

namespace meldgraph::cli {

/// The options of `corpus enumerate` and `corpus deal` (each reads those that are its own).
struct CorpusOptions {
  int size = 0;                      ///< tiles per hand; 0: the rule set's default
  std::string format;                ///< text, json or csv; empty: the command's default
  std::string labels;                ///< `--label` as given; empty: none
  int jobs = 1;                      ///< worker threads, at least 1
  std::string shard;                 ///< `--shard I/K` as given; empty: the whole corpus
  bool count_only = false;           ///< enumerate: one JSON line of counts
  int wildcards = 0;                 ///< enumerate: wildcards every hand holds
  std::uint64_t count = 0;           ///< deal: hands
  std::uint64_t seed = 1;            ///< deal: the corpus's seed
  std::optional<int> shanten;        ///< deal: only hands of this shanten number
  bool complete = false;             ///< deal: only complete hands
  bool ready = false;                ///< deal: only ready hands
  std::optional<int> max_wildcards;  ///< deal --complete/--ready: most wildcards a hand holds
  std::string context;  ///< deal: `random` for a random situation per hand; empty: none
  /// `--budget-ms`: the milliseconds the interpretations and score labels of a hand may take
  /// (AnalyzerOptions::budget_ms); 0: none.
  std::uint64_t budget_ms = 0;
};

/// The subcommands `corpus enumerate` and `corpus deal`.
struct CorpusCommands {
  CLI::App* corpus = nullptr;
  CLI::App* enumerate = nullptr;
  CLI::App* deal = nullptr;
};

/// Registers `corpus enumerate` and `corpus deal` with their options on `app` (main.cpp and the
/// MPI main share it); the parsed values go to `options`.
CorpusCommands add_corpus_commands(CLI::App& app, CorpusOptions& options);

/// A part of a corpus: hands [begin, end) of its numbering.
struct ShardRange {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

/// Reads `--shard I/K` (1 <= I <= K) and cuts [0, total) into K contiguous parts, part I's
/// being [total * (I - 1) / K, total * I / K); empty text: the whole. Throws Error naming the
/// option.
[[nodiscard]] ShardRange shard_range(const std::string& text, std::uint64_t total);

enum class CorpusCommand { enumerate, deal };

/// Chunk j of a run: the hands numbered [j C, (j + 1) C) of its numbering (C the run's
/// chunk_hands()), cut to the run's shard. Chunks are numbered the same way in every process given
/// the same options, so that processes can share out the chunks (meldgraph-mpi).
using ChunkFilter = std::function<bool(std::uint64_t chunk)>;
/// Receives a chunk's output lines (newlines included) and how many hands they hold.
using ChunkSink = std::function<void(std::uint64_t chunk, std::uint64_t hands, std::string& text)>;

/// A `corpus enumerate` or `corpus deal` listing with its options checked, ready to produce its
/// output chunk by chunk. `--count-only` is not a listing: run_corpus_enumerate answers it.
class CorpusRun {
 public:
  /// Loads the rule set and checks every option and label, so that a run that cannot be made
  /// fails here, before anything is written; throws Error naming the option.
  CorpusRun(const GlobalOptions& global, const CorpusOptions& options, CorpusCommand command);
  ~CorpusRun();
  CorpusRun(const CorpusRun&) = delete;
  CorpusRun& operator=(const CorpusRun&) = delete;

  /// The CSV header line (empty for other formats).
  [[nodiscard]] std::string header() const;
  /// The hands the run writes (its shard's), or 0 when not known before the listing (an
  /// enumeration neither sharded nor shown with a progress line is not counted first).
  [[nodiscard]] std::uint64_t hands() const;
  /// The first chunk's number (deals number chunks from hand 0, a shard starting inside one).
  [[nodiscard]] std::uint64_t first_chunk() const;
  /// Labels, in ascending order, every chunk of the run that `mine` selects, on the run's `--jobs`
  /// threads, and gives each one's text to `sink`. Chunks hold hands consecutive in the output,
  /// and the chunks' numbers are consecutive from first_chunk() to the last. After a stop signal
  /// a chunk's text ends at its last line computed. Throws Error (a `--shanten` filter that found
  /// no hand in its draws).
  void produce(const ChunkFilter& mine, const ChunkSink& sink);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Each returns the process exit code: 0 on success, 1 on bad input (after printing the error).
int run_corpus_enumerate(const GlobalOptions& global, const CorpusOptions& options);

/// The options of `corpus cover` (cover_command.cpp).
struct CoverCommandOptions {
  int per_pattern = 1;
  std::uint64_t seed = 1;
  std::string format;           ///< json (the default) or csv
  std::string labels;           ///< `--label` as given: labels besides the score
  std::uint64_t budget_ms = 0;  ///< 0: CoverOptions' default
  std::string report;           ///< `--report FILE`; empty: none
  bool minimal = false;
  int jobs = 1;
  std::string shard;  ///< `--shard I/K` as given: part I of the patterns; empty: all
  std::string patterns;  ///< `--pattern` as given: the ids searched for; empty: all
};
/// Registers `corpus cover` under `corpus` (the subcommand add_corpus_commands made).
CLI::App* add_cover_command(CLI::App* corpus, CoverCommandOptions& options);
int run_corpus_cover(const GlobalOptions& global, const CoverCommandOptions& options);

/// The options of `corpus hard` (hard_command.cpp).
struct HardCommandOptions {
  std::string kinds;  ///< `--kind` as given; empty: every kind
  int count = 10;
  std::uint64_t seed = 1;
  std::uint64_t budget_ms = 0;  ///< 0: HardOptions' default
  std::string format;           ///< json (the default) or csv
};
/// Registers `corpus hard` under `corpus`.
CLI::App* add_hard_command(CLI::App* corpus, HardCommandOptions& options);
int run_corpus_hard(const GlobalOptions& global, const HardCommandOptions& options);
int run_corpus_deal(const GlobalOptions& global, const CorpusOptions& options);

}  // namespace meldgraph::cli
