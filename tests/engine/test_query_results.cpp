// Shanten, waits and improving tiles assembled from the queries (meldgraph/queries/results.hpp)
// against the search's own compute_shanten, compute_waits and improving_tiles, and the analyzers'
// output with and without `search_only`. Random hands of every size under every built-in rule set,
// with 0-8 wildcards, visible tiles and declared melds; errors must be the same errors.
//
// Tagged [query_results].

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/queries/results.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "test_scale.hpp"
#include "visible_tiles.hpp"

namespace {

using namespace meldgraph;

// A quarter of them under the sanitizers (test_scale.hpp, the one definition of the factor).
constexpr int kHandsPerSize = 24 / meldgraph::test::kScale;

std::string text_of(const ShantenResult& result) {
  std::ostringstream out;
  out << result.shanten << ':';
  for (const FormShanten& form : result.by_form) out << ' ' << form.form << '=' << form.shanten;
  return out.str();
}

std::string text_of(const Waits& waits) {
  std::ostringstream out;
  for (const WaitTile& tile : waits.tiles) {
    out << int{tile.tile} << '(' << tile.remaining << ')';
    for (const std::size_t form : tile.forms) out << ',' << form;
    out << ' ';
  }
  out << "total " << waits.remaining_total << " wild " << waits.wildcards_exist
      << waits.wildcard_completes;
  for (const std::size_t form : waits.wildcard_forms) out << ',' << form;
  return out.str();
}

std::string text_of(const std::vector<Improvement>& tiles) {
  std::ostringstream out;
  for (const Improvement& tile : tiles) out << int{tile.tile} << '(' << tile.remaining << ") ";
  return out.str();
}

/// The answer's text, or the error's: both paths must fail alike.
template <class Query>
std::string outcome(Query&& query) {
  try {
    return text_of(query());
  } catch (const Error& error) {
    return std::string("error: ") + error.what();
  }
}

struct Tally {
  int hands = 0;
  int by_tables = 0;  ///< hands whose shanten the tables answered
};

void check_hand(const RuleSet& rules, const Hand& hand, RandomHands& random, Tally& tally) {
  INFO("rules " << rules.name() << ", hand " << format_hand(hand, rules));
  ++tally.hands;
  if (answered_by_tables(rules, hand, Query::shanten)) ++tally.by_tables;
  CHECK(outcome([&] { return shanten_from_queries(rules, hand); }) ==
        outcome([&] { return compute_shanten(rules, hand); }));
  if (hand.size(rules) % 3 != 1) return;
  const TileCounts visible = test::random_visible(rules, hand, random);
  for (const TileCounts* seen : {static_cast<const TileCounts*>(nullptr), &visible}) {
    CHECK(outcome([&] { return waits_from_queries(rules, hand, seen); }) ==
          outcome([&] { return compute_waits(rules, hand, seen); }));
    CHECK(outcome([&] { return improving_from_queries(rules, hand, seen); }) ==
          outcome([&] { return improving_tiles(rules, hand, seen); }));
  }
}

}  // namespace

TEST_CASE("query results equal the search's on random hands", "[query_results]") {
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    RandomHands random(rules, 17);
    Tally tally;
    for (int size = 1; size <= rules.hand_tiles(); ++size) {
      if (size % 3 == 0) continue;
      for (int i = 0; i < kHandsPerSize; ++i) {
        check_hand(rules, random.random(size, 8), random, tally);
        if (size % 3 == 1 && size < rules.hand_tiles()) {
          try {
            check_hand(rules, random.ready(size, 8), random, tally);
          } catch (const Error&) {
            // No ready hand of this size under these rules (a form of fixed size): skipped.
          }
        }
      }
    }
    INFO("rules " << name);
    CHECK(tally.hands > 0);
    if (name == "riichi" || name == "basic") CHECK(tally.by_tables == tally.hands);
  }
}

TEST_CASE("query results: declared melds and bad sizes", "[query_results]") {
  const RuleSet rules = load_rules("laizi");
  RandomHands random(rules, 3);
  Tally tally;
  for (const char* text : {"[123m]456p789s1122z", "[123m](2222p)11z45s", "[777z]123m45p*", "123m",
                           "123m456p", "1m", "*", "[1111m][2222m][3333m][4444m]5m"}) {
    check_hand(rules, parse_hand(text, rules, 0), random, tally);
  }
  CHECK(tally.hands == 8);
}

TEST_CASE("analyzers answer alike with and without the tables", "[query_results]") {
  const AnalyzerRegistry registry = builtin_analyzers();
  for (const char* name : {"riichi", "laizi", "mcr", "sichuan"}) {
    const RuleSet rules = load_rules(name);
    RandomHands random(rules, 5);
    AnswerOptions fast;
    AnswerOptions search;
    search.search_only = true;
    for (int i = 0; i < 4 * kHandsPerSize; ++i) {
      const Hand hand = i % 3 == 0 ? random.ready(13, 8) : random.random(i % 3 == 1 ? 13 : 14, 8);
      const HandAnalysis analysis(rules, hand);
      for (const char* analyzer : {"win", "shanten", "waits"}) {
        INFO(name << ' ' << analyzer << ' ' << format_hand(hand, rules));
        const auto run = [&](const AnswerOptions& options) {
          nlohmann::json out = nlohmann::json::object();
          std::ostringstream text;
          AnswerWorkspace workspace(rules);
          try {
            registry.create(analyzer, rules, options)->write_json(analysis, workspace, out);
            registry.create(analyzer, rules, options)->write_text(analysis, workspace, text);
          } catch (const Error& error) {
            return std::string("error: ") + error.what();
          }
          return out.dump() + text.str();
        };
        CHECK(run(fast) == run(search));
      }
    }
  }
}
