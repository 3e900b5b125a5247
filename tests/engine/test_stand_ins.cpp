// Restricted wildcard stand-ins (wildcards.stand_ins): rule loading, hand-counted
// interpretations, and random hands whose win is cross-checked against a brute force that
// replaces every wildcard by each tile it may stand for, and whose shanten and waits are
// cross-checked against the search (tests/engine/test_shanten.cpp's checks, repeated here
// compactly). Every TEST_CASE is tagged [stand_ins].

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "rule_files.hpp"
#include "test_scale.hpp"

using namespace meldgraph;
using meldgraph::test::kScale;

namespace {

/// tests/data/rules/NAME.yaml.
RuleSet load(const char* name) {
  return test::test_rules(name);
}

/// Interpretations by form name.
std::map<std::string, std::uint64_t> counts(const RuleSet& rules, const Hand& hand) {
  std::map<std::string, std::uint64_t> out;
  const Decomposition decomposition(rules, hand);
  for (const FormGraph& graph : decomposition.graphs()) {
    if (!graph.empty()) out[rules.forms()[graph.form()].name] = graph.path_count();
  }
  return out;
}

/// Brute force: whether some replacement of every concealed wildcard by a tile it may stand for
/// (within the copies when they are capped) gives a hand that wins with natural tiles only.
bool brute_force_wins(const RuleSet& rules, const Hand& hand) {
  const WildcardClasses classes = wildcard_classes(rules, hand);
  Hand natural = hand;
  natural.jokers = 0;
  natural.winning = kNoTile;
  natural.winning_joker = false;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) natural.counts[t] = 0;
  }
  natural.wild_tiles = 0;
  const TileCounts held = hand.held_counts();
  std::vector<int> slots;  // class of each wildcard
  for (int c = 0; c < classes.count; ++c) {
    for (int k = 0; k < classes.held[static_cast<std::size_t>(c)]; ++k) slots.push_back(c);
  }
  const std::function<bool(std::size_t, TileId)> place = [&](std::size_t i, TileId from) {
    if (i == slots.size()) return Decomposition(rules, natural).wins();
    // Wildcards of one class take tiles in non-decreasing order (multisets only).
    const TileId start = i > 0 && slots[i] == slots[i - 1] ? from : 0;
    for (TileId t = start; t < rules.meldable_count(); ++t) {
      if ((classes.masks[static_cast<std::size_t>(slots[i])] & tile_bit(t)) == 0) continue;
      const bool wild_kind = (hand.wild_tiles & tile_bit(t)) != 0;
      const int natural_held = wild_kind ? 0 : held[t];
      if (!rules.wildcards().exceed_copies &&
          natural.counts[t] - hand.natural_counts(rules)[t] + natural_held + 1 >
              rules.tile(t).copies) {
        continue;
      }
      ++natural.counts[t];
      const bool wins = place(i + 1, t);
      --natural.counts[t];
      if (wins) return true;
    }
    return false;
  };
  return place(0, 0);
}

/// A few consecutive tile kinds from a random start, and the White dragon where the set has one:
/// hands dealt from it often win.
std::vector<TileId> window_pool(const RuleSet& rules, RandomDraws& rng, std::size_t kinds) {
  std::vector<TileId> pool;
  const auto window = static_cast<TileId>(rng.below(rules.meldable_count() - kinds));
  for (TileId t = window; t < rules.meldable_count() && pool.size() < kinds; ++t) pool.push_back(t);
  if (rules.find_tile('z', 5) != kNoTile) pool.push_back(rules.find_tile('z', 5));
  return pool;
}

/// Appends `count` random tiles of `pool` to `text`, at most four of a kind.
void deal(const RuleSet& rules, RandomDraws& rng, const std::vector<TileId>& pool, int count,
          std::string& text) {
  TileCounts taken{};
  while (count > 0) {
    const TileId t = pool[rng.below(pool.size())];
    if (taken[t] >= 4) continue;
    ++taken[t];
    --count;
    text += rules.tile(t).code;
  }
}

}  // namespace

