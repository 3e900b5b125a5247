// Differential tests of the decomposition engine against a slow, obviously-correct reference.
//
// The reference below shares no code with engine/src/decomposition.cpp. It does not walk the
// lowest tile or use templates; it writes down every group the rules allow (the catalogue),
// enumerates every multiset of catalogue groups that uses exactly the hand's natural tiles and
// wildcards and has the form's shape, and only then applies the rules that look at a whole
// interpretation (copies caps, distinct pairs, one group per set tile, realisability of the
// abstract wildcard groups, checked by brute force). Both sides are turned into the same canonical
// value (a sorted multiset of groups per form) and compared as sets, not just counted.
//
// Every TEST_CASE is tagged [reference]; run them with `meldgraph_tests "[reference]"`.
//
// Besides the cursor's listing, the graph of every form is walked here directly (every path from
// the root to a vertex without out-edges), so a failure says whether the graph itself is wrong
// or only the listing of it.
//
// Engine defects these tests found, all fixed in the engine since, kept as regressions:
//   1. exceed_copies: false. Goal states that differed only in their stand-in record were not
//      merged, so the listing stopped at one of several sinks and dropped interpretations
//      (basic + jokers, capped, 111m**: path_count 2, one listed).
//   2. exceed_copies: true, distinct pairs, a tile of one copy: abstract pairs were refused on it
//      although wildcards may exceed copies there.
//   3. Declared melds: a pairs or set form whose fixed size equals the concealed size matched a
//      hand with declared melds (test_forms, `[111m]11p`: one_pair). Only smaller custom forms
//      can hit this; laizi's 14-tile forms never fit the concealed part of such a hand.
//
// Declared melds and the winning tile (sections 1 and 3): the reference searches the concealed
// tiles, then adds the declared melds as written and marks the winning tile in every distinct way
// the documented rules allow, classifying the wait itself; engine interpretations are compared
// with their marks, winning_group and wait.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/group.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/tiles.hpp"

