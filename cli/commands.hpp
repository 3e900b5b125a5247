#pragma once
/// The meldgraph command's subcommands, free of the argument parser (main.cpp reads their
/// options): analyze, explain, batch, bench, check, diff, graph and rules, one file each
/// (analyze_command.cpp, ...); corpus and stats have headers of their own (corpus_commands.hpp,
/// stats_commands.hpp), shared with meldgraph-mpi.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "global_options.hpp"

namespace meldgraph::cli {

enum class OutputFormat { text, json, dot };

/// Each run_* returns the process exit code: 0 on success, 1 on bad input (after printing the
/// error).

/// The options of `analyze`.
struct AnalyzeOptions {
  std::string hand;
  OutputFormat format = OutputFormat::text;
  std::uint64_t limit = 1000;      ///< most interpretations (and scored readings) listed; 0: all
  std::uint64_t realisations = 0;  ///< realisations of abstract groups listed per interpretation
  bool best = false;               ///< `--best`: the best reading and the summary alone
};
/// `context`: the situation options, as the fields of a context object (win_context.hpp).
int run_analyze(const GlobalOptions& global, const AnalyzeOptions& options,
                const nlohmann::json& context);

/// The options of `explain`.
struct ExplainOptions {
  std::string hand;
  OutputFormat format = OutputFormat::text;
  std::uint64_t limit = 1000;  ///< most readings explained; 0: all
};
/// For each scored reading of a complete hand and each pattern of the rule set: counted or why
/// not (the "explain" answer). Exit 1 when the rule set has no scoring section. `context` as for
/// run_analyze.
int run_explain(const GlobalOptions& global, const ExplainOptions& options,
                const nlohmann::json& context);

/// The options of `advise`.
struct AdviseOptions {
  std::string hand;
  OutputFormat format = OutputFormat::text;
  bool no_second_step = false;  ///< `--no-second-step`
};
/// For each discard of a hand of 3n+2 tiles (each draw of 3n+1): its shanten, improving tiles
/// and, when ready, its waits and their value (the "advise" answer). `context` as for
/// run_analyze.
int run_advise(const GlobalOptions& global, const AdviseOptions& options,
               const nlohmann::json& context);

/// The options of `batch`.
struct BatchOptions {
  std::string op;              ///< the analyzer's name (checked by the parser)
  std::string input;           ///< file of lines; empty or `-`: standard input
  std::uint64_t limit = 1000;  ///< most interpretations (or readings) listed per hand; 0: all
  bool best = false;           ///< `--best`: a score's best reading alone (no listing)
  std::string fields;          ///< `--fields`: a comma list of top-level fields; empty: all
  bool csv = false;            ///< `--format csv`: a header, then one row per line
  int jobs = 1;                ///< worker threads, at least 1; the output does not depend on it
};
int run_batch(const GlobalOptions& global, const BatchOptions& options);

/// Hands `bench` generates when no input file is given, and the seed it draws them with: fixed so
/// that two runs (two builds, two machines) time the same work and can compare checksums.
inline constexpr int kBenchDefaultCount = 10000;
inline constexpr std::uint64_t kBenchDefaultSeed = 1;

/// The options of `bench`.
struct BenchOptions {
  std::string op;  ///< win, waits, shanten, interpretations or score (checked by the parser)
  /// File of hands, or for score of batch lines (hands or JSON objects of a hand and its
  /// situation); empty: generate `count` hands from `seed` (score: with random situations).
  std::string input;
  int repeat = 1;  ///< timed passes over the hands, at least 1
  /// Untimed passes first, so that one-time set-up (tables built on first use) is not timed.
  int warmup = 1;
  int count = kBenchDefaultCount;
  std::uint64_t seed = kBenchDefaultSeed;
  /// Non-empty: write the hands (score: batch JSON lines with their situations) to this file
  /// (`-`: standard output) instead of timing them, so that other tools can read the workload.
  std::string dump;
};
/// Times one query over many hands and prints one JSON line; exit 1 on a bad input line.
int run_bench(const GlobalOptions& global, const BenchOptions& options);

struct CheckOptions;  // check.hpp
/// Compares the fast queries with the search on random hands (check.hpp); prints one JSON line
/// per operation; exit 1 when any answer differs.
int run_check(const GlobalOptions& global, const CheckOptions& check);

/// The decomposition graph of a hand, as DOT or JSON.
/// The options of `graph`.
struct GraphOptions {
  std::string hand;
  OutputFormat format = OutputFormat::dot;
  std::string form;        ///< `--form NAME`: that form's graph alone
  std::string output_dir;  ///< `--output-dir DIR`: one file per form there
};
int run_graph(const GlobalOptions& global, const GraphOptions& options);

/// The options of `diff`: another engine's answers against meldgraph's.
struct DiffOptions {
  std::string engine;        ///< the command, run by /bin/sh -c
  std::string op = "score";  ///< score, win, waits or shanten
  std::string input;         ///< the corpus; empty or `-`: standard input
  std::string field;         ///< the dotted path compared; empty: the op's default
  std::string format = "text";
  int timeout_ms = 10'000;  ///< the most a reply is waited for
  int examples = 3;         ///< examples kept per pattern
};
int run_diff(const GlobalOptions& global, const DiffOptions& options);

int run_rules_list();
int run_rules_check(const std::string& file);
int run_rules_dump(const std::string& name);

}  // namespace meldgraph::cli
