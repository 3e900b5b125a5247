// Rule files as hostile input, and how the loader reports problems: bounded aliases, depth,
// file size and extends chains, non-regular files, quoted scalars, a form whose inherited type
// is changed, every problem of a file in one error, and suggestions for misspelt words.

#include <sys/stat.h>

#include <string>
#include <vector>

#include "catch2/catch.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "temp_dir.hpp"

namespace {

using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using meldgraph::FormType;
using meldgraph::load_rules;
using meldgraph::load_rules_from_string;
using meldgraph::RuleError;
using meldgraph::RuleSet;
using meldgraph::testing::ScratchDir;

/// The message of the RuleError loading `yaml` raises; fails the test when it loads.
std::string load_error(const std::string& yaml) {
  try {
    (void)load_rules_from_string(yaml, "case.yaml");
  } catch (const RuleError& e) {
    return e.what();
  }
  FAIL("the rule text loaded:\n" << yaml);
  return "";
}

std::string load_file_error(const std::string& path) {
  try {
    (void)load_rules(path);
  } catch (const RuleError& e) {
    return e.what();
  }
  FAIL("the rule file loaded: " << path);
  return "";
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (const char c : text) {
    if (c == '\n') {
      lines.push_back(line);
      line.clear();
    } else {
      line += c;
    }
  }
  lines.push_back(line);
  return lines;
}

/// A valid rule set to extend and to break.
constexpr const char* kSmall = R"(name: small
tiles:
  suits:
    - {letter: m, ranks: 1-9, sequences: true}
    - {letter: z, ranks: 1-7}
forms:
  standard: {type: melds}
)";

}  // namespace

TEST_CASE("aliases are expanded within a budget", "[rules][hostile]") {
  // A "billion laughs": nine levels of nine aliases each, 9^9 scalars once expanded, in about
  // 500 bytes. Loading stops at the value budget instead of building them.
  std::string yaml = "name: lol\nextends: basic\na: &a [x, x, x, x, x, x, x, x, x]\n";
  const std::string levels = "abcdefghi";
  for (std::size_t level = 1; level < levels.size(); ++level) {
    yaml += levels[level];
    yaml += ": &";
    yaml += levels[level];
    yaml += " [";
    for (int i = 0; i < 9; ++i) {
      if (i > 0) yaml += ", ";
      yaml += '*';
      yaml += levels[level - 1];
    }
    yaml += "]\n";
  }
  REQUIRE(yaml.size() < 600);
  REQUIRE_THAT(load_error(yaml),
               Contains("case.yaml:") && Contains("the rule set holds more than 50000 values (an "
                                                  "alias counts at every use)"));

  // Aliases within the budget are ordinary values: one suit list shared by two forms' tiles.
  const RuleSet rules = load_rules_from_string(R"(name: shared
extends: basic
forms:
  orphans: {type: set, tiles: &orphans "19m19p19s1234567z"}
  orphans_too: {type: set, enabled: false, tiles: *orphans}
)",
                                               "shared.yaml");
  REQUIRE(rules.forms().size() == 3);
  REQUIRE(rules.forms()[1].set_tiles == rules.forms()[2].set_tiles);
  REQUIRE(rules.forms()[1].set_tiles.size() == 13);
}

TEST_CASE("an alias inside its own anchor is refused", "[rules][hostile]") {
  REQUIRE_THAT(load_error("name: x\nx: &r [*r]\n"),
               Equals("case.yaml:2:4: an alias refers to a node that contains it"));
  REQUIRE_THAT(load_error("name: x\nx: &r {a: [1, {b: *r}]}\n"),
               Contains("an alias refers to a node that contains it"));
}

TEST_CASE("nesting is bounded", "[rules][hostile]") {
  std::string deep = "name: x\nx: ";
  for (int i = 0; i < 100; ++i) deep += "[";
  deep += "1";
  for (int i = 0; i < 100; ++i) deep += "]";
  REQUIRE_THAT(load_error(deep), Contains("the rule file nests deeper than 64 levels"));
  // Deeper than yaml-cpp's own guard: its error, not a crash.
  std::string deeper = "name: x\nx: ";
  for (int i = 0; i < 100000; ++i) deeper += "[";
  REQUIRE_THAT(load_error(deeper), Contains("case.yaml:2:"));
}

