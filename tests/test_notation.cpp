// The notation parser: hands, tiles, wildcard choices, formatting and every error path.

#include <catch2/catch.hpp>
#include <string>

#include "meldgraph/error.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"
#include "rule_files.hpp"

using namespace meldgraph;

namespace {

const RuleSet& basic() {
  static const RuleSet rules = load_rules("basic");
  return rules;
}
const RuleSet& laizi() {
  static const RuleSet rules = load_rules("laizi");
  return rules;
}
const RuleSet& riichi_like() {
  static const RuleSet rules = test::test_rules("notation_reds");
  return rules;
}

}  // namespace

TEST_CASE("hands read in MPSZ notation", "[notation]") {
  const RuleSet& rules = basic();
  const Hand hand = parse_hand("123m456p789s1122z", rules);
  CHECK(hand.size(rules) == 13);
  CHECK(hand.counts[rules.find_tile('m', 1)] == 1);
  CHECK(hand.counts[rules.find_tile('z', 2)] == 2);
  CHECK(hand.wildcard_count() == 0);
  CHECK(format_hand(hand, rules) == "123m456p789s1122z");
}

TEST_CASE("spaces may stand anywhere between tiles", "[notation]") {
  const RuleSet& rules = basic();
  CHECK(parse_hand("1 2 3m 456p  7 8 9s", rules) == parse_hand("123m456p789s", rules));
  CHECK(parse_hand("1m1m 1m", rules) == parse_hand("111m", rules));
  CHECK(parse_hand("\t11z ", rules) == parse_hand("11z", rules));
}

TEST_CASE("honours are East South West North White Green Red", "[notation]") {
  const RuleSet& rules = basic();
  CHECK(rules.tile(rules.find_tile('z', 1)).glyph == "\U0001F000");  // East
  CHECK(rules.tile(rules.find_tile('z', 4)).glyph == "\U0001F003");  // North
  CHECK(rules.tile(rules.find_tile('z', 5)).glyph == "\U0001F006");  // White
  CHECK(rules.tile(rules.find_tile('z', 6)).glyph == "\U0001F005");  // Green
  CHECK(rules.tile(rules.find_tile('z', 7)).glyph == "\U0001F004");  // Red
  CHECK(format_hand_unicode(parse_hand("1m9p", rules), rules) == "\U0001F007\U0001F021");
}

TEST_CASE("jokers and bonus tiles", "[notation]") {
  const RuleSet& rules = laizi();
  const Hand hand = parse_hand("123m**1f5f", rules);
  CHECK(hand.jokers == 2);
  CHECK(hand.wildcard_count() == 2);
  // Bonus tiles are set aside: they do not count towards the hand's size.
  CHECK(hand.size(rules) == 5);
  CHECK(format_hand(hand, rules) == "123m15f**");
}

TEST_CASE("red fives count as fives and are remembered", "[notation]") {
  const RuleSet& rules = riichi_like();
  const Hand hand = parse_hand("055m", rules);
  const TileId five = rules.find_tile('m', 5);
  CHECK(hand.counts[five] == 3);
  CHECK(hand.red[five] == 1);
  CHECK(format_hand(hand, rules) == "055m");
}

TEST_CASE("designated wildcard tiles chosen per hand", "[notation]") {
  const RuleSet& rules = laizi();
  const TileMask wild = parse_wild_choice("5m", rules);
  CHECK(wild == tile_bit(rules.find_tile('m', 5)));
  CHECK(parse_wild_choice("5m,7z", rules) ==
        (tile_bit(rules.find_tile('m', 5)) | tile_bit(rules.find_tile('z', 7))));
  const Hand hand = parse_hand("55m123p*", rules, wild);
  CHECK(hand.wildcard_count() == 3);
  CHECK(hand.natural_counts(rules)[rules.find_tile('m', 5)] == 0);
  CHECK_THROWS_AS(parse_wild_choice("5m", basic()), Error);
  CHECK_THROWS_AS(parse_wild_choice("*", rules), NotationError);
}

TEST_CASE("single tiles", "[notation]") {
  const RuleSet& rules = basic();
  CHECK(parse_tile("7z", rules) == rules.find_tile('z', 7));
  CHECK(parse_tile(" 3p", rules) == rules.find_tile('p', 3));
  CHECK_THROWS_AS(parse_tile("12m", rules), NotationError);
  CHECK_THROWS_AS(parse_tile("", rules), NotationError);
}

