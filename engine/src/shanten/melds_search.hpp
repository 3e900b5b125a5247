#pragma once
/// The melds forms' shanten: a dynamic programme over the tile ids of each suit, whose tables of
/// least need are combined across suits (the cost model: model.hpp).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "meldgraph/model/rules.hpp"
#include "model.hpp"

namespace meldgraph::shanten_detail {

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
                                     Scratch& scratch) const;

  /// The table of two disjoint parts placed together.
  [[nodiscard]] NeedTable combine(const NeedTable& a, const NeedTable& b) const;

  /// Least exchanges of a whole target from the table of every suit combined. `extra_need`
  /// slots placed outside the search (a knit) add to the need, and `extra_usable` wildcards,
  /// held back from the search for those slots, to the wildcards that save exchanges.
  [[nodiscard]] int finish(const NeedTable& table, int extra_need = 0, int extra_usable = 0) const;

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
bool relaxed_is_exact(const RuleSet& rules, const Profile& profile, int melds, int pairs);

}  // namespace meldgraph::shanten_detail
