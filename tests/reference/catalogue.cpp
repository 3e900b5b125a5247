// The reference's catalogue: every group a form's rules allow, written out one by one, and the
// brute-force check that abstract groups can be real.

#include "reference/catalogue.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace meldgraph::testref {

namespace {

Entry concrete(RefKind kind, Role role, int tile, int wild, std::vector<int> slots,
               std::vector<bool> wild_slots) {
  Entry e;
  e.group = RefGroup{kind, tile, wild};
  e.role = role;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (wild_slots[i]) {
      e.standins.push_back(slots[i]);
      e.wild_positions.push_back(static_cast<int>(i));
      ++e.wildcards;
    } else {
      e.naturals.push_back(slots[i]);
    }
  }
  return e;
}

/// Same-tile group (pair, pung, single) of `size` slots, `wild` of them wildcards.
Entry same_tile(RefKind kind, Role role, int tile, int size, int wild) {
  std::vector<bool> wild_slots(static_cast<std::size_t>(size), false);
  for (int i = size - wild; i < size; ++i) wild_slots[static_cast<std::size_t>(i)] = true;
  return concrete(kind, role, tile, wild, std::vector<int>(static_cast<std::size_t>(size), tile),
                  wild_slots);
}

Entry abstract_entry(RefKind kind, Role role, int size) {
  Entry e;
  e.group = RefGroup{kind, -1, size};
  e.role = role;
  e.wildcards = size;
  e.abstract = true;
  return e;
}

/// The form's pair rules (melds, knitted and pairs forms): `pair_tiles` limits the tile of a
/// concrete pair (an abstract pair is checked when realised); `pair_wildcards: with_natural`
/// forbids a pair of wildcards alone, `none` any wildcard in a pair.
bool pair_rules_allow(const FormSpec& form, const Entry& e) {
  if (e.role != Role::pair) return true;
  if (form.type != FormType::melds && form.type != FormType::knitted &&
      form.type != FormType::pairs) {
    return true;
  }
  if (form.pair_tiles != 0 && e.group.tile >= 0 && ((form.pair_tiles >> e.group.tile) & 1U) == 0) {
    return false;
  }
  if (form.pair_wildcards == PairWildcards::none) return e.wildcards == 0;
  if (form.pair_wildcards == PairWildcards::with_natural) return e.wildcards < 2;
  return true;
}

/// A melds form's groups: pairs, pungs and chows with every choice of wildcard slots but all of
/// them (those are the abstract groups, added last).
std::vector<Entry> melds_catalogue(const RuleSet& rules) {
  std::vector<Entry> out;
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (!is_meldable(rules, t)) continue;
    // All-wildcard groups are never concrete: they are the abstract groups below.
    for (int w = 0; w <= 1; ++w) out.push_back(same_tile(RefKind::pair, Role::pair, t, 2, w));
    for (int w = 0; w <= 2; ++w) out.push_back(same_tile(RefKind::pung, Role::meld, t, 3, w));
    const int t2 = successor(rules, t);
    const int t3 = t2 < 0 ? -1 : successor(rules, t2);
    if (t3 >= 0) {
      for (int mask = 0; mask < 7; ++mask) {
        out.push_back(concrete(RefKind::chow, Role::meld, t, mask, {t, t2, t3},
                               {(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0}));
      }
    }
  }
  out.push_back(abstract_entry(RefKind::any_meld, Role::meld, 3));
  out.push_back(abstract_entry(RefKind::any_pair, Role::pair, 2));
  return out;
}

/// A pairs form's groups: pairs, and pungs when the form has them (嚦咕嚦咕); never chows.
std::vector<Entry> pairs_catalogue(const RuleSet& rules, const FormSpec& form) {
  std::vector<Entry> out;
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (!is_meldable(rules, t)) continue;
    for (int w = 0; w <= 1; ++w) out.push_back(same_tile(RefKind::pair, Role::pair, t, 2, w));
    for (int w = 0; w <= 2 && form.pungs > 0; ++w) {
      out.push_back(same_tile(RefKind::pung, Role::meld, t, 3, w));
    }
  }
  if (form.pungs > 0) out.push_back(abstract_entry(RefKind::any_meld, Role::meld, 3));
  out.push_back(abstract_entry(RefKind::any_pair, Role::pair, 2));
  return out;
}

