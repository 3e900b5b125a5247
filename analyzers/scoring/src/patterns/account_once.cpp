/// account_once (account_once.hpp). The melds of a reading are vertices; an
/// instance of a governed pattern (a set of 2 to 4 melds that a `sets` condition found) joins its
/// melds. 套算一次 allows each combination of melds to be used once and no cycle: so a chosen
/// instance may only join melds that the instances chosen before left unconnected, and the
/// choices form a forest. 不拆移 and 不得相同 follow: an instance inside melds already joined (the
/// 连六 inside a 清龙, the same 一般高 twice) closes a cycle. With at most four melds there are few
/// instances, and an exhaustive search over them finds the best forest.

#include "patterns/account_once.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "meldgraph/support/bits.hpp"
#include "patterns/predicates.hpp"
#include "patterns/program.hpp"

namespace meldgraph::patterns {

namespace {

/// Most instances the search considers (four melds give at most 6 pairs, 4 triples, 1 four per
/// pattern; a few patterns overlap).
constexpr std::size_t kMaxInstances = 32;

struct Instance {
  std::uint32_t melds = 0;  ///< mask of group indices
  std::uint8_t hit = 0;     ///< index into the hits
  std::int32_t value = 0;   ///< its hit's value
};

/// The components of the melds joined so far: comp[i] is group i's component label.
using Components = std::array<std::uint8_t, kMaxFeatureGroups>;

/// Whether the instance's melds are in pairwise distinct components (joining them closes no
/// cycle); if so, joins them in `comp`, whose labels are read only for the groups of
/// `involved` (every instance's melds).
bool join(Components& comp, std::uint32_t melds, std::uint32_t involved) {
  std::uint32_t seen = 0;  // component labels met, as bits
  for (const int g : set_bits(melds)) {
    const std::uint32_t bit = 1U << comp[static_cast<std::size_t>(g)];
    if ((seen & bit) != 0) return false;
    seen |= bit;
  }
  const auto label = static_cast<std::uint8_t>(std::countr_zero(seen));
  for (const int g : set_bits(involved)) {
    std::uint8_t& c = comp[static_cast<std::size_t>(g)];
    if (((seen >> c) & 1U) != 0) c = label;
  }
  return true;
}

struct Search {
  const std::array<Instance, kMaxInstances>& instances;
  std::size_t count;
  std::uint32_t involved;  ///< the groups of every instance
  std::uint32_t best_taken = 0;
  std::int32_t best_value = -1;

  // Take or skip instance i, taking first so that, among equal totals, earlier instances win.
  void run(std::size_t i, const Components& comp, std::uint32_t taken, std::int32_t value) {
    if (i == count) {
      if (value > best_value) {
        best_value = value;
        best_taken = taken;
      }
      return;
    }
    Components joined = comp;
    if (join(joined, instances[i].melds, involved)) {
      run(i + 1, joined, taken | (1U << i), value + instances[i].value);
    }
    run(i + 1, comp, taken, value);
  }
};

}  // namespace

void account_once(const PatternRules& rules, std::vector<PatternHit>& hits,
                  SetInstances& instances) {
  const PatternProgram& program = program_of(rules);
  const auto governed = [&](std::uint16_t pattern) {
    return program.account_once_governed.test(pattern);
  };
  if (std::none_of(hits.begin(), hits.end(),
                   [&](const PatternHit& hit) { return governed(hit.pattern); })) {
    return;
  }
  // Step 1: every instance of every governed hit.
  std::array<Instance, kMaxInstances> chosen_from;  // [0, count) written before read
  std::size_t count = 0;
  for (std::size_t h = 0; h < hits.size(); ++h) {
    if (!governed(hits[h].pattern)) continue;
    for (std::size_t r = 0; r < rules.account_once.size(); ++r) {
      if (rules.account_once[r].pattern != hits[h].pattern) continue;
      const ConditionNode& sets = program.tests[program.account_once_tests[r]];
      for (const std::uint32_t melds : instances.of(sets)) {
        if (count == kMaxInstances) break;
        chosen_from[count++] = {melds, static_cast<std::uint8_t>(h), hits[h].value};
      }
    }
  }
  // Step 2: the best forest of instances.
  Components comp{};
  for (std::size_t g = 0; g < comp.size(); ++g) comp[g] = static_cast<std::uint8_t>(g);
  std::uint32_t involved = 0;
  for (std::size_t k = 0; k < count; ++k) involved |= chosen_from[k].melds;
  Search search{chosen_from, count, involved};
  search.run(0, comp, 0, 0);
  // Step 3: each governed hit counts its chosen instances; one with none is dropped. The hits
  // are distinct patterns, so at most kMaxPatterns; only theirs are cleared.
  std::array<std::uint8_t, kMaxPatterns> times;  // [0, hits.size()) cleared before use
  std::fill_n(times.begin(), std::min(hits.size(), times.size()), std::uint8_t{0});
  for (std::size_t k = 0; k < count; ++k) {
    if (((search.best_taken >> k) & 1U) != 0) ++times[chosen_from[k].hit];
  }
  std::size_t out = 0;
  for (std::size_t h = 0; h < hits.size(); ++h) {
    PatternHit hit = hits[h];
    if (governed(hit.pattern)) {
      if (times[h] == 0) continue;
      hit.times = times[h];
    }
    hits[out++] = hit;
  }
  hits.resize(out);
}

}  // namespace meldgraph::patterns
