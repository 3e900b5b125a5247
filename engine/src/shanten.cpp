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

#include "meldgraph/shanten.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "meldgraph/error.hpp"

namespace meldgraph {
namespace {

/// A form that no exchange of natural tiles can complete.
constexpr int kUnreachable = 1 << 20;
/// The total limit of a tile when stand-ins may exceed the copies: more than any hand can demand.
constexpr int kNoLimit = 255;
/// The most assignments of restricted wildcards priced for one hand (see ConstrainedSolver).
constexpr std::size_t kMaxAssignments = 4096;

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

/// The profile with one more natural tile drawn.
Profile with_tile(Profile profile, TileId tile) {
  ++profile.held[tile];
  ++profile.concealed;
  return profile;
}

/// The profile with one more wildcard drawn.
Profile with_wildcard(Profile profile) {
  ++profile.wildcards;
  ++profile.all_wildcards;
  ++profile.concealed;
  return profile;
}

/// Natural copies of `tile` held anywhere (concealed and declared); zero for wild kinds.
int held_anywhere(const Profile& profile, TileId tile) {
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

/// Wildcards a form may use: none when it takes no wildcards, at most `max_in_win` (the
/// `wildcards` form, exempt from it, is priced apart).
int usable_wildcards(const RuleSet& rules, const FormSpec& form, const Profile& profile) {
  if (!form.wildcards) return 0;
  const int most = rules.wildcards().max_in_win;
  return most == 0 ? profile.wildcards : std::min(profile.wildcards, most);
}

/// How the pairs of a form are placed.
struct PairRule {
  TileMask tiles = 0;  ///< tiles a pair may be; 0: every tile
  int natural = 0;     ///< slots of each pair that must be natural: 0, 1 or 2
  [[nodiscard]] bool allows(TileId tile) const {
    return tiles == 0 || (tiles & tile_bit(tile)) != 0;
  }
};

PairRule pair_rule(const FormSpec& form) {
  PairRule rule;
  rule.tiles = form.pair_tiles;
  rule.natural = form.pair_wildcards == PairWildcards::none           ? 2
                 : form.pair_wildcards == PairWildcards::with_natural ? 1
                                                                      : 0;
  return rule;
}

/// Exchanges from need, the usable wildcards and the slots only natural draws can fill.
int exchanges(int need, int usable, int fixed) {
  return std::max(need - usable, fixed);
}

/// Tile ids of one meldable suit, [first, end): a suit's tiles have consecutive ids and chows
/// never leave their suit, so suits are searched apart and their tables combined.
struct SuitRange {
  TileId first = 0;
  TileId end = 0;
};

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

/// Reusable buffers of the melds search.
struct Scratch {
  struct Entry {
    std::uint8_t melds;   ///< melds placed
    std::uint8_t pairs;   ///< pairs placed
    std::uint8_t carry1;  ///< chows started at the previous tile (need this tile and the next)
    std::uint8_t carry2;  ///< chows started two tiles back (need this tile)
    std::uint8_t wild;    ///< wildcard-only slots so far
    std::uint8_t fixed;   ///< missing pair slots only a natural draw can fill, so far
    int need;             ///< least missing slots so far
  };
  std::vector<Entry> current;
  std::vector<Entry> next;
  std::vector<int> slot;  ///< state key -> index into `next`, or -1 (all -1 between tiles)
};

/// A table of least need by (melds, pairs, wildcard-only slots, fixed slots) placed;
/// kUnreachable where nothing fits.
using NeedTable = std::vector<int>;

/// The search of one melds form: `melds` melds and `pairs` pairs over the concealed target, with
/// at most `usable` wildcards.
///
/// `relaxed`: only melds holding a tile of the hand are placed (a pung on a held tile, at most one
/// per copy held; a chow over at least one held tile); the pairs are placed anywhere, and the melds
/// left are "free": placed on tiles nothing else touches, every slot missing, so they add their
/// size to need. That is exact when the set has at least 2 * melds + pairs "fresh" tiles (held
/// nowhere, not wild, three copies or more): the placed chows touch at most two unheld tiles each
/// and the pairs one each, so the free melds always fit; and any target's melds that hold a tile of
/// the hand, with its pairs, are such a placement, while its other melds cost their size wherever
/// they stand. relaxed_is_exact checks the condition; without it every placement is searched and
/// the counts must come out exactly.
class MeldsSearch {
 public:
  MeldsSearch(int melds, int pairs, int usable, const PairRule& pair_rule, bool relaxed)
      : melds_(melds),
        pairs_(pairs),
        usable_(usable),
        pair_rule_(pair_rule),
        // Fixed slots matter only when wildcards could otherwise fill them.
        fixed_most_(usable > 0 ? pair_rule.natural * pairs : 0),
        relaxed_(relaxed) {}

  [[nodiscard]] bool relaxed() const { return relaxed_; }
  [[nodiscard]] int usable() const { return usable_; }

  /// The table of nothing placed.
  [[nodiscard]] NeedTable unit() const {
    NeedTable table(size(), kUnreachable);
    table[0] = 0;
    return table;
  }

  /// Least need of the groups placed within one suit, by what they use.
  [[nodiscard]] NeedTable suit_table(const Profile& profile, const Limits& limits, SuitRange suit,
                                     Scratch& scratch) const {
    using Entry = Scratch::Entry;
    const int dc = melds_ + 1;
    const auto key = [&](const Entry& e) {
      return ((static_cast<int>(index(e.melds, e.pairs, e.wild, e.fixed)) * dc + e.carry1) * dc +
              e.carry2);
    };
    scratch.slot.assign(size() * static_cast<std::size_t>(dc * dc), -1);
    scratch.current.assign(1, Entry{0, 0, 0, 0, 0, 0, 0});
    for (TileId t = suit.first; t < suit.end; ++t) {
      const int held = profile.held[t];
      const int natural = limits.natural[t];
      const int total = limits.total[t];
      const int anchor = relaxed_ ? limits.chow_anchor[t] : kNoLimit;
      const int pair_most = pair_rule_.allows(t) ? pairs_ : 0;
      scratch.next.clear();
      for (const Entry& entry : scratch.current) {
        const int base = entry.carry1 + entry.carry2;
        for (int r = 0; r <= std::min(pair_most, pairs_ - entry.pairs); ++r) {
          // Natural pair slots need natural copies.
          if (pair_rule_.natural * r > natural) break;
          const int fixed =
              entry.fixed + (fixed_most_ > 0 ? std::max(0, pair_rule_.natural * r - held) : 0);
          for (int g = 0; g <= melds_ - entry.melds; ++g) {
            if (relaxed_ && g > held) break;
            const int chow_most =
                limits.chow_start[t] ? std::min(melds_ - entry.melds - g, anchor) : 0;
            for (int s = 0; s <= chow_most; ++s) {
              const int demand = base + s + 3 * g + 2 * r;
              if (demand > total) break;
              const int wild = entry.wild + std::max(0, demand - natural);
              if (wild > usable_) break;
              const Entry child{static_cast<std::uint8_t>(entry.melds + g + s),
                                static_cast<std::uint8_t>(entry.pairs + r),
                                static_cast<std::uint8_t>(s),
                                entry.carry1,
                                static_cast<std::uint8_t>(wild),
                                static_cast<std::uint8_t>(fixed),
                                entry.need + std::max(0, demand - held)};
              int& index = scratch.slot[static_cast<std::size_t>(key(child))];
              if (index < 0) {
                index = static_cast<int>(scratch.next.size());
                scratch.next.push_back(child);
              } else {
                Entry& known = scratch.next[static_cast<std::size_t>(index)];
                known.need = std::min(known.need, child.need);
              }
            }
          }
        }
      }
      for (const Entry& entry : scratch.next) {
        scratch.slot[static_cast<std::size_t>(key(entry))] = -1;
      }
      std::swap(scratch.current, scratch.next);
    }
    NeedTable table(size(), kUnreachable);
    for (const Entry& entry : scratch.current) {
      // Chows start only where two more tiles of the suit follow: nothing is carried out of it.
      int& slot = table[index(entry.melds, entry.pairs, entry.wild, entry.fixed)];
      slot = std::min(slot, entry.need);
    }
    return table;
  }

  /// The table of two disjoint parts placed together.
  [[nodiscard]] NeedTable combine(const NeedTable& a, const NeedTable& b) const {
    NeedTable table(size(), kUnreachable);
    for (int m1 = 0; m1 <= melds_; ++m1) {
      for (int q1 = 0; q1 <= pairs_; ++q1) {
        for (int w1 = 0; w1 <= usable_; ++w1) {
          for (int f1 = 0; f1 <= fixed_most_; ++f1) {
            const int need1 = a[index(m1, q1, w1, f1)];
            if (need1 >= kUnreachable) continue;
            for (int m2 = 0; m1 + m2 <= melds_; ++m2) {
              for (int q2 = 0; q1 + q2 <= pairs_; ++q2) {
                for (int w2 = 0; w1 + w2 <= usable_; ++w2) {
                  for (int f2 = 0; f1 + f2 <= fixed_most_; ++f2) {
                    const int need2 = b[index(m2, q2, w2, f2)];
                    if (need2 >= kUnreachable) continue;
                    int& slot = table[index(m1 + m2, q1 + q2, w1 + w2, f1 + f2)];
                    slot = std::min(slot, need1 + need2);
                  }
                }
              }
            }
          }
        }
      }
    }
    return table;
  }

  /// Least exchanges of a whole target from the table of every suit combined. `extra_need`
  /// slots placed outside the search (a knit) add to the need, and `extra_usable` wildcards,
  /// held back from the search for those slots, to the wildcards that save exchanges.
  [[nodiscard]] int finish(const NeedTable& table, int extra_need = 0, int extra_usable = 0) const {
    int best = kUnreachable;
    for (int m = relaxed_ ? 0 : melds_; m <= melds_; ++m) {
      const int free_slots = 3 * (melds_ - m);
      for (int w = 0; w <= usable_; ++w) {
        for (int f = 0; f <= fixed_most_; ++f) {
          const int need = table[index(m, pairs_, w, f)];
          if (need < kUnreachable) {
            best = std::min(best,
                            exchanges(need + free_slots + extra_need, usable_ + extra_usable, f));
          }
        }
      }
    }
    return best;
  }

 private:
  [[nodiscard]] std::size_t size() const {
    const int cells = (melds_ + 1) * (pairs_ + 1) * (usable_ + 1) * (fixed_most_ + 1);
    return static_cast<std::size_t>(cells);
  }
  [[nodiscard]] std::size_t index(int m, int q, int w, int f) const {
    const int cell = ((m * (pairs_ + 1) + q) * (usable_ + 1) + w) * (fixed_most_ + 1) + f;
    return static_cast<std::size_t>(cell);
  }

  int melds_;
  int pairs_;
  int usable_;
  PairRule pair_rule_;
  int fixed_most_;
  bool relaxed_;
};

/// Whether the relaxed melds search is exact for this profile (see MeldsSearch).
bool relaxed_is_exact(const RuleSet& rules, const Profile& profile, int melds, int pairs) {
  if (melds == 0) return true;  // nothing is left free
  int fresh = 0;
  for (TileId t = 0; t < profile.kinds; ++t) {
    if ((profile.wild & tile_bit(t)) != 0 || held_anywhere(profile, t) != 0) continue;
    if ((profile.excluded & tile_bit(t)) != 0) continue;
    if (rules.tile(t).copies >= 3) ++fresh;
  }
  return fresh >= 2 * melds + pairs;
}

/// Least exchanges of a pairs form: `pairs` pairs, at most one per tile unless four of a kind may
/// count as two pairs (then as many as the limits allow), and `pungs` pungs (嚦咕嚦咕).
int pairs_exchanges(const FormSpec& form, const Profile& profile, const Limits& limits,
                    int usable) {
  const PairRule rule = pair_rule(form);
  const int pairs = form.pairs;
  const int pungs = form.pungs;
  const int fixed_most = usable > 0 ? rule.natural * pairs : 0;
  const int width_w = usable + 1;
  const int width_f = fixed_most + 1;
  const int width_k = pungs + 1;
  const auto index = [&](int q, int k, int w, int f) {
    const int cell = ((q * width_k + k) * width_w + w) * width_f + f;
    return static_cast<std::size_t>(cell);
  };
  // best[index(q, k, w, f)]: least need with q pairs and k pungs placed, w wildcard-only slots,
  // f fixed slots.
  std::vector<int> best(index(pairs + 1, 0, 0, 0), kUnreachable);
  std::vector<int> next(best.size());
  best[0] = 0;
  for (TileId t = 0; t < profile.kinds; ++t) {
    std::fill(next.begin(), next.end(), kUnreachable);
    const int held = profile.held[t];
    for (int q = 0; q <= pairs; ++q) {
      for (int k = 0; k <= pungs; ++k) {
        for (int w = 0; w <= usable; ++w) {
          for (int f = 0; f <= fixed_most; ++f) {
            const int need = best[index(q, k, w, f)];
            if (need >= kUnreachable) continue;
            int most = form.four_as_two_pairs ? pairs - q : std::min(1, pairs - q);
            if (!rule.allows(t)) most = 0;
            for (int c = 0; c <= most; ++c) {
              if (rule.natural * c > limits.natural[t]) break;
              for (int g = 0; g <= pungs - k; ++g) {
                const int demand = 2 * c + 3 * g;
                if (demand > limits.total[t]) break;
                const int wild = w + std::max(0, demand - limits.natural[t]);
                if (wild > usable) break;
                const int fixed = f + (fixed_most > 0 ? std::max(0, rule.natural * c - held) : 0);
                int& slot = next[index(q + c, k + g, wild, fixed)];
                slot = std::min(slot, need + std::max(0, demand - held));
              }
            }
          }
        }
      }
    }
    std::swap(best, next);
  }
  int result = kUnreachable;
  for (int w = 0; w <= usable; ++w) {
    for (int f = 0; f <= fixed_most; ++f) {
      const int need = best[index(pairs, pungs, w, f)];
      if (need < kUnreachable) result = std::min(result, exchanges(need, usable, f));
    }
  }
  return result;
}

/// Least exchanges of a set form: each set tile once, one of them twice; tiles outside the set
/// never.
int set_exchanges(const FormSpec& form, const Profile& profile, const Limits& limits, int usable) {
  int need = 0;
  int wild = 0;
  for (const TileId t : form.set_tiles) {
    if (limits.total[t] < 1) return kUnreachable;
    need += std::max(0, 1 - profile.held[t]);
    wild += std::max(0, 1 - limits.natural[t]);
  }
  int best = kUnreachable;
  for (const TileId t : form.set_tiles) {
    if (limits.total[t] < 2) continue;
    const int more_wild = std::max(0, 2 - limits.natural[t]) - std::max(0, 1 - limits.natural[t]);
    if (wild + more_wild > usable) continue;
    const int more_need = std::max(0, 2 - profile.held[t]) - std::max(0, 1 - profile.held[t]);
    best = std::min(best, exchanges(need + more_need, usable, 0));
  }
  return best;
}

/// Least exchanges of the knitted straight: per assignment of classes to suits, the knit takes
/// one held copy of each of its tiles (a knit tile not held is one slot to fill), and the melds
/// search places the rest of the target over what is left. Demand splits as d = knit + rest, and
/// max(0, 1 + rest - h) = [h = 0] + max(0, rest - max(0, h - 1)), so the need adds up exactly.
int knitted_exchanges(const RuleSet& rules, const FormSpec& form, const Profile& profile,
                      const Limits& limits, int target, int usable, Scratch& scratch) {
  const int rest = target - 9 - 2 * form.pairs;
  if (rest < 0 || rest % 3 != 0) return kUnreachable;
  const KnitSuits& knit = rules.knit_suits();
  if (!knit.complete) return kUnreachable;  // the loader demands it for knitted forms
  const std::vector<SuitRange> ranges = suit_ranges(rules);
  int best = kUnreachable;
  for (const std::array<int, kKnitClasses>& perm : kKnitAssignments) {
    Profile left = profile;
    Limits reduced = limits;
    int knit_need = 0;
    int knit_wild = 0;  // knit slots no natural copy may fill
    bool possible = true;
    for (std::size_t k = 0; k < kKnitClasses; ++k) {
      for (int slot = 0; slot < 3; ++slot) {
        const TileId t = knit.tile(k, perm[k] + 1 + 3 * slot);
        if (reduced.total[t] < 1) possible = false;
        if (reduced.natural[t] < 1) ++knit_wild;
        if (left.held[t] == 0) ++knit_need;
        left.held[t] = static_cast<std::uint8_t>(std::max(0, left.held[t] - 1));
        reduced.natural[t] = std::max(0, reduced.natural[t] - 1);
        if (reduced.total[t] != kNoLimit) reduced.total[t] = std::max(0, reduced.total[t] - 1);
      }
    }
    if (!possible || knit_wild > usable) continue;
    // Chow anchors count the copies left to the melds.
    for (TileId t = 0; t < left.kinds; ++t) {
      const TileId second = rules.tile(t).next;
      const TileId third = second == kNoTile ? kNoTile : rules.tile(second).next;
      if (third != kNoTile) {
        reduced.chow_anchor[t] = left.held[t] + left.held[second] + left.held[third];
      }
    }
    const MeldsSearch search(rest / 3, form.pairs, usable - knit_wild, pair_rule(form), false);
    NeedTable table = search.unit();
    for (const SuitRange& suit : ranges) {
      table = search.combine(table, search.suit_table(left, reduced, suit, scratch));
    }
    best = std::min(best, search.finish(table, knit_need, knit_wild));
  }
  return best;
}

/// Least exchanges of a singles form: a target is a set T of distinct tiles the pattern admits
/// (the required ones among them), `pairs` of them doubled. A dynamic programme over the tile ids
/// keeps, per (tiles taken, pairs taken, wildcard-only slots, pattern), the least need; the
/// pattern is the class of the current suit and the classes taken (knitted) or the last rank
/// taken in the current suit (gapped). Knitted forms run once per class assignment.
int singles_exchanges(const RuleSet& rules, const FormSpec& form, const Profile& profile,
                      const Limits& limits, int usable) {
  const int distinct = form.hand_tiles - form.pairs;
  const int pairs = form.pairs;
  const bool knitted = form.singles_suits == SinglesSuits::knitted;
  constexpr int kKeys = 10;  // gapped: last rank 0..9; knitted: unused (one key)
  const int keys = knitted ? 1 : kKeys;
  const auto index = [&](int n, int q, int w, int key) {
    const int cell = ((n * (pairs + 1) + q) * (usable + 1) + w) * keys + key;
    return static_cast<std::size_t>(cell);
  };
  const std::size_t cells = index(distinct + 1, 0, 0, 0);
  std::vector<int> best(cells);
  std::vector<int> next(cells);
  int result = kUnreachable;
  const int assignments = knitted ? static_cast<int>(kKnitAssignments.size()) : 1;
  for (int a = 0; a < assignments; ++a) {
    std::fill(best.begin(), best.end(), kUnreachable);
    best[0] = 0;
    int knit_suit = -1;
    for (TileId t = 0; t < profile.kinds; ++t) {
      const TileInfo& info = rules.tile(t);
      const bool sequences = rules.suits()[info.suit].sequences;
      const bool suit_start = t == 0 || rules.tile(static_cast<TileId>(t - 1)).suit != info.suit;
      if (sequences && suit_start) ++knit_suit;
      bool admitted = sequences ? true : (form.single_tiles & tile_bit(t)) != 0;
      if (sequences && knitted) {
        admitted =
            knit_class(info.rank) ==
            kKnitAssignments[static_cast<std::size_t>(a)][static_cast<std::size_t>(knit_suit)];
      }
      const bool required = (form.required & tile_bit(t)) != 0;
      std::fill(next.begin(), next.end(), kUnreachable);
      for (int n = 0; n <= distinct; ++n) {
        for (int q = 0; q <= pairs; ++q) {
          for (int w = 0; w <= usable; ++w) {
            for (int key = 0; key < keys; ++key) {
              const int need = best[index(n, q, w, key)];
              if (need >= kUnreachable) continue;
              // A new suit forgets the last rank of the previous one.
              const int current = suit_start ? 0 : key;
              if (!required) {
                int& skip = next[index(n, q, w, current)];
                skip = std::min(skip, need);
              }
              if (!admitted || n == distinct) continue;
              if (sequences && !knitted && current != 0 && info.rank - current < form.gap) {
                continue;
              }
              const int taken_key = sequences && !knitted ? info.rank : current;
              for (int doubled = 0; doubled <= std::min(1, pairs - q); ++doubled) {
                const int demand = 1 + doubled;
                if (demand > limits.total[t]) break;
                const int wild = w + std::max(0, demand - limits.natural[t]);
                if (wild > usable) break;
                int& slot = next[index(n + 1, q + doubled, wild, taken_key)];
                slot = std::min(slot, need + std::max(0, demand - profile.held[t]));
              }
            }
          }
        }
      }
      std::swap(best, next);
    }
    for (int w = 0; w <= usable; ++w) {
      for (int key = 0; key < keys; ++key) {
        const int need = best[index(distinct, pairs, w, key)];
        if (need < kUnreachable) result = std::min(result, exchanges(need, usable, 0));
      }
    }
  }
  return result;
}

/// Wildcards the set holds for this hand: jokers plus every copy of the wild tile kinds.
int wildcard_supply(const RuleSet& rules, TileMask wild) {
  int supply = rules.wildcards().jokers;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((wild & tile_bit(t)) != 0) supply += rules.tile(t).copies;
  }
  return supply;
}

/// Shanten by form of one hand and of that hand with one tile drawn. The concealed target size is
/// fixed, so a 3n+1 hand and its draws share it. The suit tables of the melds forms are kept, so
/// that a draw recomputes only the drawn tile's suit.
class ShantenSolver {
 public:
  /// `draws`: draws will be asked about, so the suit tables are kept.
  ShantenSolver(const RuleSet& rules, const Profile& profile, int target, bool draws)
      : rules_(rules), profile_(profile), target_(target), suits_(suit_ranges(rules)) {
    const Limits limits = make_limits(rules_, profile_);
    for (std::size_t f = 0; draws && f < rules_.forms().size(); ++f) {
      const FormSpec& form = rules_.forms()[f];
      if (!form.enabled || form.type != FormType::melds) continue;
      const auto [melds, applies] = meld_count(form);
      if (!applies) continue;
      MeldsCache cache{f, search_for(form, profile_, melds), {}, {}};
      for (const SuitRange& suit : suits_) {
        cache.tables.push_back(cache.search.suit_table(profile_, limits, suit, scratch_));
      }
      // without[s]: every suit but s combined, so that a draw in suit s combines two tables.
      const std::size_t n = suits_.size();
      std::vector<NeedTable> prefix(n + 1, cache.search.unit());
      std::vector<NeedTable> suffix(n + 1, cache.search.unit());
      for (std::size_t s = 0; s < n; ++s) {
        prefix[s + 1] = cache.search.combine(prefix[s], cache.tables[s]);
        suffix[n - 1 - s] = cache.search.combine(suffix[n - s], cache.tables[n - 1 - s]);
      }
      for (std::size_t s = 0; s < n; ++s) {
        cache.without.push_back(cache.search.combine(prefix[s], suffix[s + 1]));
      }
      melds_.push_back(std::move(cache));
    }
    base_ = evaluate(profile_, limits, nullptr);
  }

