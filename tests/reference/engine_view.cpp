// The engine's output (listed by the cursor and walked in the graph) in the reference's canonical
// form, and the comparison of the two.

#include "reference/engine_view.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "reference/ref_hand.hpp"
#include "reference/search.hpp"

namespace meldgraph::testref {

namespace {

/// The slots of a group of its kind; -1 for a kong, never part of a concealed hand.
int slots_of_kind(const Group& g) {
  switch (g.kind) {
    case GroupKind::pair:
    case GroupKind::any_pair:
      return 2;
    case GroupKind::pung:
    case GroupKind::chow:
    case GroupKind::any_meld:
    case GroupKind::knit:
      return 3;
    case GroupKind::single:
      return 1;
    case GroupKind::wildcards:
      return g.size;
    case GroupKind::kong:
      break;
  }
  return -1;
}

/// An abstract group (any meld, any pair, the N-wildcards group) in the reference's form; what is
/// wrong with it, or null.
const char* abstract_from_engine(const Group& g, int size, RefGroup& out) {
  for (const TileId t : g.tiles) {
    if (t != kNoTile) return "abstract group with a tile";
  }
  if (g.kind != GroupKind::wildcards && g.wild_mask != (1U << size) - 1) {
    return "abstract group not all wild";
  }
  out.kind = g.kind == GroupKind::any_meld   ? RefKind::any_meld
             : g.kind == GroupKind::any_pair ? RefKind::any_pair
                                             : RefKind::wildcards;
  out.tile = -1;
  out.wild = size;
  if (g.kind == GroupKind::wildcards) return nullptr;
  // One class for every slot (the unrestricted one).
  for (int slot = 1; slot < size; ++slot) {
    if (g.wild_class(slot) != g.wild_class(0)) return "abstract group of mixed classes";
  }
  if ((g.wild_classes >> (2 * size)) != 0) return "class bits beyond the size";
  out.classes = g.wild_classes;
  return nullptr;
}

/// What is wrong with a concrete group's slots (wild bits, classes, tiles beyond its size or not
/// meldable), or null.
const char* concrete_slots_problem(const Group& g, const RuleSet& rules, int size) {
  if ((g.wild_mask >> size) != 0) return "wild bit beyond the size";
  for (int slot = 0; slot < 4; ++slot) {
    if (!g.is_wild(slot) && g.wild_class(slot) != 0) return "class bits on a natural slot";
  }
  for (int slot = size; slot < 4; ++slot) {
    if (g.tiles[static_cast<std::size_t>(slot)] != kNoTile) return "tile beyond the size";
  }
  for (int slot = 0; slot < size; ++slot) {
    if (!is_meldable(rules, g.tiles[static_cast<std::size_t>(slot)])) return "not a meldable tile";
  }
  return nullptr;
}

/// A group of one tile (pair, pung, single) in the reference's form; what is wrong with it, or
/// null. Its wildcard slots' classes go in ascending order after the natural slots (slot order
/// does not matter in a group of one tile).
const char* same_tile_from_engine(const Group& g, int size, RefGroup& out) {
  for (int slot = 1; slot < size; ++slot) {
    if (g.tiles[static_cast<std::size_t>(slot)] != g.tiles[0]) return "tiles differ";
  }
  out.kind = g.kind == GroupKind::pair   ? RefKind::pair
             : g.kind == GroupKind::pung ? RefKind::pung
                                         : RefKind::single;
  out.wild = std::popcount(static_cast<unsigned>(g.wild_mask));
  std::vector<int> classes;
  for (int slot = 0; slot < size; ++slot) {
    if (g.is_wild(slot)) classes.push_back(g.wild_class(slot));
  }
  std::sort(classes.begin(), classes.end());
  for (std::size_t i = 0; i < classes.size(); ++i) {
    out.classes |= classes[i] << (2 * (size - out.wild + static_cast<int>(i)));
  }
  return nullptr;
}

/// A concrete group in the reference's form; what is wrong with it, or null.
const char* concrete_from_engine(const Group& g, const RuleSet& rules, int size, RefGroup& out) {
  if (const char* problem = concrete_slots_problem(g, rules, size)) return problem;
  out.tile = g.tiles[0];
  if (g.kind == GroupKind::chow) {
    if (successor(rules, g.tiles[0]) != g.tiles[1] || successor(rules, g.tiles[1]) != g.tiles[2]) {
      return "chow not of consecutive ranks";
    }
    out.kind = RefKind::chow;
    out.wild = g.wild_mask;
    out.classes = g.wild_classes;
    return nullptr;
  }
  if (g.kind == GroupKind::knit) {
    const TileInfo& low = rules.tile(g.tiles[0]);
    if (low.rank > 3 || rules.find_tile(low.letter, low.rank + 3) != g.tiles[1] ||
        rules.find_tile(low.letter, low.rank + 6) != g.tiles[2]) {
      return "knit not of ranks three apart";
    }
    out.kind = RefKind::knit;
    out.wild = g.wild_mask;
    out.classes = g.wild_classes;
    return nullptr;
  }
  return same_tile_from_engine(g, size, out);
}

/// Converts an engine group; appends to `error` and returns false when it is malformed.
bool from_engine(const Group& g, const RuleSet& rules, RefGroup& out, std::string& error) {
  const int size = slots_of_kind(g);
  const char* problem = size < 0         ? "kong in a concealed hand"
                        : g.size != size ? "wrong size"
                        : g.abstract()   ? abstract_from_engine(g, size, out)
                                         : concrete_from_engine(g, rules, size, out);
  if (problem == nullptr) return true;
  error += "malformed group (" + std::string(problem) + "): kind " +
           std::string(group_kind_name(g.kind)) + " size " + std::to_string(g.size) + " mask " +
           std::to_string(g.wild_mask) + "\n";
  return false;
}

/// The mark of an engine group (see RefGroup::mark), or -1 with `error` appended when the slot is
/// not where the documented rules put it: the first slot of its kind (natural or wildcard) in a
/// pair, pung or single, slot 0 of an abstract group.
int engine_mark(const Group& g, const RefGroup& converted, std::string& error) {
  const int slot = g.winning_slot();
  if (slot < 0) return -1;
  if (slot >= g.size || slot >= 4) {
    error += "winning slot " + std::to_string(slot) + " beyond the group's size\n";
    return -1;
  }
  switch (converted.kind) {
    case RefKind::chow:
    case RefKind::knit:
      return slot;
    case RefKind::pair:
    case RefKind::pung:
    case RefKind::single:
      for (int s = 0; s < slot; ++s) {
        if (g.is_wild(s) == g.is_wild(slot) &&
            (!g.is_wild(slot) || g.wild_class(s) == g.wild_class(slot))) {
          error += "winning slot " + std::to_string(slot) + " is not the first " +
                   (g.is_wild(slot) ? "wildcard of its class" : "natural") + " slot of its group\n";
        }
      }
      return g.is_wild(slot) ? 1 + g.wild_class(slot) : 0;
    case RefKind::any_meld:
    case RefKind::any_pair:
      if (slot != 0) error += "winning slot " + std::to_string(slot) + " of an abstract group\n";
      return 0;
    case RefKind::wildcards:
    case RefKind::kong:
      error += "winning tile marked in a " + std::string(group_kind_name(g.kind)) + " group\n";
      return slot;
  }
  return -1;
}

/// An engine interpretation (groups, winning_group, wait) in canonical form. Declared melds keep
/// their position; the marked group carries the mark and the engine's wait.
RefInterpretation convert(const std::vector<Group>& groups, int winning_group, WaitShape wait,
                          const RuleSet& rules, std::string& error) {
  RefInterpretation converted;
  int marked = -1;
  int marks = 0;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const Group& g = groups[i];
    RefGroup r;
    if (g.declared()) {
      r = declared_group(g, static_cast<int>(i));
      if (g.winning_slot() >= 0) error += "winning tile marked in a declared meld\n";
      converted.push_back(r);
      continue;
    }
    if ((g.flags & 0x0F) != 0) {
      error += "flags " + std::to_string(g.flags) + " on a group of the search\n";
    }
    if (!from_engine(g, rules, r, error)) continue;
    r.mark = engine_mark(g, r, error);
    if (g.winning_slot() >= 0) {
      ++marks;
      marked = static_cast<int>(i);
      r.wait = wait;
    }
    converted.push_back(r);
  }
  if (marks > 1) error += std::to_string(marks) + " groups hold the winning tile\n";
  if (winning_group != marked) {
    error += "winning_group " + std::to_string(winning_group) + " but the marked group is " +
             std::to_string(marked) + "\n";
  }
  if (marks == 0 && wait != WaitShape::none) {
    error += "wait " + std::string(wait_shape_name(wait)) + " without a marked group\n";
  }
  std::sort(converted.begin(), converted.end());
  return converted;
}

/// Walks every path from the root to a vertex without out-edges, independently of the cursor.
/// Only states on a root-to-goal path are kept, so every such vertex should be goal(). A path is
/// read as an interpretation the way the documentation says the cursor does: the hand's declared
/// melds first, the edges' groups after them, the wait from the marked group
/// (meldgraph::wait_shape; the reference side derives it independently).
void walk(const FormGraph& graph, std::size_t vertex, std::vector<Group>& path, const Hand& hand,
          const RuleSet& rules, EngineResult& out) {
  const std::vector<FormGraph::Edge> edges = graph.out_edges(vertex);
  if (edges.empty()) {
    if (vertex != graph.goal()) ++out.stray_sinks[graph.form()];
    std::vector<Group> full(hand.melds.begin(), hand.melds.begin() + hand.meld_count);
    full.insert(full.end(), path.begin(), path.end());
    int winning_group = -1;
    WaitShape wait = WaitShape::none;
    for (std::size_t i = 0; i < full.size(); ++i) {
      if (full[i].winning_slot() >= 0 && winning_group < 0) {
        winning_group = static_cast<int>(i);
        wait = wait_shape(full[i], rules);
      }
    }
    out.walked[graph.form()].push_back(convert(full, winning_group, wait, rules, out.error));
    return;
  }
  for (const FormGraph::Edge& edge : edges) {
    path.push_back(edge.group);
    walk(graph, edge.target, path, hand, rules, out);
    path.pop_back();
  }
}

}  // namespace