namespace {

using namespace meldgraph;

// =============================================================================================
// Canonical values shared by the reference and the engine's converted output
// =============================================================================================

enum class RefKind : int { pair, pung, chow, single, any_meld, any_pair, wildcards, kong, knit };

/// One group, independent of slot order conventions.
///   pair, pung, single: `tile` is the tile, `wild` the number of wildcard slots;
///   chow: `tile` is the lowest tile, bit i of `wild` marks the (i+1)-th lowest rank as a wildcard;
///   knit (ranks r, r+3, r+6 of one suit): as a chow, the ranks three apart;
///   any_meld, any_pair: tile -1, wild = group size; wildcards: tile -1, wild = wildcard count.
///   Declared melds (pung, kong, chow): `tile` is the lowest tile, `wild` the wildcard slots as
///   written (bit i: slot i), `declared` their place in the hand as written (1 = first).
/// The group holding the winning tile has `mark` >= 0: in a chow the rank position of the marked
/// slot (0-2); in a pair, pung or single 0 for a natural slot, 1 + the class for a wildcard slot
/// (all its slots show the same tile, so nothing else tells them apart); in an abstract group 0. `wait` is
/// the wait shape that mark implies (none on unmarked groups).
struct RefGroup {
  RefKind kind = RefKind::pair;
  int tile = -1;
  int wild = 0;
  /// Wildcard classes (docs/rules.md, "Restricted stand-ins, precisely"), 2 bits per slot as in
  /// Group::wild_classes: pair, pung, single with the natural slots first and the wildcard slots'
  /// classes ascending after them; chow, knit by rank position; abstract groups every slot.
  /// Zero without restricted stand-ins (one class, 0) and for the `wildcards` group.
  int classes = 0;
  int declared = 0;
  bool concealed = false;  ///< declared: a concealed kong
  int mark = -1;
  WaitShape wait = WaitShape::none;
  friend auto operator<=>(const RefGroup&, const RefGroup&) = default;
};

using RefInterpretation = std::vector<RefGroup>;  ///< sorted

/// Interpretations of every enabled form, by form index; each list sorted.
using RefResult = std::map<std::size_t, std::vector<RefInterpretation>>;

/// `text`, in braces when `wild` (a wildcard slot), `#class` after it when the class is not 0.
std::string slot_text(const std::string& text, bool wild, int cls = 0) {
  std::string out;
  if (wild) out.push_back('{');
  out.append(text);
  if (wild && cls != 0) {
    out.push_back('#');
    out.append(std::to_string(cls));
  }
  if (wild) out.push_back('}');
  return out;
}

/// The class of slot `slot` in a packed class code.
int class_at(int classes, int slot) { return (classes >> (2 * slot)) & 3; }

std::string ref_wait_name(WaitShape wait) {
  switch (wait) {
    case WaitShape::none: return "none";
    case WaitShape::two_sided: return "two_sided";
    case WaitShape::closed: return "closed";
    case WaitShape::edge: return "edge";
    case WaitShape::single: return "single";
    case WaitShape::dual_pung: return "dual_pung";
    case WaitShape::set_tile: return "set_tile";
    case WaitShape::any: return "any";
  }
  return "?";
}

std::string ref_group_body(const RefGroup& g, const RuleSet& rules);

/// The group as in ref_group_body, declared melds in [] or (), and the mark as `<+tile wait>`:
/// `123m<+3m edge>`, `1{1}m<+{1}m single>`, `{***}<+* any>`.
std::string ref_group_text(const RefGroup& g, const RuleSet& rules) {
  std::string out = ref_group_body(g, rules);
  if (g.declared > 0) out = (g.concealed ? "(" : "[") + out + (g.concealed ? ")" : "]");
  if (g.mark >= 0) {
    std::string what = "*";
    if (g.kind == RefKind::chow) {
      const int rank = rules.tile(static_cast<TileId>(g.tile)).rank + g.mark;
      what = slot_text(std::to_string(rank), ((g.wild >> g.mark) & 1) != 0, class_at(g.classes, g.mark)) +
             rules.tile(static_cast<TileId>(g.tile)).letter;
    } else if (g.tile >= 0) {
      what = slot_text(std::to_string(rules.tile(static_cast<TileId>(g.tile)).rank), g.mark >= 1,
                       g.mark >= 1 ? g.mark - 1 : 0) +
             rules.tile(static_cast<TileId>(g.tile)).letter;
    }
    out += "<+" + what + " " + ref_wait_name(g.wait) + ">";
  } else if (g.wait != WaitShape::none) {
    out += "<wait " + ref_wait_name(g.wait) + " without a mark>";
  }
  return out;
}

std::string ref_group_body(const RefGroup& g, const RuleSet& rules) {
  const auto rank = [&](int tile) { return std::to_string(rules.tile(static_cast<TileId>(tile)).rank); };
  const auto letter = [&](int tile) { return std::string(1, rules.tile(static_cast<TileId>(tile)).letter); };
  if (g.declared > 0 && g.kind != RefKind::chow) {
    // Declared pung or kong: wildcard slots where they were written.
    const int size = g.kind == RefKind::kong ? 4 : 3;
    std::string out;
    for (int i = 0; i < size; ++i) out += slot_text(rank(g.tile), ((g.wild >> i) & 1) != 0);
    return out + letter(g.tile);
  }
  switch (g.kind) {
    case RefKind::kong:
      return "kong?";
    case RefKind::any_meld:
      return slot_text("***", true, class_at(g.classes, 0));
    case RefKind::any_pair:
      return slot_text("**", true, class_at(g.classes, 0));
    case RefKind::wildcards:
      return slot_text(std::string(static_cast<std::size_t>(g.wild), '*'), true);
    case RefKind::chow:
    case RefKind::knit: {
      std::string out;
      int tile = g.tile;
      const int step = g.kind == RefKind::knit ? 3 : 1;
      for (int i = 0; i < 3; ++i) {
        const std::string r = std::to_string(rules.tile(static_cast<TileId>(g.tile)).rank + step * i);
        out += slot_text(r, ((g.wild >> i) & 1) != 0, class_at(g.classes, i));
      }
      return out + letter(tile);
    }
    case RefKind::pair:
    case RefKind::pung:
    case RefKind::single: {
      const int size = g.kind == RefKind::pair ? 2 : g.kind == RefKind::pung ? 3 : 1;
      std::string out;
      for (int i = 0; i < size; ++i) out += slot_text(rank(g.tile), i >= size - g.wild, class_at(g.classes, i));
      return out + letter(g.tile);
    }
  }
  return "?";
}

/// Declared melds first as written, then the other groups in the value's (sorted) order.
std::string ref_interpretation_text(const RefInterpretation& interpretation, const RuleSet& rules) {
  std::vector<const RefGroup*> order;
  for (const RefGroup& g : interpretation) order.push_back(&g);
  const auto key = [](const RefGroup* g) { return g->declared > 0 ? g->declared : 1000; };
  std::stable_sort(order.begin(), order.end(),
                   [&](const RefGroup* a, const RefGroup* b) { return key(a) < key(b); });
  std::string out;
  for (const RefGroup* g : order) {
    if (!out.empty()) out += ' ';
    out += ref_group_text(*g, rules);
  }
  return out;
}

// =============================================================================================
// Tile helpers (only the rule set's declared tile table, nothing derived by the engine)
// =============================================================================================

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

int copies_of(const RuleSet& rules, int tile) { return rules.tile(static_cast<TileId>(tile)).copies; }

/// A declared meld of the hand (the parser's Group, the search's input) as a canonical group.
RefGroup declared_group(const Group& meld, int position) {
  RefGroup g;
  g.kind = meld.kind == GroupKind::kong ? RefKind::kong
           : meld.kind == GroupKind::chow ? RefKind::chow
                                          : RefKind::pung;
  g.tile = meld.tiles[0];
  g.wild = meld.wild_mask;
  g.declared = position + 1;
  g.concealed = (meld.flags & kGroupConcealed) != 0;
  return g;
}

/// The hand as the reference sees it: the concealed natural meldable tiles by kind and the
/// concealed wildcard count (the search's input), the declared melds, the natural tiles they hold
/// (for the copies cap), and the winning tile.
struct RefHand {
  std::array<int, kMaxTileKinds> naturals{};
  int wildcards = 0;
  int size = 0;                                 ///< concealed tiles
  std::vector<RefGroup> declared;               ///< in the order written
  std::array<int, kMaxTileKinds> declared_naturals{};
  int winning_natural = -1;                     ///< a natural winning tile, else -1
  bool winning_wildcard = false;                ///< `+*`, or a winning tile of a wild kind
  /// Wildcard classes, from docs/rules.md ("Restricted stand-ins, precisely") and
  /// WildcardClasses: the concealed wildcard sources (jokers, then wild kinds by tile id) with
  /// equal stand-in masks share a class, numbered in that order.
  int class_count = 0;
  std::array<std::uint64_t, 4> class_masks{};
  std::array<int, 4> class_held{};
  int unrestricted = -1;                        ///< the class that may be every meldable tile
  int winning_class = -1;                       ///< the winning wildcard's class
  bool restricted = false;                      ///< some held class is restricted
  std::uint64_t restricted_union = 0;           ///< tiles some restricted class may be
  std::uint64_t class_union = 0;                ///< tiles some class may be
  unsigned declared_suits = 0;                  ///< suits of the declared melds (missing_suits)
  bool forbidden_held = false;                  ///< a concealed natural forbidden tile
};

/// Bit of tile `t` in a 64-bit tile mask.
std::uint64_t bit_of(int t) { return std::uint64_t{1} << t; }

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
      if (((meld.wild_mask >> slot) & 1U) == 0) ++out.declared_naturals[meld.tiles[static_cast<std::size_t>(slot)]];
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
  for (const RefGroup& g : out.declared) out.declared_suits |= 1U << rules.tile(static_cast<TileId>(g.tile)).suit;
  for (int t = 0; t < rules.meldable_count(); ++t) {
    if (out.naturals[static_cast<std::size_t>(t)] != 0 && (rules.forbidden_tiles() & bit_of(t)) != 0) {
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
    if (((hand.wild_tiles >> t) & 1U) != 0 && n > 0) add_source(t, wild.tile_stand_ins[static_cast<std::size_t>(t)], n);
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

// =============================================================================================
// The reference search
// =============================================================================================

enum class Role { meld, pair, single };

/// A catalogue entry: one group the rules allow, with the tiles it consumes.
struct Entry {
  RefGroup group;
  Role role = Role::meld;
  std::vector<int> naturals;  ///< natural tile of every natural slot
  std::vector<int> standins;  ///< tile every wildcard slot stands for (concrete groups only)
  std::vector<int> wild_positions;  ///< slot of every standins entry (RefGroup::classes order)
  int wildcards = 0;          ///< wildcard slots
  /// A concrete group of wildcards only in a melds or pairs form, which the rules allow only
  /// with a restricted wildcard in it (otherwise it is an abstract group).
  bool wild_only = false;
  bool abstract = false;
  int set_tile = -1;          ///< set forms: the set tile this group covers
};

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

std::vector<Entry> catalogue(const RuleSet& rules, const FormSpec& form) {
  std::vector<Entry> out;
  const int tiles = rules.tile_count();
  switch (form.type) {
    case FormType::melds:
      for (int t = 0; t < tiles; ++t) {
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
      break;
    case FormType::pairs:
      // Pairs, and pungs when the form has them (嚦咕嚦咕); never chows.
      for (int t = 0; t < tiles; ++t) {
        if (!is_meldable(rules, t)) continue;
        for (int w = 0; w <= 1; ++w) out.push_back(same_tile(RefKind::pair, Role::pair, t, 2, w));
        for (int w = 0; w <= 2 && form.pungs > 0; ++w) {
          out.push_back(same_tile(RefKind::pung, Role::meld, t, 3, w));
        }
      }
      if (form.pungs > 0) out.push_back(abstract_entry(RefKind::any_meld, Role::meld, 3));
      out.push_back(abstract_entry(RefKind::any_pair, Role::pair, 2));
      break;
    case FormType::set:
      // The set fixes the tile, so even an all-wildcard single or pair is concrete.
      for (const TileId s : form.set_tiles) {
        for (int w = 0; w <= 1; ++w) {
          out.push_back(same_tile(RefKind::single, Role::single, s, 1, w));
          out.back().set_tile = s;
        }
        for (int w = 0; w <= 2; ++w) {
          out.push_back(same_tile(RefKind::pair, Role::pair, s, 2, w));
          out.back().set_tile = s;
        }
      }
      break;
    case FormType::wildcards:
      break;
    case FormType::knitted:
      // The melds form's catalogue, and every knit (147, 258, 369 of a sequence suit) with every
      // choice of wildcard slots; the knit's tiles are fixed, so all-wildcard knits are concrete.
      {
        FormSpec melds = form;
        melds.type = FormType::melds;
        out = catalogue(rules, melds);
      }
      for (int t = 0; t < tiles; ++t) {
        const TileInfo& info = rules.tile(static_cast<TileId>(t));
        if (!is_meldable(rules, t) || !rules.suits()[info.suit].sequences || info.rank > 3) continue;
        const int t4 = rules.find_tile(info.letter, info.rank + 3);
        const int t7 = rules.find_tile(info.letter, info.rank + 6);
        for (int mask = 0; mask < 8; ++mask) {
          out.push_back(concrete(RefKind::knit, Role::single, t, mask, {t, t4, t7},
                                 {(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0}));
        }
      }
      break;
    case FormType::singles:
      // A single or a pair of any tile; accept() checks the pattern.
      for (int t = 0; t < tiles; ++t) {
        if (!is_meldable(rules, t)) continue;
        for (int w = 0; w <= 1; ++w) {
          out.push_back(same_tile(RefKind::single, Role::single, t, 1, w));
          out.back().set_tile = t;
        }
        for (int w = 0; w <= 2; ++w) {
          out.push_back(same_tile(RefKind::pair, Role::pair, t, 2, w));
          out.back().set_tile = t;
        }
      }
      break;
  }
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
  if (form.type != FormType::melds && form.type != FormType::pairs && form.type != FormType::knitted) return out;
  if (!form.wildcards) return out;
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (!is_meldable(rules, t)) continue;
    out.push_back(same_tile(RefKind::pair, Role::pair, t, 2, 2));
    if (form.type != FormType::pairs || form.pungs > 0) out.push_back(same_tile(RefKind::pung, Role::meld, t, 3, 3));
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

/// What the abstract groups of one interpretation must fit in.
struct AbstractRoom {
  bool chows = true;                      ///< abstract melds may be chows (not in pairs forms)
  bool distinct_pairs = false;            ///< pairs of pairwise different kinds
  std::uint64_t forbidden_pair_kinds = 0; ///< kinds no abstract pair may be (with distinct_pairs)
  std::uint64_t pair_tiles = 0;           ///< the form's pair_tiles (0: any)
  int missing = 0;                        ///< hand.missing_suits
};

/// Brute force: can the abstract groups `melds` (any meld) and `pairs` (any pair) be real groups
/// of natural tiles within `capacity`, with pairs of kinds outside `forbidden_pair_kinds` and of
/// pairwise different kinds when `distinct_pairs`, so that the suits touched (`touched`, the
/// concrete groups' suits, plus the abstract groups') leave at least `missing` sequence suits
/// untouched? Melds, then pairs, each at a tile no lower than the previous one of its kind.
bool abstract_realisable(const RuleSet& rules, std::array<int, kMaxTileKinds>& capacity, int melds,
                         int pairs, const AbstractRoom& room, std::uint64_t forbidden_pair_kinds,
                         unsigned touched, int from = 0) {
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
        const bool ok = abstract_realisable(rules, capacity, melds - 1, pairs, room, forbidden_pair_kinds,
                                            touched | suit(t), after);
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
          const bool ok = abstract_realisable(rules, capacity, melds - 1, pairs, room, forbidden_pair_kinds,
                                              touched | suit(t), after);
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
    const bool ok = abstract_realisable(rules, capacity, 0, pairs - 1, room, forbidden_pair_kinds | bit_of(t),
                                        touched | suit(t), t);
    capacity[static_cast<std::size_t>(t)] += 2;
    if (ok) return true;
  }
  return false;
}

class ReferenceSearch {
 public:
  /// `conservative`: distinct pairs (four_as_two_pairs false) also keep abstract pairs and
  /// wildcard-only pairs off every kind the hand holds naturally, as the engine does (see the
  /// pungs test below); the plain reference only keeps pairs off each other's kinds.
  ReferenceSearch(const RuleSet& rules, const FormSpec& form, const RefHand& hand, bool conservative = false)
      : rules_(rules), form_(form), hand_(hand), conservative_(conservative) {
    std::vector<Entry> all = catalogue(rules, form);
    if (hand.restricted) {
      for (Entry& e : wild_only_entries(rules, form)) all.push_back(std::move(e));
    }
    // Groups needing a natural tile the hand does not hold can never be used, nor wildcard slots
    // no wildcard of the hand may fill (pruning only: accept() decides the classes).
    for (Entry& e : all) {
      std::array<int, kMaxTileKinds> need{};
      bool ok = e.wildcards <= hand.wildcards;
      for (const int t : e.naturals) {
        if (++need[static_cast<std::size_t>(t)] > hand.naturals[static_cast<std::size_t>(t)]) ok = false;
      }
      for (const int t : e.standins) {
        if ((hand.class_union & bit_of(t)) == 0) ok = false;
      }
      if (e.abstract && hand.unrestricted < 0) ok = false;
      if (e.wild_only) {
        bool some = false;
        for (const int t : e.standins) some = some || (hand.restricted_union & bit_of(t)) != 0;
        ok = ok && some;
      }
      if (ok) entries_.push_back(std::move(e));
    }
    // last_use_[t]: the last catalogue index whose group holds natural t (a remaining natural
    // with no later group that holds it can never be placed).
    last_use_.fill(-1);
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      for (const int t : entries_[i].naturals) last_use_[static_cast<std::size_t>(t)] = static_cast<int>(i);
    }
  }

  std::vector<RefInterpretation> run(int melds, int pairs, int singles) {
    results_.clear();
    remaining_ = hand_.naturals;
    wild_left_ = hand_.wildcards;
    chosen_.clear();
    search(0, melds, pairs, singles);
    std::sort(results_.begin(), results_.end());
    return results_;
  }

 private:
  void search(std::size_t from, int melds, int pairs, int singles) {
    if (melds == 0 && pairs == 0 && singles == 0) {
      if (wild_left_ != 0) return;
      for (const int n : remaining_) {
        if (n != 0) return;
      }
      accept();
      return;
    }
    for (std::size_t t = 0; t < remaining_.size(); ++t) {
      if (remaining_[t] != 0 && last_use_[t] < static_cast<int>(from)) return;
    }
    for (std::size_t i = from; i < entries_.size(); ++i) {
      const Entry& e = entries_[i];
      int* role_left = e.role == Role::meld ? &melds : e.role == Role::pair ? &pairs : &singles;
      if (*role_left == 0 || e.wildcards > wild_left_) continue;
      bool fits = true;
      std::size_t placed = 0;
      for (; placed < e.naturals.size(); ++placed) {
        int& left = remaining_[static_cast<std::size_t>(e.naturals[placed])];
        if (left == 0) {
          fits = false;
          break;
        }
        --left;
      }
      if (fits) {
        wild_left_ -= e.wildcards;
        --*role_left;
        chosen_.push_back(i);
        search(i, melds, pairs, singles);
        chosen_.pop_back();
        ++*role_left;
        wild_left_ += e.wildcards;
      }
      for (std::size_t k = 0; k < placed; ++k) ++remaining_[static_cast<std::size_t>(e.naturals[k])];
    }
  }

  /// A multiset with the right shape and exactly the hand's tiles; apply the whole-hand rules.
  void accept() {
    const bool capped = !rules_.wildcards().exceed_copies;
    const bool distinct_pairs = form_.type == FormType::pairs && !form_.four_as_two_pairs;
    std::array<int, kMaxTileKinds> standins{};
    std::uint64_t concrete_pair_kinds = 0;
    std::uint64_t set_tiles_seen = 0;
    unsigned touched = hand_.declared_suits;  // suits the concrete groups hold (missing_suits)
    int abstract_melds = 0;
    int abstract_pairs = 0;
    for (const std::size_t i : chosen_) {
      const Entry& e = entries_[i];
      for (const int t : e.standins) ++standins[static_cast<std::size_t>(t)];
      if (e.abstract) {
        (e.role == Role::meld ? abstract_melds : abstract_pairs) += 1;
        continue;
      }
      for (const int t : e.naturals) touched |= 1U << rules_.tile(static_cast<TileId>(t)).suit;
      for (const int t : e.standins) touched |= 1U << rules_.tile(static_cast<TileId>(t)).suit;
      if (e.role == Role::pair && form_.type == FormType::pairs) {
        const std::uint64_t bit = bit_of(e.group.tile);
        if (distinct_pairs && (concrete_pair_kinds & bit) != 0) return;  // two pairs of one kind
        if (distinct_pairs && conservative_ && e.wild_only && hand_.naturals[static_cast<std::size_t>(e.group.tile)] != 0) return;
        concrete_pair_kinds |= bit;
      }
      if (form_.type == FormType::set) {
        const std::uint64_t bit = bit_of(e.set_tile);
        if ((set_tiles_seen & bit) != 0) return;  // a set tile covered twice
        set_tiles_seen |= bit;
      }
    }
    if (form_.type == FormType::set &&
        std::popcount(set_tiles_seen) != static_cast<int>(form_.set_tiles.size())) {
      return;
    }
    if (form_.type == FormType::knitted && !knits_valid()) return;
    if (form_.type == FormType::singles && !singles_valid()) return;
    // hand.missing_suits: enough sequence suits untouched by the concrete groups (the abstract
    // ones are checked with their realisation below).
    const int missing = rules_.missing_suits();
    if (missing > 0 && lacking_suits(rules_, touched) < missing) return;
    std::array<int, kMaxTileKinds> capacity{};
    for (int t = 0; t < rules_.tile_count(); ++t) {
      if (!is_meldable(rules_, t)) continue;
      const auto k = static_cast<std::size_t>(t);
      // hand.forbidden_tiles: never stood for, and no room for an abstract group.
      if ((rules_.forbidden_tiles() & bit_of(t)) != 0) {
        if (standins[k] != 0) return;
        continue;
      }
      if (capped) {
        capacity[k] = copies_of(rules_, t) - hand_.naturals[k] - hand_.declared_naturals[k] - standins[k];
        if (capacity[k] < 0) return;  // a wildcard stands for a copy the set does not have
      } else {
        capacity[k] = 1000;
      }
    }
    AbstractRoom room;
    room.chows = form_.type != FormType::pairs;
    room.distinct_pairs = distinct_pairs;
    room.missing = missing;
    if (form_.type == FormType::melds || form_.type == FormType::knitted ||
        form_.type == FormType::pairs) {
      room.pair_tiles = form_.pair_tiles;
    }
    std::uint64_t pair_kinds = concrete_pair_kinds;
    if (distinct_pairs && conservative_) {
      for (int t = 0; t < rules_.tile_count(); ++t) {
        const auto k = static_cast<std::size_t>(t);
        if (hand_.naturals[k] != 0 || (capped && standins[k] != 0)) pair_kinds |= bit_of(t);
      }
    }
    if (!abstract_realisable(rules_, capacity, abstract_melds, abstract_pairs, room, pair_kinds, touched)) {
      return;
    }
    colour();
  }

  /// Every labelling of the chosen groups' wildcard slots with classes: a concrete slot takes a
  /// class whose stand-in mask holds its tile, abstract groups take the unrestricted class only,
  /// each class used exactly as often as the hand holds it, and a wildcard-only concrete group
  /// holds a restricted wildcard. Distinct labelled multisets are the interpretations.
  void colour() {
    int abstract_slots = 0;
    slots_.clear();
    for (std::size_t k = 0; k < chosen_.size(); ++k) {
      const Entry& e = entries_[chosen_[k]];
      if (e.abstract) {
        abstract_slots += e.wildcards;
        continue;
      }
      for (std::size_t s = 0; s < e.standins.size(); ++s) slots_.push_back({k, s, e.standins[s], 0});
    }
    std::array<int, 4> left = hand_.class_held;
    if (abstract_slots > 0) {
      if (hand_.unrestricted < 0) return;
      left[static_cast<std::size_t>(hand_.unrestricted)] -= abstract_slots;
      if (left[static_cast<std::size_t>(hand_.unrestricted)] < 0) return;
    }
    std::set<RefInterpretation> found;
    colour_slot(0, left, found);
    for (const RefInterpretation& v : found) results_.push_back(v);
  }

  void colour_slot(std::size_t index, std::array<int, 4>& left, std::set<RefInterpretation>& found) {
    if (index == slots_.size()) {
      RefInterpretation interpretation;
      for (std::size_t k = 0; k < chosen_.size(); ++k) {
        const Entry& e = entries_[chosen_[k]];
        RefGroup g = e.group;
        if (e.abstract) {
          for (int s = 0; s < e.wildcards; ++s) g.classes |= hand_.unrestricted << (2 * s);
          interpretation.push_back(g);
          continue;
        }
        std::vector<std::pair<int, int>> wild;  // (position, class)
        for (const Slot& slot : slots_) {
          if (slot.group == k) wild.emplace_back(e.wild_positions[slot.index], slot.cls);
        }
        if (e.wild_only) {
          bool restricted = false;
          for (const auto& [position, cls] : wild) restricted = restricted || cls != hand_.unrestricted;
          if (!restricted) return;
        }
        const bool same_tile = g.kind == RefKind::pair || g.kind == RefKind::pung || g.kind == RefKind::single;
        if (same_tile) {
          // Slots of one tile are interchangeable: the classes ascending in the wildcard slots.
          std::vector<int> classes;
          for (const auto& [position, cls] : wild) classes.push_back(cls);
          std::sort(classes.begin(), classes.end());
          const int size = g.kind == RefKind::pair ? 2 : g.kind == RefKind::pung ? 3 : 1;
          for (std::size_t i = 0; i < classes.size(); ++i) {
            g.classes |= classes[i] << (2 * (size - static_cast<int>(classes.size()) + static_cast<int>(i)));
          }
        } else {
          for (const auto& [position, cls] : wild) g.classes |= cls << (2 * position);
        }
        interpretation.push_back(g);
      }
      std::sort(interpretation.begin(), interpretation.end());
      found.insert(std::move(interpretation));
      return;
    }
    Slot& slot = slots_[index];
    for (int c = 0; c < hand_.class_count; ++c) {
      auto& n = left[static_cast<std::size_t>(c)];
      if (n == 0 || (hand_.class_masks[static_cast<std::size_t>(c)] & bit_of(slot.tile)) == 0) continue;
      --n;
      slot.cls = c;
      colour_slot(index + 1, left, found);
      ++n;
    }
  }

  /// The three knits are of three different suits and three different rank classes.
  [[nodiscard]] bool knits_valid() const {
    std::set<int> suits;
    std::set<int> classes;
    for (const std::size_t i : chosen_) {
      const RefGroup& g = entries_[i].group;
      if (g.kind != RefKind::knit) continue;
      const TileInfo& info = rules_.tile(static_cast<TileId>(g.tile));
      suits.insert(info.suit);
      classes.insert(info.rank);  // the lowest rank, 1..3, names the class
    }
    return suits.size() == 3 && classes.size() == 3;
  }

  /// Distinct tiles; honours only from the form's list; the sequence suits per the form's
  /// pattern; every required tile present.
  [[nodiscard]] bool singles_valid() const {
    std::set<int> tiles;
    for (const std::size_t i : chosen_) {
      if (!tiles.insert(entries_[i].group.tile).second) return false;
    }
    std::map<int, std::vector<int>> ranks_by_suit;
    for (const int t : tiles) {
      const TileInfo& info = rules_.tile(static_cast<TileId>(t));
      if (!rules_.suits()[info.suit].sequences) {
        if (((form_.single_tiles >> t) & 1U) == 0) return false;
        continue;
      }
      ranks_by_suit[info.suit].push_back(info.rank);
    }
    std::set<int> classes;
    for (const auto& [suit, ranks] : ranks_by_suit) {
      if (form_.singles_suits == SinglesSuits::gapped) {
        for (std::size_t k = 1; k < ranks.size(); ++k) {
          if (ranks[k] - ranks[k - 1] < form_.gap) return false;
        }
        continue;
      }
      const int knit = (ranks.front() - 1) % 3;
      for (const int r : ranks) {
        if ((r - 1) % 3 != knit) return false;
      }
      if (!classes.insert(knit).second) return false;  // two suits of one class
    }
    for (int t = 0; t < rules_.tile_count(); ++t) {
      if (((form_.required >> t) & 1U) != 0 && tiles.count(t) == 0) return false;
    }
    return true;
  }

  struct Slot {
    std::size_t group;  ///< index into chosen_
    std::size_t index;  ///< index into the entry's standins
    int tile;
    int cls;
  };

  const RuleSet& rules_;
  const FormSpec& form_;
  const RefHand hand_;
  const bool conservative_;
  std::vector<Slot> slots_;
  std::vector<Entry> entries_;
  std::array<int, kMaxTileKinds> last_use_{};
  std::array<int, kMaxTileKinds> remaining_{};
  int wild_left_ = 0;
  std::vector<std::size_t> chosen_;
  std::vector<RefInterpretation> results_;
};

/// Whether the N-wildcards form, too, needs hand.missing_suits suits lacked by the natural tiles
/// and declared melds. docs/rules.md says "a winning hand (declared melds included) must hold no
/// tile of at least this many sequence suits", and exempts the wildcards form only from
/// max_in_win; the engine builds that form's graph without looking at the suits (see the
/// missing_suits test below). False: the reference follows the engine there.
constexpr bool kWildcardsFormLacksSuits = false;

/// Interpretations of one form under the reference semantics, over the concealed tiles, without
/// declared melds or the winning tile's mark.
std::vector<RefInterpretation> reference_form(const RuleSet& rules, const FormSpec& form,
                                              const RefHand& hand, bool conservative = false) {
  if (!form.wildcards && hand.wildcards > 0) return {};
  // hand.forbidden_tiles: a hand holding one never wins, the wildcards form included.
  if (hand.forbidden_held) return {};
  // wildcards.max_in_win: a win holds at most that many wildcards, except the wildcards form.
  const int most = rules.wildcards().max_in_win;
  if (most != 0 && hand.wildcards > most && form.type != FormType::wildcards) return {};
  // Pairs and set forms fix the whole hand's tiles: never with declared melds.
  if (!hand.declared.empty() && (form.type == FormType::pairs || form.type == FormType::set)) return {};
  switch (form.type) {
    case FormType::wildcards: {
      // The concealed wildcards; a joker in a declared meld is part of that meld.
      if (hand.wildcards < form.count) return {};
      if (kWildcardsFormLacksSuits && rules.missing_suits() > 0) {
        unsigned touched = hand.declared_suits;
        for (int t = 0; t < rules.meldable_count(); ++t) {
          if (hand.naturals[static_cast<std::size_t>(t)] != 0) touched |= 1U << rules.tile(static_cast<TileId>(t)).suit;
        }
        if (lacking_suits(rules, touched) < rules.missing_suits()) return {};
      }
      return {{RefGroup{RefKind::wildcards, -1, hand.wildcards}}};
    }
    case FormType::melds: {
      const int rest = hand.size - 2 * form.pairs;
      if (rest < 0 || rest % 3 != 0) return {};
      return ReferenceSearch(rules, form, hand).run(rest / 3, form.pairs, 0);
    }
    case FormType::pairs:
      if (hand.size != 2 * form.pairs + 3 * form.pungs) return {};
      return ReferenceSearch(rules, form, hand, conservative).run(form.pungs, form.pairs, 0);
    case FormType::set: {
      const int set = static_cast<int>(form.set_tiles.size());
      if (hand.size != set + 1) return {};
      return ReferenceSearch(rules, form, hand).run(0, 1, set - 1);
    }
    case FormType::knitted: {
      const int rest = hand.size - 9 - 2 * form.pairs;
      if (rest < 0 || rest % 3 != 0) return {};
      return ReferenceSearch(rules, form, hand).run(rest / 3, form.pairs, 3);
    }
    case FormType::singles:
      if (!hand.declared.empty() || hand.size != form.hand_tiles) return {};
      return ReferenceSearch(rules, form, hand).run(0, form.pairs, form.hand_tiles - 2 * form.pairs);
  }
  return {};
}

/// The wait a mark implies, from the rules of docs/engine.md written out here (not the engine's
/// wait_shape): pair single, pung dual_pung, set single set_tile, abstract any; a chow's middle
/// closed, its low end edge when its high tile has no next rank (789), its high end edge when its
/// low tile has no previous rank (123), other ends two_sided.
WaitShape ref_wait(const RefGroup& g, const RuleSet& rules) {
  switch (g.kind) {
    case RefKind::pair:
      return WaitShape::single;
    case RefKind::pung:
      return WaitShape::dual_pung;
    case RefKind::single:
    case RefKind::knit:
      return WaitShape::set_tile;
    case RefKind::any_meld:
    case RefKind::any_pair:
      return WaitShape::any;
    case RefKind::chow: {
      if (g.mark == 1) return WaitShape::closed;
      if (g.mark == 0) {
        const int high = successor(rules, successor(rules, g.tile));
        return successor(rules, high) < 0 ? WaitShape::edge : WaitShape::two_sided;
      }
      return predecessor(rules, g.tile) < 0 ? WaitShape::edge : WaitShape::two_sided;
    }
    case RefKind::wildcards:
    case RefKind::kong:
      break;
  }
  return WaitShape::none;
}

/// Every way to mark the winning tile in one unmarked interpretation (sorted groups), with the
/// declared melds added. A natural winning tile w: one per distinct group holding a natural w, in
/// the slot of w. A winning wildcard: one per distinct (group, stand-in of a wildcard slot), and
/// one per distinct abstract group. No winning tile, or the N-wildcards form: the one unmarked.
std::vector<RefInterpretation> with_marks(const RefInterpretation& groups, const RefHand& hand,
                                          const FormSpec& form, const RuleSet& rules) {
  const auto finish = [&](RefInterpretation v) {
    v.insert(v.end(), hand.declared.begin(), hand.declared.end());
    std::sort(v.begin(), v.end());
    return v;
  };
  const bool marked = hand.winning_natural >= 0 || hand.winning_wildcard;
  if (!marked || form.type == FormType::wildcards) return {finish(groups)};
  std::vector<RefInterpretation> out;
  const auto mark = [&](std::size_t i, int slot) {
    RefInterpretation v = groups;
    v[i].mark = slot;
    v[i].wait = ref_wait(v[i], rules);
    out.push_back(finish(std::move(v)));
  };
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i > 0 && groups[i] == groups[i - 1]) continue;  // the same group again: the same reading
    const RefGroup& g = groups[i];
    switch (g.kind) {
      case RefKind::pair:
      case RefKind::pung:
      case RefKind::single: {
        const int size = g.kind == RefKind::pair ? 2 : g.kind == RefKind::pung ? 3 : 1;
        if (hand.winning_natural >= 0 && g.tile == hand.winning_natural && g.wild < size) mark(i, 0);
        // The winning wildcard in a wildcard slot of its own class.
        bool has_class = false;
        for (int s = size - g.wild; s < size; ++s) has_class = has_class || class_at(g.classes, s) == hand.winning_class;
        if (hand.winning_wildcard && has_class) mark(i, 1 + hand.winning_class);
        break;
      }
      case RefKind::chow:
      case RefKind::knit:
        for (int r = 0; r < 3; ++r) {
          const bool wild = ((g.wild >> r) & 1) != 0;
          int tile = g.tile;
          const int steps = g.kind == RefKind::knit ? 3 * r : r;
          for (int k = 0; k < steps; ++k) tile = successor(rules, tile);
          if (hand.winning_natural >= 0 && !wild && tile == hand.winning_natural) mark(i, r);
          if (hand.winning_wildcard && wild && class_at(g.classes, r) == hand.winning_class) mark(i, r);
        }
        break;
      case RefKind::any_meld:
      case RefKind::any_pair:
        if (hand.winning_wildcard && class_at(g.classes, 0) == hand.winning_class) mark(i, 0);
        break;
      case RefKind::wildcards:
      case RefKind::kong:
        break;
    }
  }
  return out;
}

RefResult reference(const RuleSet& rules, const Hand& hand, bool conservative = false) {
  const RefHand ref = ref_hand(hand, rules);
  RefResult out;
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    if (!rules.forms()[f].enabled) continue;
    std::vector<RefInterpretation>& list = out[f];
    for (const RefInterpretation& unmarked : reference_form(rules, rules.forms()[f], ref, conservative)) {
      for (RefInterpretation& v : with_marks(unmarked, ref, rules.forms()[f], rules)) list.push_back(std::move(v));
    }
    std::sort(list.begin(), list.end());
  }
  return out;
}

// =============================================================================================
// The engine's output in canonical form
// =============================================================================================

/// Converts an engine group; appends to `error` and returns false when it is malformed.
bool from_engine(const Group& g, const RuleSet& rules, RefGroup& out, std::string& error) {
  const auto bad = [&](const std::string& why) {
    error += "malformed group (" + why + "): kind " + std::string(group_kind_name(g.kind)) +
             " size " + std::to_string(g.size) + " mask " + std::to_string(g.wild_mask) + "\n";
    return false;
  };
  int size = 0;
  switch (g.kind) {
    case GroupKind::pair:
    case GroupKind::any_pair:
      size = 2;
      break;
    case GroupKind::pung:
    case GroupKind::chow:
    case GroupKind::any_meld:
    case GroupKind::knit:
      size = 3;
      break;
    case GroupKind::single:
      size = 1;
      break;
    case GroupKind::wildcards:
      size = g.size;
      break;
    case GroupKind::kong:
      return bad("kong in a concealed hand");
  }
  if (g.size != size) return bad("wrong size");
  if (g.abstract()) {
    for (const TileId t : g.tiles) {
      if (t != kNoTile) return bad("abstract group with a tile");
    }
    if (g.kind != GroupKind::wildcards && g.wild_mask != (1U << size) - 1) return bad("abstract group not all wild");
    out.kind = g.kind == GroupKind::any_meld   ? RefKind::any_meld
               : g.kind == GroupKind::any_pair ? RefKind::any_pair
                                               : RefKind::wildcards;
    out.tile = -1;
    out.wild = size;
    if (g.kind != GroupKind::wildcards) {
      // One class for every slot (the unrestricted one).
      for (int slot = 1; slot < size; ++slot) {
        if (g.wild_class(slot) != g.wild_class(0)) return bad("abstract group of mixed classes");
      }
      if ((g.wild_classes >> (2 * size)) != 0) return bad("class bits beyond the size");
      out.classes = g.wild_classes;
    }
    return true;
  }
  if ((g.wild_mask >> size) != 0) return bad("wild bit beyond the size");
  for (int slot = 0; slot < 4; ++slot) {
    if (!g.is_wild(slot) && g.wild_class(slot) != 0) return bad("class bits on a natural slot");
  }
  for (int slot = size; slot < 4; ++slot) {
    if (g.tiles[static_cast<std::size_t>(slot)] != kNoTile) return bad("tile beyond the size");
  }
  for (int slot = 0; slot < size; ++slot) {
    if (!is_meldable(rules, g.tiles[static_cast<std::size_t>(slot)])) return bad("not a meldable tile");
  }
  out.tile = g.tiles[0];
  if (g.kind == GroupKind::chow) {
    if (successor(rules, g.tiles[0]) != g.tiles[1] || successor(rules, g.tiles[1]) != g.tiles[2]) {
      return bad("chow not of consecutive ranks");
    }
    out.kind = RefKind::chow;
    out.wild = g.wild_mask;
    out.classes = g.wild_classes;
    return true;
  }
  if (g.kind == GroupKind::knit) {
    const TileInfo& low = rules.tile(g.tiles[0]);
    if (low.rank > 3 || rules.find_tile(low.letter, low.rank + 3) != g.tiles[1] ||
        rules.find_tile(low.letter, low.rank + 6) != g.tiles[2]) {
      return bad("knit not of ranks three apart");
    }
    out.kind = RefKind::knit;
    out.wild = g.wild_mask;
    out.classes = g.wild_classes;
    return true;
  }
  for (int slot = 1; slot < size; ++slot) {
    if (g.tiles[static_cast<std::size_t>(slot)] != g.tiles[0]) return bad("tiles differ");
  }
  out.kind = g.kind == GroupKind::pair ? RefKind::pair
             : g.kind == GroupKind::pung ? RefKind::pung
                                         : RefKind::single;
  out.wild = std::popcount(static_cast<unsigned>(g.wild_mask));
  // The wildcard slots' classes ascending after the natural slots (slot order does not matter
  // in a group of one tile).
  std::vector<int> classes;
  for (int slot = 0; slot < size; ++slot) {
    if (g.is_wild(slot)) classes.push_back(g.wild_class(slot));
  }
  std::sort(classes.begin(), classes.end());
  for (std::size_t i = 0; i < classes.size(); ++i) {
    out.classes |= classes[i] << (2 * (size - out.wild + static_cast<int>(i)));
  }
  return true;
}

struct EngineResult {
  RefResult forms;                            ///< listed by the cursor, sorted per form (duplicates kept)
  RefResult walked;                           ///< every root-to-sink path of each graph, sorted
  std::map<std::size_t, std::uint64_t> path_counts;
  std::map<std::size_t, int> stray_sinks;     ///< vertices without out-edges other than goal()
  bool wins = false;
  std::uint64_t total = 0;
  std::string error;                          ///< structural problems found while converting
};

/// The mark of an engine group (see RefGroup::mark), or -1 with `error` appended when the slot is
/// not where the documented rules put it: the first slot of its kind (natural or wildcard) in a
/// pair, pung or single, slot 0 of an abstract group.
int engine_mark(const Group& g, const RefGroup& converted, std::string& error) {
  const int slot = g.winning_slot();
  if (slot < 0) return -1;
  if (slot >= g.size || slot >= 4) {
    error += "winning slot " + std::to_string(slot) + " beyond the group's size\n";
    return -1;
  }
  switch (converted.kind) {
    case RefKind::chow:
    case RefKind::knit:
      return slot;
    case RefKind::pair:
    case RefKind::pung:
    case RefKind::single:
      for (int s = 0; s < slot; ++s) {
        if (g.is_wild(s) == g.is_wild(slot) && (!g.is_wild(slot) || g.wild_class(s) == g.wild_class(slot))) {
          error += "winning slot " + std::to_string(slot) + " is not the first " +
                   (g.is_wild(slot) ? "wildcard of its class" : "natural") + " slot of its group\n";
        }
      }
      return g.is_wild(slot) ? 1 + g.wild_class(slot) : 0;
    case RefKind::any_meld:
    case RefKind::any_pair:
      if (slot != 0) error += "winning slot " + std::to_string(slot) + " of an abstract group\n";
      return 0;
    case RefKind::wildcards:
    case RefKind::kong:
      error += "winning tile marked in a " + std::string(group_kind_name(g.kind)) + " group\n";
      return slot;
  }
  return -1;
}

/// An engine interpretation (groups, winning_group, wait) in canonical form. Declared melds keep
/// their position; the marked group carries the mark and the engine's wait.
RefInterpretation convert(const std::vector<Group>& groups, int winning_group, WaitShape wait,
                          const RuleSet& rules, std::string& error) {
  RefInterpretation converted;
  int marked = -1;
  int marks = 0;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const Group& g = groups[i];
    RefGroup r;
    if (g.declared()) {
      r = declared_group(g, static_cast<int>(i));
      if (g.winning_slot() >= 0) error += "winning tile marked in a declared meld\n";
      converted.push_back(r);
      continue;
    }
    if ((g.flags & 0x0F) != 0) error += "flags " + std::to_string(g.flags) + " on a group of the search\n";
    if (!from_engine(g, rules, r, error)) continue;
    r.mark = engine_mark(g, r, error);
    if (g.winning_slot() >= 0) {
      ++marks;
      marked = static_cast<int>(i);
      r.wait = wait;
    }
    converted.push_back(r);
  }
  if (marks > 1) error += std::to_string(marks) + " groups hold the winning tile\n";
  if (winning_group != marked) {
    error += "winning_group " + std::to_string(winning_group) + " but the marked group is " +
             std::to_string(marked) + "\n";
  }
  if (marks == 0 && wait != WaitShape::none) {
    error += "wait " + ref_wait_name(wait) + " without a marked group\n";
  }
  std::sort(converted.begin(), converted.end());
  return converted;
}

