/// The meld-decomposition graph: the search's first consumer.
///
/// The search itself (the steps of every form type, in their order) is driver.hpp's
/// FormSearch; this file gives it GraphSink, which merges identical states through a memo and
/// keeps a vertex only for a state some path from which reaches the goal, so the result is a DAG
/// whose every root-to-goal path is one interpretation. The rest is FormGraph's accessors, the
/// cursor that walks the DAG depth-first, and the wait shapes.

#include <algorithm>
#include <bit>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <sstream>
#include <unordered_map>

#include "driver.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph {

struct EdgeProperties {
  Group group;
};

/// A form's graph in Boost.Graph: vertices are FormGraph::Vertex, edges hold their group.
using FormGraphStorage = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS,
                                               FormGraph::Vertex, EdgeProperties>;

struct FormGraph::Impl {
  using Graph = FormGraphStorage;
  Graph graph;
  std::size_t form = 0;
  std::size_t root = 0;
  std::size_t goal = 0;
};

namespace {

using Graph = FormGraphStorage;
using search::State;
using search::Winning;

/// The graph's consumer of the search (driver.hpp): memoises states, keeps a vertex for a
/// state only when some child leads to the goal (post-order, so a vertex's children come first)
/// and an edge for each such child, in the search's order. Every finished state is the one goal.
class GraphSink {
 public:
  using Result = long;  ///< vertex id, or -1: no path from the state reaches the goal
  static constexpr bool kMemo = true;
  struct Frame {
    std::vector<std::pair<Group, long>> alive;
    std::uint64_t paths = 0;
  };

  explicit GraphSink(Graph& graph) : graph_(graph) {}

  [[nodiscard]] long goal_id() const { return goal_; }

  const long* find(const State& state) const {
    const auto found = memo_.find(state);
    return found == memo_.end() ? nullptr : &found->second;
  }
  long goal() {
    if (goal_ < 0) {
      FormGraph::Vertex vertex;
      vertex.paths = 1;
      goal_ = static_cast<long>(boost::add_vertex(vertex, graph_));
    }
    return goal_;
  }
  static long dead() { return -1; }
  static Frame open(const State& /*state*/) { return {}; }
  static void enter(const Group& /*group*/) {}
  static void leave() {}
  bool child(Frame& frame, const Group& group, long target) {
    if (target < 0) return true;
    frame.alive.emplace_back(group, target);
    frame.paths = add_saturating(frame.paths, graph_[static_cast<std::size_t>(target)].paths);
    return true;
  }
  long close(Frame& frame, const State& state, bool /*go_on*/) {
    long id = -1;
    if (!frame.alive.empty()) {
      FormGraph::Vertex vertex;
      vertex.remaining = state.remaining;
      int wildcards = 0;
      for (const std::uint8_t n : state.wildcards) wildcards += n;
      vertex.wildcards = static_cast<std::uint8_t>(wildcards);
      vertex.melds_left = state.melds;
      vertex.pairs_left = state.pairs;
      vertex.paths = frame.paths;
      id = static_cast<long>(boost::add_vertex(vertex, graph_));
      for (const auto& [group, target] : frame.alive) {
        boost::add_edge(static_cast<std::size_t>(id), static_cast<std::size_t>(target),
                        EdgeProperties{group}, graph_);
      }
    }
    memo_.emplace(state, id);
    return id;
  }

 private:
  Graph& graph_;
  long goal_ = -1;
  std::unordered_map<State, long, search::StateHash> memo_;
};

/// The hand as the search starts each form from it (search::HandStart), with its storage.
struct GraphStart {
  GraphStart(const RuleSet& rules, const Hand& hand)
      : naturals(hand.natural_counts(rules)), held(search::held_naturals(rules, hand)) {
    start.naturals = &naturals;
    start.held = &held;
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if (naturals[t] == 0) continue;
      start.natural_mask |= tile_bit(t);
      start.natural_odd += naturals[t] & 1;
    }
    start.set_classes(wildcard_classes(rules, hand), rules.forbidden_tiles());
    start.set_hand(rules, hand);
  }

  TileCounts naturals;
  TileCounts held{};
  search::HandStart start;
};

}  // namespace

