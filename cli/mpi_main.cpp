/// meldgraph-mpi: `meldgraph stats` over MPI ranks (Boost.MPI). Rank r of K counts part r + 1 of
/// K of the run (`--shard r+1/K`: corpus_commands.hpp, shard_range), the counts are reduced on rank
/// 0 by element-wise integer addition (HandStats::to_words), and rank 0 reports: the report equals
/// the single-process run with the same options, `run` aside.

#include <CLI/CLI.hpp>
#include <boost/mpi/collectives.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "meldgraph/error.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/stats.hpp"
#include "stats_commands.hpp"

namespace {

namespace mpi = boost::mpi;
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

int run(const mpi::communicator& world, const std::string& rules_name,
        const StatsCommandOptions& options) {
  std::string error;
  std::optional<meldgraph::RuleSet> rules;
  try {
    rules.emplace(meldgraph::load_rules(rules_name.empty() ? std::string(meldgraph::kDefaultRules)
                                                           : rules_name));
    if (!options.shard.empty()) {
      throw meldgraph::Error(
          "--shard: meldgraph-mpi splits the run by rank; run meldgraph "
          "--shard for one part");
    }
    meldgraph::cli::check_stats_options(*rules, options);
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
    stats = meldgraph::cli::collect_stats(*rules, options, range);
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

}  // namespace

int main(int argc, char** argv) {
  const mpi::environment environment(argc, argv);
  const mpi::communicator world;
  CLI::App app{
      "meldgraph-mpi: meldgraph stats split over MPI ranks (mpirun -np K meldgraph-mpi "
      "stats ...)"};
  app.require_subcommand(1);
  std::string rules_name;
  app.add_option("--rules", rules_name, "built-in rule set name or rule file (default: laizi)");
  StatsCommandOptions options;
  CLI::App* stats = app.add_subcommand(
      "stats", "statistics of dealt hands or a corpus, each rank counting one shard");
  meldgraph::cli::add_stats_options(*stats, options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // Every rank parses the same arguments; rank 0 alone prints the message.
    if (world.rank() != 0) return error.get_exit_code() == 0 ? 0 : 2;
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;
  }
  try {
    return run(world, rules_name, options);
  } catch (const std::exception& error) {
    std::cerr << "meldgraph-mpi: internal error: " << error.what() << '\n';
  }
  return 3;
}
