/// The counts of a statistics run and the collector that adds hands to them (stats.hpp).

#include "meldgraph/corpus/stats.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <optional>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/enumerate.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/map.hpp>

#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand_flowers.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/search/listing.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph {
namespace {

namespace views = ranges::views;

/// The z of a two-sided 95% interval.
constexpr double kZ95 = 1.959963984540054;

/// The bucket of a shanten value: -1 is bucket 0; values past the last bucket share it.
std::size_t shanten_bucket(int shanten) {
  return static_cast<std::size_t>(std::clamp(shanten, -1, kMaxStatsShanten) + 1);
}

void add_counts(ShantenCounts& into, const ShantenCounts& from) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
}

template <class Container>
void add_all(Container& into, const Container& from) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
}

}  // namespace

Proportion wilson_interval(std::uint64_t count, std::uint64_t total) {
  Proportion out;
  out.count = count;
  out.total = total;
  if (total == 0) return out;
  const double n = static_cast<double>(total);
  const double p = static_cast<double>(count) / n;
  const double z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = kZ95 / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  out.share = p;
  out.low = std::max(0.0, centre - half);
  out.high = std::min(1.0, centre + half);
  return out;
}

MeanInterval normal_mean_interval(std::uint64_t n, long double sum, long double sum_squares) {
  MeanInterval out;
  out.n = n;
  if (n == 0) return out;
  const long double count = static_cast<long double>(n);
  const long double mean = sum / count;
  out.mean = static_cast<double>(mean);
  out.low = out.high = out.mean;
  if (n < 2) return out;
  // (Σx² − n·mean²) / (n − 1), never below 0 (rounding of equal values).
  const long double variance = std::max(0.0L, (sum_squares - count * mean * mean) / (count - 1));
  const double half = kZ95 * static_cast<double>(std::sqrt(variance / count));
  out.low = out.mean - half;
  out.high = out.mean + half;
  return out;
}

std::uint64_t stats_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

HandStats::HandStats(const RuleSet& rules)
    : form_shanten(rules.forms().size()),
      form_not_applicable(rules.forms().size()),
      form_best(rules.forms().size()) {
  if (const ScoringRules* scoring = scoring_rules(rules)) {
    patterns.assign(scoring->patterns.patterns.size(), 0);
  }
}

void HandStats::merge(const HandStats& other) {
  if (other.form_shanten.size() != form_shanten.size() ||
      other.patterns.size() != patterns.size()) {
    throw Error("statistics of different rule sets cannot be merged");
  }
  hands += other.hands;
  add_counts(shanten, other.shanten);
  for (std::size_t f = 0; f < form_shanten.size(); ++f) {
    add_counts(form_shanten[f], other.form_shanten[f]);
  }
  add_all(form_not_applicable, other.form_not_applicable);
  add_all(form_best, other.form_best);
  waiting += other.waiting;
  add_all(wait_kinds, other.wait_kinds);
  add_all(wait_shapes, other.wait_shapes);
  scored += other.scored;
  scored_cut += other.scored_cut;
  scored_wins += other.scored_wins;
  points_sum += other.points_sum;
  add_all(points_squares, other.points_squares);
  add_all(patterns, other.patterns);
  add_all(points_ranges, other.points_ranges);
}

std::size_t points_range(std::int64_t points) {
  if (points <= 0) return 0;
  const auto range = static_cast<std::size_t>(std::bit_width(static_cast<std::uint64_t>(points)));
  return std::min(range, kPointsRanges - 1);
}

std::vector<std::uint64_t> HandStats::to_words() const {
  std::vector<std::uint64_t> words;
  const auto put = [&words](const auto& values) {
    words.insert(words.end(), values.begin(), values.end());
  };
  words.push_back(hands);
  put(shanten);
  for (const ShantenCounts& counts : form_shanten) put(counts);
  put(form_not_applicable);
  put(form_best);
  words.push_back(waiting);
  put(wait_kinds);
  put(wait_shapes);
  words.push_back(scored);
  words.push_back(scored_cut);
  words.push_back(scored_wins);
  words.push_back(points_sum);
  put(points_squares);
  put(patterns);
  put(points_ranges);
  return words;
}

void HandStats::from_words(const std::vector<std::uint64_t>& words) {
  if (words.size() != to_words().size()) throw Error("statistics: a reduction of the wrong size");
  std::size_t at = 0;
  const auto get = [&](auto& values) {
    for (auto& value : values) value = words[at++];
  };
  hands = words[at++];
  get(shanten);
  for (ShantenCounts& counts : form_shanten) get(counts);
  get(form_not_applicable);
  get(form_best);
  waiting = words[at++];
  get(wait_kinds);
  get(wait_shapes);
  scored = words[at++];
  scored_cut = words[at++];
  scored_wins = words[at++];
  points_sum = words[at++];
  get(points_squares);
  get(patterns);
  get(points_ranges);
}

struct StatsCollector::Impl {
  const RuleSet* rules;
  StatsOptions options;
  std::optional<Scorer> scorer;
  std::optional<InterpretationLister> lister;
  std::vector<std::size_t> enabled_forms;

  Impl(const RuleSet& r, StatsOptions o) : rules(&r), options(o) {
    if (options.score && scoring_rules(r) != nullptr) scorer.emplace(r);
    if (options.waits) lister.emplace(r);
    const auto enabled = [](const auto& form) { return form.second.enabled; };
    enabled_forms =
        views::enumerate(r.forms()) | views::filter(enabled) | views::keys | ranges::to_vector;
  }