/// Walks every path from the root to a vertex without out-edges, independently of the cursor.
/// Only states on a root-to-goal path are kept, so every such vertex should be goal(). A path is
/// read as an interpretation the way the documentation says the cursor does: the hand's declared
/// melds first, the edges' groups after them, the wait from the marked group (meldgraph::wait_shape;
/// the reference side derives it independently).
void walk(const FormGraph& graph, std::size_t vertex, std::vector<Group>& path, const Hand& hand,
          const RuleSet& rules, EngineResult& out) {
  const std::vector<FormGraph::Edge> edges = graph.out_edges(vertex);
  if (edges.empty()) {
    if (vertex != graph.goal()) ++out.stray_sinks[graph.form()];
    std::vector<Group> full(hand.melds.begin(), hand.melds.begin() + hand.meld_count);
    full.insert(full.end(), path.begin(), path.end());
    int winning_group = -1;
    WaitShape wait = WaitShape::none;
    for (std::size_t i = 0; i < full.size(); ++i) {
      if (full[i].winning_slot() >= 0 && winning_group < 0) {
        winning_group = static_cast<int>(i);
        wait = wait_shape(full[i], rules);
      }
    }
    out.walked[graph.form()].push_back(convert(full, winning_group, wait, rules, out.error));
    return;
  }
  for (const FormGraph::Edge& edge : edges) {
    path.push_back(edge.group);
    walk(graph, edge.target, path, hand, rules, out);
    path.pop_back();
  }
}

EngineResult run_engine(const RuleSet& rules, const Hand& hand) {
  EngineResult out;
  Decomposition decomposition(rules, hand);
  out.wins = decomposition.wins();
  out.total = decomposition.interpretation_count();
  std::size_t expected_form = 0;
  for (const FormGraph& graph : decomposition.graphs()) {
    while (expected_form < rules.forms().size() && !rules.forms()[expected_form].enabled) ++expected_form;
    if (graph.form() != expected_form) {
      out.error += "graph for form " + std::to_string(graph.form()) + " where form " +
                   std::to_string(expected_form) + " was expected\n";
    }
    ++expected_form;
    out.path_counts[graph.form()] = graph.path_count();
    out.forms[graph.form()];  // every enabled form appears, matched or not
    out.walked[graph.form()];
    if (!graph.empty()) {
      std::vector<Group> path;
      walk(graph, graph.root(), path, hand, rules, out);
    }
  }
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) {
    // Documented order (meld and pair forms): declared melds first as written (checked through
    // their positions in the converted value), then by lowest natural tile, abstract groups last.
    const FormType type = rules.forms()[interpretation.form].type;
    if (type == FormType::melds || type == FormType::pairs) {
      int last_low = -1;
      bool seen_abstract = false;
      for (std::size_t i = hand.meld_count; i < interpretation.groups.size(); ++i) {
        const Group& g = interpretation.groups[i];
        if (g.abstract()) {
          seen_abstract = true;
          continue;
        }
        int low = 1000;
        for (int slot = 0; slot < g.size && slot < 4; ++slot) {
          if (!g.is_wild(slot)) low = std::min(low, static_cast<int>(g.tiles[static_cast<std::size_t>(slot)]));
        }
        if (seen_abstract || low < last_low) {
          out.error += "interpretation groups not in canonical order\n";
          break;
        }
        last_low = low;
      }
    }
    out.forms[interpretation.form].push_back(
        convert(interpretation.groups, interpretation.winning_group, interpretation.wait, rules, out.error));
  }
  for (auto& [form, list] : out.forms) std::sort(list.begin(), list.end());
  for (auto& [form, list] : out.walked) std::sort(list.begin(), list.end());
  return out;
}

/// Lines naming the interpretations of `want` missing from `got` and those of `got` not in `want`.
void set_diff(std::ostream& diff, const std::string& what, const std::vector<RefInterpretation>& want,
              const std::vector<RefInterpretation>& got, const RuleSet& rules) {
  std::vector<RefInterpretation> missing;
  std::vector<RefInterpretation> extra;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
  for (std::size_t i = 0; i < missing.size() && i < 8; ++i) {
    diff << what << ": missing in engine: " << ref_interpretation_text(missing[i], rules) << "\n";
  }
  for (std::size_t i = 0; i < extra.size() && i < 8; ++i) {
    diff << what << ": extra in engine: " << ref_interpretation_text(extra[i], rules) << "\n";
  }
}

/// Empty when the engine agrees with the reference; otherwise a description of every difference.
std::string compare(const RuleSet& rules, const Hand& hand, const RefResult& expected) {
  EngineResult actual;
  try {
    actual = run_engine(rules, hand);
  } catch (const std::exception& e) {
    return std::string("engine threw: ") + e.what();
  }
  std::ostringstream diff;
  diff << actual.error;
  bool ref_wins = false;
  std::uint64_t ref_total = 0;
  for (const auto& [form, list] : expected) {
    ref_wins = ref_wins || !list.empty();
    ref_total += list.size();
  }
  if (actual.wins != ref_wins) diff << "wins(): engine " << actual.wins << ", reference " << ref_wins << "\n";
  if (actual.total != ref_total) {
    diff << "interpretation_count(): engine " << actual.total << ", reference " << ref_total << "\n";
  }
  for (const auto& [form, want] : expected) {
    const std::string name = rules.forms()[form].name;
    if (actual.forms.count(form) == 0) {
      diff << "form " << name << ": engine has no graph\n";
      continue;
    }
    const std::vector<RefInterpretation>& got = actual.forms[form];
    const std::vector<RefInterpretation>& walked = actual.walked[form];
    if (actual.path_counts[form] != want.size()) {
      diff << "form " << name << ": path_count " << actual.path_counts[form] << ", reference "
           << want.size() << "\n";
    }
    if (got.size() != want.size()) {
      diff << "form " << name << ": the cursor lists " << got.size() << ", reference " << want.size() << "\n";
    }
    for (std::size_t i = 1; i < got.size(); ++i) {
      if (got[i] == got[i - 1]) diff << "form " << name << ": duplicate " << ref_interpretation_text(got[i], rules) << "\n";
    }
    set_diff(diff, "form " + name + " (cursor)", want, got, rules);
    if (actual.stray_sinks.count(form) != 0) {
      diff << "form " << name << ": " << actual.stray_sinks[form]
           << " root-to-sink paths end at a vertex other than goal()\n";
    }
    if (walked != want) {
      diff << "form " << name << ": root-to-sink paths of the graph differ from the reference\n";
      set_diff(diff, "form " + name + " (graph)", want, walked, rules);
    }
  }
  for (const auto& [form, list] : actual.forms) {
    if (expected.count(form) == 0) diff << "engine has a graph for disabled/unknown form " << form << "\n";
  }
  return diff.str();
}

// =============================================================================================
// Hands
// =============================================================================================

/// A small MPSZ reader for the hand-computed tables, independent of the project's parser:
/// digits then a suit letter, `*` a joker. `[...]` an exposed meld, `(...)` a concealed kong
/// (digits and `*` then the letter; a chow's wildcard slot stands where its rank would), `+` before
/// the winning tile (written last). `wild` names tile kinds that are wild in this hand.
Hand hand_of(std::string_view text, const RuleSet& rules, std::string_view wild = "") {
  Hand hand;
  hand.wild_tiles = rules.fixed_wild_tiles();
  std::string pending;  // digits (and `*` inside a meld) waiting for their suit letter
  std::vector<int> meld_ranks;  // 0 for a wildcard slot
  char meld_letter = 0;
  char meld_open = 0;
  bool winning = false;
  const auto close_meld = [&](char closer) {
    REQUIRE(pending.empty());
    REQUIRE(meld_open == (closer == ']' ? '[' : '('));
    const int size = static_cast<int>(meld_ranks.size());
    REQUIRE((size == 3 || size == 4));
    Group g;
    g.size = static_cast<std::uint8_t>(size);
    g.flags = static_cast<std::uint8_t>(kGroupDeclared | (meld_open == '(' ? kGroupConcealed : 0));
    int natural = 0;
    bool same = true;
    for (int i = 0; i < size; ++i) {
      const int r = meld_ranks[static_cast<std::size_t>(i)];
      if (r == 0) {
        g.wild_mask = static_cast<std::uint8_t>(g.wild_mask | (1U << i));
      } else if (natural == 0) {
        natural = r;
      } else if (r != natural) {
        same = false;
      }
    }
    REQUIRE(natural != 0);
    if (same) {
      const TileId t = rules.find_tile(meld_letter, natural);
      REQUIRE(t != kNoTile);
      g.kind = size == 4 ? GroupKind::kong : GroupKind::pung;
      g.tiles = {t, t, t, size == 4 ? t : kNoTile};
    } else {
      REQUIRE(size == 3);
      if (g.wild_mask == 0) std::sort(meld_ranks.begin(), meld_ranks.end());
      int base = 0;
      for (int i = 0; i < size; ++i) {
        if (meld_ranks[static_cast<std::size_t>(i)] != 0) base = meld_ranks[static_cast<std::size_t>(i)] - i;
      }
      g.kind = GroupKind::chow;
      for (int i = 0; i < 3; ++i) {
        const TileId t = rules.find_tile(meld_letter, base + i);
        REQUIRE(t != kNoTile);
        g.tiles[static_cast<std::size_t>(i)] = t;
      }
    }
    REQUIRE(hand.meld_count < kMaxDeclaredMelds);
    hand.melds[hand.meld_count++] = g;
    meld_ranks.clear();
    meld_open = 0;
  };
  for (const char c : text) {
    if (c == ' ') continue;
    if (c == '[' || c == '(') {
      REQUIRE((meld_open == 0 && pending.empty()));
      meld_open = c;
    } else if (c == ']' || c == ')') {
      close_meld(c);
    } else if (c == '+') {
      REQUIRE((meld_open == 0 && pending.empty()));
      winning = true;
    } else if (c == '*' && meld_open == 0) {
      ++hand.jokers;
      if (winning) hand.winning_joker = true;
    } else if ((c >= '1' && c <= '9') || c == '*') {
      pending += c;
    } else {
      REQUIRE((c >= 'a' && c <= 'z'));
      REQUIRE(!pending.empty());
      for (const char d : pending) {
        if (meld_open != 0) {
          meld_ranks.push_back(d == '*' ? 0 : d - '0');
          continue;
        }
        const TileId t = rules.find_tile(c, d - '0');
        REQUIRE(t != kNoTile);
        ++hand.counts[t];
        if (winning) hand.winning = t;
      }
      meld_letter = c;
      pending.clear();
    }
  }
  REQUIRE((pending.empty() && meld_open == 0));
  std::string digits;
  for (const char c : wild) {
    if (c >= '1' && c <= '9') {
      digits += c;
    } else if (c >= 'a' && c <= 'z') {
      for (const char d : digits) {
        const TileId t = rules.find_tile(c, d - '0');
        REQUIRE(t != kNoTile);
        hand.wild_tiles |= tile_bit(t);
      }
      digits.clear();
    }
  }
  return hand;
}

std::string describe_hand(const Hand& hand, const RuleSet& rules) {
  std::string out = format_hand(hand, rules);
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (((hand.wild_tiles >> t) & 1U) != 0) out += " wild:" + rules.tile(static_cast<TileId>(t)).code;
  }
  return out + " (rules " + rules.name() + ")";
}

/// Random hands that respect the copies of every tile.
class HandGenerator {
 public:
  HandGenerator(const RuleSet& rules, std::mt19937& rng) : rules_(rules), rng_(rng) {
    for (int t = 0; t < rules.tile_count(); ++t) {
      if (is_meldable(rules, t)) {
        all_.push_back(t);
        const TileInfo& info = rules.tile(static_cast<TileId>(t));
        const bool sequences = rules.suits()[info.suit].sequences;
        if (!sequences || info.rank == 1 || info.rank == 9) orphans_.push_back(t);
      } else {
        bonus_.push_back(t);
      }
    }
  }

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  void reset() {
    counts_.fill(0);
    naturals_ = 0;
  }

  /// Tiles the next hands should not hold (a suit to lack, forbidden tiles); 0 for none.
  void avoid(std::uint64_t mask) { avoid_ = mask; }
  [[nodiscard]] bool avoided(int t) const { return t < 0 || ((avoid_ >> t) & 1U) != 0; }

  /// palette_any() without the avoided tiles (every tile left when that empties it).
  std::vector<int> palette() {
    std::vector<int> out = palette_any();
    std::erase_if(out, [&](int t) { return avoided(t); });
    if (out.empty()) {
      for (const int t : all_) {
        if (!avoided(t)) out.push_back(t);
      }
    }
    if (out.empty()) out = all_;
    return out;
  }

