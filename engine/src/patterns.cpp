/// evaluate_patterns and explain_pattern (pattern_rules.hpp): which patterns count for one
/// reading's record. Step 1 evaluates every pattern's condition; the relations are then applied
/// in a fixed order (docs/scoring.md, "Patterns"): limit patterns replace ordinary ones, then
/// excludes and implied_by, read off the patterns whose conditions held, then only_without.

#include <algorithm>
#include <bitset>
#include <string>

#include "meldgraph/pattern_rules.hpp"
#include "meldgraph/score_features.hpp"
#include "meldgraph/scoring_rules.hpp"
#include "pattern_account_once.hpp"
#include "pattern_counts.hpp"
#include "pattern_predicates.hpp"

namespace meldgraph {

namespace {

/// Whether pattern `p` may count at all for `features`: enabled, and closed when closed-only.
bool admitted(const Pattern& p, const ScoreFeatures& features) {
  return p.enabled && (p.value.open_allowed || features.closed_hand);
}

/// Step 1 and 2: the patterns whose conditions hold, limit patterns replacing ordinary ones.
PatternBits held_patterns(const PatternRules& rules, const ScoreFeatures& features) {
  PatternBits held;
  bool limit = false;
  for (std::size_t i = 0; i < rules.patterns.size(); ++i) {
    const Pattern& p = rules.patterns[i];
    if (!admitted(p, features) || !patterns::condition_holds(rules, p.when, features)) continue;
    held.set(i);
    limit = limit || p.value.yakuman > 0;
  }
  if (limit && rules.limits_replace) {
    for (std::size_t i = 0; i < rules.patterns.size(); ++i) {
      if (rules.patterns[i].value.yakuman == 0) held.reset(i);
    }
  }
  return held;
}

/// Steps 3 and 4: the held patterns that count, relations applied.
PatternBits counted_patterns(const PatternRules& rules, const PatternBits& held) {
  PatternBits removed =
      rules.relations_counted ? patterns::removed_in_order(rules, held) : PatternBits{};
  for (std::size_t i = 0; i < rules.patterns.size() && !rules.relations_counted; ++i) {
    if (!held.test(i)) continue;
    for (const std::uint16_t e : rules.patterns[i].excludes) removed.set(e);
    for (const std::uint16_t q : rules.patterns[i].implied_by) {
      if (held.test(q)) removed.set(i);
    }
  }
  PatternBits counted = held & ~removed;
  PatternBits others;  // counted patterns that are not only_without
  bool only = false;   // some only_without pattern counted
  for (std::size_t i = 0; i < rules.patterns.size(); ++i) {
    if (!counted.test(i)) continue;
    if (rules.patterns[i].only_without) {
      only = true;
    } else {
      others.set(i);
    }
  }
  if (!only || others.none()) return counted;
  for (std::size_t i = 0; i < rules.patterns.size(); ++i) {
    const Pattern& p = rules.patterns[i];
    if (!p.only_without || !counted.test(i)) continue;
    PatternBits blocking = others;
    for (const std::uint16_t e : p.only_without_except) blocking.reset(e);
    if (blocking.any()) counted.reset(i);
  }
  return counted;
}

}  // namespace

bool pattern_condition_holds(const ScoringRules& rules, const ScoreFeatures& features,
                             std::size_t index) {
  const PatternRules& patterns = rules.patterns;
  return patterns::condition_holds(patterns, patterns.patterns[index].when, features);
}

void evaluate_patterns(const ScoringRules& rules, const ScoreFeatures& features,
                       std::vector<PatternHit>& hits) {
  hits.clear();
  const PatternRules& patterns = rules.patterns;
  const PatternBits counted = counted_patterns(patterns, held_patterns(patterns, features));
  for (std::size_t i = 0; i < patterns.patterns.size(); ++i) {
    if (!counted.test(i)) continue;
    const PatternValue& value = patterns.patterns[i].value;
    PatternHit hit;
    hit.pattern = static_cast<std::uint16_t>(i);
    hit.yakuman = value.yakuman;
    hit.times = patterns::pattern_times(patterns, i, features);
    hit.value = value.yakuman > 0 ? 0 : (features.closed_hand ? value.closed : value.open);
    hits.push_back(hit);
  }
  patterns::apply_account_once(patterns, features, hits);  // 套算一次, where the rules say so
}

std::string explain_pattern(const ScoringRules& rules, const ScoreFeatures& features,
                            std::size_t index, std::span<const PatternHit> hits) {
  const PatternRules& patterns = rules.patterns;
  const Pattern& pattern = patterns.patterns[index];
  for (const PatternHit& hit : hits) {
    if (hit.pattern == index) return "counted";
  }
  if (!pattern.enabled) return "disabled";
  if (!pattern.value.open_allowed && !features.closed_hand) return "closed hands only";
  const patterns::WriteContext context{*features.rules, patterns};
  const std::string failing = patterns::first_failing_part(context, pattern.when, features);
  if (!failing.empty()) return "no: " + failing;
  // The condition holds: a relation removed it.
  PatternBits held;
  for (std::size_t i = 0; i < patterns.patterns.size(); ++i) {
    const Pattern& p = patterns.patterns[i];
    if (admitted(p, features) && patterns::condition_holds(patterns, p.when, features)) held.set(i);
  }
  if (pattern.value.yakuman == 0 && patterns.limits_replace) {
    for (std::size_t i = 0; i < patterns.patterns.size(); ++i) {
      if (held.test(i) && patterns.patterns[i].value.yakuman > 0) {
        return "replaced by the limit pattern " + patterns.patterns[i].id;
      }
    }
  }
  PatternBits after_limits = held_patterns(patterns, features);
  if (patterns.relations_counted) {
    // Only a pattern that counts removes others: blame one that did.
    after_limits &= ~patterns::removed_in_order(patterns, after_limits);
  }
  for (std::size_t i = 0; i < patterns.patterns.size(); ++i) {
    if (!after_limits.test(i)) continue;
    for (const std::uint16_t e : patterns.patterns[i].excludes) {
      if (e == index) return "excluded by " + patterns.patterns[i].id;
    }
  }
  for (const std::uint16_t q : pattern.implied_by) {
    if (after_limits.test(q)) return "implied by " + patterns.patterns[q].id;
  }
  if (pattern.only_without) {
    for (const PatternHit& hit : hits) {
      const auto& except = pattern.only_without_except;
      if (std::find(except.begin(), except.end(), hit.pattern) != except.end()) continue;
      return "counts only without other patterns; " + patterns.patterns[hit.pattern].id +
             " counted";
    }
  }
  for (const PatternRules::AccountOnce& rule : patterns.account_once) {
    if (rule.pattern == index) {
      return "account once: each of its combinations of melds is already joined";
    }
  }
  return "not counted";
}

}  // namespace meldgraph