TEST_CASE("notation errors name the column", "[notation]") {
  struct Case {
    const char* hand;
    const char* message;  // must appear in the error
    int column;
  };
  const Case cases[] = {
      {"1234x", "unknown suit 'x'", 5},
      {"11111m", "5th copy of 1m", 5},
      {"123m 11111p", "5th copy of 1p", 10},
      {"123", "tiles '123' have no suit letter", 1},
      {"123m45", "tiles '45' have no suit letter", 5},
      {"12*3m", "tiles '12' have no suit letter", 1},
      {"m", "suit letter 'm' follows no tile digits", 1},
      {"12m*", "joker '*' is not allowed by rule set 'basic'", 4},
      {"8z", "tile 8z is not in rule set 'basic'", 1},
      {"0m", "red five '0m'", 1},
      {"123m#", "unexpected character '#'", 5},
      {"12M", "unexpected character 'M'", 3},
      {"", "empty hand", 1},
      {"   ", "empty hand", 1},
      {"11112222333344445555666m", "more than 17 tiles", 18},
  };
  for (const Case& c : cases) {
    CAPTURE(c.hand);
    try {
      (void)parse_hand(c.hand, basic());
      FAIL("no error for " << c.hand);
    } catch (const NotationError& error) {
      CHECK_THAT(error.what(), Catch::Contains(c.message));
      CHECK(error.column() == c.column);
      CHECK_THAT(error.what(), Catch::Contains("at column " + std::to_string(c.column)));
    }
  }
}

TEST_CASE("hand size and joker limits of the rule set", "[notation]") {
  const RuleSet& rules = laizi();
  try {
    (void)parse_hand("123m456p789s1122z33z", rules);
    FAIL("15 tiles accepted");
  } catch (const NotationError& error) {
    CHECK(error.column() == 19);
    CHECK_THAT(error.what(), Catch::Contains("more than 14 tiles"));
  }
  CHECK_THROWS_AS(parse_hand("*********", rules), NotationError);  // 9 jokers, the set has 8
  CHECK_NOTHROW(parse_hand("********", rules));
  // Bonus tiles do not count towards the size, but their copies are limited.
  CHECK_NOTHROW(parse_hand("123m456p789s11z22z1f2f3f", rules));
  CHECK_THROWS_AS(parse_hand("1f1f", rules), NotationError);
}

TEST_CASE("declared melds and the winning tile", "[notation]") {
  const RuleSet& rules = laizi();
  const Hand hand = parse_hand("123m11z [777z] (2222s) +1z", rules);
  CHECK(hand.meld_count == 2);
  CHECK(hand.melds[0].kind == GroupKind::pung);
  CHECK(hand.melds[0].declared());
  CHECK_FALSE(hand.melds[0].concealed());
  CHECK(hand.melds[1].kind == GroupKind::kong);
  CHECK(hand.melds[1].concealed());
  CHECK(hand.winning == rules.find_tile('z', 1));
  CHECK(hand.counts[rules.find_tile('z', 1)] == 3);  // the winning tile is a concealed tile
  CHECK(hand.concealed_size(rules) == 6);
  CHECK(hand.size(rules) == 12);  // 6 concealed + 3 per declared meld, a kong counting 3
  CHECK(hand.held_counts()[rules.find_tile('s', 2)] == 4);
  CHECK(format_hand(hand, rules) == "123m11z[777z](2222s)+1z");

  const Hand chow = parse_hand("[534p]11z", rules);
  CHECK(chow.melds[0].kind == GroupKind::chow);
  CHECK(chow.melds[0].tiles[0] == rules.find_tile('p', 3));
  const Hand wild_chow = parse_hand("[3*5p]11z", rules);
  CHECK(wild_chow.melds[0].kind == GroupKind::chow);
  CHECK(wild_chow.melds[0].tiles[1] == rules.find_tile('p', 4));
  CHECK(wild_chow.melds[0].wild_mask == 0b010);
  CHECK(format_hand(wild_chow, rules) == "11z[3*5p]");
  const Hand joker_wins = parse_hand("1m+*", rules);
  CHECK(joker_wins.winning_joker);
  CHECK(joker_wins.winning_is_wildcard());
  CHECK(format_hand(joker_wins, rules) == "1m+*");
}

