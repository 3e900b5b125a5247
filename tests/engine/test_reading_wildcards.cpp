// Wildcards placed in readings (meldgraph/reading/reading.hpp): the winning wildcard on the
// winning slot, own faces first, jokers before wild kinds; restricted stand-ins each where its
// class may stand; natural_use. Tagged [reading].

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/reading/reading.hpp"
#include "reading_support.hpp"
#include "rule_files.hpp"

using namespace meldgraph;
using namespace meldgraph::test;

TEST_CASE("jokers and wild tiles: winning wildcard, own face first, jokers before wild kinds",
          "[reading]") {
  const RuleSet rules = load_rules("laizi");
  const TileMask wild = parse_wild_choice("5m", rules);
  // Two wild 5m and four jokers, the winning tile a joker.
  const Hand hand = parse_hand("123m55m789p11s***+*", rules, wild);
  const std::vector<Read> reads = read_all(rules, hand);
  const TileId five = tile(rules, "5m");
  // 3{4}{5}m winning on the 4: the winning joker takes the 4, the wild 5m its own face.
  bool seen = false;
  for (const Read& read : reads) {
    const Reading& reading = read.reading;
    if (reading.winning_group < 0) continue;
    const ReadingGroup& won = reading.groups[static_cast<std::size_t>(reading.winning_group)];
    if (format_reading_group(won, rules) != "3{4}{5}m" ||
        read.interpretation.wait != WaitShape::closed) {
      continue;
    }
    seen = true;
    CHECK(won.slots[1].joker());
    CHECK(won.slots[2].wild_tile == five);
    CHECK(won.slots[2].own_face);
    CHECK(won.slots[0].mark == SlotMark::natural);
  }
  CHECK(seen);
  // 1{1}m 2{2}{2}m 3{3}{3}m 789p 11{1}s winning on 11{1}s: the winning joker in the pair, the
  // other jokers in order (1{1}m, 2{2}{2}m), then the wild 5m (3{3}{3}m).
  const Read* read = nullptr;
  for (const Read& candidate : reads) {
    if (candidate.reading.winning_group == 4 &&
        find_text({candidate}, rules, "1{1}m 2{2}{2}m 3{3}{3}m 789p 11{1}s") != nullptr) {
      read = &candidate;
    }
  }
  REQUIRE(read != nullptr);
  const auto& groups = read->reading.groups;
  CHECK(groups[4].slots[2].joker());
  CHECK(groups[0].slots[1].joker());
  CHECK(groups[1].slots[1].joker());
  CHECK(groups[1].slots[2].joker());
  CHECK(groups[2].slots[1].wild_tile == five);
  CHECK(groups[2].slots[2].wild_tile == five);
  CHECK_FALSE(groups[2].slots[1].own_face);
  CHECK(groups[2].slots[1].tile == tile(rules, "3m"));
}

TEST_CASE("restricted stand-ins: each wildcard where its class may stand", "[reading]") {
  const RuleSet rules = test_rules("reading_restricted");
  // A joker and the white dragon (wild, winds and dragons only).
  const Hand hand = parse_hand("123m456p789s11z6z*5z", rules);
  const std::vector<Read> reads = read_all(rules, hand);
  const TileId white = tile(rules, "5z");
  const TileMask honours_wild = mask_of(rules, {"1z", "2z", "3z", "4z", "5z", "6z", "7z"});
  REQUIRE_FALSE(reads.empty());
  for (const Read& read : reads) {
    int jokers = 0;
    int whites = 0;
    for (const ReadingGroup& group : read.reading.groups) {
      for (const Slot& slot : group.slots) {
        if (!slot.wild()) continue;
        if (slot.joker()) {
          ++jokers;
        } else {
          REQUIRE(slot.wild_tile == white);
          ++whites;
          CHECK(TileClasses::in(honours_wild, slot.tile));
        }
      }
    }
    CHECK(jokers == 1);
    CHECK(whites == 1);
  }
  // 6{6}{6b}z: the joker (class 0) and the white dragon (class 1, b) both on 6z.
  CHECK(find_text(reads, rules, "123m 456p 789s 11z 6{6}{6b}z") != nullptr);
}

TEST_CASE("natural_use: a wild tile on its own face is not soft", "[reading]") {
  const RuleSet rules = test_rules("reading_natural_use");
  // 5m is wild in this hand, with one joker: 4{5}6m may hold the wild 5m on its own face.
  // The two wildcards are of one class, so the joker on 5m and the wild 5m on 1z is the same
  // interpretation: the reading puts the 5m on its own face, the joker on 1z.
  const Hand hand = parse_hand("123p456p789s1z46m5m*", rules, parse_wild_choice("5m", rules));
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  const Read* read = find_text(reads, rules, "4{5}6m 123p 456p 789s 1{1}z");
  REQUIRE(read != nullptr);
  const ReadingGroup& chow = read->reading.groups[0];
  CHECK(chow.slots[1].own_face);
  CHECK(chow.slots[1].wild_tile == tile(rules, "5m"));
  CHECK(read->reading.groups[4].slots[1].joker());
  CHECK_FALSE(read->reading.groups[4].slots[1].own_face);
  CHECK(read->reading.soft_wildcards == 1);  // the joker only
}
