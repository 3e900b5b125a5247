/// A thread's scoring workspaces (workspace.hpp).

#include "meldgraph/answers/workspace.hpp"

namespace meldgraph {

Scorer& AnswerWorkspace::scorer(TableUse tables) {
  std::unique_ptr<Scorer>& slot = tables == TableUse::tables ? by_tables_ : search_only_;
  if (!slot) slot = std::make_unique<Scorer>(*rules_, tables);
  return *slot;
}

}  // namespace meldgraph