TEST_CASE("extends chains are bounded", "[rules][hostile]") {
  const ScratchDir dir;
  // 8,000 files, each extending the next; the last extends basic. Reading stops at the bound
  // (a recursion per file would overflow the stack).
  constexpr int kFiles = 8000;
  const auto file_name = [](int i) {
    std::string name = "r";
    name += std::to_string(i);
    name += ".yaml";
    return name;
  };
  for (int i = 0; i < kFiles; ++i) {
    std::string text = "name: r";
    text += std::to_string(i);
    text += "\nextends: ";
    text += i + 1 < kFiles ? file_name(i + 1) : std::string("basic");
    text += '\n';
    dir.write(file_name(i), text);
  }
  REQUIRE_THAT(load_file_error((dir.path() / file_name(0)).string()),
               Contains("r31.yaml:2:10: the extends chain is longer than 32 files"));

  // A chain within the bound loads: 31 files and basic.
  const RuleSet rules = load_rules((dir.path() / file_name(kFiles - 31)).string());
  REQUIRE(rules.name() == "r7969");
  REQUIRE(rules.forms().size() == 1);
}

TEST_CASE("only regular files of bounded size are read", "[rules][hostile]") {
  const ScratchDir dir;
  SECTION("a device") {
    REQUIRE_THAT(load_error("name: z\nextends: /dev/zero\n"),
                 Equals("case.yaml:2:10: rule file '/dev/zero' is not a regular file"));
    REQUIRE_THAT(load_file_error("/dev/zero"),
                 Equals("rule file '/dev/zero' is not a regular file"));
  }
  SECTION("a FIFO, which would block on open") {
    const std::string fifo = (dir.path() / "fifo.yaml").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const std::string child = dir.write("child.yaml", "name: c\nextends: ./fifo.yaml\n");
    REQUIRE_THAT(load_file_error(child), Contains("child.yaml:2:10: rule file '") &&
                                             Contains("fifo.yaml' is not a regular file"));
    REQUIRE_THAT(load_file_error(fifo), Equals("rule file '" + fifo + "' is not a regular file"));
  }
  SECTION("a directory") {
    dir.write("sub.yaml/inside.txt", "");
    const std::string child = dir.write("child.yaml", "name: c\nextends: sub.yaml\n");
    REQUIRE_THAT(load_file_error(child), Contains("child.yaml:2:10: rule file '") &&
                                             Contains("sub.yaml' is not a regular file"));
  }
  SECTION("a file too large") {
    const std::string big = dir.write(
        "big.yaml", std::string(kSmall) + std::string(std::size_t{300} * 1024, '#') + "\n");
    REQUIRE_THAT(load_file_error(big),
                 Equals("rule file '" + big + "' is larger than 262144 bytes"));
    const std::string child = dir.write("child.yaml", "name: c\nextends: big.yaml\n");
    REQUIRE_THAT(load_file_error(child), Contains("child.yaml:2:10: rule file '") &&
                                             Contains("big.yaml' is larger than 262144 bytes"));
    REQUIRE_THAT(
        load_error(std::string(kSmall) + "#" + std::string(std::size_t{300} * 1024, ' ') + "\n"),
        Equals("case.yaml: the rule text is larger than 262144 bytes"));
  }
  SECTION("a missing file") {
    REQUIRE_THAT(load_file_error((dir.path() / "none.yaml").string()),
                 Contains("cannot open rule file '"));
  }
}

TEST_CASE("quoted scalars are strings, not numbers or booleans", "[rules]") {
  const std::string base = std::string(kSmall);
  REQUIRE_THAT(load_error(base + "hand: {tiles: \"14\"}\n"),
               Equals("case.yaml:8:15: expected an integer for 'tiles', got the string \"14\" (a "
                      "quoted scalar is a string; write the number without quotes)"));
  REQUIRE_THAT(load_error(base + "hand: {exhausted_waits: 'true'}\n"),
               Equals("case.yaml:8:25: expected a boolean for 'exhausted_waits', got the string "
                      "\"true\" (a quoted scalar is a string; write true or false without "
                      "quotes)"));
  REQUIRE_THAT(load_error(base + "wildcards: {jokers: !!str 4}\n"),
               Contains("expected an integer for 'jokers', got the string \"4\""));
  // Plain scalars read as before, and quoted tile codes and ranges are strings as they should be.
  const RuleSet rules = load_rules_from_string(
      base + "hand: {tiles: 11, exhausted_waits: true}\nwildcards: {tiles: \"5z\"}\n", "ok.yaml");
  REQUIRE(rules.hand_tiles() == 11);
  REQUIRE(rules.exhausted_waits());
  REQUIRE(rules.wildcards().tiles.size() == 1);
}

