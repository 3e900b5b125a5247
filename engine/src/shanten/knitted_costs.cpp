// The costs of the knitted forms: the knitted straight beside melds (per assignment of the knit
// classes to suits, the melds search over what the knit leaves) and the singles forms (knitted
// and gapped patterns of distinct tiles). See form_costs.hpp.

#include <algorithm>
#include <array>
#include <vector>

#include "form_costs.hpp"

namespace meldgraph::shanten_detail {

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

}  // namespace meldgraph::shanten_detail