  /// A palette: every meldable tile, one suit, a run of a few adjacent kinds, or the orphans.
  std::vector<int> palette_any() {
    switch (uniform(0, 5)) {
      case 0: {  // one suit
        const int suit = rules_.tile(static_cast<TileId>(all_[static_cast<std::size_t>(uniform(0, static_cast<int>(all_.size()) - 1))])).suit;
        std::vector<int> out;
        for (const int t : all_) {
          if (rules_.tile(static_cast<TileId>(t)).suit == suit) out.push_back(t);
        }
        return out;
      }
      case 1: {  // a window of 5 consecutive kinds
        if (all_.size() <= 5) return all_;
        const int start = uniform(0, static_cast<int>(all_.size()) - 5);
        return std::vector<int>(all_.begin() + start, all_.begin() + start + 5);
      }
      case 2:
        return orphans_;
      default:
        return all_;
    }
  }

  /// Copies of `t` taken: by the concealed tiles so far and by the declared melds.
  [[nodiscard]] int held(int t) const {
    return counts_[static_cast<std::size_t>(t)] + reserved_[static_cast<std::size_t>(t)];
  }

  bool add(int t, int n = 1) {
    if (held(t) + n > copies_of(rules_, t)) return false;
    counts_[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(counts_[static_cast<std::size_t>(t)] + n);
    naturals_ += n;
    return true;
  }

  void add_uniform(int n, const std::vector<int>& from) {
    std::vector<int> wall;
    for (const int t : from) {
      if (avoided(t)) continue;
      for (int c = held(t); c < copies_of(rules_, t); ++c) wall.push_back(t);
    }
    if (static_cast<int>(wall.size()) < n) {
      // Palette too small: widen to every tile; when even that runs out, add what is left (the
      // caller makes up the size with jokers).
      if (&from != &all_) {
        add_uniform(n, all_);
        return;
      }
      n = static_cast<int>(wall.size());
    }
    std::shuffle(wall.begin(), wall.end(), rng_);
    for (int i = 0; i < n; ++i) add(wall[static_cast<std::size_t>(i)]);
  }

  /// A meld (pung or chow) or pair drawn from `from`; falls back to uniform tiles when stuck.
  void add_group(int size, const std::vector<int>& from) {
    for (int attempt = 0; attempt < 30; ++attempt) {
      const int t = from[static_cast<std::size_t>(uniform(0, static_cast<int>(from.size()) - 1))];
      if (size == 2 || chance(0.4)) {
        if (add(t, size)) return;
        continue;
      }
      const int t2 = successor(rules_, t);
      const int t3 = t2 < 0 ? -1 : successor(rules_, t2);
      if (t3 < 0 || avoided(t2) || avoided(t3)) continue;
      if (held(t) < copies_of(rules_, t) && held(t2) < copies_of(rules_, t2) &&
          held(t3) < copies_of(rules_, t3)) {
        add(t);
        add(t2);
        add(t3);
        return;
      }
    }
    add_uniform(size, all_);
  }

  /// Turns `n` random natural tiles into jokers (removes them from the counts).
  int remove_naturals(int n) {
    int removed = 0;
    for (; removed < n && naturals_ > 0; ++removed) {
      int pick = uniform(0, naturals_ - 1);
      for (std::size_t t = 0; t < counts_.size(); ++t) {
        if (pick < counts_[t]) {
          --counts_[t];
          --naturals_;
          break;
        }
        pick -= counts_[t];
      }
    }
    return removed;
  }

  /// Replaces one natural tile by another random one (a near miss of a structured hand).
  void mutate(const std::vector<int>& from) {
    if (remove_naturals(1) == 1) add_uniform(1, chance(0.5) ? from : all_);
  }

  enum class Shape { uniform, melds, pairs, orphans, knitted, pairs_pungs };

  /// One knit (147, 258, 369 over the three sequence suits, in a random order) and the honours.
  std::vector<int> knit_pool(bool honours) {
    std::array<int, 3> knit{0, 1, 2};
    std::shuffle(knit.begin(), knit.end(), rng_);
    std::vector<int> pool;
    std::size_t suit = 0;
    for (const SuitInfo& info : rules_.suits()) {
      if (info.bonus) continue;
      for (const std::uint8_t rank : info.ranks) {
        const int t = rules_.find_tile(info.letter, rank);
        if (info.sequences ? suit < 3 && (rank - 1) % 3 == knit[suit] : honours) pool.push_back(t);
      }
      suit += info.sequences ? 1 : 0;
    }
    return pool;
  }

  /// A hand of `size` tiles (meldable naturals + jokers), `jokers` of them jokers.
  Hand make(Shape shape, int size, int jokers, double mutate_chance = 0.25) {
    reset();
    const std::vector<int> from = shape == Shape::orphans ? orphans_ : palette();
    switch (shape) {
      case Shape::uniform:
        add_uniform(size, from);
        break;
      case Shape::melds:
        for (int m = 0; m < (size - 2) / 3; ++m) add_group(3, from);
        add_group(2, from);
        break;
      case Shape::pairs:
        for (int p = 0; p < size / 2; ++p) add_group(2, from);
        if (size % 2 != 0) add_uniform(1, from);
        break;
      case Shape::pairs_pungs: {
        // Pungs and pairs (嚦咕嚦咕): an even number of tiles left for the pairs.
        std::vector<int> pungs;
        for (int k = 0; 3 * k <= size; ++k) {
          if ((size - 3 * k) % 2 == 0) pungs.push_back(k);
        }
        const int k = pungs[static_cast<std::size_t>(uniform(0, static_cast<int>(pungs.size()) - 1))];
        for (int m = 0; m < k; ++m) {
          const int t = from[static_cast<std::size_t>(uniform(0, static_cast<int>(from.size()) - 1))];
          if (!add(t, 3)) add_uniform(3, from);
        }
        for (int p = 0; p < (size - 3 * k) / 2; ++p) add_group(2, from);
        break;
      }
      case Shape::knitted: {
        // Half the time a knitted straight with melds and a pair, else distinct knit tiles and
        // honours (全不靠, 十六不搭).
        if (size >= 11 && (size - 11) % 3 == 0 && chance(0.5)) {
          for (const int t : knit_pool(false)) add(t);
          for (int m = 0; m < (size - 11) / 3; ++m) add_group(3, from);
          add_group(2, from);
        } else {
          std::vector<int> pool = knit_pool(true);
          std::shuffle(pool.begin(), pool.end(), rng_);
          for (const int t : pool) {
            if (naturals_ < size) add(t);
          }
          add_uniform(size - naturals_, pool);
        }
        break;
      }
      case Shape::orphans: {
        std::vector<int> set = orphans_;
        std::shuffle(set.begin(), set.end(), rng_);
        for (int i = 0; i < size - 1 && i < static_cast<int>(set.size()); ++i) add(set[static_cast<std::size_t>(i)]);
        add_uniform(size - naturals_, orphans_);
        break;
      }
    }
    if (chance(mutate_chance)) mutate(from);
    if (naturals_ > size - jokers) remove_naturals(naturals_ - (size - jokers));
    Hand hand;
    hand.counts = counts_;
    hand.jokers = static_cast<std::uint8_t>(size - naturals_);  // `jokers`, or more if short
    hand.wild_tiles = rules_.fixed_wild_tiles();
    return hand;
  }

  /// Adds up to `n` random bonus tiles (never part of the hand's size).
  void add_bonus(Hand& hand, int n) {
    for (int i = 0; i < n && !bonus_.empty(); ++i) {
      const int t = bonus_[static_cast<std::size_t>(uniform(0, static_cast<int>(bonus_.size()) - 1))];
      if (hand.counts[static_cast<std::size_t>(t)] < copies_of(rules_, t)) ++hand.counts[static_cast<std::size_t>(t)];
    }
  }

  [[nodiscard]] const std::vector<int>& all() const { return all_; }

  /// Declares up to `n` melds (pungs, chows, kongs, concealed kongs) whose natural tiles stay
  /// reserved, so the next make() respects the copies over the whole hand; under
  /// wildcards.in_melds some slots are jokers, taken from `jokers_left`. Melds that find no
  /// copies left are skipped.
  std::vector<Group> declare(int n, int& jokers_left) {
    reset();
    reserved_.fill(0);
    std::vector<Group> out;
    const bool joker_slots = rules_.wildcards().in_melds;
    for (int m = 0; m < n; ++m) {
      for (int attempt = 0; attempt < 30; ++attempt) {
        const int t = all_[static_cast<std::size_t>(uniform(0, static_cast<int>(all_.size()) - 1))];
        if (avoided(t)) continue;
        const int kind = uniform(0, 99);  // <40 pung, <70 chow, <85 kong, else concealed kong
        Group g;
        g.flags = kGroupDeclared;
        if (kind < 70 && kind >= 40) {
          const int t2 = successor(rules_, t);
          const int t3 = t2 < 0 ? -1 : successor(rules_, t2);
          if (t3 < 0 || avoided(t2) || avoided(t3)) continue;
          g.kind = GroupKind::chow;
          g.size = 3;
          g.tiles = {static_cast<TileId>(t), static_cast<TileId>(t2), static_cast<TileId>(t3), kNoTile};
          // At most one joker: with two the parser reads a pung.
          if (joker_slots && jokers_left > 0 && chance(0.35)) g.wild_mask = static_cast<std::uint8_t>(1U << uniform(0, 2));
        } else {
          g.kind = kind < 40 ? GroupKind::pung : GroupKind::kong;
          g.size = kind < 40 ? 3 : 4;
          if (kind >= 85) g.flags |= kGroupConcealed;
          const auto k = static_cast<TileId>(t);
          g.tiles = {k, k, k, g.size == 4 ? k : kNoTile};
          if (joker_slots && jokers_left > 0 && chance(0.35)) {
            const int wild = uniform(1, std::min(jokers_left, g.size - 1));  // one natural at least
            while (std::popcount(static_cast<unsigned>(g.wild_mask)) < wild) {
              g.wild_mask = static_cast<std::uint8_t>(g.wild_mask | (1U << uniform(0, g.size - 1)));
            }
          }
        }
        std::array<int, kMaxTileKinds> need{};
        bool fits = true;
        for (int slot = 0; slot < g.size; ++slot) {
          if (g.is_wild(slot)) continue;
          const int tile = g.tiles[static_cast<std::size_t>(slot)];
          if (held(tile) + ++need[static_cast<std::size_t>(tile)] > copies_of(rules_, tile)) fits = false;
        }
        if (!fits) continue;
        for (int slot = 0; slot < g.size; ++slot) {
          if (!g.is_wild(slot)) ++reserved_[g.tiles[static_cast<std::size_t>(slot)]];
        }
        jokers_left -= g.wildcard_count();
        out.push_back(g);
        break;
      }
    }
    return out;
  }

  void clear_reserved() { reserved_.fill(0); }

 private:
  const RuleSet& rules_;
  std::mt19937& rng_;
  std::vector<int> all_;
  std::vector<int> orphans_;
  std::vector<int> bonus_;
  TileCounts counts_{};
  int naturals_ = 0;
  std::array<int, kMaxTileKinds> reserved_{};  ///< natural tiles of declared melds, by kind
  std::uint64_t avoid_ = 0;                    ///< tiles not to deal (see avoid())
};

/// Counts hands, wins and failures of one random run; reports the first few failures in full.
struct Tally {
  int hands = 0;
  int wins = 0;
  int interpretations = 0;
  int failures = 0;
  /// Failures where the graph itself is wrong (counts, or the root-to-sink paths), as opposed to
  /// failures of listing alone (cursor, goal vertex).
  int graph_failures = 0;
  std::size_t most_interpretations = 0;  ///< of one hand
  std::map<std::string, int> form_wins;
  int declared_hands = 0;       ///< hands with declared melds
  int joker_melds = 0;          ///< hands with a joker in a declared meld
  int winning_natural = 0;      ///< hands with a natural winning tile
  int winning_wildcard = 0;     ///< hands whose winning tile is a wildcard
  int winning_wild_kind = 0;    ///< of those, a tile of a wild kind (not a joker)
  int marked_wins = 0;          ///< winning hands with a winning tile
  /// Hands left out because the engine's documented conservative rule (distinct pairs beside
  /// pungs) and the plain reference differ on them; see the pungs test.
  int conservative_skipped = 0;
  /// Hands left out for ENGINE DISCREPANCY B (see wild_only_mark_twice).
  int duplicate_skipped = 0;
  /// Hands left out for ENGINE DISCREPANCY C (a declared natural tile of a wild kind, capped).
  int declared_wild_skipped = 0;
};

/// ENGINE DISCREPANCY B (found by this test, since fixed; such hands are now compared and
/// counted): a winning wildcard in one of two identical
/// wildcard-only concrete groups (restricted stand-ins) is reached by two paths, marked group
/// first or second, so the engine lists that interpretation twice and counts it twice
/// (expand_wild_only's order key leaves out the winning slot, which expand_melds includes).
/// Smallest hand found: `23344z**+4z`, 4z wild, under kSharedClassesYaml, form four_pairs:
/// `{1}{1}z {1}{1}z<+{1}z single> 2{2}z 33z` twice. True when an interpretation of `expected`
/// holds such a pair of groups.
bool wild_only_mark_twice(const RefResult& expected) {
  for (const auto& [form, list] : expected) {
    for (const RefInterpretation& v : list) {
      for (const RefGroup& g : v) {
        if (g.mark < 0 || g.tile < 0 || g.declared > 0) continue;
        const int size = g.kind == RefKind::pair ? 2 : g.kind == RefKind::pung ? 3 : g.kind == RefKind::chow ? 3 : 0;
        const bool wild_only = g.kind == RefKind::chow ? g.wild == 7 : (size > 0 && g.wild == size);
        if (!wild_only) continue;
        for (const RefGroup& h : v) {
          if (h.mark < 0 && h.kind == g.kind && h.tile == g.tile && h.wild == g.wild && h.classes == g.classes &&
              h.declared == 0) {
            return true;
          }
        }
      }
    }
  }
  return false;
}

void check_hand(const RuleSet& rules, const Hand& hand, int expected_size, Tally& tally,
                bool skip_conservative = false) {
  const std::string text = describe_hand(hand, rules);
  INFO("hand " << text);
  CAPTURE(expected_size);
  const RefHand ref = ref_hand(hand, rules);
  const int declared_size = 3 * static_cast<int>(ref.declared.size());
  if (ref.size + declared_size != expected_size || hand.size(rules) != expected_size ||
      hand.concealed_size(rules) != ref.size || hand.wildcard_count() != ref.wildcards) {
    ++tally.failures;
    FAIL_CHECK("generator or Hand size mismatch: reference size " << ref.size << ", Hand::size "
                                                                  << hand.size(rules));
    return;
  }
  const RefResult expected = reference(rules, hand);
  if (skip_conservative && reference(rules, hand, true) != expected) {
    ++tally.conservative_skipped;
    return;
  }
  // Discrepancy B is fixed; the check stays to count such hands (they are compared, not skipped).
  if (wild_only_mark_twice(expected)) ++tally.duplicate_skipped;
  ++tally.hands;
  bool won = false;
  std::size_t here = 0;
  for (const auto& [form, list] : expected) {
    here += list.size();
    if (!list.empty()) {
      won = true;
      ++tally.form_wins[rules.forms()[form].name];
    }
    tally.interpretations += static_cast<int>(list.size());
  }
  tally.wins += won ? 1 : 0;
  tally.most_interpretations = std::max(tally.most_interpretations, here);
  tally.declared_hands += ref.declared.empty() ? 0 : 1;
  tally.joker_melds += std::any_of(ref.declared.begin(), ref.declared.end(),
                                   [](const RefGroup& g) { return g.wild != 0; })
                           ? 1
                           : 0;
  tally.winning_natural += ref.winning_natural >= 0 ? 1 : 0;
  tally.winning_wildcard += ref.winning_wildcard ? 1 : 0;
  tally.winning_wild_kind += ref.winning_wildcard && !hand.winning_joker ? 1 : 0;
  tally.marked_wins += won && (ref.winning_natural >= 0 || ref.winning_wildcard) ? 1 : 0;
  const std::string diff = compare(rules, hand, expected);
  if (!diff.empty()) {
    ++tally.failures;
    for (const char* graph_level : {"(graph)", "path_count", "interpretation_count", "wins()", "threw"}) {
      if (diff.find(graph_level) != std::string::npos) {
        ++tally.graph_failures;
        break;
      }
    }
    if (tally.failures <= 5) FAIL_CHECK("engine disagrees with the reference on " << text << ":\n" << diff);
  }
}

void report(const char* what, const Tally& tally) {
  std::ostringstream forms;
  for (const auto& [name, n] : tally.form_wins) forms << " " << name << "=" << n;
  INFO(what << ": " << tally.hands << " hands, " << tally.wins << " winning, "
            << tally.interpretations << " interpretations (at most " << tally.most_interpretations
            << " in one hand); wins by form:" << forms.str() << "; failing hands " << tally.failures << ", of which " << tally.graph_failures
            << " with wrong counts or graph paths (the rest: listing only)");
  CHECK(tally.failures == 0);
  // Printed with -s; keeps the generator honest about how many hands really win.
  std::ostringstream extra;
  if (tally.conservative_skipped > 0) {
    extra << "; " << tally.conservative_skipped << " hands left out (conservative distinct pairs)";
  }
  if (tally.duplicate_skipped + tally.declared_wild_skipped > 0) {
    extra << "; " << tally.duplicate_skipped << " hands with a winning wildcard in one of two equal "
          << "wildcard-only groups (compared), " << tally.declared_wild_skipped
          << " left out (declared wild kind, capped)";
  }
  if (tally.declared_hands + tally.winning_natural + tally.winning_wildcard > 0) {
    extra << "; " << tally.declared_hands << " with declared melds (" << tally.joker_melds
          << " with a joker in one), winning tile natural " << tally.winning_natural
          << " / wildcard " << tally.winning_wildcard << " (of a wild kind "
          << tally.winning_wild_kind << "), " << tally.marked_wins
          << " winning hands with a winning tile";
  }
  SUCCEED(what << ": " << tally.hands << " hands, " << tally.wins << " winning, "
               << tally.interpretations << " interpretations (at most " << tally.most_interpretations
               << " in one hand); wins by form:" << forms.str() << extra.str());
}

/// A joker count from 0 to `most`, never more than the hand holds.
int jokers_for(HandGenerator& gen, int size, int most) { return std::min(size, gen.uniform(0, most)); }

const char* const kJokersYaml = "name: test_jokers\nextends: basic\nwildcards: {jokers: 8}\n";

// Copies capped: a wildcard may not stand for a fifth copy.
const char* const kCappedJokersYaml =
    "name: test_capped_jokers\nextends: basic\nwildcards: {jokers: 8, exceed_copies: false}\n";
const char* const kCappedLaiziYaml =
    "name: test_capped_laizi\nextends: laizi\nwildcards: {exceed_copies: false}\n";

// Seven pairs where four of a kind is not two pairs (alone, and with copies capped).
const char* const kDistinctPairsYaml =
    "name: test_distinct_pairs\nextends: laizi\n"
    "forms: {seven_pairs: {four_as_two_pairs: false}}\n";
const char* const kDistinctCappedYaml =
    "name: test_distinct_capped\nextends: laizi\nwildcards: {exceed_copies: false}\n"
    "forms: {seven_pairs: {four_as_two_pairs: false}}\n";

// Assorted forms of other sizes: small pairs and set forms, forms that refuse wildcards, a
// disabled form, a three-wildcard instant win, and a tile kind (5m) that is wild in every hand.
const char* const kFormsYaml =
    "name: test_forms\n"
    "extends: basic\n"
    "hand: {tiles: 14}\n"
    "wildcards: {jokers: 8, tiles: [5m]}\n"
    "forms:\n"
    "  four_pairs: {type: pairs, pairs: 4, four_as_two_pairs: false}\n"
    "  one_pair: {type: pairs, pairs: 1}\n"
    "  little_set: {type: set, tiles: \"19m19p\"}\n"
    "  natural_seven_pairs: {type: pairs, pairs: 7, wildcards: false}\n"
    "  natural_orphans: {type: set, tiles: \"19m19p19s1234567z\", wildcards: false}\n"
    "  switched_off: {type: set, tiles: \"1m\", enabled: false}\n"
    "  three_wildcards: {type: wildcards, count: 3}\n";

// A deliberately small tile set with few copies (1m-4m: 3 each, 1z 2z: 2 each), copies capped,
// so the caps bite on stand-ins and on the abstract groups.
const char* const kTinyYaml =
    "name: test_tiny\n"
    "tiles:\n"
    "  copies: 3\n"
    "  suits:\n"
    "    - {letter: m, name: characters, ranks: [1, 2, 3, 4], sequences: true}\n"
    "    - {letter: z, name: honours, ranks: [1, 2], sequences: false, copies: 2}\n"
    "hand: {tiles: 11}\n"
    "wildcards: {jokers: 8, exceed_copies: false}\n"
    "forms:\n"
    "  standard: {type: melds}\n"
    "  four_pairs: {type: pairs, pairs: 4, four_as_two_pairs: false}\n"
    "  mini_set: {type: set, tiles: \"14m12z\"}\n";

// One tile kind with four copies, copies capped: the abstract groups often cannot be realised.
const char* const kMicroYaml =
    "name: test_micro\n"
    "tiles:\n"
    "  suits:\n"
    "    - {letter: z, name: honours, ranks: [1]}\n"
    "hand: {tiles: 8}\n"
    "wildcards: {jokers: 8, exceed_copies: false}\n"
    "forms:\n"
    "  standard: {type: melds}\n";

// Copies NOT capped, but one suit has a single copy of each tile, and pairs must be distinct:
// may two wildcards be a pair of a one-copy tile? With exceed_copies true they may stand for
// tiles whose copies are used up, so yes.
const char* const kSingleCopyYaml =
    "name: test_single_copy\n"
    "tiles:\n"
    "  suits:\n"
    "    - {letter: m, name: characters, ranks: [1, 2, 3], sequences: true, copies: 1}\n"
    "    - {letter: z, name: honours, ranks: [1, 2], copies: 2}\n"
    "hand: {tiles: 8}\n"
    "wildcards: {jokers: 8, exceed_copies: true}\n"
    "forms:\n"
    "  standard: {type: melds}\n"
    "  three_pairs_distinct: {type: pairs, pairs: 4, four_as_two_pairs: false}\n"
    "  one_pair: {type: pairs, pairs: 1, four_as_two_pairs: false}\n";

/// Reference counts per form name, for the hand-computed tables.
std::map<std::string, std::size_t> reference_counts(const RuleSet& rules, const Hand& hand) {
  std::map<std::string, std::size_t> out;
  for (const auto& [form, list] : reference(rules, hand)) out[rules.forms()[form].name] = list.size();
  return out;
}

/// The reference's interpretations of one form as text, sorted.
std::vector<std::string> reference_texts(const RuleSet& rules, const Hand& hand, const std::string& form) {
  std::vector<std::string> out;
  for (const auto& [f, list] : reference(rules, hand)) {
    if (rules.forms()[f].name != form) continue;
    for (const RefInterpretation& i : list) out.push_back(ref_interpretation_text(i, rules));
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Random hands of the given sizes and shapes under `rules`, each checked against the reference.
struct Plan {
  std::vector<int> sizes;
  int most_jokers = 0;            ///< 0..most jokers per hand
  int per_size = 0;               ///< hands per size
  bool per_hand_wild = false;     ///< sometimes make one tile kind wild for the hand
  double per_hand_chance = 0.2;   ///< how often, with per_hand_wild
  bool bonus = false;             ///< sometimes add bonus tiles
  std::vector<HandGenerator::Shape> shapes{HandGenerator::Shape::uniform,
                                           HandGenerator::Shape::melds};
  double avoid_suit = 0;          ///< chance of dealing no tile of one random sequence suit
  std::uint64_t avoid_tiles = 0;  ///< tiles (forbidden ones) not to deal ...
  double avoid_tiles_chance = 0;  ///< ... with this chance
  bool skip_conservative = false; ///< leave out hands where check_hand's conservative rule bites
};

/// Sets the tiles `gen` avoids for the next hand: a random sequence suit with chance
/// `avoid_suit`, `tiles` with chance `tiles_chance`.
void choose_avoided(HandGenerator& gen, const RuleSet& rules, double avoid_suit, std::uint64_t tiles,
                    double tiles_chance) {
  std::uint64_t mask = 0;
  if (avoid_suit > 0 && gen.chance(avoid_suit)) {
    std::vector<int> suits;
    for (std::size_t s = 0; s < rules.suits().size(); ++s) {
      if (rules.suits()[s].sequences && !rules.suits()[s].bonus) suits.push_back(static_cast<int>(s));
    }
    const int suit = suits[static_cast<std::size_t>(gen.uniform(0, static_cast<int>(suits.size()) - 1))];
    for (int t = 0; t < rules.meldable_count(); ++t) {
      if (rules.tile(static_cast<TileId>(t)).suit == suit) mask |= bit_of(t);
    }
  }
  if (tiles_chance > 0 && gen.chance(tiles_chance)) mask |= tiles;
  gen.avoid(mask);
}

Tally run_plan(const RuleSet& rules, std::uint32_t seed, const Plan& plan) {
  std::mt19937 rng(seed);
  HandGenerator gen(rules, rng);
  Tally tally;
  for (const int size : plan.sizes) {
    for (int i = 0; i < plan.per_size; ++i) {
      const auto shape = plan.shapes[static_cast<std::size_t>(i) % plan.shapes.size()];
      const int jokers = jokers_for(gen, size, plan.most_jokers);
      choose_avoided(gen, rules, plan.avoid_suit, plan.avoid_tiles, plan.avoid_tiles_chance);
      Hand hand = gen.make(shape, size, jokers);
      if (plan.per_hand_wild && gen.chance(plan.per_hand_chance)) {
        // The hand's tiles of one kind become wildcards; keep at most 5 wildcards in all.
        const int t = gen.all()[static_cast<std::size_t>(gen.uniform(0, static_cast<int>(gen.all().size()) - 1))];
        const auto k = static_cast<std::size_t>(t);
        const int held = hand.counts[k];
        if (hand.jokers + held <= 5) hand.wild_tiles |= tile_bit(static_cast<TileId>(t));
      }
      if (plan.bonus && gen.chance(0.3)) gen.add_bonus(hand, gen.uniform(1, 3));
      check_hand(rules, hand, size, tally, plan.skip_conservative);
    }
  }
  return tally;
}

/// Complete hands with declared melds and a winning tile.
struct FullPlan {
  std::vector<int> sizes;         ///< whole hand sizes, 3n+2, a declared meld counting three
  int per_size = 0;               ///< hands per size
  int most_melds = 0;             ///< 0..most declared melds per hand (fewer when the hand is small)
  int most_jokers = 0;            ///< 0..most concealed jokers
  double winning = 0.85;          ///< chance of a winning tile
  bool per_hand_wild = false;     ///< sometimes make one tile kind wild for the hand
  bool bonus = false;             ///< sometimes add bonus tiles
  std::vector<HandGenerator::Shape> shapes{HandGenerator::Shape::melds, HandGenerator::Shape::uniform,
                                           HandGenerator::Shape::melds};
  double avoid_suit = 0;          ///< as in Plan
  std::uint64_t avoid_tiles = 0;
  double avoid_tiles_chance = 0;
  double per_hand_chance = 0.3;   ///< with per_hand_wild
  bool skip_conservative = false; ///< as in Plan
  /// ENGINE DISCREPANCY C (found by this test, since fixed, so no run sets this): copies capped, the engine does not count
  /// natural tiles of a wild kind in declared melds towards that kind's copies (it zeroes the
  /// wild kinds' held counts), although docs/rules.md says such tiles "count as the tiles they
  /// are": `*(4444z)+*`, 4z wild, under kSharedClassesYaml lists `(4444z) {4}{4}z`, a sixth 4z.
  /// Leave such hands out.
  bool skip_declared_wild_kind = false;
};

/// Marks one of the hand's concealed tiles as the winning tile; leans towards a tile of a wild
/// kind and towards a joker when the hand holds them, so winning wildcards are frequent.
void choose_winning(Hand& hand, HandGenerator& gen, const RuleSet& rules) {
  std::vector<int> tiles;
  std::vector<int> wild_kinds;
  for (int t = 0; t < rules.tile_count(); ++t) {
    const int n = hand.counts[static_cast<std::size_t>(t)];
    const bool wild = ((hand.wild_tiles >> t) & 1U) != 0;
    if (n == 0 || (!wild && !is_meldable(rules, t))) continue;
    for (int c = 0; c < n; ++c) tiles.push_back(t);
    if (wild) wild_kinds.push_back(t);
  }
  if (!wild_kinds.empty() && gen.chance(0.5)) {
    hand.winning = static_cast<TileId>(wild_kinds[static_cast<std::size_t>(gen.uniform(0, static_cast<int>(wild_kinds.size()) - 1))]);
    return;
  }
  if (hand.jokers > 0 && gen.chance(0.3)) {
    hand.winning_joker = true;
    return;
  }
  const int pick = gen.uniform(0, static_cast<int>(tiles.size()) + hand.jokers - 1);
  if (pick < static_cast<int>(tiles.size())) {
    hand.winning = static_cast<TileId>(tiles[static_cast<std::size_t>(pick)]);
  } else {
    hand.winning_joker = true;
  }
}

Tally run_full_plan(const RuleSet& rules, std::uint32_t seed, const FullPlan& plan) {
  std::mt19937 rng(seed);
  HandGenerator gen(rules, rng);
  Tally tally;
  int notation_failures = 0;
  for (const int size : plan.sizes) {
    for (int i = 0; i < plan.per_size; ++i) {
      const auto shape = plan.shapes[static_cast<std::size_t>(i) % plan.shapes.size()];
      int jokers_left = rules.wildcards().jokers;  // the set's jokers, declared and concealed
      choose_avoided(gen, rules, plan.avoid_suit, plan.avoid_tiles, plan.avoid_tiles_chance);
      const int melds = std::min(gen.uniform(0, plan.most_melds), (size - 2) / 3);
      const std::vector<Group> declared = gen.declare(melds, jokers_left);
      const int concealed = size - 3 * static_cast<int>(declared.size());
      const int jokers = std::min(jokers_for(gen, concealed, plan.most_jokers), jokers_left);
      Hand hand = gen.make(shape, concealed, jokers);
      gen.clear_reserved();
      if (hand.jokers > jokers_left) continue;  // the wall ran short; make() filled with jokers
      for (const Group& g : declared) hand.melds[hand.meld_count++] = g;
      if (plan.per_hand_wild && gen.chance(plan.per_hand_chance)) {
        // The hand's concealed tiles of one kind become wildcards (declared ones stay natural).
        const int t = gen.all()[static_cast<std::size_t>(gen.uniform(0, static_cast<int>(gen.all().size()) - 1))];
        const int held = hand.counts[static_cast<std::size_t>(t)];
        if (hand.jokers + held <= 5) hand.wild_tiles |= tile_bit(static_cast<TileId>(t));
      }
      if (gen.chance(plan.winning)) choose_winning(hand, gen, rules);
      if (plan.bonus && gen.chance(0.3)) gen.add_bonus(hand, gen.uniform(1, 3));
      if (plan.skip_declared_wild_kind) {
        bool wild_kind = false;
        for (int m = 0; m < hand.meld_count; ++m) {
          const Group& meld = hand.melds[static_cast<std::size_t>(m)];
          for (int slot = 0; slot < meld.size; ++slot) {
            wild_kind = wild_kind || (!meld.is_wild(slot) && (hand.wild_tiles & tile_bit(meld.tiles[static_cast<std::size_t>(slot)])) != 0);
          }
        }
        if (wild_kind) {
          ++tally.declared_wild_skipped;
          continue;
        }
      }
      // The generated hand is one the parser reads from its own text.
      const std::string text = format_hand(hand, rules);
      try {
        const Hand parsed = parse_hand(text, rules, hand.wild_tiles & ~rules.fixed_wild_tiles());
        if (!(parsed == hand) && ++notation_failures <= 3) {
          FAIL_CHECK("generated hand does not read back from its text " << text);
        }
      } catch (const std::exception& e) {
        if (++notation_failures <= 3) FAIL_CHECK("generated hand " << text << " does not parse: " << e.what());
      }
      check_hand(rules, hand, size, tally, plan.skip_conservative);
    }
  }
  CHECK(notation_failures == 0);
  return tally;
}

}  // namespace

// =============================================================================================
// 1. The reference itself, on hands counted by hand
// =============================================================================================

TEST_CASE("reference search matches hand-computed interpretations", "[reference]") {
  const RuleSet basic = load_rules("basic");
  const RuleSet jokers = load_rules_from_string(kJokersYaml, "test");
  const RuleSet laizi = load_rules("laizi");
  const RuleSet capped = load_rules_from_string(kCappedJokersYaml, "test");
  const RuleSet distinct = load_rules_from_string(kDistinctPairsYaml, "test");
  const RuleSet forms = load_rules_from_string(kFormsYaml, "test");
  const RuleSet tiny = load_rules_from_string(kTinyYaml, "test");
  const RuleSet micro = load_rules_from_string(kMicroYaml, "test");

  using Counts = std::map<std::string, std::size_t>;
  const auto L = [](std::size_t standard, std::size_t seven, std::size_t orphans, std::size_t four) {
    return Counts{{"standard", standard}, {"seven_pairs", seven}, {"thirteen_orphans", orphans},
                  {"four_wildcards", four}};
  };
  struct Case {
    const RuleSet* rules;
    const char* hand;
    const char* wild;  ///< tile kinds wild in this hand only
    Counts counts;     ///< per form; forms not listed are not checked
    const char* why;   ///< the count worked out by hand
  };
  const std::vector<Case> cases = {
      // basic: melds (pung or chow) + one pair.
      {&basic, "11m", "", {{"standard", 1}}, "the pair itself"},
      {&basic, "12m", "", {{"standard", 0}}, "no pair"},
      {&basic, "11123m", "", {{"standard", 1}}, "11 + 123; 111 leaves 23"},
      {&basic, "11122m", "", {{"standard", 1}}, "111 + 22; 11 leaves 122"},
      {&basic, "111222333m11s", "", {{"standard", 2}}, "11s + {111 222 333 | 123 123 123}"},
      {&basic, "22334455m", "", {{"standard", 2}},
       "22 + 345 345, or 55 + 234 234; pair 33 or 44 strands a 2 or a 4"},
      {&basic, "111222z33z", "", {{"standard", 1}}, "honours never chow: 111z 222z 33z"},
      {&basic, "789m11p", "", {{"standard", 1}}, "789m + 11p"},
      {&basic, "891m11p", "", {{"standard", 0}}, "no wrap-around chow 891"},
      {&basic, "11123455678999m", "", {{"standard", 1}},
       "nine gates + 5m: pairs can only be 11, 55 or 99; 11 strands a 5 after 123 456, 99 "
       "strands one after 111 234 567; 55 gives 111 234 678 999 only"},
      {&basic, "11123456789999m", "", {{"standard", 1}}, "11 + 123 456 789 999; pair 99 strands"},
      // Jokers (basic + 8 jokers, copies not capped).
      {&jokers, "**", "", {{"standard", 1}}, "two wildcards: any pair"},
      {&jokers, "1m*", "", {{"standard", 1}}, "1{1}m"},
      {&jokers, "123m**", "", {{"standard", 5}},
       "{**}+123; 1{1}+{1}23 or 23{4}; 2{2}+1{2}3; 3{3}+12{3}"},
      {&jokers, "1m****", "", {{"standard", 3}}, "1{1}+{***}; {**}+1{11}; {**}+1{2}{3}"},
      {&jokers, "5m****", "", {{"standard", 5}}, "5{5}+{***}; {**}+ 5{55} 5{6}{7} {4}5{6} {3}{4}5"},
      {&jokers, "*****", "", {{"standard", 1}}, "{***} {**}"},
      {&jokers, "1z****", "", {{"standard", 2}}, "1{1}z+{***}; {**}+1{11}z (honours never chow)"},
      {&jokers, "111m**", "", {{"standard", 4}}, "11+1{11}; 11+1{2}{3}; 1{1}+11{1}; 111+{**}"},
      {&jokers, "1111m*", "", {{"standard", 2}}, "11+11{1}; 111+1{1}"},
      // Copies capped at 4: a stand-in for 1m next to three natural 1m is the fifth 1m.
      {&capped, "111m**", "", {{"standard", 2}}, "11+1{2}{3}; 111+{**}"},
      {&capped, "1111m*", "", {{"standard", 0}}, "every reading needs a fifth 1m"},
      // laizi: standard, seven pairs (four as two pairs), thirteen orphans, four wildcards.
      {&laizi, "11223344556677m", "", L(3, 1, 0, 0),
       "standard: 11+234 234 567 567, 44+123 123 567 567, 77+123 123 456 456; pairs 22/33/55/66 "
       "strand a tile"},
      {&laizi, "11112233445566m", "", L(1, 1, 0, 0),
       "standard: only 11 + 123 123 456 456 (any other pair leaves 1111 needing a 2 and 3 it "
       "lacks); seven pairs 11 11 22 33 44 55 66"},
      {&laizi, "11223344556677z", "", L(0, 1, 0, 0), "honour pairs: seven pairs only"},
      {&laizi, "1122334455667z*", "", L(0, 1, 0, 0), "the joker pairs the 7z"},
      {&laizi, "119m19p19s1234567z", "", L(0, 0, 1, 0), "thirteen orphans, pair 11m"},
      {&laizi, "19m19p19s1234567z*", "", L(0, 0, 13, 0), "the joker pairs any of the 13 orphans"},
      {&laizi, "119m19p19s123456z*", "", L(0, 0, 1, 0), "pair 11m, the joker is the 7z"},
      {&laizi, "1122334455z****", "", L(5, 16, 0, 1),
       "standard: one honour pair is the pair, the other four are kk{k} (5); seven pairs: 5 "
       "natural pairs + {**}{**} (1), one kind split k{k} k{k} + {**} (5), two kinds split (10)"},
      {&laizi, "12355m", "5m", L(5, 0, 0, 0), "5m wild: same as 123m** under jokers"},
      {&laizi, "123m**1f2f", "", L(5, 0, 0, 0), "flowers are set aside"},
      {&laizi, "1m****", "", L(3, 0, 0, 1), "as under jokers, and four wildcards wins"},
      // Four of a kind is not two pairs.
      {&distinct, "11112233445566m", "", L(1, 0, 0, 0), "11 11 may not be two pairs"},
      {&distinct, "1122334455z****", "", L(5, 1, 0, 1), "no split kind: only {**}{**} (new kinds)"},
      // Assorted forms; 5m is wild in every hand.
      {&forms, "12355m", "", {{"standard", 5}, {"one_pair", 0}, {"little_set", 0}, {"three_wildcards", 0}},
       "5m are wildcards: as 123m**"},
      {&forms, "19m19p*", "", {{"little_set", 4}, {"standard", 0}, {"three_wildcards", 0}},
       "the joker pairs any of 1m 9m 1p 9p; no meld among them"},
      {&forms, "119m1p*", "", {{"little_set", 1}}, "pair 11m, the joker is the 9p"},
      {&forms, "11m", "", {{"one_pair", 1}, {"standard", 1}}, "one pair"},
      {&forms, "1m*", "", {{"one_pair", 1}, {"standard", 1}}, "1{1}m"},
      {&forms, "**", "", {{"one_pair", 1}, {"standard", 1}, {"three_wildcards", 0}}, "{**}"},
      {&forms, "1122m3344p", "", {{"four_pairs", 1}, {"standard", 0}}, "four distinct pairs"},
      {&forms, "111m1z2z3z4z5z", "", {{"four_pairs", 0}}, "odd tiles: no pairs"},
      {&forms, "1111m2233p", "", {{"four_pairs", 0}}, "1111m would be two pairs of one kind"},
      {&forms, "115m22p***", "",
       {{"four_pairs", 1}, {"three_wildcards", 1}, {"one_pair", 0}, {"natural_seven_pairs", 0}},
       "5m is wild: 4 wildcards; 11m 22p + two abstract pairs (1{1}m 1{1}m repeats a kind)"},
      {&forms, "11223344667799m", "", {{"natural_seven_pairs", 1}}, "no wildcards"},
      {&forms, "11223344556699m", "", {{"natural_seven_pairs", 0}}, "55m are wildcards here"},
      {&forms, "1122334466799m*", "", {{"natural_seven_pairs", 0}}, "the form refuses wildcards"},
      {&forms, "119m19p19s1234567z", "", {{"natural_orphans", 1}, {"little_set", 0}},
       "no wildcards: pair 11m"},
      {&forms, "19m19p19s1234567z5m", "", {{"natural_orphans", 0}, {"little_set", 0}},
       "5m is wild in this rule set, and the form refuses wildcards"},
      // Tiny set, copies capped: 1m-4m three copies, 1z 2z two copies.
      {&tiny, "1z****", "", {{"standard", 1}, {"four_pairs", 0}, {"mini_set", 4}},
       "standard: 1{1}z + {***} (111m); 1{11}z would be three 1z. mini set: the pair on any of "
       "1m 4m 1z 2z, the rest wild singles"},
      {&tiny, "11z***", "", {{"standard", 1}, {"four_pairs", 0}, {"mini_set", 1}},
       "standard: 11z + {***}; 11{1}z and 1{1}z+1{11}z exceed two copies. mini set: 11z pair"},
      {&tiny, "11m22m****", "", {{"four_pairs", 1}}, "11m 22m + two pairs of unused kinds"},
      // One tile kind, four copies, capped: the abstract groups rarely fit.
      {&micro, "11z", "", {{"standard", 1}}, "the pair"},
      {&micro, "1z*", "", {{"standard", 1}}, "1{1}z: two copies"},
      {&micro, "**", "", {{"standard", 1}}, "{**} as 11z"},
      {&micro, "*****", "", {{"standard", 0}}, "{***}{**} would be five 1z"},
      {&micro, "1z****", "", {{"standard", 0}},
       "1{1}z+{***}: five 1z; {**}+1{11}z: five 1z"},
      {&micro, "111z**", "", {{"standard", 0}}, "every reading holds five 1z"},
  };
  for (const Case& c : cases) {
    INFO(c.hand << " under " << c.rules->name() << ": " << c.why);
    const Hand hand = hand_of(c.hand, *c.rules, c.wild);
    const Counts got = reference_counts(*c.rules, hand);
    for (const auto& [form, count] : c.counts) {
      INFO("form " << form);
      REQUIRE(got.count(form) == 1);
      CHECK(got.at(form) == count);
    }
    // The engine must agree on exactly these hands too.
    CHECK(compare(*c.rules, hand, reference(*c.rules, hand)) == "");
  }
}

TEST_CASE("reference search lists exactly the hand-computed interpretations", "[reference]") {
  const RuleSet jokers = load_rules_from_string(kJokersYaml, "test");
  const RuleSet laizi = load_rules("laizi");
  const RuleSet capped = load_rules_from_string(kCappedJokersYaml, "test");
  const RuleSet tiny = load_rules_from_string(kTinyYaml, "test");
  using Texts = std::vector<std::string>;
  const auto sorted = [](Texts texts) {
    std::sort(texts.begin(), texts.end());
    return texts;
  };
  // Groups are written pair, pung, chow, single, any meld, any pair (the reference's order).
  SECTION("123m plus two jokers") {
    const Hand hand = hand_of("123m**", jokers);
    CHECK(reference_texts(jokers, hand, "standard") ==
          sorted({"123m {**}", "1{1}m {1}23m", "1{1}m 23{4}m", "2{2}m 1{2}3m", "3{3}m 12{3}m"}));
    CHECK(compare(jokers, hand, reference(jokers, hand)) == "");
  }
  SECTION("111m plus two jokers, copies capped or not") {
    const Hand hand = hand_of("111m**", jokers);
    CHECK(reference_texts(jokers, hand, "standard") ==
          sorted({"11m 1{1}{1}m", "11m 1{2}{3}m", "1{1}m 11{1}m", "111m {**}"}));
    const Hand capped_hand = hand_of("111m**", capped);
    CHECK(reference_texts(capped, capped_hand, "standard") == sorted({"11m 1{2}{3}m", "111m {**}"}));
    CHECK(compare(jokers, hand, reference(jokers, hand)) == "");
    CHECK(compare(capped, capped_hand, reference(capped, capped_hand)) == "");
  }
  SECTION("an honour and four jokers") {
    const Hand hand = hand_of("1z****", jokers);
    CHECK(reference_texts(jokers, hand, "standard") == sorted({"1{1}z {***}", "1{1}{1}z {**}"}));
    CHECK(compare(jokers, hand, reference(jokers, hand)) == "");
  }
  SECTION("thirteen orphans with the joker as the missing tile") {
    const Hand hand = hand_of("119m19p19s123456z*", laizi);
    CHECK(reference_texts(laizi, hand, "thirteen_orphans") ==
          Texts{"11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z {7}z"});
    CHECK(compare(laizi, hand, reference(laizi, hand)) == "");
  }
  SECTION("tiny capped set: stand-ins and abstract groups respect two copies of 1z") {
    const Hand hand = hand_of("1z****", tiny);
    CHECK(reference_texts(tiny, hand, "standard") == Texts{"1{1}z {***}"});
    CHECK(reference_texts(tiny, hand, "mini_set") ==
          sorted({"1{1}z {1}m {4}m {2}z", "{1}{1}m {4}m 1z {2}z", "{4}{4}m {1}m 1z {2}z",
                  "{2}{2}z {1}m {4}m 1z"}));
    CHECK(compare(tiny, hand, reference(tiny, hand)) == "");
  }
  SECTION("seven pairs with four jokers") {
    const Hand hand = hand_of("1122334455z****", laizi);
    const Texts got = reference_texts(laizi, hand, "seven_pairs");
    REQUIRE(got.size() == 16);
    CHECK(std::count(got.begin(), got.end(), "11z 22z 33z 44z 55z {**} {**}") == 1);
    CHECK(std::count(got.begin(), got.end(), "11z 22z 33z 4{4}z 4{4}z 5{5}z 5{5}z") == 1);
    CHECK(compare(laizi, hand, reference(laizi, hand)) == "");
  }
}

/// The waits of the reference's interpretations over every form, by name.
std::multiset<std::string> reference_waits(const RuleSet& rules, const Hand& hand) {
  std::multiset<std::string> out;
  for (const auto& [form, list] : reference(rules, hand)) {
    for (const RefInterpretation& interpretation : list) {
      WaitShape wait = WaitShape::none;
      for (const RefGroup& g : interpretation) {
        if (g.mark >= 0) wait = g.wait;
      }
      out.insert(ref_wait_name(wait));
    }
  }
  return out;
}

TEST_CASE("reference search marks the winning tile and keeps declared melds", "[reference]") {
  const RuleSet basic = load_rules("basic");
  const RuleSet jokers = load_rules_from_string(kJokersYaml, "test");
  const RuleSet laizi = load_rules("laizi");
  const RuleSet capped = load_rules_from_string(kCappedJokersYaml, "test");
  const RuleSet forms = load_rules_from_string(kFormsYaml, "test");
  using Texts = std::vector<std::string>;
  using Waits = std::multiset<std::string>;
  const auto sorted = [](Texts texts) {
    std::sort(texts.begin(), texts.end());
    return texts;
  };
  const auto repeat = [](int n, const char* wait) {
    Waits out;
    for (int i = 0; i < n; ++i) out.insert(wait);
    return out;
  };
  // Texts: declared melds first as written, then pair, pung, chow, single, any meld, any pair;
  // the marked group ends in <+tile wait>.
  SECTION("a natural winning tile in the chow or the pair") {
    // 4556m+5m: only 55m + 456m; the 5m completes the chow's middle or the pair.
    const Hand hand = hand_of("4556m+5m", basic);
    CHECK(reference_texts(basic, hand, "standard") ==
          sorted({"55m 456m<+5m closed>", "55m<+5m single> 456m"}));
    // 1123m+1m: 11m + 123m; in the chow the 1m is the low end and 4m exists: two-sided.
    CHECK(reference_waits(basic, hand_of("1123m+1m", basic)) == Waits{"single", "two_sided"});
    // 11223m11z+3m: 123m 123m 11z; the two chows are the same group, so one mark: the 3m is the
    // high end of 123m, and 1m has no previous rank: edge.
    CHECK(reference_texts(basic, hand_of("11223m11z+3m", basic), "standard") ==
          Texts{"11z 123m 123m<+3m edge>"});
    CHECK(reference_waits(basic, hand_of("89m11z+7m", basic)) == Waits{"edge"});
    for (const char* text : {"4556m+5m", "1123m+1m", "11223m11z+3m", "89m11z+7m"}) {
      INFO(text);
      const Hand h = hand_of(text, basic);
      CHECK(compare(basic, h, reference(basic, h)) == "");
    }
  }
  SECTION("three natural 5m and two jokers, the last 5m winning") {
    // 55m**+5m (jokers): 55+5{55}, 55+5{67}, 55+{4}5{6}, 55+{34}5, 5{5}+55{5}, 555+{**}. The
    // natural 5m can be marked in each distinct group holding one: the pair (single) and the
    // meld (dual_pung, two_sided at 567's low end, closed, two_sided at 345's high end), except
    // 555+{**} where only the pung holds a natural 5m: 5 * 2 + 1 = 11.
    const Hand hand = hand_of("55m**+5m", jokers);
    CHECK(reference_waits(jokers, hand) ==
          Waits{"single", "single", "single", "single", "single", "dual_pung", "dual_pung",
                "dual_pung", "two_sided", "two_sided", "closed"});
    CHECK(compare(jokers, hand, reference(jokers, hand)) == "");
  }
  SECTION("a winning joker") {
    // 1m***+* (jokers): 1{1}m+{***} (the pair's wildcard or the meld), 1{11}m+{**} (the pung's
    // wildcards are one stand-in, or the pair), 1{23}m+{**} (as 2m: closed, as 3m: edge, or the
    // pair): 7, as in tests/test_engine.cpp.
    const Hand hand = hand_of("1m***+*", jokers);
    CHECK(reference_waits(jokers, hand) ==
          Waits{"single", "any", "dual_pung", "any", "closed", "edge", "any"});
    CHECK(reference_texts(jokers, hand, "standard") ==
          sorted({"1{1}m<+{1}m single> {***}", "1{1}m {***}<+* any>",
                  "1{1}{1}m<+{1}m dual_pung> {**}", "1{1}{1}m {**}<+* any>",
                  "1{2}{3}m<+{2}m closed> {**}", "1{2}{3}m<+{3}m edge> {**}",
                  "1{2}{3}m {**}<+* any>"}));
    CHECK(compare(jokers, hand, reference(jokers, hand)) == "");
    // Under laizi the same hand also wins as four wildcards, unmarked: 7 + 1.
    const Hand l = hand_of("1m***+*", laizi);
    CHECK(reference_counts(laizi, l)["four_wildcards"] == 1);
    CHECK(reference_waits(laizi, l).count("none") == 1);
    CHECK(reference_waits(laizi, l).size() == 8);
    CHECK(compare(laizi, l, reference(laizi, l)) == "");
    // 12m11z+* : only 11z + 12{3}m; the joker is the 3m: edge.
    const Hand edge = hand_of("12m11z+*", jokers);
    CHECK(reference_waits(jokers, edge) == Waits{"edge"});
    CHECK(compare(jokers, edge, reference(jokers, edge)) == "");
  }
  SECTION("declared melds") {
    const Hand pung = hand_of("[777z]123m1s+1s", basic);
    CHECK(reference_texts(basic, pung, "standard") == Texts{"[777z] 11s<+1s single> 123m"});
    // No winning tile: nothing is marked; a concealed kong and an exposed chow stay as written.
    const Hand kongs = hand_of("(1111m)[789s]123p11z", basic);
    CHECK(reference_texts(basic, kongs, "standard") == Texts{"(1111m) [789s] 11z 123p"});
    // docs/notation.md: 11 concealed tiles and the pung make a complete 14-tile hand.
    const Hand docs = hand_of("123m456p789s1z(1111m)+1z", basic);
    CHECK(reference_texts(basic, docs, "standard") ==
          Texts{"(1111m) 11z<+1z single> 123m 456p 789s"});
    for (const Hand* h : {&pung, &kongs, &docs}) CHECK(compare(basic, *h, reference(basic, *h)) == "");
  }
  SECTION("a joker in a declared meld and a winning tile of the wild kind") {
    // laizi, 5m wild: [77*z] is fixed; the concealed 123p 5m 5m are 123p and two wildcards, read
    // as under jokers (123m**): 123p{**}: any; 1{1}p {1}23p: single, two_sided (low end, 4p
    // exists); 1{1}p 23{4}p: single, two_sided (high end, 1p exists); 2{2}p 1{2}3p: single,
    // closed; 3{3}p 12{3}p: single, edge: 9. Two concealed wildcards: no four-wildcard win.
    const Hand hand = hand_of("[77*z]123p5m+5m", laizi, "5m");
    CHECK(reference_waits(laizi, hand) == Waits{"any", "single", "single", "single", "single",
                                                "two_sided", "two_sided", "closed", "edge"});
    CHECK(reference_counts(laizi, hand)["four_wildcards"] == 0);
    CHECK(compare(laizi, hand, reference(laizi, hand)) == "");
    // A declared chow with a joker, the wildcard's rank given by its place: [3*5p] is 345p.
    // Copies capped, [1*1m]1m+1m: two natural 1m in the meld and two concealed make four; the
    // meld's joker stands for a 1m but is no natural tile, so 11m is still a pair: 1 reading.
    const RuleSet capped_laizi = load_rules_from_string(kCappedLaiziYaml, "test");
    const Hand fourth = hand_of("[1*1m]1m+1m", capped_laizi);
    CHECK(reference_texts(capped_laizi, fourth, "standard") == Texts{"[1{1}1m] 11m<+1m single>"});
    CHECK(compare(capped_laizi, fourth, reference(capped_laizi, fourth)) == "");
    const Hand chow = hand_of("[3*5p]1z+1z", laizi);
    CHECK(reference_texts(laizi, chow, "standard") == Texts{"[3{4}5p] 11z<+1z single>"});
    CHECK(compare(laizi, chow, reference(laizi, chow)) == "");
  }
  SECTION("copies capped: declared natural tiles count") {
    // [111m]1m+* : the joker pairs the concealed 1m. Uncapped: 1 reading. Capped: three 1m in
    // the meld, one concealed, the stand-in would be a fifth: none.
    const Hand uncapped = hand_of("[111m]1m+*", jokers);
    CHECK(reference_texts(jokers, uncapped, "standard") == Texts{"[111m] 1{1}m<+{1}m single>"});
    const Hand capped_hand = hand_of("[111m]1m+*", capped);
    CHECK(reference_counts(capped, capped_hand)["standard"] == 0);
    CHECK(compare(jokers, uncapped, reference(jokers, uncapped)) == "");
    CHECK(compare(capped, capped_hand, reference(capped, capped_hand)) == "");
  }
  SECTION("set forms") {
    // 19m19p19s123456z*+7z (laizi): the joker pairs any of the 13 orphans; the winning 7z is a
    // single (set_tile) unless the joker pairs it (7{7}z: single): 12 + 1.
    const Hand natural = hand_of("19m19p19s123456z*+7z", laizi);
    Waits want = repeat(12, "set_tile");
    want.insert("single");
    CHECK(reference_waits(laizi, natural) == want);
    CHECK(compare(laizi, natural, reference(laizi, natural)) == "");
    // The joker wins: it is the pair's wildcard, whichever orphan it pairs: 13 singles.
    const Hand joker = hand_of("19m19p19s1234567z+*", laizi);
    CHECK(reference_waits(laizi, joker) == repeat(13, "single"));
    CHECK(compare(laizi, joker, reference(laizi, joker)) == "");
    // test_forms, 5m always wild: 19m19p + the winning 5m: the little set's pair on any of the
    // four tiles, the 5m its wildcard (4 singles); one wildcard is no three-wildcard win.
    const Hand little = hand_of("19m19p+5m", forms);
    CHECK(reference_counts(forms, little)["little_set"] == 4);
    CHECK(reference_waits(forms, little) == repeat(4, "single"));
    CHECK(compare(forms, little, reference(forms, little)) == "");
  }
}

// docs/notation.md: "Seven pairs and thirteen orphans need all their tiles concealed, so they
// never match a hand with declared melds." Under laizi their 14 tiles never fit the concealed part
// of a hand with a declared meld anyway, but a rule set may define smaller pairs and set forms.
//
// Engine defect 3 of the list at the top (fixed in the engine since): build_form_graph compared
// the form's fixed size only with the concealed size, so `[111m]11p` under test_forms matched
// one_pair (2 tiles) on the 2 concealed tiles of a 5-tile hand.
TEST_CASE("pairs and set forms never match a hand with declared melds", "[reference]") {
  const RuleSet forms = load_rules_from_string(kFormsYaml, "test");
  using Texts = std::vector<std::string>;
  // [111m]11p: the pair 11p completes the standard hand; one_pair would need the whole hand to be
  // those two tiles.
  const Hand pair = hand_of("[111m]11p", forms);
  CHECK(reference_counts(forms, pair)["one_pair"] == 0);
  CHECK(reference_texts(forms, pair, "standard") == Texts{"[111m] 11p"});
  CHECK(compare(forms, pair, reference(forms, pair)) == "");
  // The same with the winning tile: [111m] 11p, the 1p in the pair (single).
  const Hand won = hand_of("[111m]1p+1p", forms);
  CHECK(reference_counts(forms, won)["one_pair"] == 0);
  CHECK(reference_texts(forms, won, "standard") == Texts{"[111m] 11p<+1p single>"});
  CHECK(compare(forms, won, reference(forms, won)) == "");
  // [123s]19m19p+5m (5m wild): the concealed five tiles are the little set's shape, but the set
  // form needs the whole hand; and 19m19p + a wildcard holds no meld: no standard reading.
  const Hand set = hand_of("[123s]19m19p+5m", forms);
  CHECK(reference_counts(forms, set)["little_set"] == 0);
  CHECK(reference_counts(forms, set)["standard"] == 0);
  CHECK(compare(forms, set, reference(forms, set)) == "");
}

// =============================================================================================
// 2. Random hands: the engine against the reference
// =============================================================================================

namespace {
using Shape = HandGenerator::Shape;
const std::vector<int> kAllSizes{2, 5, 8, 11, 14, 17};
}  // namespace

TEST_CASE("engine matches the reference: basic, every hand size, no wildcards", "[reference]") {
  const RuleSet rules = load_rules("basic");
  Plan plan;
  plan.sizes = kAllSizes;
  plan.per_size = 800;
  plan.shapes = {Shape::melds, Shape::uniform, Shape::melds, Shape::pairs};
  report("basic", run_plan(rules, 20240601U, plan));
}

TEST_CASE("engine matches the reference: jokers over basic, 0-4 wildcards", "[reference]") {
  const RuleSet rules = load_rules_from_string(kJokersYaml, "test");
  Plan plan;
  plan.sizes = kAllSizes;
  plan.most_jokers = 4;
  plan.per_size = 700;
  plan.shapes = {Shape::melds, Shape::uniform, Shape::melds, Shape::pairs};
  report("jokers", run_plan(rules, 7771U, plan));
}

TEST_CASE("engine matches the reference: laizi 14-tile hands biased towards every form",
          "[reference]") {
  const RuleSet rules = load_rules("laizi");
  Plan plan;
  plan.sizes = {14};
  plan.most_jokers = 4;
  plan.per_size = 3500;
  plan.per_hand_wild = true;
  plan.bonus = true;
  plan.shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform, Shape::melds,
                 Shape::pairs, Shape::orphans};
  const Tally tally = run_plan(rules, 31337U, plan);
  report("laizi", tally);
  // The bias must really produce wins of every form, or the comparison proves little.
  CHECK(tally.form_wins.count("standard") == 1);
  CHECK(tally.form_wins.count("seven_pairs") == 1);
  CHECK(tally.form_wins.count("thirteen_orphans") == 1);
  CHECK(tally.form_wins.count("four_wildcards") == 1);
  CHECK(tally.wins * 3 > tally.hands);
}

TEST_CASE("engine matches the reference: laizi hands of other sizes", "[reference]") {
  const RuleSet rules = load_rules("laizi");
  Plan plan;
  plan.sizes = {2, 5, 8, 11};
  plan.most_jokers = 4;
  plan.per_size = 250;
  plan.per_hand_wild = true;
  plan.bonus = true;
  report("laizi small", run_plan(rules, 4242U, plan));
}

TEST_CASE("engine matches the reference: copies capped (exceed_copies false)", "[reference]") {
  SECTION("basic with jokers, every size") {
    const RuleSet rules = load_rules_from_string(kCappedJokersYaml, "test");
    Plan plan;
    plan.sizes = kAllSizes;
    plan.most_jokers = 4;
    plan.per_size = 400;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::melds, Shape::uniform};
    report("capped jokers", run_plan(rules, 99U, plan));
  }
  SECTION("laizi, 14 tiles") {
    const RuleSet rules = load_rules_from_string(kCappedLaiziYaml, "test");
    Plan plan;
    plan.sizes = {14};
    plan.most_jokers = 4;
    plan.per_size = 1200;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform};
    const Tally tally = run_plan(rules, 100U, plan);
    report("capped laizi", tally);
    CHECK(tally.form_wins.count("seven_pairs") == 1);
    CHECK(tally.form_wins.count("thirteen_orphans") == 1);
  }
  SECTION("a tiny tile set with two and three copies") {
    const RuleSet rules = load_rules_from_string(kTinyYaml, "test");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 4;
    plan.per_size = 400;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("tiny", run_plan(rules, 101U, plan));
  }
  SECTION("one tile kind") {
    const RuleSet rules = load_rules_from_string(kMicroYaml, "test");
    Plan plan;
    plan.sizes = {2, 5, 8};
    plan.most_jokers = 4;
    plan.per_size = 60;
    plan.shapes = {Shape::uniform};
    report("micro", run_plan(rules, 102U, plan));
  }
}

