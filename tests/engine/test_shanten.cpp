// Shanten, waits and improving tiles.
//
// Two kinds of checks:
//   * hand-worked cases: every expected value below was worked out by hand from the rules (the
//     working is in the comments), not taken from the implementation's output;
//   * cross-checks on random hands against two independent oracles:
//       - a slow reference shanten written from the definition: it enumerates every multiset of
//         groups from a catalogue of all the groups the rules allow (pungs, chows, pairs; the set
//         forms' tiles), with branch and bound, and prices each target hand by literally assigning
//         its slots to the tiles held, the wildcards held and draws of copies not held. It shares
//         no code with engine/src/shanten/;
//       - the decomposition engine: a tile is a wait exactly when the hand plus that tile has an
//         interpretation (Decomposition::wins, per form), a drawn wildcard likewise, and a 3n+2
//         hand has shanten -1 exactly when it wins.
//
// Every TEST_CASE is tagged [shanten]. The oracles live in tests/reference/ (shanten.hpp,
// shanten_check.hpp, shanten_hands.hpp); the rule sets in tests/data/rules/. The random hands are
// in test_shanten_random.cpp.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "reference/shanten_check.hpp"
#include "rule_files.hpp"

namespace {

using namespace meldgraph;
using namespace meldgraph::test;
using namespace meldgraph::testref::shanten_check;

TileId tile_of(const RuleSet& rules, const std::string& code) {
  return parse_tile(code, rules);
}

/// Form name -> shanten.
std::map<std::string, int> named(const ShantenResult& result, const RuleSet& rules) {
  std::map<std::string, int> out;
  for (const FormShanten& form : result.by_form) out[rules.forms()[form.form].name] = form.shanten;
  return out;
}

/// Tile code -> (form names, remaining).
std::map<std::string, std::pair<std::set<std::string>, int>> named(const Waits& waits,
                                                                   const RuleSet& rules) {
  std::map<std::string, std::pair<std::set<std::string>, int>> out;
  for (const WaitTile& tile : waits.tiles) {
    std::set<std::string> forms;
    for (const std::size_t f : tile.forms) forms.insert(rules.forms()[f].name);
    out[rules.tile(tile.tile).code] = {forms, tile.remaining};
  }
  return out;
}

/// Tile code -> remaining.
std::map<std::string, int> named(const std::vector<Improvement>& tiles, const RuleSet& rules) {
  std::map<std::string, int> out;
  for (const Improvement& tile : tiles) out[rules.tile(tile.tile).code] = tile.remaining;
  return out;
}

}  // namespace

// =============================================================================================
// Hand-worked cases
// =============================================================================================

TEST_CASE("nine gates waits on every character", "[shanten]") {
  // 111 2345678 999m plus x: x=1 11 123 456 789 999; x=2 111 22 345 678 999; x=3 11 123 345
  // 678 999; x=4 111 234 456 789 99; x=5 111 234 55 678 999; x=6 11 123 456 678 999; x=7 111
  // 234 567 789 99; x=8 111 234 567 88 999; x=9 11 123 456 789 999. Copies left: 1m and 9m are
  // held three times (1 left), 2m-8m once (3 left): 1 + 1 + 7 * 3 = 23.
  for (const char* name : {"basic", "laizi"}) {
    const RuleSet& rules = rules_named(name);
    const Hand hand = parse_hand("1112345678999m", rules);
    CAPTURE(name);
    const Waits waits = compute_waits(rules, hand, nullptr);
    const std::set<std::string> standard = {"standard"};
    std::map<std::string, std::pair<std::set<std::string>, int>> expected;
    for (int rank = 1; rank <= 9; ++rank) {
      expected[std::to_string(rank) + "m"] = {standard, rank == 1 || rank == 9 ? 1 : 3};
    }
    CHECK(named(waits, rules) == expected);
    CHECK(waits.remaining_total == 23);
    CHECK(compute_shanten(rules, hand).shanten == 0);
    // laizi has jokers: a drawn joker can be any of the nine; basic has no wildcards at all.
    CHECK(waits.wildcards_exist == (std::string(name) == "laizi"));
    CHECK(waits.wildcard_completes == (std::string(name) == "laizi"));
  }
}

