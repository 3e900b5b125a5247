// Declared melds and sources in readings (meldgraph/reading/reading.hpp): a meld's kind, state,
// source and claimed tile; a concealed pung completed by a discard counts as open; tile-class
// lookups on the groups. Tagged [reading].

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/reading/reading.hpp"
#include "reading_support.hpp"
#include "rule_files.hpp"

using namespace meldgraph;
using namespace meldgraph::test;

TEST_CASE("a declared meld's claimed tile", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  const Hand hand = parse_hand("067p8s [34-0m] [5=555z] [777z] +8s", rules);
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  const auto& groups = reads[0].reading.groups;
  CHECK(groups[0].claimed_slot == 1);
  CHECK(groups[0].slots[1].tile == tile(rules, "4m"));
  CHECK(groups[1].claimed_slot == 0);
  CHECK(groups[1].state == MeldState::exposed);
  CHECK(groups[2].claimed_slot == -1);  // no marker: not known
  CHECK(groups[3].claimed_slot == -1);  // concealed
}

TEST_CASE("declared melds: kind, state and source", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  Hand hand = parse_hand("123m99p[777z][2222s](3333s)", rules);
  hand.melds[0].set_source(MeldSource::left);
  hand.melds[1].set_source(MeldSource::across);
  hand.melds[1].flags = static_cast<std::uint8_t>(hand.melds[1].flags | kGroupAddedKong);
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  const auto& groups = reads[0].reading.groups;
  CHECK(groups[0].state == MeldState::exposed);
  CHECK(groups[0].source == MeldSource::left);
  CHECK(groups[0].group.kind == GroupKind::pung);
  CHECK(groups[1].state == MeldState::added_kong);
  CHECK(groups[1].source == MeldSource::across);
  CHECK(groups[1].group.kind == GroupKind::kong);
  CHECK(groups[1].counts_as_open);
  CHECK(groups[2].state == MeldState::concealed_kong);
  CHECK_FALSE(groups[2].counts_as_open);
  CHECK(groups[2].source == MeldSource::unknown);
  CHECK(groups[3].state == MeldState::concealed);
}

TEST_CASE("a concealed pung completed by a discard counts as open", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  // 55z 99s waiting on either: the 9s completes the pung 999s (a shanpon).
  const Hand hand = parse_hand("111m234p567s55z99s+9s", rules);
  WinContext ron;
  ron.win = WinKind::discard;
  ron.from = MeldSource::right;
  for (const bool discard : {false, true}) {
    const std::vector<Read> reads = read_all(rules, hand, discard ? ron : WinContext{});
    REQUIRE(reads.size() == 1);
    const Reading& reading = reads[0].reading;
    REQUIRE(reading.winning_group >= 0);
    const ReadingGroup& won = reading.groups[static_cast<std::size_t>(reading.winning_group)];
    CHECK(won.group.kind == GroupKind::pung);
    CHECK(won.by_discard == discard);
    CHECK(won.counts_as_open == discard);
    // The concealed pung of 1m held no winning tile: closed either way.
    CHECK_FALSE(reading.groups[0].counts_as_open);
    CHECK(reading.wait == WaitShape::dual_pung);
    const ReadingContext context = make_reading_context(rules, hand, discard ? ron : WinContext{});
    CHECK(context.waits_before() == mask_of(rules, {"9s", "5z"}));
    CHECK_FALSE(context.only_wait());
  }
}

TEST_CASE("tile-class lookups on groups", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  const std::vector<Read> reads = read_all(rules, parse_hand("123m456p999s111z7z+7z", rules));
  REQUIRE(reads.size() == 1);
  const TileClasses& classes = rules.tile_classes();
  const auto& groups = reads[0].reading.groups;
  CHECK(groups[0].any_in(classes.terminals));
  CHECK_FALSE(groups[0].all_in(classes.terminals_or_honours));
  CHECK(groups[0].suit(rules) == rules.find_suit('m'));
  CHECK(groups[1].all_in(classes.simples));
  CHECK(groups[2].all_in(classes.terminals));
  CHECK(groups[3].all_in(classes.winds));
  CHECK(groups[4].all_in(classes.dragons));
  CHECK(groups[4].all_in(classes.honours));
}
