#include <nlohmann/json.hpp>
#include <span>
#include <sstream>
#include <utility>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph {

namespace {

// The JSON of groups and interpretations is built without their texts, which the plain and the
// reading forms write differently, and every part is moved into place: a batch of
// interpretations builds these objects per group and per slot, so copies and texts made twice
// were most of its cost (docs/performance.md, "JSON output").

/// A group's JSON fields but its text.
nlohmann::json group_fields(const Group& group, const RuleSet& rules) {
  nlohmann::json tiles = nlohmann::json::array();
  nlohmann::json wild = nlohmann::json::array();
  if (!group.abstract()) {
    for (int slot = 0; slot < group.size; ++slot) {
      tiles.push_back(rules.tile(group.tiles[slot]).code);
      wild.push_back(group.is_wild(slot));
    }
  }
  nlohmann::json out = nlohmann::json::object();
  out["kind"] = std::string(group_kind_name(group.kind));
  out["tiles"] = std::move(tiles);
  out["wild"] = std::move(wild);
  out["wildcards"] = group.wildcard_count();
  if (group.declared()) out["declared"] = group.concealed() ? "concealed" : "exposed";
  if (group.winning_slot() >= 0) out["winning_slot"] = group.winning_slot();
  if (group.wild_classes != 0) {
    // Restricted stand-ins: the wildcard class of every wild slot (WildcardClasses order).
    nlohmann::json classes = nlohmann::json::array();
    for (int slot = 0; slot < group.size && slot < 4; ++slot) {
      if (group.is_wild(slot)) classes.push_back(group.wild_class(slot));
    }
    out["wild_classes"] = std::move(classes);
  }
  return out;
}

/// An interpretation's JSON fields but its text and its groups' texts.
nlohmann::json interpretation_fields(const Interpretation& interpretation, const RuleSet& rules) {
  nlohmann::json groups = nlohmann::json::array();
  int wildcards = 0;
  for (const Group& group : interpretation.groups) {
    groups.push_back(group_fields(group, rules));
    wildcards += group.wildcard_count();
  }
  nlohmann::json out = nlohmann::json::object();
  out["form"] = rules.forms()[interpretation.form].name;
  out["groups"] = std::move(groups);
  out["wildcards"] = wildcards;
  out["soft_wildcards"] = interpretation.soft_wildcards;
  out["hard"] = interpretation.soft_wildcards == 0;
  if (!interpretation.loose_tiles.empty()) {
    nlohmann::json loose = nlohmann::json::array();
    for (const TileId t : interpretation.loose_tiles) loose.push_back(rules.tile(t).code);
    out["loose_tiles"] = std::move(loose);
  }
  if (interpretation.winning_group >= 0) {
    out["winning_group"] = interpretation.winning_group;
    out["wait"] = std::string(wait_shape_name(interpretation.wait));
  }
  return out;
}

}  // namespace

nlohmann::json group_to_json(const Group& group, const RuleSet& rules) {
  nlohmann::json out = group_fields(group, rules);
  out["text"] = format_group(group, rules);
  return out;
}

namespace {

/// Groups separated by spaces, then the winning group and its wait: the one layout of an
/// interpretation's text, the loose tiles of an N-wildcards form between them. `text_of(i)` is the
/// text of group i.
template <class TextOf>
std::string join_groups(std::size_t groups, int winning_group, WaitShape wait,
                        std::span<const TileId> loose_tiles, const RuleSet& rules, TextOf&& text_of,
                        TileId winning_tile = kNoTile) {
  std::string text;
  for (std::size_t g = 0; g < groups; ++g) {
    if (!text.empty()) text += ' ';
    text += text_of(g);
  }
  if (!loose_tiles.empty()) {
    text += " loose ";
    // One notation writer: the loose tiles as counts in MPSZ.
    TileCounts loose{};
    for (const TileId t : loose_tiles) ++loose[t];
    text += format_counts(loose, rules);
  }
  if (winning_group >= 0) {
    text += "  (wins ";
    text += text_of(static_cast<std::size_t>(winning_group));
    if (winning_tile != kNoTile) {
      text += " on ";
      text += rules.tile(winning_tile).code;
    }
    text += ", ";
    text += wait_shape_name(wait);
    text += " wait)";
  }
  return text;
}

}  // namespace

std::string format_interpretation(const Interpretation& interpretation, const RuleSet& rules) {
  return join_groups(interpretation.groups.size(), interpretation.winning_group,
                     interpretation.wait, interpretation.loose_tiles, rules,
                     [&](std::size_t g) { return format_group(interpretation.groups[g], rules); });
}

std::string format_reading(const Reading& reading, const RuleSet& rules) {
  return join_groups(reading.groups.size(), reading.winning_group, reading.wait,
                     reading.loose_tiles, rules,
                     [&](std::size_t g) { return format_reading_group(reading.groups[g], rules); });
}

