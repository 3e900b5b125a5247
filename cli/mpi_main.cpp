/// meldgraph-mpi: `meldgraph stats` and `meldgraph corpus` over MPI ranks (Boost.MPI;
/// docs/corpus.md, "Statistics on MPI ranks: meldgraph-mpi").
///
/// stats: rank r of K counts part r + 1 of K of the run (`--shard r+1/K`: corpus_commands.hpp,
/// shard_range), the counts are reduced on rank 0 by element-wise integer addition
/// (HandStats::to_words), and rank 0 reports: the report equals the single-process run with the
/// same options, `run` aside.
///
/// corpus: the output is cut into chunks (CorpusRun); chunk j is labelled by rank j mod K, and rank
/// 0 writes every chunk in order, its own as it makes them and the others' as they arrive. Each
/// other rank keeps one chunk in flight while it labels the next, so memory stays a few chunks
/// per rank whatever the corpus's size, and the bytes are those of `meldgraph corpus`.

#include <CLI/CLI.hpp>
#include <boost/mpi/collectives.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/mpi/nonblocking.hpp>
#include <chrono>
#include <climits>
#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "corpus_commands.hpp"
#include "global_options.hpp"
#include "meldgraph/corpus/stats.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "output.hpp"
#include "stats_commands.hpp"
#include "word_option.hpp"

namespace {

namespace mpi = boost::mpi;
using meldgraph::cli::CorpusCommand;
using meldgraph::cli::CorpusOptions;
using meldgraph::cli::CorpusRun;
using meldgraph::cli::GlobalOptions;
using meldgraph::cli::ShardRange;
using meldgraph::cli::StatsCommandOptions;

/// Whether every rank succeeded; a rank that failed prints its message (rank 0 first, so that
/// an error every rank sees, such as a bad option, is printed once).
bool all_succeeded(const mpi::communicator& world, const std::string& error) {
  const int failed = error.empty() ? 0 : 1;
  int failures = 0;
  mpi::all_reduce(world, failed, failures, std::plus<int>());
  if (failures == 0) return true;
  int first = error.empty() ? world.size() : world.rank();
  int first_failed = 0;
  mpi::all_reduce(world, first, first_failed, mpi::minimum<int>());
  if (world.rank() == first_failed) {
    std::cerr << "meldgraph-mpi: error (rank " << world.rank() << "): " << error << '\n';
  }
  return false;
}

/// `--shard` is the ranks' to set.
void refuse_shard(const std::string& shard) {
  if (!shard.empty()) {
    throw meldgraph::Error(
        "--shard: meldgraph-mpi splits the run by rank; run meldgraph --shard for one part");
  }
}

int run_stats(const mpi::communicator& world, const GlobalOptions& global,
              const StatsCommandOptions& options) {
  std::string error;
  std::optional<meldgraph::RuleSet> rules;
  try {
    rules.emplace(meldgraph::cli::load_selected_rules(global));
    refuse_shard(options.shard);
    if (options.input == "-") {
      throw meldgraph::Error(
          "--input -: mpirun gives standard input to rank 0 alone, and every rank reads the "
          "corpus; give --input FILE");
    }
    meldgraph::cli::check_stats_options(*rules, global, options);
  } catch (const meldgraph::Error& e) {
    error = e.what();
  }
  if (!all_succeeded(world, error)) return 1;

  const auto started = std::chrono::steady_clock::now();
  meldgraph::HandStats stats(*rules);
  try {
    // Rank r of K counts part r + 1 of K, as `meldgraph stats --shard r+1/K` would.
    const ShardRange range = meldgraph::cli::shard_range(
        std::to_string(world.rank() + 1) + "/" + std::to_string(world.size()),
        meldgraph::cli::stats_total(options));
    stats = meldgraph::cli::collect_stats(*rules, global, options, range);
  } catch (const meldgraph::Error& e) {
    error = e.what();
  }
  if (!all_succeeded(world, error)) return 1;

  const std::vector<std::uint64_t> words = stats.to_words();
  std::vector<std::uint64_t> total_words(words.size(), 0);
  mpi::reduce(world, words.data(), static_cast<int>(words.size()), total_words.data(),
              std::plus<std::uint64_t>(), 0);
  if (world.rank() != 0) return 0;
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - started;
  try {
    meldgraph::HandStats total(*rules);
    total.from_words(total_words);
    meldgraph::cli::report_stats(*rules, options, total, seconds.count(), world.size());
  } catch (const meldgraph::Error& e) {
    std::cerr << "meldgraph-mpi: error: " << e.what() << '\n';
    return 1;
  }
  return 0;
}

/// The message tags of a corpus run: a chunk's text, a rank's end (no chunk follows), a rank's
/// error (its text, after which the run is aborted).
constexpr int kChunkTag = 1;
constexpr int kEndTag = 2;
constexpr int kErrorTag = 3;

/// Rank 0's side of a corpus run: writes the chunks in order, receiving those of the other ranks.
class ChunkWriter {
 public:
  ChunkWriter(const mpi::communicator& world, std::uint64_t first_chunk)
      : world_(world), next_(first_chunk), ended_(static_cast<std::size_t>(world.size()), false) {}

