#pragma once
/// The meldgraph command's subcommands, free of the argument parser.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph::cli {

/// Where `analyze` and `batch` take win, shanten and waits from. The lookup tables cost up to
/// about half a second to build on first use, so `automatic` uses the exact search for `analyze`
/// (one hand); a batch builds the tables on a thread of its own from its start and answers from
/// the search until they are ready, from the tables after that (cli/background_tables.hpp).
enum class AnswerSource { automatic, tables, search };

/// Options shared by every subcommand.
struct GlobalOptions {
  std::string rules;      ///< built-in name or file; empty: the default rule set
  std::string wild;       ///< per-hand wildcard tiles (`--wild 5m`); empty: none
  std::string indicator;  ///< indicator tile choosing the wildcard (`--indicator 4m`); empty: none
  std::string visible;    ///< tiles seen elsewhere (`--visible 1m1m5z`), when `has_visible`
  bool has_visible = false;
  /// `--answers-from`: where the analyzers get win, shanten and waits (the answers are the same).
  AnswerSource answers_from = AnswerSource::automatic;
  /// `--notation`: how the hands are written (analyze, batch, graph, bench).
  Notation notation = Notation::meldgraph;
  /// `--budget-ms` of analyze, explain and batch: the milliseconds a hand's listings and scoring
  /// may take (AnalyzerOptions::budget_ms); 0: none.
  std::uint64_t budget_ms = 0;
};

/// Largest `--budget-ms`: a day; the option bounds a hand's work, not a run's.
inline constexpr std::uint64_t kMaxBudgetMs = 86'400'000;

enum class OutputFormat { text, json, dot };

/// The rule set `--rules` names (the default when none).
[[nodiscard]] RuleSet load_selected_rules(const GlobalOptions& global);
/// The wildcard tiles chosen for the hands: `--wild` and the tile `--indicator` points to; an
/// error names the option.
[[nodiscard]] TileMask wild_choice(const GlobalOptions& global, const RuleSet& rules);

struct CheckOptions;  // check.hpp

/// Hands `bench` generates when no input file is given, and the seed it draws them with: fixed so
/// that two runs (two builds, two machines) time the same work and can compare checksums.
inline constexpr int kBenchDefaultCount = 10000;
inline constexpr std::uint64_t kBenchDefaultSeed = 1;

/// Most worker threads `batch --jobs` accepts: far beyond any machine's cores, it only guards
/// against a typo creating thousands of threads.
inline constexpr int kMaxJobs = 256;

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

/// Each returns the process exit code: 0 on success, 1 on bad input (after printing the error).
/// `context` holds the situation options as the fields of a context object (win_context.hpp);
/// `realisations`: realisations of abstract groups listed per interpretation (0: none).
int run_analyze(const GlobalOptions& global, const std::string& hand, OutputFormat format,
                std::uint64_t limit, std::uint64_t realisations, const nlohmann::json& context);
/// For each scored reading of a complete hand and each pattern of the rule set: counted or why
/// not (the "explain" analyzer). Exit 1 when the rule set has no scoring section.
int run_explain(const GlobalOptions& global, const std::string& hand, OutputFormat format,
                std::uint64_t limit, const nlohmann::json& context);
/// `jobs` (at least 1) worker threads analyse the lines; the output is the same for any number.
int run_batch(const GlobalOptions& global, const std::string& op, const std::string& input,
              std::uint64_t limit, int jobs);
/// Times one query over many hands and prints one JSON line; exit 1 on a bad input line.
int run_bench(const GlobalOptions& global, const BenchOptions& bench);
/// Compares the fast queries with the search on random hands (check.hpp); prints one JSON line
/// per operation; exit 1 when any answer differs.
int run_check(const GlobalOptions& global, const CheckOptions& check);
int run_graph(const GlobalOptions& global, const std::string& hand, OutputFormat format);
int run_rules_list();
int run_rules_check(const std::string& file);
int run_rules_dump(const std::string& name);

}  // namespace meldgraph::cli
