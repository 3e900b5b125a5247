/// evaluate_patterns and explain_pattern (pattern_rules.hpp): which patterns count for one
/// reading's record. Step 1 evaluates every pattern's condition; the relations are then applied
/// in a fixed order (docs/scoring.md, "Patterns"): limit patterns replace ordinary ones, then
/// excludes and implied_by, read off the patterns whose conditions held, then only_without.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "meldgraph/pattern_rules.hpp"
#include "meldgraph/score_features.hpp"
#include "meldgraph/scoring_rules.hpp"
#include "pattern_predicates.hpp"

namespace meldgraph {

namespace {

/// A set of pattern indices, as words, so that the relations visit only the patterns held.
struct PatternBits {
  static constexpr std::size_t kWords = (kMaxPatterns + 63) / 64;
  std::array<std::uint64_t, kWords> words{};

  void set(std::size_t i) { words[i / 64] |= std::uint64_t{1} << (i % 64); }
  void reset(std::size_t i) { words[i / 64] &= ~(std::uint64_t{1} << (i % 64)); }
  [[nodiscard]] bool test(std::size_t i) const { return ((words[i / 64] >> (i % 64)) & 1U) != 0; }
  [[nodiscard]] bool any() const {
    return std::any_of(words.begin(), words.end(), [](std::uint64_t w) { return w != 0; });
  }
  /// Calls `visit(i)` for every index in the set, in increasing order.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (std::size_t w = 0; w < kWords; ++w) {
      for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
        visit(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      }
    }
  }
  PatternBits& operator&=(const PatternBits& other) {
    for (std::size_t w = 0; w < kWords; ++w) words[w] &= other.words[w];
    return *this;
  }
  /// This set without the indices of `other`.
  PatternBits& remove(const PatternBits& other) {
    for (std::size_t w = 0; w < kWords; ++w) words[w] &= ~other.words[w];
    return *this;
  }
};

/// Whether pattern `p` may count at all for `features`: enabled, and closed when closed-only.
bool admitted(const Pattern& p, const ScoreFeatures& features) {
  return p.enabled && (p.value.open_allowed || features.closed_hand);
}

/// The predicate ops the prefilters read, looked up by name in the registry.
struct PrefilterOps {
  std::uint8_t closed_hand = 0;
  std::uint8_t form = 0;
  std::uint8_t flag = 0;
  std::uint8_t win = 0;
};

PrefilterOps prefilter_ops() {
  PrefilterOps ops;
  const auto registry = patterns::predicate_registry();
  for (std::size_t i = 0; i < registry.size(); ++i) {
    const auto op = static_cast<std::uint8_t>(kFirstPredicate + i);
    if (registry[i].name == "closed_hand") ops.closed_hand = op;
    if (registry[i].name == "form") ops.form = op;
    if (registry[i].name == "flag") ops.flag = op;
    if (registry[i].name == "win") ops.win = op;
  }
  return ops;
}

/// Adds to `out` what node `root` requires, when reached from the pattern's root through `all`
/// nodes alone (so that the node must hold for the condition to hold).
void add_requirements(const PatternRules& rules, const PrefilterOps& ops, std::uint32_t root,
                      PatternPrefilter& out) {
  const ConditionNode& node = rules.nodes[root];
  if (node.op == kOpAll) {
    std::uint32_t child = root + 1;
    for (int c = 0; c < node.children; ++c) {
      add_requirements(rules, ops, child, out);
      child += rules.nodes[child].size;
    }
  } else if (node.op == ops.closed_hand) {
    const std::int8_t closed = node.bits != 0 ? 1 : 0;
    // Two leaves that disagree: nothing holds; a form mask of 0 says so.
    if (out.closed >= 0 && out.closed != closed) out.forms = 0;
    out.closed = closed;
  } else if (node.op == ops.form) {
    out.forms &= node.bits;
  } else if (node.op == ops.flag) {
    out.flags |= node.bits;
  } else if (node.op == ops.win) {
    out.wins &= node.bits;
  }
}

/// The reading's side of the prefilters, computed once per reading.
struct PrefilterKey {
  std::uint32_t form = 0;  ///< the reading's form as a bit; 0 for forms from 32 on (they pass)
  std::uint32_t flags = 0;
  std::uint32_t win = 0;
  std::int8_t closed = 1;
};

