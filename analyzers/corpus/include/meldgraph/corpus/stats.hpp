#pragma once
/// Statistics over many hands (`meldgraph stats`, docs/corpus.md "Statistics"): the shanten
/// distribution (all forms and per form), win and ready rates, the waits of waiting hands (how
/// many tiles, which shapes), how often each scoring pattern counts and the mean score of
/// complete hands, each with a 95% confidence interval.
///
/// Everything a run adds up is an integer count (HandStats), so that threads, shards and MPI
/// ranks reduce exactly: merging is element-wise addition, which is associative and
/// commutative, so K shards merged in any order equal the single run. Shares, means and
/// intervals are derived from the counts only when reported (stats_to_json).

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

/// A share of a total with its 95% Wilson score interval (z = 1.96): unlike the normal
/// approximation it stays inside [0, 1] and is usable for the rare events (a few complete hands
/// per million) these runs count.
struct Proportion {
  std::uint64_t count = 0;
  std::uint64_t total = 0;
  double share = 0;  ///< count / total, 0 when total is 0
  double low = 0;
  double high = 0;
};
[[nodiscard]] Proportion wilson_interval(std::uint64_t count, std::uint64_t total);

/// A sample mean with its 95% normal interval: mean ± 1.96 s / sqrt(n), s the sample standard
/// deviation (n - 1 in the denominator); the interval is the mean alone when n < 2.
struct MeanInterval {
  std::uint64_t n = 0;
  double mean = 0;
  double low = 0;
  double high = 0;
};
/// From n values' sum and sum of squares (given as a long double: exact below 2^64).
[[nodiscard]] MeanInterval normal_mean_interval(std::uint64_t n, long double sum,
                                                long double sum_squares);

/// Shanten values counted: -1 (complete) to kMaxStatsShanten; a form that cannot apply to a
/// hand (form_shanten's kNoShanten) is counted apart.
inline constexpr int kMaxStatsShanten = 14;
using ShantenCounts = std::array<std::uint64_t, kMaxStatsShanten + 2>;  ///< index: shanten + 1

/// Wait shapes counted (WaitShape's values, none excluded).
inline constexpr std::size_t kStatsWaitShapes = 8;

/// The integer counts of a run. Two HandStats of the same rule set merge by adding every count;
/// the vectors' sizes depend only on the rule set (HandStats(rules)).
///
/// A hand is *waiting* when it is one tile from complete with a natural tile left to draw: a
/// hand of 3n+1 tiles with a non-empty wait_mask; a hand of 3n+2 tiles at shanten 0, through its
/// best discard (the natural tile whose discard leaves the most kinds of waiting tile; of equal
/// ones the lowest tile). Its waits are those of that 3n+1 hand.
/// The ranges of HandStats::points_ranges: points up to 2^62.
inline constexpr std::size_t kPointsRanges = 64;

/// The index into HandStats::points_ranges of `points`.
[[nodiscard]] std::size_t points_range(std::int64_t points);

struct HandStats {
  std::uint64_t hands = 0;
  ShantenCounts shanten{};                         ///< shanten_number over all forms
  std::vector<ShantenCounts> form_shanten;         ///< by form (rules.forms() order)
  std::vector<std::uint64_t> form_not_applicable;  ///< by form: kNoShanten
  /// By form: hands whose shanten in the form equals the least over all forms (the form is one
  /// of the hand's nearest; a hand counts in every form tied for it).
  std::vector<std::uint64_t> form_best;
  std::uint64_t waiting = 0;  ///< waiting hands
  /// Waiting hands by the number of kinds of tile that complete them (index: kinds, 0-64).
  std::array<std::uint64_t, 65> wait_kinds{};
  /// Waiting hands with at least one completion of each shape (index: WaitShape).
  std::array<std::uint64_t, kStatsWaitShapes> wait_shapes{};
  /// Complete hands scored (rule sets with a `scoring` section, when scoring is on): how many,
  /// how many the rules let win (a yaku, the minimum fan), and of those the best reading's
  /// points (sum, and the sum of squares as three 32-bit limbs added without carry, so that the
  /// addition of merged runs stays exact) and how many counted each pattern.
  std::uint64_t scored = 0;
  /// Of `scored`, the hands whose scoring stopped early (HandScore::cut: the scorer's reading
  /// bounds, or StatsOptions::budget_ms): each is counted by the best of the readings it scored.
  std::uint64_t scored_cut = 0;
  std::uint64_t scored_wins = 0;
  std::uint64_t points_sum = 0;  ///< two's complement: a negative total wraps and reads back
  std::array<std::uint64_t, 3> points_squares{};
  std::vector<std::uint64_t> patterns;  ///< by pattern (scoring.patterns order)
  /// Winning hands by their best reading's points, in ranges that double: index 0 holds 0 points
  /// or fewer, index k >= 1 the points from 2^(k-1) to 2^k - 1 (points_range). Ranges of fixed
  /// bounds keep the counts of any rule set (tens of fan, tens of thousands of points) in a few
  /// dozen words that add across merged runs.
  std::array<std::uint64_t, kPointsRanges> points_ranges{};

  HandStats() = default;
  explicit HandStats(const RuleSet& rules);

  /// Adds every count of `other` (the same rule set).
  void merge(const HandStats& other);
  /// Every count in a fixed order, and back: how an MPI reduction ships a HandStats (the words
  /// of two runs add element-wise to the words of their merge).
  [[nodiscard]] std::vector<std::uint64_t> to_words() const;
  void from_words(const std::vector<std::uint64_t>& words);

  friend bool operator==(const HandStats&, const HandStats&) = default;
};

/// What a run counts beyond shanten, win and ready: the waits of waiting hands, and the score of
/// complete hands (rule sets with a `scoring` section only).
struct StatsOptions {
  bool waits = true;
  bool score = true;
  /// `--budget-ms`: the milliseconds a complete hand's scoring may take (ScoreOptions::deadline),
  /// past which it stops (HandStats::scored_cut); 0: none.
  std::uint64_t budget_ms = 0;
};

/// Adds hands to a HandStats: one per thread (it owns a scorer and a lister), `rules` must
/// outlive it. Shanten, win and ready come from the queries (queries.hpp: the lookup tables
/// where they model the rule set), waits from wait_mask and shapes from the interpretations of
/// each waiting hand with each winning tile.
class StatsCollector {
 public:
  StatsCollector(const RuleSet& rules, StatsOptions options);
  ~StatsCollector();
  StatsCollector(const StatsCollector&) = delete;
  StatsCollector& operator=(const StatsCollector&) = delete;

  /// Counts `hand` (3n+1 or 3n+2 tiles) into `stats`. A complete hand is scored under
  /// `context` when given and the hand has a winning tile; otherwise under a situation (and a
  /// winning tile) drawn by random_win_context from `situation_seed`. Throws AnalysisError for
  /// a hand of 3n tiles.
  void add(const Hand& hand, const WinContext* context, std::uint64_t situation_seed,
           HandStats& stats);

  [[nodiscard]] bool scores() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// A seed for hand or situation number `index` of a run seeded `seed`: the two mixed
/// (splitmix64's finaliser), so that neighbouring indices give unrelated streams.
[[nodiscard]] std::uint64_t stats_seed(std::uint64_t seed, std::uint64_t index);

/// The report: shares, means and intervals derived from the counts (docs/cli.md, "## stats",
/// documents every field). `source` is copied in as the `source` field.
[[nodiscard]] nlohmann::ordered_json stats_to_json(const HandStats& stats, const RuleSet& rules,
                                                   const nlohmann::ordered_json& source);

}  // namespace meldgraph
