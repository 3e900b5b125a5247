/// evaluate_patterns (pattern_rules.hpp): which patterns count for one
/// reading's record. Step 1 evaluates every pattern's condition through the compiled program
/// (program.hpp, memo.hpp: each test once per reading); the relations are then applied
/// in a fixed order (docs/scoring.md, "Patterns"): limit patterns replace ordinary ones, then
/// excludes and implied_by, read off the patterns whose conditions held, then only_without.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

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
    // points.yakuman.double false (Tenhou): a double yakuman pattern counts, and shows, once.
    if (hit.yakuman > 1 && !rules.values.points.double_yakuman) hit.yakuman = 1;
    hit.times = patterns::pattern_times(program, i, features, instances);
    hit.value = value.yakuman > 0 ? 0 : (features.closed_hand ? value.closed : value.open);
    hits.push_back(hit);
  });
  if (!patterns.account_once.empty()) {
    patterns::account_once(patterns, hits, instances);  // 套算一次, where the rules say so
  }
}

}  // namespace meldgraph
