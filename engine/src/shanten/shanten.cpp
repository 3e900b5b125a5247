/// Shanten, waits and improving tiles: the public entry points (meldgraph/shanten/shanten.hpp)
/// over the solvers. The cost model is described in model.hpp; the melds forms' dynamic
/// programme is melds_search, the other forms' costs form_costs and knitted_costs, the solvers
/// by form solver.

#include "meldgraph/shanten/shanten.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "meldgraph/model/error.hpp"
#include "meldgraph/support/bits.hpp"
#include "model.hpp"
#include "solver.hpp"

namespace meldgraph {
namespace {

using shanten_detail::ConstrainedSolver;
using shanten_detail::held_anywhere;
using shanten_detail::kUnreachable;
using shanten_detail::make_profile;
using shanten_detail::Profile;

int minimum(const std::vector<FormShanten>& by_form) {
  int best = kUnreachable;
  for (const FormShanten& form : by_form) best = std::min(best, form.shanten);
  return best;
}

/// Checks the size of a hand for shanten (3n+1 or 3n+2) or, with `short_only`, for waits and
/// improving tiles (3n+1); returns the concealed target size.
int checked_target(const RuleSet& rules, const Hand& hand, const Profile& profile,
                   bool short_only) {
  const int size = hand.size(rules);
  const bool complete_size = size % 3 == 2;
  const bool short_size = size % 3 == 1;
  if (size < 1 || size > rules.hand_tiles() || (short_only ? !short_size : size % 3 == 0)) {
    const std::string most = std::to_string(rules.hand_tiles() - (short_only ? 1 : 0));
    throw AnalysisError("hand holds " + std::to_string(size) + " tiles; " +
                        (short_only ? std::string("waits and improving tiles need 3n+1 tiles")
                                    : std::string("shanten needs 3n+1 or 3n+2 tiles")) +
                        ", at most " + most + " under rule set '" + rules.name() + "'");
  }
  return profile.concealed + (complete_size ? 0 : 1);
}

/// The base shanten by form; throws when no form can complete the hand.
const std::vector<FormShanten>& checked_base(const RuleSet& rules, const Hand& hand,
                                             const ConstrainedSolver& solver) {
  if (solver.base().empty()) {
    throw AnalysisError("no form of rule set '" + rules.name() + "' can complete a hand of " +
                        std::to_string(hand.size(rules)) + " tiles");
  }
  return solver.base();
}

int remaining_of(const RuleSet& rules, const Profile& profile, TileId tile,
                 const TileCounts* visible) {
  const int seen = visible != nullptr ? (*visible)[tile] : 0;
  return std::max(0, rules.tile(tile).copies - held_anywhere(profile, tile) - seen);
}

}  // namespace

ShantenResult compute_shanten(const RuleSet& rules, const Hand& hand) {
  const Profile profile = make_profile(rules, hand);
  const ConstrainedSolver solver(rules, hand, profile, checked_target(rules, hand, profile, false),
                                 false);
  ShantenResult result;
  result.by_form = checked_base(rules, hand, solver);
  result.shanten = minimum(result.by_form);
  return result;
}

Waits compute_waits(const RuleSet& rules, const Hand& hand, const TileCounts* visible) {
  const Profile profile = make_profile(rules, hand);
  ConstrainedSolver solver(rules, hand, profile, checked_target(rules, hand, profile, true), true);
  const std::vector<FormShanten>& base = checked_base(rules, hand, solver);
  // A natural draw lowers a form's shanten by at most one, so only ready forms can complete; a
  // tile drawn beyond its copies (exhausted waits) is a hypothetical hand and is checked in full.
  const auto completed = [&](const std::vector<FormShanten>& after, bool every_form) {
    std::vector<std::size_t> forms;
    for (const FormShanten& form : after) {
      if (form.shanten != -1) continue;
      const bool ready = std::any_of(base.begin(), base.end(), [&](const FormShanten& before) {
        return before.form == form.form && before.shanten == 0;
      });
      if (every_form || ready) forms.push_back(form.form);
    }
    return forms;
  };
  const bool any_ready = std::any_of(base.begin(), base.end(),
                                     [](const FormShanten& form) { return form.shanten == 0; });

  Waits waits;
  for (TileId t = 0; t < profile.kinds; ++t) {
    if ((profile.wild & tile_bit(t)) != 0) continue;  // drawing a wild tile draws a wildcard
    const bool drawable = held_anywhere(profile, t) < rules.tile(t).copies;
    if (!drawable && !rules.exhausted_waits()) continue;
    if (drawable && !any_ready) continue;
    std::vector<std::size_t> forms = completed(solver.after_tile(t), !drawable);
    if (forms.empty()) continue;
    const int remaining = remaining_of(rules, profile, t, visible);
    waits.tiles.push_back({t, std::move(forms), remaining});
    waits.remaining_total += remaining;
  }

  waits.wildcards_exist = rules.wildcards().jokers > 0 || hand.wild_tiles != 0;
  if (waits.wildcards_exist) {
    // A wildcard can be drawn while the set holds one the hand does not: a joker (concealed or in
    // a declared meld) or a copy of a wild tile kind.
    int jokers_held = hand.jokers;
    for (std::size_t m = 0; m < hand.meld_count; ++m) jokers_held += hand.melds[m].wildcard_count();
    bool drawable = jokers_held < rules.wildcards().jokers;
    const TileCounts held = hand.held_counts();
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      if ((hand.wild_tiles & tile_bit(t)) != 0 && held[t] < rules.tile(t).copies) drawable = true;
    }
    if (drawable || rules.exhausted_waits()) {
      // A wildcard may do what no natural tile can (stand for a copy beyond the copies), so every
      // form is checked.
      waits.wildcard_forms = completed(solver.after_wildcard(), true);
      waits.wildcard_completes = !waits.wildcard_forms.empty();
    }
  }
  return waits;
}

TileMask compute_exhausted_waits(const RuleSet& rules, const Hand& hand, TileMask candidates) {
  const Profile profile = make_profile(rules, hand);
  ConstrainedSolver solver(rules, hand, profile, checked_target(rules, hand, profile, true), true);
  if (solver.base().empty()) return 0;
  TileMask mask = 0;
  for (const int t : set_bits(candidates)) {
    const std::vector<FormShanten> after = solver.after_tile(static_cast<TileId>(t));
    if (std::any_of(after.begin(), after.end(),
                    [](const FormShanten& form) { return form.shanten == -1; })) {
      mask |= tile_bit(static_cast<TileId>(t));
    }
  }
  return mask;
}

std::vector<Improvement> improving_tiles(const RuleSet& rules, const Hand& hand,
                                         const TileCounts* visible) {
  const Profile profile = make_profile(rules, hand);
  ConstrainedSolver solver(rules, hand, profile, checked_target(rules, hand, profile, true), true);
  const int before = minimum(checked_base(rules, hand, solver));
  std::vector<Improvement> result;
  for (TileId t = 0; t < profile.kinds; ++t) {
    if ((profile.wild & tile_bit(t)) != 0) continue;  // drawing a wild tile draws a wildcard
    if (held_anywhere(profile, t) >= rules.tile(t).copies) continue;  // cannot be drawn
    if (minimum(solver.after_tile(t)) < before) {
      result.push_back({t, remaining_of(rules, profile, t, visible)});
    }
  }
  return result;
}

}  // namespace meldgraph
