#pragma once
/// The options every subcommand shares (`--rules`, `--wild`, `--indicator`, `--visible`,
/// `--answers-from`, `--notation`, `--budget-ms`), what they choose, and the table that reads
/// them from the command line.

#include <cstdint>
#include <string>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

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
  /// may take (AnswerOptions::budget_ms); 0: none.
  std::uint64_t budget_ms = 0;
};

/// Largest `--budget-ms`: a day; the option bounds a hand's work, not a run's.
inline constexpr std::uint64_t kMaxBudgetMs = 86'400'000;

/// Most worker threads `--jobs` accepts: far beyond any machine's cores, it only guards against
/// a typo creating thousands of threads.
inline constexpr int kMaxJobs = 256;

/// The rule set `--rules` names (the default when none).
[[nodiscard]] RuleSet load_selected_rules(const GlobalOptions& global);
/// The wildcard tiles chosen for the hands: `--wild` and the tile `--indicator` points to; an
/// error names the option.
[[nodiscard]] TileMask wild_choice(const GlobalOptions& global, const RuleSet& rules);
/// How hands are read under the global options: `--wild`'s and `--indicator`'s wildcard tiles
/// (apart, since a line's own indicator replaces the second), and `--notation`.
[[nodiscard]] HandReading hand_reading(const GlobalOptions& global, const RuleSet& rules);
/// Reads `--visible` into `options` (nothing when it was not given); an error names the option.
void read_visible(const GlobalOptions& global, const RuleSet& rules, AnswerOptions& options);

/// `--rules`, `--wild` and `--indicator` on `app`, the global options meldgraph and
/// meldgraph-mpi share, into `global`.
void add_rules_options(CLI::App& app, GlobalOptions& global);

/// The global options of meldgraph as the command line gives them: registered on the app, and
/// those a command also takes after its name (`--visible`, `--notation`, `--budget-ms`) on the
/// commands that take them, bound to the same values. Must outlive the parse.
class GlobalOptionTable {
 public:
  /// Registers `--rules`, `--wild`, `--indicator`, `--visible`, `--answers-from` and
  /// `--notation` on `app`.
  explicit GlobalOptionTable(CLI::App& app);

  /// `--visible` on `command` too.
  void add_visible(CLI::App* command);
  /// `--notation` on `command` too.
  void add_notation(CLI::App* command);
  /// `--budget-ms` on `command`, bounding "a hand's listings and scoring".
  void add_budget(CLI::App* command);

  /// The options once the command line is parsed.
  [[nodiscard]] GlobalOptions parsed() const;

 private:
  GlobalOptions options_;
  std::string answers_from_ = "auto";
  std::string notation_ = "meldgraph";
  std::vector<CLI::Option*> visible_;  ///< every `--visible`, given if any of them was
};

}  // namespace meldgraph::cli
