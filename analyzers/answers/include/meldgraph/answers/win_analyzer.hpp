#pragma once

#include <cstddef>
#include <vector>

#include "meldgraph/answers/analyzer.hpp"

namespace meldgraph {

/// "win": whether the hand is complete and which forms it matches.
/// JSON: {"win": bool, "forms": [names], "tiles": N, "wildcards": N}.
class WinAnalyzer final : public Analyzer {
 public:
  WinAnalyzer(const RuleSet& rules, const AnalyzerOptions& options);
  [[nodiscard]] std::string_view name() const override { return "win"; }
  void write_json(const HandAnalysis& analysis, nlohmann::json& out) const override;
  void write_text(const HandAnalysis& analysis, std::ostream& out) const override;
  void build_tables(const RuleSet& rules, TableParts parts) const override;

 private:
  /// Forms with an interpretation of the hand, in rule-set order (empty: no win).
  [[nodiscard]] std::vector<std::size_t> matched_forms(const HandAnalysis& analysis) const;
  bool search_only_;
};

}  // namespace meldgraph