EngineResult run_engine(const RuleSet& rules, const Hand& hand) {
  EngineResult out;
  Decomposition decomposition(rules, hand);
  out.wins = decomposition.wins();
  out.total = decomposition.interpretation_count();
  std::size_t expected_form = 0;
  for (const FormGraph& graph : decomposition.graphs()) {
    while (expected_form < rules.forms().size() && !rules.forms()[expected_form].enabled) {
      ++expected_form;
    }
    if (graph.form() != expected_form) {
      out.error += "graph for form " + std::to_string(graph.form()) + " where form " +
                   std::to_string(expected_form) + " was expected\n";
    }
    ++expected_form;
    out.path_counts[graph.form()] = graph.path_count();
    out.forms[graph.form()];  // every enabled form appears, matched or not
    out.walked[graph.form()];
    if (!graph.empty()) {
      std::vector<Group> path;
      walk(graph, graph.root(), path, hand, rules, out);
    }
  }
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) {
    // Documented order (meld and pair forms): declared melds first as written (checked through
    // their positions in the converted value), then by lowest natural tile, abstract groups last.
    const FormType type = rules.forms()[interpretation.form].type;
    if (type == FormType::melds || type == FormType::pairs) {
      int last_low = -1;
      bool seen_abstract = false;
      for (std::size_t i = hand.meld_count; i < interpretation.groups.size(); ++i) {
        const Group& g = interpretation.groups[i];
        if (g.abstract()) {
          seen_abstract = true;
          continue;
        }
        int low = 1000;
        for (int slot = 0; slot < g.size && slot < 4; ++slot) {
          if (!g.is_wild(slot)) {
            low = std::min(low, static_cast<int>(g.tiles[static_cast<std::size_t>(slot)]));
          }
        }
        if (seen_abstract || low < last_low) {
          out.error += "interpretation groups not in canonical order\n";
          break;
        }
        last_low = low;
      }
    }
    out.forms[interpretation.form].push_back(convert(interpretation.groups,
                                                     interpretation.winning_group,
                                                     interpretation.wait, rules, out.error));
  }
  for (auto& [form, list] : out.forms) std::sort(list.begin(), list.end());
  for (auto& [form, list] : out.walked) std::sort(list.begin(), list.end());
  return out;
}

