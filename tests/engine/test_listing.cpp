// Listing interpretations without the graph: cross-checked against Decomposition.
//
// InterpretationLister::list must give exactly the InterpretationCursor's interpretations, in the
// cursor's order (so also as sorted lists): same forms, groups, marks, waits, soft wildcards and
// wildcard classes; and throw the same AnalysisError where the Decomposition throws. Hands:
// complete hands of every size (RandomHands::complete, 0-8 wildcards), random 3n+2 hands that
// mostly do not win, seven-pairs and thirteen-orphans shapes, with a winning tile (natural, joker
// or wild kind) and declared melds now and then, under every built-in rule set and a few custom
// ones (capped copies, natural use, distinct pairs with jokers, pairs with a pung and small suits,
// two pairs, restricted stand-ins, pair rules). One lister per rule set is reused for all its
// hands.
//
// Tagged [listing].

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/search/listing.hpp"
#include "meldgraph/support/random_draws.hpp"

#include "rule_files.hpp"
#include "test_scale.hpp"

namespace {

using namespace meldgraph;

using meldgraph::test::kScale;

/// Custom rule sets (tests/data/rules/): what the lister models beyond the shipped sets, and some
/// of what it does not. The order fixes each set's hand seed.
constexpr const char* kCustomRules[] = {
    "custom_capped",      "listing_natural_use", "listing_distinct",  "custom_small",
    "listing_tame_pairs", "custom_restricted",   "custom_pair_rules", "custom_missing_jokers",
};

std::vector<RuleSet> rule_sets() {
  std::vector<RuleSet> sets;
  for (const std::string& name : builtin_rule_names()) sets.push_back(load_rules(name));
  for (const char* name : kCustomRules) sets.push_back(test::test_rules(name));
  return sets;
}

/// Everything an interpretation holds, as text (for failure messages).
std::string describe(const Interpretation& interpretation, const RuleSet& rules) {
  std::ostringstream out;
  out << rules.forms()[interpretation.form].name << ":";
  for (const Group& group : interpretation.groups) {
    out << ' ' << format_group(group, rules) << "/f" << int{group.flags} << "/c"
        << int{group.wild_classes};
  }
  out << " win " << interpretation.winning_group << ' ' << wait_shape_name(interpretation.wait)
      << " soft " << int{interpretation.soft_wildcards};
  return out.str();
}

std::vector<std::string> describe_all(const std::vector<Interpretation>& list,
                                      const RuleSet& rules) {
  std::vector<std::string> out;
  out.reserve(list.size());
  for (const Interpretation& interpretation : list) out.push_back(describe(interpretation, rules));
  return out;
}

std::vector<Interpretation> by_cursor(const RuleSet& rules, const Hand& hand) {
  const Decomposition decomposition(rules, hand);
  InterpretationCursor cursor = decomposition.interpretations();
  std::vector<Interpretation> out;
  Interpretation interpretation;
  while (cursor.next(interpretation)) out.push_back(interpretation);
  return out;
}

std::vector<Interpretation> by_lister(InterpretationLister& lister, const Hand& hand) {
  std::vector<Interpretation> out;
  const std::uint64_t count = lister.list(hand, [&](const Interpretation& interpretation) {
    out.push_back(interpretation);
    return true;
  });
  CHECK(count == out.size());
  return out;
}

/// The lister against the cursor on one hand: the same list in the same order, or the same error
/// before any visit.
void check_hand(const RuleSet& rules, InterpretationLister& lister, const Hand& hand) {
  INFO("rules " << rules.name() << ", hand " << format_hand(hand, rules) << ", size "
                << hand.size(rules) << ", declared " << int{hand.meld_count}
                << (hand.has_winning_tile() ? ", winning tile" : ""));
  std::vector<Interpretation> expected;
  std::string error;
  try {
    expected = by_cursor(rules, hand);
  } catch (const AnalysisError& e) {
    error = e.what();
  }
  if (!error.empty()) {
    int visits = 0;
    REQUIRE_THROWS_WITH(lister.list(hand, [&](const Interpretation&) { ++visits; }), error);
    CHECK(visits == 0);
    return;
  }
  const std::vector<Interpretation> actual = by_lister(lister, hand);
  if (actual != expected) {
    REQUIRE(describe_all(actual, rules) == describe_all(expected, rules));
    FAIL("equal texts but different interpretations");
  }
  // Sorted lists are then equal too; the order is the stronger promise.
}

/// Random hands of several kinds under one rule set: complete, random, seven-pairs and
/// thirteen-orphans shapes, with winning tiles and declared melds mixed in. Every hand keeps to
/// the copies and the jokers, as parse_hand's hands do.
class HandSource {
 public:
  HandSource(const RuleSet& rules, std::uint64_t seed)
      : rules_(rules), rng_(seed), plain_(rules, seed), wild_(rules, seed + 1, per_hand_wild()) {}