  /// Rank 0's chunk `chunk`: the others' chunks before it, then it.
  void write_own(std::uint64_t chunk, const std::string& text) {
    for (; next_ < chunk; ++next_) {
      if (!receive(owner(next_))) {
        throw std::logic_error("meldgraph-mpi: a rank ended before rank 0's chunk");
      }
    }
    write(text);
    next_ = chunk + 1;
  }

  /// After rank 0's last chunk: the others' chunks up to the corpus's end, which is the first
  /// chunk whose rank has none (chunk numbers are consecutive), then every rank's end message.
  void finish() {
    while (owner(next_) != 0 && receive(owner(next_))) ++next_;
    for (int rank = 1; rank < world_.size(); ++rank) {
      if (!ended_[static_cast<std::size_t>(rank)] && receive(rank)) {
        throw std::logic_error("meldgraph-mpi: a rank sent a chunk past the corpus's end");
      }
    }
  }

 private:
  [[nodiscard]] int owner(std::uint64_t chunk) const {
    return static_cast<int>(chunk % static_cast<std::uint64_t>(world_.size()));
  }

  /// The next message of `rank`: writes a chunk (true), notes its end (false), or reports its
  /// error and aborts every rank.
  bool receive(int rank) {
    const mpi::status status = world_.probe(rank, mpi::any_tag);
    const int length = status.count<char>().value_or(0);
    std::string text(static_cast<std::size_t>(length), '\0');
    world_.recv(rank, status.tag(), text.data(), length);
    if (status.tag() == kEndTag) {
      ended_[static_cast<std::size_t>(rank)] = true;
      return false;
    }
    if (status.tag() == kErrorTag) {
      std::cout.flush();
      std::cerr << "meldgraph-mpi: error (rank " << rank << "): " << text << '\n';
      world_.abort(1);
    }
    write(text);
    return true;
  }

  static void write(const std::string& text) {
    std::cout << text;
    meldgraph::cli::output_checkpoint();
  }

  const mpi::communicator& world_;
  std::uint64_t next_;  ///< the next chunk to write
  std::vector<bool> ended_;
};

/// Another rank's side: sends each chunk to rank 0, one in flight while the next is labelled.
class ChunkSender {
 public:
  explicit ChunkSender(const mpi::communicator& world) : world_(world) {}
  ~ChunkSender() { wait(); }
  ChunkSender(const ChunkSender&) = delete;
  ChunkSender& operator=(const ChunkSender&) = delete;

  void send(std::string& text, int tag) {
    wait();
    if (text.size() > static_cast<std::size_t>(INT_MAX)) {
      throw meldgraph::Error("corpus: a chunk's text is over 2 GiB; use fewer --jobs");
    }
    in_flight_.swap(text);
    pending_ = world_.isend(0, tag, in_flight_.data(), static_cast<int>(in_flight_.size()));
  }
  void wait() {
    if (pending_) pending_->wait();
    pending_.reset();
  }

