// The costs of the pairs and set forms, and the wildcards a hand may draw (see form_costs.hpp).

#include <algorithm>
#include <vector>

#include "form_costs.hpp"

namespace meldgraph::shanten_detail {

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

/// Wildcards the set holds for this hand: jokers plus every copy of the wild tile kinds.
int wildcard_supply(const RuleSet& rules, TileMask wild) {
  int supply = rules.wildcards().jokers;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((wild & tile_bit(t)) != 0) supply += rules.tile(t).copies;
  }
  return supply;
}

}  // namespace meldgraph::shanten_detail