/// Singles and pairs of each of `tiles`, every slot of them natural or wild, each group held to
/// its tile (set_tile): a set form's or a singles form's groups.
template <class Tiles>
std::vector<Entry> singles_and_pairs(const Tiles& tiles) {
  std::vector<Entry> out;
  for (const int t : tiles) {
    for (int w = 0; w <= 1; ++w) {
      out.push_back(same_tile(RefKind::single, Role::single, t, 1, w));
      out.back().set_tile = t;
    }
    for (int w = 0; w <= 2; ++w) {
      out.push_back(same_tile(RefKind::pair, Role::pair, t, 2, w));
      out.back().set_tile = t;
    }
  }
  return out;
}

/// A knitted form's groups: the melds form's, and every knit (147, 258, 369 of a sequence suit)
/// with every choice of wildcard slots; the knit's tiles are fixed, so all-wildcard knits are
/// concrete.
std::vector<Entry> knitted_catalogue(const RuleSet& rules) {
  std::vector<Entry> out = melds_catalogue(rules);
  for (int t = 0; t < rules.tile_count(); ++t) {
    const TileInfo& info = rules.tile(static_cast<TileId>(t));
    if (!is_meldable(rules, t) || !rules.suits()[info.suit].sequences || info.rank > 3) continue;
    const int t4 = rules.find_tile(info.letter, info.rank + 3);
    const int t7 = rules.find_tile(info.letter, info.rank + 6);
    for (int mask = 0; mask < 8; ++mask) {
      out.push_back(concrete(RefKind::knit, Role::single, t, mask, {t, t4, t7},
                             {(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0}));
    }
  }
  return out;
}

/// The form's groups before its wildcard and pair rules.
std::vector<Entry> form_groups(const RuleSet& rules, const FormSpec& form) {
  switch (form.type) {
    case FormType::melds:
      return melds_catalogue(rules);
    case FormType::pairs:
      return pairs_catalogue(rules, form);
    case FormType::set: {
      // The set fixes the tile, so even an all-wildcard single or pair is concrete.
      std::vector<int> tiles(form.set_tiles.begin(), form.set_tiles.end());
      return singles_and_pairs(tiles);
    }
    case FormType::wildcards:
      return {};
    case FormType::knitted:
      return knitted_catalogue(rules);
    case FormType::singles: {
      // A single or a pair of any tile; accept() checks the pattern.
      std::vector<int> tiles;
      for (int t = 0; t < rules.tile_count(); ++t) {
        if (is_meldable(rules, t)) tiles.push_back(t);
      }
      return singles_and_pairs(tiles);
    }
  }
  return {};
}

}  // namespace

std::vector<Entry> catalogue(const RuleSet& rules, const FormSpec& form) {
  std::vector<Entry> out = form_groups(rules, form);
  if (!form.wildcards) {
    std::erase_if(out, [](const Entry& e) { return e.wildcards > 0; });
  }
  std::erase_if(out, [&](const Entry& e) { return !pair_rules_allow(form, e); });
  return out;
}

