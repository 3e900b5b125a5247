#pragma once
/// What a reading's patterns are worth: the value sections of `scoring` (fu, dora, points,
/// limits, payments), frozen at load, and the value of one reading. docs/scoring.md, "Values",
/// describes the keys.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "meldgraph/pattern_rules.hpp"

namespace meldgraph {

struct ScoringRules;
struct ScoreFeatures;

/// Where a part of the fu comes from.
enum class FuSource : std::uint8_t {
  base,         ///< 副底: 20
  closed_ron,   ///< 門前加符: a closed hand won on a discard
  self_draw,    ///< 自摸符
  meld,         ///< a pung or kong, by kind, openness, terminal or honour
  pair,         ///< a pair of value tiles
  wait,         ///< closed, edge or single wait
  open_pinfu,   ///< an open hand with no fu beyond the base, raised
  fixed,        ///< a form's fixed fu (seven pairs: 25)
  rounding,     ///< rounded up to the next 10
};

struct FuPart {
  FuSource source = FuSource::base;
  std::int16_t fu = 0;
  std::int8_t group = -1;  ///< the group it comes from (meld, pair, wait), else -1
};

/// Every value rule of a rule set.
struct ValueRules {};

/// The value of one reading.
struct ReadingValue {
  std::int32_t units = 0;  ///< han / fan / faan / tai of the patterns, dora included
  std::int32_t fu = 0;     ///< 0 where the rule set has no fu
  std::vector<FuPart> fu_parts;
  std::int32_t dora = 0;     ///< from indicators
  std::int32_t ura = 0;      ///< ura-dora (riichi only)
  std::int32_t red = 0;      ///< red fives
  std::uint8_t yakuman = 0;  ///< total limit multiplicity
  std::string limit;         ///< `mangan` ... `yakuman`, empty below the limits
  std::int64_t points = 0;   ///< the winner's score before counters
  /// What each seat pays (negative) or takes (positive), counters included, by seat wind E S W N.
  std::array<std::int64_t, 4> payments{};
  /// The reading meets the rule set's minimum to win (riichi: one yaku, dora not counting).
  bool wins = false;
  std::string no_win_reason;  ///< why not, when `wins` is false ("no yaku")
};

/// The value of a reading whose counted patterns are `hits` (evaluate_patterns), under the
/// reading's features (its context included). `out` is overwritten.
void compute_value(const ScoringRules& rules, const ScoreFeatures& features,
                   std::span<const PatternHit> hits, ReadingValue& out);

}  // namespace meldgraph
