#pragma once
/// Analyzers: named questions asked of a hand (is it a win, what are its interpretations, ...).
/// They consume the engine's values and never reach into the search. Each is registered by name,
/// explicitly, and reads its options once, when it is created.

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

/// One hand under analysis, with the situation of its win (the default WinContext when none is
/// given). The decomposition is built on first use and shared by every analyzer that asks for it.
/// `rules` must outlive it.
class HandAnalysis {
 public:
  HandAnalysis(const RuleSet& rules, const Hand& hand, const WinContext& win = {})
      : rules_(&rules), hand_(hand), win_(win), started_(std::chrono::steady_clock::now()) {}

  [[nodiscard]] const RuleSet& rules() const { return *rules_; }
  [[nodiscard]] const Hand& hand() const { return hand_; }
  [[nodiscard]] const WinContext& win_context() const { return win_; }
  /// Throws AnalysisError when the hand is not of a complete size.
  [[nodiscard]] const Decomposition& decomposition() const;
  /// The decomposition when an analyzer has already built it, else null (nothing is built).
  [[nodiscard]] const Decomposition* decomposition_if_built() const {
    return decomposition_ ? &*decomposition_ : nullptr;
  }
  /// When the analysis began (its construction): `--budget-ms` counts from here, so that every
  /// analyzer asked about the hand shares one budget.
  [[nodiscard]] std::chrono::steady_clock::time_point started() const { return started_; }

 private:
  const RuleSet* rules_;
  Hand hand_;
  WinContext win_;
  std::chrono::steady_clock::time_point started_;
  mutable std::optional<Decomposition> decomposition_;
};

/// Options every analyzer may read (each reads only its own, once, in its constructor).
struct AnalyzerOptions {
  /// Most interpretations to list per hand; 0 lists all of them.
  std::uint64_t limit = 1000;
  /// Most realisations of abstract groups to list per interpretation (`analyze --realisations`);
  /// 0 lists none, only their count.
  std::uint64_t realisations = 0;
  /// Tiles seen elsewhere (discards, other players' melds), by kind, when `has_visible`: waits and
  /// improving tiles then count the copies neither held nor seen. Read with parse_visible.
  TileCounts visible{};
  bool has_visible = false;
  /// Answer win, shanten and waits from the exact search alone, never from the lookup tables
  /// (the answers are the same; this is for checking that they are).
  bool search_only = false;

  /// `--budget-ms`: the milliseconds a hand's listings and scoring may take, from the start of its
  /// analysis (HandAnalysis::started); past it they stop with a note in the output. 0: none.
  std::uint64_t budget_ms = 0;

  /// The visible tiles, or null when none were given (the form the engine's functions take).
  [[nodiscard]] const TileCounts* visible_or_null() const {
    return has_visible ? &visible : nullptr;
  }
};

/// The time by which `analysis` stops listing and scoring under a budget of `budget_ms`
/// (AnalyzerOptions::budget_ms), or none when it is 0.
[[nodiscard]] inline std::optional<std::chrono::steady_clock::time_point> analysis_deadline(
    const HandAnalysis& analysis, std::uint64_t budget_ms) {
  if (budget_ms == 0) return std::nullopt;
  return analysis.started() + std::chrono::milliseconds(budget_ms);
}

class Analyzer {
 public:
  virtual ~Analyzer() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  /// Adds this analyzer's fields to `out`, a JSON object.
  virtual void write_json(const HandAnalysis& analysis, nlohmann::json& out) const = 0;
  /// Writes human-readable lines.
  virtual void write_text(const HandAnalysis& analysis, std::ostream& out) const = 0;
  /// Builds now the `parts` (build_query_tables) of the lookup tables this analyzer's answers
  /// read under `rules` (the rule set it was created for), which a hand would otherwise build;
  /// nothing when it answers from the search alone. Thread-safe. `batch --answers-from auto`
  /// calls it on a thread of its own, where it may throw TableBuildAbandoned (suit_tables.hpp).
  virtual void build_tables(const RuleSet& rules, TableParts parts) const {
    static_cast<void>(rules);
    static_cast<void>(parts);
  }
};

/// Named analyzer factories.
class AnalyzerRegistry {
 public:
  using Factory = std::unique_ptr<Analyzer> (*)(const RuleSet&, const AnalyzerOptions&);

  /// Throws std::logic_error when the name is taken.
  void add(std::string name, std::string summary, Factory factory);
  /// Throws Error naming the known analyzers when `name` is unknown.
  [[nodiscard]] std::unique_ptr<Analyzer> create(std::string_view name, const RuleSet& rules,
                                                 const AnalyzerOptions& options) const;
  [[nodiscard]] std::vector<std::string> names() const;
  [[nodiscard]] std::string summary(std::string_view name) const;

 private:
  struct Entry {
    std::string name;
    std::string summary;
    Factory factory;
  };
  std::vector<Entry> entries_;
};

/// The registry with every analyzer meldgraph ships, registered here and nowhere else.
[[nodiscard]] AnalyzerRegistry builtin_analyzers();

}  // namespace meldgraph
