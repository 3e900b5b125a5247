/// The options of `stats` (shared by meldgraph and meldgraph-mpi): built at -O1 like main.cpp,
/// since CLI11 is large and argument parsing is not hot.

#include <CLI/CLI.hpp>

#include "stats_commands.hpp"
#include "word_option.hpp"

namespace meldgraph::cli {

void add_stats_options(CLI::App& command, StatsCommandOptions& options) {
  CLI::Option* deal =
      command.add_option("--deal", options.deal, "hands to deal from the rule set's wall");
  deal->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 48));
  command
      .add_option("--input", options.input,
                  "corpus file: MPSZ lines or JSON objects with a 'hand' ('-': standard input)")
      ->excludes(deal);
  command
      .add_option("--seed", options.seed,
                  "seed of the deals and of the situations drawn for scoring (default 1)")
      ->check(CLI::NonNegativeNumber);
  command.add_option("--size", options.size, "tiles a dealt hand holds (default: the rule set's)")
      ->check(CLI::Range(1, 17));
  command
      .add_option("--jobs", options.jobs, "worker threads (default 1); the counts do not change")
      ->check(CLI::Range(1, kMaxJobs));
  command
      .add_option("--shard", options.shard, "count only part I of K (hand i is in part i mod K)")
      ->type_name("I/K");
  command.add_option("--format", options.format, "output format")
      ->type_name("text|json")
      ->check(CLI::IsMember({"text", "json"}));
  command.add_option("--plot", options.plot, "draw the distributions into an SVG file (gnuplot)")
      ->type_name("FILE.svg");
  command.add_flag("!--no-waits", options.waits, "skip the waits of waiting hands");
  command.add_flag("!--no-score", options.score, "skip scoring complete hands");
  add_budget_option(&command, options.budget_ms,
                    "a complete hand's scoring (counted in score.cut when it stops)");
}

}  // namespace meldgraph::cli
