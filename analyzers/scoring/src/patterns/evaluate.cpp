/// evaluate_patterns and explain_pattern (pattern_rules.hpp): which patterns count for one
/// reading's record. Step 1 evaluates every pattern's condition through the compiled program
/// (program.hpp, memo.hpp: each test once per reading); the relations are then applied
/// in a fixed order (docs/scoring.md, "Patterns"): limit patterns replace ordinary ones, then
/// excludes and implied_by, read off the patterns whose conditions held, then only_without.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/support/bits.hpp"
#include "patterns/account_once.hpp"
#include "patterns/counts.hpp"
#include "patterns/memo.hpp"
#include "patterns/predicates.hpp"
#include "patterns/program.hpp"

namespace meldgraph {

namespace {

using patterns::PatternProgram;
using patterns::PatternSet;

/// Whether pattern `p` may count at all for `features`: enabled, and closed when closed-only.
bool admitted(const Pattern& p, const ScoreFeatures& features) {
  return p.enabled && (p.value.open_allowed || features.closed_hand);
}

/// The patterns whose conditions held, and which of them are limit patterns and only_without.
struct HeldPatterns {
  PatternSet held;
  PatternSet limits;
  PatternSet only_without;
};

/// Step 1 and 2: the patterns whose conditions hold, limit patterns replacing ordinary ones.
/// `memo`: the record's tests (each once, shared by every pattern). Word by word over the
/// patterns in use (pattern_words), the words past them staying clear.
HeldPatterns held_patterns(const PatternRules& rules, const PatternProgram& program,
                           patterns::TestMemo& memo) {
  HeldPatterns out;
  for (std::size_t w = 0; w < program.pattern_words; ++w) {
    // The patterns left by the cheap needs hold unless a costly need or subtree fails.
    const std::uint64_t alive = memo.alive(w);
    const std::uint64_t costly = program.costly.words()[w];
    std::uint64_t held = alive & ~costly;
    for (const int bit : set_bits(alive & costly)) {
      const PatternProgram::Entry& entry = program.entries[w * 64 + static_cast<unsigned>(bit)];
      const bool holds = entry.single != PatternProgram::kNoTest ? memo.holds(entry.single)
                                                                 : memo.costly_holds(entry);
      if (holds) held |= std::uint64_t{1} << bit;
    }
    out.held.words()[w] = held;
    out.limits.words()[w] = held & program.limits.words()[w];
    out.only_without.words()[w] = held & program.only_without.words()[w];
  }
  if (rules.limits_replace && out.limits.any()) {
    out.held = out.limits;
    out.only_without &= out.limits;
  }
  return out;
}

/// Steps 3 and 4: the held patterns that count, relations applied.
PatternSet counted_patterns(const PatternRules& rules, const PatternProgram& program,
                            const HeldPatterns& held) {
  PatternSet removed;
  if (rules.relations_counted) {
    removed = patterns::removed_in_order(program, held.held);
  } else {
    held.held.for_each([&](std::size_t i) {
      for (const std::uint16_t e : rules.patterns[i].excludes) removed.set(e);
      for (const std::uint16_t q : rules.patterns[i].implied_by) {
        if (held.held.test(q)) removed.set(i);
      }
    });
  }
  PatternSet counted = held.held;
  counted.remove(removed);
  PatternSet only = held.only_without;  // only_without patterns that counted so far
  only &= counted;
  PatternSet others = counted;  // counted patterns that are not only_without
  others.remove(held.only_without);
  if (!only.any() || !others.any()) return counted;
  only.for_each([&](std::size_t i) {
    PatternSet blocking = others;
    for (const std::uint16_t e : rules.patterns[i].only_without_except) blocking.reset(e);
    if (blocking.any()) counted.reset(i);
  });
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
  const PatternProgram& program = patterns::program_of(patterns);
  patterns::TestMemo memo(patterns, features);
  const PatternSet counted =
      counted_patterns(patterns, program, held_patterns(patterns, program, memo));
  // `times` and account_once read the `sets` instances the evaluation listed.
  patterns::SetInstances& instances = memo.set_instances();
  counted.for_each([&](std::size_t i) {
    const PatternValue& value = patterns.patterns[i].value;
    PatternHit hit;
    hit.pattern = static_cast<std::uint16_t>(i);
    hit.yakuman = value.yakuman;
    hit.times = patterns::pattern_times(program, i, features, instances);
    hit.value = value.yakuman > 0 ? 0 : (features.closed_hand ? value.closed : value.open);
    hits.push_back(hit);
  });
  if (!patterns.account_once.empty()) {
    patterns::account_once(patterns, hits, instances);  // 套算一次, where the rules say so
  }
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
  PatternSet held;
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
  const PatternProgram& program = patterns::program_of(patterns);
  patterns::TestMemo memo(patterns, features);
  PatternSet after_limits = held_patterns(patterns, program, memo).held;
  if (patterns.relations_counted) {
    // Only a pattern that counts removes others: blame one that did.
    after_limits.remove(patterns::removed_in_order(program, after_limits));
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
  if (pattern.only_without && !hits.empty()) {
    return "counts only without other patterns; " + patterns.patterns[hits.front().pattern].id +
           " counted";
  }
  return "not counted";
}

}  // namespace meldgraph