TEST_CASE("a fifth copy cannot be drawn: four 1m wait on nothing", "[shanten]") {
  // 1111m 234p 567p 789p: the only shape waiting on one tile is 111m + 1m waiting on a fifth 1m.
  // Drawing any other tile X and discarding a 1m leaves 111m X + three chows, waiting on X: so
  // the hand is 1-shanten and every tile but 1m improves it. 7p is held twice (567p, 789p), 2p-6p
  // and 8p-9p once, 1m four times: 136 - 13 = 123 copies left, all on the 33 other kinds.
  const RuleSet& basic = rules_named("basic");
  const Hand hand = parse_hand("1111m234p567p789p", basic);
  CHECK(compute_shanten(basic, hand).shanten == 1);
  CHECK(compute_waits(basic, hand, nullptr).tiles.empty());
  const std::vector<Improvement> improving = improving_tiles(basic, hand, nullptr);
  CHECK(improving.size() == 33);
  int total = 0;
  for (const Improvement& tile : improving) total += tile.remaining;
  CHECK(total == 123);
  CHECK(named(improving, basic).count("1m") == 0);
  CHECK(named(improving, basic).at("7p") == 2);

  // laizi: seven pairs holds 11m 11m (four as two pairs) and 77p, four more pairs to draw from
  // the singles: 3. Thirteen orphans: 1m and 9p held, eleven missing, 1m pairs: 10. Four
  // wildcards: a 3n+1 hand needs one more tile and four wildcards: 3.
  const RuleSet& laizi = rules_named("laizi");
  const Hand same = parse_hand("1111m234p567p789p", laizi);
  CHECK(named(compute_shanten(laizi, same), laizi) ==
        std::map<std::string, int>{
            {"standard", 1}, {"seven_pairs", 3}, {"thirteen_orphans", 10}, {"four_wildcards", 3}});
  const Waits waits = compute_waits(laizi, same, nullptr);
  CHECK(waits.tiles.empty());
  // A drawn joker may be the fifth 1m (exceed_copies: true): 111m 1{1}m + three chows.
  CHECK(waits.wildcard_completes);

  // With exhausted_waits the fifth 1m counts as a wait, with no copy left; shanten is unchanged.
  const RuleSet& exhausted = rules_named("exhausted");
  const Hand again = parse_hand("1111m234p567p789p", exhausted);
  const std::map<std::string, std::pair<std::set<std::string>, int>> fifth = {
      {"1m", {{"standard"}, 0}}};
  CHECK(named(compute_waits(exhausted, again, nullptr), exhausted) == fifth);
  CHECK(compute_shanten(exhausted, again).shanten == 1);
}

TEST_CASE("thirteen orphans: thirteen-sided and single waits", "[shanten]") {
  const RuleSet& rules = rules_named("laizi");
  // One of each orphan: any of the thirteen pairs up; 3 copies left of each: 39.
  const Waits thirteen = compute_waits(rules, parse_hand("19m19p19s1234567z", rules), nullptr);
  CHECK(thirteen.tiles.size() == 13);
  CHECK(thirteen.remaining_total == 39);
  for (const WaitTile& tile : thirteen.tiles) {
    CHECK(tile.forms == std::vector<std::size_t>{2});  // thirteen_orphans only
  }
  // 1m already pairs: only the missing Red dragon completes, all 4 copies left.
  const Waits single = compute_waits(rules, parse_hand("19m19p19s123456z1m", rules), nullptr);
  CHECK(named(single, rules) == std::map<std::string, std::pair<std::set<std::string>, int>>{
                                    {"7z", {{"thirteen_orphans"}, 4}}});
}

