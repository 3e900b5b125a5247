/// The search of `corpus hard` (hard.hpp): the shaped hands of `corpus cover`, each scored with
/// every reading and classified by what makes it hard.

#include "meldgraph/corpus/hard.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "shaped_hands.hpp"

namespace meldgraph {

namespace {

constexpr std::array<std::string_view, kHardKinds> kKindNames = {"readings", "slot", "wildcards",
                                                                 "forms", "waits"};
constexpr std::uint64_t kClockEvery = 256;
/// A wait of this many tile kinds or more is many-sided.
constexpr int kManySided = 5;

/// A group as text, its winning mark left out: the identity of a group across readings.
std::string group_text(const ReadingGroup& group, const RuleSet& rules) {
  return format_group(group.group, rules);
}

/// The groups of a reading, sorted: readings with the same groups differ only in the slot.
std::string groups_key(const Reading& reading, const RuleSet& rules) {
  std::vector<std::string> groups;
  for (const ReadingGroup& group : reading.groups) groups.push_back(group_text(group, rules));
  std::sort(groups.begin(), groups.end());
  std::string key = std::to_string(reading.form);
  for (const std::string& group : groups) key += ' ' + group;
  return key;
}

/// Why the scored hand is hard, for each kind it is: "" for the kinds it is not.
class HardCases {
 public:
  HardCases(const RuleSet& rules, const HandScore& score, const Hand& hand)
      : rules_(rules), score_(score), hand_(hand) {}

  [[nodiscard]] std::string why(HardKind kind) const {
    switch (kind) {
      case HardKind::readings:
        return readings();
      case HardKind::slot:
        return slot();
      case HardKind::wildcards:
        return wildcards();
      case HardKind::forms:
        return forms();
      case HardKind::waits:
        return waits();
    }
    return {};
  }

 private:
  /// Interpretations (not realisations) scoring differently.
  [[nodiscard]] std::string readings() const {
    std::set<std::int64_t> points;
    std::set<std::size_t> interpretations;
    for (const ScoredReading& reading : score_.readings) {
      if (!reading.value.wins) continue;
      points.insert(reading.value.points);
      interpretations.insert(reading.interpretation);
    }
    if (points.size() < 2 || interpretations.size() < 2) return {};
    return "its " + std::to_string(interpretations.size()) + " winning interpretations score " +
           std::to_string(*points.begin()) + " to " + std::to_string(*points.rbegin()) + " points";
  }

  /// Readings of the same groups whose winning tile sits in different groups, with different
  /// points, fu or patterns.
  [[nodiscard]] std::string slot() const {
    std::map<std::string, const ScoredReading*> first_of;
    for (const ScoredReading& scored : score_.readings) {
      const Reading& reading = scored.reading();
      if (reading.winning_group < 0) continue;
      const std::string key = groups_key(reading, rules_);
      const auto [at, added] = first_of.emplace(key, &scored);
      if (added) continue;
      const ScoredReading& other = *at->second;
      const Reading& other_reading = other.reading();
      const std::string here = group_text(reading.groups[reading.winning_group], rules_);
      const std::string there =
          group_text(other_reading.groups[other_reading.winning_group], rules_);
      if (here == there) continue;
      const bool differ = scored.value.points != other.value.points ||
                          scored.value.fu != other.value.fu ||
                          scored.hits.size() != other.hits.size();
      if (!differ) continue;
      return "the winning tile completes " + there + " (" + std::to_string(other.value.fu) +
             " fu, " + std::to_string(other.value.points) + " points) or " + here + " (" +
             std::to_string(scored.value.fu) + " fu, " + std::to_string(scored.value.points) +
             " points)";
    }
    return {};
  }

  /// Realisations of one interpretation (the wildcards' stand-ins) scoring differently.
  [[nodiscard]] std::string wildcards() const {
    if (hand_.wildcard_count() == 0) return {};
    std::map<std::size_t, std::set<std::int64_t>> points;
    for (const ScoredReading& reading : score_.readings) {
      if (reading.realised) points[reading.interpretation].insert(reading.value.points);
    }
    for (const auto& [interpretation, values] : points) {
      if (values.size() < 2) continue;
      return "the stand-ins of its " + std::to_string(hand_.wildcard_count()) + " wildcards give " +
             std::to_string(*values.begin()) + " to " + std::to_string(*values.rbegin()) +
             " points in interpretation " + std::to_string(interpretation);
    }
    return {};
  }

  /// Winning readings in two forms or more.
  [[nodiscard]] std::string forms() const {
    std::set<std::string> names;
    for (const ScoredReading& reading : score_.readings) {
      if (reading.value.wins) names.insert(rules_.forms()[reading.reading().form].name);
    }
    if (names.size() < 2) return {};
    std::string out = "it wins as";
    std::size_t written = 0;
    for (const std::string& name : names) {
      out += (written == 0 ? " " : written + 1 == names.size() ? " and " : ", ") + name;
      ++written;
    }
    return out;
  }