PrefilterKey prefilter_key(const ScoreFeatures& features) {
  PrefilterKey key;
  key.form = features.form < 32 ? 1U << features.form : 0U;
  key.flags = patterns::context_flag_mask(*features.win);
  key.win = 1U << static_cast<unsigned>(features.win->win);
  key.closed = features.closed_hand ? 1 : 0;
  return key;
}

/// Whether a reading of `key` may meet the condition `filter` was derived from.
bool may_hold(const PatternPrefilter& filter, const PrefilterKey& key) {
  const bool form_ok = key.form == 0 ? filter.forms != 0 : (filter.forms & key.form) != 0;
  return form_ok && (filter.flags & ~key.flags) == 0 && (filter.wins & key.win) != 0 &&
         (filter.closed < 0 || filter.closed == key.closed);
}

/// The patterns whose conditions held, and which of them are limit patterns and only_without.
struct HeldPatterns {
  PatternBits held;
  PatternBits limits;
  PatternBits only_without;
};

/// Step 1 and 2: the patterns whose conditions hold, limit patterns replacing ordinary ones.
HeldPatterns held_patterns(const PatternRules& rules, const ScoreFeatures& features) {
  HeldPatterns out;
  const PrefilterKey key = prefilter_key(features);
  const std::span<const patterns::PredicateSpec> predicates = patterns::predicate_registry();
  for (std::size_t i = 0; i < rules.patterns.size(); ++i) {
    const Pattern& p = rules.patterns[i];
    if (!admitted(p, features) || !may_hold(p.prefilter, key)) continue;
    // Most conditions are one predicate: it is called directly, not through condition_holds.
    const ConditionNode& root = rules.nodes[p.when];
    const bool holds = root.op >= kFirstPredicate
                           ? predicates[root.op - kFirstPredicate].eval(root, features)
                           : patterns::condition_holds(rules, p.when, features);
    if (!holds) continue;
    out.held.set(i);
    if (p.value.yakuman > 0) out.limits.set(i);
    if (p.only_without) out.only_without.set(i);
  }
  if (rules.limits_replace && out.limits.any()) {
    out.held = out.limits;
    out.only_without &= out.limits;
  }
  return out;
}

/// Steps 3 and 4: the held patterns that count, relations applied.
PatternBits counted_patterns(const PatternRules& rules, const HeldPatterns& held) {
  PatternBits removed;
  held.held.for_each([&](std::size_t i) {
    for (const std::uint16_t e : rules.patterns[i].excludes) removed.set(e);
    for (const std::uint16_t q : rules.patterns[i].implied_by) {
      if (held.held.test(q)) removed.set(i);
    }
  });
  PatternBits counted = held.held;
  counted.remove(removed);
  PatternBits others = counted;
  others.remove(held.only_without);
  if (others.any()) counted.remove(held.only_without);
  return counted;
}

}  // namespace

void compute_prefilters(PatternRules& rules) {
  const PrefilterOps ops = prefilter_ops();
  for (Pattern& pattern : rules.patterns) {
    pattern.prefilter = PatternPrefilter{};
    add_requirements(rules, ops, pattern.when, pattern.prefilter);
  }
}

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
  counted.for_each([&](std::size_t i) {
    const PatternValue& value = patterns.patterns[i].value;
    PatternHit hit;
    hit.pattern = static_cast<std::uint16_t>(i);
    hit.yakuman = value.yakuman;
    hit.value = value.yakuman > 0 ? 0 : (features.closed_hand ? value.closed : value.open);
    hits.push_back(hit);
  });
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
  const PatternBits after_limits = held_patterns(patterns, features).held;
  for (std::size_t i = 0; i < patterns.patterns.size(); ++i) {
    if (!after_limits.test(i)) continue;
    for (const std::uint16_t e : patterns.patterns[i].excludes) {
      if (e == index) return "excluded by " + patterns.patterns[i].id;
    }
  }
  for (const std::uint16_t q : pattern.implied_by) {
    if (after_limits.test(q)) return "implied by " + patterns.patterns[q].id;
  }
  if (pattern.only_without && !hits.empty()) {
    return "counts only without other patterns; " + patterns.patterns[hits.front().pattern].id +
           " counted";
  }
  return "not counted";
}

}  // namespace meldgraph
