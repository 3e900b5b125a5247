#pragma once
/// Whether a worker that lives for many hands (Scorer, InterpretationLister, a reading context)
/// may read the lookup tables (docs/tables.md).

#include <cstdint>

namespace meldgraph {

/// `tables`: read them; they are built once per rule set on first use (about 0.1 to 1 s, ten
/// times that under the sanitizers), which many hands repay. `search_only`: build and read
/// none, answering from the exact search alone: the cheaper choice for one hand (analyze,
/// explain, the first lines of a batch). Every answer is the same either way.
enum class TableUse : std::uint8_t { tables, search_only };

}  // namespace meldgraph
