#pragma once

#include <cstdint>
#include <string>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/reading/reading.hpp"

namespace meldgraph {

struct ScoringRules;

/// The key the score analyzer writes a reading's pattern total under: the unit's name (han, fan,
/// faan, tai), or `pattern_points` for the points unit.
[[nodiscard]] std::string score_unit_key(const ScoringRules& scoring);

/// "score": every reading of a complete hand scored under the hand's situation (scoring.hpp),
/// the best at the top level. JSON (docs/cli.md, "score"): "wins", "no_win_reason", the best
/// reading's "patterns" ([{"id", "name", "local_name", UNIT, "yakuman"}]), UNIT (the rule set's
/// unit name: han, fan, faan, tai), "fu", "fu_parts", "dora", "ura", "red", "yakuman", "limit",
/// "points", "payments" ({"E": N, ...}), then "best", "tied", "tie_rule", "readings",
/// "unscored_realisations", "cut" (when the scoring stopped at its bound or `--budget-ms`) and
/// "interpretations" (every scored reading with the same fields).
/// A rule set without a `scoring` section is an Error when the analyzer is created. Each thread
/// that calls it scores with one Scorer per rule set, built on its first hand and kept.
class ScoreAnalyzer final : public Analyzer {
 public:
  ScoreAnalyzer(const RuleSet& rules, const AnalyzerOptions& options);
  [[nodiscard]] std::string_view name() const override { return "score"; }
  void write_json(const HandAnalysis& analysis, nlohmann::json& out) const override;
  void write_text(const HandAnalysis& analysis, std::ostream& out) const override;
  void build_tables(const RuleSet& rules, TableParts parts) const override;

 private:
  const std::uint64_t limit_;      ///< most readings listed; 0: all
  const std::uint64_t budget_ms_;  ///< AnalyzerOptions::budget_ms
  const TableUse tables_;          ///< search_only when AnalyzerOptions::search_only
  const std::uint64_t serial_;     ///< keys the thread's Scorer (one per thread and rule set)
};

/// "explain": for each scored reading of a complete hand and each pattern of the rule set,
/// whether it counted and, if not, why (explain_pattern). JSON: {"readings": [{"index", "text",
/// "patterns": [{"id", "counted", "why"}]}]}. For rule authors.
class ExplainAnalyzer final : public Analyzer {
 public:
  ExplainAnalyzer(const RuleSet& rules, const AnalyzerOptions& options);
  [[nodiscard]] std::string_view name() const override { return "explain"; }
  void write_json(const HandAnalysis& analysis, nlohmann::json& out) const override;
  void write_text(const HandAnalysis& analysis, std::ostream& out) const override;
  void build_tables(const RuleSet& rules, TableParts parts) const override;

 private:
  const std::uint64_t limit_;      ///< most readings explained; 0: all
  const std::uint64_t budget_ms_;  ///< AnalyzerOptions::budget_ms
  const TableUse tables_;          ///< search_only when AnalyzerOptions::search_only
  const std::uint64_t serial_;     ///< keys the thread's Scorer (one per thread and rule set)
};

}  // namespace meldgraph
