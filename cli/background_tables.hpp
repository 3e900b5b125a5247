#pragma once
/// `batch --answers-from auto`: the lookup tables built on a thread of their own while the exact
/// search answers the first lines, so that no line waits for a build (docs/cli.md, "batch").

#include <atomic>
#include <stop_token>
#include <thread>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/tables/suit_tables.hpp"

namespace meldgraph::cli {

/// Builds the tables an analyzer reads (Analyzer::build_tables) on a thread of its own from
/// construction; ready() turns true, once, when the parts every hand reads are built (the rare
/// ones are built after). Destruction abandons a build
/// still running (AbandonableTableBuilds: within a few milliseconds) and joins the thread, so a
/// batch shorter than the build ends as soon as its last line is answered. A build that fails
/// (out of memory) leaves ready() false: the search goes on answering, which changes no answer.
/// `analyzer` and `rules` must outlive this object.
class BackgroundTables {
 public:
  BackgroundTables(const Analyzer& analyzer, const RuleSet& rules)
      : thread_([this, &analyzer, &rules](const std::stop_token& stop) {
          const AbandonableTableBuilds abandonable(stop);
          try {
            analyzer.build_tables(rules, TableParts::common);
            ready_.store(true, std::memory_order_release);
            // Parts only some hands read come after: the lines go to the tables meanwhile, and
            // a line that needs such a part before it is built waits for this build to finish.
            analyzer.build_tables(rules, TableParts::rare);
          } catch (...) {  // NOLINT(bugprone-empty-catch): abandoned or failed, see above
          }
        }) {}

  /// Whether every table the analyzer reads is built: from then on it answers without building.
  [[nodiscard]] bool ready() const { return ready_.load(std::memory_order_acquire); }

 private:
  std::atomic<bool> ready_{false};
  std::jthread thread_;  ///< last: it starts after ready_ exists and is joined before it goes
};

}  // namespace meldgraph::cli