TEST_CASE("meld and winning tile errors", "[notation]") {
  struct Case {
    const char* hand;
    const char* message;
    int column;
  };
  const Case cases[] = {
      {"[12m", "meld is not closed with ']'", 1},
      {"11m[124m]", "not a meld", 4},
      {"11m[12m]", "a declared meld holds 3 or 4 tiles, not 2", 4},
      {"11m(222m)", "parentheses hold a concealed kong", 4},
      {"11m[1122m]", "a kong is four of one tile", 4},
      {"11m[12p3m]", "a meld's tiles must be of one suit", 8},
      {"11m[***m]", "at least one natural tile", 4},
      {"11m[]", "empty meld", 4},
      {"11m+", "'+' must be followed by the winning tile", 4},
      {"11m+1m2m", "nothing may follow the winning tile", 7},
      {"11m+1m+", "nothing may follow the winning tile", 7},
      {"[111m]1111m1m", "5th copy of 1m", 8},
      {"11m[123z]", "not a meld", 4},
      {"1m]", "unexpected character ']'", 3},
      {"[1[23m]", "unexpected character '['", 3},
  };
  for (const Case& c : cases) {
    CAPTURE(c.hand);
    try {
      (void)parse_hand(c.hand, laizi());
      FAIL("no error for " << c.hand);
    } catch (const NotationError& error) {
      CHECK_THAT(error.what(), Catch::Contains(c.message));
      CHECK(error.column() == c.column);
    }
  }
  // Jokers in declared melds only where the rules allow them.
  CHECK_NOTHROW(parse_hand("[77*z]11m", laizi()));
  CHECK_THROWS_WITH(parse_hand("[77*z]11m", riichi_like()), Catch::Contains("wildcards.in_melds"));
  // Bonus tiles neither meld nor win.
  CHECK_THROWS_WITH(parse_hand("11m+1f", laizi()), Catch::Contains("winning tile"));
}

TEST_CASE("wildcards chosen by an indicator tile", "[notation][indicator]") {
  const RuleSet by_group = test::test_rules("notation_indicator_group");
  const RuleSet by_suit = test::test_rules("notation_indicator_suit");
  const RuleSet tianjin = test::test_rules("notation_tianjin");
  const auto tile = [&](const RuleSet& rules, const char* code) {
    return tile_bit(parse_tile(code, rules));
  };
  struct Case {
    const RuleSet* rules;
    const char* indicator;
    const char* wild;
  };
  const Case cases[] = {
      {&by_group, "4m", "5m"}, {&by_group, "9m", "1m"}, {&by_group, "9s", "1s"},
      {&by_group, "4z", "1z"}, {&by_group, "7z", "5z"}, {&by_group, "3z", "4z"},
      {&by_suit, "4z", "5z"},  {&by_suit, "7z", "1z"},  {&by_suit, "9p", "1p"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.indicator, c.wild);
    CHECK(parse_indicator(c.indicator, *c.rules) == tile(*c.rules, c.wild));
  }
  CHECK(parse_indicator("4m", tianjin) == (tile(tianjin, "4m") | tile(tianjin, "5m")));
  // Explicit cycles in the Chinese order: winds, then the dragons Red -> Green -> White.
  const RuleSet chinese = test::test_rules("notation_cn_cycles");
  CHECK(parse_indicator("7z", chinese) == tile(chinese, "6z"));
  CHECK(parse_indicator("5z", chinese) == tile(chinese, "7z"));
  CHECK(parse_indicator("4z", chinese) == tile(chinese, "1z"));
  CHECK(parse_indicator("9m", chinese) == tile(chinese, "1m"));  // suits still by group/suit
  const RuleSet one_cycle = test::test_rules("notation_one_cycle");
  CHECK(parse_indicator("4z", one_cycle) == tile(one_cycle, "7z"));
  CHECK(parse_indicator("5z", one_cycle) == tile(one_cycle, "1z"));
  CHECK_THROWS_WITH(load_rules_from_string("name: bad\nextends: laizi\n"
                                           "wildcards: {indicator: {cycles: [\"12z\", \"23z\"]}}\n",
                                           "bad.yaml"),
                    Catch::Contains("more than one place"));
  CHECK_THROWS_WITH(load_rules_from_string("name: bad\nextends: laizi\n"
                                           "wildcards: {indicator: {cycles: [\"1z\"]}}\n",
                                           "bad.yaml"),
                    Catch::Contains("needs two tiles"));
  CHECK_THROWS_AS(parse_indicator("4m", laizi()), Error);
  CHECK_THROWS_AS(parse_indicator("1f", by_group), NotationError);
  CHECK_THROWS_AS(parse_indicator("4x", by_group), NotationError);
  // The chosen tiles are wild in the hand.
  const Hand hand = parse_hand("55m123p", by_group, parse_indicator("4m", by_group));
  CHECK(hand.wildcard_count() == 2);
}