  /// Step 1: shanten over all forms and per form; returns the all-forms value.
  int count_shanten(const Hand& hand, HandStats& stats) const {
    const int shanten = shanten_number(*rules, hand);
    ++stats.shanten[shanten_bucket(shanten)];
    for (const std::size_t f : enabled_forms) {
      const int value = form_shanten(*rules, hand, f);
      if (value == kNoShanten) {
        ++stats.form_not_applicable[f];
      } else {
        ++stats.form_shanten[f][shanten_bucket(value)];
        if (value == shanten) ++stats.form_best[f];
      }
    }
    return shanten;
  }

  /// A hand of 3n+2 tiles at shanten 0 through its best discard (stats.hpp, HandStats), or of
  /// 3n+1 tiles as it is: the waiting hand and its waits (mask 0: not waiting).
  std::pair<Hand, TileMask> waiting_hand(const Hand& hand, bool discard) const {
    if (!discard) return {hand, wait_mask(*rules, hand)};
    Hand best;
    TileMask best_mask = 0;
    for (TileId t = 0; t < rules->meldable_count(); ++t) {
      if (hand.counts[t] == 0 || (hand.wild_tiles & tile_bit(t)) != 0) continue;
      Hand less = hand;
      --less.counts[t];
      if (less.red[t] > less.counts[t]) --less.red[t];
      if (less.winning == t && less.counts[t] == 0) less.winning = kNoTile;
      const TileMask mask = wait_mask(*rules, less);
      if (std::popcount(mask) > std::popcount(best_mask)) {
        best = less;
        best_mask = mask;
      }
    }
    return {best, best_mask};
  }

  /// Step 2: the waits of a waiting hand: how many kinds, and the shapes its completions take.
  void count_waits(const Hand& hand, bool discard, HandStats& stats) {
    const auto [waiting, mask] = waiting_hand(hand, discard);
    if (mask == 0) return;
    ++stats.waiting;
    ++stats.wait_kinds[static_cast<std::size_t>(std::popcount(mask))];
    std::uint32_t shapes = 0;
    for (TileMask rest = mask; rest != 0; rest &= rest - 1) {
      const auto tile = static_cast<TileId>(std::countr_zero(rest));
      Hand complete = waiting;
      ++complete.counts[tile];
      complete.winning = tile;
      complete.winning_joker = false;
      complete.winning_red = false;
      lister->list(complete, [&shapes](const Interpretation& interpretation) {
        shapes |= 1U << static_cast<unsigned>(interpretation.wait);
      });
    }
    for (std::size_t shape = 1; shape < kStatsWaitShapes; ++shape) {
      if ((shapes >> shape & 1U) != 0) ++stats.wait_shapes[shape];
    }
  }

  /// Step 3: a complete hand's best reading: wins or not, its points and patterns.
  void count_score(const Hand& hand, const WinContext* context, std::uint64_t situation_seed,
                   HandStats& stats) {
    Hand scored = hand;
    WinContext win;
    if (context != nullptr && hand.has_winning_tile()) {
      win = *context;
    } else {
      RandomDraws draws(situation_seed);
      win = random_win_context(*rules, scored, draws);
      // A situation drawn at random gives no flowers: the hand's own are its flowers.
      merge_hand_flowers(win, scored, *rules);
    }
    ScoreOptions score_options;
    if (options.budget_ms > 0) {
      score_options.deadline =
          std::chrono::steady_clock::now() + std::chrono::milliseconds(options.budget_ms);
    }
    const HandScore& score = scorer->score(scored, win, score_options);
    ++stats.scored;
    if (score.cut != ScoreCut::none) ++stats.scored_cut;
    const ScoredReading* best = score.best_reading();
    if (!score.wins || best == nullptr) return;
    ++stats.scored_wins;
    const std::int64_t points = best->value.points;
    stats.points_sum += static_cast<std::uint64_t>(points);
    const auto magnitude = static_cast<std::uint64_t>(points < 0 ? -points : points);
    // magnitude² as three 32-bit limbs (magnitude < 2^63, so its square < 2^126).
    const std::uint64_t low = magnitude & 0xFFFFFFFFULL;
    const std::uint64_t high = magnitude >> 32;
    const std::uint64_t low_low = low * low;
    const std::uint64_t cross = low * high;  // appears twice
    const std::uint64_t high_high = high * high;
    // Σ = low_low + 2·cross·2^32 + high_high·2^64, spread so each limb adds < 2^34 per hand.
    stats.points_squares[0] += low_low & 0xFFFFFFFFULL;
    stats.points_squares[1] += (low_low >> 32) + 2 * (cross & 0xFFFFFFFFULL);
    stats.points_squares[2] += 2 * (cross >> 32) + high_high;
    ++stats.points_ranges[points_range(points)];
    for (const PatternHit& hit : best->hits) ++stats.patterns[hit.pattern];
  }
};

StatsCollector::StatsCollector(const RuleSet& rules, StatsOptions options)
    : impl_(std::make_unique<Impl>(rules, options)) {}
StatsCollector::~StatsCollector() = default;

bool StatsCollector::scores() const {
  return impl_->scorer.has_value();
}

void StatsCollector::add(const Hand& hand, const WinContext* context, std::uint64_t situation_seed,
                         HandStats& stats) {
  const int size = hand.size(*impl_->rules);
  if (size % 3 == 0) {
    throw AnalysisError("a hand of " + std::to_string(size) +
                        " tiles has no shanten (3n+1 or 3n+2 tiles)");
  }
  ++stats.hands;
  const int shanten = impl_->count_shanten(hand, stats);
  const bool complete_size = size % 3 == 2;
  if (impl_->lister && shanten == 0) impl_->count_waits(hand, complete_size, stats);
  if (impl_->scorer && complete_size && shanten == -1) {
    impl_->count_score(hand, context, situation_seed, stats);
  }
}

}  // namespace meldgraph
