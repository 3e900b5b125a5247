// The notation parser: hands, tiles, wildcard choices, formatting and every error path.

#include <catch2/catch.hpp>
#include <string>

#include "meldgraph/error.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"

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
  static const RuleSet rules = load_rules_from_string(
      "name: reds\nextends: basic\ntiles:\n  suits:\n"
      "    - {letter: m, ranks: [1,2,3,4,5,6,7,8,9], sequences: true, red_fives: 1}\n"
      "    - {letter: p, ranks: [1,2,3,4,5,6,7,8,9], sequences: true, red_fives: 1}\n"
      "    - {letter: s, ranks: [1,2,3,4,5,6,7,8,9], sequences: true, red_fives: 1}\n"
      "    - {letter: z, ranks: [1,2,3,4,5,6,7]}\n",
      "reds.yaml");
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