TEST_CASE("engine matches the reference: seven pairs without four as two pairs", "[reference]") {
  SECTION("copies not capped") {
    const RuleSet rules = load_rules_from_string(kDistinctPairsYaml, "test");
    Plan plan;
    plan.sizes = {14};
    plan.most_jokers = 4;
    plan.per_size = 1200;
    plan.shapes = {Shape::pairs, Shape::pairs, Shape::melds, Shape::uniform};
    const Tally tally = run_plan(rules, 555U, plan);
    report("distinct pairs", tally);
    CHECK(tally.form_wins.count("seven_pairs") == 1);
  }
  SECTION("copies capped") {
    const RuleSet rules = load_rules_from_string(kDistinctCappedYaml, "test");
    Plan plan;
    plan.sizes = {14};
    plan.most_jokers = 4;
    plan.per_size = 600;
    plan.shapes = {Shape::pairs, Shape::pairs, Shape::melds, Shape::orphans};
    report("distinct capped", run_plan(rules, 556U, plan));
  }
}

TEST_CASE("engine matches the reference: assorted forms, fixed wild tile, disabled form",
          "[reference]") {
  const RuleSet rules = load_rules_from_string(kFormsYaml, "test");
  Plan plan;
  plan.sizes = {2, 5, 8, 11, 14};
  plan.most_jokers = 4;
  plan.per_size = 400;
  plan.shapes = {Shape::pairs, Shape::orphans, Shape::melds, Shape::uniform};
  const Tally tally = run_plan(rules, 8080U, plan);
  report("forms", tally);
  for (const char* form : {"four_pairs", "one_pair", "little_set", "natural_seven_pairs",
                           "natural_orphans", "three_wildcards"}) {
    INFO(form);
    CHECK(tally.form_wins.count(form) == 1);
  }
}

