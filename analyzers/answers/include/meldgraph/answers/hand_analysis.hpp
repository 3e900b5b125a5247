#pragma once
/// What every answer is computed from: one hand under analysis (HandAnalysis) and the options the
/// answers read (AnswerOptions).

#include <chrono>
#include <cstdint>
#include <optional>
#include <utility>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/tables/table_use.hpp"

namespace meldgraph {

/// One hand under analysis, with the situation of its win (the default WinContext when none is
/// given). The decomposition is built on first use and shared by every answer that asks for it.
/// `rules` must outlive it.
class HandAnalysis {
 public:
  HandAnalysis(const RuleSet& rules, Hand hand, WinContext win = {})
      : rules_(&rules),
        hand_(hand),
        win_(std::move(win)),
        started_(std::chrono::steady_clock::now()) {}

  [[nodiscard]] const RuleSet& rules() const { return *rules_; }
  [[nodiscard]] const Hand& hand() const { return hand_; }
  [[nodiscard]] const WinContext& win_context() const { return win_; }
  /// Throws AnalysisError when the hand is not of a complete size.
  [[nodiscard]] const Decomposition& decomposition() const;
  /// The decomposition when an answer has already built it, else null (nothing is built).
  [[nodiscard]] const Decomposition* decomposition_if_built() const {
    return decomposition_ ? &*decomposition_ : nullptr;
  }
  /// When the analysis began (its construction): `--budget-ms` counts from here, so that every
  /// answer computed for the hand shares one budget.
  [[nodiscard]] std::chrono::steady_clock::time_point started() const { return started_; }

 private:
  const RuleSet* rules_;
  Hand hand_;
  WinContext win_;
  std::chrono::steady_clock::time_point started_;
  mutable std::optional<Decomposition> decomposition_;
};

/// Options every answer may read (each reads only its own).
struct AnswerOptions {
  /// Most interpretations (or scored readings) to list per hand; 0 lists all of them.
  std::uint64_t limit = 1000;
  /// `--best`: a score lists no reading but the best (ScoreAnswer::best_only).
  bool best_only = false;
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

  /// Advice (answer_advise): the second step of the discards of the lowest shanten
  /// (AdvisedOption::second_step), which asks about a hundred times the queries of the rest.
  bool second_step = true;

  /// `--budget-ms`: the milliseconds a hand's listings and scoring may take, from the start of its
  /// analysis (HandAnalysis::started); past it they stop with a note in the answer. 0: none.
  std::uint64_t budget_ms = 0;

  /// The visible tiles, or null when none were given (the form the engine's functions take).
  [[nodiscard]] const TileCounts* visible_or_null() const {
    return has_visible ? &visible : nullptr;
  }
  /// Where the readings' contexts and the scorer take their lookups from.
  [[nodiscard]] TableUse table_use() const {
    return search_only ? TableUse::search_only : TableUse::tables;
  }
};

/// The time by which `analysis` stops listing and scoring under a budget of `budget_ms`
/// (AnswerOptions::budget_ms), or none when it is 0.
[[nodiscard]] inline std::optional<std::chrono::steady_clock::time_point> analysis_deadline(
    const HandAnalysis& analysis, std::uint64_t budget_ms) {
  if (budget_ms == 0) return std::nullopt;
  return analysis.started() + std::chrono::milliseconds(budget_ms);
}

}  // namespace meldgraph
