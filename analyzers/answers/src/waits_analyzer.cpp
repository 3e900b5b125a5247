#include "meldgraph/answers/waits_analyzer.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "meldgraph/queries/queries.hpp"
#include "meldgraph/queries/results.hpp"
#include "meldgraph/shanten/shanten.hpp"

namespace meldgraph {

WaitsAnalyzer::WaitsAnalyzer(const RuleSet& /*rules*/, const AnalyzerOptions& options)
    : options_(options) {}

namespace {

nlohmann::json form_names(const std::vector<std::size_t>& forms, const RuleSet& rules) {
  nlohmann::json names = nlohmann::json::array();
  for (const std::size_t form : forms) names.push_back(rules.forms()[form].name);
  return names;
}

Waits waits_of(const HandAnalysis& analysis, const AnalyzerOptions& options) {
  return options.search_only
             ? compute_waits(analysis.rules(), analysis.hand(), options.visible_or_null())
             : waits_from_queries(analysis.rules(), analysis.hand(), options.visible_or_null());
}

std::string joined_names(const std::vector<std::size_t>& forms, const RuleSet& rules) {
  std::string names;
  for (const std::size_t form : forms) {
    if (!names.empty()) names += ", ";
    names += rules.forms()[form].name;
  }
  return names;
}

}  // namespace

void WaitsAnalyzer::write_json(const HandAnalysis& analysis, nlohmann::json& out) const {
  const RuleSet& rules = analysis.rules();
  const Waits waits = waits_of(analysis, options_);
  nlohmann::json tiles = nlohmann::json::array();
  for (const WaitTile& tile : waits.tiles) {
    tiles.push_back({{"tile", rules.tile(tile.tile).code},
                     {"forms", form_names(tile.forms, rules)},
                     {"remaining", tile.remaining}});
  }
  out["waits"] = tiles;
  out["remaining_total"] = waits.remaining_total;
  if (waits.wildcards_exist) {
    out["wildcard_completes"] = waits.wildcard_completes;
    out["wildcard_forms"] = form_names(waits.wildcard_forms, rules);
  }
}

void WaitsAnalyzer::write_text(const HandAnalysis& analysis, std::ostream& out) const {
  const RuleSet& rules = analysis.rules();
  const Waits waits = waits_of(analysis, options_);
  out << "waits            ";
  if (waits.tiles.empty()) {
    out << "none\n";
  } else {
    out << waits.tiles.size() << (waits.tiles.size() == 1 ? " kind, " : " kinds, ")
        << waits.remaining_total << (waits.remaining_total == 1 ? " tile left\n" : " tiles left\n");
    for (const WaitTile& tile : waits.tiles) {
      const TileInfo& info = rules.tile(tile.tile);
      out << "  " << info.code << "  " << info.glyph << "  " << tile.remaining << " left  "
          << joined_names(tile.forms, rules) << '\n';
    }
  }
  if (waits.wildcards_exist) {
    out << "wildcard draw    "
        << (waits.wildcard_completes
                ? "completes (" + joined_names(waits.wildcard_forms, rules) + ")"
                : std::string("does not complete"))
        << '\n';
  }
}

void WaitsAnalyzer::build_tables(const RuleSet& rules, TableParts parts) const {
  if (!options_.search_only) build_query_tables(rules, Query::waits, parts);
}

}  // namespace meldgraph
