/// compute_value (value_rules.hpp): a reading's units, dora, fu, base points with their limit,
/// and payments by seat. docs/scoring.md, "Values", describes each step and its keys.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"
#include "values/fu.hpp"
#include "values/points.hpp"

namespace meldgraph {

namespace {

bool listed(const std::vector<std::uint16_t>& patterns, std::uint16_t pattern) {
  return std::find(patterns.begin(), patterns.end(), pattern) != patterns.end();
}

/// Whether one of the patterns of `minimum.forms` for the reading's form counted (or the form
/// has no such rule).
bool form_minimum_met(const FormMinimum& minimum, std::span<const PatternHit> hits) {
  return minimum.patterns.empty() || detail::any_hit(hits, minimum.patterns);
}

// Step 1. The patterns' units, the units towards the minimum, the yakuman total.
struct PatternTotals {
  std::int32_t units = 0;
  std::int32_t towards_minimum = 0;
  std::int32_t yakuman = 0;
  detail::BaseScale scale;  ///< the factor and bonus patterns' product and sum
};

/// The factor patterns' product (capped by points.factor_cap, and below the points bound) and
/// the bonus patterns' sum, each counted `times` times.
void total_factors(const PatternRules& patterns, const PointsRules& points,
                   std::span<const PatternHit> hits, detail::BaseScale& scale) {
  constexpr std::int64_t kMost = 100000000;
  const std::int64_t cap = points.factor_cap != 0 ? points.factor_cap : kMost;
  for (const PatternHit& hit : hits) {
    const PatternValue& value = patterns.patterns[hit.pattern].value;
    for (int t = 0; t < hit.times; ++t) {
      if (value.factor > 0) scale.factor = std::min(scale.factor * value.factor, cap);
      scale.bonus = std::min(scale.bonus + value.bonus, kMost);
    }
  }
}

PatternTotals total_patterns(const ScoringRules& scoring, std::span<const PatternHit> hits) {
  const ValueRules& rules = scoring.values;
  PatternTotals totals;
  if (scoring.patterns.has_factors) {
    total_factors(scoring.patterns, rules.points, hits, totals.scale);
  }
  for (const PatternHit& hit : hits) {
    const std::int32_t units = hit.value * hit.times;
    totals.units += units;
    if (!listed(rules.minimum.excluding, hit.pattern)) totals.towards_minimum += units;
    const int yakuman = detail::yakuman_of(rules.points, hit);
    totals.yakuman =
        rules.points.yakuman_stack ? totals.yakuman + yakuman : std::max(totals.yakuman, yakuman);
  }
  return totals;
}

// Step 2. Dora: the tiles each indicator names, counted in the hand and among the tiles set
// aside beside it (`aside`, `aside_count` copies); ura only as the key says.
std::int32_t count_dora(const DoraRules& rules, const ScoreFeatures& features,
                        const std::vector<TileId>& indicators, TileId aside, int aside_count) {
  std::int32_t dora = 0;
  for (const TileId indicator : indicators) {
    if (indicator >= kMaxTileKinds) continue;
    const TileId tile = rules.dora_of[indicator];
    if (tile == kNoTile) continue;
    dora += (features.counts[tile] + (tile == aside ? aside_count : 0)) * rules.per_tile;
  }
  return dora;
}

void add_dora(const DoraRules& rules, const ScoreFeatures& features, ReadingValue& out) {
  if (!rules.enabled || features.win == nullptr) return;
  const WinContext& win = *features.win;
  // Set-aside tiles (sanma's kita) are dora themselves, and the indicators name them too.
  const TileId aside = win.set_aside > 0 ? features.rules->calls().set_aside : kNoTile;
  out.dora = count_dora(rules, features, win.dora, aside, win.set_aside) +
             std::int32_t{rules.set_aside} * win.set_aside;
  const bool ura = rules.ura == DoraRules::Ura::always ||
                   (rules.ura == DoraRules::Ura::with_riichi && win.riichi);
  if (ura) out.ura = count_dora(rules, features, win.ura, aside, win.set_aside);
  out.red = features.red_fives * rules.red_five;
  out.units += out.dora + out.ura + out.red;
}

}  // namespace

void compute_value(const ScoringRules& scoring, const ScoreFeatures& features,
                   std::span<const PatternHit> hits, ReadingValue& out) {
  const ValueRules& rules = scoring.values;
  out.units = out.dora = out.ura = out.red = 0;
  out.yakuman = 0;
  out.points = out.base = 0;
  out.payments.fill(0);
  out.limit.clear();
  out.counted_limit = false;  // set by compute_base, which a reading that does not win skips
  out.no_win_reason.clear();
  // Step 1. Patterns, and whether they make a win: dora never do.
  const PatternTotals totals = total_patterns(scoring, hits);
  out.units = totals.units;
  out.yakuman = static_cast<std::uint8_t>(std::min(totals.yakuman, 255));
  detail::compute_fu(rules.fu, features, hits, out);
  const bool own_win = totals.yakuman > 0 || totals.towards_minimum >= rules.minimum.units;
  const FloorRule* floor = detail::floor_of(rules.points, hits);
  out.wins = own_win || floor != nullptr;
  if (!out.wins) {
    out.no_win_reason.assign(rules.minimum.reason);
    return;
  }
  // minimum.forms: a reading of such a form (a scored_only one) needs one of its patterns.
  if (features.form < rules.minimum.forms.size() &&
      !form_minimum_met(rules.minimum.forms[features.form], hits)) {
    out.wins = false;
    out.no_win_reason.assign(rules.minimum.forms[features.form].reason);
    return;
  }
  // Step 2. Dora, ura-dora and red fives, counted only in a hand that wins.
  add_dora(rules.dora, features, out);
  // Step 3. Base points and limit.
  if (rules.points.formula == BaseFormula::none) return;
  detail::compute_base(rules.points, out, hits, totals.scale);
  if (floor != nullptr) detail::apply_floor(rules.points, *floor, own_win, out);
  // Step 4. Payments, counters included.
  if (rules.payments.enabled) {
    detail::compute_payments(rules, features, hits, out);
  } else {
    out.points = out.base;
  }
}

}  // namespace meldgraph