  /// Every enabled form that applies to the target size and can be reached, in rule-set order.
  [[nodiscard]] const std::vector<FormShanten>& base() const { return base_; }

  [[nodiscard]] std::vector<FormShanten> after_tile(TileId tile) {
    const Profile drawn = with_tile(profile_, tile);
    return evaluate(drawn, make_limits(rules_, drawn), &tile);
  }

  [[nodiscard]] std::vector<FormShanten> after_wildcard() {
    const Profile drawn = with_wildcard(profile_);
    return evaluate(drawn, make_limits(rules_, drawn), nullptr);
  }

 private:
  struct MeldsCache {
    std::size_t form;
    MeldsSearch search;
    std::vector<NeedTable> tables;   ///< per suit, for profile_
    std::vector<NeedTable> without;  ///< per suit: the other suits combined
  };

  /// Melds a melds form needs for the target, and whether the target's size fits the form.
  [[nodiscard]] std::pair<int, bool> meld_count(const FormSpec& form) const {
    const int rest = target_ - 2 * form.pairs;
    return {rest / 3, rest >= 0 && rest % 3 == 0};
  }

  [[nodiscard]] MeldsSearch search_for(const FormSpec& form, const Profile& profile,
                                       int melds) const {
    return MeldsSearch(melds, form.pairs, usable_wildcards(rules_, form, profile), pair_rule(form),
                       relaxed_is_exact(rules_, profile, melds, form.pairs));
  }

