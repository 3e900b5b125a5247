/// The fu of a reading (fu.hpp): base, closed ron or self-draw, melds, the value pair, the
/// wait, an open hand's minimum and rounding, or a form's fixed fu. docs/scoring.md, "Fu".

#include "values/fu.hpp"

#include <algorithm>
#include <bit>

#include "meldgraph/support/bits.hpp"

namespace meldgraph::detail {

namespace {

// The most parts compute_fu adds: the base and how the hand won, one per group, the wait,
// rounding and the open minimum (a fixed form's one part is fewer).
static_assert(FuParts::kCapacity >= 2 + kMaxFeatureGroups + 3);

void add(ReadingValue& out, FuSource source, int fu, int group = -1) {
  out.fu_parts.push_back_if(FuPart{source, static_cast<std::int8_t>(group), fu}, fu != 0);
  out.fu += fu;
}

/// A pung's or kong's fu: `pung`, doubled (by the factors) when concealed, of terminals or
/// honours, a kong; looked up (FuRules::meld_fu), as each factor applies or not hand to hand.
int meld_fu(const FuRules& rules, const GroupFeature& group, TileMask terminals_or_honours) {
  const unsigned open = group.has(kFeatureOpen) ? FuRules::kMeldFuOpen : 0U;
  const unsigned terminal =
      (group.faces & ~terminals_or_honours) == 0 ? FuRules::kMeldFuTerminal : 0U;
  const unsigned kong = group.kind == GroupKind::kong ? FuRules::kMeldFuKong : 0U;
  return rules.meld_fu[open | terminal | kong];
}

/// A pair's fu: a dragon, the seat wind, the round wind; the wind that is both counts
/// `pair_double_wind` instead of the sum (FuRules::pair_wind_fu).
int pair_fu(const FuRules& rules, const ScoreFeatures& features, const GroupFeature& group,
            TileMask dragons) {
  const TileId tile = group.low;
  const auto dragon = static_cast<int>((dragons >> tile) & 1U);
  const unsigned seat = tile == features.seat_wind_tile ? FuRules::kPairFuSeat : 0U;
  const unsigned round = tile == features.round_wind_tile ? FuRules::kPairFuRound : 0U;
  return dragon * rules.pair_dragon + rules.pair_wind_fu[seat | round];
}

}  // namespace

void compute_fu(const FuRules& rules, const ScoreFeatures& features,
                std::span<const PatternHit> hits, ReadingValue& out) {
  out.fu = 0;
  out.fu_parts.clear();
  if (!rules.enabled) return;
  // Step 1. A form with fixed fu (seven pairs: 25) has nothing else, not even rounding.
  if (features.form < rules.fixed.size() && rules.fixed[features.form] != 0) {
    add(out, FuSource::fixed, rules.fixed[features.form]);
    return;
  }
  // Step 2. The base, and how the hand won.
  add(out, FuSource::base, rules.base);
  const bool discard = features.win != nullptr && features.win->win == WinKind::discard;
  if (discard && features.closed_hand) add(out, FuSource::closed_ron, rules.closed_ron);
  if (!discard && !any_hit(hits, rules.no_self_draw_fu_with)) {
    add(out, FuSource::self_draw, rules.self_draw);
  }
  // Step 3. Pungs and kongs, the value pair, group by group.
  // Only pairs, pungs and kongs score here: their groups, in group order, from the record's
  // kind index (abstract groups are of other kinds until realised).
  const TileClasses& classes = features.rules->tile_classes();
  const auto groups_of = [&](GroupKind kind) {
    return features.kind_groups[static_cast<std::size_t>(kind)];
  };
  const std::uint32_t scored =
      groups_of(GroupKind::pair) | groups_of(GroupKind::pung) | groups_of(GroupKind::kong);
  for (const int i : set_bits(scored)) {
    const GroupFeature& group = features.groups[static_cast<std::size_t>(i)];
    if (group.has(kFeatureAbstract) || group.faces == 0) continue;
    if (group.kind == GroupKind::pair) {
      add(out, FuSource::pair, pair_fu(rules, features, group, classes.dragons), i);
    } else {
      add(out, FuSource::meld, meld_fu(rules, group, classes.terminals_or_honours), i);
    }
  }
  // Step 4. The wait, as this reading has it (45556m on 5m: a pair wait here, two-sided there).
  if (features.winning_group >= 0) {
    add(out, FuSource::wait, rules.wait[static_cast<std::size_t>(features.wait)],
        features.winning_group);
  }
  // Step 5. Round up, then raise an open hand to its minimum (an open pinfu shape: 20 -> 30).
  const int step = std::max<int>(rules.round_to, 1);
  const int rounded = (out.fu + step - 1) / step * step;
  add(out, FuSource::rounding, rounded - out.fu);
  if (!features.closed_hand && out.fu < rules.open_minimum) {
    add(out, FuSource::open_pinfu, rules.open_minimum - out.fu);
  }
}

}  // namespace meldgraph::detail
