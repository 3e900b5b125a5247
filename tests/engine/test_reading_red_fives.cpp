// Red fives in readings (meldgraph/reading/reading.hpp): a concealed red five on the first five
// slot in group order, a declared meld's on its first five, and the winning tile's redness on the
// winning slot. Tagged [reading].

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

TEST_CASE("natural tiles and red fives, concealed and declared", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  const Hand hand = parse_hand("345m406p1s[055s]789s+1s", rules);
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  const Reading& reading = reads[0].reading;
  REQUIRE(reading.groups.size() == 5);
  // Declared melds first: the red five of [055s] stays in the meld, on its first five.
  const ReadingGroup& meld = reading.groups[0];
  CHECK(meld.state == MeldState::exposed);
  CHECK(meld.counts_as_open);
  CHECK(meld.slots[0].mark == SlotMark::red_five);
  CHECK(meld.slots[0].red);
  CHECK(meld.slots[1].mark == SlotMark::natural);
  CHECK(format_reading_group(meld, rules) == "[055s]");
  // The concealed red 5p sits in the chow 456p, slot 1.
  const ReadingGroup& chow = reading.groups[2];
  CHECK(format_reading_group(chow, rules) == "406p");
  CHECK(chow.slots[1].mark == SlotMark::red_five);
  CHECK(chow.slots[0].mark == SlotMark::natural);
  CHECK(chow.slots[1].tile == tile(rules, "5p"));
  // 345m holds a plain 5m: the hand's only red 5m is absent.
  CHECK(format_reading_group(reading.groups[1], rules) == "345m");
  for (const ReadingGroup& group : reading.groups) {
    for (const Slot& slot : group.slots) CHECK_FALSE(slot.wild());
  }
}

TEST_CASE("a concealed red five goes to the first five slot in group order", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  // Written 055m, but the hand remembers only that one 5m is red: it goes to the first five
  // slot in group order, which is 345m's (groups are ordered by their lowest tile).
  const Hand hand = parse_hand("055m345m678p99s11z+1z", rules);
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  CHECK(find_text(reads, rules, "340m 555m 678p 99s 111z") != nullptr);
}

TEST_CASE("the winning tile's redness: +0m is the winning slot's, +5m leaves it plain",
          "[reading]") {
  const RuleSet rules = load_rules("riichi");
  // A plain winning 5m beside a red one: the red five is the pair's when the chow wins, the
  // chow's when the pair wins, never the winning slot's.
  const Hand plain = parse_hand("34m05m123p456s111z+5m", rules);
  CHECK_FALSE(plain.winning_red);
  CHECK(format_hand(plain, rules) == "3405m123p456s111z+5m");
  const std::vector<Read> plain_reads = read_all(rules, plain);
  REQUIRE(plain_reads.size() == 2);
  // A red winning 5m: the winning slot is red, wherever it is, and the reading says so.
  const Hand red = parse_hand("34m55m123p456s111z+0m", rules);
  CHECK(red.winning_red);
  CHECK(format_hand(red, rules) == "3455m123p456s111z+0m");
  CHECK(parse_hand(format_hand(red, rules), rules) == red);
  const std::vector<Read> red_reads = read_all(rules, red);
  REQUIRE(red_reads.size() == 2);
  for (const Read& read : red_reads) {
    CHECK(read.reading.winning_red);
    REQUIRE(read.reading.winning_group >= 0);
    const ReadingGroup& won =
        read.reading.groups[static_cast<std::size_t>(read.reading.winning_group)];
    const Slot& slot = won.slots[static_cast<std::size_t>(won.group.winning_slot())];
    CHECK(slot.red);
    CHECK(slot.mark == SlotMark::red_five);
    int reds = 0;
    for (const ReadingGroup& group : read.reading.groups) {
      for (const Slot& other : group.slots) reds += other.red ? 1 : 0;
    }
    CHECK(reds == 1);
  }
  // Which reading wins with which group: 345m (0), 55m (1), 123p, 456s, 111z.
  struct Won {
    const char* what;
    const std::vector<Read>* reads;
    const char* text;
    int winning_group;
  };
  for (const Won& row : {Won{"plain, the chow wins", &plain_reads, "345m 05m 123p 456s 111z", 0},
                         Won{"plain, the pair wins", &plain_reads, "340m 55m 123p 456s 111z", 1},
                         Won{"red, the chow wins", &red_reads, "340m 55m 123p 456s 111z", 0},
                         Won{"red, the pair wins", &red_reads, "345m 05m 123p 456s 111z", 1}}) {
    INFO(row.what);
    const Read* found = find_text(*row.reads, rules, row.text);
    REQUIRE(found != nullptr);
    CHECK(found->reading.winning_group == row.winning_group);
  }
  CHECK_FALSE(plain_reads[0].reading.winning_red);
}
