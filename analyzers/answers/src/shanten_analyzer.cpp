#include "meldgraph/answers/shanten_analyzer.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "meldgraph/queries/queries.hpp"
#include "meldgraph/queries/results.hpp"
#include "meldgraph/shanten/shanten.hpp"

namespace meldgraph {

ShantenAnalyzer::ShantenAnalyzer(const RuleSet& /*rules*/, const AnalyzerOptions& options)
    : options_(options) {}

namespace {

bool is_short(const HandAnalysis& analysis) {
  return analysis.hand().size(analysis.rules()) % 3 == 1;
}

ShantenResult shanten_of(const HandAnalysis& analysis, const AnalyzerOptions& options) {
  return options.search_only ? compute_shanten(analysis.rules(), analysis.hand())
                             : shanten_from_queries(analysis.rules(), analysis.hand());
}

std::vector<Improvement> improving_of(const HandAnalysis& analysis,
                                      const AnalyzerOptions& options) {
  return options.search_only
             ? improving_tiles(analysis.rules(), analysis.hand(), options.visible_or_null())
             : improving_from_queries(analysis.rules(), analysis.hand(), options.visible_or_null());
}

}  // namespace

void ShantenAnalyzer::write_json(const HandAnalysis& analysis, nlohmann::json& out) const {
  const RuleSet& rules = analysis.rules();
  const ShantenResult result = shanten_of(analysis, options_);
  nlohmann::json by_form = nlohmann::json::object();
  for (const FormShanten& form : result.by_form) {
    by_form[rules.forms()[form.form].name] = form.shanten;
  }
  out["shanten"] = result.shanten;
  out["by_form"] = by_form;
  if (is_short(analysis)) {
    nlohmann::json improving = nlohmann::json::array();
    for (const Improvement& tile : improving_of(analysis, options_)) {
      improving.push_back({{"tile", rules.tile(tile.tile).code}, {"remaining", tile.remaining}});
    }
    out["improving"] = improving;
  }
}

void ShantenAnalyzer::write_text(const HandAnalysis& analysis, std::ostream& out) const {
  const RuleSet& rules = analysis.rules();
  const ShantenResult result = shanten_of(analysis, options_);
  std::string by_form;
  for (const FormShanten& form : result.by_form) {
    if (!by_form.empty()) by_form += ", ";
    by_form += rules.forms()[form.form].name + ' ' + std::to_string(form.shanten);
  }
  out << "shanten          " << result.shanten;
  if (result.shanten == -1) out << " complete";
  if (result.shanten == 0) out << " ready";
  out << " (" << by_form << ")\n";
  if (!is_short(analysis)) return;
  const std::vector<Improvement> improving = improving_of(analysis, options_);
  int total = 0;
  std::string tiles;
  for (const Improvement& tile : improving) {
    total += tile.remaining;
    tiles += ' ' + rules.tile(tile.tile).code + '(' + std::to_string(tile.remaining) + ')';
  }
  out << "improving        " << improving.size() << (improving.size() == 1 ? " kind, " : " kinds, ")
      << total << (total == 1 ? " tile left" : " tiles left");
  if (!tiles.empty()) out << ':' << tiles;
  out << '\n';
}

void ShantenAnalyzer::build_tables(const RuleSet& rules, TableParts parts) const {
  if (!options_.search_only) build_query_tables(rules, Query::shanten, parts);
}

}  // namespace meldgraph