TEST_CASE("seven pairs: 1-shanten, and four of a kind as one or two pairs", "[shanten]") {
  const RuleSet& laizi = rules_named("laizi");
  // 11z 22z 33z 44z 55z 6z 7z 1m: five pairs, two more to make from three singles: 1.
  // Standard: honours make no chows; four pungs from four of the pairs (one draw each) and 55z:
  // 3. Thirteen orphans: 1z-7z and 1m held, 9m 1p 9p 1s 9s missing, 11z pairs: 4. Four wildcards:
  // 3. Only a draw pairing 1m, 6z or 7z lowers the best (seven pairs) to 0.
  const Hand pairs = parse_hand("11223344z556z7z1m", laizi);
  CHECK(named(compute_shanten(laizi, pairs), laizi) ==
        std::map<std::string, int>{
            {"standard", 3}, {"seven_pairs", 1}, {"thirteen_orphans", 4}, {"four_wildcards", 3}});
  CHECK(named(improving_tiles(laizi, pairs, nullptr), laizi) ==
        std::map<std::string, int>{{"1m", 3}, {"6z", 3}, {"7z", 3}});

  // 1111m 22p 33p 44s 55s 6z: 1111m is two pairs in laizi, so six pairs and 6z: ready on 6z.
  // Where pairs must differ 1111m gives one pair (two 1m are discarded): five pairs, and two
  // more must come from 6z (one draw) and a new tile (two draws): 14 - 11 kept = 3, shanten 2.
  const Hand four = parse_hand("1111m2233p4455s6z", laizi);
  CHECK(named(compute_shanten(laizi, four), laizi).at("seven_pairs") == 0);
  CHECK(named(compute_waits(laizi, four, nullptr), laizi).at("6z").first.count("seven_pairs") == 1);
  const RuleSet& distinct = rules_named("capped_distinct");
  const Hand four_distinct = parse_hand("1111m2233p4455s6z", distinct);
  CHECK(named(compute_shanten(distinct, four_distinct), distinct).at("seven_pairs") == 2);
}

TEST_CASE("declared melds count towards the size and the copies", "[shanten]") {
  const RuleSet& rules = rules_named("laizi");
  // [777z] + 123m 456p 11s 23s: three concealed melds and a pair to make: 23s waits on 1s
  // (123s, 11s pair; 2 of 1s left) and 4s (234s; 4 left). Seven pairs and thirteen orphans need
  // 14 concealed tiles and do not apply; four wildcards: 3.
  const Hand hand = parse_hand("[777z]123m456p11s23s", rules);
  CHECK(named(compute_waits(rules, hand, nullptr), rules) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{{"1s", {{"standard"}, 2}},
                                                                     {"4s", {{"standard"}, 4}}});
  CHECK(named(compute_shanten(rules, hand), rules) ==
        std::map<std::string, int>{{"standard", 0}, {"four_wildcards", 3}});

  // [1111s] holds every 1s: 23s then waits on 4s only (1s cannot be drawn).
  const Hand kong = parse_hand("[1111s]23s456m789m11p", rules);
  CHECK(named(compute_waits(rules, kong, nullptr), rules) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{{"4s", {{"standard"}, 4}}});
  // Under exhausted_waits 1s completes 123s as well, with nothing left.
  const RuleSet& exhausted = rules_named("exhausted");
  const Hand kong_exhausted = parse_hand("[1111s]23s456m789m11p", exhausted);
  CHECK(named(compute_waits(exhausted, kong_exhausted, nullptr), exhausted) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{{"1s", {{"standard"}, 0}},
                                                                     {"4s", {{"standard"}, 4}}});

  // 17 tiles under basic with two declared melds: [111z][222z] + 123m 456m 789m 11p is complete.
  const RuleSet& basic = rules_named("basic");
  CHECK(compute_shanten(basic, parse_hand("[111z][222z]123m456m789m11p", basic)).shanten == -1);
}

