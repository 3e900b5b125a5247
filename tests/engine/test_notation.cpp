// The notation parser: hands, tiles, wildcard choices, formatting and every error path.

#include <catch2/catch.hpp>
#include <string>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/answers/rule_sets.hpp"
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
  const Hand hand = parse_hand("123m99p11z [777z] (2222s) +1z", rules);
  CHECK(hand.meld_count == 2);
  CHECK(hand.melds[0].kind == GroupKind::pung);
  CHECK(hand.melds[0].declared());
  CHECK_FALSE(hand.melds[0].concealed());
  CHECK(hand.melds[1].kind == GroupKind::kong);
  CHECK(hand.melds[1].concealed());
  CHECK(hand.winning == rules.find_tile('z', 1));
  CHECK(hand.counts[rules.find_tile('z', 1)] == 3);  // the winning tile is a concealed tile
  CHECK(hand.concealed_size(rules) == 8);
  CHECK(hand.size(rules) == 14);  // 8 concealed + 3 per declared meld, a kong counting 3
  CHECK(hand.held_counts()[rules.find_tile('s', 2)] == 4);
  CHECK(format_hand(hand, rules) == "123m99p11z[777z](2222s)+1z");

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

TEST_CASE("a NUL or control byte is shown escaped, not cutting the message", "[notation]") {
  using namespace std::string_literals;
  try {
    (void)parse_hand("12m\0x"s, laizi());
    FAIL("NUL accepted");
  } catch (const NotationError& error) {
    CHECK(std::string(error.what()) == "unexpected character '\\0' at column 4");
  }
  CHECK_THROWS_WITH(parse_hand("1m\x01", laizi()), "unexpected character '\\x01' at column 3");
  CHECK_THROWS_WITH(parse_hand("1m\xff", laizi()), "unexpected character '\\xff' at column 3");
  // Well-formed UTF-8 is shown as it is.
  CHECK_THROWS_WITH(parse_hand("1m\xe4\xb8\xad", laizi()),
                    "unexpected character '\xe4\xb8\xad' at column 3");
}

TEST_CASE("'+' takes exactly one tile, and only on a complete-size hand", "[notation]") {
  const RuleSet& rules = laizi();
  // 11m+123m once read as 1112m+3m: the second digit after '+' is the error.
  CHECK_THROWS_WITH(parse_hand("11m+123m", rules),
                    "'+' takes exactly one winning tile; write the others before it at column 6");
  CHECK_THROWS_WITH(parse_hand("11m+1m1m", rules), Catch::Contains("nothing may follow"));
  // A winning tile on a hand of 3n+1 or 3n tiles (with it) is a mistake, named at the '+'.
  CHECK_THROWS_WITH(parse_hand("123m456p789s111z+1z", rules),
                    "a hand with a winning tile '+' holds 3n+2 tiles with it, this one 13 at "
                    "column 17");
  CHECK_THROWS_WITH(parse_hand("11m+1m", rules), Catch::Contains("this one 3 at column 4"));
  CHECK_NOTHROW(parse_hand("1m+1m", rules));
  // The kong example of docs/notation.md (once 123m...(1111m), a fifth 1m): 11 concealed tiles
  // with the winning one, and the kong counting three.
  const Hand kong = parse_hand("234m456p789s1z(1111m)+1z", rules);
  CHECK(kong.size(rules) == 14);
}

