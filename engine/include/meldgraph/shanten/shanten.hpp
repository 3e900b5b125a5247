#pragma once
/// Shanten, waits and the tiles that improve a hand: exact answers for hands that are not (yet)
/// complete, under any rule set, with wildcards and declared melds.

#include <cstddef>
#include <string_view>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

/// Shanten of one form.
struct FormShanten {
  std::size_t form = 0;  ///< index into RuleSet::forms()
  int shanten = 0;
};

/// The fewest tile exchanges that make the hand ready (0) or complete (-1): the minimum, over
/// every complete hand W the rules allow (the same declared melds; no tile beyond its copies,
/// counting the tiles held; the form's pair and wildcard rules), of the tiles W needs that the
/// hand lacks, less one. Wildcards held fill any slot they may; drawing a wildcard is not counted,
/// except by the `wildcards` form (N wildcards win at once), which is about drawing them.
/// docs/analysis.md has the details.
struct ShantenResult {
  int shanten = 0;  ///< minimum over `by_form`
  /// Each enabled form that can apply to the hand's size and that exchanging natural tiles can
  /// complete, in rule-set order.
  std::vector<FormShanten> by_form;

  /// The shanten of form `form` (an index into RuleSet::forms()), or `none` where `by_form` has
  /// no entry for it.
  [[nodiscard]] int of_form(std::size_t form, int none) const {
    for (const FormShanten& entry : by_form) {
      if (entry.form == form) return entry.shanten;
    }
    return none;
  }
};

/// Hand of 3n+1 or 3n+2 tiles (a declared meld counts three), 1 to rules.hand_tiles() tiles.
/// Throws AnalysisError otherwise, or when no form can apply.
[[nodiscard]] ShantenResult compute_shanten(const RuleSet& rules, const Hand& hand);

/// One tile that completes a hand.
struct WaitTile {
  TileId tile = kNoTile;
  std::vector<std::size_t> forms;  ///< forms the tile completes, in rule-set order
  int remaining = 0;               ///< copies not held and not visible
};

struct Waits {
  std::vector<WaitTile> tiles;  ///< in tile order
  /// Whether the rule set has wildcards a hand could draw (jokers or wild tile kinds).
  bool wildcards_exist = false;
  /// Whether drawing a wildcard completes the hand, and in which forms.
  bool wildcard_completes = false;
  std::vector<std::size_t> wildcard_forms;
  int remaining_total = 0;  ///< sum of `remaining` over `tiles`
};

/// Waits of a hand of 3n+1 tiles; `visible` (may be null) counts tiles seen elsewhere.
/// A tile of which the hand holds every copy is a wait only under `hand.exhausted_waits`; tiles of
/// a wild kind are never waits (drawing one draws a wildcard). Throws AnalysisError for other
/// sizes. A tile completes a form exactly when the hand plus that tile has an interpretation in it.
[[nodiscard]] Waits compute_waits(const RuleSet& rules, const Hand& hand,
                                  const TileCounts* visible);

/// Of `candidates`, tiles of which a hand of 3n+1 tiles holds every copy, those whose draw (a copy
/// beyond the set's) would complete it in some form, whatever `hand.exhausted_waits` says: the
/// search behind exhausted_wait_mask (meldgraph/queries/queries.hpp). Throws AnalysisError for
/// other sizes.
[[nodiscard]] TileMask compute_exhausted_waits(const RuleSet& rules, const Hand& hand,
                                               TileMask candidates);

/// A draw that lowers the shanten number of a 3n+1 hand.
struct Improvement {
  TileId tile = kNoTile;
  int remaining = 0;  ///< copies not held and not visible
};

/// Tiles whose draw lowers the shanten of a 3n+1 hand, in tile order: natural tiles of which some
/// copy is not held. Throws AnalysisError for other sizes.
[[nodiscard]] std::vector<Improvement> improving_tiles(const RuleSet& rules, const Hand& hand,
                                                       const TileCounts* visible);

}  // namespace meldgraph