  Hand next() {
    RandomHands& generator = below(3) == 0 ? wild_ : plain_;
    const int size = pick_size();
    const int declared = below(4) == 0 ? static_cast<int>(below(std::min(size / 3, 4) + 1)) : 0;
    const int concealed = size - 3 * declared;
    const int max_wild = static_cast<int>(below(9));
    Hand hand;
    switch (below(8)) {
      case 0:
      case 1:
        hand = generator.random(concealed, max_wild);
        break;
      case 2:
        hand = concealed == rules_.hand_tiles() ? pairs_shape(generator, max_wild)
                                                : generator.random(concealed, max_wild);
        break;
      case 3:
        hand = concealed == rules_.hand_tiles() ? set_shape(generator, max_wild)
                                                : generator.random(concealed, max_wild);
        break;
      default:
        hand = complete_or_random(generator, concealed, max_wild);
        break;
    }
    for (int m = 0; m < declared; ++m) declare(hand);
    if (below(3) == 0) mark_winning(hand);
    return hand;
  }

  std::uint64_t below(std::uint64_t bound) { return rng_.below(bound); }

 private:
  /// A meldable kind made wild per hand, where the rules allow it.
  TileMask per_hand_wild() {
    if (!rules_.wildcards().per_hand) return 0;
    return tile_bit(static_cast<TileId>(below(rules_.meldable_count())));
  }

  /// Mostly the full hand size, sometimes a smaller 3n+2.
  int pick_size() {
    const int full = rules_.hand_tiles();
    if (below(3) != 0) return full;
    return 2 + 3 * static_cast<int>(below(static_cast<std::uint64_t>((full - 2) / 3) + 1));
  }

  Hand complete_or_random(RandomHands& generator, int size, int max_wild) {
    try {
      return generator.complete(size, max_wild);
    } catch (const Error&) {
      return generator.random(size, max_wild);  // no melds form, or the size does not fit it
    }
  }

  /// Copies of t still in the wall for `hand` (wild kinds are not natural tiles).
  int left(const Hand& hand, TileId t, TileMask wild) const {
    if (t >= rules_.meldable_count() || (wild & tile_bit(t)) != 0) return 0;
    return rules_.tile(t).copies - hand.held_counts()[t];
  }

  /// Seven pairs (or the first pairs form's shape): pairs of random kinds, some halves wild.
  Hand pairs_shape(RandomHands& generator, int max_wild) {
    Hand hand;
    hand.wild_tiles = generator.wild_tiles();
    const int size = rules_.hand_tiles();
    int placed = 0;
    for (int attempt = 0; attempt < 200 && placed + 2 <= size; ++attempt) {
      const auto t = static_cast<TileId>(below(rules_.meldable_count()));
      const int n = below(6) == 0 && placed + 3 <= size ? 3 : 2;
      if (left(hand, t, hand.wild_tiles) < n) continue;
      hand.counts[t] = static_cast<std::uint8_t>(hand.counts[t] + n);
      placed += n;
    }
    fill_up(hand, size - placed);
    replace_with_wildcards(hand, max_wild);
    return hand;
  }

