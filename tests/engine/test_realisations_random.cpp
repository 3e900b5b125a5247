// Realisations against a brute force over every concrete meld and pair, and the invariants of
// every reading, on random complete hands of several rule sets (meldgraph/reading/reading.hpp,
// realisations.hpp). Tagged [reading].

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/reading/realisations.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "reading_support.hpp"
#include "rule_files.hpp"
#include "test_scale.hpp"

using namespace meldgraph;
using namespace meldgraph::test;

namespace {

/// Every concrete group an abstract group might be, before any rule: each pung, chow and pair.
std::vector<Group> catalogue(const RuleSet& rules, const Group& abstract) {
  std::vector<Group> out;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    Group group = abstract;
    if (abstract.kind == GroupKind::any_pair) {
      group.kind = GroupKind::pair;
      group.tiles = {t, t, kNoTile, kNoTile};
      out.push_back(group);
      continue;
    }
    group.kind = GroupKind::pung;
    group.tiles = {t, t, t, kNoTile};
    out.push_back(group);
    const TileId second = rules.tile(t).next;
    const TileId third = second == kNoTile ? kNoTile : rules.tile(second).next;
    if (third == kNoTile) continue;
    group.kind = GroupKind::chow;
    group.tiles = {t, second, third, kNoTile};
    out.push_back(group);
  }
  return out;
}

/// Whether replacing the abstract groups of `interpretation` by `realised` obeys the rules,
/// checked tile by tile over the whole realised hand.
bool allowed(const RuleSet& rules, const Hand& hand, const WildcardClasses& classes,
             const Interpretation& interpretation, const std::vector<Group>& realised) {
  const FormSpec& form = rules.forms()[interpretation.form];
  TileCounts used = hand.held_counts();
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) {
      used[t] = static_cast<std::uint8_t>(used[t] - hand.counts[t]);
    }
  }
  unsigned suits = 0;
  for (const Group& group : interpretation.groups) {
    if (group.abstract()) continue;
    for (int s = 0; s < group.size; ++s) {
      suits |= 1U << rules.tile(group.tiles[static_cast<std::size_t>(s)]).suit;
      if (group.is_wild(s) && !group.declared()) ++used[group.tiles[static_cast<std::size_t>(s)]];
    }
  }
  const TileCounts before = used;
  TileMask pair_kinds = 0;
  for (const Group& group : realised) {
    const TileMask stand_ins = classes.masks[static_cast<std::size_t>(group.wild_class(0))];
    if (group.kind == GroupKind::chow && form.type == FormType::pairs) return false;
    for (int s = 0; s < group.size; ++s) {
      const TileId t = group.tiles[static_cast<std::size_t>(s)];
      if (!TileClasses::in(stand_ins, t) || TileClasses::in(rules.forbidden_tiles(), t)) {
        return false;
      }
      ++used[t];
      suits |= 1U << rules.tile(t).suit;
    }
    if (group.kind == GroupKind::pair) {
      const TileId t = group.tiles[0];
      if (form.type == FormType::melds && form.pair_tiles != 0 &&
          !TileClasses::in(form.pair_tiles, t)) {
        return false;
      }
      if (form.type == FormType::pairs && !form.four_as_two_pairs) {
        if (before[t] > 0 || TileClasses::in(pair_kinds, t)) return false;
        pair_kinds |= tile_bit(t);
      }
    }
  }
  if (!rules.wildcards().exceed_copies) {
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if (used[t] > rules.tile(t).copies) return false;
    }
  }
  int lacking = 0;
  for (std::size_t s = 0; s < rules.suits().size(); ++s) {
    if (rules.suits()[s].sequences && !rules.suits()[s].bonus && ((suits >> s) & 1U) == 0) {
      ++lacking;
    }
  }
  return lacking >= rules.missing_suits();
}

/// The winning abstract group's catalogue: each pung and pair with the winning wildcard in slot
/// 0 (their slots are alike), each chow once per slot.
std::vector<Group> winning_catalogue(const RuleSet& rules, const Group& abstract) {
  std::vector<Group> out;
  for (Group group : catalogue(rules, abstract)) {
    const int slots = group.kind == GroupKind::chow ? 3 : 1;
    for (int slot = 0; slot < slots; ++slot) {
      group.set_winning_slot(slot);
      out.push_back(group);
    }
  }
  return out;
}

