// The random hand generator (meldgraph/corpus/random_hands.hpp): every hand it makes is one the
// notation reads back unchanged, complete hands win, ready hands wait on something, and a seed
// fixes the output.
//
// Every TEST_CASE is tagged [random].

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "rule_files.hpp"

namespace {

using namespace meldgraph;

/// A per-hand wildcard choice for rule sets that take one (5m, or the tile after a 4m indicator),
/// so that wild tile kinds are exercised besides jokers and fixed wild kinds.
TileMask per_hand_wild(const RuleSet& rules) {
  TileMask wild = 0;
  if (rules.wildcards().per_hand) wild |= parse_wild_choice("5m", rules);
  if (rules.wildcards().indicator.enabled) wild |= parse_indicator("4m", rules);
  return wild;
}

/// The hand read back from its own text: the generator's invariants are exactly the parser's.
void check_round_trip(const Hand& hand, const RuleSet& rules, TileMask wild) {
  const std::string text = format_hand(hand, rules);
  INFO(rules.name() << ": " << text);
  Hand back;
  REQUIRE_NOTHROW(back = parse_hand(text, rules, wild));
  CHECK(back == hand);
}

bool has_melds_form(const RuleSet& rules) {
  for (const FormSpec& form : rules.forms()) {
    if (form.enabled && form.type == FormType::melds) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("random hands are valid hands of the size asked", "[random]") {
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    const TileMask wild = per_hand_wild(rules);
    RandomHands gen(rules, 7, wild);
    for (int size = 1; size <= rules.hand_tiles(); ++size) {
      for (int k = 0; k < 20; ++k) {
        const int max_wild = k % 9;
        const Hand hand = gen.random(size, max_wild);
        INFO(name << " size " << size << ": " << format_hand(hand, rules));
        CHECK(hand.size(rules) == size);
        CHECK(hand.wildcard_count() <= max_wild);
        CHECK(hand.wild_tiles == (rules.fixed_wild_tiles() | wild));
        check_round_trip(hand, rules, wild);
      }
    }
  }
}

TEST_CASE("random hands hold wildcards where the rule set has them", "[random]") {
  const RuleSet laizi = load_rules("laizi");
  RandomHands gen(laizi, 11, parse_wild_choice("5m", laizi));
  int most = 0;
  bool wild_kind_seen = false;
  for (int k = 0; k < 300; ++k) {
    const Hand hand = gen.random(14, 8);
    most = std::max(most, hand.wildcard_count());
    if (hand.counts[parse_tile("5m", laizi)] > 0) wild_kind_seen = true;
  }
  // 0..8 uniformly: over 300 hands the top of the range turns up.
  CHECK(most == 8);
  CHECK(wild_kind_seen);

  const RuleSet riichi = load_rules("riichi");
  RandomHands plain(riichi, 11);
  bool red_seen = false;
  for (int k = 0; k < 300; ++k) {
    const Hand hand = plain.random(14, 8);
    CHECK(hand.wildcard_count() == 0);  // riichi has no wildcards to draw
    for (const std::uint8_t red : hand.red) red_seen = red_seen || red > 0;
  }
  CHECK(red_seen);
}

TEST_CASE("complete random hands win", "[random]") {
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    if (!has_melds_form(rules)) continue;
    const TileMask wild = per_hand_wild(rules);
    RandomHands gen(rules, 3, wild);
    for (int size = 2; size <= rules.hand_tiles(); size += 3) {
      for (int k = 0; k < 12; ++k) {
        const Hand hand = gen.complete(size, k % 9);
        INFO(name << ": " << format_hand(hand, rules));
        CHECK(hand.size(rules) == size);
        CHECK(Decomposition(rules, hand).wins());
        check_round_trip(hand, rules, wild);
      }
    }
  }
}

TEST_CASE("ready random hands have a wait", "[random]") {
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    if (!has_melds_form(rules)) continue;
    const TileMask wild = per_hand_wild(rules);
    RandomHands gen(rules, 5, wild);
    const int size = rules.hand_tiles() - 1;
    for (int k = 0; k < 12; ++k) {
      const Hand hand = gen.ready(size, k % 9);
      INFO(name << ": " << format_hand(hand, rules));
      CHECK(hand.size(rules) == size);
      CHECK_FALSE(compute_waits(rules, hand, nullptr).tiles.empty());
      check_round_trip(hand, rules, wild);
    }
  }
}

TEST_CASE("complete random hands keep the form's restrictions", "[random]") {
  // Pairs of 2, 5 or 8 only, no wildcard in the pair, at most two wildcards in a win: every
  // generated hand must still win.
  const RuleSet rules = test::test_rules("pair258");
  RandomHands gen(rules, 9);
  for (int k = 0; k < 40; ++k) {
    const Hand hand = gen.complete(14, 8);
    INFO(format_hand(hand, rules));
    CHECK(hand.wildcard_count() <= 2);
    CHECK(Decomposition(rules, hand).wins());
  }
  const RuleSet sichuan = load_rules("sichuan");
  RandomHands lacking(sichuan, 9);
  for (int k = 0; k < 40; ++k) {
    const Hand hand = lacking.complete(14, 0);
    INFO(format_hand(hand, sichuan));
    CHECK(Decomposition(sichuan, hand).wins());
  }
}

