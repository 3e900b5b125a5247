// Cross-checks of one hand's shanten, waits and improving tiles against the reference shanten and
// the decomposition (see shanten_check.hpp).

#include "reference/shanten_check.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "reference/shanten.hpp"
#include "reference/shanten_hands.hpp"
#include "rule_files.hpp"

namespace meldgraph::testref::shanten_check {
namespace {

std::map<std::size_t, int> engine_by_form(const RuleSet& rules, const Hand& hand) {
  std::map<std::size_t, int> out;
  for (const FormShanten& form : compute_shanten(rules, hand).by_form) {
    out[form.form] = form.shanten;
  }
  return out;
}

int minimum_of(const std::map<std::size_t, int>& by_form) {
  int best = INT_MAX;
  for (const auto& [form, shanten] : by_form) best = std::min(best, shanten);
  return best;
}

/// Forms (indices) of an enabled form graph that matches.
std::set<std::size_t> winning_forms(const RuleSet& rules, const Hand& hand) {
  std::set<std::size_t> forms;
  const Decomposition decomposition(rules, hand);
  for (const FormGraph& graph : decomposition.graphs()) {
    if (!graph.empty()) forms.insert(graph.form());
  }
  return forms;
}

/// Whether the set holds a wildcard this hand does not: a joker or a copy of a wild kind.
bool wildcard_drawable(const RuleSet& rules, const Hand& hand) {
  int jokers = hand.jokers;
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    jokers += hand.melds[m].wildcard_count();
  }
  if (jokers < rules.wildcards().jokers) return true;
  const TileCounts held = hand.held_counts();
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0 && held[t] < rules.tile(t).copies) return true;
  }
  return false;
}

/// The forms each completing tile completes, by tile.
using WaitForms = std::map<TileId, std::vector<std::size_t>>;

/// Counts what the hand is (declared melds, every copy of some tile held).
void count_hand(const RuleSet& rules, const Hand& hand, const TileCounts& held, Tally& tally) {
  ++tally.hands;
  tally.declared += hand.meld_count > 0 ? 1 : 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) == 0 && held[t] == rules.tile(t).copies) {
      ++tally.four_of_a_kind;
      break;
    }
  }
}

/// A 3n+2 hand: complete exactly when the engine finds an interpretation, form by form.
void check_complete(const RuleSet& rules, const Hand& hand,
                    const std::map<std::size_t, int>& by_form, Tally& tally) {
  std::set<std::size_t> complete;
  for (const auto& [form, shanten] : by_form) {
    if (shanten == -1) complete.insert(form);
  }
  const std::set<std::size_t> wins = winning_forms(rules, hand);
  CHECK(complete == wins);
  tally.complete += wins.empty() ? 0 : 1;
}

/// The waits of a 3n+1 hand: each natural tile added, asked of the decomposition, against the
/// engine's waits. Returns the tiles that complete the hand and their forms.
WaitForms check_waits(const RuleSet& rules, const Hand& hand, const TileCounts& held,
                      const Waits& waits, Tally& tally) {
  WaitForms got;
  for (const WaitTile& tile : waits.tiles) got[tile.tile] = tile.forms;
  WaitForms expected;
  int remaining_total = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) continue;
    const bool drawable = held[t] < rules.tile(t).copies;
    if (!drawable && !rules.exhausted_waits()) continue;
    Hand drawn = hand;
    ++drawn.counts[t];
    const std::set<std::size_t> wins = winning_forms(rules, drawn);
    if (wins.empty()) continue;
    expected[t] = std::vector<std::size_t>(wins.begin(), wins.end());
    remaining_total += std::max(0, rules.tile(t).copies - held[t]);
    tally.exhausted += drawable ? 0 : 1;
  }
  CHECK(got == expected);
  CHECK(waits.remaining_total == remaining_total);
  tally.ready += expected.empty() ? 0 : 1;
  return expected;
}

