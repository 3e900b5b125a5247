#pragma once
/// `meldgraph stats` (docs/cli.md, "## stats"): statistics over fresh deals or a corpus file,
/// shared by the meldgraph command and meldgraph-mpi (which runs one shard per rank and reduces
/// the counts on rank 0).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/stats.hpp"

namespace CLI {
class App;
}

namespace meldgraph::cli {

/// Part I of K of a run (`--shard I/K`): hand (or data line) number i belongs to shard
/// (i / kDealBlock) mod K, so whole dealing blocks (corpus.hpp) go round the shards. Every hand
/// is in exactly one shard, and a hand's number, not its shard, decides its tiles, so the
/// shards' counts add up to the whole run's.
struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;
};

/// Reads `I/K` (0 <= I < K); throws Error naming `--shard` otherwise.
[[nodiscard]] Shard parse_shard(const std::string& text);

/// The options of `stats`.
struct StatsCommandOptions {
  std::uint64_t deal = 0;  ///< hands to deal (0: read `input`)
  std::uint64_t seed = 1;  ///< seed of the deals and of the situations drawn for scoring
  int size = 0;            ///< tiles a dealt hand holds (0: the rule set's hand size)
  int jobs = 1;            ///< worker threads; the counts do not depend on it
  std::string shard;       ///< `I/K`, empty: the whole run
  std::string input;       ///< corpus file (`-`: standard input), when `deal` is 0
  std::string format = "text";
  std::string plot;   ///< SVG file to draw the charts into, empty: none
  bool waits = true;  ///< `--no-waits` turns the waits off
  bool score = true;  ///< `--no-score` turns scoring off
};

/// Registers the options of `stats` on `command` (main.cpp and the MPI main share it).
void add_stats_options(CLI::App& command, StatsCommandOptions& options);

/// Checks the options against each other and the rule set (a source, the size); throws Error.
void check_stats_options(const RuleSet& rules, const StatsCommandOptions& options);

/// The counts of one shard of the run the options describe.
[[nodiscard]] HandStats collect_stats(const RuleSet& rules, const StatsCommandOptions& options,
                                      Shard shard);

/// Prints the report of `stats` (JSON or text) and draws `--plot`; throws Error when writing
/// fails. `shard` is echoed in the source (MPI: the whole run, 0/1).
void report_stats(const RuleSet& rules, const StatsCommandOptions& options, Shard shard,
                  const HandStats& stats, double seconds, int ranks);

/// `meldgraph stats`: exit 0, or 1 after printing the error.
int run_stats(const GlobalOptions& global, const StatsCommandOptions& options);

}  // namespace meldgraph::cli