/// Concrete groups of wildcards only for a melds, pairs or knitted form (their melds and pair):
/// all-wild pairs, pungs and (not in pairs forms) chows. They exist only under restricted
/// stand-ins, holding at least one restricted wildcard; accept() checks that.
std::vector<Entry> wild_only_entries(const RuleSet& rules, const FormSpec& form) {
  std::vector<Entry> out;
  if (form.type != FormType::melds && form.type != FormType::pairs &&
      form.type != FormType::knitted) {
    return out;
  }
  if (!form.wildcards) return out;
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (!is_meldable(rules, t)) continue;
    out.push_back(same_tile(RefKind::pair, Role::pair, t, 2, 2));
    if (form.type != FormType::pairs || form.pungs > 0) {
      out.push_back(same_tile(RefKind::pung, Role::meld, t, 3, 3));
    }
    const int t2 = successor(rules, t);
    const int t3 = t2 < 0 ? -1 : successor(rules, t2);
    if (t3 >= 0 && form.type != FormType::pairs) {
      out.push_back(concrete(RefKind::chow, Role::meld, t, 7, {t, t2, t3}, {true, true, true}));
    }
  }
  for (Entry& e : out) e.wild_only = true;
  std::erase_if(out, [&](const Entry& e) { return !pair_rules_allow(form, e); });
  return out;
}

/// Brute force: can the abstract groups `melds` (any meld) and `pairs` (any pair) be real groups
/// of natural tiles within `capacity`, with pairs of kinds outside `forbidden_pair_kinds` and of
/// pairwise different kinds when `distinct_pairs`, so that the suits touched (`touched`, the
/// concrete groups' suits, plus the abstract groups') leave at least `missing` sequence suits
/// untouched? Melds, then pairs, each at a tile no lower than the previous one of its kind.
bool abstract_realisable(const RuleSet& rules, std::array<int, kMaxTileKinds>& capacity, int melds,
                         int pairs, const AbstractRoom& room, std::uint64_t forbidden_pair_kinds,
                         unsigned touched, int from) {
  if (room.missing > 0 && lacking_suits(rules, touched) < room.missing) return false;
  if (melds == 0 && pairs == 0) return true;
  const int tiles = rules.tile_count();
  const auto suit = [&](int t) { return 1U << rules.tile(static_cast<TileId>(t)).suit; };
  if (melds > 0) {
    const int next_from = melds == 1 ? 0 : -1;  // pairs start again from the lowest tile
    for (int t = from; t < tiles; ++t) {
      if (!is_meldable(rules, t)) continue;
      const int after = next_from == 0 ? 0 : t;
      // pung
      if (capacity[static_cast<std::size_t>(t)] >= 3) {
        capacity[static_cast<std::size_t>(t)] -= 3;
        const bool ok = abstract_realisable(rules, capacity, melds - 1, pairs, room,
                                            forbidden_pair_kinds, touched | suit(t), after);
        capacity[static_cast<std::size_t>(t)] += 3;
        if (ok) return true;
      }
      // chow
      const int t2 = successor(rules, t);
      const int t3 = t2 < 0 ? -1 : successor(rules, t2);
      if (room.chows && t3 >= 0) {
        auto& a = capacity[static_cast<std::size_t>(t)];
        auto& b = capacity[static_cast<std::size_t>(t2)];
        auto& c = capacity[static_cast<std::size_t>(t3)];
        if (a >= 1 && b >= 1 && c >= 1) {
          --a, --b, --c;
          const bool ok = abstract_realisable(rules, capacity, melds - 1, pairs, room,
                                              forbidden_pair_kinds, touched | suit(t), after);
          ++a, ++b, ++c;
          if (ok) return true;
        }
      }
    }
    return false;
  }
  for (int t = from; t < tiles; ++t) {
    if (!is_meldable(rules, t)) continue;
    if (room.distinct_pairs && ((forbidden_pair_kinds >> t) & 1U) != 0) continue;
    if (room.pair_tiles != 0 && ((room.pair_tiles >> t) & 1U) == 0) continue;
    if (capacity[static_cast<std::size_t>(t)] < 2) continue;
    capacity[static_cast<std::size_t>(t)] -= 2;
    const bool ok = abstract_realisable(rules, capacity, 0, pairs - 1, room,
                                        forbidden_pair_kinds | bit_of(t), touched | suit(t), t);
    capacity[static_cast<std::size_t>(t)] += 2;
    if (ok) return true;
  }
  return false;
}

}  // namespace meldgraph::testref
