#pragma once

#include "meldgraph/answers/analyzer.hpp"

namespace meldgraph {

/// "shanten": the fewest exchanges that make a hand ready (0) or complete (-1), per form and
/// overall, and for a hand of 3n+1 tiles the tiles whose draw lowers it.
/// JSON: {"shanten": N, "by_form": {form: N}, and for 3n+1 hands
/// "improving": [{"tile": "1m", "remaining": 3}, ...]}. Forms that cannot apply to the hand's
/// size, or that no exchange of natural tiles can complete, are left out of by_form.
class ShantenAnalyzer final : public Analyzer {
 public:
  ShantenAnalyzer(const RuleSet& rules, const AnalyzerOptions& options);
  [[nodiscard]] std::string_view name() const override { return "shanten"; }
  void write_json(const HandAnalysis& analysis, nlohmann::json& out) const override;
  void write_text(const HandAnalysis& analysis, std::ostream& out) const override;
  void build_tables(const RuleSet& rules, TableParts parts) const override;

 private:
  /// The options, read once at construction: the visible tiles and search_only are used.
  const AnalyzerOptions options_;
};

}  // namespace meldgraph