  /// Least exchanges of a melds form for `profile`; `drawn` names the one tile it adds to
  /// profile_, or is null.
  int melds_exchanges(const FormSpec& form, std::size_t f, const Profile& profile,
                      const Limits& limits, const TileId* drawn) {
    const MeldsSearch search = search_for(form, profile, meld_count(form).first);
    for (const MeldsCache& cache : melds_) {
      if (cache.form != f || drawn == nullptr) continue;
      // The kept tables hold for the drawn profile when the search is the same; a draw changes
      // only the drawn tile's suit.
      if (cache.search.relaxed() != search.relaxed() || cache.search.usable() != search.usable()) {
        break;
      }
      for (std::size_t s = 0; s < suits_.size(); ++s) {
        if (*drawn < suits_[s].first || *drawn >= suits_[s].end) continue;
        const NeedTable table = search.suit_table(profile, limits, suits_[s], scratch_);
        return search.finish(search.combine(table, cache.without[s]));
      }
    }
    NeedTable table = search.unit();
    for (const SuitRange& suit : suits_) {
      table = search.combine(table, search.suit_table(profile, limits, suit, scratch_));
    }
    return search.finish(table);
  }

  std::vector<FormShanten> evaluate(const Profile& profile, const Limits& limits,
                                    const TileId* drawn) {
    std::vector<FormShanten> result;
    for (std::size_t f = 0; f < rules_.forms().size(); ++f) {
      const FormSpec& form = rules_.forms()[f];
      if (!form.enabled) continue;
      // Pairs and set forms are whole-hand shapes: the target size and no declared meld.
      const bool whole_hand = form.hand_tiles == target_ && profile.declared_melds == 0;
      const int usable = usable_wildcards(rules_, form, profile);
      // A form without wildcards is priced with every restricted wildcard unassigned only.
      if (!form.wildcards && profile.any_assigned) continue;
      int cost = kUnreachable;
      switch (form.type) {
        case FormType::wildcards: {
          if (form.count > target_ || wildcard_supply(rules_, profile.wild) < form.count) continue;
          // Wildcards still to draw, and at least the tile a 3n+1 hand lacks.
          cost = std::max(target_ - profile.concealed, form.count - profile.all_wildcards);
          break;
        }
        case FormType::melds:
          if (!meld_count(form).second) continue;
          cost = melds_exchanges(form, f, profile, limits, drawn);
          break;
        case FormType::pairs:
          if (!whole_hand) continue;
          cost = pairs_exchanges(form, profile, limits, usable);
          break;
        case FormType::set:
          if (!whole_hand) continue;
          cost = set_exchanges(form, profile, limits, usable);
          break;
        case FormType::knitted:
          cost = knitted_exchanges(rules_, form, profile, limits, target_, usable, scratch_);
          break;
        case FormType::singles:
          if (!whole_hand) continue;
          cost = singles_exchanges(rules_, form, profile, limits, usable);
          break;
      }
      if (cost >= kUnreachable) continue;
      result.push_back({f, cost - 1});
    }
    return result;
  }

