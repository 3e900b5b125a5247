// The hand as the reference sees it, read from the parser's Hand with nothing the engine derives.

#include "reference/ref_hand.hpp"

#include <array>
#include <cstdint>
#include <stdexcept>

namespace meldgraph::testref {

bool is_meldable(const RuleSet& rules, int tile) {
  return tile >= 0 && tile < rules.meldable_count() && !rules.tile(static_cast<TileId>(tile)).bonus;
}

/// The tile of rank + 1 in the same suit when the suit forms sequences, else -1.
int successor(const RuleSet& rules, int tile) {
  if (!is_meldable(rules, tile)) return -1;
  const TileInfo& info = rules.tile(static_cast<TileId>(tile));
  if (!rules.suits()[info.suit].sequences) return -1;
  const TileId next = rules.find_tile(info.letter, info.rank + 1);
  if (next == kNoTile || !is_meldable(rules, next)) return -1;
  return next;
}

/// The tile of rank - 1 in the same suit when the suit forms sequences, else -1.
int predecessor(const RuleSet& rules, int tile) {
  if (!is_meldable(rules, tile)) return -1;
  const TileInfo& info = rules.tile(static_cast<TileId>(tile));
  if (!rules.suits()[info.suit].sequences || info.rank <= 1) return -1;
  const TileId previous = rules.find_tile(info.letter, info.rank - 1);
  if (previous == kNoTile || !is_meldable(rules, previous)) return -1;
  return previous;
}

int copies_of(const RuleSet& rules, int tile) {
  return rules.tile(static_cast<TileId>(tile)).copies;
}

/// A declared meld of the hand (the parser's Group, the search's input) as a canonical group.
RefGroup declared_group(const Group& meld, int position) {
  RefGroup g;
  g.kind = meld.kind == GroupKind::kong   ? RefKind::kong
           : meld.kind == GroupKind::chow ? RefKind::chow
                                          : RefKind::pung;
  g.tile = meld.tiles[0];
  g.wild = meld.wild_mask;
  g.declared = position + 1;
  g.concealed = (meld.flags & kGroupConcealed) != 0;
  return g;
}

/// Sequence suits (non-bonus) with no bit in `touched`.
int lacking_suits(const RuleSet& rules, unsigned touched) {
  int lacking = 0;
  for (std::size_t s = 0; s < rules.suits().size(); ++s) {
    const SuitInfo& info = rules.suits()[s];
    if (info.sequences && !info.bonus && ((touched >> s) & 1U) == 0) ++lacking;
  }
  return lacking;
}

RefHand ref_hand(const Hand& hand, const RuleSet& rules) {
  RefHand out;
  out.wildcards = hand.jokers;
  for (int t = 0; t < rules.tile_count(); ++t) {
    const bool wild = ((hand.wild_tiles >> t) & 1U) != 0;
    if (wild) {
      out.wildcards += hand.counts[static_cast<std::size_t>(t)];
    } else if (is_meldable(rules, t)) {
      out.naturals[static_cast<std::size_t>(t)] = hand.counts[static_cast<std::size_t>(t)];
    }
  }
  out.size = out.wildcards;
  for (const int n : out.naturals) out.size += n;
  for (int m = 0; m < hand.meld_count; ++m) {
    const Group& meld = hand.melds[static_cast<std::size_t>(m)];
    out.declared.push_back(declared_group(meld, m));
    // Natural tiles count as the tiles they are, even of a wild kind; only `*` slots are wild.
    for (int slot = 0; slot < meld.size; ++slot) {
      if (((meld.wild_mask >> slot) & 1U) == 0)
        ++out.declared_naturals[meld.tiles[static_cast<std::size_t>(slot)]];
    }
  }
  if (hand.winning_joker) {
    out.winning_wildcard = true;
  } else if (hand.winning != kNoTile) {
    if (((hand.wild_tiles >> hand.winning) & 1U) != 0) {
      out.winning_wildcard = true;
    } else {
      out.winning_natural = hand.winning;
    }
  }
  for (const RefGroup& g : out.declared)
    out.declared_suits |= 1U << rules.tile(static_cast<TileId>(g.tile)).suit;
  for (int t = 0; t < rules.meldable_count(); ++t) {
    if (out.naturals[static_cast<std::size_t>(t)] != 0 &&
        (rules.forbidden_tiles() & bit_of(t)) != 0) {
      out.forbidden_held = true;
    }
  }
  // Wildcard classes. Without restrictions every wildcard may be every meldable tile.
  std::uint64_t all = 0;
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (is_meldable(rules, t)) all |= bit_of(t);
  }
  const WildcardRules& wild = rules.wildcards();
  std::array<int, kMaxTileKinds + 1> class_of{};
  const auto add_source = [&](int source, std::uint64_t mask, int held) {
    if (!wild.restricted) mask = all;
    int c = 0;
    while (c < out.class_count && out.class_masks[static_cast<std::size_t>(c)] != mask) ++c;
    if (c >= 4) throw std::runtime_error("more than four wildcard classes");
    if (c == out.class_count) {
      out.class_masks[static_cast<std::size_t>(out.class_count++)] = mask;
      if (mask == all) out.unrestricted = c;
    }
    out.class_held[static_cast<std::size_t>(c)] += held;
    class_of[static_cast<std::size_t>(source)] = c;
  };
  if (hand.jokers > 0) add_source(kMaxTileKinds, wild.joker_stand_ins, hand.jokers);
  for (int t = 0; t < rules.tile_count(); ++t) {
    const int n = hand.counts[static_cast<std::size_t>(t)];
    if (((hand.wild_tiles >> t) & 1U) != 0 && n > 0)
      add_source(t, wild.tile_stand_ins[static_cast<std::size_t>(t)], n);
  }
  if (hand.winning_joker) {
    out.winning_class = class_of[kMaxTileKinds];
  } else if (out.winning_wildcard) {
    out.winning_class = class_of[static_cast<std::size_t>(hand.winning)];
  }
  for (int c = 0; c < out.class_count; ++c) {
    out.class_union |= out.class_masks[static_cast<std::size_t>(c)];
    if (c != out.unrestricted) {
      out.restricted = true;
      out.restricted_union |= out.class_masks[static_cast<std::size_t>(c)];
    }
  }
  return out;
}

}  // namespace meldgraph::testref
