// Payments under three players (docs/scoring.md, "`payments`", three players): the absent
// player's share of a self-draw lost (sanma's tsumo loss, the fixtures in sanma_payments.json)
// or split between the two payers (payments.absent_share: split, 北家折半). Values worked by
// hand from the base: mangan 2000, haneman 3000, 30 fu 1 han 240.

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/scoring/scorer.hpp"

using namespace meldgraph;

namespace {

const RuleSet& sanma_split() {
  static const RuleSet rules = load_rules_from_string(
      "name: sanma_split\nextends: sanma\nscoring: {payments: {absent_share: split}}\n", "test");
  return rules;
}

/// The best reading's payments E, S, W, N of `hand` under `rules` in the context `object`.
std::array<std::int64_t, 4> payments_of(const RuleSet& rules, const std::string& hand,
                                        const std::string& object) {
  const Hand parsed = parse_hand(hand, rules);
  const WinContext context = parse_win_context(nlohmann::json::parse(object), rules);
  check_win_context(context, parsed, rules);
  Scorer scorer(rules);
  const ScoredReading* best = scorer.score(parsed, context).best_reading();
  REQUIRE(best != nullptr);
  return best->value.payments;
}

using Seats = std::array<std::int64_t, 4>;

}  // namespace

TEST_CASE("north bisection: the absent share split between the two payers", "[scoring][players]") {
  const RuleSet& rules = sanma_split();
  // Riichi, menzen tsumo, pinfu, tanyao, one dora (4p names 5p): 5 han, mangan, base 2000.
  const std::string hand = "234p456p345s55s67s+8s";
  // A non-dealer's self-draw: the dealer 2 x 2000 and half the absent North's 2000, 5000; West
  // 2000 + 1000 = 3000: 8000, as on a discard.
  CHECK(payments_of(rules, hand, R"({"seat_wind": "S", "riichi": true, "dora": ["4p"]})") ==
        Seats{-5000, 8000, -3000, 0});
  // The dealer's: 4000 from each and half of the absent 4000: 6000 each, 12000.
  CHECK(payments_of(rules, hand, R"({"seat_wind": "E", "riichi": true, "dora": ["4p"]})") ==
        Seats{12000, -6000, -6000, 0});
  // Rounded once, after the split: menzen tsumo and rinshan on the kita replacement with the
  // North's dora, 3 han 30 fu, base 960: the dealer 2.5 x 960 = 2400, West 1.5 x 960 = 1440,
  // 1500.
  CHECK(payments_of(rules, "234p456p345s678s9p+9p",
                    R"({"seat_wind": "S", "after_kong": true, "set_aside": 1})") ==
        Seats{-2400, 3900, -1500, 0});
  // A discard is paid as with four players, the discarder paying it all: without menzen tsumo
  // 4 han 30 fu, base 1920, x 4 = 7680, 7700.
  CHECK(payments_of(rules, hand,
                    R"({"seat_wind": "S", "win": "discard", "from": "left", "riichi": true,
                        "dora": ["4p"]})") == Seats{-7700, 7700, 0, 0});
}

TEST_CASE("tsumo loss: the absent share is not paid", "[scoring][players]") {
  const RuleSet& rules = load_rules("sanma");
  // The same mangan: 4000 + 2000 (fixtures: sanma_payments.json); the 3 han 30 fu self-draw:
  // the dealer 1920, 2000; West 960, 1000.
  CHECK(payments_of(rules, "234p456p345s55s67s+8s",
                    R"({"seat_wind": "S", "riichi": true, "dora": ["4p"]})") ==
        Seats{-4000, 6000, -2000, 0});
  CHECK(payments_of(rules, "234p456p345s678s9p+9p",
                    R"({"seat_wind": "S", "after_kong": true, "set_aside": 1})") ==
        Seats{-2000, 3000, -1000, 0});
}
