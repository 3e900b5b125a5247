#pragma once
/// `corpus cover` (docs/corpus.md, "corpus cover"): for every pattern of a rule set's scoring,
/// hands with a situation whose best reading counts it, found by a seeded random search over
/// hands built to make patterns likely: tiles drawn from small families (one suit, honours,
/// terminals, a rank across the suits, a few kinds), melds all pungs or all chows or mixed,
/// some of them declared (exposed melds, kongs), the other forms' shapes (pairs, the set of
/// thirteen orphans), jokers where the rule set has them, and situations whose flags are set far
/// more often than in play (after a kong, robbing a kong, the last tile, the first draw).

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

struct CoverOptions {
  int per_pattern = 1;     ///< hands wanted per pattern (>= 1)
  std::uint64_t seed = 1;  ///< the search's seed: attempt i draws from situation_seed(seed, i)
  std::uint64_t budget_ms = 20'000;  ///< the search's time; patterns unfound by then are reported
  /// Prefer hands where the pattern comes with few others: each pattern takes hands up to twice
  /// the attempts that filled it, keeping those with the fewest patterns counted.
  bool minimal = false;
  /// The patterns searched for, by index: [first_pattern, end_pattern) (`--shard`). Each
  /// pattern's hands depend only on the attempts that count it, so the hands of a part are those
  /// the whole search finds for its patterns.
  std::size_t first_pattern = 0;
  std::size_t end_pattern = SIZE_MAX;
  /// `--pattern`: with an entry per pattern, only those marked are searched for (within the
  /// part above); empty: every pattern.
  std::vector<bool> chosen;
  /// Wildcard kinds of every hand (`--wild`, `--indicator`). Left 0 under a rule set whose
  /// wildcard is chosen by an indicator, each hand turns up an indicator of its own.
  TileMask extra_wild = 0;
  /// Worker threads drawing and scoring attempts (>= 1). The hands kept are the same for any
  /// number: attempts are taken in order.
  int jobs = 1;
};

/// A hand found for a pattern: its best reading counts it, and wins unless no winning hand was
/// found for the pattern (then it is under the rule set's minimum: its score says why).
struct CoverHand {
  std::size_t pattern = 0;  ///< index into the rule set's scoring patterns
  Hand hand;                ///< with its winning tile
  WinContext context;
  TileId indicator = kNoTile;        ///< the wildcard indicator turned up, under an indicator game
  std::size_t patterns_counted = 0;  ///< patterns the best reading counts, this one included
  std::uint64_t attempt = 0;         ///< the attempt that drew it (ties broken by it)
};

struct CoverResult {
  /// Each covered pattern's hands (of the patterns searched for), patterns in the rule set's order,
  /// each pattern's hands by (patterns_counted with `minimal`, then) attempt.
  std::vector<CoverHand> hands;
  std::vector<std::size_t> covered;    ///< patterns with per_pattern hands
  std::vector<std::size_t> not_found;  ///< reachable patterns short of per_pattern hands
  /// Patterns no hand of the search can count, each with why: turned off, or every form its
  /// condition requires off or needing wildcards the hands cannot hold. Not searched for.
  std::vector<std::pair<std::size_t, std::string>> unreachable;
  std::uint64_t attempts = 0;  ///< hands drawn and scored
  bool budget_spent = false;   ///< the search ended on its budget
};

/// Searches hands for every pattern of `rules`' scoring (throws Error when it has none). The
/// hands found for a pattern are the first ones the attempts in order give, so that a search
/// that ends before its budget is the same for a seed on every run.
[[nodiscard]] CoverResult cover_patterns(const RuleSet& rules, const CoverOptions& options);

}  // namespace meldgraph