  /// Thirteen orphans (or the first set form's tiles): each set tile once, one twice.
  Hand set_shape(RandomHands& generator, int max_wild) {
    for (const FormSpec& form : rules_.forms()) {
      if (form.type != FormType::set || !form.enabled) continue;
      Hand hand;
      hand.wild_tiles = generator.wild_tiles();
      int placed = 0;
      for (const TileId t : form.set_tiles) {
        if (placed < rules_.hand_tiles() && left(hand, t, hand.wild_tiles) > 0) {
          ++hand.counts[t];
          ++placed;
        }
      }
      const TileId extra = form.set_tiles[below(form.set_tiles.size())];
      if (placed < rules_.hand_tiles() && left(hand, extra, hand.wild_tiles) > 0) {
        ++hand.counts[extra];
        ++placed;
      }
      fill_up(hand, rules_.hand_tiles() - placed);
      replace_with_wildcards(hand, max_wild);
      return hand;
    }
    return generator.random(rules_.hand_tiles(), max_wild);
  }

  /// Adds `count` random natural tiles within the copies.
  void fill_up(Hand& hand, int count) {
    for (int k = 0; k < count; ++k) {
      for (int attempt = 0; attempt < 400; ++attempt) {
        const auto t = static_cast<TileId>(below(rules_.meldable_count()));
        if (left(hand, t, hand.wild_tiles) > 0) {
          ++hand.counts[t];
          break;
        }
      }
    }
  }

  /// Turns up to `max_wild` natural tiles into jokers or copies of the hand's wild kinds.
  void replace_with_wildcards(Hand& hand, int max_wild) {
    const int want = static_cast<int>(below(static_cast<std::uint64_t>(max_wild) + 1));
    for (int k = 0; k < want; ++k) {
      std::vector<TileId> naturals;
      for (TileId t = 0; t < rules_.meldable_count(); ++t) {
        if ((hand.wild_tiles & tile_bit(t)) == 0 && hand.counts[t] > 0) naturals.push_back(t);
      }
      if (naturals.empty()) return;
      std::vector<TileId> wild_kinds;
      for (TileId t = 0; t < rules_.tile_count(); ++t) {
        if ((hand.wild_tiles & tile_bit(t)) != 0 && hand.counts[t] < rules_.tile(t).copies) {
          wild_kinds.push_back(t);
        }
      }
      const bool joker = jokers_in(hand) < rules_.wildcards().jokers;
      if (!joker && wild_kinds.empty()) return;
      --hand.counts[naturals[below(naturals.size())]];
      if (joker && (wild_kinds.empty() || below(2) == 0)) {
        ++hand.jokers;
      } else {
        ++hand.counts[wild_kinds[below(wild_kinds.size())]];
      }
    }
  }

  /// Jokers held, concealed and in declared melds.
  static int jokers_in(const Hand& hand) {
    int total = hand.jokers;
    for (std::size_t m = 0; m < hand.meld_count; ++m) {
      total += std::popcount(static_cast<unsigned>(hand.melds[m].wild_mask));
    }
    return total;
  }

  /// A declared pung or chow of tiles still in the wall (a joker in it now and then).
  void declare(Hand& hand) {
    if (hand.meld_count >= kMaxDeclaredMelds || hand.size(rules_) + 3 > rules_.hand_tiles()) {
      return;
    }
    for (int attempt = 0; attempt < 60; ++attempt) {
      const auto t = static_cast<TileId>(below(rules_.meldable_count()));
      Group group;
      group.flags = below(8) == 0 ? kGroupDeclared | kGroupConcealed : kGroupDeclared;
      group.size = 3;
      const TileId second = rules_.tile(t).next;
      const TileId third = second == kNoTile ? kNoTile : rules_.tile(second).next;
      if (below(2) == 0 && third != kNoTile && left(hand, t, hand.wild_tiles) > 0 &&
          left(hand, second, hand.wild_tiles) > 0 && left(hand, third, hand.wild_tiles) > 0) {
        group.kind = GroupKind::chow;
        group.tiles = {t, second, third, kNoTile};
      } else if (left(hand, t, hand.wild_tiles) >= 3) {
        group.kind = GroupKind::pung;
        group.tiles = {t, t, t, kNoTile};
      } else {
        continue;
      }
      if (group.flags == kGroupDeclared && rules_.wildcards().in_melds &&
          jokers_in(hand) < rules_.wildcards().jokers && below(3) == 0) {
        group.wild_mask = 0b010;
      }
      hand.melds[hand.meld_count++] = group;
      return;
    }
  }

