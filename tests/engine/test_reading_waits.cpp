// The wait set before the win (ReadingContext::waits_before, only_wait): hand-worked hands, and
// random ready hands against the exact waits. Tagged [reading].

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
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
