#pragma once
/// The engine's output in the reference's canonical form: every interpretation the cursor lists
/// and every root-to-sink path of each form's graph (walked here directly, so a failure says
/// whether the graph itself is wrong or only the listing of it), and the comparison with the
/// reference.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "reference/canonical.hpp"

namespace meldgraph::testref {

struct EngineResult {
  RefResult forms;   ///< listed by the cursor, sorted per form (duplicates kept)
  RefResult walked;  ///< every root-to-sink path of each graph, sorted
  std::map<std::size_t, std::uint64_t> path_counts;
  std::map<std::size_t, int> stray_sinks;  ///< vertices without out-edges other than goal()
  bool wins = false;
  std::uint64_t total = 0;
  std::string error;  ///< structural problems found while converting
};

/// The engine's answers for `hand`: counts, the cursor's listing and the graphs' paths.
EngineResult run_engine(const RuleSet& rules, const Hand& hand);

/// Empty when the engine agrees with the reference; otherwise a description of every difference.
std::string compare(const RuleSet& rules, const Hand& hand, const RefResult& expected);

/// CHECKs that the engine agrees with the reference search on `hand`; a failure lists the
/// differences (compare).
void check_agrees(const RuleSet& rules, const Hand& hand);

}  // namespace meldgraph::testref