/// The wait a realised winning group implies, from the ranks (not from the engine's wait_shape):
/// a chow won in the middle is closed; on its low end when it is 7-8-9, or on its high end when it
/// is 1-2-3 (of a nine-rank suit: the side beyond does not exist), an edge; else two-sided.
WaitShape expected_wait(const RuleSet& rules, const Group& group) {
  if (group.kind == GroupKind::pair) return WaitShape::single;
  if (group.kind == GroupKind::pung) return WaitShape::dual_pung;
  const int slot = group.winning_slot();
  if (slot == 1) return WaitShape::closed;
  const TileInfo& low = rules.tile(group.tiles[0]);
  int top = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if (rules.tile(t).suit == low.suit) top = std::max<int>(top, rules.tile(t).rank);
  }
  const bool beyond = slot == 0 ? low.rank + 3 <= top : low.rank - 1 >= 1;
  return beyond ? WaitShape::two_sided : WaitShape::edge;
}

/// Realisations by brute force: every choice from the catalogue for each abstract group (the
/// winning group's with its winning slot), kept when allowed, identical abstract groups' choices
/// sorted (a multiset).
std::set<std::vector<Group>> brute_force(const RuleSet& rules, const Hand& hand,
                                         const Interpretation& interpretation,
                                         const std::vector<int>& abstract) {
  const WildcardClasses classes = wildcard_classes(rules, hand);
  std::vector<std::vector<Group>> options;
  for (const int index : abstract) {
    const Group& group = interpretation.groups[static_cast<std::size_t>(index)];
    options.push_back(group.winning_slot() >= 0 ? winning_catalogue(rules, group)
                                                : catalogue(rules, group));
  }
  std::set<std::vector<Group>> out;
  std::vector<std::size_t> pick(abstract.size(), 0);
  while (true) {
    std::vector<Group> realised;
    for (std::size_t k = 0; k < abstract.size(); ++k) realised.push_back(options[k][pick[k]]);
    if (allowed(rules, hand, classes, interpretation, realised)) {
      // Interchangeable groups (same abstract group value) in sorted order.
      for (std::size_t a = 0; a < abstract.size(); ++a) {
        for (std::size_t b = a + 1; b < abstract.size(); ++b) {
          const Group& ga = interpretation.groups[static_cast<std::size_t>(abstract[a])];
          const Group& gb = interpretation.groups[static_cast<std::size_t>(abstract[b])];
          if (ga == gb && realised[b] < realised[a]) std::swap(realised[a], realised[b]);
        }
      }
      out.insert(realised);
    }
    std::size_t k = 0;
    while (k < pick.size() && ++pick[k] == options[k].size()) pick[k++] = 0;
    if (k == pick.size()) break;
  }
  return out;
}