TEST_CASE("stand_ins: rules load, resolve and dump", "[stand_ins]") {
  const RuleSet honours = load("honour_wild");
  CHECK(honours.wildcards().restricted);
  const TileId white = honours.find_tile('z', 5);
  TileMask expected = 0;
  for (int rank = 1; rank <= 7; ++rank) expected |= tile_bit(honours.find_tile('z', rank));
  CHECK(honours.wildcards().tile_stand_ins[white] == expected);
  const RuleSet same = load("same_rank_wild");
  const TileId five = same.find_tile('m', 5);
  CHECK(same.wildcards().tile_stand_ins[five] ==
        (tile_bit(five) | tile_bit(same.find_tile('p', 5)) | tile_bit(same.find_tile('s', 5))));
  CHECK(same.wildcards().tile_stand_ins[same.find_tile('z', 3)] ==
        tile_bit(same.find_tile('z', 3)));
  // The dump loads back to the same masks.
  const RuleSet again = load_rules_from_string(dump_rules(same), "dump.yaml");
  CHECK(again.wildcards().tile_stand_ins == same.wildcards().tile_stand_ins);
  CHECK(again.wildcards().joker_stand_ins == same.wildcards().joker_stand_ins);
  // Unrestricted rule sets stay unrestricted.
  CHECK_FALSE(load_rules("laizi").wildcards().restricted);
}

