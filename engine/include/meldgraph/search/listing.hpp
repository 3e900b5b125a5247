#pragma once
/// Listing the interpretations of complete hands without building the graph.
///
/// `InterpretationLister::list` gives exactly what `Decomposition(rules, hand).interpretations()`
/// gives, in the same order (form by form, each form's paths in the search's order), with the same
/// groups, marks, waits and soft wildcards; it throws AnalysisError where the Decomposition
/// constructor throws, before visiting anything. For the rule features it models (docs/engine.md,
/// "Listing without the graph") it runs the search depth-first over one reused workspace, no
/// graph, no memo, no allocation once its buffers have grown; for anything else it builds the
/// Decomposition and walks its cursor. Pruning never decides what is listed, only how soon a dead
/// branch is left.

#include <cstdint>
#include <memory>
#include <type_traits>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/tables/table_use.hpp"

namespace meldgraph {

/// A non-owning reference to a callable `bool(const Interpretation&)` (false stops the listing)
/// or `void(const Interpretation&)` (never stops). Two pointers, no allocation; the callable must
/// outlive the call it is passed to.
class InterpretationVisitor {
 public:
  template <class F, class = std::enable_if_t<
                         !std::is_same_v<std::remove_cvref_t<F>, InterpretationVisitor> &&
                         std::is_invocable_v<F&, const Interpretation&>>>
  InterpretationVisitor(F&& visit)  // NOLINT(google-explicit-constructor): lambdas convert
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(visit)))),
        call_([](void* object, const Interpretation& interpretation) {
          auto& callable = *static_cast<std::remove_reference_t<F>*>(object);
          if constexpr (std::is_void_v<std::invoke_result_t<F&, const Interpretation&>>) {
            callable(interpretation);
            return true;
          } else {
            return static_cast<bool>(callable(interpretation));
          }
        }) {}

  /// Passes one interpretation on; false when the listing should stop.
  bool operator()(const Interpretation& interpretation) const {
    return call_(object_, interpretation);
  }

 private:
  void* object_;
  bool (*call_)(void*, const Interpretation&);
};

/// A reusable workspace that lists the interpretations of complete hands under one rule set.
/// Not thread-safe: give each thread its own. `rules` must outlive the lister. With
/// TableUse::tables the melds forms prune on the win tables (built on first use); the listing
/// is the same either way.
class InterpretationLister {
 public:
  explicit InterpretationLister(const RuleSet& rules, TableUse tables = TableUse::tables);
  ~InterpretationLister();
  InterpretationLister(InterpretationLister&&) noexcept;
  InterpretationLister& operator=(InterpretationLister&&) noexcept;
  InterpretationLister(const InterpretationLister&) = delete;
  InterpretationLister& operator=(const InterpretationLister&) = delete;

  /// Calls `visit` for each interpretation of `hand`, in the order of
  /// `Decomposition(rules, hand).interpretations()`, until it returns false; returns how many
  /// interpretations were visited (the one that stopped the listing included). The Interpretation
  /// passed is the lister's own, valid only during the call. Throws AnalysisError exactly where
  /// the Decomposition constructor throws (wrong hand size, too many kinds of wildcard), before
  /// the first visit. `built`, when given, is a Decomposition that may already exist for the
  /// hand (HandAnalysis's): where the lister would build one it reads `built` instead, provided
  /// it is of the same hand under the same rule set (the same RuleSet object); otherwise it is
  /// ignored. The listing is the same either way.
  std::uint64_t list(const Hand& hand, InterpretationVisitor visit,
                     const Decomposition* built = nullptr);

  /// Whether `list` answers this hand by its own search (true) or by building the Decomposition
  /// (false). False for hands of a size the search rejects: the Decomposition throws for them.
  [[nodiscard]] bool lists_without_graph(const Hand& hand) const;

  /// Builds now the lookup tables the listing reads: the melds forms' win tables come with a
  /// lister of TableUse::tables, the knitted forms' otherwise with their first hand. For
  /// workers and builds ahead of need (Analyzer::build_tables); changes no listing.
  void build_tables() const;

  /// How many form listings so far took the table path (docs/engine.md, "The table path"): a
  /// melds form of a hand without wildcards listed as the product of its suits' memoised paths.
  /// For tests and benchmarks; what is listed is the same either way.
  [[nodiscard]] std::uint64_t table_path_forms() const;

 private:
  struct Impl;  ///< the plan and the workspace, defined in listing.cpp
  std::unique_ptr<Impl> impl_;
};

/// InterpretationLister(rules).lists_without_graph(hand): for tests (builds a lister each call).
[[nodiscard]] bool lists_without_graph(const RuleSet& rules, const Hand& hand);

}  // namespace meldgraph