TEST_CASE("declared melds keep their source, added kongs and red fives", "[notation]") {
  const RuleSet& rules = riichi_like();
  const TileId five_m = rules.find_tile('m', 5);
  const Hand hand = parse_hand("1z [34-0m] [777=z] [1111+p] [555=5s] +1z", rules);
  REQUIRE(hand.meld_count == 4);
  CHECK(hand.melds[0].kind == GroupKind::chow);
  CHECK(hand.melds[0].source() == MeldSource::left);
  CHECK(hand.meld_red[0] == 0b100);  // the chow's five slot
  CHECK(hand.red[five_m] == 1);
  CHECK(hand.melds[1].source() == MeldSource::across);
  CHECK_FALSE(hand.melds[1].added_kong());
  CHECK(hand.melds[2].kind == GroupKind::kong);
  CHECK(hand.melds[2].source() == MeldSource::right);
  CHECK_FALSE(hand.melds[2].added_kong());  // marker after the fourth tile: claimed as a kong
  CHECK(hand.melds[3].kind == GroupKind::kong);
  CHECK(hand.melds[3].added_kong());  // marker after the third: the pung, then the added tile
  CHECK(hand.melds[3].source() == MeldSource::across);
  // The claimed tile: the one the marker follows (4m of the chow; a kong's marker after its
  // fourth tile; an added kong's after the pung's third).
  CHECK(hand.claimed_slot(0) == 1);
  CHECK(hand.claimed_slot(1) == 2);
  CHECK(hand.claimed_slot(2) == 3);
  CHECK(hand.claimed_slot(3) == 2);
  CHECK(format_hand(hand, rules) == "1z[34-0m][777=z][1111+p][555=5s]+1z");
  // Written back, it reads the same.
  CHECK(parse_hand(format_hand(hand, rules), rules) == hand);
  // A chow written out of order keeps its claimed tile, written back in rank order; a pung's
  // marker stays where it was written; no marker, no claimed slot.
  const Hand unordered = parse_hand("[53-4m][7=77z][123m]11z", rules);
  CHECK(unordered.claimed_slot(0) == 0);
  CHECK(unordered.claimed_slot(1) == 0);
  CHECK(unordered.claimed_slot(2) == -1);
  CHECK(format_hand(unordered, rules) == "11z[3-45m][7=77z][123m]");
  CHECK(parse_hand(format_hand(unordered, rules), rules) == unordered);
  // A joker may be the claimed tile: its slot is where it stands.
  const Hand joker = parse_hand("[3*-5m]11z", laizi());
  CHECK(joker.claimed_slot(0) == 1);
  CHECK(format_hand(joker, laizi()) == "11z[3*-5m]");
  // Without a marker the source is unknown; red fives of a pung take its first slots.
  const Hand pung = parse_hand("[505m]11z", rules);
  CHECK(pung.melds[0].source() == MeldSource::unknown);
  CHECK(pung.meld_red[0] == 0b001);
  CHECK(format_hand(pung, rules) == "11z[055m]");
  // A red five in a meld is not also written among the concealed tiles.
  CHECK(format_hand(parse_hand("5m[055m]", rules), rules) == "5m[055m]");
  CHECK(format_hand(parse_hand("0m[555m]", rules), rules) == "0m[555m]");
  // The winning tile's redness is kept (Hand::winning_red): `5m+0m` won on the red five, `0m+5m`
  // on a plain one beside it; each is written back as given.
  CHECK(format_hand(parse_hand("1m+0m", rules), rules) == "1m+0m");
  const Hand red_won = parse_hand("5m+0m", rules);
  const Hand plain_won = parse_hand("0m+5m", rules);
  CHECK(red_won.winning_red);
  CHECK_FALSE(plain_won.winning_red);
  CHECK(red_won.red == plain_won.red);
  CHECK_FALSE(red_won == plain_won);
  CHECK(format_hand(red_won, rules) == "5m+0m");
  CHECK(format_hand(plain_won, rules) == "0m+5m");
}

TEST_CASE("source marker errors", "[notation]") {
  struct Case {
    const char* hand;
    const char* message;
    int column;
  };
  const Case cases[] = {
      {"11z[3-4-5m]", "a meld has one source marker", 8},
      {"11z[-345m]", "a source marker follows the digit of the claimed tile", 5},
      {"11z(1111-m)", "a concealed kong was claimed from no one", 9},
      {"11z[34=5m]", "a chow is claimed from the previous player only", 7},
      {"11z[345m]-", "unexpected character '-'", 10},
  };
  for (const Case& c : cases) {
    CAPTURE(c.hand);
    try {
      (void)parse_hand(c.hand, riichi_like());
      FAIL("no error for " << c.hand);
    } catch (const NotationError& error) {
      CHECK_THAT(error.what(), Catch::Contains(c.message));
      CHECK(error.column() == c.column);
    }
  }
}

