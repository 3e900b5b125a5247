// Every shipped rule set against its fixture file (tests/data/fixtures/NAME.txt): hands with the
// expected forms, interpretation counts, waits and shanten, worked out from the rules by hand.

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/answers/rule_sets.hpp"

using namespace meldgraph;

namespace {

struct FixtureLine {
  int line = 0;
  std::string hand;
  std::map<std::string, std::string> fields;
};

std::vector<FixtureLine> read_fixture(const std::filesystem::path& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<FixtureLine> lines;
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    const auto hash = text.find('#');
    if (hash != std::string::npos) text.resize(hash);
    std::istringstream words(text);
    FixtureLine entry;
    entry.line = number;
    if (!(words >> entry.hand)) continue;
    std::string field;
    while (words >> field) {
      const auto equals = field.find('=');
      REQUIRE(equals != std::string::npos);
      entry.fields[field.substr(0, equals)] = field.substr(equals + 1);
    }
    lines.push_back(entry);
  }
  return lines;
}

/// "standard:2,seven_pairs:1" -> map; "none" -> empty.
std::map<std::string, std::uint64_t> parse_forms(const std::string& text) {
  std::map<std::string, std::uint64_t> forms;
  if (text == "none") return forms;
  std::istringstream parts(text);
  std::string part;
  while (std::getline(parts, part, ',')) {
    const auto colon = part.find(':');
    REQUIRE(colon != std::string::npos);
    forms[part.substr(0, colon)] = std::stoull(part.substr(colon + 1));
  }
  return forms;
}

/// MPSZ list of tiles -> mask; "none" -> 0. Read as a tile list, not a hand, so that a list may
/// be longer than a hand.
TileMask parse_tile_set(const std::string& text, const RuleSet& rules) {
  if (text == "none") return 0;
  const TileCounts counts = parse_visible(text, rules);
  TileMask mask = 0;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if (counts[t] > 0) mask |= tile_bit(t);
  }
  return mask;
}

}  // namespace

TEST_CASE("every shipped rule set passes its fixture file", "[fixtures]") {
  const std::filesystem::path directory = std::filesystem::path(MELDGRAPH_TEST_DATA_DIR) / "fixtures";
  for (const std::string& name : builtin_rule_names()) {
    CAPTURE(name);
    const std::filesystem::path path = directory / (name + ".txt");
    REQUIRE(std::filesystem::exists(path));
    const RuleSet rules = load_rules(name);
    const std::vector<FixtureLine> lines = read_fixture(path);
    CHECK(lines.size() >= 5);
    for (const FixtureLine& entry : lines) {
      CAPTURE(entry.line, entry.hand);
      TileMask wild = 0;
      if (entry.fields.count("wild") != 0) wild |= parse_wild_choice(entry.fields.at("wild"), rules);
      if (entry.fields.count("indicator") != 0) {
        wild |= parse_indicator(entry.fields.at("indicator"), rules);
      }
      const Hand hand = parse_hand(entry.hand, rules, wild);
      if (entry.fields.count("forms") != 0) {
        const Decomposition decomposition(rules, hand);
        std::map<std::string, std::uint64_t> found;
        for (const FormGraph& graph : decomposition.graphs()) {
          if (!graph.empty()) found[rules.forms()[graph.form()].name] = graph.path_count();
        }
        CHECK(found == parse_forms(entry.fields.at("forms")));
      }
      if (entry.fields.count("waits") != 0) {
        const Waits waits = compute_waits(rules, hand, nullptr);
        TileMask found = 0;
        for (const WaitTile& tile : waits.tiles) found |= tile_bit(tile.tile);
        CHECK(found == parse_tile_set(entry.fields.at("waits"), rules));
      }
      if (entry.fields.count("shanten") != 0) {
        CHECK(compute_shanten(rules, hand).shanten == std::stoi(entry.fields.at("shanten")));
      }
    }
  }
}
