/// Shanten, waits and improving tiles from the queries. Each function answers from the queries
/// only when the tables answer the hand itself (answered_by_tables); otherwise the search runs
/// whole, so a hand the tables do not model costs no more than before. The per-tile and per-form
/// questions that follow (the hand plus one drawn tile) go through the queries, which fall back
/// to the search by themselves where they must.

#include "meldgraph/queries/results.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

#include "fast_paths.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/support/bits.hpp"

namespace meldgraph {
namespace {

/// Enabled forms in which `hand` (3n+2 tiles) is complete, in rule-set order.
std::vector<std::size_t> completed_forms(const RuleSet& rules, const Hand& hand) {
  std::vector<std::size_t> forms;
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    if (rules.forms()[f].enabled && form_shanten(rules, hand, f) == -1) forms.push_back(f);
  }
  return forms;
}

/// Copies of `tile` neither held (concealed or declared) nor seen.
int remaining_copies(const RuleSet& rules, const TileCounts& held, TileId tile,
                     const TileCounts* visible) {
  const int seen = visible != nullptr ? (*visible)[tile] : 0;
  return std::max(0, rules.tile(tile).copies - held[tile] - seen);
}

/// The hand with one more natural tile drawn into the concealed tiles.
Hand with_drawn(Hand hand, TileId tile) {
  ++hand.counts[tile];
  return hand;
}

}  // namespace

ShantenResult shanten_from_queries(const RuleSet& rules, const Hand& hand) {
  // Every form priced from one view of the hand.
  const detail::QueryPlan& plan = detail::query_plan(rules);
  std::array<int, 32> by_form{};
  if (detail::fast_shanten(plan, hand, by_form) != detail::Answer::yes) {
    return compute_shanten(rules, hand);
  }
  ShantenResult result;
  result.shanten = kNoShanten;
  for (std::size_t i = 0; i < plan.forms.size(); ++i) {
    if (by_form[i] == kNoShanten) continue;
    result.by_form.push_back({plan.forms[i].index, by_form[i]});
    result.shanten = std::min(result.shanten, by_form[i]);
  }
  return result;
}

std::vector<Improvement> improving_from_queries(const RuleSet& rules, const Hand& hand,
                                                const TileCounts* visible) {
  const TileMask gains = improving_mask(rules, hand, nullptr);
  const TileCounts held = hand.held_counts();
  std::vector<Improvement> result;
  for (const int t : set_bits(gains)) {
    const auto tile = static_cast<TileId>(t);
    result.push_back({tile, remaining_copies(rules, held, tile, visible)});
  }
  return result;
}

Waits waits_from_queries(const RuleSet& rules, const Hand& hand, const TileCounts* visible) {
  const bool wildcards_exist = rules.wildcards().jokers > 0 || hand.wild_tiles != 0;
  // A drawn wildcard is tried as a joker: that is the search's generic wildcard only when no
  // wildcard is restricted in what it stands for.
  if (!answered_by_tables(rules, hand, Query::waits) ||
      (wildcards_exist && rules.wildcards().restricted)) {
    return compute_waits(rules, hand, visible);
  }
  const TileCounts held = hand.held_counts();
  Waits waits;
  const TileMask mask = wait_mask(rules, hand);
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((mask & tile_bit(t)) == 0) continue;
    std::vector<std::size_t> forms = completed_forms(rules, with_drawn(hand, t));
    // The mask says some form completes; a form list that disagrees would be a bug in one of the
    // two paths, and the search settles it rather than an empty list being printed.
    if (forms.empty()) return compute_waits(rules, hand, visible);
    const int remaining = remaining_copies(rules, held, t, visible);
    waits.tiles.push_back({t, std::move(forms), remaining});
    waits.remaining_total += remaining;
  }
  waits.wildcards_exist = wildcards_exist;
  if (wildcards_exist) {
    // As compute_waits: a wildcard can be drawn while the set holds one the hand does not.
    int jokers_held = hand.jokers;
    for (std::size_t m = 0; m < hand.meld_count; ++m) jokers_held += hand.melds[m].wildcard_count();
    bool drawable = jokers_held < rules.wildcards().jokers;
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      if ((hand.wild_tiles & tile_bit(t)) != 0 && held[t] < rules.tile(t).copies) drawable = true;
    }
    if (drawable) {
      Hand next = hand;
      ++next.jokers;
      waits.wildcard_forms = completed_forms(rules, next);
      waits.wildcard_completes = !waits.wildcard_forms.empty();
    }
  }
  return waits;
}

}  // namespace meldgraph