FormGraph FormGraph::build(const RuleSet& rules, std::size_t form_index, const Hand& hand) {
  const FormSpec& form = rules.forms()[form_index];
  auto impl = std::make_shared<FormGraph::Impl>();
  impl->form = form_index;
  int melds = 0;
  int pairs = 0;
  if (!search::form_needs(form, hand.concealed_size(rules), static_cast<int>(hand.meld_count),
                          hand.wildcard_count(), melds, pairs)) {
    return FormGraph(impl);
  }
  const GraphStart start(rules, hand);
  const search::SearchPlan plan(rules, false);
  GraphSink sink(impl->graph);
  search::FormSearch<GraphSink> search(plan, sink);
  const long root = search.run(form_index, start.start, melds, pairs);
  if (root < 0) {
    impl->graph.clear();
  } else {
    impl->root = static_cast<std::size_t>(root);
    impl->goal = static_cast<std::size_t>(sink.goal_id());
  }
  return FormGraph(impl);
}

// FormGraph ----------------------------------------------------------------------------------

std::size_t FormGraph::form() const {
  return impl_->form;
}
std::size_t FormGraph::vertex_count() const {
  return boost::num_vertices(impl_->graph);
}
std::size_t FormGraph::edge_count() const {
  return boost::num_edges(impl_->graph);
}
const FormGraph::Vertex& FormGraph::vertex(std::size_t id) const {
  return impl_->graph[id];
}
std::size_t FormGraph::root() const {
  return impl_->root;
}
std::size_t FormGraph::goal() const {
  return impl_->goal;
}
bool FormGraph::empty() const {
  return boost::num_vertices(impl_->graph) == 0;
}

std::uint64_t FormGraph::path_count() const {
  return empty() ? 0 : impl_->graph[impl_->root].paths;
}

std::vector<FormGraph::Edge> FormGraph::out_edges(std::size_t vertex) const {
  std::vector<Edge> result;
  for (const auto& edge : boost::make_iterator_range(boost::out_edges(vertex, impl_->graph))) {
    result.push_back({vertex, boost::target(edge, impl_->graph), impl_->graph[edge].group});
  }
  return result;
}

std::vector<FormGraph::Edge> FormGraph::edges() const {
  std::vector<Edge> result;
  for (std::size_t v = 0; v < vertex_count(); ++v) {
    std::vector<Edge> out = out_edges(v);
    result.insert(result.end(), out.begin(), out.end());
  }
  return result;
}

std::string FormGraph::to_dot(const RuleSet& rules) const {
  const Impl::Graph& graph = impl_->graph;
  std::ostringstream out;
  const auto vertex_label = [&](std::ostream& os, std::size_t v) {
    const Vertex& vertex = graph[v];
    std::string tiles = format_counts(vertex.remaining, rules);
    tiles.append(vertex.wildcards, '*');
    if (tiles.empty()) tiles = "(empty)";
    os << "[label=\"" << tiles << "\\nmelds " << int{vertex.melds_left} << ", pairs "
       << int{vertex.pairs_left} << "\\npaths " << vertex.paths << "\"";
    if (v == impl_->root) os << ", shape=box";
    if (v == impl_->goal) os << ", shape=doublecircle";
    os << "]";
  };
  const auto edge_label = [&](std::ostream& os, const Impl::Graph::edge_descriptor& edge) {
    os << "[label=\"" << format_group(graph[edge].group, rules) << "\"]";
  };
  boost::write_graphviz(out, graph, vertex_label, edge_label);
  return out.str();
}

// Decomposition ------------------------------------------------------------------------------

Decomposition::Decomposition(const RuleSet& rules, const Hand& hand) : rules_(&rules), hand_(hand) {
  const int size = hand.size(rules);
  if (size % 3 != 2 || size > rules.hand_tiles()) {
    throw AnalysisError("hand holds " + std::to_string(size) +
                        " tiles; a complete hand holds 3n+2 tiles, at most " +
                        std::to_string(rules.hand_tiles()) + " under rule set '" + rules.name() +
                        "'");
  }
  // A forbidden natural tile held: no form can be made (wild kinds are wildcards, not faces).
  bool forbidden_held = false;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    forbidden_held =
        forbidden_held || ((rules.forbidden_tiles() & tile_bit(t)) != 0 &&
                           (hand.wild_tiles & tile_bit(t)) == 0 && hand.counts[t] != 0);
  }
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (!form.enabled) continue;
    // wildcards.max_in_win, or the form's own max_wildcards (form_wildcard_cap).
    const int cap = form_wildcard_cap(rules, form);
    const bool too_many = cap != 0 && hand.wildcard_count() > cap;
    if (forbidden_held || too_many) {
      graphs_.push_back(FormGraph(std::make_shared<FormGraph::Impl>(FormGraph::Impl{{}, f, 0, 0})));
      continue;
    }
    graphs_.push_back(FormGraph::build(rules, f, hand));
  }
}