TEST_CASE("engine matches the reference: distinct pairs over one-copy tiles, copies not capped",
          "[reference]") {
  const RuleSet rules = load_rules_from_string(kSingleCopyYaml, "test");
  // Two wildcards may be a pair of 1m although the set has one 1m: exceed_copies is true, and the
  // engine itself accepts 1m{1m} (a stand-in beyond the copies) as a concrete pair here.
  SECTION("hand-computed") {
    const Hand pair = hand_of("**", rules);
    CHECK(reference_counts(rules, pair)["one_pair"] == 1);
    CHECK(compare(rules, pair, reference(rules, pair)) == "");
    const Hand natural = hand_of("1m*", rules);
    CHECK(reference_counts(rules, natural)["one_pair"] == 1);  // 1{1}m: exceeds the one copy
    CHECK(compare(rules, natural, reference(rules, natural)) == "");
    // 1z 2z pairs + two abstract pairs; only 1m 2m 3m are left, one copy each.
    const Hand four = hand_of("11z22z****", rules);
    CHECK(reference_counts(rules, four)["three_pairs_distinct"] == 1);
    CHECK(compare(rules, four, reference(rules, four)) == "");
  }
  SECTION("random") {
    Plan plan;
    plan.sizes = {2, 5, 8};
    plan.most_jokers = 4;
    plan.per_size = 150;
    plan.shapes = {Shape::pairs, Shape::uniform};
    report("single copy", run_plan(rules, 1234U, plan));
  }
}

