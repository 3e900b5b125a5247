#include <nlohmann/json.hpp>
#include <ostream>

#include "meldgraph/answers/win_analyzer.hpp"
#include "meldgraph/queries/queries.hpp"

namespace meldgraph {

WinAnalyzer::WinAnalyzer(const RuleSet& /*rules*/, const AnalyzerOptions& options)
    : search_only_(options.search_only) {}

std::vector<std::size_t> WinAnalyzer::matched_forms(const HandAnalysis& analysis) const {
  std::vector<std::size_t> forms;
  // Most hands of a corpus do not win: the query answers them without building the graphs (and
  // throws for a size that cannot win, as the decomposition would).
  if (!search_only_ && !is_win(analysis.rules(), analysis.hand())) return forms;
  for (const FormGraph& graph : analysis.decomposition().graphs()) {
    if (!graph.empty()) forms.push_back(graph.form());
  }
  return forms;
}

void WinAnalyzer::write_json(const HandAnalysis& analysis, nlohmann::json& out) const {
  const std::vector<std::size_t> matched = matched_forms(analysis);
  nlohmann::json forms = nlohmann::json::array();
  for (const std::size_t form : matched) forms.push_back(analysis.rules().forms()[form].name);
  out["win"] = !matched.empty();
  out["forms"] = forms;
  out["tiles"] = analysis.hand().size(analysis.rules());
  // Every wildcard held, those standing in declared melds too (also given apart).
  const int declared = analysis.hand().declared_wildcard_count();
  out["wildcards"] = analysis.hand().wildcard_count() + declared;
  out["declared_wildcards"] = declared;
}

void WinAnalyzer::write_text(const HandAnalysis& analysis, std::ostream& out) const {
  const std::vector<std::size_t> matched = matched_forms(analysis);
  std::string forms;
  for (const std::size_t form : matched) {
    if (!forms.empty()) forms += ", ";
    forms += analysis.rules().forms()[form].name;
  }
  out << "win              " << (matched.empty() ? "no" : "yes");
  if (!forms.empty()) out << " (" << forms << ")";
  out << '\n';
}

void WinAnalyzer::build_tables(const RuleSet& rules, TableParts parts) const {
  if (!search_only_) build_query_tables(rules, Query::win, parts);
}

}  // namespace meldgraph
