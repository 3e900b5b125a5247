/// The statistics report: shares, means and 95% intervals derived from a run's counts
/// (stats_to_json; every field is documented in docs/cli.md, "## stats").

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <range/v3/view/drop.hpp>
#include <range/v3/view/enumerate.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/zip.hpp>

#include "meldgraph/corpus/stats.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph {
namespace {

using Json = nlohmann::ordered_json;
namespace views = ranges::views;

/// Whether a (key, count) pair of a zipped or enumerated view counted anything.
const auto counted = [](const auto& entry) { return entry.second != 0; };

Json interval(double low, double high) {
  return Json::array({low, high});
}

/// `{"hands", "share", "ci95"}` of a count among `total`; the share and its interval are null
/// when `total` is 0 (nothing was counted: no share, rather than 0 with an interval [0, 0]).
Json proportion_json(std::uint64_t count, std::uint64_t total) {
  Json out;
  out["hands"] = count;
  if (total == 0) {
    out["share"] = nullptr;
    out["ci95"] = nullptr;
    return out;
  }
  const Proportion p = wilson_interval(count, total);
  out["share"] = p.share;
  out["ci95"] = interval(p.low, p.high);
  return out;
}

/// `{"mean", "ci95"}` of `n` values of sum `sum` and sum of squares `squares`; null when `n` is 0.
Json mean_json(std::uint64_t n, long double sum, long double squares) {
  if (n == 0) return {{"mean", nullptr}, {"ci95", nullptr}};
  const MeanInterval mean = normal_mean_interval(n, sum, squares);
  return {{"mean", mean.mean}, {"ci95", interval(mean.low, mean.high)}};
}

/// A distribution of small integers (index i holds value i + first): its mean with the normal
/// interval and, for each value from the lowest to the highest counted, its share with the
/// Wilson interval. `key` names the value in each entry.
template <class Counts>
Json distribution_json(const Counts& counts, int first, const char* key) {
  std::uint64_t n = 0;
  long double sum = 0;
  long double squares = 0;
  std::size_t lowest = counts.size();
  std::size_t highest = 0;
  for (const auto& [i, hands] : views::enumerate(counts) | views::filter(counted)) {
    const long double value = static_cast<long double>(static_cast<int>(i) + first);
    const auto count = static_cast<long double>(hands);
    n += hands;
    sum += value * count;
    squares += value * value * count;
    lowest = std::min<std::size_t>(lowest, i);
    highest = i;
  }
  Json out;
  out["hands"] = n;
  out.update(mean_json(n, sum, squares));
  out["distribution"] = Json::array();
  for (std::size_t i = lowest; i <= highest && i < counts.size(); ++i) {
    Json entry;
    entry[key] = static_cast<int>(i) + first;
    entry.update(proportion_json(counts[i], n));
    out["distribution"].push_back(entry);
  }
  return out;
}

Json waits_json(const HandStats& stats) {
  Json out;
  out["waiting"] = proportion_json(stats.waiting, stats.hands);
  out["kinds"] = distribution_json(stats.wait_kinds, 0, "kinds");
  out["shapes"] = Json::array();
  // Every shape but `none` (0), which no completion takes.
  for (const auto& [shape, hands] : views::enumerate(stats.wait_shapes) | views::drop(1)) {
    Json entry;
    entry["shape"] = wait_shape_name(static_cast<WaitShape>(shape));
    entry.update(proportion_json(hands, stats.waiting));
    out["shapes"].push_back(entry);
  }
  return out;
}

/// The winning hands by points range, from the lowest range counted to the highest (the empty
/// ones between included, so that a chart of them has no gaps): each range's bounds and its
/// share of the wins.
Json points_ranges_json(const HandStats& stats) {
  Json out = Json::array();
  const auto& ranges = stats.points_ranges;
  const auto nonzero = [](std::uint64_t hands) { return hands > 0; };
  const auto first = std::find_if(ranges.begin(), ranges.end(), nonzero);
  if (first == ranges.end()) return out;
  const auto last = std::find_if(ranges.rbegin(), ranges.rend(), nonzero).base();
  for (auto range = first; range != last; ++range) {
    const auto k = static_cast<std::size_t>(range - ranges.begin());
    Json entry;
    // Range 0 is every score of 0 points or fewer; range k starts at 2^(k-1).
    entry["from"] = k == 0 ? Json(nullptr) : Json(std::int64_t{1} << (k - 1));
    entry["to"] = k == 0 ? 0 : (std::int64_t{1} << k) - 1;
    entry.update(proportion_json(*range, stats.scored_wins));
    out.push_back(entry);
  }
  return out;
}

Json score_json(const HandStats& stats, const RuleSet& rules) {
  if (scoring_rules(rules) == nullptr) return nullptr;
  Json out;
  out["scored"] = stats.scored;
  out["cut"] = stats.scored_cut;
  out["wins"] = proportion_json(stats.scored_wins, stats.scored);
  const auto limb = [&](std::size_t i) {
    return static_cast<long double>(stats.points_squares[i]);
  };
  const long double squares = limb(0) + limb(1) * 4294967296.0L + limb(2) * 18446744073709551616.0L;
  out["points"] =
      mean_json(stats.scored_wins,
                static_cast<long double>(static_cast<std::int64_t>(stats.points_sum)), squares);
  out["points"]["distribution"] = points_ranges_json(stats);
  out["patterns"] = Json::array();
  const auto& patterns = scoring_rules(rules)->patterns.patterns;
  for (const auto& [pattern, hands] :
       views::zip(patterns, stats.patterns) | views::filter(counted)) {
    Json entry;
    entry["pattern"] = pattern.name;
    entry.update(proportion_json(hands, stats.scored_wins));
    out["patterns"].push_back(entry);
  }
  return out;
}

}  // namespace

nlohmann::ordered_json stats_to_json(const HandStats& stats, const RuleSet& rules,
                                     const nlohmann::ordered_json& source) {
  Json out;
  out["rules"] = rules.name();
  out["source"] = source;
  out["hands"] = stats.hands;
  out["shanten"] = distribution_json(stats.shanten, -1, "shanten");
  out["complete"] = proportion_json(stats.shanten[0], stats.hands);
  out["complete"]["per_million"] = stats.hands == 0 ? 0.0
                                                    : 1e6 * static_cast<double>(stats.shanten[0]) /
                                                          static_cast<double>(stats.hands);
  out["ready"] = proportion_json(stats.shanten[1], stats.hands);
  out["forms"] = Json::array();
  const auto enabled = [](const auto& form) { return std::get<0>(form).enabled; };
  for (const auto& [form, shanten, nearest, not_applicable] :
       views::zip(rules.forms(), stats.form_shanten, stats.form_best, stats.form_not_applicable) |
           views::filter(enabled)) {
    Json entry;
    entry["form"] = form.name;
    entry["complete"] = proportion_json(shanten[0], stats.hands);
    entry["nearest"] = proportion_json(nearest, stats.hands);
    entry["not_applicable"] = not_applicable;
    entry["shanten"] = distribution_json(shanten, -1, "shanten");
    out["forms"].push_back(entry);
  }
  out["waits"] = waits_json(stats);
  out["score"] = score_json(stats, rules);
  return out;
}

}  // namespace meldgraph