TEST_CASE("wildcards in the hand and drawn", "[shanten]") {
  const RuleSet& rules = rules_named("laizi");
  // 123m 456p 789s + 11z 2z *: the 2z goes with the joker (pair 2{2}z, then 11z + x pungs: x =
  // 1z) or with a drawn 2z (22z pair with 11{1}z, or 2{2}2z... the pung 22{2}z with 11z pair).
  // No other tile: 2z must share a group with the joker or another 2z. 1z: 2 left, 2z: 3 left.
  // A drawn joker: 11z pair + 2{2}{2}z.
  const Hand joker = parse_hand("123m456p789s11z2z*", rules);
  const Waits waits = compute_waits(rules, joker, nullptr);
  const std::map<std::string, std::pair<std::set<std::string>, int>> expected = {
      {"1z", {{"standard"}, 2}}, {"2z", {{"standard"}, 3}}};
  CHECK(named(waits, rules) == expected);
  CHECK(waits.remaining_total == 5);
  CHECK(waits.wildcard_completes);
  CHECK(compute_shanten(rules, joker).shanten == 0);
  // The same with 5m chosen wild instead of a joker; 5m itself is then no natural wait.
  const Hand wild = parse_hand("123m456p789s11z2z5m", rules, parse_wild_choice("5m", rules));
  CHECK(named(compute_waits(rules, wild, nullptr), rules) == expected);
  // A flower is set aside (the hand is still 13 tiles and the same wait), unless flowers are wild:
  // then 1f is the joker.
  CHECK(named(compute_waits(rules, parse_hand("123m456p789s11z2z*5f", rules), nullptr), rules) ==
        expected);
  const RuleSet flowers = test_rules("shanten_flowers");
  const Waits flower = compute_waits(flowers, parse_hand("123m456p789s11z2z1f", flowers), nullptr);
  CHECK(named(flower, flowers) == expected);
  CHECK(flower.wildcard_completes);

  // Four jokers win at once in laizi: every tile completes the 13-tile hand through
  // four_wildcards, so all 34 kinds are waits; as a 3n+1 hand it is ready (shanten 0).
  const Hand four = parse_hand("****1m5p9s1z3z7z2s3p6m", rules);
  const Waits all = compute_waits(rules, four, nullptr);
  CHECK(all.tiles.size() == 34);
  for (const WaitTile& tile : all.tiles) {
    CHECK(std::find(tile.forms.begin(), tile.forms.end(), 3) != tile.forms.end());
  }
  CHECK(named(compute_shanten(rules, four), rules).at("four_wildcards") == 0);
  // Three jokers in a complete-size hand: one wildcard short of the instant win: 0.
  CHECK(named(compute_shanten(rules, parse_hand("***1m5p9s1z3z7z2s3p6m4m8p", rules)), rules)
            .at("four_wildcards") == 0);

  // 1111m + joker: 111m 1{1}m, the joker a fifth 1m: complete when wildcards may exceed the
  // copies. Capped, the joker must stand for another tile x: discard a 1m, draw x: 111m + x{x}:
  // one exchange, shanten 0.
  CHECK(compute_shanten(rules, parse_hand("1111m*", rules)).shanten == -1);
  const RuleSet& capped = rules_named("capped_distinct");
  CHECK(compute_shanten(capped, parse_hand("1111m*", capped)).shanten == 0);
  // 1111m alone (4 tiles): 11m 123m after drawing 2m and 3m for two 1m: 1-shanten; no natural
  // wait; a drawn joker completes only where it may be a fifth 1m.
  CHECK(compute_shanten(rules, parse_hand("1111m", rules)).shanten == 1);
  CHECK(compute_waits(rules, parse_hand("1111m", rules), nullptr).wildcard_completes);
  CHECK_FALSE(compute_waits(capped, parse_hand("1111m", capped), nullptr).wildcard_completes);

  // A form that may not use wildcards discards them: with standard's wildcards: false, the joker
  // of 123m 456p 789s 11z 2z * is dead weight, and 11z 2z need two draws (111z 22z, or 11z 222z):
  // 1-shanten, where laizi said 0.
  const RuleSet no_wild = test_rules("shanten_no_wild");
  CHECK(named(compute_shanten(no_wild, parse_hand("123m456p789s11z2z*", no_wild)), no_wild)
            .at("standard") == 1);
}

