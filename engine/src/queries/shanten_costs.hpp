#pragma once
/// The prices the shanten fast path puts on a hand, one form at a time (shanten.cpp), shared with
/// the improving-tile and discard passes (improving.cpp): the hand as they see it once, and the
/// exchanges (shanten + 1) of a form.

#include <array>
#include <cstddef>
#include <cstdint>

#include "hand_view.hpp"
#include "kept_rows.hpp"
#include "plan.hpp"

namespace meldgraph::detail {

/// What fast_shanten needs to know of a hand once, whichever forms it prices.
struct ShantenHand {
  View view;
  int target = 0;
  /// The kept rows (overflow 0) of the suits a target may use: every suit, or under
  /// hand.missing_suits those of the choice being priced (row_suit: their plan indices).
  KeptRows rows{};
  std::size_t row_count = 0;
  std::array<std::uint8_t, kMaxPlanSuits> row_suit{};
  const Exclusion* exclusion = nullptr;  ///< the lacked suits being priced (missing_suits)
};

/// The hand checks of the shanten fast path, and the hand's view and kept rows into `out`;
/// false: the search answers.
[[nodiscard]] bool shanten_hand(const Plan& plan, const Hand& hand, ShantenHand& out);

constexpr int kDeclined = -1;  ///< a form_cost result: the search must answer

/// Wildcards a form may use in a target: none for `wildcards: false`, at most max_in_win.
[[nodiscard]] int usable_wildcards(const Plan& plan, const FormSpec& form, int wildcards);

/// Full pairs and singles of a hand's natural counts (within `keep`, 0xFF bytes on the kinds a
/// target may hold, when not null), as a pairs form counts them.
struct PairCounts {
  int twos = 0;  ///< full pairs
  int ones = 0;  ///< singles
};

[[nodiscard]] PairCounts pair_counts(const FormSpec& form, const View& view,
                                     const std::uint64_t* keep);

/// Exchanges (shanten + 1) of one modelled form, kNoShanten where it cannot apply or complete,
/// kDeclined where the tables do not model this hand (shanten.cpp says how each form is priced).
[[nodiscard]] int form_cost(const Plan& plan, const Hand& hand, const FormPlan& fp,
                            const ShantenHand& sh);

}  // namespace meldgraph::detail
