#pragma once
/// The meld-decomposition graph: the search's product. Analyzers consume these values and never
/// reach into the search; Boost.Graph stays in decomposition.cpp (FormGraph is a pimpl).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

/// The wait a winning tile completed, from the group that holds it and its place there.
enum class WaitShape : std::uint8_t {
  none,       ///< no winning tile given, or a form without groups (N wildcards)
  two_sided,  ///< 23 waiting on 1 or 4 (ryanmen)
  closed,     ///< 13 waiting on 2 (kanchan)
  edge,       ///< 12 waiting on 3, 89 waiting on 7 (penchan)
  single,     ///< the pair: one tile waiting on its mate (tanki)
  dual_pung,  ///< two pairs, one becoming a pung (shanpon)
  set_tile,   ///< a single of a set form (thirteen orphans)
  any,        ///< a wildcard-only group (no shape to speak of)
};

[[nodiscard]] std::string_view wait_shape_name(WaitShape shape);

/// The wait shape implied by a group holding the winning tile (none when it holds none).
[[nodiscard]] WaitShape wait_shape(const Group& group, const RuleSet& rules);

/// One reading of a hand: the form it matches and its groups, a multiset in canonical order
/// (declared melds first as written, then groups holding natural tiles by their lowest natural
/// tile, abstract groups last). Two interpretations are the same exactly when form and groups are
/// equal; the group holding the winning tile is marked (Group::winning_slot), so the same tiles
/// with the winning tile in different groups are different interpretations.
struct Interpretation {
  std::size_t form = 0;  ///< index into RuleSet::forms()
  std::vector<Group> groups;
  int winning_group = -1;  ///< index into groups of the group holding the winning tile, or -1
  WaitShape wait = WaitShape::none;
  /// Wildcards standing for something other than themselves (软胡 when above 0, 硬胡 at 0). With
  /// wildcards.natural_use, a wild tile placed as its own face does not count.
  std::uint8_t soft_wildcards = 0;
  /// The hand's natural concealed tiles that no group holds, ascending: in the N-wildcards form
  /// (whose one group holds only the wildcards) every natural concealed tile of the hand, so that
  /// each tile of the hand is in a group or here; empty in every other form.
  std::vector<TileId> loose_tiles;

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
    TileCounts remaining{};       ///< natural tiles still to place
    std::uint8_t wildcards = 0;   ///< wildcards still to place
    std::uint8_t melds_left = 0;  ///< melds (or set singles) still to form
    std::uint8_t pairs_left = 0;  ///< pairs still to form
    std::uint64_t paths = 0;      ///< paths from here to the goal (saturating)
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

 private:
  /// The Boost.Graph storage, defined in decomposition.cpp only: nothing outside the search
  /// sees it (Decomposition builds graphs, the cursor walks them).
  struct Impl;
  friend class Decomposition;
  friend class InterpretationCursor;
  explicit FormGraph(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  /// The graph of form `form` of `hand`, empty when the form does not apply or match.
  static FormGraph build(const RuleSet& rules, std::size_t form, const Hand& hand);
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
  /// Writes the path on the stack, with the declared melds, into `out`.
  void emit(std::size_t form, Interpretation& out) const;
  const Decomposition* decomposition_;
  std::size_t graph_index_ = 0;
  std::vector<Frame> stack_;
  std::vector<Group> groups_;
  bool started_ = false;
};

/// Every interpretation of a complete hand, as one graph per applicable form.
class Decomposition {
 public:
  /// Builds the graphs of every enabled form over the concealed tiles; declared melds are fixed
  /// groups of every interpretation. The hand must hold 3n+2 tiles (a declared meld counting
  /// three), at most `rules.hand_tiles()`; otherwise throws AnalysisError. `rules` must outlive
  /// the result.
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

/// The wild tiles of interpretation `out` of `hand` that sit on their own face
/// (wildcards.natural_use, 归位): per wild kind, the fewer of its copies held and the stand-ins for
/// it, the winning wildcard's slot (in group `winning_group`, -1 for none) excepted. The search
/// counts them out of an interpretation's soft wildcards; the scorer, of a realised reading's.
[[nodiscard]] int wild_on_own_face(const Hand& hand, int winning_group, const Interpretation& out);

}  // namespace meldgraph
