#pragma once

#include <cstdint>
#include <iosfwd>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/reading/reading.hpp"

namespace meldgraph {

/// "interpretations": every reading of a complete hand, counted on the graph and listed lazily up
/// to the limit or the budget. JSON: {"count": N, "by_form": {form: N}, "interpretations": [...],
/// "listed": N, "truncated": bool, "truncated_by": "limit" | "budget" when truncated}.
class InterpretationsAnalyzer final : public Analyzer {
 public:
  InterpretationsAnalyzer(const RuleSet& rules, const AnalyzerOptions& options);
  [[nodiscard]] std::string_view name() const override { return "interpretations"; }
  void write_json(const HandAnalysis& analysis, nlohmann::json& out) const override;
  void write_text(const HandAnalysis& analysis, std::ostream& out) const override;
  void build_tables(const RuleSet& rules, TableParts parts) const override;

 private:
  /// Text: the realisations of one interpretation's abstract groups, at most realisations_.
  void write_realisations(const ReadingContext& context, const Interpretation& interpretation,
                          std::ostream& out) const;

  const std::uint64_t limit_;         ///< 0: no limit
  const std::uint64_t realisations_;  ///< realisations listed per interpretation; 0: none
  const std::uint64_t budget_ms_;     ///< AnalyzerOptions::budget_ms
  const TableUse tables_;             ///< search_only when AnalyzerOptions::search_only
};

}  // namespace meldgraph
