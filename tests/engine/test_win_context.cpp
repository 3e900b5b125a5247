// The hand's situation: the one context parser, its writer, and every error path.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/answers/rule_sets.hpp"

using namespace meldgraph;
using nlohmann::json;

namespace {

const RuleSet& riichi() {
  static const RuleSet rules = load_rules("riichi");
  return rules;
}
const RuleSet& flowers_rules() {
  static const RuleSet rules = load_rules("hongkong");
  return rules;
}

}  // namespace

TEST_CASE("a context reads every field", "[context]") {
  const RuleSet& rules = riichi();
  const json object = json::parse(R"({"hand": "345m40677p67s [340m] +8s", "win": "discard",
      "from": "across", "seat_wind": "N", "round_wind": "S", "riichi": true, "ippatsu": true,
      "last_tile": true, "last_of_kind": true, "dora": ["4s", "1z"], "ura": "3p",
      "honba": 2, "riichi_sticks": 1})");
  const WinContext context = parse_win_context(object, rules);
  CHECK(context.win == WinKind::discard);
  CHECK(context.from == MeldSource::across);
  CHECK(context.seat_wind == Wind::north);
  CHECK(context.round_wind == Wind::south);
  CHECK_FALSE(context.dealer());
  CHECK(context.riichi);
  CHECK(context.ippatsu);
  CHECK(context.last_tile);
  CHECK(context.last_of_kind);
  CHECK_FALSE(context.after_kong);
  REQUIRE(context.dora.size() == 2);
  CHECK(context.dora[0] == rules.find_tile('s', 4));
  CHECK(context.dora[1] == rules.find_tile('z', 1));
  REQUIRE(context.ura.size() == 1);
  CHECK(context.ura[0] == rules.find_tile('p', 3));
  CHECK(context.honba == 2);
  CHECK(context.riichi_sticks == 1);
  // Written out, it reads back to the same value.
  CHECK(parse_win_context(win_context_to_json(context, rules), rules) == context);
  CHECK(format_win_context(context, rules) ==
        "discard from across, seat N, round S, riichi, ippatsu, last tile, last of kind, dora 4s "
        "1z, ura 3p, honba 2, riichi sticks 1");
}

TEST_CASE("context defaults and implications", "[context]") {
  const RuleSet& rules = riichi();
  const WinContext plain = parse_win_context(json::object(), rules);
  CHECK(plain == WinContext{});
  CHECK(plain.dealer());
  CHECK(win_context_to_json(plain, rules).count("from") == 0);
  CHECK(format_win_context(plain, rules) == "self-draw, seat E, round E");
  // `from` or robbing a kong without `win`: a discard; double riichi is a riichi.
  CHECK(parse_win_context(json{{"from", "left"}}, rules).win == WinKind::discard);
  CHECK(parse_win_context(json{{"robbing_kong", true}}, rules).win == WinKind::discard);
  CHECK(parse_win_context(json{{"double_riichi", true}}, rules).riichi);
  CHECK(parse_win_context(json{{"double_riichi", true}, {"ippatsu", true}}, rules).ippatsu);
}

TEST_CASE("flowers as tiles or a count", "[context]") {
  const RuleSet& rules = flowers_rules();
  const WinContext tiles = parse_win_context(json{{"flowers", "5f1f"}}, rules);
  CHECK(tiles.flower_count == 2);
  REQUIRE(tiles.flower_tiles.size() == 2);
  CHECK(tiles.flower_tiles[0] == rules.find_tile('f', 1));  // sorted
  CHECK(parse_win_context(win_context_to_json(tiles, rules), rules) == tiles);
  const WinContext count = parse_win_context(json{{"flowers", 3}}, rules);
  CHECK(count.flower_count == 3);
  CHECK(count.flower_tiles.empty());
  CHECK(parse_win_context(win_context_to_json(count, rules), rules) == count);
  CHECK_THROWS_WITH(parse_win_context(json{{"flowers", 9}}, rules),
                    Catch::Contains("field 'flowers': expected a count from 0 to 8"));
  CHECK_THROWS_WITH(parse_win_context(json{{"flowers", "1f1f"}}, rules),
                    "field 'flowers': more than 1 of 1f");
  CHECK_THROWS_WITH(parse_win_context(json{{"flowers", "1m"}}, rules),
                    "field 'flowers': 1m is not a bonus tile");
  CHECK_THROWS_WITH(parse_win_context(json{{"flowers", 1}}, riichi()),
                    Catch::Contains("from 0 to 0"));
}