/// Checks every realisation of every interpretation of `hand`: count equals listing, each listed
/// once, a limit honoured, and (when the product of catalogues is small) the same set as the brute
/// force; the winning abstract group's wait against the ranks. Returns how many interpretations
/// had abstract groups, and adds those whose winning group is abstract to `winning_seen`.
int check_realisations(const RuleSet& rules, const Hand& hand, int* winning_seen = nullptr) {
  const ReadingContext context = make_reading_context(rules, hand);
  const Decomposition decomposition(rules, hand);
  int abstract_seen = 0;
  for (const Interpretation& interpretation : all_interpretations(decomposition)) {
    const Realisations realisations(context, interpretation);
    const std::vector<int>& abstract = realisations.abstract_groups();
    if (abstract.empty() ||
        interpretation.groups[static_cast<std::size_t>(abstract[0])].kind == GroupKind::wildcards) {
      continue;
    }
    ++abstract_seen;
    const std::uint64_t count = realisations.count();
    INFO(format_hand(hand, rules) << " : " << format_interpretation(interpretation, rules));
    // The search listed it, so some realisation exists.
    CHECK(count >= 1);
    if (count > 200000) continue;
    std::set<std::vector<Group>> listed;
    const int winning = realisations.winning_index();
    if (winning >= 0 && winning_seen != nullptr) ++*winning_seen;
    CHECK(
        (winning >= 0) ==
        (interpretation.winning_group >= 0 &&
         interpretation.groups[static_cast<std::size_t>(interpretation.winning_group)].abstract()));
    const std::uint64_t visited = realisations.list([&](std::span<const Group> groups) {
      listed.insert(std::vector<Group>(groups.begin(), groups.end()));
      for (std::size_t g = 0; g < groups.size(); ++g) {
        CHECK((groups[g].winning_slot() >= 0) == (static_cast<int>(g) == winning));
      }
      if (winning >= 0) {
        const Group& won = groups[static_cast<std::size_t>(winning)];
        CHECK(wait_shape(won, rules) == expected_wait(rules, won));
      }
      return true;
    });
    CHECK(visited == count);
    CHECK(listed.size() == count);
    CHECK(realisations.list([](std::span<const Group>) { return true; }, 3) ==
          std::min<std::uint64_t>(count, 3));
    double product = 1;
    for (std::size_t k = 0; k < abstract.size(); ++k) product *= 60;
    if (product > 250000) continue;
    std::set<std::vector<Group>> expected = brute_force(rules, hand, interpretation, abstract);
    // Listed realisations sort interchangeable groups by tile order: compare as sorted multisets.
    const auto canonical = [&](std::vector<Group> groups) {
      for (std::size_t a = 0; a < groups.size(); ++a) {
        for (std::size_t b = a + 1; b < groups.size(); ++b) {
          const Group& ga = interpretation.groups[static_cast<std::size_t>(abstract[a])];
          const Group& gb = interpretation.groups[static_cast<std::size_t>(abstract[b])];
          if (ga == gb && groups[b] < groups[a]) std::swap(groups[a], groups[b]);
        }
      }
      return groups;
    };
    std::set<std::vector<Group>> got;
    for (const std::vector<Group>& groups : listed) got.insert(canonical(groups));
    CHECK(got == expected);
  }
  return abstract_seen;
}

/// Invariants of every reading: each physical wildcard placed once, on a slot its class may
/// take; the winning wildcard on the winning slot; own faces first; red fives all placed;
/// soft wildcards as the engine counts them.
void check_reading_invariants(const RuleSet& rules, const Hand& hand) {
  const ReadingContext context = make_reading_context(rules, hand);
  const Decomposition decomposition(rules, hand);
  for (const Interpretation& interpretation : all_interpretations(decomposition)) {
    const Reading reading = make_reading(context, interpretation);
    INFO(format_hand(hand, rules) << " : " << format_interpretation(interpretation, rules));
    REQUIRE(reading.groups.size() == interpretation.groups.size());
    int jokers = 0;
    int own = 0;
    int wild = 0;
    TileCounts wild_tiles{};
    TileCounts reds{};
    bool whole_hand_wildcards = false;
    for (const ReadingGroup& group : reading.groups) {
      whole_hand_wildcards = whole_hand_wildcards || group.group.kind == GroupKind::wildcards;
      REQUIRE(static_cast<int>(group.slots.size()) == group.group.size);
      for (std::size_t s = 0; s < group.slots.size(); ++s) {
        const Slot& slot = group.slots[s];
        const bool engine_wild = group.abstract() || group.group.is_wild(static_cast<int>(s));
        CHECK(slot.wild() == engine_wild);
        if (slot.red) ++reds[slot.wild() ? slot.wild_tile : slot.tile];
        if (!slot.wild() || group.declared()) continue;
        ++wild;
        if (slot.joker()) {
          ++jokers;
        } else {
          ++wild_tiles[slot.wild_tile];
          CHECK(TileClasses::in(hand.wild_tiles, slot.wild_tile));
        }
        own += slot.own_face ? 1 : 0;
        if (slot.own_face) CHECK(slot.tile == slot.wild_tile);
        if (slot.tile != kNoTile && group.group.kind != GroupKind::wildcards) {
          const TileMask mask = slot.joker() ? rules.wildcards().joker_stand_ins
                                             : rules.wildcards().tile_stand_ins[slot.wild_tile];
          if (rules.wildcards().restricted) CHECK(TileClasses::in(mask, slot.tile));
        }
      }
    }
    CHECK(jokers == hand.jokers);
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      if (TileClasses::in(hand.wild_tiles, t)) CHECK(wild_tiles[t] == hand.counts[t]);
      if (!whole_hand_wildcards) CHECK(reds[t] == hand.red[t]);
    }
    if (reading.winning_group >= 0 && hand.winning_is_wildcard()) {
      const ReadingGroup& won = reading.groups[static_cast<std::size_t>(reading.winning_group)];
      const Slot& slot = won.slots[static_cast<std::size_t>(won.group.winning_slot())];
      if (slot.wild()) {
        CHECK(slot.wild_tile == (hand.winning_joker ? kNoTile : hand.winning));
      }
    }
    if (rules.wildcards().natural_use && !whole_hand_wildcards) {
      CHECK(reading.soft_wildcards == wild - own);
    } else if (!whole_hand_wildcards) {
      CHECK(reading.soft_wildcards == wild);
    }
  }
}

}  // namespace