TEST_CASE("pair rules and the most wildcards a win may hold", "[shanten]") {
  const RuleSet& laizi = rules_named("laizi");
  const RuleSet& rules = rules_named("two_five_eight");  // pairs 2/5/8, at most one wildcard
  // 123m 456p 789s 11z 23m: in laizi 11z is the pair and 23m waits on 1m and 4m. With the pair on
  // 2, 5 or 8 only, 11z must become a pung: 11z 2m 3m + x is never a meld and a 2-5-8 pair, so
  // nothing completes it; 111z and 22m need 1z and 2m: shanten 1.
  const std::string open_wait = "123m456p789s11z23m";
  CHECK(named(compute_waits(laizi, parse_hand(open_wait, laizi), nullptr), laizi).size() == 2);
  CHECK(compute_waits(rules, parse_hand(open_wait, rules), nullptr).tiles.empty());
  CHECK(named(compute_shanten(rules, parse_hand(open_wait, rules)), rules).at("standard") == 1);

  // 123m 456p 789s 111z *: the joker pairs with any drawn tile in laizi (34 waits, and a drawn
  // joker makes {**}), but here it may only complete a natural 2, 5 or 8: nine waits. Copies
  // left: 2m (in 123m), 5p (456p) and 8s (789s) 3 each, the six others 4: 33. A drawn joker would
  // make a wildcard pair alone and two wildcards in the hand: no.
  const std::string joker = "123m456p789s111z*";
  const Waits wide = compute_waits(laizi, parse_hand(joker, laizi), nullptr);
  CHECK(wide.tiles.size() == 34);
  CHECK(wide.wildcard_completes);
  const Waits narrow = compute_waits(rules, parse_hand(joker, rules), nullptr);
  std::set<std::string> tiles;
  for (const auto& [tile, forms_and_left] : named(narrow, rules)) tiles.insert(tile);
  CHECK(tiles == std::set<std::string>{"2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s"});
  CHECK(narrow.remaining_total == 33);
  CHECK_FALSE(narrow.wildcard_completes);

  // 123m 456p 789s 11z **: laizi waits on anything (11z pair, x** pung): ready. With one wildcard
  // at most, one joker goes; 11z needs a third tile and the pair a natural 2/5/8 (a joker may
  // complete only one of the two while the other joker is discarded): two draws, shanten 1.
  const std::string two_jokers = "123m456p789s11z**";
  CHECK(compute_shanten(laizi, parse_hand(two_jokers, laizi)).shanten == 0);
  CHECK(named(compute_shanten(rules, parse_hand(two_jokers, rules)), rules).at("standard") == 1);
  CHECK(compute_waits(rules, parse_hand(two_jokers, rules), nullptr).tiles.empty());
}

TEST_CASE("small and large hands", "[shanten]") {
  const RuleSet& basic = rules_named("basic");
  // One tile waits on its pair mate; two tiles are a pair (-1) or one exchange from it (0).
  CHECK(named(compute_waits(basic, parse_hand("1m", basic), nullptr), basic) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{{"1m", {{"standard"}, 3}}});
  CHECK(compute_shanten(basic, parse_hand("1m", basic)).shanten == 0);
  CHECK(compute_shanten(basic, parse_hand("11m", basic)).shanten == -1);
  CHECK(compute_shanten(basic, parse_hand("12m", basic)).shanten == 0);
  CHECK(compute_shanten(basic, parse_hand("1m2p", basic)).shanten == 0);
  // Four tiles 1m 3m 5m 7m: one draw would have to complete a meld and a pair from 1357m + x,
  // and no x pairs up while the other three form a meld (x=1: 11 + 357, ...); two draws do
  // (123m 55m): shanten 1.
  CHECK(compute_shanten(basic, parse_hand("1357m", basic)).shanten == 1);
  // 16 tiles: 123 456 789m + 1234567p: 123p 456p 7p waits on 7p, 123p 4p 567p on 4p, 1p 234p
  // 567p on 1p; nothing else makes two melds and a pair of 1234567p + x.
  CHECK(named(compute_waits(basic, parse_hand("123456789m1234567p", basic), nullptr), basic) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{
            {"1p", {{"standard"}, 3}}, {"4p", {{"standard"}, 3}}, {"7p", {{"standard"}, 3}}});
  // 17 tiles: five pungs or three chows of 123m 234m... : 111 222 333 444 555 66m complete.
  CHECK(compute_shanten(basic, parse_hand("11122233344455566m", basic)).shanten == -1);
}

