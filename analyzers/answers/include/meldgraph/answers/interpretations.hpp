#pragma once
/// The answer to "what are every reading of this complete hand?" (`batch --op interpretations`,
/// `analyze`).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/model/group.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph {

/// The interpretations of one form.
struct FormCount {
  std::size_t form = 0;     ///< index into RuleSet::forms()
  std::uint64_t count = 0;  ///< saturating at kCountSaturated
};

/// One realisation of an interpretation's abstract groups (Realisations::list).
struct Realisation {
  /// One concrete group per abstract group (RealisationsAnswer::abstract_groups, in order).
  std::vector<Group> groups;
  /// Index into `groups` of the one holding the winning tile, or -1 (Realisations::winning_index).
  int winning_index = -1;
};

/// The realisations of an interpretation that has abstract (wildcard-only) groups.
struct RealisationsAnswer {
  std::uint64_t count = 0;  ///< all of them, saturating at kCountSaturated
  /// Indices into the interpretation's groups of the abstract ones (Realisations::abstract_groups).
  std::vector<int> abstract_groups;
  /// Whether a listing was asked for (AnswerOptions::realisations above 0).
  bool listing_asked = false;
  /// The first AnswerOptions::realisations realisations, in Realisations::list order.
  std::vector<Realisation> listed;
};

/// One listed interpretation and its reading for scorers.
struct ListedInterpretation {
  Interpretation interpretation;  ///< as Decomposition::interpretations lists it
  /// make_reading of `interpretation` in the hand's reading context (docs/engine.md,
  /// "Interpretation fields for scorers").
  Reading reading;
  /// When the interpretation has abstract groups: their realisations.
  std::optional<RealisationsAnswer> realisations;
};

/// Why a listing holds fewer interpretations than the hand has.
enum class ListingCut : std::uint8_t {
  none,    ///< every interpretation is listed
  limit,   ///< AnswerOptions::limit were listed
  budget,  ///< the hand's `--budget-ms` passed (after at least one)
};

/// Every interpretation of a complete hand, counted on the graph, and the first ones listed.
struct InterpretationsAnswer {
  std::uint64_t count = 0;  ///< all interpretations, saturating at kCountSaturated
  /// Per form graph of the decomposition, in rule-set order, those with none included.
  std::vector<FormCount> by_form;
  /// The hand has a winning tile, and the hand before the win waits on these natural tiles
  /// (ReadingContext::waits_before); none when the hand has no winning tile or is not one tile
  /// short without it.
  std::optional<TileMask> waits_before_win;
  /// The hand has a winning tile (Hand::has_winning_tile): its readings' winning_red says
  /// whether it is a red five.
  bool has_winning_tile = false;
  /// The first interpretations in listing order (Decomposition::interpretations).
  std::vector<ListedInterpretation> listed;
  ListingCut cut = ListingCut::none;
  std::uint64_t budget_ms = 0;  ///< AnswerOptions::budget_ms, the budget a `budget` cut ran out of
};

/// The interpretations of `analysis`, listed up to `options.limit` and `options.budget_ms`, each
/// with up to `options.realisations` realisations. Throws AnalysisError when the hand is not of
/// a complete size, or where make_reading_context does.
[[nodiscard]] InterpretationsAnswer answer_interpretations(const HandAnalysis& analysis,
                                                           const AnswerOptions& options);

}  // namespace meldgraph
