#pragma once

#include "meldgraph/answers/analyzer.hpp"

namespace meldgraph {

/// "waits": the tiles that complete a hand of 3n+1 tiles, the forms each completes and the copies
/// left of each (not held and, with visible tiles given, not seen).
/// JSON: {"waits": [{"tile": "1m", "forms": ["standard"], "remaining": 3}, ...],
/// "remaining_total": N, and where the rule set has wildcards "wildcard_completes": bool and
/// "wildcard_forms": [names]}. A hand of another size is an AnalysisError.
class WaitsAnalyzer final : public Analyzer {
 public:
  WaitsAnalyzer(const RuleSet& rules, const AnalyzerOptions& options);
  [[nodiscard]] std::string_view name() const override { return "waits"; }
  void write_json(const HandAnalysis& analysis, nlohmann::json& out) const override;
  void write_text(const HandAnalysis& analysis, std::ostream& out) const override;
  void build_tables(const RuleSet& rules, TableParts parts) const override;

 private:
  /// The options, read once at construction: the visible tiles and search_only are used.
  const AnalyzerOptions options_;
};

}  // namespace meldgraph