TEST_CASE("stand_ins: bad entries name the place", "[stand_ins]") {
  const auto error_of = [](const std::string& yaml) {
    try {
      (void)load_rules_from_string(yaml, "bad.yaml");
    } catch (const RuleError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  const std::string head = "name: x\nextends: basic\nwildcards:\n  jokers: 2\n  stand_ins:\n";
  CHECK_THAT(error_of(head + "    joker: same_rank\n"),
             Catch::Contains("bad.yaml:6:12") && Catch::Contains("needs a tile face"));
  CHECK_THAT(error_of(head + "    joker: \"8m\"\n  tiles: [5z]\n    5z: eights\n"),
             Catch::Contains("bad.yaml"));
  CHECK_THAT(error_of(head + "    joker: 1q\n"), Catch::Contains("neither a set name"));
  CHECK_THAT(error_of(head + "    12m: any\n"), Catch::Contains("one tile code"));
  CHECK_THAT(error_of(head + "    joker: any\n  max_in_win: 2\n"),
             Catch::Contains("no error"));  // unrestricted: fine
  CHECK_THAT(error_of(head + "    joker: winds\n  max_in_win: 2\n"), Catch::Contains("max_in_win"));
  CHECK_THAT(error_of("name: x\nextends: basic\nwildcards:\n  stand_ins: {joker: any}\n"),
             Catch::Contains("no jokers"));
}

TEST_CASE("stand_ins: hand-counted interpretations", "[stand_ins]") {
  const RuleSet rules = load("honour_wild");
  const auto count = [&](const char* text) { return counts(rules, parse_hand(text, rules)); };
  // 5z may be a wind or a dragon only. 123 456 789m (only chows), 11z, 2z and two wild 5z: the
  // wilds make 11{1}z + 2{2}z or 11z + 2{2}{2}z; they cannot reach the characters: 2.
  CHECK(count("123456789m112z55z") == std::map<std::string, std::uint64_t>{{"standard", 2}});
  // Jokers instead: the same two, and a joker with the characters leaves 10 or 11 of them, which
  // the honours 112z cannot complete: 2.
  CHECK(count("123456789m112z**") == std::map<std::string, std::uint64_t>{{"standard", 2}});
  // 5z can not be a number: 12m + 5z is no chow; with a joker it is: 12m{3} only.
  CHECK(count("12m5z456p789p111s22s")["standard"] == 0);
  CHECK(count("12m*456p789p111s22s")["standard"] == 1);
  // Two wild 5z alone after the naturals: a concrete pair of any wind or dragon (seven kinds)
  // beside 123m456m789m + 111s (no 5z can join a suit): 7 readings.
  CHECK(count("123456789m111s55z")["standard"] == 7);
  // One 5z and one joker alone: 5z's kind (7 choices) paired with the joker: 7.
  CHECK(count("123456789m111s5z*")["standard"] == 7);
  // The classes show in the text: the joker is class 0, the 5z class 1 ("b").
  {
    const Hand hand = parse_hand("123456789m111s5z*", rules);
    const Decomposition decomposition(rules, hand);
    std::vector<std::string> pairs;
    Interpretation interpretation;
    for (InterpretationCursor cursor = decomposition.interpretations();
         cursor.next(interpretation);) {
      pairs.push_back(format_group(interpretation.groups.back(), rules));
    }
    CHECK(pairs == std::vector<std::string>{"{1}{1b}z", "{2}{2b}z", "{3}{3b}z", "{4}{4b}z",
                                            "{5}{5b}z", "{6}{6b}z", "{7}{7b}z"});
  }
}

TEST_CASE("stand_ins: random hands win exactly when a brute-force replacement wins",
          "[stand_ins]") {
  RandomDraws rng(4242);
  int wins = 0;
  int hands = 0;
  for (const char* name : {"honour_wild", "same_rank_wild", "sichuan_jokers"}) {
    const RuleSet rules = load(name);
    const bool per_hand = rules.wildcards().per_hand;
    for (int i = 0; i < 700 / kScale; ++i) {
      // Sizes 5, 8, 11 (14 where the rules allow); hands drawn from a few tiles so they often win.
      const int size = 5 + 3 * static_cast<int>(rng.below(rules.hand_tiles() >= 14 ? 4 : 3));
      std::string text;
      const int wild = static_cast<int>(rng.below(4));
      const std::vector<TileId> pool = window_pool(rules, rng, 9);
      int placed = 0;
      int jokers = 0;
      for (int k = 0; k < wild && jokers < 2; ++k, ++jokers, ++placed) text += '*';
      deal(rules, rng, pool, size - placed, text);
      TileMask choice = 0;
      if (per_hand && rng.below(2) == 0) choice = tile_bit(pool[rng.below(pool.size())]);
      const Hand hand = parse_hand(text, rules, choice);
      CAPTURE(text, choice);
      const bool engine = Decomposition(rules, hand).wins();
      CHECK(engine == brute_force_wins(rules, hand));
      // Shanten -1 exactly when the hand wins; a 3n+1 hand less one tile is ready for it.
      CHECK((compute_shanten(rules, hand).shanten == -1) == engine);
      ++hands;
      wins += engine ? 1 : 0;
    }
  }
  CHECK(wins > hands / 10);
}

TEST_CASE("stand_ins: waits of random ready hands match the search", "[stand_ins]") {
  RandomDraws rng(777);
  int ready = 0;
  for (const char* name : {"honour_wild", "same_rank_wild", "sichuan_jokers"}) {
    const RuleSet rules = load(name);
    for (int i = 0; i < 300 / kScale; ++i) {
      std::string text;
      const int size = rules.hand_tiles() >= 14 ? 13 : 10;
      const std::vector<TileId> pool = window_pool(rules, rng, 8);
      int placed = 0;
      for (; placed < static_cast<int>(rng.below(3)); ++placed) text += '*';
      deal(rules, rng, pool, size - placed, text);
      const TileMask choice =
          rules.wildcards().per_hand ? tile_bit(pool[rng.below(pool.size())]) : 0;
      const Hand hand = parse_hand(text, rules, choice);
      CAPTURE(text, choice);
      const Waits waits = compute_waits(rules, hand, nullptr);
      std::vector<TileId> got;
      for (const WaitTile& wait : waits.tiles) got.push_back(wait.tile);
      std::vector<TileId> expected;
      const TileCounts held = hand.held_counts();
      for (TileId t = 0; t < rules.meldable_count(); ++t) {
        if ((hand.wild_tiles & tile_bit(t)) != 0 || held[t] >= rules.tile(t).copies) continue;
        Hand drawn = hand;
        ++drawn.counts[t];
        if (Decomposition(rules, drawn).wins()) expected.push_back(t);
      }
      CHECK(got == expected);
      const int shanten = compute_shanten(rules, hand).shanten;
      CHECK((shanten == 0) == !expected.empty());
      ready += expected.empty() ? 0 : 1;
    }
  }
  CHECK(ready > 60 / kScale);
}