bool Decomposition::wins() const {
  for (const FormGraph& graph : graphs_) {
    if (!graph.empty()) return true;
  }
  return false;
}

std::uint64_t Decomposition::interpretation_count() const {
  std::uint64_t total = 0;
  for (const FormGraph& graph : graphs_) total = add_saturating(total, graph.path_count());
  return total;
}

// Wait shapes -------------------------------------------------------------------------------

std::string_view wait_shape_name(WaitShape shape) {
  switch (shape) {
    case WaitShape::none:
      return "none";
    case WaitShape::two_sided:
      return "two_sided";
    case WaitShape::closed:
      return "closed";
    case WaitShape::edge:
      return "edge";
    case WaitShape::single:
      return "single";
    case WaitShape::dual_pung:
      return "dual_pung";
    case WaitShape::set_tile:
      return "set_tile";
    case WaitShape::any:
      return "any";
  }
  return "none";
}

WaitShape wait_shape(const Group& group, const RuleSet& rules) {
  const int slot = group.winning_slot();
  if (slot < 0) return WaitShape::none;
  switch (group.kind) {
    case GroupKind::pair:
      return WaitShape::single;
    case GroupKind::pung:
    case GroupKind::kong:
      return WaitShape::dual_pung;
    case GroupKind::single:
    case GroupKind::knit:
      return WaitShape::set_tile;
    case GroupKind::chow:
      if (slot == 1) return WaitShape::closed;
      // Completing 12 with 3, or 89 with 7, is an edge wait: the other side does not exist.
      if (slot == 0) {
        return rules.tile(group.tiles[2]).next == kNoTile ? WaitShape::edge : WaitShape::two_sided;
      }
      return rules.tile(group.tiles[0]).previous == kNoTile ? WaitShape::edge
                                                            : WaitShape::two_sided;
    case GroupKind::any_meld:
    case GroupKind::any_pair:
    case GroupKind::wildcards:
      return WaitShape::any;
  }
  return WaitShape::none;
}

// InterpretationCursor -----------------------------------------------------------------------

void InterpretationCursor::emit(std::size_t form, Interpretation& out) const {
  const Hand& hand = decomposition_->hand();
  out.form = form;
  out.groups.assign(hand.melds.begin(), hand.melds.begin() + hand.meld_count);
  out.groups.insert(out.groups.end(), groups_.begin(), groups_.end());
  int winning_group = -1;
  int wildcards = 0;
  for (std::size_t g = 0; g < out.groups.size(); ++g) {
    wildcards += out.groups[g].wildcard_count();
    if (out.groups[g].winning_slot() >= 0) winning_group = static_cast<int>(g);
  }
  const RuleSet& rules = decomposition_->rules();
  search::finish_interpretation(rules, hand, search::finish_steps(rules, hand, rules.forms()[form]),
                                winning_group, wildcards, out);
}

InterpretationCursor::InterpretationCursor(const Decomposition& decomposition)
    : decomposition_(&decomposition) {}

bool InterpretationCursor::next(Interpretation& out) {
  const auto graphs = decomposition_->graphs();
  while (graph_index_ < graphs.size()) {
    const FormGraph& form_graph = graphs[graph_index_];
    if (form_graph.empty()) {
      ++graph_index_;
      continue;
    }
    const FormGraph::Impl::Graph& graph = form_graph.impl_->graph;
    if (!started_) {
      started_ = true;
      stack_.assign(1, Frame{form_graph.root(), 0});
      groups_.clear();
    }
    // Depth-first walk: the top frame's vertex is where the path currently ends.
    while (!stack_.empty()) {
      Frame& top = stack_.back();
      if (top.vertex == form_graph.goal()) {
        if (top.next_edge == 0) {
          top.next_edge = 1;
          emit(form_graph.form(), out);
          return true;
        }
        stack_.pop_back();
        if (!groups_.empty()) groups_.pop_back();
        continue;
      }
      const auto [begin, end] = boost::out_edges(top.vertex, graph);
      const auto degree = static_cast<std::size_t>(std::distance(begin, end));
      if (top.next_edge >= degree) {
        stack_.pop_back();
        if (!groups_.empty()) groups_.pop_back();
        continue;
      }
      const auto edge = *std::next(begin, static_cast<std::ptrdiff_t>(top.next_edge));
      ++top.next_edge;
      groups_.push_back(graph[edge].group);
      stack_.push_back(Frame{boost::target(edge, graph), 0});
    }
    ++graph_index_;
    started_ = false;
  }
  return false;
}

}  // namespace meldgraph
