// The shanten cost model's values: the hand's profile, the limits of a target's demand, the suits'
// id ranges (see model.hpp).

#include "model.hpp"

#include <algorithm>

namespace meldgraph::shanten_detail {

Profile make_profile(const RuleSet& rules, const Hand& hand) {
  Profile profile;
  profile.kinds = rules.meldable_count();
  profile.wild = hand.wild_tiles;
  for (TileId t = 0; t < profile.kinds; ++t) {
    if ((hand.wild_tiles & tile_bit(t)) == 0) profile.held[t] = hand.counts[t];
  }
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    const Group& meld = hand.melds[m];
    for (int slot = 0; slot < meld.size; ++slot) {
      if (!meld.is_wild(slot)) ++profile.declared[meld.tiles[static_cast<std::size_t>(slot)]];
    }
  }
  profile.wildcards = hand.wildcard_count();
  profile.all_wildcards = profile.wildcards;
  profile.concealed = hand.concealed_size(rules);
  profile.declared_melds = hand.meld_count;
  // Forbidden tiles (Wuhan's red dragons) are never part of a target: held ones are discarded.
  profile.excluded = rules.forbidden_tiles();
  return profile;
}

Limits make_limits(const RuleSet& rules, const Profile& profile) {
  Limits limits;
  const bool capped = !rules.wildcards().exceed_copies;
  for (TileId t = 0; t < profile.kinds; ++t) {
    const TileInfo& info = rules.tile(t);
    const bool wild = (profile.wild & tile_bit(t)) != 0;
    // Assigned wildcards are not copies of the tile: they do not raise its cap.
    const int cap = std::max<int>(info.copies, held_anywhere(profile, t) - profile.assigned[t]);
    limits.natural[t] = wild ? 0 : cap - profile.declared[t];
    // A wild kind's copies in declared melds are natural tiles there, and use up copies.
    limits.total[t] = !capped ? kNoLimit
                      : wild  ? info.copies - profile.declared[t]
                              : limits.natural[t];
    // An assigned wildcard fills a slot of its tile beyond the natural copies too; capped, it
    // still counts towards the total.
    limits.natural[t] += profile.assigned[t];
    if ((profile.excluded & tile_bit(t)) != 0) {
      limits.natural[t] = 0;
      limits.total[t] = 0;
    }
    const TileId second = info.next;
    const TileId third = second == kNoTile ? kNoTile : rules.tile(second).next;
    limits.chow_start[t] = third != kNoTile;
    if (third != kNoTile) {
      limits.chow_anchor[t] = profile.held[t] + profile.held[second] + profile.held[third];
    }
  }
  return limits;
}

/// Wildcards a form may use: none when it takes no wildcards, at most its cap (max_in_win or the
/// form's max_wildcards, form_wildcard_cap; the
/// `wildcards` form, exempt from it, is priced apart).
int usable_wildcards(const RuleSet& rules, const FormSpec& form, const Profile& profile) {
  if (!form.wildcards) return 0;
  const int most = form_wildcard_cap(rules, form);
  return most == 0 ? profile.wildcards : std::min(profile.wildcards, most);
}

std::vector<SuitRange> suit_ranges(const RuleSet& rules) {
  std::vector<SuitRange> ranges;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if (t == 0 || rules.tile(t).suit != rules.tile(static_cast<TileId>(t - 1)).suit) {
      ranges.push_back({t, t});
    }
    ranges.back().end = static_cast<TileId>(t + 1);
  }
  return ranges;
}

}  // namespace meldgraph::shanten_detail
