// The wait set before the win (ReadingContext::waits_before, only_wait): hand-worked hands, and
// random ready hands against the exact waits. Tagged [reading].

#include <algorithm>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/loader/loader.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "reading_support.hpp"
#include "rule_files.hpp"

using namespace meldgraph;
using namespace meldgraph::test;

TEST_CASE("the wait set before the win, and the only wait", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  const ReadingContext tanki =
      make_reading_context(rules, parse_hand("123m456p789s111z2z+2z", rules));
  CHECK(tanki.has_waits());
  CHECK(tanki.waits_before() == mask_of(rules, {"2z"}));
  CHECK(tanki.only_wait());
  const ReadingContext sided =
      make_reading_context(rules, parse_hand("23m456p789s111z22z+1m", rules));
  CHECK(sided.waits_before() == mask_of(rules, {"1m", "4m"}));
  CHECK_FALSE(sided.only_wait());
  // The wait set is computed on first use and kept: asking again gives the same.
  CHECK(sided.waits_before() == mask_of(rules, {"1m", "4m"}));
  // A context reused for another hand forgets the last hand's waits.
  ReadingContext reused = sided;
  make_reading_context(rules, parse_hand("123m456p789s111z2z+2z", rules), WinContext{}, reused);
  CHECK(reused.waits_before() == mask_of(rules, {"2z"}));
  // No winning tile: no wait set.
  const ReadingContext none = make_reading_context(rules, parse_hand("123m456p789s111z22z", rules));
  CHECK_FALSE(none.has_waits());
  CHECK(none.waits_before() == 0);
  CHECK_FALSE(none.only_wait());
}

TEST_CASE("the wait set before the win matches the exact waits", "[reading]") {
  for (const char* name : {"riichi", "laizi", "mcr"}) {
    const RuleSet rules = load_rules(name);
    RandomHands random(rules, 7);
    for (int n = 0; n < 200; ++n) {
      Hand ready = random.ready(13, 2);
      const Waits waits = compute_waits(rules, ready, nullptr);
      if (waits.tiles.empty()) continue;
      TileMask expected = 0;
      for (const WaitTile& wait : waits.tiles) expected |= tile_bit(wait.tile);
      // Win on the first wait.
      Hand hand = ready;
      hand.winning = waits.tiles[0].tile;
      ++hand.counts[hand.winning];
      const ReadingContext context = make_reading_context(rules, hand);
      CHECK(context.has_waits());
      CHECK(context.waits_before() == expected);
    }
  }
}

TEST_CASE("shape waits: a tile of which the hand holds every copy", "[reading]") {
  const RuleSet rules = load_rules("mcr");
  // 1111222m 123p 123s won on 3m: the shape also waits on 1m (111m 11m 222m), all four held.
  const Hand edge = parse_hand("1111222m123p123s+3m", rules);
  const ReadingContext drawable = make_reading_context(rules, edge);
  CHECK(drawable.waits_before() == mask_of(rules, {"3m"}));
  CHECK(drawable.only_wait());
  ReadingContext shape;
  shape.shape_waits = true;
  make_reading_context(rules, edge, WinContext{}, shape);
  CHECK(shape.waits_before() == mask_of(rules, {"1m", "3m"}));
  CHECK_FALSE(shape.only_wait());
  // The setting outlives the reuse; the copies may be in a declared meld.
  make_reading_context(rules, parse_hand("1234m123p123s[111m]+4m", rules), WinContext{}, shape);
  CHECK(shape.waits_before() == mask_of(rules, {"1m", "4m"}));
  // A hand holding no tile at all its copies keeps its waits.
  make_reading_context(rules, parse_hand("23m456p789s111z22z+1m", rules), WinContext{}, shape);
  CHECK(shape.waits_before() == mask_of(rules, {"1m", "4m"}));
}

TEST_CASE("shape waits are the waits under hand.exhausted_waits", "[reading]") {
  const RuleSet rules = load_rules("mcr");
  const RuleSet exhausted =
      load_rules_from_string("name: t\nextends: mcr\nhand: {exhausted_waits: true}\n", "t.yaml");
  // Random ready hands (the hand-worked ones above hold the four of a kind).
  RandomHands random(rules, 11);
  for (int n = 0; n < 400; ++n) {
    Hand ready = random.ready(13, 0);
    const Waits waits = compute_waits(exhausted, ready, nullptr);
    if (waits.tiles.empty()) continue;
    TileMask expected = 0;
    for (const WaitTile& wait : waits.tiles) expected |= tile_bit(wait.tile);
    // Win on a drawable wait (the one that can be drawn), then read the shape's waits.
    const auto drawable = std::find_if(waits.tiles.begin(), waits.tiles.end(),
                                       [](const WaitTile& wait) { return wait.remaining > 0; });
    if (drawable == waits.tiles.end()) continue;
    Hand hand = ready;
    hand.winning = drawable->tile;
    ++hand.counts[hand.winning];
    ReadingContext context;
    context.shape_waits = true;
    make_reading_context(rules, hand, WinContext{}, context);
    CHECK(context.waits_before() == expected);
  }
}