 private:
  const mpi::communicator& world_;
  std::string in_flight_;
  std::optional<mpi::request> pending_;
};

int run_corpus(const mpi::communicator& world, const GlobalOptions& global,
               const CorpusOptions& options, CorpusCommand command) {
  if (command == CorpusCommand::enumerate && options.count_only) {
    // One walk that lists nothing: rank 0 counts, the others have nothing to do.
    return world.rank() == 0 ? meldgraph::cli::run_corpus_enumerate(global, options) : 0;
  }
  std::string error;
  std::unique_ptr<CorpusRun> run;
  try {
    refuse_shard(options.shard);
    run = std::make_unique<CorpusRun>(global, options, command);
  } catch (const meldgraph::Error& e) {
    error = e.what();
  }
  if (!all_succeeded(world, error)) return 1;

  const auto ranks = static_cast<std::uint64_t>(world.size());
  const auto rank = static_cast<std::uint64_t>(world.rank());
  const auto mine = [&](std::uint64_t chunk) { return chunk % ranks == rank; };
  try {
    if (world.rank() == 0) {
      ChunkWriter writer(world, run->first_chunk());
      std::cout << run->header();
      run->produce(mine, [&](std::uint64_t chunk, std::uint64_t, std::string& text) {
        writer.write_own(chunk, text);
      });
      writer.finish();
      std::cout.flush();
      if (!std::cout) throw meldgraph::Error("corpus: writing the output failed");
      return 0;
    }
    ChunkSender sender(world);
    try {
      run->produce(mine, [&](std::uint64_t, std::uint64_t, std::string& text) {
        sender.send(text, kChunkTag);
      });
    } catch (const meldgraph::Error& e) {
      std::string text = e.what();
      sender.send(text, kErrorTag);
      sender.wait();
      return 1;
    }
    std::string none;
    sender.send(none, kEndTag);
    return 0;
  } catch (const meldgraph::Error& e) {
    // Rank 0 failed part way (other ranks may be waiting on it): the run is stopped.
    std::cerr << "meldgraph-mpi: error (rank 0): " << e.what() << '\n';
  } catch (const meldgraph::cli::OutputError& e) {
    std::cerr << "meldgraph-mpi: error: " << e.what() << '\n';
  }
  world.abort(1);
  return 1;
}

/// The whole run: MPI started, the arguments read, the command run on this rank.
int run_rank(int argc, char** argv) {
  const mpi::environment environment(argc, argv);
  const mpi::communicator world;
  std::ios::sync_with_stdio(false);
  CLI::App app{
      "meldgraph-mpi: meldgraph stats and corpus split over MPI ranks (mpirun -np K "
      "meldgraph-mpi stats|corpus ...)"};
  app.require_subcommand(1);
  GlobalOptions global;
  meldgraph::cli::add_rules_options(app, global);
  StatsCommandOptions stats_options;
  CLI::App* stats = app.add_subcommand(
      "stats", "statistics of dealt hands or a corpus, each rank counting one shard");
  meldgraph::cli::add_stats_options(*stats, stats_options);
  CorpusOptions corpus_options;
  const meldgraph::cli::CorpusCommands corpus =
      meldgraph::cli::add_corpus_commands(app, corpus_options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // Every rank parses the same arguments; rank 0 alone prints the message.
    if (world.rank() != 0) return error.get_exit_code() == 0 ? 0 : 2;
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;
  }
  if (stats->parsed()) return run_stats(world, global, stats_options);
  const CorpusCommand command =
      corpus.deal->parsed() ? CorpusCommand::deal : CorpusCommand::enumerate;
  return run_corpus(world, global, corpus_options, command);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run_rank(argc, argv);
  } catch (const std::exception& error) {
    std::cerr << "meldgraph-mpi: internal error: " << error.what() << '\n';
  } catch (...) {
    std::cerr << "meldgraph-mpi: internal error\n";
  }
  return 3;
}
