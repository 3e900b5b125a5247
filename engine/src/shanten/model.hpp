#pragma once
/// Shanten, waits and improving tiles.
///
/// The cost model. A target is a complete concealed hand W of the hand's concealed size (one more
/// for a 3n+1 hand), the declared melds fixed beside it, written as a demand d(t) per tile kind.
/// Turning the hand into W keeps every natural copy W can use (min(d(t), held(t))), lets held
/// wildcards fill slots, and draws a natural tile for every other slot. With
///   need = sum over t of max(0, d(t) - held(t))     (slots the naturals held cannot fill)
/// and `usable` the wildcards the form may use (none for `wildcards: false`, at most
/// `wildcards.max_in_win`; the others are discarded), the exchanges are need - usable (need is
/// never below the wildcards held: W is no smaller than the hand), and the shanten is that less
/// one. Limits:
///   - copies: a slot beyond the natural limit of its tile (its copies less the declared ones;
///     none for a wild tile kind, whose copies are wildcards) can only be a held wildcard, and
///     those slots may not outnumber the usable wildcards; with `exceed_copies: false` stand-ins
///     may not pass the copies either, so d(t) itself is capped;
///   - pairs: only on `pair_tiles`; with `pair_wildcards` none (with_natural) both slots (one
///     slot) of a pair must be natural, so its missing natural slots are draws no wildcard can
///     save: with `fixed` the sum of those, the exchanges are max(need - usable, fixed).
/// Drawing a wildcard is not an exchange (how many remain is not known); waits report that draw
/// separately. The `wildcards` form is the exception: it is about drawing wildcards.
///
/// Melds forms are searched by a dynamic programme over the tile ids of each suit: at each tile it
/// chooses the pungs, pairs and chows starting there, carrying the chows that still need the next
/// two tiles; the suits' tables are then combined. With enough untouched tiles in the set it only
/// places melds that hold a tile of the hand and adds the rest as "free" melds of missing tiles
/// (see MeldsSearch), which keeps it small.
///
/// This header holds the model's values (the hand's profile, the per-tile limits of a target, the
/// pair rule) and the small functions every form's cost uses; melds_search.hpp, form_costs.hpp and
/// solver.hpp build on it, shanten.cpp holds the public entry points.

#include <array>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph::shanten_detail {

/// A form that no exchange of natural tiles can complete.
inline constexpr int kUnreachable = 1 << 20;
/// The total limit of a tile when stand-ins may exceed the copies: more than any hand can demand.
inline constexpr int kNoLimit = 255;

/// The hand as the search sees it: counts only. Tiles past `kinds` are zero.
struct Profile {
  TileId kinds = 0;       ///< meldable tile kinds: [0, kinds)
  TileCounts held{};      ///< natural concealed copies; zero for wild kinds
  TileCounts declared{};  ///< natural copies in declared melds
  TileMask wild = 0;      ///< tile kinds that are wildcards in this hand
  /// Concealed wildcards that may stand for any tile (jokers and wild tiles); under restricted
  /// stand-ins only the unrestricted ones, the others being assigned (`assigned`).
  int wildcards = 0;
  int all_wildcards = 0;  ///< every concealed wildcard (the `wildcards` form counts them all)
  /// Restricted wildcards assigned to the tile they stand for, counted in `held` as if natural:
  /// each fills a slot of its tile, beyond the natural copies if need be.
  TileCounts assigned{};
  bool any_assigned = false;
  int concealed = 0;  ///< concealed tiles, wildcards included
  int declared_melds = 0;
  /// Tiles the target may not hold (the suit a hand must lack); held ones are discarded.
  TileMask excluded = 0;
};

/// The profile of a hand: natural counts (wild kinds zeroed), declared copies, wildcards.
Profile make_profile(const RuleSet& rules, const Hand& hand);

/// The profile with one more natural tile drawn.
inline Profile with_tile(Profile profile, TileId tile) {
  ++profile.held[tile];
  ++profile.concealed;
  return profile;
}

/// The profile with one more wildcard drawn.
inline Profile with_wildcard(Profile profile) {
  ++profile.wildcards;
  ++profile.all_wildcards;
  ++profile.concealed;
  return profile;
}

/// Natural copies of `tile` held anywhere (concealed and declared); zero for wild kinds.
inline int held_anywhere(const Profile& profile, TileId tile) {
  return profile.held[tile] + profile.declared[tile];
}

/// Per-tile limits of a target's demand, derived once per profile.
struct Limits {
  /// Most natural copies the concealed target may hold: copies (or the copies held, when a
  /// hypothetical draw passed them) less the declared ones; zero for wild kinds.
  std::array<int, kMaxTileKinds> natural{};
  /// Most copies counting stand-ins: kNoLimit unless copies are capped.
  std::array<int, kMaxTileKinds> total{};
  /// Natural copies held of the tile and its next two sequence neighbours: a chow starting here
  /// holds a tile of the hand only when this is positive.
  std::array<int, kMaxTileKinds> chow_anchor{};
  std::array<bool, kMaxTileKinds> chow_start{};  ///< a chow may start at the tile
};

/// The limits of a target's demand for `profile` under `rules`.
Limits make_limits(const RuleSet& rules, const Profile& profile);

/// Wildcards a form may use: none when it takes no wildcards, at most `max_in_win` (the
/// `wildcards` form, exempt from it, is priced apart).
int usable_wildcards(const RuleSet& rules, const FormSpec& form, const Profile& profile);

/// How the pairs of a form are placed.
struct PairRule {
  TileMask tiles = 0;  ///< tiles a pair may be; 0: every tile
  int natural = 0;     ///< slots of each pair that must be natural: 0, 1 or 2
  [[nodiscard]] bool allows(TileId tile) const {
    return tiles == 0 || (tiles & tile_bit(tile)) != 0;
  }
};

inline PairRule pair_rule(const FormSpec& form) {
  PairRule rule;
  rule.tiles = form.pair_tiles;
  rule.natural = form.pair_wildcards == PairWildcards::none           ? 2
                 : form.pair_wildcards == PairWildcards::with_natural ? 1
                                                                      : 0;
  return rule;
}

/// Exchanges from need, the usable wildcards and the slots only natural draws can fill.
inline int exchanges(int need, int usable, int fixed) {
  return std::max(need - usable, fixed);
}

/// Tile ids of one meldable suit, [first, end): a suit's tiles have consecutive ids and chows
/// never leave their suit, so suits are searched apart and their tables combined.
struct SuitRange {
  TileId first = 0;
  TileId end = 0;
};

/// The meldable suits' id ranges, in tile order.
std::vector<SuitRange> suit_ranges(const RuleSet& rules);

}  // namespace meldgraph::shanten_detail