  /// The winning tile: a natural tile held, a joker or a wild kind held.
  void mark_winning(Hand& hand) {
    std::vector<int> choices;  // tile ids, or -1 for a joker
    for (TileId t = 0; t < rules_.tile_count(); ++t) {
      const bool meldable = t < rules_.meldable_count();
      const bool wild = (hand.wild_tiles & tile_bit(t)) != 0;
      if (hand.counts[t] > 0 && (meldable || wild)) choices.push_back(t);
    }
    if (hand.jokers > 0) choices.push_back(-1);
    if (choices.empty()) return;
    const int pick = choices[below(choices.size())];
    if (pick < 0) {
      hand.winning_joker = true;
    } else {
      hand.winning = static_cast<TileId>(pick);
    }
  }

  const RuleSet& rules_;
  RandomDraws rng_;
  RandomHands plain_;
  RandomHands wild_;
};

TEST_CASE("listing: the same interpretations as the cursor on random hands", "[listing]") {
  const std::vector<RuleSet> sets = rule_sets();
  std::uint64_t seed = 20251130;
  long total = 0;
  for (const RuleSet& rules : sets) {
    InterpretationLister lister(rules);
    HandSource source(rules, ++seed);
    long fast = 0;
    const int hands = 1500 / kScale;
    for (int i = 0; i < hands; ++i) {
      const Hand hand = source.next();
      // One search (engine/src/search/driver.hpp): every hand of a valid size is listed without the
      // graph, restricted stand-ins, lacked suits with jokers, knitted and singles forms included.
      fast += lister.lists_without_graph(hand) ? 1 : 0;
      check_hand(rules, lister, hand);
    }
    total += hands;
    INFO("rules " << rules.name() << ": " << fast << " of " << hands << " hands without graph");
    CHECK(fast == hands);
  }
  CHECK(total >= 30000 / kScale);
}

TEST_CASE("listing: complete riichi and laizi hands take the fast path", "[listing]") {
  for (const char* name : {"riichi", "laizi"}) {
    const RuleSet rules = load_rules(name);
    InterpretationLister lister(rules);
    RandomHands generator(rules, 7);
    RandomHands wild_generator(rules, 8, rules.wildcards().per_hand ? tile_bit(4) : 0);
    for (int i = 0; i < 300 / kScale; ++i) {
      const Hand hand = (i % 2 == 0 ? generator : wild_generator).complete(14, 8);
      INFO(name << ": " << format_hand(hand, rules));
      CHECK(lister.lists_without_graph(hand));
      CHECK(lists_without_graph(rules, hand));
      check_hand(rules, lister, hand);
    }
  }
  // Hand-written cases: winning tiles (natural, joker), declared melds, every form.
  const RuleSet laizi = load_rules("laizi");
  const RuleSet riichi = load_rules("riichi");
  InterpretationLister laizi_lister(laizi);
  InterpretationLister riichi_lister(riichi);
  for (const char* text : {"111222333m456p11s", "11223m11z+3m", "123456789m****+*",
                           "19m19p19s1234566z*", "11112233445566z", "1m****",
                           "[777z]123m456p11s**+*", "(2222s)[345p]1m+1m", "1112345678999m*"}) {
    INFO(text);
    const Hand hand = parse_hand(text, laizi);
    if (hand.size(laizi) <= laizi.hand_tiles()) CHECK(laizi_lister.lists_without_graph(hand));
    check_hand(laizi, laizi_lister, hand);
  }
  for (const char* text :
       {"111222333m456p11s", "11223344556677z", "11112233445566z", "19m19p19s1234567z+7z",
        "1112345678999m+5m", "[777z]123m456p789s1s+1s"}) {
    INFO(text);
    const Hand hand = parse_hand(text, riichi);
    CHECK(riichi_lister.lists_without_graph(hand));
    check_hand(riichi, riichi_lister, hand);
  }
  // The graph's known counts (docs/engine.md, README).
  CHECK(laizi_lister.list(parse_hand("111222333m456p11s", laizi), [](const Interpretation&) {}) ==
        2);
  CHECK(laizi_lister.list(parse_hand("11223m11z+3m", laizi), [](const Interpretation&) {}) == 1);
}

TEST_CASE("listing: the table path gives the search's listing", "[listing]") {
  // Complete hands without wildcards take the table path for melds forms (docs/engine.md, "The
  // table path"): each is checked against the cursor, the graph's walk of the same search. One
  // thread memo serves every rule set here, so listers of different rule sets share entries
  // keyed by suit shape and pair ranks, as they do in a process.
  const std::vector<RuleSet> sets = rule_sets();
  std::uint64_t seed = 20261201;
  for (const RuleSet& rules : sets) {
    InterpretationLister lister(rules);
    RandomHands generator(rules, ++seed);
    RandomDraws draws(seed);
    int listed = 0;
    for (int i = 0; i < 1200 / kScale; ++i) {
      const int full = rules.hand_tiles();
      const int size =
          i % 4 == 3 ? 2 + 3 * static_cast<int>(draws.below((full - 2) / 3 + 1)) : full;
      Hand hand;
      try {
        hand = generator.complete(size, 0);
      } catch (const Error&) {
        break;  // no melds form this generator fills
      }
      if (draws.below(3) != 0) {
        // A natural winning tile held (the table marks it in its suit's paths).
        std::vector<TileId> held;
        for (TileId t = 0; t < rules.meldable_count(); ++t) {
          if (hand.counts[t] > 0 && (hand.wild_tiles & tile_bit(t)) == 0) held.push_back(t);
        }
        if (!held.empty()) hand.winning = held[draws.below(held.size())];
      }
      check_hand(rules, lister, hand);
      ++listed;
    }
    INFO("rules " << rules.name() << ": " << listed << " hands, " << lister.table_path_forms()
                  << " form listings by the table path");
    // The shipped rule sets of plain suits and a melds form of one pair take it.
    const std::string name = rules.name();
    if (listed > 0 &&
        (name == "riichi" || name == "mcr" || name == "sichuan" || name == "taiwan")) {
      CHECK(lister.table_path_forms() > 0);
    }
  }
  // Hand-written readings the table must get in the search's order: pungs or chows, a wait read
  // two ways, nine gates, seven pairs beside melds, declared melds before the suits' groups.
  const RuleSet riichi = load_rules("riichi");
  InterpretationLister lister(riichi);
  const std::uint64_t before = lister.table_path_forms();
  for (const char* text :
       {"11122233m456p11s+3m", "11222333m456p11s+1m", "1122334455667m+7m", "4556m111222333z+5m",
        "45556m11122233z+3z", "1112345678999m+5m", "1112345678999m+1m", "[777z]123m456p789s1s+1s",
        "(2222s)[345p]111m2z+2z", "123m123m123m111z2z+2z", "22334455m666777p"}) {
    INFO(text);
    check_hand(riichi, lister, parse_hand(text, riichi));
  }
  CHECK(lister.table_path_forms() > before);
}

TEST_CASE("listing: stopping early", "[listing]") {
  const RuleSet laizi = load_rules("laizi");
  const RuleSet mcr = load_rules("mcr");  // knitted and singles hands, walked like the rest
  struct Case {
    const RuleSet* rules;
    const char* text;
    bool fast;
  };
  const std::vector<Case> cases = {
      {&laizi, "123456789m*****", true}, {&laizi, "1122334455667m*", true},
      {&laizi, "1112223334445m*", true}, {&mcr, "111222333m456p11s", true},
      {&mcr, "111122223333m11s", true},  {&mcr, "147m258p369s123s11z", true},
      {&mcr, "147m258p369s12345z", true}};
  for (const auto& [rules, text, fast] : cases) {
    InterpretationLister lister(*rules);
    INFO(rules->name() << ": " << text);
    const Hand hand = parse_hand(text, *rules);
    CHECK(lister.lists_without_graph(hand) == fast);
    const std::vector<Interpretation> all = by_cursor(*rules, hand);
    REQUIRE(!all.empty());
    for (const std::size_t stop : {std::size_t{1}, std::size_t{2}, all.size() / 2, all.size()}) {
      if (stop == 0 || stop > all.size()) continue;
      std::vector<Interpretation> seen;
      const std::uint64_t count = lister.list(hand, [&](const Interpretation& interpretation) {
        seen.push_back(interpretation);
        return seen.size() < stop;
      });
      CHECK(count == stop);
      REQUIRE(seen.size() == stop);
      CHECK(std::equal(seen.begin(), seen.end(), all.begin()));
    }
    // A visitor returning nothing sees everything.
    std::uint64_t calls = 0;
    CHECK(lister.list(hand, [&](const Interpretation&) { ++calls; }) == all.size());
    CHECK(calls == all.size());
  }
}

TEST_CASE("listing: hands of many wildcards go through the graph, listed the same", "[listing]") {
  // kGraphWildcards (listing.cpp): from nine concealed wildcards the lister lists through the
  // Decomposition, whose memo prunes the walk's dead ends; below that it walks.
  const RuleSet rules = test::test_rules("bounds_jokers");  // taiwan, sixteen jokers
  InterpretationLister lister(rules);
  for (const char* text : {"111z222z33z44z5z******", "111z222z33z4z*******+*",
                           "111z222z33z*********", "11z22z33z**********+*", "1m****************"}) {
    const Hand hand = parse_hand(text, rules);
    INFO(text);
    CHECK(lister.lists_without_graph(hand) == (hand.wildcard_count() < 9));
    check_hand(rules, lister, hand);
  }
}

TEST_CASE("listing: a Decomposition already built is read when it is of the same hand",
          "[listing]") {
  // InterpretationLister::list's `built` (the analysis's graph, handed on by the scorer): read
  // for a hand the lister would build a graph for, ignored when it is of another hand.
  const RuleSet rules = test::test_rules("bounds_jokers");
  InterpretationLister lister(rules);
  const Hand hand = parse_hand("111z222z33z*********", rules);
  const Hand other = parse_hand("111z222z33z4z*******+*", rules);
  const Decomposition built(rules, hand);
  const Decomposition built_other(rules, other);
  const auto listed_with = [&](const Decomposition* given) {
    std::vector<Interpretation> out;
    const std::uint64_t count = lister.list(
        hand,
        [&](const Interpretation& interpretation) {
          out.push_back(interpretation);
          return true;
        },
        given);
    CHECK(count == out.size());
    return describe_all(out, rules);
  };
  const std::vector<std::string> expected = describe_all(by_cursor(rules, hand), rules);
  REQUIRE_FALSE(expected.empty());
  CHECK(listed_with(&built) == expected);
  CHECK(listed_with(&built_other) == expected);
  CHECK(listed_with(nullptr) == expected);
}

TEST_CASE("listing: the same errors as the Decomposition", "[listing]") {
  const RuleSet laizi = load_rules("laizi");
  InterpretationLister lister(laizi);
  std::vector<Hand> hands;
  for (const char* text : {"123m456p789s1122z", "123m456p789s11z*", "1m", "123m", "1122m"}) {
    hands.push_back(parse_hand(text, laizi));
  }
  // Too many tiles (no parser gives these): 17 concealed, and 14 plus a declared meld.
  Hand big = parse_hand("123456789m123p11s", laizi);
  for (const char* code : {"1z", "2z", "3z"}) ++big.counts[parse_tile(code, laizi)];
  hands.push_back(big);
  Hand declared = parse_hand("123456789m123p11s", laizi);
  declared.melds[declared.meld_count++] = parse_hand("[777z]11m", laizi).melds[0];
  hands.push_back(declared);
  for (const Hand& hand : hands) {
    INFO(format_hand(hand, laizi));
    CHECK_FALSE(lister.lists_without_graph(hand));
    check_hand(laizi, lister, hand);
    CHECK_THROWS_AS(lister.list(hand, [](const Interpretation&) {}), AnalysisError);
  }
  // More kinds of wildcard than classes: the Decomposition's error, through the fallback.
  const RuleSet restricted = test::test_rules("listing_classes");
  InterpretationLister restricted_lister(restricted);
  Hand hand = parse_hand("1m1p1s1z234m456p999s*", restricted);
  hand.wild_tiles = tile_bit(parse_tile("1m", restricted)) |
                    tile_bit(parse_tile("1p", restricted)) |
                    tile_bit(parse_tile("1s", restricted)) | tile_bit(parse_tile("1z", restricted));
  CHECK_FALSE(restricted_lister.lists_without_graph(hand));
  CHECK_THROWS_AS(Decomposition(restricted, hand), AnalysisError);
  check_hand(restricted, restricted_lister, hand);
}

}  // namespace
