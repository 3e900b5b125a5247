// Every scoring fixture file (tests/data/fixtures/scoring/*.json) run through the Scorer: each
// case's hand, scored under its context, must give what its `expect` says (only the fields it
// gives). The expected values are worked out by hand from the rules (each case says how in
// `why`); tests/data/fixtures/README.md describes the format.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/hand_flowers.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "rule_files.hpp"

using namespace meldgraph;

namespace {

const std::filesystem::path kScoringFixtures =
    std::filesystem::path(MELDGRAPH_TEST_DATA_DIR) / "fixtures" / "scoring";

/// The keys a case's `expect` may hold: a misspelt key must fail, not be skipped.
const std::set<std::string> kExpectKeys = {
    "patterns", "han",      "fan",  "faan",  "tai",  "hua", "fu",  "yakuman", "points",
    "payments", "readings", "wins", "limit", "dora", "ura", "red", "tied"};

std::vector<std::filesystem::path> fixture_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(kScoringFixtures)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str(), nullptr, true, /*ignore_comments=*/true);
}

/// Checks one case of `file` (its index `number`, for the messages).
void check_case(const RuleSet& rules, const nlohmann::json& entry) {
  const std::string hand_text = entry.at("hand").get<std::string>();
  // The game's wildcard tile, as `--wild` or `--indicator` choose it (laizi, wuhan).
  TileMask wild = 0;
  if (entry.contains("wild")) wild |= parse_wild_choice(entry["wild"].get<std::string>(), rules);
  if (entry.contains("indicator")) {
    wild |= parse_indicator(entry["indicator"].get<std::string>(), rules);
  }
  const Hand hand = parse_hand(hand_text, rules, wild);
  WinContext context = parse_win_context(entry.value("context", nlohmann::json::object()), rules);
  check_win_context(context, hand, rules);
  // The hand's own bonus tiles are its flowers, as on every command's path.
  merge_hand_flowers(context, hand, rules, hand_text);
  Scorer scorer(rules);
  const HandScore& score = scorer.score(hand, context);
  const ScoredReading* best = score.best_reading();
  const nlohmann::json& expect = entry.at("expect");
  for (const auto& [key, value] : expect.items()) {
    INFO("expect key " << key);
    CHECK(kExpectKeys.count(key) == 1);
  }
  if (expect.contains("wins")) CHECK(score.wins == expect["wins"].get<bool>());
  if (expect.contains("readings")) CHECK(score.scored == expect["readings"].get<std::uint64_t>());
  if (expect.contains("tied")) CHECK(score.tied.size() == expect["tied"].get<std::size_t>());
  if (best == nullptr) {
    // No reading: only the fields that say so may be expected.
    for (const char* key : {"patterns", "han", "fu", "points", "payments", "yakuman"}) {
      INFO("expected '" << key << "' of a hand without a reading");
      CHECK(!expect.contains(key));
    }
    return;
  }
  const ReadingValue& value = best->value;
  const std::string unit(scoring_unit_name(scorer.scoring().unit));
  if (expect.contains("patterns")) {
    std::multiset<std::string> want;
    for (const auto& id : expect["patterns"]) want.insert(id.get<std::string>());
    std::multiset<std::string> got;
    std::string listed;
    for (const PatternHit& hit : best->hits) {
      got.insert(scorer.scoring().patterns.patterns[hit.pattern].id);
      listed += " " + scorer.scoring().patterns.patterns[hit.pattern].id;
    }
    INFO("best reading's patterns:" << listed);
    CHECK(got == want);
  }
  if (expect.contains(unit)) CHECK(value.units == expect[unit].get<std::int32_t>());
  if (expect.contains("fu")) CHECK(value.fu == expect["fu"].get<std::int32_t>());
  if (expect.contains("yakuman")) CHECK(int{value.yakuman} == expect["yakuman"].get<int>());
  if (expect.contains("points")) CHECK(value.points == expect["points"].get<std::int64_t>());
  if (expect.contains("limit")) CHECK(value.limit == expect["limit"].get<std::string>());
  if (expect.contains("dora")) CHECK(value.dora == expect["dora"].get<std::int32_t>());
  if (expect.contains("ura")) CHECK(value.ura == expect["ura"].get<std::int32_t>());
  if (expect.contains("red")) CHECK(value.red == expect["red"].get<std::int32_t>());
  if (expect.contains("payments")) {
    constexpr const char* kSeats[] = {"E", "S", "W", "N"};
    for (std::size_t seat = 0; seat < 4; ++seat) {
      INFO("payment of " << kSeats[seat]);
      CHECK(value.payments[seat] == expect["payments"].value(kSeats[seat], std::int64_t{0}));
    }
  }
}

}  // namespace

