#pragma once
/// The checks the enumerations of complete hands share (corpus_enumerate.cpp,
/// corpus_wildcards.cpp); corpus.hpp has the interface.

#include "meldgraph/rules.hpp"

namespace meldgraph {

/// Throws AnalysisError naming `--size` unless `size` is 3n + 2 from 2 to the hand size.
void check_enumeration_size(const RuleSet& rules, int size);

/// Throws what the enumeration of natural hands of `size` tiles throws before it walks: a
/// size, form or suit it cannot enumerate.
void check_natural_enumeration(const RuleSet& rules, int size);

}  // namespace meldgraph
