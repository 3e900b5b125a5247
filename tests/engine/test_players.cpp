// Three players (players, calls, calls.set_aside): the seats the model admits, the calls the
// notation admits, the set-aside count the context admits, and sanma's tile set.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

using namespace meldgraph;
using nlohmann::json;

namespace {

const RuleSet& sanma() {
  static const RuleSet rules = load_rules("sanma");
  return rules;
}
const RuleSet& riichi() {
  static const RuleSet rules = load_rules("riichi");
  return rules;
}

/// The ContextError parse_win_context (then check_win_context with `hand`) raises for `object`.
std::string context_error(const std::string& object, const RuleSet& rules,
                          const std::string& hand = "") {
  try {
    const WinContext context = parse_win_context(json::parse(object), rules);
    if (!hand.empty()) check_win_context(context, parse_hand(hand, rules), rules);
  } catch (const ContextError& error) {
    return error.field() + " | " + error.detail();
  }
  return "no error";
}

/// The message of the NotationError reading `hand` raises.
std::string notation_error(const std::string& hand, const RuleSet& rules) {
  try {
    (void)parse_hand(hand, rules);
  } catch (const NotationError& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("sanma's rule facts: three players, no chow calls, North set aside", "[players]") {
  const RuleSet& rules = sanma();
  CHECK(rules.players() == 3);
  CHECK_FALSE(rules.calls().chows);
  CHECK(rules.calls().set_aside == rules.find_tile('z', 4));
  CHECK(rules.calls().set_aside_max == 4);
  CHECK(rules.calls().set_aside_after_kong);
  // 108 tiles: 1m 9m, 1-9p, 1-9s, 1-7z, four copies each.
  int tiles = 0;
  for (const TileInfo& tile : rules.tiles()) tiles += tile.copies;
  CHECK(tiles == 108);
  CHECK(rules.find_tile('m', 5) == kNoTile);
  // 1m and 9m stay terminals, and no chow reaches them.
  const TileId one = rules.find_tile('m', 1);
  const TileId nine = rules.find_tile('m', 9);
  CHECK(TileClasses::in(rules.tile_classes().terminals, one));
  CHECK(TileClasses::in(rules.tile_classes().terminals, nine));
  CHECK(rules.tile(one).next == kNoTile);
  // The characters are laid out as a regular suit without chows: the tables model them.
  const SuitLayout& characters = rules.suit_layouts().front();
  CHECK(characters.sequences);
  CHECK_FALSE(characters.chows);
  CHECK(characters.regular);
  CHECK_FALSE(rules.features().has(RuleFeature::irregular_suits));
  // The four-player defaults.
  CHECK(riichi().players() == 4);
  CHECK(riichi().calls().chows);
  CHECK(riichi().calls().set_aside == kNoTile);
}

TEST_CASE("seats and discarders the players do not have are errors", "[players][context]") {
  const RuleSet& rules = sanma();
  CHECK(context_error(R"({"seat_wind": "N"})", rules) ==
        "seat_wind | rule set 'sanma' has 3 players, seated E, S, W: no one sits N");
  CHECK(context_error(R"({"win": "discard", "from": "across"})", rules) ==
        "from | rule set 'sanma' has 3 players: no one sits across (left or right)");
  CHECK(context_error(R"({"seat_wind": "W", "win": "discard", "from": "right"})", rules) ==
        "no error");
  // The round may still be any wind; four players keep seat N.
  CHECK(context_error(R"({"round_wind": "W"})", rules) == "no error");
  CHECK(context_error(R"({"seat_wind": "N", "from": "across"})", riichi()) == "no error");
}

TEST_CASE("a declared chow or a meld from across is an error where the calls forbid it",
          "[players][notation]") {
  const RuleSet& rules = sanma();
  CHECK(notation_error("123p456s789s11z[3-45p]", rules) ==
        "rule set 'sanma' allows no claimed chows (calls.chows): a declared chow is one at column "
        "16");
  CHECK(notation_error("123p456s789s11z[777=z]", rules) ==
        "rule set 'sanma' has 3 players: no one sits across, so no meld comes from '=' at column "
        "20");
  CHECK(notation_error("123p456s789s11z[777-z]", rules) == "no error");
  CHECK(notation_error("123p456s789s11z[777+z]", rules) == "no error");
  // A chow of characters cannot even be written: there is no 2m.
  CHECK_THAT(notation_error("123m", rules), Catch::Contains("2m"));
  // Four players claim chows and melds from across.
  CHECK(notation_error("123p456s789s11z[3-45p]", riichi()) == "no error");
  CHECK(notation_error("123p456s789s11z[777=z]", riichi()) == "no error");
}

TEST_CASE("set-aside tiles: only where the rules set one aside, within its copies",
          "[players][context]") {
  const RuleSet& rules = sanma();
  const WinContext context = parse_win_context(json::parse(R"({"set_aside": 3})"), rules);
  CHECK(context.set_aside == 3);
  CHECK(parse_win_context(win_context_to_json(context, rules), rules) == context);
  CHECK(format_win_context(context, rules) == "self-draw, seat E, round E, set aside 3");

  CHECK(context_error(R"({"set_aside": 1})", riichi()) ==
        "set_aside | rule set 'riichi' sets no tile aside (calls.set_aside): only 0, not 1");
  CHECK(context_error(R"({"set_aside": 0})", riichi()) == "no error");
  CHECK(context_error(R"({"set_aside": 5})", rules) ==
        "set_aside | expected a count from 0 to 4 (copies of 4z set aside, calls.set_aside.max), "
        "not 5");
  CHECK(context_error(R"({"set_aside": "2"})", rules).starts_with("set_aside | expected a count"));
  // The hand's Norths and the set-aside ones share the four copies.
  CHECK(context_error(R"({"set_aside": 2})", rules, "123p456s789s444z1s+1s") ==
        "set_aside | 2 of 4z set aside and 3 in the hand make more than its 4 copies");
  CHECK(context_error(R"({"set_aside": 1})", rules, "123p456s789s444z1s+1s") == "no error");
  // An indicator counts the set-aside copies too.
  CHECK(context_error(R"({"set_aside": 1, "dora": "4z"})", rules, "123p456s789s444z1s+1s")
            .starts_with("dora | indicator 4z would be copy 5 of 4"));
}

TEST_CASE("a set-aside tile's replacement draw and the first draw", "[players][context]") {
  const RuleSet& rules = sanma();
  const std::string hand = "123p456p789s123s9p+9p";
  // Rinshan on the kita replacement: after_kong without a kong, with a North set aside.
  CHECK(context_error(R"({"after_kong": true, "set_aside": 1})", rules, hand) == "no error");
  CHECK(context_error(R"({"after_kong": true})", rules, hand) ==
        "after_kong | a replacement tile follows a kong, and this hand declares none");
  CHECK(context_error(R"({"first_draw": true, "set_aside": 1})", rules, hand) ==
        "first_draw | a first-draw win comes before any call, and setting a tile aside is one");
  // A rule set whose set-aside replacement is no rinshan.
  const RuleSet plain = load_rules_from_string(
      "name: sanma_plain\nextends: sanma\ncalls: {set_aside: {tile: 4z, after_kong: false}}\n",
      "test");
  CHECK_THAT(context_error(R"({"after_kong": true, "set_aside": 1})", plain, hand),
             Catch::Contains("(calls.set_aside.after_kong)"));
}

TEST_CASE("players and calls: rule-file errors name the key", "[players][rules]") {
  const auto error_of = [](const std::string& text) {
    try {
      (void)load_rules_from_string(text, "test");
    } catch (const RuleError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error_of("name: x\nextends: riichi\nplayers: 2\n"),
             Catch::Contains("test:3:10: 'players' must be between 3 and 4, got 2"));
  CHECK_THAT(error_of("name: x\nextends: riichi\ncalls: {chows: maybe}\n"),
             Catch::Contains("test:3:16: expected a boolean for 'chows', got 'maybe'"));
  CHECK_THAT(error_of("name: x\nextends: riichi\ncalls: {set_aside: {tile: 8f}}\n"),
             Catch::Contains("unknown tile '8f' in calls.set_aside"));
  CHECK_THAT(error_of("name: x\nextends: riichi\ncalls: {set_aside: {tile: 4z, max: 5}}\n"),
             Catch::Contains("'max' must be between 1 and 4, got 5"));
  CHECK_THAT(error_of("name: x\nextends: riichi\ncalls: {set_aside: {max: 2}}\n"),
             Catch::Contains("missing required key 'tile' in calls.set_aside"));
  CHECK_THAT(error_of("name: x\nextends: riichi\ncalls: {kita: 1}\n"),
             Catch::Contains("unknown key 'kita' in calls"));
}