TEST_CASE("every context error names its field", "[context]") {
  struct Case {
    const char* object;
    const char* field;
    const char* message;
  };
  const Case cases[] = {
      {R"({"colour": 1})", "colour", "unknown field; the fields are hand, win, from"},
      {R"({"win": "tsumo"})", "win", "\"tsumo\" is not one of self-draw, discard"},
      {R"({"win": 1})", "win", "1 is not one of self-draw, discard"},
      {R"({"from": "north"})", "from", "is not one of left, across, right"},
      {R"({"seat_wind": "e"})", "seat_wind", "\"e\" is not one of E, S, W, N"},
      {R"({"round_wind": null})", "round_wind", "null is not one of E, S, W, N"},
      {R"({"riichi": 1})", "riichi", "expected true or false, not 1"},
      {R"({"last_of_kind": "yes"})", "last_of_kind", "expected true or false"},
      {R"({"dora": 4})", "dora", "expected tiles"},
      {R"({"dora": ["4s1z"]})", "dora", "each element is one tile"},
      {R"({"dora": [4]})", "dora", "expected a tile such as"},
      {R"({"dora": ["4x"]})", "dora", "unknown suit 'x' at column 2"},
      {R"({"dora": "1m2m3m4m5m6m"})", "dora", "at most 5 indicators"},
      {R"({"riichi": true, "ura": ["*"]})", "ura", "not a joker"},
      {R"({"honba": -1})", "honba", "expected a whole number from 0 to 65535, not -1"},
      {R"({"honba": 1.5})", "honba", "expected a whole number"},
      {R"({"riichi_sticks": 70000})", "riichi_sticks", "expected a whole number"},
      {R"({"win": "self-draw", "from": "left"})", "from", "a self-drawn win has no discarder"},
      {R"({"win": "self-draw", "robbing_kong": true})", "robbing_kong", "not a self-draw"},
      {R"({"win": "discard", "after_kong": true})", "after_kong", "which is drawn"},
      {R"({"win": "self-draw", "after_kong_discard": true})", "after_kong_discard",
       "is not a self-draw"},
      {R"({"robbing_kong": true, "after_kong_discard": true})", "after_kong_discard", "not both"},
      {R"({"ippatsu": true})", "ippatsu", "needs riichi"},
      {R"({"ura": ["1m"]})", "ura", "needs riichi"},
      {R"({"double_riichi": true, "riichi": false})", "riichi", "false with double_riichi"},
      {R"({"riichi": true, "first_draw": true})", "first_draw", "before the first draw"},
      {R"({"win": "discard", "robbing_gold": true})", "robbing_gold", "not a discard"},
      {R"({"robbing_gold": true, "first_draw": true})", "robbing_gold", "with first_draw"},
      {R"([1, 2])", "", "a context is a JSON object"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.object);
    try {
      (void)parse_win_context(json::parse(c.object), riichi());
      FAIL("no error for " << c.object);
    } catch (const ContextError& error) {
      CHECK(error.field() == c.field);
      CHECK_THAT(error.what(), Catch::StartsWith("field '" + std::string(c.field) + "': "));
      CHECK_THAT(error.what(), Catch::Contains(c.message));
    }
  }
}

TEST_CASE("indicators and the hand share the copies", "[context]") {
  const RuleSet& rules = riichi();
  const Hand hand = parse_hand("1111m234p567p89p5s+5s", rules);
  const WinContext fine = parse_win_context(json{{"dora", "9p"}}, rules);
  CHECK_NOTHROW(check_win_context(fine, hand, rules));
  const WinContext fifth = parse_win_context(json{{"dora", "1m"}}, rules);
  CHECK_THROWS_WITH(check_win_context(fifth, hand, rules),
                    Catch::StartsWith("field 'dora': indicator 1m would be copy 5 of 4"));
  const WinContext shared =
      parse_win_context(json{{"riichi", true}, {"dora", "5s5s"}, {"ura", "5s"}}, rules);
  CHECK_THROWS_WITH(check_win_context(shared, hand, rules), Catch::StartsWith("field 'ura'"));
}