/// A drawn wildcard, asked of the decomposition (a joker stands for any wildcard), against the
/// engine's waits.
void check_wildcard_wait(const RuleSet& rules, const Hand& hand, const Waits& waits, Tally& tally) {
  const bool wildcards_exist = rules.wildcards().jokers > 0 || hand.wild_tiles != 0;
  CHECK(waits.wildcards_exist == wildcards_exist);
  if (wildcards_exist && (wildcard_drawable(rules, hand) || rules.exhausted_waits())) {
    Hand drawn = hand;
    ++drawn.jokers;
    const std::set<std::size_t> wins = winning_forms(rules, drawn);
    CHECK(waits.wildcard_forms == std::vector<std::size_t>(wins.begin(), wins.end()));
    CHECK(waits.wildcard_completes == !wins.empty());
    tally.wildcard_waits += wins.empty() ? 0 : 1;
  } else {
    CHECK_FALSE(waits.wildcard_completes);
  }
}

/// Ready (shanten 0) in a form other than the instant wildcard win exactly when a tile that can
/// be drawn completes that form.
void check_ready_forms(const RuleSet& rules, const std::map<std::size_t, int>& by_form,
                       const WaitForms& completing, const TileCounts& held) {
  for (const auto& [form, shanten] : by_form) {
    if (rules.forms()[form].type == FormType::wildcards) continue;
    bool completed_by_draw = false;
    for (const auto& [tile, forms] : completing) {
      if (held[tile] >= rules.tile(tile).copies) continue;
      completed_by_draw =
          completed_by_draw || std::find(forms.begin(), forms.end(), form) != forms.end();
    }
    CAPTURE(rules.forms()[form].name);
    CHECK((shanten == 0) == completed_by_draw);
  }
}

/// Improving tiles: the draws that lower the reference shanten, against the engine's.
void check_improving(const RuleSet& rules, const Hand& hand, const TileCounts& held) {
  const int before = minimum_of(reference_shanten(rules, hand));
  std::map<TileId, int> want;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0 || held[t] >= rules.tile(t).copies) continue;
    Hand drawn = hand;
    ++drawn.counts[t];
    if (minimum_of(reference_shanten(rules, drawn)) < before) {
      want[t] = rules.tile(t).copies - held[t];
    }
  }
  std::map<TileId, int> have;
  for (const Improvement& tile : improving_tiles(rules, hand, nullptr)) {
    have[tile.tile] = tile.remaining;
  }
  CHECK(have == want);
}

}  // namespace

/// Every check of one hand; CAPTUREs name the hand on failure.
void check_hand(const RuleSet& rules, const Hand& hand, const CheckOptions& options, Tally& tally) {
  const TileCounts held = hand.held_counts();
  count_hand(rules, hand, held, tally);
  const std::map<std::size_t, int> by_form = engine_by_form(rules, hand);
  if (options.reference) {
    const std::map<std::size_t, int> reference = reference_shanten(rules, hand);
    CHECK(by_form == reference);
  }
  if (hand.size(rules) % 3 == 2) {
    check_complete(rules, hand, by_form, tally);
    return;
  }
  const Waits waits = compute_waits(rules, hand, nullptr);
  const WaitForms completing = check_waits(rules, hand, held, waits, tally);
  check_wildcard_wait(rules, hand, waits, tally);
  check_ready_forms(rules, by_form, completing, held);
  if (options.improving) check_improving(rules, hand, held);
}

/// Random hands of the given sizes under `rules`; returns what was seen.
Tally check_random_hands(const std::string& rules_name, std::uint32_t seed, int count,
                         const std::vector<int>& sizes, int max_jokers, int max_declared,
                         const CheckOptions& options, int improving_every) {
  const RuleSet& rules = test::rules_named(rules_name);
  HandMaker maker(rules, seed);
  Tally tally;
  for (int i = 0; i < count; ++i) {
    const int size =
        sizes[static_cast<std::size_t>(maker.pick(0, static_cast<int>(sizes.size()) - 1))];
    const HandMaker::Made made =
        maker.make(size, max_jokers, max_declared, rules.wildcards().per_hand);
    const Hand hand = parse_hand(made.text, rules, made.wild);
    CAPTURE(rules_name, made.text, made.wild, i);
    REQUIRE(hand.size(rules) == size);
    CheckOptions one = options;
    one.improving = improving_every > 0 && i % improving_every == 0 && size % 3 == 1;
    check_hand(rules, hand, one, tally);
  }
  return tally;
}

}  // namespace meldgraph::testref::shanten_check
