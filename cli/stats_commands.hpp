#pragma once
/// `meldgraph stats` (docs/cli.md, "## stats"): statistics over fresh deals or a corpus file,
/// shared by the meldgraph command and meldgraph-mpi (which runs one shard per rank and reduces
/// the counts on rank 0).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "corpus_commands.hpp"
#include "global_options.hpp"
#include "meldgraph/corpus/stats.hpp"
#include "meldgraph/model/rules.hpp"

namespace CLI {
class App;
}

namespace meldgraph::cli {

/// The options of `stats`.
struct StatsCommandOptions {
  std::uint64_t deal = 0;  ///< hands to deal (0: read `input`)
  std::uint64_t seed = 1;  ///< seed of the deals and of the situations drawn for scoring
  int size = 0;            ///< tiles a dealt hand holds (0: the rule set's hand size)
  int jobs = 1;            ///< worker threads; the counts do not depend on it
  std::string shard;       ///< `I/K` (corpus_commands.hpp, shard_range), empty: the whole run
  std::string input;       ///< corpus file (`-`: standard input), when `deal` is 0
  /// The file read for `input` when not `input` itself: standard input copied to a temporary
  /// file, so that `--shard` can count its lines first. Empty: `input`.
  std::string input_copy;
  std::string format = "text";
  std::string plot;   ///< SVG file to draw the charts into, empty: none
  bool waits = true;  ///< `--no-waits` turns the waits off
  bool score = true;  ///< `--no-score` turns scoring off
  /// `--budget-ms`: the milliseconds a complete hand's scoring may take; 0: none.
  std::uint64_t budget_ms = 0;
  /// How a corpus file's hands are written (the global `--notation`).
  Notation notation = Notation::meldgraph;
};

/// Registers the options of `stats` on `command` (main.cpp and the MPI main share it).
void add_stats_options(CLI::App& command, StatsCommandOptions& options);

/// Checks the options against each other, the global options (the wildcard choice; `--visible`
/// is refused) and the rule set (a source, the size); throws Error naming the option.
void check_stats_options(const RuleSet& rules, const GlobalOptions& global,
                         const StatsCommandOptions& options);

/// How many numbers the run has: `--deal`'s N, or the data lines of `--input` (counted by a
/// first pass over the file; standard input only once copied, `input_copy`: throws Error).
[[nodiscard]] std::uint64_t stats_total(const StatsCommandOptions& options);

/// The counts of the hands (or data lines) numbered [range.begin, range.end) of the run, with the
/// wildcard kinds `--wild` and `--indicator` choose for every hand.
[[nodiscard]] HandStats collect_stats(const RuleSet& rules, const GlobalOptions& global,
                                      const StatsCommandOptions& options, ShardRange range);

/// Prints the report of `stats` (JSON or text) and draws `--plot`; throws Error when writing
/// fails. `ranks`: the MPI ranks that counted (1 without MPI).
void report_stats(const RuleSet& rules, const StatsCommandOptions& options, const HandStats& stats,
                  double seconds, int ranks);

/// `meldgraph stats`: exit 0, or 1 after printing the error.
int run_stats(const GlobalOptions& global, const StatsCommandOptions& options);

}  // namespace meldgraph::cli
