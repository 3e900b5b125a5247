#pragma once

#include <cstdint>

#include "meldgraph/analyzers/analyzer.hpp"

namespace meldgraph {

/// "interpretations": every reading of a complete hand, counted on the graph and listed lazily up
/// to the limit. JSON: {"count": N, "by_form": {form: N}, "interpretations": [...],
/// "listed": N, "truncated": bool}.
class InterpretationsAnalyzer final : public Analyzer {
 public:
  InterpretationsAnalyzer(const RuleSet& rules, const AnalyzerOptions& options);
  [[nodiscard]] std::string_view name() const override { return "interpretations"; }
  void write_json(const HandAnalysis& analysis, nlohmann::json& out) const override;
  void write_text(const HandAnalysis& analysis, std::ostream& out) const override;

 private:
  const std::uint64_t limit_;  ///< 0: no limit
};

}  // namespace meldgraph