  const RuleSet& rules_;
  const Profile profile_;
  const int target_;
  const std::vector<SuitRange> suits_;
  Scratch scratch_;
  std::vector<MeldsCache> melds_;
  std::vector<FormShanten> base_;
};

/// The least shanten by form over every choice of the suits a hand must lack
/// (hand.missing_suits): one ShantenSolver per choice, the target holding no tile of the chosen
/// suits. Without that rule, one solver over every tile.
class ConstrainedSolver {
 public:
  ConstrainedSolver(const RuleSet& rules, const Hand& hand, const Profile& profile, int target,
                    bool draws)
      : rules_(rules), hand_(hand), target_(target) {
    const std::vector<Profile> assignments = assign_restricted(rules, hand, profile);
    for (const TileMask excluded : suit_exclusions(rules, profile)) {
      for (const Profile& assignment : assignments) {
        Profile choice = assignment;
        choice.excluded = assignment.excluded | excluded;
        solvers_.emplace_back(rules, choice, target, draws);
      }
    }
    std::vector<std::vector<FormShanten>> each;
    for (const ShantenSolver& solver : solvers_) each.push_back(solver.base());
    base_ = merge(each);
  }

  [[nodiscard]] const std::vector<FormShanten>& base() const { return base_; }

  [[nodiscard]] std::vector<FormShanten> after_tile(TileId tile) {
    std::vector<std::vector<FormShanten>> each;
    for (ShantenSolver& solver : solvers_) each.push_back(solver.after_tile(tile));
    return merge(each);
  }