TEST_CASE("visible tiles lower the copies left", "[shanten]") {
  const RuleSet& rules = rules_named("basic");
  const TileCounts visible = parse_visible("1m 55m9m", rules);
  CHECK(visible[tile_of(rules, "1m")] == 1);
  CHECK(visible[tile_of(rules, "5m")] == 2);
  CHECK(visible[tile_of(rules, "9m")] == 1);
  // Nine gates: 1m 4-3-1 = 0, 5m 4-1-2 = 1, 9m 4-3-1 = 0, the six others 3 each: 19. Tiles with
  // nothing left are still waits.
  const Waits waits = compute_waits(rules, parse_hand("1112345678999m", rules), &visible);
  CHECK(waits.tiles.size() == 9);
  CHECK(waits.remaining_total == 19);
  CHECK(named(waits, rules).at("1m").second == 0);
  CHECK(named(waits, rules).at("5m").second == 1);
  const std::vector<Improvement> improving =
      improving_tiles(rules, parse_hand("1112345678999m", rules), &visible);
  CHECK(named(improving, rules).at("5m") == 1);
  // More seen than held and seen together: clamped at 0.
  const TileCounts many = parse_visible("1111m", rules);
  CHECK(named(compute_waits(rules, parse_hand("1112345678999m", rules), &many), rules)
            .at("1m")
            .second == 0);
  CHECK(parse_visible("", rules) == TileCounts{});
}

TEST_CASE("visible tile errors name the column", "[shanten]") {
  const RuleSet& rules = rules_named("basic");
  const struct {
    const char* text;
    const char* message;
    int column;
  } cases[] = {
      {"1m1m1m1m1m", "more visible copies of 1m than the set holds (4)", 9},
      {"1x", "unknown suit 'x'", 2},
      {"12", "tiles '12' have no suit letter", 1},
      {"m", "suit letter 'm' follows no tile digits", 1},
      {"1m*", "jokers are not counted among visible tiles", 3},
      {"0m", "red five '0m' but rule set 'basic' has no red fives in suit 'm'", 1},
      {"8z", "tile 8z is not in rule set 'basic'", 1},
      {"1m #", "unexpected character '#'", 4},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    try {
      (void)parse_visible(c.text, rules);
      FAIL("no error");
    } catch (const NotationError& error) {
      CHECK_THAT(error.what(), Catch::Contains(c.message));
      CHECK(error.column() == c.column);
    }
  }
}

TEST_CASE("hands of other sizes are refused", "[shanten]") {
  const RuleSet& rules = rules_named("basic");
  CHECK_THROWS_WITH(compute_shanten(rules, parse_hand("123m", rules)),
                    Catch::Contains("hand holds 3 tiles"));
  CHECK_THROWS_AS(compute_waits(rules, parse_hand("11m", rules), nullptr), AnalysisError);
  CHECK_THROWS_AS(improving_tiles(rules, parse_hand("123456m", rules), nullptr), AnalysisError);
  // A 3n+1 hand under laizi may hold 13 tiles at most; 14 is a complete size: waits refuse it.
  const RuleSet& laizi = rules_named("laizi");
  CHECK_THROWS_WITH(compute_waits(laizi, parse_hand("123m456p789s11122z", laizi), nullptr),
                    Catch::Contains("waits and improving tiles need 3n+1 tiles"));
}