TEST_CASE("wildcards in declared melds are counted apart", "[notation]") {
  const Hand hand = parse_hand("[77*z]123m456p789s1z+1z", laizi());
  CHECK(hand.wildcard_count() == 0);
  CHECK(hand.declared_wildcard_count() == 1);
}

TEST_CASE("majiang-core and Tenhou notations read through the one parser", "[notation]") {
  const RuleSet& rules = riichi_like();
  // majiang-core: suit first, the last concealed tile of a 3n+2 hand is the drawn (winning) one,
  // melds after commas with the source marker after the claimed tile.
  const Hand majiang = parse_hand("m345p40677s67s8,m34-0", rules, 0, Notation::majiang);
  CHECK(majiang == parse_hand("345m40677p67s[34-0m]+8s", rules));
  CHECK(rewrite_notation("m345p40677s67s8,m34-0", Notation::majiang).text ==
        "345m40677p67s[34-0m]+8s");
  // Pung, open kong, added kong, concealed kong (four without a marker); a trailing comma after
  // a call: no drawn tile; `*` (riichi) is not part of the hand.
  CHECK(rewrite_notation("z11,p555=,s5555+,m555=5,p1111,", Notation::majiang).text ==
        "11z[555=p][5555+s][555=5m](1111p)");
  CHECK(rewrite_notation("m123p456s789z1122*", Notation::majiang).text == "123m456p789s1122z");
  CHECK(rewrite_notation("m123p456s789z11222", Notation::majiang).text == "123m456p789s1122z+2z");
  // Errors name the column of the text as given.
  struct Case {
    const char* hand;
    const char* message;
    int column;
  };
  const Case cases[] = {
      {"123m", "tile digits before their suit letter", 1},
      {"m12x", "unexpected character 'x'", 4},
      {"m1_", "a face-down tile '_'", 3},
      {"m11,,p123-", "empty meld", 5},
      {"m11111", "5th copy of 1m", 6},
      {"m11,p12-", "a declared meld holds 3 or 4 tiles, not 2", 5},
      {"z1,m1-23", "", 0},
  };
  for (const Case& c : cases) {
    CAPTURE(c.hand);
    if (c.column == 0) {
      CHECK_NOTHROW(parse_hand(c.hand, rules, 0, Notation::majiang));
      continue;
    }
    try {
      (void)parse_hand(c.hand, rules, 0, Notation::majiang);
      FAIL("no error for " << c.hand);
    } catch (const NotationError& error) {
      CHECK_THAT(error.what(), Catch::Contains(c.message));
      CHECK(error.column() == c.column);
    }
  }
  // Plain Tenhou MPSZ: digits and m p s z only.
  CHECK(parse_hand("123m456p789s11122z", rules, 0, Notation::tenhou) ==
        parse_hand("123m456p789s11122z", rules));
  CHECK_THROWS_WITH(parse_hand("123m[456p]", rules, 0, Notation::tenhou),
                    Catch::Contains("plain Tenhou notation") && Catch::Contains("column 5"));
  CHECK_THROWS_WITH(parse_hand("11m+1m", rules, 0, Notation::tenhou), Catch::Contains("'+'"));
  CHECK(notation_from_name("majiang") == Notation::majiang);
  CHECK_THROWS_WITH(notation_from_name("mjai"), Catch::Contains("meldgraph, majiang or tenhou"));
}

TEST_CASE("loose tiles", "[notation]") {
  const RuleSet& rules = riichi_like();
  const std::vector<TileId> tiles = parse_tiles("4s,1z 0p", rules);
  REQUIRE(tiles.size() == 3);
  CHECK(tiles[0] == rules.find_tile('s', 4));
  CHECK(tiles[2] == rules.find_tile('p', 5));
  CHECK_THROWS_WITH(parse_tiles("4s*", laizi()), Catch::Contains("not a joker"));
}