  [[nodiscard]] std::vector<FormShanten> after_wildcard() {
    if (rules_.wildcards().restricted) {
      // The drawn wildcard has its own stand-ins: a joker when the set has jokers, else a copy of
      // the hand's first wild tile kind; priced as a hand of its own.
      Hand drawn = hand_;
      if (rules_.wildcards().jokers > 0) {
        ++drawn.jokers;
      } else {
        for (TileId t = 0; t < rules_.tile_count(); ++t) {
          if ((drawn.wild_tiles & tile_bit(t)) != 0) {
            ++drawn.counts[t];
            break;
          }
        }
      }
      return ConstrainedSolver(rules_, drawn, make_profile(rules_, drawn), target_, false).base();
    }
    std::vector<std::vector<FormShanten>> each;
    for (ShantenSolver& solver : solvers_) each.push_back(solver.after_wildcard());
    return merge(each);
  }

 private:
  /// Under restricted stand-ins, every way to assign the restricted wildcards to tiles they may
  /// stand for or to nothing (discarded): one profile each, the assigned wildcards held as their
  /// tiles. The shanten is the least over them: a target's slots a restricted wildcard fills are
  /// exactly an assignment. Without restrictions, the profile itself.
  static std::vector<Profile> assign_restricted(const RuleSet& rules, const Hand& hand,
                                                const Profile& profile) {
    if (!rules.wildcards().restricted) return {profile};
    const WildcardClasses classes = wildcard_classes(rules, hand);
    Profile base = profile;
    base.wildcards = classes.unrestricted >= 0
                         ? classes.held[static_cast<std::size_t>(classes.unrestricted)]
                         : 0;
    std::vector<Profile> out{base};
    for (int c = 0; c < classes.count; ++c) {
      if (c == classes.unrestricted) continue;
      std::vector<TileId> options;
      for (TileId t = 0; t < profile.kinds; ++t) {
        if ((classes.masks[static_cast<std::size_t>(c)] & tile_bit(t)) != 0) options.push_back(t);
      }
      std::vector<Profile> next;
      for (const Profile& partial : out) {
        // Multisets of `held` choices among the options and "nothing", by non-decreasing index.
        const auto place = [&](auto&& self, Profile current, std::size_t from, int left) -> void {
          if (next.size() > kMaxAssignments) {
            throw AnalysisError(
                "too many ways to assign the hand's restricted wildcards (more "
                "than " +
                std::to_string(kMaxAssignments) + ") for an exact answer");
          }
          if (left == 0) {
            next.push_back(current);
            return;
          }
          self(self, current, options.size(), 0);  // the rest are discarded
          for (std::size_t i = from; i < options.size(); ++i) {
            Profile more = current;
            ++more.held[options[i]];
            ++more.assigned[options[i]];
            more.any_assigned = true;
            self(self, more, i, left - 1);
          }
        };
        place(place, partial, 0, classes.held[static_cast<std::size_t>(c)]);
      }
      out = std::move(next);
    }
    return out;
  }
  /// The tile masks of the suit choices: every set of `missing_suits` sequence suits holding no
  /// declared tile (declared melds cannot be discarded). {0} when the rule is off.
  static std::vector<TileMask> suit_exclusions(const RuleSet& rules, const Profile& profile) {
    const int missing = rules.missing_suits();
    if (missing == 0) return {0};
    std::vector<TileMask> suits;  // tiles of each sequence suit
    for (std::size_t s = 0; s < rules.suits().size(); ++s) {
      const SuitInfo& suit = rules.suits()[s];
      if (suit.bonus || !suit.sequences) continue;
      TileMask mask = 0;
      for (TileId t = 0; t < rules.meldable_count(); ++t) {
        if (rules.tile(t).suit == s) mask |= tile_bit(t);
      }
      suits.push_back(mask);
    }
    std::vector<TileMask> choices;
    const auto count = static_cast<unsigned>(suits.size());
    for (unsigned subset = 0; subset < (1U << count); ++subset) {
      if (std::popcount(subset) != missing) continue;
      TileMask excluded = 0;
      for (unsigned s = 0; s < count; ++s) {
        if ((subset >> s & 1U) != 0) excluded |= suits[s];
      }
      bool declared = false;
      for (TileId t = 0; t < profile.kinds; ++t) {
        declared = declared || ((excluded & tile_bit(t)) != 0 && profile.declared[t] != 0);
      }
      if (!declared) choices.push_back(excluded);
    }
    return choices;
  }