namespace {

/// What the winning wildcard of a realised winning group stands for.
TileId realised_winning_tile(std::span<const Group> groups, int winning_index) {
  if (winning_index < 0) return kNoTile;
  const Group& group = groups[static_cast<std::size_t>(winning_index)];
  const int slot = group.winning_slot();
  return group.abstract() || slot < 0 || slot > 3 ? kNoTile
                                                  : group.tiles[static_cast<std::size_t>(slot)];
}

/// The wait a realised winning group implies (none without one).
WaitShape realised_wait(std::span<const Group> groups, int winning_index, const RuleSet& rules) {
  return winning_index < 0 ? WaitShape::none
                           : wait_shape(groups[static_cast<std::size_t>(winning_index)], rules);
}

/// A reading group's fields for scorers, added to its group's JSON `fields`.
void write_reading_group_fields(const ReadingGroup& group, const RuleSet& rules,
                                nlohmann::json& fields) {
  fields["text"] = format_reading_group(group, rules);
  nlohmann::json slots = nlohmann::json::array();
  for (const Slot& slot : group.slots) {
    nlohmann::json entry = {{"mark", std::string(slot_mark_name(slot.mark))}};
    entry["tile"] =
        slot.tile == kNoTile ? nlohmann::json(nullptr) : nlohmann::json(rules.tile(slot.tile).code);
    if (slot.wild()) {
      entry["wildcard"] = slot.joker() ? std::string("*") : rules.tile(slot.wild_tile).code;
      entry["own_face"] = slot.own_face;
    }
    if (slot.red) entry["red"] = true;
    slots.push_back(std::move(entry));
  }
  fields["slots"] = std::move(slots);
  fields["state"] = std::string(meld_state_name(group.state));
  if (group.source != MeldSource::unknown) {
    static constexpr std::string_view kSources[] = {"unknown", "left", "across", "right"};
    fields["source"] = std::string(kSources[static_cast<std::size_t>(group.source)]);
  }
  if (group.claimed_slot >= 0) {
    const Slot& claimed = group.slots[static_cast<std::size_t>(group.claimed_slot)];
    fields["claimed_slot"] = group.claimed_slot;
    fields["claimed"] = rules.tile(claimed.tile).code;
  }
  fields["by_discard"] = group.by_discard;
  fields["counts_as_open"] = group.counts_as_open;
}

}  // namespace

std::string format_realisation(std::span<const Group> groups, int winning_index,
                               const RuleSet& rules) {
  return join_groups(
      groups.size(), winning_index, realised_wait(groups, winning_index, rules), {}, rules,
      [&](std::size_t g) { return format_group(groups[g], rules); },
      realised_winning_tile(groups, winning_index));
}

nlohmann::json realisation_to_json(std::span<const Group> groups, int winning_index,
                                   const RuleSet& rules) {
  nlohmann::json list = nlohmann::json::array();
  for (const Group& group : groups) list.push_back(group_to_json(group, rules));
  nlohmann::json out = {{"text", format_realisation(groups, winning_index, rules)},
                        {"groups", list}};
  if (winning_index >= 0) {
    out["winning_group"] = winning_index;
    const TileId tile = realised_winning_tile(groups, winning_index);
    out["winning_tile"] =
        tile == kNoTile ? nlohmann::json(nullptr) : nlohmann::json(rules.tile(tile).code);
    out["wait"] = std::string(wait_shape_name(realised_wait(groups, winning_index, rules)));
  }
  return out;
}

nlohmann::json reading_to_json(const Reading& reading, const Interpretation& interpretation,
                               bool has_winning_tile, const RuleSet& rules) {
  nlohmann::json out = interpretation_fields(interpretation, rules);
  out["text"] = format_reading(reading, rules);
  nlohmann::json& groups = out["groups"];
  for (std::size_t g = 0; g < reading.groups.size(); ++g) {
    write_reading_group_fields(reading.groups[g], rules, groups[g]);
  }
  if (has_winning_tile) out["winning_red"] = reading.winning_red;
  return out;
}

nlohmann::json interpretation_to_json(const Interpretation& interpretation, const RuleSet& rules) {
  nlohmann::json out = interpretation_fields(interpretation, rules);
  out["text"] = format_interpretation(interpretation, rules);
  nlohmann::json& groups = out["groups"];
  for (std::size_t g = 0; g < interpretation.groups.size(); ++g) {
    groups[g]["text"] = format_group(interpretation.groups[g], rules);
  }
  return out;
}

std::string decomposition_to_dot(const Decomposition& decomposition,
                                 std::optional<std::size_t> form) {
  const RuleSet& rules = decomposition.rules();
  std::ostringstream out;
  out << "// meldgraph decomposition of " << format_hand(decomposition.hand(), rules)
      << " under rule set '" << rules.name() << "'\n";
  for (const FormGraph& graph : decomposition.graphs()) {
    if (form && graph.form() != *form) continue;
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

std::string decomposition_to_json(const Decomposition& decomposition,
                                  std::optional<std::size_t> form) {
  const RuleSet& rules = decomposition.rules();
  nlohmann::json forms = nlohmann::json::array();
  for (const FormGraph& graph : decomposition.graphs()) {
    if (form && graph.form() != *form) continue;
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
    nlohmann::json entry = {{"form", rules.forms()[graph.form()].name},
                            {"interpretations", graph.path_count()},
                            {"vertices", vertices},
                            {"edges", edges}};
    entry["root"] = graph.empty() ? nlohmann::json(nullptr) : nlohmann::json(graph.root());
    entry["goal"] = graph.empty() ? nlohmann::json(nullptr) : nlohmann::json(graph.goal());
    forms.push_back(entry);
  }
  const nlohmann::json document = {{"hand", format_hand(decomposition.hand(), rules)},
                                   {"rules", rules.name()},
                                   {"forms", forms}};
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace meldgraph
