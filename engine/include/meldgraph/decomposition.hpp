#pragma once
/// The meld-decomposition graph: the search's product. Analyzers consume these values and never
/// reach into the search; Boost.Graph stays behind this header.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "meldgraph/group.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"

namespace meldgraph {

/// One reading of a hand: the form it matches and its groups, a multiset in canonical order
/// (groups holding natural tiles by their lowest natural tile, abstract groups last). Two
/// interpretations are the same exactly when form and groups are equal.
struct Interpretation {
  std::size_t form = 0;  ///< index into RuleSet::forms()
  std::vector<Group> groups;

  friend bool operator==(const Interpretation&, const Interpretation&) = default;
};

/// Path counts saturate here rather than wrap.
inline constexpr std::uint64_t kCountSaturated = UINT64_MAX;

/// The decomposition DAG of one form. Vertices are search states (what is left to group), edges
/// are groups; every root-to-goal path is one interpretation, and only states on such a path are
/// kept. Identical states are merged. Immutable, cheap to copy.
class FormGraph {
 public:
  struct Vertex {
    TileCounts remaining{};        ///< natural tiles still to place
    std::uint8_t wildcards = 0;    ///< wildcards still to place
    std::uint8_t melds_left = 0;   ///< melds (or set singles) still to form
    std::uint8_t pairs_left = 0;   ///< pairs still to form
    std::uint64_t paths = 0;       ///< paths from here to the goal (saturating)
  };
  struct Edge {
    std::size_t source = 0;
    std::size_t target = 0;
    Group group;
  };

  FormGraph() = default;

  [[nodiscard]] std::size_t form() const;
  [[nodiscard]] std::size_t vertex_count() const;
  [[nodiscard]] std::size_t edge_count() const;
  [[nodiscard]] const Vertex& vertex(std::size_t id) const;
  /// Edges in a fixed order: by source, then by group.
  [[nodiscard]] std::vector<Edge> edges() const;
  [[nodiscard]] std::vector<Edge> out_edges(std::size_t vertex) const;
  [[nodiscard]] std::size_t root() const;
  [[nodiscard]] std::size_t goal() const;
  [[nodiscard]] bool empty() const;  ///< no interpretation: the form does not match
  /// Interpretations of this form, counted on the graph without listing them (saturating).
  [[nodiscard]] std::uint64_t path_count() const;
  /// Graphviz DOT text (Boost.Graph's writer), labelled with tiles and groups.
  [[nodiscard]] std::string to_dot(const RuleSet& rules) const;

  struct Impl;  ///< Boost.Graph storage, defined in decomposition.cpp

  explicit FormGraph(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  [[nodiscard]] const Impl& impl() const { return *impl_; }

 private:
  std::shared_ptr<const Impl> impl_;
};

class Decomposition;

/// Lists interpretations lazily, one path at a time, form by form.
class InterpretationCursor {
 public:
  explicit InterpretationCursor(const Decomposition& decomposition);
  /// Writes the next interpretation into `out`; false when there are none left.
  bool next(Interpretation& out);

 private:
  struct Frame {
    std::size_t vertex;
    std::size_t next_edge;
  };
  const Decomposition* decomposition_;
  std::size_t graph_index_ = 0;
  std::vector<Frame> stack_;
  std::vector<Group> groups_;
  bool started_ = false;
};

/// Every interpretation of a complete hand, as one graph per applicable form.
class Decomposition {
 public:
  /// Builds the graphs of every enabled form. The hand must hold 3n+2 tiles, at most
  /// `rules.hand_tiles()`; otherwise throws AnalysisError. `rules` must outlive the result.
  Decomposition(const RuleSet& rules, const Hand& hand);

  [[nodiscard]] const RuleSet& rules() const { return *rules_; }
  [[nodiscard]] const Hand& hand() const { return hand_; }
  /// One graph per enabled form, in the rule set's form order (empty graphs included).
  [[nodiscard]] std::span<const FormGraph> graphs() const { return graphs_; }

  [[nodiscard]] bool wins() const;
  /// Interpretations over all forms (saturating).
  [[nodiscard]] std::uint64_t interpretation_count() const;
  [[nodiscard]] InterpretationCursor interpretations() const { return InterpretationCursor(*this); }

 private:
  const RuleSet* rules_;
  Hand hand_;
  std::vector<FormGraph> graphs_;
};

/// Adds path counts without wrapping.
[[nodiscard]] constexpr std::uint64_t add_saturating(std::uint64_t a, std::uint64_t b) {
  return a > kCountSaturated - b ? kCountSaturated : a + b;
}

/// The whole decomposition as Graphviz DOT (one cluster per form).
[[nodiscard]] std::string decomposition_to_dot(const Decomposition& decomposition);
/// The whole decomposition as JSON text: per form, vertices, edges, root, goal, path count.
[[nodiscard]] std::string decomposition_to_json(const Decomposition& decomposition);

}  // namespace meldgraph