// =============================================================================================
// 3. Random complete hands with declared melds and a winning tile
// =============================================================================================

TEST_CASE("engine matches the reference: declared melds and a winning tile, no wildcards",
          "[reference]") {
  const RuleSet rules = load_rules("basic");
  FullPlan plan;
  plan.sizes = {5, 8, 11, 14, 17};
  plan.per_size = 120;
  plan.most_melds = 3;
  report("basic, declared + winning", run_full_plan(rules, 60601U, plan));
}

TEST_CASE("engine matches the reference: declared melds and a winning tile or joker, jokers",
          "[reference]") {
  const RuleSet rules = load_rules_from_string(kJokersYaml, "test");
  FullPlan plan;
  plan.sizes = {5, 8, 11, 14, 17};
  plan.per_size = 160;
  plan.most_melds = 3;
  plan.most_jokers = 4;
  report("jokers, declared + winning", run_full_plan(rules, 60602U, plan));
}

TEST_CASE("engine matches the reference: laizi with joker melds and a wild winning tile",
          "[reference]") {
  const RuleSet rules = load_rules("laizi");
  SECTION("14 tiles, every form") {
    FullPlan plan;
    plan.sizes = {14};
    plan.per_size = 900;
    plan.most_melds = 3;
    plan.most_jokers = 4;
    plan.per_hand_wild = true;
    plan.bonus = true;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform, Shape::melds};
    const Tally tally = run_full_plan(rules, 60603U, plan);
    report("laizi, declared + winning", tally);
    CHECK(tally.form_wins.count("seven_pairs") == 1);
    CHECK(tally.form_wins.count("thirteen_orphans") == 1);
    CHECK(tally.form_wins.count("four_wildcards") == 1);
    CHECK(tally.joker_melds > 0);
    CHECK(tally.winning_wildcard > 0);
  }
  SECTION("smaller hands") {
    FullPlan plan;
    plan.sizes = {5, 8, 11};
    plan.per_size = 150;
    plan.most_melds = 3;
    plan.most_jokers = 4;
    plan.per_hand_wild = true;
    report("laizi small, declared + winning", run_full_plan(rules, 60604U, plan));
  }
}

TEST_CASE("engine matches the reference: declared melds and a winning tile, copies capped",
          "[reference]") {
  SECTION("basic with jokers") {
    const RuleSet rules = load_rules_from_string(kCappedJokersYaml, "test");
    FullPlan plan;
    plan.sizes = {5, 8, 11, 14, 17};
    plan.per_size = 100;
    plan.most_melds = 3;
    plan.most_jokers = 4;
    report("capped jokers, declared + winning", run_full_plan(rules, 60605U, plan));
  }
  SECTION("laizi, joker melds") {
    const RuleSet rules = load_rules_from_string(kCappedLaiziYaml, "test");
    FullPlan plan;
    plan.sizes = {8, 11, 14};
    plan.per_size = 150;
    plan.most_melds = 3;
    plan.most_jokers = 4;
    plan.per_hand_wild = true;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform};
    report("capped laizi, declared + winning", run_full_plan(rules, 60606U, plan));
  }
  SECTION("a tiny tile set") {
    const RuleSet rules = load_rules_from_string(kTinyYaml, "test");
    FullPlan plan;
    plan.sizes = {5, 8, 11};
    plan.per_size = 100;
    plan.most_melds = 2;
    plan.most_jokers = 4;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("tiny, declared + winning", run_full_plan(rules, 60607U, plan));
  }
}

TEST_CASE("engine matches the reference: assorted forms with a winning tile", "[reference]") {
  const RuleSet rules = load_rules_from_string(kFormsYaml, "test");
  FullPlan plan;
  plan.sizes = {2, 5, 8, 11, 14};
  plan.per_size = 100;
  plan.most_melds = 2;
  plan.most_jokers = 4;
  plan.shapes = {Shape::pairs, Shape::orphans, Shape::melds, Shape::uniform};
  const Tally tally = run_full_plan(rules, 60608U, plan);
  report("forms, declared + winning", tally);
  CHECK(tally.form_wins.count("little_set") == 1);
  CHECK(tally.form_wins.count("three_wildcards") == 1);
}

/// MCR's knitted forms alone, with jokers standing in knits, singles and pairs.
const char* const kKnittedYaml =
    "name: knitted_only\n"
    "extends: mcr\n"
    "wildcards: {jokers: 3}\n"
    "forms:\n"
    "  standard: {enabled: false}\n"
    "  seven_pairs: {enabled: false}\n"
    "  thirteen_orphans: {enabled: false}\n";

TEST_CASE("engine matches the reference: knitted forms (组合龙, 全不靠, 七星不靠)", "[reference]") {
  const RuleSet rules = load_rules_from_string(kKnittedYaml, "test");
  Plan plan;
  plan.sizes = {14};
  plan.most_jokers = 3;
  plan.per_size = 600;
  plan.shapes = {Shape::knitted};
  const Tally tally = run_plan(rules, 9191U, plan);
  report("knitted", tally);
  for (const char* form : {"knitted_straight", "lesser_knitted", "greater_knitted"}) {
    INFO(form);
    CHECK(tally.form_wins.count(form) == 1);
  }
  FullPlan full;
  full.sizes = {14};
  full.per_size = 300;
  full.most_melds = 1;
  full.most_jokers = 2;
  full.shapes = {Shape::knitted};
  report("knitted, declared and winning", run_full_plan(rules, 9192U, full));
}

TEST_CASE("engine matches the reference: 十六不搭 with jokers", "[reference]") {
  const RuleSet rules = load_rules_from_string(
      "name: unrelated_only\nextends: taiwan\nwildcards: {jokers: 2}\n"
      "forms:\n  standard: {enabled: false}\n  ligu: {enabled: false}\n",
      "test");
  Plan plan;
  plan.sizes = {17};
  plan.most_jokers = 2;
  plan.per_size = 300;
  plan.shapes = {Shape::knitted};
  const Tally tally = run_plan(rules, 9193U, plan);
  report("unrelated", tally);
  CHECK(tally.form_wins.count("sixteen_unrelated") == 1);
}

// =============================================================================================
// 4. Pairs forms with pungs, lacking a suit, forbidden tiles, restricted stand-ins
// =============================================================================================

namespace {

/// Pairs forms with pungs (嚦咕嚦咕) of every size, four of a kind as two pairs or not, jokers.
const char* const kPungsYaml =
    "name: test_pungs\n"
    "extends: basic\n"
    "hand: {tiles: 17}\n"
    "wildcards: {jokers: 8}\n"
    "forms:\n"
    "  standard: {enabled: false}\n"
    "  ligu: {type: pairs, pairs: 7, pungs: 1}\n"
    "  ligu_distinct: {type: pairs, pairs: 7, pungs: 1, four_as_two_pairs: false}\n"
    "  five_pungs: {type: pairs, pairs: 1, pungs: 5}\n"
    "  two_pungs: {type: pairs, pairs: 4, pungs: 2}\n"
    "  two_pungs_distinct: {type: pairs, pairs: 4, pungs: 2, four_as_two_pairs: false}\n"
    "  one_pung: {type: pairs, pairs: 4, pungs: 1, four_as_two_pairs: false}\n"
    "  pung_pair: {type: pairs, pairs: 1, pungs: 1}\n"
    "  pungs_pair: {type: pairs, pairs: 1, pungs: 2}\n";

/// The same over a tiny tile set with copies capped, so abstract pungs and pairs compete for
/// copies: 1m-4m three copies, 1z 2z two.
const char* const kPungsTinyYaml =
    "name: test_pungs_tiny\n"
    "tiles:\n"
    "  copies: 3\n"
    "  suits:\n"
    "    - {letter: m, name: characters, ranks: [1, 2, 3, 4], sequences: true}\n"
    "    - {letter: z, name: honours, ranks: [1, 2], sequences: false, copies: 2}\n"
    "hand: {tiles: 11}\n"
    "wildcards: {jokers: 8, exceed_copies: false}\n"
    "forms:\n"
    "  pung_pair: {type: pairs, pairs: 1, pungs: 1}\n"
    "  pungs_pair: {type: pairs, pairs: 1, pungs: 2}\n"
    "  one_pung: {type: pairs, pairs: 4, pungs: 1}\n"
    "  one_pung_distinct: {type: pairs, pairs: 4, pungs: 1, four_as_two_pairs: false}\n"
    "  four_pairs_distinct: {type: pairs, pairs: 4, four_as_two_pairs: false}\n";

/// One tile kind, four copies, capped; a pung and a pair that must differ from other pairs.
const char* const kPungsMicroYaml =
    "name: test_pungs_micro\n"
    "tiles:\n"
    "  suits:\n"
    "    - {letter: z, name: honours, ranks: [1, 2]}\n"
    "hand: {tiles: 8}\n"
    "wildcards: {jokers: 8, exceed_copies: false}\n"
    "forms:\n"
    "  pung_pair: {type: pairs, pairs: 1, pungs: 1}\n"
    "  pung_pair_distinct: {type: pairs, pairs: 1, pungs: 1, four_as_two_pairs: false}\n";

/// 缺一门 with jokers: Sichuan's tiles (no honours), standard and seven pairs.
const char* const kSichuanJokersYaml =
    "name: test_sichuan_jokers\nextends: sichuan\nwildcards: {jokers: 4}\n";
const char* const kSichuanCappedYaml =
    "name: test_sichuan_capped\nextends: sichuan\nwildcards: {jokers: 4, exceed_copies: false}\n"
    "forms: {seven_pairs: {four_as_two_pairs: false}}\n";
/// Two suits to lack, honours kept, a wildcards form and a set form beside the usual ones.
const char* const kLackTwoYaml =
    "name: test_lack_two\n"
    "extends: basic\n"
    "hand: {tiles: 14, missing_suits: 2}\n"
    "wildcards: {jokers: 4}\n"
    "forms:\n"
    "  seven_pairs: {type: pairs, pairs: 7}\n"
    "  honours_set: {type: set, tiles: \"1234567z\"}\n"
    "  three_wildcards: {type: wildcards, count: 3}\n";

/// Forbidden tiles (Wuhan's red dragon, and 5m so chows are cut) over laizi.
const char* const kForbiddenYaml =
    "name: test_forbidden\nextends: laizi\nhand: {forbidden_tiles: \"5m7z\"}\n"
    "forms: {seven_pairs: {four_as_two_pairs: false}}\n";
/// Forbidden tiles over a tiny capped set: abstract groups run out of room.
const char* const kForbiddenTinyYaml =
    "name: test_forbidden_tiny\n"
    "tiles:\n"
    "  copies: 3\n"
    "  suits:\n"
    "    - {letter: m, name: characters, ranks: [1, 2, 3, 4, 5], sequences: true}\n"
    "    - {letter: z, name: honours, ranks: [1, 2], sequences: false, copies: 2}\n"
    "hand: {tiles: 11, forbidden_tiles: \"3m2z\"}\n"
    "wildcards: {jokers: 8, exceed_copies: false}\n"
    "forms:\n"
    "  standard: {type: melds}\n"
    "  four_pairs: {type: pairs, pairs: 4, four_as_two_pairs: false}\n"
    "  pung_pair: {type: pairs, pairs: 1, pungs: 1}\n"
    "  mini_set: {type: set, tiles: \"15m12z\"}\n";

/// Restricted stand-ins: two jokers (any tile) and the White dragon, wild in every hand,
/// standing only for winds and dragons.
const char* const kRestrictedYaml =
    "name: test_restricted\n"
    "tiles:\n"
    "  suits:\n"
    "    - {letter: m, name: characters, ranks: [1, 2, 3, 4, 5], sequences: true}\n"
    "    - letter: z\n"
    "      name: honours\n"
    "      ranks: 1-7\n"
    "      groups: {winds: [1, 2, 3, 4], dragons: [5, 6, 7]}\n"
    "hand: {tiles: 11}\n"
    "wildcards:\n"
    "  jokers: 2\n"
    "  tiles: [5z]\n"
    "  stand_ins: {joker: any, 5z: [winds, dragons]}\n"
    "forms:\n"
    "  standard: {type: melds}\n"
    "  four_pairs: {type: pairs, pairs: 4}\n"
    "  pung_pairs: {type: pairs, pairs: 1, pungs: 2, four_as_two_pairs: false}\n"
    "  small_set: {type: set, tiles: \"15m12z\"}\n"
    "  three_wildcards: {type: wildcards, count: 3}\n";
/// The same with three copies of each tile, capped.
const char* const kRestrictedCappedYaml =
    "name: test_restricted_capped\n"
    "tiles:\n"
    "  copies: 3\n"
    "  suits:\n"
    "    - {letter: m, name: characters, ranks: [1, 2, 3, 4, 5], sequences: true}\n"
    "    - letter: z\n"
    "      name: honours\n"
    "      ranks: 1-7\n"
    "      groups: {winds: [1, 2, 3, 4], dragons: [5, 6, 7]}\n"
    "hand: {tiles: 11}\n"
    "wildcards:\n"
    "  jokers: 2\n"
    "  tiles: [5z]\n"
    "  exceed_copies: false\n"
    "  stand_ins: {joker: any, 5z: [winds, dragons]}\n"
    "forms:\n"
    "  standard: {type: melds}\n"
    "  four_pairs: {type: pairs, pairs: 4, four_as_two_pairs: false}\n"
    "  small_set: {type: set, tiles: \"15m12z\"}\n";
/// A per-hand wildcard that stands only for its rank (same_rank), unrestricted jokers.
const char* const kSameRankYaml =
    "name: test_same_rank\n"
    "tiles:\n"
    "  suits:\n"
    "    - {letter: m, name: characters, ranks: [1, 2, 3, 4, 5], sequences: true}\n"
    "    - {letter: p, name: dots, ranks: [1, 2, 3, 4, 5], sequences: true}\n"
    "    - {letter: z, name: honours, ranks: [1, 2, 3]}\n"
    "hand: {tiles: 11}\n"
    "wildcards: {jokers: 2, per_hand: true, stand_ins: {joker: any, default: same_rank}}\n"
    "forms:\n"
    "  standard: {type: melds}\n"
    "  four_pairs: {type: pairs, pairs: 4, four_as_two_pairs: false}\n"
    "  three_wildcards: {type: wildcards, count: 3}\n";
/// Restricted jokers sharing a class with a fixed wild kind of equal stand-ins (honours), and an
/// unrestricted per-hand wildcard: the unrestricted class is then class 1 (or 0 without jokers
/// and 4z), so abstract groups carry a non-zero class. Copies capped.
const char* const kSharedClassesYaml =
    "name: test_shared_classes\n"
    "tiles:\n"
    "  suits:\n"
    "    - {letter: m, name: characters, ranks: [1, 2, 3, 4, 5, 6], sequences: true}\n"
    "    - {letter: z, name: honours, ranks: [1, 2, 3, 4]}\n"
    "hand: {tiles: 11}\n"
    "wildcards:\n"
    "  jokers: 2\n"
    "  tiles: [4z]\n"
    "  per_hand: true\n"
    "  exceed_copies: false\n"
    "  stand_ins: {joker: honours, 4z: honours, default: any}\n"
    "forms:\n"
    "  standard: {type: melds}\n"
    "  four_pairs: {type: pairs, pairs: 4}\n";

}  // namespace