TEST_CASE("a child that changes a form's type replaces the form", "[rules]") {
  const ScratchDir dir;
  dir.write("parent.yaml", std::string(kSmall) +
                               "  seven_pairs: {type: pairs, pairs: 7, four_as_two_pairs: false}\n"
                               "  winds: {type: set, tiles: 1234z}\n");
  SECTION("the new type starts from its defaults") {
    // Merged into the inherited keys, `pairs: 7` and `four_as_two_pairs` would be reread (and
    // refused) under `melds`.
    const std::string child = dir.write("child.yaml", R"(name: child
extends: parent.yaml
forms:
  seven_pairs: {type: melds, pair_tiles: 258m}
)");
    const RuleSet rules = load_rules(child);
    REQUIRE(rules.forms().size() == 3);
    const auto& form = rules.forms()[1];
    REQUIRE(form.name == "seven_pairs");  // keeps its place in the form order
    REQUIRE(form.type == FormType::melds);
    REQUIRE(form.pairs == 1);
    REQUIRE(form.pair_tiles != 0);
    REQUIRE(rules.forms()[2].type == FormType::set);
  }
  SECTION("the new type's required keys must be given") {
    const std::string child = dir.write(
        "child.yaml", "name: child\nextends: parent.yaml\nforms:\n  winds: {type: pairs}\n");
    REQUIRE_THAT(load_file_error(child),
                 Contains("child.yaml:4:3: missing required key 'pairs' in forms.winds"));
  }
  SECTION("the same type merges") {
    const std::string child =
        dir.write("child.yaml",
                  "name: child\nextends: parent.yaml\nforms:\n  seven_pairs: {type: pairs, "
                  "enabled: false}\n");
    const RuleSet rules = load_rules(child);
    REQUIRE(rules.forms()[1].pairs == 7);
    REQUIRE_FALSE(rules.forms()[1].four_as_two_pairs);
    REQUIRE_FALSE(rules.forms()[1].enabled);
  }
}

TEST_CASE("every problem of a rule file is reported", "[rules]") {
  const std::string message = load_error(R"(name: many
extends: basic
hands: {tiles: 14}
hand: {tiles: 13, exhausted_waits: maybe}
wildcards: {joker: 3, per_hand: yes}
forms:
  standard: {type: meld}
  odd: {type: singles, honors: 1234567z}
  pairs: {type: pairs, pairs: 7, pair_wildcards: with_natrual}
)");
  const std::vector<std::string> lines = lines_of(message);
  // Long lines are split into adjacent literals on purpose.
  // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
  const std::vector<std::string> expected = {
      "case.yaml:3:1: unknown key 'hands' in the rule set; did you mean 'hand'? (valid keys: "
      "name, description, players, tiles, hand, wildcards, calls, forms, scoring)",
      "case.yaml:4:15: hand.tiles must be 3n+2 (2, 5, 8, 11, 14 or 17), got 13",
      "case.yaml:4:36: expected a boolean for 'exhausted_waits', got 'maybe'",
      "case.yaml:5:13: unknown key 'joker' in wildcards; did you mean 'jokers'? (valid keys: "
      "jokers, tiles, per_hand, per_hand_bonus, bonus_as_flowers, exceed_copies, in_melds, "
      "indicator, max_in_win, natural_use, stand_ins)",
      "case.yaml:5:33: expected a boolean for 'per_hand', got 'yes'",
      "case.yaml:7:20: unknown form type 'meld' for form 'standard'; did you mean 'melds'? "
      "(valid types: melds, pairs, set, wildcards, knitted, singles)",
      "case.yaml:8:24: unknown key 'honors' in forms.odd; did you mean 'honours'? (valid keys: "
      "type, enabled, wildcards, max_wildcards, scored_only, size, pairs, honours, suits, gap, "
      "require)",
      "case.yaml:9:50: unknown value 'with_natrual' for forms.pairs.pair_wildcards; did you mean "
      "'with_natural'? (valid values: any, with_natural, none)",
  };
  REQUIRE(lines == expected);
}

TEST_CASE("every bad value of one form is reported, and no check between them", "[rules]") {
  const std::string message = load_error(R"(name: many
extends: basic
forms:
  odd: {type: singles, size: x, pairs: y, suits: zig, gap: 0, enabled: maybe}
  two: {type: pairs, pairs: 0x, pungs: -1, four_as_two_pairs: maybe}
  std: {type: melds, pairs: 2, pair_tiles: [9x], wildcards: perhaps}
)");
  // Long lines are split into adjacent literals on purpose.
  // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
  const std::vector<std::string> expected = {
      "case.yaml:4:30: expected an integer for 'size', got 'x'",
      "case.yaml:4:40: expected an integer for 'pairs', got 'y'",
      "case.yaml:4:50: unknown value 'zig' for forms.odd.suits (valid values: knitted, gapped)",
      "case.yaml:4:60: 'gap' must be between 1 and 8, got 0",
      "case.yaml:4:72: expected a boolean for 'enabled', got 'maybe'",
      "case.yaml:5:29: expected an integer for 'pairs', got '0x'",
      "case.yaml:5:40: 'pungs' must be between 0 and 5, got -1",
      "case.yaml:5:63: expected a boolean for 'four_as_two_pairs', got 'maybe'",
      "case.yaml:6:29: melds form 'std' must have pairs 1, got 2",
      "case.yaml:6:45: unknown tile '9x' in forms.std.pair_tiles",
      "case.yaml:6:61: expected a boolean for 'wildcards', got 'perhaps'",
  };
  // No size or distinct-tiles check follows a value that did not read ('gap applies only with
  // suits: gapped' is not said of a suits value in error).
  REQUIRE(lines_of(message) == expected);
}