  /// Per form, the least shanten over the choices, in rule-set order.
  static std::vector<FormShanten> merge(const std::vector<std::vector<FormShanten>>& each) {
    std::vector<FormShanten> merged;
    for (const std::vector<FormShanten>& forms : each) {
      for (const FormShanten& form : forms) {
        auto known = std::find_if(merged.begin(), merged.end(),
                                  [&](const FormShanten& m) { return m.form == form.form; });
        if (known == merged.end()) {
          merged.push_back(form);
        } else {
          known->shanten = std::min(known->shanten, form.shanten);
        }
      }
    }
    std::sort(merged.begin(), merged.end(),
              [](const FormShanten& a, const FormShanten& b) { return a.form < b.form; });
    return merged;
  }

  const RuleSet& rules_;
  Hand hand_;
  int target_ = 0;
  std::vector<ShantenSolver> solvers_;
  std::vector<FormShanten> base_;
};

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

/// 1-based column of the character at byte `pos` of `text`, counting UTF-8 characters.
int column_of(std::string_view text, std::size_t pos) {
  int column = 1;
  for (std::size_t i = 0; i < pos && i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  }
  return column;
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

TileCounts parse_visible(std::string_view text, const RuleSet& rules) {
  TileCounts counts{};
  std::vector<std::size_t> pending;  // byte positions of digits waiting for their suit letter
  for (std::size_t pos = 0; pos < text.size(); ++pos) {
    const char c = text[pos];
    if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;  // inside a UTF-8 character
    if (c == ' ' || c == '\t') continue;
    const int column = column_of(text, pos);
    if (c >= '0' && c <= '9') {
      pending.push_back(pos);
      continue;
    }
    if (c == '*') throw NotationError("jokers are not counted among visible tiles", column);
    if (c < 'a' || c > 'z') {
      std::size_t length = 1;
      while (pos + length < text.size() &&
             (static_cast<unsigned char>(text[pos + length]) & 0xC0) == 0x80) {
        ++length;
      }
      throw NotationError("unexpected character '" + std::string(text.substr(pos, length)) + "'",
                          column);
    }
    const int suit = rules.find_suit(c);
    if (suit < 0) throw NotationError(std::string("unknown suit '") + c + "'", column);
    if (pending.empty()) {
      throw NotationError(std::string("suit letter '") + c + "' follows no tile digits", column);
    }
    const SuitInfo& info = rules.suits()[static_cast<std::size_t>(suit)];
    for (const std::size_t digit_pos : pending) {
      const int digit = text[digit_pos] - '0';
      const int digit_column = column_of(text, digit_pos);
      if (digit == 0 && info.red_fives == 0) {
        throw NotationError(std::string("red five '0") + c + "' but rule set '" + rules.name() +
                                "' has no red fives in suit '" + c + "'",
                            digit_column);
      }
      const int rank = digit == 0 ? 5 : digit;
      const TileId tile = rules.find_tile(c, rank);
      if (tile == kNoTile) {
        throw NotationError(
            "tile " + std::to_string(rank) + c + " is not in rule set '" + rules.name() + "'",
            digit_column);
      }
      if (++counts[tile] > rules.tile(tile).copies) {
        throw NotationError("more visible copies of " + rules.tile(tile).code +
                                " than the set holds (" + std::to_string(rules.tile(tile).copies) +
                                ")",
                            digit_column);
      }
    }
    pending.clear();
  }
  if (!pending.empty()) {
    std::string digits;
    for (const std::size_t digit_pos : pending) digits += text[digit_pos];
    throw NotationError("tiles '" + digits + "' have no suit letter",
                        column_of(text, pending.front()));
  }
  return counts;
}

}  // namespace meldgraph
