#pragma once
/// Scoring patterns (yaku, fan, faan, tai): the `scoring.patterns` section of a rule set, frozen
/// at load, and what evaluating them over one reading's feature record gives. docs/scoring.md,
/// "Patterns", describes the language: an id, names, a value, a condition built from registered
/// predicates, and relations to other patterns.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace meldgraph {

struct ScoringRules;
struct ScoreFeatures;

/// How a pattern is valued.
struct PatternValue {
  std::int32_t closed = 0;  ///< units when the hand is closed
  std::int32_t open = 0;    ///< units when the hand is open
  bool open_allowed = true;  ///< false: the pattern counts only in a closed hand
  std::uint8_t yakuman = 0;  ///< a limit pattern of this multiplicity (0: ordinary)
};

/// One pattern of a rule set.
struct Pattern {
  std::string id;          ///< `toitoi`, `da_si_xi`
  std::string name;        ///< English name
  std::string local_name;  ///< the original: 対々和, 大四喜
  PatternValue value;
};

/// Every pattern of a rule set, in the order the rule file lists them.
struct PatternRules {
  std::vector<Pattern> patterns;
};

/// One pattern that counted in a reading.
struct PatternHit {
  std::uint16_t pattern = 0;  ///< index into PatternRules::patterns
  std::int32_t value = 0;     ///< units it adds (0 for a limit pattern)
  std::uint8_t yakuman = 0;   ///< limit multiplicity, 0 for an ordinary pattern
  std::uint8_t times = 1;     ///< how often it counted (a fan may count more than once)
};

/// Appends to `hits` (cleared first) every pattern of `rules` that counts for `features`, in the
/// rule set's pattern order, with the relations applied (excludes, implied_by, only_without, limit
/// patterns replacing ordinary ones). Allocation-free once `hits` has grown.
void evaluate_patterns(const ScoringRules& rules, const ScoreFeatures& features,
                       std::vector<PatternHit>& hits);

/// For rule authors (`meldgraph explain`): why pattern `index` did or did not count for
/// `features`, given the reading's `hits`: "counted", the first part of its condition that
/// failed, or the pattern whose relation removed it.
[[nodiscard]] std::string explain_pattern(const ScoringRules& rules, const ScoreFeatures& features,
                                          std::size_t index, std::span<const PatternHit> hits);

}  // namespace meldgraph
