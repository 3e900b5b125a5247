#pragma once
/// The fast paths of the queries (queries.hpp), each answering from the plan's tables or
/// Answer::unknown, when the search must answer. Nothing here allocates or throws.

#include <array>
#include <cstddef>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/tiles.hpp"
#include "plan.hpp"

namespace meldgraph::detail {

/// is_win (win.cpp).
[[nodiscard]] Answer fast_is_win(const QueryPlan& plan, const Hand& hand);

/// wait_mask: the tiles completing a hand one tile short, into `mask` (waits.cpp).
[[nodiscard]] Answer fast_wait_mask(const QueryPlan& plan, const Hand& hand, TileMask& mask);

/// Shanten by form into `by_form`, indexed as plan.forms (kNoShanten where a form does not
/// apply or cannot complete); yes when answered (shanten.cpp).
[[nodiscard]] Answer fast_shanten(const QueryPlan& plan, const Hand& hand,
                                  std::array<int, 32>& by_form);

/// The shanten of a hand of 3n+1 tiles and the tiles whose draw lowers it (natural, meldable,
/// with a copy the hand does not hold), into `shanten` and `gains`; yes when answered
/// (shanten.cpp).
[[nodiscard]] Answer fast_improving(const QueryPlan& plan, const Hand& hand, int& shanten,
                                    TileMask& gains);

/// The shanten of a hand of 3n+2 tiles less one copy of each meldable kind it holds, into
/// `shanten` by tile (kNoShanten elsewhere); yes when answered (improving.cpp).
[[nodiscard]] Answer fast_discards(const QueryPlan& plan, const Hand& hand,
                                   std::array<int, kMaxTileKinds>& shanten);

}  // namespace meldgraph::detail
