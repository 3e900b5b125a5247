// The melds search's dynamic programme: one suit's table, two tables combined, the least
// exchanges of a whole target (see melds_search.hpp).

#include "melds_search.hpp"

#include <algorithm>

namespace meldgraph::shanten_detail {

NeedTable MeldsSearch::suit_table(const Profile& profile, const Limits& limits, SuitRange suit,
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

NeedTable MeldsSearch::combine(const NeedTable& a, const NeedTable& b) const {
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

int MeldsSearch::finish(const NeedTable& table, int extra_need, int extra_usable) const {
  int best = kUnreachable;
  for (int m = relaxed_ ? 0 : melds_; m <= melds_; ++m) {
    const int free_slots = 3 * (melds_ - m);
    for (int w = 0; w <= usable_; ++w) {
      for (int f = 0; f <= fixed_most_; ++f) {
        const int need = table[index(m, pairs_, w, f)];
        if (need < kUnreachable) {
          best =
              std::min(best, exchanges(need + free_slots + extra_need, usable_ + extra_usable, f));
        }
      }
    }
  }
  return best;
}

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

}  // namespace meldgraph::shanten_detail