TEST_CASE("a robbed kong's pung takes three copies of the winning tile", "[context]") {
  const RuleSet& rules = riichi();
  const WinContext robbing = parse_win_context(json{{"robbing_kong", true}}, rules);
  // The winner holds only the robbed copy: the other three are the pung it was added to.
  CHECK_NOTHROW(check_win_context(robbing, parse_hand("123m456p99s34s[789s]+5s", rules), rules));
  // Two 6z besides the winning one: with the pung's three that would be six copies.
  CHECK_THROWS_WITH(
      check_win_context(robbing, parse_hand("111p11222444z66z+6z", rules), rules),
      Catch::StartsWith("field 'robbing_kong': a kong robbed of 6z holds 3 more of its 4 copies, "
                        "but the hand and the indicators hold 3 with the winning tile"));
  // A dora indicator showing the robbed tile is a copy too.
  const WinContext shown = parse_win_context(json{{"robbing_kong", true}, {"dora", "5s"}}, rules);
  CHECK_THROWS_WITH(check_win_context(shown, parse_hand("123m456p99s34s[789s]+5s", rules), rules),
                    Catch::Contains("hold 2 with the winning tile"));
}

TEST_CASE("flags checked against the declared melds", "[context]") {
  const RuleSet& rules = riichi();
  struct Case {
    const char* hand;
    json context;
    const char* field;  ///< "" when the context fits the hand
  };
  const std::vector<Case> cases = {
      // Riichi needs a closed hand: a concealed kong keeps it closed, a claimed meld does not.
      {"345m40677p67s[340m]+8s", json{{"riichi", true}}, "riichi"},
      {"345m40677p67s[340m]+8s", json{{"double_riichi", true}}, "double_riichi"},
      {"123m456p99s34s[555=5z]+5s", json{{"riichi", true}}, "riichi"},
      {"123m456p99s34s(5555z)+5s", json{{"riichi", true}}, ""},
      // A replacement tile follows a kong of the hand's.
      {"123m456p789s99s34s+5s", json{{"after_kong", true}}, "after_kong"},
      {"123m456p99s34s[7777s]+5s", json{{"after_kong", true}}, ""},
      {"123m456p99s34s(7777s)+5s", json{{"after_kong", true}}, ""},
      // A first-draw win comes before any call, a concealed kong too.
      {"123m456p99s34s(7777s)+5s", json{{"first_draw", true}}, "first_draw"},
      {"123m456p99s34s[789s]+5s", json{{"first_draw", true}}, "first_draw"},
      {"123m456p789s99s34s+5s", json{{"first_draw", true}}, ""},
  };
  for (std::size_t row = 0; row < cases.size(); ++row) {
    const Case& c = cases[row];
    INFO("row " << row << ": " << c.hand << " " << c.context.dump());
    const Hand hand = parse_hand(c.hand, rules);
    const WinContext context = parse_win_context(c.context, rules);
    if (std::string(c.field).empty()) {
      CHECK_NOTHROW(check_win_context(context, hand, rules));
      continue;
    }
    try {
      check_win_context(context, hand, rules);
      FAIL("no error");
    } catch (const ContextError& error) {
      CHECK(error.field() == c.field);
    }
  }
}

TEST_CASE("after_kong_discard (杠上炮) means a discard and needs no kong of the winner's",
          "[context]") {
  const RuleSet& rules = riichi();
  const WinContext context = parse_win_context(json{{"after_kong_discard", true}}, rules);
  CHECK(context.win == WinKind::discard);
  CHECK(context.after_kong_discard);
  CHECK(parse_win_context(win_context_to_json(context, rules), rules) == context);
  CHECK(format_win_context(context, rules) == "discard, seat E, round E, after kong discard");
  // The kong was the discarder's: a hand without one is fine.
  CHECK_NOTHROW(check_win_context(context, parse_hand("123m456p789s99s34s+5s", rules), rules));
}

TEST_CASE("robbing the gold (抢金): a self-draw of a wildcard, before any call", "[context]") {
  const RuleSet rules = load_rules("fuzhou");
  const WinContext robbing = parse_win_context(json{{"robbing_gold", true}}, rules);
  CHECK(robbing.robbing_gold);
  CHECK(robbing.win == WinKind::self_draw);
  const TileMask gold = parse_wild_choice("5p", rules);
  CHECK_NOTHROW(
      check_win_context(robbing, parse_hand("123m456m789m123p46s77s+5p", rules, gold), rules));
  // The winning tile is not the gold.
  CHECK_THROWS_WITH(
      check_win_context(robbing, parse_hand("123m456m789m123p46s77s+5s", rules, gold), rules),
      Catch::StartsWith("field 'robbing_gold': the tile robbed is the turned-up wildcard"));
  // A declared meld: the gold is robbed at the opening.
  CHECK_THROWS_WITH(
      check_win_context(robbing, parse_hand("456m789m123p46s77s[123m]+5p", rules, gold), rules),
      Catch::StartsWith("field 'robbing_gold': robbing the gold comes at the opening"));
  // Written back and read again.
  CHECK(parse_win_context(win_context_to_json(robbing, rules), rules) == robbing);
}
