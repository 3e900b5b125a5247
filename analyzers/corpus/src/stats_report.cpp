/// The statistics report: shares, means and 95% intervals derived from a run's counts
/// (stats_to_json; every field is documented in docs/cli.md, "## stats").

#include <cmath>
#include <nlohmann/json.hpp>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/corpus/stats.hpp"

namespace meldgraph {
namespace {

using Json = nlohmann::ordered_json;

Json interval(double low, double high) {
  return Json::array({low, high});
}

/// `{"hands", "share", "ci95"}` of a count among `total`.
Json proportion_json(std::uint64_t count, std::uint64_t total) {
  const Proportion p = wilson_interval(count, total);
  Json out;
  out["hands"] = count;
  out["share"] = p.share;
  out["ci95"] = interval(p.low, p.high);
  return out;
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
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] == 0) continue;
    const long double value = static_cast<long double>(static_cast<int>(i) + first);
    const auto count = static_cast<long double>(counts[i]);
    n += counts[i];
    sum += value * count;
    squares += value * value * count;
    lowest = std::min(lowest, i);
    highest = i;
  }
  const MeanInterval mean = normal_mean_interval(n, sum, squares);
  Json out;
  out["hands"] = n;
  out["mean"] = mean.mean;
  out["ci95"] = interval(mean.low, mean.high);
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
  for (std::size_t shape = 1; shape < kStatsWaitShapes; ++shape) {
    Json entry;
    entry["shape"] = wait_shape_name(static_cast<WaitShape>(shape));
    entry.update(proportion_json(stats.wait_shapes[shape], stats.waiting));
    out["shapes"].push_back(entry);
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
  const MeanInterval points = normal_mean_interval(
      stats.scored_wins, static_cast<long double>(static_cast<std::int64_t>(stats.points_sum)),
      squares);
  out["points"] = {{"mean", points.mean}, {"ci95", interval(points.low, points.high)}};
  out["patterns"] = Json::array();
  const auto& patterns = scoring_rules(rules)->patterns.patterns;
  for (std::size_t p = 0; p < stats.patterns.size() && p < patterns.size(); ++p) {
    if (stats.patterns[p] == 0) continue;
    Json entry;
    entry["pattern"] = patterns[p].name;
    entry.update(proportion_json(stats.patterns[p], stats.scored_wins));
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
  const std::vector<FormSpec>& forms = rules.forms();
  for (std::size_t f = 0; f < forms.size() && f < stats.form_shanten.size(); ++f) {
    if (!forms[f].enabled) continue;
    Json entry;
    entry["form"] = forms[f].name;
    entry["complete"] = proportion_json(stats.form_shanten[f][0], stats.hands);
    entry["nearest"] = proportion_json(stats.form_best[f], stats.hands);
    entry["not_applicable"] = stats.form_not_applicable[f];
    entry["shanten"] = distribution_json(stats.form_shanten[f], -1, "shanten");
    out["forms"].push_back(entry);
  }
  out["waits"] = waits_json(stats);
  out["score"] = score_json(stats, rules);
  return out;
}

}  // namespace meldgraph
