/// The queries by the exact search. Faster paths hook in here and must agree with it.

#include "meldgraph/queries.hpp"

#include "meldgraph/decomposition.hpp"
#include "meldgraph/shanten.hpp"

namespace meldgraph {

bool is_win(const RuleSet& rules, const Hand& hand) { return Decomposition(rules, hand).wins(); }

int shanten_number(const RuleSet& rules, const Hand& hand) {
  return compute_shanten(rules, hand).shanten;
}

int form_shanten(const RuleSet& rules, const Hand& hand, std::size_t form) {
  for (const FormShanten& entry : compute_shanten(rules, hand).by_form) {
    if (entry.form == form) return entry.shanten;
  }
  return kNoShanten;
}

TileMask wait_mask(const RuleSet& rules, const Hand& hand) {
  TileMask mask = 0;
  for (const WaitTile& wait : compute_waits(rules, hand, nullptr).tiles) mask |= tile_bit(wait.tile);
  return mask;
}

}  // namespace meldgraph