TEST_CASE("every bad value of one suit is reported", "[rules]") {
  const std::string message = load_error(R"(name: many
tiles:
  suits:
    - {letter: m, ranks: 1-9x, copies: 9, red_fives: two, sequences: maybe}
    - {letter: p, ranks: [1, 2, 3], red_fives: 1, copies: 0}
forms:
  standard: {type: melds}
)");
  // Past the letter each value reads on its own; red_fives is compared with the ranks and the
  // copies only where they read (5p: no rank 5, said; its copies in error, not compared).
  const std::vector<std::string> expected = {
      "case.yaml:4:26: expected a list of ranks or a range like \"1-9\" for 'ranks', got '1-9x'",
      "case.yaml:4:40: 'copies' must be between 1 and 8, got 9",
      "case.yaml:4:54: expected an integer for 'red_fives', got 'two'",
      "case.yaml:4:70: expected a boolean for 'sequences', got 'maybe'",
      "case.yaml:5:37: red_fives needs rank 5, which suit 'p' does not have",
      "case.yaml:5:59: 'copies' must be between 1 and 8, got 0",
  };
  REQUIRE(lines_of(message) == expected);
}

TEST_CASE("misspelt words are suggested", "[rules]") {
  const std::string base = std::string(kSmall);
  REQUIRE_THAT(
      load_error("name: x\nextends: lazi\n"),
      Contains("case.yaml:2:10: unknown rule set 'lazi'; did you mean 'laizi'? (built-in: "));
  REQUIRE_THAT(load_error(base + "wildcards:\n  jokers: 2\n  stand_ins: {joker: [honors]}\n"),
               Contains("case.yaml:10:23: unknown stand-in set 'honors' in "
                        "wildcards.stand_ins.joker; did you mean 'honours'? (set names: any, "
                        "honours, numbers, same_rank, own_suit, 147, 258, 369"));
  REQUIRE_THAT(load_error(base + "wildcards:\n  indicator: {cycle: suits}\n"),
               Contains("unknown value 'suits' for wildcards.indicator.cycle; did you mean "
                        "'suit'? (valid values: suit, group)"));
  // No suggestion when nothing is close, the valid words all the same.
  REQUIRE_THAT(load_error(base + "hand: {colour: red}\n"),
               Equals("case.yaml:8:8: unknown key 'colour' in hand (valid keys: tiles, "
                      "exhausted_waits, missing_suits, forbidden_tiles)"));
}

TEST_CASE("an unknown key in the tile set does not hide the other problems", "[rules]") {
  const std::string message = load_error(R"(name: typo
tiles:
  suits:
    - {letter: m, ranks: 1-9, sequence: true}
forms:
  standard: {type: melds, enabled: no}
)");
  REQUIRE(lines_of(message) ==
          std::vector<std::string>{
              "case.yaml:4:31: unknown key 'sequence' in tiles.suits[0]; did you mean "
              "'sequences'? (valid keys: letter, name, ranks, sequences, copies, red_fives, "
              "groups)",
              "case.yaml:6:36: expected a boolean for 'enabled', got 'no'"});
  // A suit that does not read ends the reading: tile codes after it could not be resolved.
  REQUIRE_THAT(load_error("name: t\ntiles:\n  suits: [{letter: m, ranks: [1, 0]}]\nforms:\n  x: "
                          "{type: meld}\n"),
               Equals("case.yaml:3:34: 'ranks' must be between 1 and 9, got 0"));
}

TEST_CASE("control characters in a rule file are escaped in messages", "[rules][hostile]") {
  // A NUL would cut the message short where it is printed, a newline forge a line of its own.
  const std::string text = std::string(kSmall) + "hand: {tiles: \"1\\0x\", \"a\\nb\": 1}\n";
  REQUIRE(lines_of(load_error(text)) ==
          std::vector<std::string>{
              "case.yaml:8:15: expected an integer for 'tiles', got the string \"1\\x00x\" (a "
              "quoted scalar is a string; write the number without quotes)",
              "case.yaml:8:23: unknown key 'a\\x0ab' in hand (valid keys: tiles, exhausted_waits, "
              "missing_suits, forbidden_tiles)"});
}
