#include <nlohmann/json.hpp>
#include <sstream>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/json.hpp"

namespace meldgraph {

nlohmann::json group_to_json(const Group& group, const RuleSet& rules) {
  nlohmann::json tiles = nlohmann::json::array();
  nlohmann::json wild = nlohmann::json::array();
  if (!group.abstract()) {
    for (int slot = 0; slot < group.size; ++slot) {
      tiles.push_back(rules.tile(group.tiles[slot]).code);
      wild.push_back(group.is_wild(slot));
    }
  }
  nlohmann::json out = {{"kind", std::string(group_kind_name(group.kind))},
                        {"text", format_group(group, rules)},
                        {"tiles", tiles},
                        {"wild", wild},
                        {"wildcards", group.wildcard_count()}};
  if (group.declared()) out["declared"] = group.concealed() ? "concealed" : "exposed";
  if (group.winning_slot() >= 0) out["winning_slot"] = group.winning_slot();
  if (group.wild_classes != 0) {
    // Restricted stand-ins: the wildcard class of every wild slot (WildcardClasses order).
    nlohmann::json classes = nlohmann::json::array();
    for (int slot = 0; slot < group.size && slot < 4; ++slot) {
      if (group.is_wild(slot)) classes.push_back(group.wild_class(slot));
    }
    out["wild_classes"] = classes;
  }
  return out;
}

std::string format_interpretation(const Interpretation& interpretation, const RuleSet& rules) {
  std::string text;
  for (const Group& group : interpretation.groups) {
    if (!text.empty()) text += ' ';
    text += format_group(group, rules);
  }
  if (!interpretation.loose_tiles.empty()) {
    text += " loose ";
    // One notation writer: the loose tiles as counts in MPSZ.
    TileCounts loose{};
    for (const TileId t : interpretation.loose_tiles) ++loose[t];
    text += format_counts(loose, rules);
  }
  if (interpretation.winning_group >= 0) {
    const Group& group =
        interpretation.groups[static_cast<std::size_t>(interpretation.winning_group)];
    text += "  (wins ";
    text += format_group(group, rules);
    text += ", ";
    text += wait_shape_name(interpretation.wait);
    text += " wait)";
  }
  return text;
}

nlohmann::json interpretation_to_json(const Interpretation& interpretation, const RuleSet& rules) {
  nlohmann::json groups = nlohmann::json::array();
  int wildcards = 0;
  for (const Group& group : interpretation.groups) {
    groups.push_back(group_to_json(group, rules));
    wildcards += group.wildcard_count();
  }
  nlohmann::json out = {{"form", rules.forms()[interpretation.form].name},
                        {"text", format_interpretation(interpretation, rules)},
                        {"groups", groups},
                        {"wildcards", wildcards},
                        {"soft_wildcards", interpretation.soft_wildcards},
                        {"hard", interpretation.soft_wildcards == 0}};
  if (!interpretation.loose_tiles.empty()) {
    nlohmann::json loose = nlohmann::json::array();
    for (const TileId t : interpretation.loose_tiles) loose.push_back(rules.tile(t).code);
    out["loose_tiles"] = loose;
  }
  if (interpretation.winning_group >= 0) {
    out["winning_group"] = interpretation.winning_group;
    out["wait"] = std::string(wait_shape_name(interpretation.wait));
  }
  return out;
}

std::string decomposition_to_dot(const Decomposition& decomposition) {
  const RuleSet& rules = decomposition.rules();
  std::ostringstream out;
  out << "// meldgraph decomposition of " << format_hand(decomposition.hand(), rules)
      << " under rule set '" << rules.name() << "'\n";
  for (const FormGraph& graph : decomposition.graphs()) {
    out << "// form '" << rules.forms()[graph.form()].name << "': " << graph.path_count()
        << " interpretation(s)\n";
    if (graph.empty()) continue;
    std::string dot = graph.to_dot(rules);
    // Name each form's digraph after the form so the file holds one graph per form.
    const std::string head = "digraph G {";
    if (dot.rfind(head, 0) == 0) {
      dot.replace(0, head.size(), "digraph \"" + rules.forms()[graph.form()].name + "\" {");
    }
    out << dot;
  }
  return out.str();
}

std::string decomposition_to_json(const Decomposition& decomposition) {
  const RuleSet& rules = decomposition.rules();
  nlohmann::json forms = nlohmann::json::array();
  for (const FormGraph& graph : decomposition.graphs()) {
    nlohmann::json vertices = nlohmann::json::array();
    nlohmann::json edges = nlohmann::json::array();
    for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
      const FormGraph::Vertex& vertex = graph.vertex(v);
      vertices.push_back({{"id", v},
                          {"remaining", format_counts(vertex.remaining, rules)},
                          {"wildcards", vertex.wildcards},
                          {"melds_left", vertex.melds_left},
                          {"pairs_left", vertex.pairs_left},
                          {"paths", vertex.paths}});
    }
    for (const FormGraph::Edge& edge : graph.edges()) {
      edges.push_back({{"from", edge.source},
                       {"to", edge.target},
                       {"group", group_to_json(edge.group, rules)}});
    }
    nlohmann::json form = {{"form", rules.forms()[graph.form()].name},
                           {"interpretations", graph.path_count()},
                           {"vertices", vertices},
                           {"edges", edges}};
    form["root"] = graph.empty() ? nlohmann::json(nullptr) : nlohmann::json(graph.root());
    form["goal"] = graph.empty() ? nlohmann::json(nullptr) : nlohmann::json(graph.goal());
    forms.push_back(form);
  }
  const nlohmann::json document = {{"hand", format_hand(decomposition.hand(), rules)},
                                   {"rules", rules.name()},
                                   {"forms", forms}};
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace meldgraph
