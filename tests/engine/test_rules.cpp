// Tests of rule loading (engine/src/loader/yaml.cpp) and the derived tile table
// (engine/src/model/).
//
// Error cases are table driven: each names the YAML text, the `origin:line:column` the message must
// point at and a fragment of the message that includes the offending key.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "catch2/catch.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "temp_dir.hpp"

namespace {

using Catch::Matchers::Contains;
using meldgraph::FormType;
using meldgraph::kNoTile;
using meldgraph::RuleError;
using meldgraph::RuleSet;
using meldgraph::TileId;

/// A scratch directory for rule files, removed with everything in it.
using TempDir = meldgraph::testing::ScratchDir;

TileId tile(const RuleSet& rules, const char* code) {
  return rules.find_tile(code[1], code[0] - '0');
}

/// Everything a rule set means, excluding where it was loaded from.
void require_same_rules(const RuleSet& a, const RuleSet& b) {
  REQUIRE(a.name() == b.name());
  REQUIRE(a.description() == b.description());
  REQUIRE(a.hand_tiles() == b.hand_tiles());
  REQUIRE(a.suits().size() == b.suits().size());
  for (std::size_t s = 0; s < a.suits().size(); ++s) {
    const auto& x = a.suits()[s];
    const auto& y = b.suits()[s];
    REQUIRE(x.letter == y.letter);
    REQUIRE(x.name == y.name);
    REQUIRE(x.ranks == y.ranks);
    REQUIRE(x.sequences == y.sequences);
    REQUIRE(x.bonus == y.bonus);
    REQUIRE(x.copies == y.copies);
    REQUIRE(x.red_fives == y.red_fives);
    REQUIRE(x.groups == y.groups);
  }
  REQUIRE(a.tile_count() == b.tile_count());
  REQUIRE(a.meldable_count() == b.meldable_count());
  for (TileId t = 0; t < a.tile_count(); ++t) {
    REQUIRE(a.tile(t).code == b.tile(t).code);
    REQUIRE(a.tile(t).copies == b.tile(t).copies);
    REQUIRE(a.tile(t).next == b.tile(t).next);
  }
  REQUIRE(a.wildcards().jokers == b.wildcards().jokers);
  REQUIRE(a.wildcards().tiles == b.wildcards().tiles);
  REQUIRE(a.wildcards().per_hand == b.wildcards().per_hand);
  REQUIRE(a.wildcards().exceed_copies == b.wildcards().exceed_copies);
  REQUIRE(a.fixed_wild_tiles() == b.fixed_wild_tiles());
  REQUIRE(a.forms().size() == b.forms().size());
  for (std::size_t f = 0; f < a.forms().size(); ++f) {
    const auto& x = a.forms()[f];
    const auto& y = b.forms()[f];
    REQUIRE(x.name == y.name);
    REQUIRE(x.type == y.type);
    REQUIRE(x.enabled == y.enabled);
    REQUIRE(x.wildcards == y.wildcards);
    REQUIRE(x.pairs == y.pairs);
    REQUIRE(x.four_as_two_pairs == y.four_as_two_pairs);
    REQUIRE(x.set_tiles == y.set_tiles);
    REQUIRE(x.count == y.count);
    REQUIRE(x.hand_tiles == y.hand_tiles);
  }
}

std::vector<std::string> form_names(const RuleSet& rules) {
  std::vector<std::string> names;
  for (const auto& form : rules.forms()) names.push_back(form.name);
  return names;
}

/// The loader's message for an unknown built-in name, listing the built-in rule sets.
std::string unknown_rule_set(const std::string& name) {
  std::string list;
  for (const std::string& builtin : meldgraph::builtin_rule_names()) {
    if (!list.empty()) list += ", ";
    list += builtin;
  }
  return "unknown rule set '" + name + "' (built-in: " + list + ")";
}

struct ErrorCase {
  const char* label;
  const char* yaml;
  const char* where;    ///< expected `origin:line:column`
  const char* message;  ///< expected fragment, naming the key
};

// Every case loads as "case.yaml". Lines and columns are 1-based.
const ErrorCase error_cases[] = {
    {"yaml syntax error", "name: t\ntiles: [1, 2\nhand: 3\n", "case.yaml:3:5", "end of sequence"},
    {"empty file", "", "case.yaml:1:1", "the rule file is empty"},
    {"document is not a map", "- a\n- b\n", "case.yaml:1:1", "a rule file is a map of keys"},
    // The second document's marker is named (checked before yaml-cpp reads the text).
    {"two documents", "name: t\n---\nname: u\n", "case.yaml:2:1", "a single YAML document"},
    // yaml-cpp 0.7 never returns on a top-level ',' outside a block map (found by fuzz_rules):
    // the layout check refuses these first.
    {"top-level comma", ", a\n", "case.yaml:1:1", "a rule file is a map of keys"},
    {"flow map then comma", "{a: 1}, b\n", "case.yaml:1:1", "a rule file is a map of keys"},
    {"comma in a second document", "name: t\n...\n,\n", "case.yaml:2:1", "a single YAML document"},
    {"indented first key", "  name: t\n", "case.yaml:1:3", "a rule file is a map of keys"},
    {"missing name", "tiles: {}\n", "case.yaml:1:1", "missing required key 'name'"},
    {"bad name", "name: Big Name\n", "case.yaml:1:7", "rule set name 'Big Name'"},
    {"name is a list", "name: [a]\n", "case.yaml:1:7", "expected a string for 'name', got a list"},
    {"duplicate key", "name: t\nhand: {tiles: 14}\nhand: {tiles: 11}\n", "case.yaml:3:1",
     "duplicate key 'hand'"},
    {"unknown top-level key", "name: t\nhands: {tiles: 14}\n", "case.yaml:2:1",
     "unknown key 'hands' in the rule set"},
    {"unknown suit key",
     R"(name: t
tiles:
  suits:
    - letter: m
      ranks: [1, 2, 3]
      sequence: true
)",
     "case.yaml:6:7", "unknown key 'sequence' in tiles.suits[0]"},
    {"boolean expected",
     R"(name: t
tiles:
  suits:
    - letter: m
      ranks: [1, 2, 3]
      sequences: yes please
)",
     "case.yaml:6:18", "expected a boolean for 'sequences', got 'yes please'"},
    {"integer expected", "name: t\ntiles:\n  copies: four\n", "case.yaml:3:11",
     "expected an integer for 'copies', got 'four'"},
    {"copies out of range", "name: t\ntiles:\n  copies: 9\n", "case.yaml:3:11",
     "'copies' must be between 1 and 8, got 9"},
    {"tiles is not a map", "name: t\ntiles: 3\n", "case.yaml:2:8",
     "expected a map for 'tiles', got '3'"},
    {"no tiles at all", "name: t\nforms: {standard: {type: melds}}\n", "case.yaml:1:1",
     "no meldable suits (tiles.suits)"},
    {"empty suit list", "name: t\ntiles:\n  copies: 4\n  suits: []\n", "case.yaml:4:3",
     "no meldable suits (tiles.suits)"},
    {"only bonus suits", "name: t\ntiles:\n  bonus: [{letter: f, ranks: \"1-8\"}]\n",
     "case.yaml:2:1", "no meldable suits (tiles.suits)"},
    {"suit is not a map", "name: t\ntiles:\n  suits: [m]\n", "case.yaml:3:11",
     "expected a map for tiles.suits[0], got 'm'"},
    {"missing letter", "name: t\ntiles:\n  suits:\n    - ranks: [1]\n", "case.yaml:4:7",
     "missing required key 'letter' in tiles.suits[0]"},
    {"missing ranks", "name: t\ntiles:\n  suits:\n    - letter: m\n", "case.yaml:4:7",
     "missing required key 'ranks' in tiles.suits[0]"},
    {"uppercase letter", "name: t\ntiles:\n  suits:\n    - {letter: M, ranks: [1]}\n",
     "case.yaml:4:16", "'letter' must be one lowercase ASCII letter, got 'M'"},
    {"two-character letter", "name: t\ntiles:\n  suits:\n    - {letter: mm, ranks: [1]}\n",
     "case.yaml:4:16", "'letter' must be one lowercase ASCII letter, got 'mm'"},
    {"duplicate letter",
     "name: t\ntiles:\n  suits:\n    - {letter: m, ranks: [1]}\n    - {letter: m, ranks: [2]}\n",
     "case.yaml:5:16", "duplicate suit letter 'm' (already used by tiles.suits[0])"},
    {"bonus letter clashes with a suit",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: [1]}]\n  bonus: [{letter: m, ranks: [2]}]\n",
     "case.yaml:4:20", "duplicate suit letter 'm' (already used by tiles.suits[0])"},
    {"ranks out of range", "name: t\ntiles:\n  suits: [{letter: m, ranks: [0, 1]}]\n",
     "case.yaml:3:31", "'ranks' must be between 1 and 9, got 0"},
    {"ranks not ascending", "name: t\ntiles:\n  suits: [{letter: m, ranks: [1, 3, 2]}]\n",
     "case.yaml:3:37", "'ranks' must be strictly ascending: 2 after 3"},
    {"ranks empty", "name: t\ntiles:\n  suits: [{letter: m, ranks: []}]\n", "case.yaml:3:30",
     "'ranks' must not be empty"},
    {"bad rank range", "name: t\ntiles:\n  suits: [{letter: m, ranks: \"1..9\"}]\n",
     "case.yaml:3:30", "expected a list of ranks or a range like \"1-9\" for 'ranks'"},
    {"backwards rank range", "name: t\ntiles:\n  suits: [{letter: m, ranks: 9-1}]\n",
     "case.yaml:3:30", "range '9-1' of 'ranks' runs backwards"},
    {"too many tile kinds",
     R"(name: t
tiles:
  suits:
    - {letter: a, ranks: 1-9}
    - {letter: b, ranks: 1-9}
    - {letter: c, ranks: 1-9}
    - {letter: d, ranks: 1-9}
    - {letter: e, ranks: 1-9}
    - {letter: g, ranks: 1-9}
    - {letter: h, ranks: 1-9}
  bonus:
    - {letter: f, ranks: 1-2}
)",
     "case.yaml:11:3", "declares 65 tile kinds, more than 64"},
    {"red fives without rank 5",
     "name: t\ntiles:\n  suits:\n    - letter: m\n      ranks: 1-4\n      red_fives: 1\n",
     "case.yaml:6:7", "red_fives needs rank 5, which suit 'm' does not have"},
    {"red fives exceed copies",
     "name: t\ntiles:\n  copies: 2\n  suits:\n    - letter: m\n      ranks: 1-9\n      "
     "red_fives: 3\n",
     "case.yaml:7:7", "red_fives (3) exceeds the copies (2) of suit 'm'"},
    {"red fives exceed copies set later",
     "name: t\ntiles:\n  suits:\n    - letter: m\n      red_fives: 3\n      ranks: 1-9\n      "
     "copies: 2\n",
     "case.yaml:7:7", "red_fives (3) exceeds the copies (2) of suit 'm'"},
    {"group rank missing from suit",
     "name: t\ntiles:\n  suits:\n    - letter: z\n      ranks: 1-7\n      groups: {odd: [1, 8]}\n",
     "case.yaml:6:21", "group 'odd' names rank 8, which suit 'z' does not have"},
    {"bonus suit with sequences",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\n  bonus:\n    - {letter: f, ranks: "
     "1-8, sequences: true}\n",
     "case.yaml:5:31", "unknown key 'sequences' in tiles.bonus[0]"},
    {"hand tiles not 3n+2",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nhand:\n  tiles: 13\n", "case.yaml:5:10",
     "hand.tiles must be 3n+2 (2, 5, 8, 11, 14 or 17), got 13"},
    {"hand tiles too large",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nhand:\n  tiles: 20\n", "case.yaml:5:10",
     "'tiles' must be between 2 and 17, got 20"},
    {"unknown hand key", "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nhand:\n  size: 14\n",
     "case.yaml:5:3", "unknown key 'size' in hand"},
    {"unknown wildcard tile",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nwildcards:\n  tiles: [\"5m\", \"5x\"]\n",
     "case.yaml:5:17", "unknown wildcard tile '5x'"},
    {"wildcard tile rank missing",
     "name: t\ntiles:\n  suits: [{letter: z, ranks: 1-7}]\nwildcards:\n  tiles: 8z\n",
     "case.yaml:5:10", "unknown wildcard tile '8z'"},
    {"wildcard tile listed twice",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nwildcards:\n  tiles: \"55m\"\n",
     "case.yaml:5:10", "wildcard tile '5m' is listed twice"},
    {"wildcard tile written as red five",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nwildcards:\n  tiles: 0m\n",
     "case.yaml:5:10", "'0m' in wildcards.tiles is a red five"},
    {"wildcard tile code without suit",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nwildcards:\n  tiles: \"5m7\"\n",
     "case.yaml:5:10", "ranks '7' have no suit letter"},
    {"jokers out of range",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nwildcards:\n  jokers: 17\n",
     "case.yaml:5:11", "'jokers' must be between 0 and 16, got 17"},
    {"unknown wildcards key",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nwildcards:\n  joker: 1\n",
     "case.yaml:5:3", "unknown key 'joker' in wildcards"},
    {"no forms", "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\n", "case.yaml:1:1",
     "no form is enabled"},
    {"every form disabled",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  standard:\n    type: melds\n"
     "    enabled: false\n",
     "case.yaml:7:5", "no form is enabled"},
    {"form without type",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  standard:\n    pairs: 1\n",
     "case.yaml:5:3", "form 'standard' has no 'type'"},
    {"unknown form type",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  standard:\n    type: meld\n",
     "case.yaml:6:11", "unknown form type 'meld' for form 'standard'"},
    {"bad form name",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  Standard-Hand: {type: "
     "melds}\n",
     "case.yaml:5:3", "form name 'Standard-Hand'"},
    {"key of another form type",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  standard:\n    type: melds\n"
     "    count: 4\n",
     "case.yaml:7:5", "unknown key 'count' in forms.standard"},
    {"form enabled is not a boolean",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  standard: {type: melds, "
     "enabled: 1}\n",
     "case.yaml:5:36", "expected a boolean for 'enabled', got '1'"},
    {"melds with no pair",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  standard:\n    type: melds\n"
     "    pairs: 0\n",
     "case.yaml:7:12", "with pairs 0 would need 3n tiles"},
    {"melds with two pairs",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  standard:\n    type: melds\n"
     "    pairs: 2\n",
     "case.yaml:7:12", "must have pairs 1, got 2"},
    {"pairs form without pairs",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  twins: {type: pairs}\n",
     "case.yaml:5:3", "missing required key 'pairs' in forms.twins"},
    {"pairs form not 3n+2",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  six_pairs:\n    type: pairs\n"
     "    pairs: 6\n",
     "case.yaml:7:5", "form 'six_pairs' needs 12 tiles, which is not 3n+2"},
    {"pairs form larger than the hand",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nhand: {tiles: 14}\nforms:\n  "
     "many_pairs:\n    type: pairs\n    pairs: 8\n",
     "case.yaml:8:5", "form 'many_pairs' needs 16 tiles, which is not 3n+2"},
    {"seven pairs in an 11-tile hand",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  seven_pairs:\n    type: "
     "pairs\n    pairs: 7\nhand:\n  tiles: 11\n",
     "case.yaml:9:3", "form 'seven_pairs' needs 14 tiles, more than hand.tiles (11)"},
    {"seven pairs after an 11-tile hand",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nhand:\n  tiles: 11\nforms:\n  "
     "seven_pairs:\n    type: pairs\n    pairs: 7\n",
     "case.yaml:9:5", "form 'seven_pairs' needs 14 tiles, more than hand.tiles (11)"},
    {"set form larger than the hand",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}, {letter: z, ranks: 1-7}]\nhand: {tiles: "
     "11}\nforms:\n  orphans:\n    type: set\n    tiles: 19m1234567z\n",
     "case.yaml:8:5", "form 'orphans' needs 10 tiles, which is not 3n+2"},
    {"thirteen orphans in an 11-tile hand",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}, {letter: p, ranks: 1-9}, {letter: z, "
     "ranks: 1-7}]\nhand: {tiles: 11}\nforms:\n  orphans:\n    type: set\n    tiles: "
     "19m19p1234567z\n",
     "case.yaml:8:5", "form 'orphans' needs 12 tiles, which is not 3n+2"},
    {"set of thirteen in an 11-tile hand",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}, {letter: p, ranks: 1-9}, {letter: z, "
     "ranks: 1-7}]\nforms:\n  orphans:\n    type: set\n    tiles: 159m159p1234567z\nhand: {tiles: "
     "11}\n",
     "case.yaml:8:8", "form 'orphans' needs 14 tiles, more than hand.tiles (11)"},
    {"set tile unknown",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  odd:\n    type: set\n    "
     "tiles: [\"1m\", \"9q\"]\n",
     "case.yaml:7:19", "unknown tile '9q' in forms.odd.tiles"},
    {"set tile duplicated",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  odd:\n    type: set\n    "
     "tiles: 1m1m\n",
     "case.yaml:7:12", "tile '1m' is listed twice in forms.odd.tiles"},
    {"set tile is a bonus tile",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\n  bonus: [{letter: f, ranks: "
     "1-4}]\nforms:\n  odd:\n    type: set\n    tiles: 1m1f\n",
     "case.yaml:8:12", "tile '1f' in forms.odd.tiles is a bonus tile"},
    {"set without tiles",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  odd: {type: set}\n",
     "case.yaml:5:3", "missing required key 'tiles' in forms.odd"},
    {"wildcards form without wildcards",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  standard: {type: melds}\n  "
     "four_wildcards: {type: wildcards}\n",
     "case.yaml:6:20", "form 'four_wildcards' wins on wildcards, but the rule set has none"},
    {"wildcards form after wildcards section",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nforms:\n  four_wildcards:\n    type: "
     "wildcards\n    count: 4\nwildcards:\n  jokers: 0\n",
     "case.yaml:8:1", "form 'four_wildcards' wins on wildcards"},
    {"wildcards form that may not use its wildcards",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nwildcards: {jokers: 8}\nforms:\n  four: "
     "{type: wildcards, wildcards: false}\n",
     "case.yaml:6:38", "form 'four' wins on its wildcards: 'wildcards: false' contradicts it"},
    {"wildcards form count too large",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nhand: {tiles: 5}\nwildcards: {jokers: "
     "8}\nforms:\n  many:\n    type: wildcards\n    count: 8\n",
     "case.yaml:9:5", "form 'many' needs 8 wildcards, more than hand.tiles (5)"},
    {"wildcards form count out of range",
     "name: t\ntiles:\n  suits: [{letter: m, ranks: 1-9}]\nwildcards: {jokers: 8}\nforms:\n  many: "
     "{type: wildcards, count: 0}\n",
     "case.yaml:6:34", "'count' must be between 1 and 17, got 0"},
    {"extends not a name", "name: t\nextends: [basic]\n", "case.yaml:2:10",
     "expected a rule set name or file for 'extends'"},
    {"extends unknown built-in", "name: t\nextends: classic\n", "case.yaml:2:10",
     [] {
       static const std::string message = unknown_rule_set("classic");
       return message.c_str();
     }()},
    {"extends missing file", "name: t\nextends: no/such/file.yaml\n", "case.yaml:2:10",
     "cannot open rule file 'no/such/file.yaml'"},
};

}  // namespace

TEST_CASE("rule errors name origin, line, column and key", "[rules]") {
  for (const ErrorCase& error : error_cases) {
    SECTION(error.label) {
      INFO("yaml:\n" << error.yaml);
      REQUIRE_THROWS_AS(meldgraph::load_rules_from_string(error.yaml, "case.yaml"), RuleError);
      REQUIRE_THROWS_WITH(meldgraph::load_rules_from_string(error.yaml, "case.yaml"),
                          Contains(std::string(error.where) + ": ") && Contains(error.message));
      // The same place and message through RuleError::problems(), for programs.
      try {
        (void)meldgraph::load_rules_from_string(error.yaml, "case.yaml");
      } catch (const RuleError& e) {
        const auto& problems = e.problems();
        const bool found = std::any_of(problems.begin(), problems.end(), [&](const auto& problem) {
          const std::string where = problem.origin + ":" + std::to_string(problem.line) + ":" +
                                    std::to_string(problem.column);
          return where == error.where && problem.message.find(error.message) != std::string::npos;
        });
        CHECK(found);
      }
    }
  }
}

TEST_CASE("unknown built-in and missing file", "[rules]") {
  REQUIRE_THROWS_AS(meldgraph::load_rules("foo"), RuleError);
  REQUIRE_THROWS_WITH(meldgraph::load_rules("foo"), unknown_rule_set("foo"));
  try {
    (void)meldgraph::load_rules("foo");
  } catch (const RuleError& e) {
    CHECK(e.problems().empty());  // no file, so no place in one
  }
  REQUIRE_THROWS_AS(meldgraph::load_rules("x.yaml"), RuleError);
  REQUIRE_THROWS_WITH(meldgraph::load_rules("x.yaml"), "cannot open rule file 'x.yaml'");
  REQUIRE_THROWS_WITH(meldgraph::load_rules("missing/dir/rules.yml"),
                      "cannot open rule file 'missing/dir/rules.yml'");
}

TEST_CASE("built-in names", "[rules]") {
  const std::vector<std::string> names = meldgraph::builtin_rule_names();
  REQUIRE(std::is_sorted(names.begin(), names.end()));
  REQUIRE(std::find(names.begin(), names.end(), "basic") != names.end());
  REQUIRE(std::find(names.begin(), names.end(), "laizi") != names.end());
  REQUIRE(std::find(names.begin(), names.end(), std::string(meldgraph::kDefaultRules)) !=
          names.end());
}

TEST_CASE("basic rules", "[rules]") {
  const RuleSet rules = meldgraph::load_rules("basic");
  REQUIRE(rules.name() == "basic");
  REQUIRE(rules.source() == "basic");
  REQUIRE(rules.tile_count() == 34);
  REQUIRE(rules.meldable_count() == 34);
  REQUIRE(rules.hand_tiles() == 17);
  REQUIRE(rules.suits().size() == 4);

  const char letters[] = {'m', 'p', 's', 'z'};
  for (std::size_t s = 0; s < 4; ++s) {
    const auto& suit = rules.suits()[s];
    REQUIRE(suit.letter == letters[s]);
    REQUIRE(suit.copies == 4);
    REQUIRE_FALSE(suit.bonus);
    REQUIRE(suit.red_fives == 0);
    REQUIRE(suit.sequences == (suit.letter != 'z'));
  }
  const auto& honours = rules.suits()[3];
  REQUIRE(honours.ranks == std::vector<std::uint8_t>{1, 2, 3, 4, 5, 6, 7});
  REQUIRE(honours.groups.size() == 2);
  REQUIRE(honours.groups[0].first == "winds");
  REQUIRE(honours.groups[0].second == std::vector<std::uint8_t>{1, 2, 3, 4});
  REQUIRE(honours.groups[1].first == "dragons");
  REQUIRE(honours.groups[1].second == std::vector<std::uint8_t>{5, 6, 7});

  // Tile ids: suits in order, ranks ascending.
  REQUIRE(tile(rules, "1m") == 0);
  REQUIRE(tile(rules, "9m") == 8);
  REQUIRE(tile(rules, "1p") == 9);
  REQUIRE(tile(rules, "1s") == 18);
  REQUIRE(tile(rules, "1z") == 27);
  REQUIRE(tile(rules, "7z") == 33);
  REQUIRE(tile(rules, "8z") == kNoTile);
  // Sequences run inside a numbered suit only.
  REQUIRE(rules.tile(tile(rules, "1m")).next == tile(rules, "2m"));
  REQUIRE(rules.tile(tile(rules, "9m")).next == kNoTile);
  REQUIRE(rules.tile(tile(rules, "1p")).previous == kNoTile);
  REQUIRE(rules.tile(tile(rules, "1z")).next == kNoTile);

  REQUIRE(rules.wildcards().jokers == 0);
  REQUIRE(rules.wildcards().tiles.empty());
  REQUIRE_FALSE(rules.wildcards().per_hand);
  REQUIRE(rules.fixed_wild_tiles() == 0);
  REQUIRE(form_names(rules) == std::vector<std::string>{"standard"});
  REQUIRE(rules.forms()[0].type == FormType::melds);
  REQUIRE(rules.forms()[0].pairs == 1);
}

TEST_CASE("laizi rules", "[rules]") {
  const RuleSet rules = meldgraph::load_rules("laizi");
  REQUIRE(rules.name() == "laizi");
  REQUIRE(rules.source() == "laizi");
  REQUIRE(rules.tile_count() == 42);
  REQUIRE(rules.meldable_count() == 34);
  REQUIRE(rules.hand_tiles() == 14);
  // Suits inherited from basic, flowers appended as a bonus suit.
  REQUIRE(rules.suits().size() == 5);
  REQUIRE(rules.suits()[4].letter == 'f');
  REQUIRE(rules.suits()[4].bonus);
  for (TileId t = 34; t < 42; ++t) {
    REQUIRE(rules.tile(t).bonus);
    REQUIRE(rules.tile(t).copies == 1);
    REQUIRE(rules.tile(t).letter == 'f');
    REQUIRE(rules.tile(t).next == kNoTile);
  }
  REQUIRE(tile(rules, "1f") == 34);
  REQUIRE(tile(rules, "8f") == 41);
  REQUIRE(rules.tile(tile(rules, "5m")).copies == 4);

  REQUIRE(rules.wildcards().jokers == 8);
  REQUIRE(rules.wildcards().tiles.empty());
  REQUIRE(rules.wildcards().per_hand);
  REQUIRE(rules.wildcards().exceed_copies);

  REQUIRE(form_names(rules) == std::vector<std::string>{"standard", "seven_pairs",
                                                        "thirteen_orphans", "four_wildcards"});
  const auto& forms = rules.forms();
  REQUIRE(forms[0].type == FormType::melds);
  REQUIRE(forms[1].type == FormType::pairs);
  REQUIRE(forms[1].pairs == 7);
  REQUIRE(forms[1].four_as_two_pairs);
  REQUIRE(forms[1].hand_tiles == 14);
  REQUIRE(forms[2].type == FormType::set);
  REQUIRE(forms[2].hand_tiles == 14);
  std::vector<TileId> orphans;
  for (const char* code :
       {"1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"}) {
    orphans.push_back(tile(rules, code));
  }
  REQUIRE(forms[2].set_tiles == orphans);
  REQUIRE(std::is_sorted(forms[2].set_tiles.begin(), forms[2].set_tiles.end()));
  REQUIRE(forms[3].type == FormType::wildcards);
  REQUIRE(forms[3].count == 4);
  for (const auto& form : forms) {
    REQUIRE(form.enabled);
    REQUIRE(form.wildcards);
  }
}

TEST_CASE("designated wildcard tiles, defaults and ranges", "[rules]") {
  const RuleSet rules = meldgraph::load_rules_from_string(R"(name: wild
tiles:
  copies: 3
  suits:
    - {letter: m, ranks: "1-9", sequences: true, copies: 4, red_fives: 1}
    - {letter: z, ranks: [1, 2, 3, 4, 5, 6, 7]}
  bonus:
    - {letter: f, ranks: 1-4}
wildcards:
  tiles: ["5z", "1f 2m"]
forms:
  standard: {type: melds}
)",
                                                          "wild.yaml");
  REQUIRE(rules.source() == "wild.yaml");
  REQUIRE(rules.description().empty());
  REQUIRE(rules.hand_tiles() == 14);
  REQUIRE(rules.suits()[0].copies == 4);
  REQUIRE(rules.suits()[0].red_fives == 1);
  REQUIRE(rules.suits()[1].copies == 3);
  REQUIRE(rules.suits()[2].copies == 3);
  REQUIRE_FALSE(rules.suits()[1].sequences);
  // Stored ascending whatever the written order.
  const std::vector<TileId> wild{tile(rules, "2m"), tile(rules, "5z"), tile(rules, "1f")};
  REQUIRE(rules.wildcards().tiles == wild);
  REQUIRE(rules.fixed_wild_tiles() ==
          (meldgraph::tile_bit(tile(rules, "2m")) | meldgraph::tile_bit(tile(rules, "5z")) |
           meldgraph::tile_bit(tile(rules, "1f"))));
  REQUIRE(rules.wildcards().jokers == 0);
  REQUIRE_FALSE(rules.wildcards().per_hand);
  REQUIRE(rules.wildcards().exceed_copies);
}

namespace {

/// A parent rule file (base/parent.yaml) and a child extending it (rules/sub/child.yaml) in
/// `dir`: the child's path.
std::string write_parent_and_child(const TempDir& dir) {
  dir.write("base/parent.yaml", R"(name: parent
description: "from the parent"
tiles:
  copies: 4
  suits:
    - {letter: m, ranks: 1-9, sequences: true}
    - {letter: z, ranks: 1-7}
hand: {tiles: 14}
wildcards: {jokers: 4, per_hand: true}
forms:
  standard: {type: melds}
  seven_pairs: {type: pairs, pairs: 7, four_as_two_pairs: false}
  four_wildcards: {type: wildcards}
)");
  return dir.write("rules/sub/child.yaml", R"(name: child
extends: ../../base/parent.yaml
wildcards:
  jokers: 0
forms:
  seven_pairs:
    enabled: false
  four_wildcards:
    count: 3
  orphans:
    type: set
    tiles: 159m1234567z
)");
}

}  // namespace

TEST_CASE("extends merges maps and replaces lists", "[rules]") {
  const TempDir dir;
  const std::string child = write_parent_and_child(dir);

  SECTION("deep merge") {
    const RuleSet rules = meldgraph::load_rules(child);
    REQUIRE(rules.name() == "child");
    REQUIRE(rules.source() == child);
    REQUIRE(rules.description() == "from the parent");
    REQUIRE(rules.tile_count() == 16);
    REQUIRE(rules.hand_tiles() == 14);
    // wildcards merged key by key: jokers from the child, per_hand from the parent.
    REQUIRE(rules.wildcards().jokers == 0);
    REQUIRE(rules.wildcards().per_hand);
    REQUIRE(form_names(rules) ==
            std::vector<std::string>{"standard", "seven_pairs", "four_wildcards", "orphans"});
    const auto& seven = rules.forms()[1];
    REQUIRE_FALSE(seven.enabled);
    REQUIRE(seven.type == FormType::pairs);
    REQUIRE(seven.pairs == 7);
    REQUIRE_FALSE(seven.four_as_two_pairs);
    REQUIRE(rules.forms()[2].count == 3);
    REQUIRE(rules.forms()[3].set_tiles.size() == 10);
    REQUIRE(rules.forms()[3].hand_tiles == 11);
  }

  SECTION("a child's list replaces the parent's") {
    const std::string other = dir.write("rules/other.yml", R"(name: other
extends: ../base/parent.yaml
tiles:
  suits:
    - {letter: p, ranks: 1-9}
forms:
  seven_pairs: {enabled: false}
  four_wildcards: {enabled: false}
)");
    const RuleSet rules = meldgraph::load_rules(other);
    REQUIRE(rules.suits().size() == 1);
    REQUIRE(rules.suits()[0].letter == 'p');
    REQUIRE_FALSE(rules.suits()[0].sequences);
    REQUIRE(rules.tile_count() == 9);
  }
}

TEST_CASE("extends: a built-in or a file named by path", "[rules]") {
  const TempDir dir;
  write_parent_and_child(dir);

  SECTION("a file may extend a built-in") {
    const std::string file = dir.write("mine.yaml", R"(name: mine
extends: laizi
wildcards: {jokers: 4}
forms:
  seven_pairs: {enabled: false}
)");
    const RuleSet rules = meldgraph::load_rules(file);
    REQUIRE(rules.tile_count() == 42);
    REQUIRE(rules.wildcards().jokers == 4);
    REQUIRE(rules.wildcards().per_hand);
    REQUIRE_FALSE(rules.forms()[1].enabled);
    REQUIRE(rules.forms()[2].enabled);
  }

  SECTION("text extends a file by path") {
    const std::string parent = (dir.path() / "base" / "parent.yaml").string();
    const RuleSet rules = meldgraph::load_rules_from_string(
        "name: text\nextends: " + parent + "\nhand: {tiles: 17}\n", "text");
    REQUIRE(rules.name() == "text");
    REQUIRE(rules.hand_tiles() == 17);
    REQUIRE(rules.source() == "text");
  }
}

TEST_CASE("extends: errors name the file that set the key", "[rules]") {
  const TempDir dir;
  write_parent_and_child(dir);

  SECTION("errors name the file that set the key") {
    const std::string bad = dir.write("rules/bad.yaml", R"(name: bad
extends: ../base/parent.yaml
hand:
  tiles: 11
)");
    // seven_pairs (14 tiles) comes from the parent; hand.tiles, set later, is blamed.
    REQUIRE_THROWS_AS(meldgraph::load_rules(bad), RuleError);
    REQUIRE_THROWS_WITH(
        meldgraph::load_rules(bad),
        Contains(bad + ":4:3: ") &&
            Contains("form 'seven_pairs' needs 14 tiles, more than hand.tiles (11)"));

    const std::string typo = dir.write("rules/typo.yaml", R"(name: typo
extends: ../base/parent.yaml
forms:
  seven_pairs:
    enable: true
)");
    REQUIRE_THROWS_WITH(
        meldgraph::load_rules(typo),
        Contains(typo + ":5:5: ") && Contains("unknown key 'enable' in forms.seven_pairs"));

    // The parent's own mistake is reported in the parent, even when the child is loaded.
    const std::string broken_parent = dir.write("broken/parent.yaml", R"(name: broken
tiles:
  suits: [{letter: m, ranks: 1-9, sequences: maybe}]
forms: {standard: {type: melds}}
)");
    const std::string broken_child =
        dir.write("broken/child.yaml", "name: child\nextends: parent.yaml\n");
    REQUIRE_THROWS_WITH(meldgraph::load_rules(broken_child),
                        Contains(broken_parent + ":3:46: ") &&
                            Contains("expected a boolean for 'sequences', got 'maybe'"));

    // Every file needs its own name.
    const std::string nameless = dir.write("nameless/child.yaml", "extends: basic\n");
    REQUIRE_THROWS_WITH(meldgraph::load_rules(nameless),
                        Contains(nameless + ":1:1: ") && Contains("missing required key 'name'"));

    // A missing parent file is reported at the extends line.
    const std::string orphan = dir.write("orphan.yaml", "name: orphan\nextends: gone.yaml\n");
    REQUIRE_THROWS_WITH(
        meldgraph::load_rules(orphan),
        Contains(orphan + ":2:10: ") &&
            Contains("cannot open rule file '" + (dir.path() / "gone.yaml").string() + "'"));
  }
}

TEST_CASE("extends cycles are named", "[rules]") {
  const TempDir dir;
  const std::string a = dir.write("a.yaml", "name: a\nextends: b.yaml\n");
  const std::string b = dir.write("b.yaml", "name: b\n\nextends: ./a.yaml\n");
  REQUIRE_THROWS_AS(meldgraph::load_rules(a), RuleError);
  REQUIRE_THROWS_WITH(
      meldgraph::load_rules(a),
      Contains(b + ":3:10: ") && Contains("extends cycle: " + a + " -> " + b + " -> " + a));

  const std::string self = dir.write("self.yaml", "name: self\nextends: self.yaml\n");
  REQUIRE_THROWS_WITH(
      meldgraph::load_rules(self),
      Contains(self + ":2:10: ") && Contains("extends cycle: " + self + " -> " + self));
}

TEST_CASE("dump round trip", "[rules]") {
  std::vector<RuleSet> sets;
  for (const std::string& name : meldgraph::builtin_rule_names()) {
    sets.push_back(meldgraph::load_rules(name));
  }
  // Everything the built-ins leave at defaults, and text that needs quoting.
  sets.push_back(meldgraph::load_rules_from_string(R"(name: odd-one
description: "quotes \" backslash \\ newline \n tab \t and 癞子"
tiles:
  copies: 2
  suits:
    - {letter: m, name: "null", ranks: 1-9, sequences: true, copies: 4, red_fives: 2}
    - {letter: z, name: "yes", ranks: [1, 3, 5], groups: {"null": [1], b: [3, 5]}}
  bonus:
    - {letter: f, ranks: 1-8}
    - {letter: g, ranks: [2]}
hand: {tiles: 11}
wildcards: {jokers: 3, tiles: "5z1f", per_hand: false, exceed_copies: false}
forms:
  "null": {type: melds, wildcards: false}
  four_pairs: {type: pairs, pairs: 4, four_as_two_pairs: false, enabled: false}
  orphans: {type: set, tiles: ["9m", "1m", "3z", "1z"], wildcards: false}
  three_wild: {type: wildcards, count: 3}
)",
                                                   "odd.yaml"));

  for (const RuleSet& rules : sets) {
    INFO("rule set " << rules.name());
    const std::string text = meldgraph::dump_rules(rules);
    INFO(text);
    REQUIRE(text.rfind("# ", 0) == 0);
    REQUIRE(text.find(rules.source()) != std::string::npos);
    REQUIRE(text.find("\nextends:") == std::string::npos);
    const RuleSet again = meldgraph::load_rules_from_string(text, rules.source());
    require_same_rules(rules, again);
    REQUIRE(meldgraph::dump_rules(again) == text);
  }

  // The odd rule set's derived values survived.
  const RuleSet& odd = sets.back();
  REQUIRE(odd.description() == "quotes \" backslash \\ newline \n tab \t and 癞子");
  REQUIRE(odd.suits()[0].name == "null");
  REQUIRE(odd.suits()[1].groups[0].first == "null");
  REQUIRE(odd.forms()[0].name == "null");
  REQUIRE(odd.forms()[2].set_tiles ==
          std::vector<TileId>{tile(odd, "1m"), tile(odd, "9m"), tile(odd, "1z"), tile(odd, "3z")});
  REQUIRE(odd.forms()[2].hand_tiles == 5);
  REQUIRE(odd.suits()[2].copies == 2);
  REQUIRE(odd.tile_count() == 9 + 3 + 8 + 1);
  REQUIRE_FALSE(odd.wildcards().exceed_copies);
}

TEST_CASE("dump writes every key with defaults", "[rules]") {
  const std::string text = meldgraph::dump_rules(meldgraph::load_rules("basic"));
  REQUIRE(text.find("description: \"The classic 3n+2 check") != std::string::npos);
  for (const char* key : {"name: basic",
                          "tiles:",
                          "  copies: 4",
                          "  suits:",
                          "  bonus: []",
                          "      ranks: [1, 2, 3, 4, 5, 6, 7, 8, 9]",
                          "      red_fives: 0",
                          "        winds: [1, 2, 3, 4]",
                          "hand:",
                          "  tiles: 17",
                          "wildcards:",
                          "  jokers: 0",
                          "  tiles: []",
                          "  per_hand: false",
                          "  exceed_copies: true",
                          "forms:",
                          "  standard:",
                          "    type: melds",
                          "    enabled: true",
                          "    wildcards: true",
                          "    pairs: 1"}) {
    INFO(key);
    REQUIRE(text.find(std::string(key) + "\n") != std::string::npos);
  }
  const std::string laizi = meldgraph::dump_rules(meldgraph::load_rules("laizi"));
  REQUIRE(laizi.find("    tiles: [\"1m\", \"9m\", \"1p\", \"9p\", \"1s\", \"9s\", \"1z\", \"2z\", "
                     "\"3z\", \"4z\", \"5z\", \"6z\", \"7z\"]\n") != std::string::npos);
}