TEST_CASE("scoring fixtures: every case of every file", "[scoring][fixtures]") {
  const std::vector<std::filesystem::path> files = fixture_files();
  // The scorer's own file at least; the others' files join as they land.
  REQUIRE(std::find(files.begin(), files.end(), kScoringFixtures / "riichi_readings.json") !=
          files.end());
  for (const std::filesystem::path& path : files) {
    const nlohmann::json fixture = read_json(path);
    const RuleSet& rules = test::rules_named(fixture.at("rules").get<std::string>());
    const nlohmann::json& cases = fixture.at("cases");
    REQUIRE(!cases.empty());
    for (std::size_t i = 0; i < cases.size(); ++i) {
      INFO(path.filename().string()
           << " case " << i + 1 << ": " << cases[i].value("hand", std::string("?")) << " "
           << cases[i].value("context", nlohmann::json::object()).dump());
      try {
        // A case may name its own rule set (a preset of the file's, scored beside it).
        check_case(cases[i].contains("rules")
                       ? test::rules_named(cases[i]["rules"].get<std::string>())
                       : rules,
                   cases[i]);
      } catch (const std::exception& error) {
        FAIL("threw: " << error.what());
      }
    }
  }
}

namespace {

/// The pattern ids expected by some case of the fixture files whose name starts with `prefix`.
std::set<std::string> expected_patterns(const std::string& prefix) {
  std::set<std::string> expected;
  for (const std::filesystem::path& path : fixture_files()) {
    if (path.filename().string().rfind(prefix, 0) != 0) continue;
    const nlohmann::json fixture = read_json(path);
    for (const auto& entry : fixture.at("cases")) {
      const nlohmann::json& expect = entry.at("expect");
      if (!expect.contains("patterns")) continue;
      for (const auto& id : expect["patterns"]) expected.insert(id.get<std::string>());
    }
  }
  return expected;
}

/// Every pattern of rule set `name` (of which there are `count`) is expected by some case of
/// the `name`*.json fixture files.
void check_table_covered(const std::string& name, std::size_t count) {
  const std::set<std::string> expected = expected_patterns(name);
  const RuleSet& rules = test::rules_named(name);
  REQUIRE(scoring_rules(rules) != nullptr);
  const auto& patterns = scoring_rules(rules)->patterns.patterns;
  CHECK(patterns.size() == count);
  for (const auto& pattern : patterns) {
    INFO("pattern " << pattern.id);
    CHECK(expected.count(pattern.id) == 1);
  }
}

}  // namespace

// The Hong Kong table is covered: every pattern of rules/hongkong.yaml is the expected pattern
// of some case of the hongkong*.json files (which run under it or a file extending it).
TEST_CASE("scoring fixtures: every Hong Kong pattern is expected by some case",
          "[scoring][fixtures]") {
  check_table_covered("hongkong", 36);
}

// The Taiwan table likewise, by the taiwan*.json files.
TEST_CASE("scoring fixtures: every Taiwan pattern is expected by some case",
          "[scoring][fixtures]") {
  check_table_covered("taiwan", 35);
}

// The Sichuan table likewise, by the sichuan*.json files (sichuan_zimo_jiafan.json's file
// extends it and turns 自摸 on).
TEST_CASE("scoring fixtures: every Sichuan pattern is expected by some case",
          "[scoring][fixtures]") {
  check_table_covered("sichuan", 20);
}

// The Guangdong table likewise, by the guangdong*.json files (the ghost files and
// tests/data/rules/guangdong_options.yaml extend it; that file turns the room options on).
TEST_CASE("scoring fixtures: every Guangdong pattern is expected by some case",
          "[scoring][fixtures]") {
  check_table_covered("guangdong", 25);
}

// Wuhan's table by the wuhan*.json files (风一色 under wuhan_winds, which wuhan's tiles cannot
// reach), and laizi's by the laizi*.json files.
TEST_CASE("scoring fixtures: every Wuhan and laizi pattern is expected by some case",
          "[scoring][fixtures]") {
  check_table_covered("wuhan", 14);
  check_table_covered("laizi", 14);
}

// Fuzhou's table, by the fuzhou*.json files (the adding scheme, and the multiplying one of
// tests/data/rules/fuzhou_multiplying.yaml).
TEST_CASE("scoring fixtures: every Fuzhou pattern is expected by some case",
          "[scoring][fixtures]") {
  check_table_covered("fuzhou", 21);
}

// Shanghai's table, by the shanghai*.json files (the disabled 无百搭 (归位) under
// tests/data/rules/shanghai_gui_wei.yaml).
TEST_CASE("scoring fixtures: every Shanghai pattern is expected by some case",
          "[scoring][fixtures]") {
  check_table_covered("shanghai", 17);
}
