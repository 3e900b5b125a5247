#pragma once
/// The readers, evaluators and writers of every condition predicate, defined by concept in
/// predicates_{context,groups,counts}.cpp and listed by name in the registry
/// (predicates.cpp); the cheap predicates' evaluators are inline in evals.hpp.
/// To add a predicate: write its three functions in the file of its concept, declare them here,
/// add its name to kPredicateNames and one line to the registry (docs/scoring.md documents it).
/// Internal to scoring.

#include <string>

#include "patterns/evals.hpp"
#include "patterns/predicates.hpp"

namespace meldgraph::patterns {

#define MELDGRAPH_PREDICATE_READ(name) \
  void read_##name(const rule_file::Item& item, const ReadContext& context, ConditionNode& node)
#define MELDGRAPH_PREDICATE_WRITE(name) \
  std::string write_##name(const ConditionNode& node, const WriteContext& context)
#define MELDGRAPH_PREDICATE_EVAL(name) \
  bool eval_##name(const ConditionNode& n, const ScoreFeatures& f)

// Shared argument shapes (predicates_context.cpp): `closed_hand: true`, `suits: 1`.
MELDGRAPH_PREDICATE_READ(bool_arg);
MELDGRAPH_PREDICATE_WRITE(bool_arg);
MELDGRAPH_PREDICATE_READ(range_arg);
MELDGRAPH_PREDICATE_WRITE(range_arg);

// The hand as a whole and its context (predicates_context.cpp).
MELDGRAPH_PREDICATE_READ(bonus);
MELDGRAPH_PREDICATE_WRITE(bonus);
MELDGRAPH_PREDICATE_EVAL(bonus);
MELDGRAPH_PREDICATE_READ(win);
MELDGRAPH_PREDICATE_WRITE(win);
MELDGRAPH_PREDICATE_READ(wait);
MELDGRAPH_PREDICATE_WRITE(wait);
MELDGRAPH_PREDICATE_READ(flag);
MELDGRAPH_PREDICATE_WRITE(flag);
MELDGRAPH_PREDICATE_READ(wind);
MELDGRAPH_PREDICATE_WRITE(wind);
MELDGRAPH_PREDICATE_READ(form);
MELDGRAPH_PREDICATE_WRITE(form);

// Tile sets and groups (predicates_groups.cpp).
MELDGRAPH_PREDICATE_READ(faces);
MELDGRAPH_PREDICATE_WRITE(faces);
MELDGRAPH_PREDICATE_READ(groups);
MELDGRAPH_PREDICATE_WRITE(groups);
MELDGRAPH_PREDICATE_READ(sets);
MELDGRAPH_PREDICATE_WRITE(sets);
MELDGRAPH_PREDICATE_EVAL(sets);

// Tile counts (predicates_counts.cpp).
MELDGRAPH_PREDICATE_READ(suit_counts);
MELDGRAPH_PREDICATE_WRITE(suit_counts);
MELDGRAPH_PREDICATE_EVAL(suit_counts);
MELDGRAPH_PREDICATE_READ(copies);
MELDGRAPH_PREDICATE_WRITE(copies);
MELDGRAPH_PREDICATE_EVAL(copies);

#undef MELDGRAPH_PREDICATE_READ
#undef MELDGRAPH_PREDICATE_WRITE
#undef MELDGRAPH_PREDICATE_EVAL

}  // namespace meldgraph::patterns
