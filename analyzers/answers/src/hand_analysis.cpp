#include "meldgraph/answers/hand_analysis.hpp"

namespace meldgraph {

const Decomposition& HandAnalysis::decomposition() const {
  if (!decomposition_) decomposition_.emplace(*rules_, hand_);
  return *decomposition_;
}

}  // namespace meldgraph