namespace {

/// Lines naming the interpretations of `want` missing from `got` and those of `got` not in `want`.
void set_diff(std::ostream& diff, const std::string& what,
              const std::vector<RefInterpretation>& want, const std::vector<RefInterpretation>& got,
              const RuleSet& rules) {
  std::vector<RefInterpretation> missing;
  std::vector<RefInterpretation> extra;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(),
                      std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
  for (std::size_t i = 0; i < missing.size() && i < 8; ++i) {
    diff << what << ": missing in engine: " << ref_interpretation_text(missing[i], rules) << "\n";
  }
  for (std::size_t i = 0; i < extra.size() && i < 8; ++i) {
    diff << what << ": extra in engine: " << ref_interpretation_text(extra[i], rules) << "\n";
  }
}

}  // namespace

/// Empty when the engine agrees with the reference; otherwise a description of every difference.
std::string compare(const RuleSet& rules, const Hand& hand, const RefResult& expected) {
  EngineResult actual;
  try {
    actual = run_engine(rules, hand);
  } catch (const std::exception& e) {
    return std::string("engine threw: ") + e.what();
  }
  std::ostringstream diff;
  diff << actual.error;
  bool ref_wins = false;
  std::uint64_t ref_total = 0;
  for (const auto& [form, list] : expected) {
    ref_wins = ref_wins || !list.empty();
    ref_total += list.size();
  }
  if (actual.wins != ref_wins) {
    diff << "wins(): engine " << actual.wins << ", reference " << ref_wins << "\n";
  }
  if (actual.total != ref_total) {
    diff << "interpretation_count(): engine " << actual.total << ", reference " << ref_total
         << "\n";
  }
  for (const auto& [form, want] : expected) {
    const std::string name = rules.forms()[form].name;
    if (actual.forms.count(form) == 0) {
      diff << "form " << name << ": engine has no graph\n";
      continue;
    }
    const std::vector<RefInterpretation>& got = actual.forms[form];
    const std::vector<RefInterpretation>& walked = actual.walked[form];
    if (actual.path_counts[form] != want.size()) {
      diff << "form " << name << ": path_count " << actual.path_counts[form] << ", reference "
           << want.size() << "\n";
    }
    if (got.size() != want.size()) {
      diff << "form " << name << ": the cursor lists " << got.size() << ", reference "
           << want.size() << "\n";
    }
    for (std::size_t i = 1; i < got.size(); ++i) {
      if (got[i] == got[i - 1]) {
        diff << "form " << name << ": duplicate " << ref_interpretation_text(got[i], rules) << "\n";
      }
    }
    set_diff(diff, "form " + name + " (cursor)", want, got, rules);
    if (actual.stray_sinks.count(form) != 0) {
      diff << "form " << name << ": " << actual.stray_sinks[form]
           << " root-to-sink paths end at a vertex other than goal()\n";
    }
    if (walked != want) {
      diff << "form " << name << ": root-to-sink paths of the graph differ from the reference\n";
      set_diff(diff, "form " + name + " (graph)", want, walked, rules);
    }
  }
  for (const auto& [form, list] : actual.forms) {
    if (expected.count(form) == 0) {
      diff << "engine has a graph for disabled/unknown form " << form << "\n";
    }
  }
  return diff.str();
}

void check_agrees(const RuleSet& rules, const Hand& hand) {
  const std::string differences = compare(rules, hand, reference(rules, hand));
  INFO(differences);
  CHECK(differences.empty());
}

}  // namespace meldgraph::testref