namespace {

/// One rule set of the realisations' random check: hands of `size` tiles with up to `wildcards`
/// of them wild, `wild` a per-hand wild kind (or none).
struct RealisationCase {
  const char* name;
  bool file;  ///< a file of tests/data/rules/, else a shipped rule set
  int size;
  int wildcards;
  const char* wild;
};

/// Realisations against the brute force and the reading invariants on random complete hands of
/// the case, each also won on a wildcard. 150 hands, 150 / kScale under the sanitizers
/// (test_scale.hpp): every case, and so every path, still runs there.
void check_random_realisations(const RealisationCase& c) {
  INFO(c.name);
  const RuleSet rules = c.file ? test_rules(c.name) : load_rules(c.name);
  const TileMask wild = std::string(c.wild).empty() ? 0 : parse_wild_choice(c.wild, rules);
  RandomHands random(rules, 20261201, wild);
  int abstract_seen = 0;
  int winning_seen = 0;  // interpretations whose winning group is abstract
  for (int n = 0; n < 150 / kScale; ++n) {
    const Hand hand = random.complete(c.size, c.wildcards);
    check_reading_invariants(rules, hand);
    abstract_seen += check_realisations(rules, hand);
    // The same hand won on a wildcard (a joker, else a tile of a wild kind): the winning
    // abstract group's (meld, winning slot) pairs.
    Hand won = hand;
    if (hand.jokers > 0) {
      won.winning_joker = true;
    } else if (hand.wild_tiles != 0) {
      for (TileMask rest = hand.wild_tiles; rest != 0 && won.winning == kNoTile; rest &= rest - 1) {
        const auto t = static_cast<TileId>(std::countr_zero(rest));
        if (hand.counts[t] > 0) won.winning = t;
      }
    }
    if (!won.has_winning_tile()) continue;
    check_reading_invariants(rules, won);
    check_realisations(rules, won, &winning_seen);
  }
  if (c.wildcards >= 6) CHECK(abstract_seen > 0);
  if (c.wildcards >= 6) CHECK(winning_seen > 0);
}

}  // namespace

// One TEST_CASE a rule set, so that CTest runs them side by side: together they would be the
// slowest test.
TEST_CASE("realisations against a brute force, and reading invariants: laizi", "[reading]") {
  check_random_realisations({"laizi", false, 14, 8, "5m"});
}

TEST_CASE("realisations against a brute force, and reading invariants: capped copies",
          "[reading]") {
  check_random_realisations({"reading_capped", true, 14, 8, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: natural_use", "[reading]") {
  check_random_realisations({"reading_natural_use", true, 14, 6, "7p"});
}

TEST_CASE("realisations against a brute force, and reading invariants: restricted stand-ins",
          "[reading]") {
  check_random_realisations({"reading_restricted", true, 14, 5, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: a missing suit",
          "[reading]") {
  check_random_realisations({"reading_missing", true, 14, 8, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: pair tiles", "[reading]") {
  check_random_realisations({"reading_pair_tiles", true, 14, 8, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: 17 tiles", "[reading]") {
  check_random_realisations({"reading_small", true, 17, 6, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: riichi", "[reading]") {
  check_random_realisations({"riichi", false, 14, 0, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: guangdong_white",
          "[reading]") {
  check_random_realisations({"guangdong_white", false, 14, 4, ""});
}