TEST_CASE("reference search: pairs forms with pungs (嚦咕嚦咕), hand-computed", "[reference]") {
  const RuleSet pungs = load_rules_from_string(kPungsYaml, "test");
  const RuleSet tiny = load_rules_from_string(kPungsTinyYaml, "test");
  const RuleSet micro = load_rules_from_string(kPungsMicroYaml, "test");
  using Counts = std::map<std::string, std::size_t>;
  struct Case {
    const RuleSet* rules;
    const char* hand;
    Counts counts;  ///< per form; forms not listed are not checked
    const char* why;
  };
  const std::vector<Case> cases = {
      {&pungs, "11122m", {{"pung_pair", 1}}, "111m + 22m"},
      {&pungs, "11m***", {{"pung_pair", 3}},
       "11m + {***}; 1{1}m + 1{11}m; 11{1}m + {**} (a pair and a pung may share a kind)"},
      {&pungs, "*****", {{"pung_pair", 1}}, "{***} {**}: the abstract meld is some pung"},
      {&pungs, "12345m", {{"pung_pair", 0}}, "chows never"},
      {&pungs, "11122233m", {{"pungs_pair", 1}}, "111m 222m + 33m"},
      {&pungs, "1111m2233m***", {{"one_pung", 2}},
       "pairs must differ: 111m + 1{1}m 22m 33m {**}, or 11{1}m + 11m 22m 33m {**}; every other "
       "pung leaves 1111m as two pairs of 1m"},
      {&pungs, "11112233445566777m", {{"ligu", 1}, {"ligu_distinct", 0}},
       "777m + 11 11 22 33 44 55 66; 11m twice is refused when four is not two pairs"},
      {&tiny, "11z***", {{"pung_pair", 1}}, "11z + {***} (a pung of 1m-4m); 1z has two copies"},
      {&tiny, "111m**", {{"pung_pair", 1}}, "111m + {**}; every other reading needs a fourth 1m"},
      {&tiny, "11m22m33m44m***", {{"one_pung", 4}, {"one_pung_distinct", 4}},
       "{***} finds no three copies left; kk{k} for one k of 1m-4m, the other three pairs and "
       "{**} as 11z or 22z, a kind no other pair holds"},
      // One kind of four copies (2z too), capped: a pung and a pair of one kind would be five.
      {&micro, "*****", {{"pung_pair", 1}, {"pung_pair_distinct", 1}}, "111z + 22z or 222z + 11z"},
      {&micro, "1z****", {{"pung_pair", 2}}, "1{1}z + {***} (222z); 1{11}z + {**} (22z)"},
  };
  for (const Case& c : cases) {
    INFO(c.hand << " under " << c.rules->name() << ": " << c.why);
    const Hand hand = hand_of(c.hand, *c.rules);
    const Counts got = reference_counts(*c.rules, hand);
    for (const auto& [form, count] : c.counts) {
      INFO("form " << form);
      REQUIRE(got.count(form) == 1);
      CHECK(got.at(form) == count);
    }
    CHECK(compare(*c.rules, hand, reference(*c.rules, hand)) == "");
  }
  // One tile kind of four copies, capped: {***} {**} would be five 1z, whether pairs must differ
  // or not.
  const RuleSet one = load_rules_from_string(
      "name: test_pungs_one_kind\ntiles:\n  suits:\n    - {letter: z, name: honours, ranks: [1]}\n"
      "hand: {tiles: 5}\nwildcards: {jokers: 8, exceed_copies: false}\nforms:\n"
      "  pung_pair: {type: pairs, pairs: 1, pungs: 1}\n"
      "  pung_pair_distinct: {type: pairs, pairs: 1, pungs: 1, four_as_two_pairs: false}\n",
      "test");
  //
  // With four_as_two_pairs false and pungs, abstract pairs and abstract pungs must fit the copies
  // together: `*****` is no pung and pair under pung_pair_distinct (five 1z). (The engine once
  // checked them apart; this case found it.)
  for (const char* text : {"*****", "1z****", "11z***"}) {
    INFO(text);
    const Hand hand = hand_of(text, one);
    CHECK(reference_counts(one, hand)["pung_pair"] == 0);
    CHECK(reference_counts(one, hand)["pung_pair_distinct"] == 0);
    CHECK(reference(one, hand, true) == reference(one, hand));
    CHECK(compare(one, hand, reference(one, hand)) == "");
  }
}

#if defined(__SANITIZE_ADDRESS__)
constexpr int kScale = 4;  // fewer random hands under AddressSanitizer
#else
constexpr int kScale = 1;
#endif

// With four_as_two_pairs false and pungs, the engine is conservative by design: abstract pairs
// and wildcard-only pairs avoid every kind the hand holds naturally (and, copies capped, every
// kind a wildcard stands for), although a natural kind held only in a pung could still take a
// pair. The random runs below leave out the hands where the plain
// reference and the one that follows the engine there differ (plan.skip_conservative), and
// report how many.
TEST_CASE("engine matches the reference: pairs forms with pungs (嚦咕嚦咕)", "[reference]") {
  SECTION("basic tiles, jokers, copies not capped") {
    const RuleSet rules = load_rules_from_string(kPungsYaml, "test");
    Plan plan;
    plan.sizes = {5, 8, 11, 14, 17};
    plan.most_jokers = 4;
    plan.per_size = 300 / kScale;
    plan.shapes = {Shape::pairs_pungs, Shape::pairs_pungs, Shape::pairs, Shape::melds};
    plan.skip_conservative = true;
    const Tally tally = run_plan(rules, 70701U, plan);
    report("pungs", tally);
    for (const char* form : {"ligu", "ligu_distinct", "five_pungs", "two_pungs", "two_pungs_distinct",
                             "one_pung", "pung_pair", "pungs_pair"}) {
      INFO(form);
      CHECK(tally.form_wins.count(form) == 1);
    }
  }
  SECTION("a tiny tile set, copies capped") {
    const RuleSet rules = load_rules_from_string(kPungsTinyYaml, "test");
    Plan plan;
    plan.sizes = {5, 8, 11};
    plan.most_jokers = 5;
    plan.per_size = 300 / kScale;
    plan.shapes = {Shape::pairs_pungs, Shape::pairs, Shape::uniform};
    plan.skip_conservative = true;
    const Tally tally = run_plan(rules, 70702U, plan);
    report("pungs tiny", tally);
    CHECK(tally.form_wins.count("one_pung_distinct") == 1);
  }
  SECTION("with a winning tile") {
    const RuleSet rules = load_rules_from_string(kPungsYaml, "test");
    FullPlan plan;
    plan.sizes = {5, 8, 11, 14, 17};
    plan.per_size = 80 / kScale;
    plan.most_jokers = 4;
    plan.shapes = {Shape::pairs_pungs, Shape::pairs};
    report("pungs, winning tile", run_full_plan(rules, 70703U, plan));
  }
}

TEST_CASE("reference search: lacking a suit, forbidden tiles, restricted stand-ins, hand-computed",
          "[reference]") {
  const RuleSet sichuan = load_rules("sichuan");
  const RuleSet sj = load_rules_from_string(kSichuanJokersYaml, "test");
  const RuleSet two = load_rules_from_string(kLackTwoYaml, "test");
  const RuleSet forbidden = load_rules_from_string(kForbiddenYaml, "test");
  const RuleSet ftiny = load_rules_from_string(kForbiddenTinyYaml, "test");
  const RuleSet restricted = load_rules_from_string(kRestrictedYaml, "test");
  const RuleSet shared = load_rules_from_string(kSharedClassesYaml, "test");
  using Counts = std::map<std::string, std::size_t>;
  struct Case {
    const RuleSet* rules;
    const char* hand;
    const char* wild;
    Counts counts;
    const char* why;
  };
  const std::vector<Case> cases = {
      {&sichuan, "11123m", "", {{"standard", 1}}, "one suit"},
      {&sichuan, "123m11p", "", {{"standard", 1}}, "bamboo lacked"},
      {&sichuan, "123m456p11s", "", {{"standard", 0}}, "three suits"},
      {&sj, "123m456p1s*", "", {{"standard", 0}}, "1{1}s touches bamboo too"},
      {&sj, "123m456p**", "", {}, "engine and reference only"},
      {&sj, "123m1p****", "", {}, "engine and reference only"},
      {&sj, "[111s]123m**", "", {}, "the declared bamboo pung counts"},
      {&two, "123m11z***", "", {}, "m used, so p and s lacked"},
      {&two, "1m1p11z****", "", {{"standard", 0}, {"three_wildcards", 1}},
       "m and p touched: no standard reading; the wildcards form ignores the suits (the engine; "
       "see kWildcardsFormLacksSuits)"},
      {&forbidden, "123m456p11s777z", "", {{"standard", 0}, {"seven_pairs", 0}}, "a forbidden 7z held"},
      {&forbidden, "46m11p****", "", {{"four_wildcards", 1}}, "no forbidden tile held"},
      {&ftiny, "*****", "", {}, "{***}{**} avoid 3m and 2z"},
      {&restricted, "11m5z5z5z", "", {{"standard", 7}, {"three_wildcards", 1}},
       "the wild 5z stand only for honours: 11m + a pung of any of 1z-7z, listed tile by tile"},
      {&shared, "12m2m*4z", "2m", {}, "jokers and 4z share class 0 (honours), the wild 2m is class 1"},
  };
  for (const Case& c : cases) {
    INFO(c.hand << " under " << c.rules->name() << ": " << c.why);
    const Hand hand = hand_of(c.hand, *c.rules, c.wild);
    const Counts got = reference_counts(*c.rules, hand);
    for (const auto& [form, count] : c.counts) {
      INFO("form " << form);
      REQUIRE(got.count(form) == 1);
      CHECK(got.at(form) == count);
    }
    CHECK(compare(*c.rules, hand, reference(*c.rules, hand)) == "");
  }
  (void)shared;
}

TEST_CASE("engine matches the reference: lacking a suit (缺一门)", "[reference]") {
  SECTION("sichuan, no wildcards") {
    const RuleSet rules = load_rules("sichuan");
    Plan plan;
    plan.sizes = {2, 5, 8, 11, 14};
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    plan.avoid_suit = 0.7;
    const Tally tally = run_plan(rules, 80801U, plan);
    report("sichuan", tally);
    CHECK(tally.form_wins.count("seven_pairs") == 1);
  }
  SECTION("sichuan with jokers") {
    const RuleSet rules = load_rules_from_string(kSichuanJokersYaml, "test");
    Plan plan;
    plan.sizes = {2, 5, 8, 11, 14};
    plan.most_jokers = 4;
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    plan.avoid_suit = 0.7;
    report("sichuan jokers", run_plan(rules, 80802U, plan));
    FullPlan full;
    full.sizes = {5, 8, 11, 14};
    full.per_size = 80 / kScale;
    full.most_melds = 2;
    full.most_jokers = 3;
    full.avoid_suit = 0.7;
    report("sichuan jokers, declared + winning", run_full_plan(rules, 80803U, full));
  }
  SECTION("sichuan with jokers, copies capped, distinct pairs") {
    const RuleSet rules = load_rules_from_string(kSichuanCappedYaml, "test");
    Plan plan;
    plan.sizes = {5, 8, 14};
    plan.most_jokers = 4;
    plan.per_size = 150 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs};
    plan.avoid_suit = 0.7;
    report("sichuan capped", run_plan(rules, 80804U, plan));
  }
  SECTION("two suits to lack, honours, a set and a wildcards form") {
    // The wildcards form: the reference follows the engine (kWildcardsFormLacksSuits).
    const RuleSet rules = load_rules_from_string(kLackTwoYaml, "test");
    Plan plan;
    plan.sizes = {5, 8, 11, 14};
    plan.most_jokers = 4;
    plan.per_size = 150 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    plan.avoid_suit = 0.9;
    report("lack two", run_plan(rules, 80805U, plan));
  }
}

TEST_CASE("engine matches the reference: forbidden tiles", "[reference]") {
  SECTION("laizi without 5m and 7z") {
    const RuleSet rules = load_rules_from_string(kForbiddenYaml, "test");
    Plan plan;
    plan.sizes = {5, 8, 11, 14};
    plan.most_jokers = 4;
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::orphans, Shape::uniform};
    plan.avoid_tiles = bit_of(rules.find_tile('m', 5)) | bit_of(rules.find_tile('z', 7));
    plan.avoid_tiles_chance = 0.8;
    const Tally tally = run_plan(rules, 90901U, plan);
    report("forbidden", tally);
    CHECK(tally.form_wins.count("standard") == 1);
    FullPlan full;
    full.sizes = {5, 8, 11, 14};
    full.per_size = 60 / kScale;
    full.most_melds = 2;
    full.most_jokers = 3;
    full.avoid_tiles = plan.avoid_tiles;
    full.avoid_tiles_chance = 1.0;  // a declared meld may not hold a forbidden tile
    report("forbidden, declared + winning", run_full_plan(rules, 90902U, full));
  }
  SECTION("a tiny capped set without 3m and 2z") {
    const RuleSet rules = load_rules_from_string(kForbiddenTinyYaml, "test");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 6;
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::pairs_pungs, Shape::uniform};
    plan.avoid_tiles = bit_of(rules.find_tile('m', 3)) | bit_of(rules.find_tile('z', 2));
    plan.avoid_tiles_chance = 0.8;
    plan.skip_conservative = true;
    report("forbidden tiny", run_plan(rules, 90903U, plan));
  }
}

TEST_CASE("engine matches the reference: restricted wildcard stand-ins", "[reference]") {
  SECTION("jokers and a White dragon restricted to winds and dragons") {
    const RuleSet rules = load_rules_from_string(kRestrictedYaml, "test");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 2;
    plan.per_size = 200 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::pairs_pungs, Shape::uniform};
    plan.skip_conservative = true;
    report("restricted", run_plan(rules, 11101U, plan));
    FullPlan full;
    full.sizes = {5, 8, 11};
    full.per_size = 80 / kScale;
    full.most_melds = 1;
    full.most_jokers = 2;
    full.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    full.skip_conservative = true;
    report("restricted, declared + winning", run_full_plan(rules, 11102U, full));
  }
  SECTION("copies capped") {
    const RuleSet rules = load_rules_from_string(kRestrictedCappedYaml, "test");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 2;
    plan.per_size = 150 / kScale;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("restricted capped", run_plan(rules, 11103U, plan));
  }
  SECTION("a per-hand wildcard restricted to its rank") {
    const RuleSet rules = load_rules_from_string(kSameRankYaml, "test");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 2;
    plan.per_size = 200 / kScale;
    plan.per_hand_wild = true;
    plan.per_hand_chance = 0.8;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("same rank", run_plan(rules, 11104U, plan));
    FullPlan full;
    full.sizes = {5, 8, 11};
    full.per_size = 60 / kScale;
    full.most_melds = 1;
    full.most_jokers = 2;
    full.per_hand_wild = true;
    full.per_hand_chance = 0.8;
    report("same rank, declared + winning", run_full_plan(rules, 11105U, full));
  }
  SECTION("classes shared by equal stand-ins, the unrestricted class not first") {
    const RuleSet rules = load_rules_from_string(kSharedClassesYaml, "test");
    Plan plan;
    plan.sizes = {2, 5, 8, 11};
    plan.most_jokers = 2;
    plan.per_size = 200 / kScale;
    plan.per_hand_wild = true;
    plan.per_hand_chance = 0.7;
    plan.shapes = {Shape::melds, Shape::pairs, Shape::uniform};
    report("shared classes", run_plan(rules, 11106U, plan));
    FullPlan full;
    full.sizes = {5, 8, 11};
    full.per_size = 60 / kScale;
    full.most_melds = 1;
    full.most_jokers = 2;
    full.per_hand_wild = true;
    full.per_hand_chance = 0.7;
    full.skip_declared_wild_kind = false;  // discrepancy C is fixed: compare these hands too
    report("shared classes, declared + winning", run_full_plan(rules, 11107U, full));
  }
}

// Every shipped rule set, on random hands of several sizes (the reference's melds search is slow
// past 14 tiles, so 17-tile sets are checked up to 14), with its own wildcards, forms and hand
// rules: lacking a suit and forbidden tiles are dealt around often enough to win.
TEST_CASE("engine matches the reference: every shipped rule set", "[reference]") {
  for (const std::string& name : builtin_rule_names()) {
    INFO(name);
    const RuleSet rules = load_rules(name);
    Plan plan;
    for (const int size : {5, 8, 11, 14}) {
      if (size <= rules.hand_tiles()) plan.sizes.push_back(size);
    }
    plan.most_jokers = std::min<int>(rules.wildcards().jokers, 3);
    plan.per_size = 40 / kScale;
    plan.per_hand_wild = rules.wildcards().per_hand || rules.wildcards().indicator.enabled;
    // Bonus tiles set aside, unless they are wild (guangdong_flowers), when they count.
    bool bonus_wild = false;
    for (TileId t = rules.meldable_count(); t < rules.tile_count(); ++t) {
      bonus_wild = bonus_wild || (rules.fixed_wild_tiles() & tile_bit(t)) != 0;
    }
    plan.bonus = !bonus_wild;
    plan.shapes = {Shape::melds, Shape::uniform, Shape::pairs, Shape::orphans, Shape::knitted};
    plan.avoid_suit = rules.missing_suits() > 0 ? 0.7 : 0;
    plan.avoid_tiles = rules.forbidden_tiles();
    plan.avoid_tiles_chance = 0.8;
    plan.skip_conservative = true;
    const Tally tally = run_plan(rules, 1234U + static_cast<std::uint32_t>(name.size()), plan);
    report(name.c_str(), tally);
    CHECK(tally.hands > 0);
  }
}
