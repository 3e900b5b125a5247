#pragma once
/// Base points with their limit, and payments by seat (points.cpp): steps of compute_value
/// (values.cpp), apart so that the tests can walk the whole points table.

#include <span>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"

namespace meldgraph::detail {

/// The multiplicity a limit pattern's hit adds under the double-yakuman key (0: not a limit).
[[nodiscard]] int yakuman_of(const PointsRules& points, const PatternHit& hit);

/// What the factor and bonus patterns do to the formula's base: base x factor + bonus.
struct BaseScale {
  std::int64_t factor = 1;
  std::int64_t bonus = 0;
};

/// Sets out.base and out.limit from out.units, out.fu and out.yakuman (kazoe may set
/// out.yakuman to 1): the formula's base times `scale.factor` plus `scale.bonus`, then the
/// limits (a row's `base_at` reads the scaled base). `hits`, the reading's counted patterns,
/// choose the start (PointsRules::starts).
void compute_base(const PointsRules& points, ReadingValue& out,
                  std::span<const PatternHit> hits = {}, const BaseScale& scale = {});

/// The first row of `points.floors` one of whose patterns counted; nullptr when none did (or the
/// rule set has no floors: the common case costs one test).
const FloorRule* floor_of(const PointsRules& points, std::span<const PatternHit> hits);

/// Applies `floor` to a winning reading whose base is set: no change under a limit pattern;
/// else the base is at least the floor row's, and exactly it when the reading won by the floor
/// pattern alone (`own_win` false: the other patterns miss the minimum, dora never lift it).
void apply_floor(const PointsRules& points, const FloorRule& floor, bool own_win,
                 ReadingValue& out);

/// Sets out.points (the winner's score before counters) and out.payments (counters included)
/// from out.base, the context (winner's seat, how it won, from whom, honba, riichi sticks) and
/// the pao rules over `hits`.
void compute_payments(const ValueRules& rules, const ScoreFeatures& features,
                      std::span<const PatternHit> hits, ReadingValue& out);

}  // namespace meldgraph::detail
