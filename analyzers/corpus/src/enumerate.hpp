#pragma once
/// The checks the enumerations of complete hands share (enumerate.cpp,
/// wildcards.cpp); corpus.hpp has the interface.

#include <functional>
#include <memory>

#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

/// Throws AnalysisError naming `--size` unless `size` is 3n + 2 from 2 to the hand size.
void check_enumeration_size(const RuleSet& rules, int size);

/// Throws what the enumeration of natural hands of `size` tiles throws before it walks: a
/// size, form or suit it cannot enumerate.
void check_natural_enumeration(const RuleSet& rules, int size);

/// The natural tiles of hands holding K wildcards, walked suit by suit and pruned by lower bounds
/// on the wildcards each form needs (wildcard_walk.cpp, docs/corpus.md "--wildcards"):
/// only partial hands that some form could still complete with K wildcards are extended.
class PrunedNaturalWalk {
 public:
  /// Called with the hand's naturals set, and the forms the bounds leave possible (every form
  /// the hand is complete in is one of them).
  using Leaf = std::function<void(FormMask possible)>;

  /// Whether the walk models the rule set's forms for hands of `size` tiles with `wildcards`
  /// wildcards: melds forms of at most one pair, pairs and set forms, a wildcards form needing
  /// more than `wildcards`, no knitted or singles form of the size, every suit a table shape.
  [[nodiscard]] static bool models(const RuleSet& rules, int size, int wildcards);

  /// `models(rules, size, wildcards)` must hold.
  PrunedNaturalWalk(const RuleSet& rules, int size, int wildcards);
  PrunedNaturalWalk(const PrunedNaturalWalk&) = delete;
  PrunedNaturalWalk& operator=(const PrunedNaturalWalk&) = delete;
  ~PrunedNaturalWalk();

  /// Sets `hand`'s natural counts to each multiset of size - wildcards natural tiles (the
  /// meldable kinds, neither wild nor forbidden) that the bounds do not rule out, in canonical
  /// order, and calls `leaf`; the hand's other fields are left as they are. Every multiset
  /// completed by some form with the wildcards is visited.
  void walk(Hand& hand, const Leaf& leaf);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meldgraph
