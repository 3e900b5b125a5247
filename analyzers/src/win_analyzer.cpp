#include <nlohmann/json.hpp>
#include <ostream>

#include "meldgraph/analyzers/win_analyzer.hpp"

namespace meldgraph {

WinAnalyzer::WinAnalyzer(const RuleSet& /*rules*/, const AnalyzerOptions& /*options*/) {}

void WinAnalyzer::write_json(const HandAnalysis& analysis, nlohmann::json& out) const {
  const Decomposition& decomposition = analysis.decomposition();
  nlohmann::json forms = nlohmann::json::array();
  for (const FormGraph& graph : decomposition.graphs()) {
    if (!graph.empty()) forms.push_back(analysis.rules().forms()[graph.form()].name);
  }
  out["win"] = decomposition.wins();
  out["forms"] = forms;
  out["tiles"] = analysis.hand().size(analysis.rules());
  out["wildcards"] = analysis.hand().wildcard_count();
}

void WinAnalyzer::write_text(const HandAnalysis& analysis, std::ostream& out) const {
  const Decomposition& decomposition = analysis.decomposition();
  std::string forms;
  for (const FormGraph& graph : decomposition.graphs()) {
    if (graph.empty()) continue;
    if (!forms.empty()) forms += ", ";
    forms += analysis.rules().forms()[graph.form()].name;
  }
  out << "win              " << (decomposition.wins() ? "yes" : "no");
  if (!forms.empty()) out << " (" << forms << ")";
  out << '\n';
}

}  // namespace meldgraph