TEST_CASE("random hands are fixed by the seed", "[random]") {
  // The standard fixes mt19937_64's sequence: its 10000th output is this value.
  std::mt19937_64 engine;
  engine.discard(9999);
  CHECK(engine() == 9981545732273789042ULL);

  const RuleSet rules = load_rules("laizi");
  const auto run = [&](std::uint64_t seed) {
    RandomHands gen(rules, seed);
    std::vector<std::string> texts;
    for (int k = 0; k < 30; ++k) {
      texts.push_back(format_hand(gen.random(14, 8), rules));
      texts.push_back(format_hand(gen.complete(14, 8), rules));
      texts.push_back(format_hand(gen.ready(13, 8), rules));
    }
    return texts;
  };
  CHECK(run(42) == run(42));
  CHECK(run(42) != run(43));
}

TEST_CASE("random draws follow their definitions on the standard's mt19937_64", "[random]") {
  // std::mt19937_64's outputs are fixed by the standard; its first from the default seed (5489) is
  // the published 14514284786278117030. Every draw below is derived from the raw outputs by the
  // definitions in random_draws.hpp, written out again here.
  RandomDraws draws(5489);
  // below(10): 2^64 mod 10 = 6 and 14514284786278117030 >= 6, so the draw is that output mod 10.
  CHECK(draws.below(10) == 14514284786278117030ULL % 10);
  std::mt19937_64 raw(5489);
  CHECK(raw() == 14514284786278117030ULL);
  const auto below = [&](std::uint64_t bound) {
    const std::uint64_t threshold = (std::uint64_t{0} - bound) % bound;
    for (;;) {
      const std::uint64_t value = raw();
      if (value >= threshold) return value % bound;
    }
  };
  for (int k = 0; k < 200; ++k) {
    CHECK(draws.below(7) == below(7));
    CHECK(draws.between(-3, 3) == -3 + static_cast<int>(below(7)));
    CHECK(draws.chance(0.25) == ((raw() >> 11) < (std::uint64_t{1} << 51)));
  }
  // A bound just above 2^63 rejects almost half of the outputs: the draws stay in step.
  const std::uint64_t big = (std::uint64_t{1} << 63) + 12345;
  for (int k = 0; k < 50; ++k) CHECK(draws.below(big) == below(big));
  std::vector<int> items{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::vector<int> expected = items;
  draws.shuffle(items.begin(), items.end());
  for (std::size_t i = 0; i + 1 < expected.size(); ++i) {
    std::swap(expected[i], expected[i + below(expected.size() - i)]);
  }
  CHECK(items == expected);
  CHECK(draws.chance(0.0) == false);
  CHECK(draws.chance(1.0) == true);
}

TEST_CASE("random hands: the first hands of a seed, drawn by hand from the definitions",
          "[random]") {
  // basic holds no wildcards and no red fives, so random(14, 0) draws below(1) for the wildcard
  // count (one output, always 0) and then 14 steps of a partial Fisher-Yates shuffle over the
  // wall (every copy of every tile, by tile id), from the front; the hand is the first 14 places.
  const RuleSet rules = load_rules("basic");
  RandomHands gen(rules, 2026);
  std::mt19937_64 raw(2026);
  const auto below = [&](std::uint64_t bound) {
    const std::uint64_t threshold = (std::uint64_t{0} - bound) % bound;
    for (;;) {
      const std::uint64_t value = raw();
      if (value >= threshold) return value % bound;
    }
  };
  std::vector<TileId> wall;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    for (int c = 0; c < rules.tile(t).copies; ++c) wall.push_back(t);
  }
  REQUIRE(wall.size() == 136);
  for (int hand_number = 0; hand_number < 3; ++hand_number) {
    CHECK(below(1) == 0);
    // The generator keeps shuffling its wall where the last hand left it.
    for (std::size_t i = 0; i < 14; ++i) std::swap(wall[i], wall[i + below(wall.size() - i)]);
    TileCounts counts{};
    for (std::size_t i = 0; i < 14; ++i) ++counts[wall[i]];
    const Hand hand = gen.random(14, 0);
    INFO("hand " << hand_number << ": " << format_hand(hand, rules));
    CHECK(hand.counts == counts);
    CHECK(hand.jokers == 0);
  }
}

TEST_CASE("random hands: below() is in range and reaches every value", "[random]") {
  const RuleSet rules = load_rules("basic");
  RandomHands gen(rules, 1);
  std::vector<int> seen(7, 0);
  for (int k = 0; k < 7000; ++k) {
    const std::uint64_t value = gen.below(7);
    REQUIRE(value < 7);
    ++seen[value];
  }
  // Each of 7 values is expected 1000 times; 800..1200 is more than six standard deviations.
  for (const int count : seen) {
    CHECK(count > 800);
    CHECK(count < 1200);
  }
  CHECK(gen.below(1) == 0);
  CHECK(gen.below(UINT64_MAX) < UINT64_MAX);
}

TEST_CASE("random hands refuse sizes the rules do not allow", "[random]") {
  const RuleSet rules = load_rules("riichi");
  RandomHands gen(rules, 1);
  CHECK_THROWS_AS(gen.random(0, 0), Error);
  CHECK_THROWS_AS(gen.random(15, 0), Error);
  CHECK_THROWS_AS(gen.complete(13, 0), Error);
  CHECK_THROWS_AS(gen.ready(14, 0), Error);
}