  /// The hand before its winning tile: a many-sided wait, or a wait on a tile it holds four of.
  [[nodiscard]] std::string waits() const {
    if (hand_.winning == kNoTile) return {};
    Hand ready = hand_;
    --ready.counts[hand_.winning];
    ready.winning = kNoTile;
    ready.winning_red = false;
    TileMask mask = 0;
    try {
      mask = wait_mask(rules_, ready);
    } catch (const Error&) {
      return {};
    }
    const TileCounts held = ready.held_counts();
    for (TileId t = 0; t < rules_.meldable_count(); ++t) {
      if ((mask & tile_bit(t)) != 0 && held[t] >= 4) {
        return "it waits on " + rules_.tile(t).code + ", of which it holds all four";
      }
    }
    if (std::popcount(mask) < kManySided) return {};
    std::string tiles;
    for (TileId t = 0; t < rules_.meldable_count(); ++t) {
      if ((mask & tile_bit(t)) != 0) tiles += ' ' + rules_.tile(t).code;
    }
    return "a " + std::to_string(std::popcount(mask)) + "-sided wait:" + tiles;
  }

  const RuleSet& rules_;
  const HandScore& score_;
  const Hand& hand_;
};

}  // namespace

std::string_view hard_kind_name(HardKind kind) {
  return kKindNames[static_cast<std::size_t>(kind)];
}

std::optional<HardKind> hard_kind(std::string_view name) {
  for (std::size_t k = 0; k < kKindNames.size(); ++k) {
    if (kKindNames[k] == name) return static_cast<HardKind>(k);
  }
  return std::nullopt;
}

HardResult find_hard_hands(const RuleSet& rules, const HardOptions& options) {
  if (scoring_rules(rules) == nullptr) {
    throw Error("rule set '" + rules.name() + "' has no scoring section: hard cases are scores");
  }
  std::vector<HardKind> kinds = options.kinds;
  const bool wildcards_exist = rules.wildcards().jokers > 0 || rules.fixed_wild_tiles() != 0 ||
                               rules.wildcards().indicator.enabled || options.extra_wild != 0;
  if (kinds.empty()) {
    // Every kind the rule set can have: no wildcards, no stand-ins to choose.
    for (std::size_t k = 0; k < kHardKinds; ++k) {
      const auto kind = static_cast<HardKind>(k);
      if (kind != HardKind::wildcards || wildcards_exist) kinds.push_back(kind);
    }
  } else if (!wildcards_exist &&
             std::find(kinds.begin(), kinds.end(), HardKind::wildcards) != kinds.end()) {
    throw Error("--kind wildcards: rule set '" + rules.name() +
                "' has no wildcards (give them with --wild where it allows)");
  }
  const detail::ShapedHands shapes(rules, options.extra_wild);
  Scorer scorer(rules);
  const auto wanted = static_cast<std::uint64_t>(options.count);
  std::array<std::vector<HardHand>, kHardKinds> kept;
  HardResult result;
  const auto start = std::chrono::steady_clock::now();
  const auto all_found = [&] {
    return std::all_of(kinds.begin(), kinds.end(), [&](HardKind kind) {
      return kept[static_cast<std::size_t>(kind)].size() >= wanted;
    });
  };
  for (std::uint64_t attempt = 0; !all_found(); ++attempt) {
    if (attempt % kClockEvery == 0 &&
        std::chrono::steady_clock::now() - start > std::chrono::milliseconds(options.budget_ms)) {
      result.budget_spent = true;
      break;
    }
    result.attempts = attempt + 1;
    RandomDraws draws(situation_seed(options.seed, attempt));
    HardHand found;
    if (!shapes.draw(draws, found.hand, found.context, found.indicator)) continue;
    const HandScore* score = nullptr;
    try {
      score = &scorer.score(found.hand, found.context);
    } catch (const Error&) {
      continue;
    }
    if (score->readings.size() < 1 || score->cut != ScoreCut::none) continue;
    const HardCases cases(rules, *score, found.hand);
    bool checked = false;
    bool fits = false;
    for (const HardKind kind : kinds) {
      std::vector<HardHand>& list = kept[static_cast<std::size_t>(kind)];
      if (list.size() >= wanted) continue;
      std::string why = cases.why(kind);
      if (why.empty()) continue;
      if (!checked) {
        fits = detail::readable(found.context, rules);
        checked = true;
      }
      if (!fits) break;
      found.kind = kind;
      found.why = std::move(why);
      found.attempt = attempt;
      list.push_back(found);
    }
  }
  for (const HardKind kind : kinds) {
    const auto k = static_cast<std::size_t>(kind);
    result.found[k] = kept[k].size();
    for (HardHand& hand : kept[k]) result.hands.push_back(std::move(hand));
  }
  return result;
}

}  // namespace meldgraph
