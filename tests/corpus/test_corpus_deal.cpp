// corpus deal (corpus.hpp): hand i of a corpus is a pure function of (rules, options, seed, i),
// its tiles are within the wall, the filters hold, and impossible requests fail with the option
// named. Tagged [corpus][deal].

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/answers/rule_sets.hpp"

namespace {

using meldgraph::Dealer;
using meldgraph::DealOptions;
using meldgraph::DealtHand;
using meldgraph::RuleSet;
using meldgraph::TileId;

DealOptions checked(const RuleSet& rules, DealOptions options) {
  meldgraph::check_deal_options(rules, options);
  return options;
}

std::string text(const RuleSet& rules, const DealtHand& dealt) {
  return meldgraph::format_hand(dealt.hand, rules);
}

/// Holds when the hand (and the bonus tiles dealt with it) fit in the wall: no tile beyond its
/// copies, no more jokers than the set holds, and the size asked for.
void require_within_wall(const RuleSet& rules, const DealtHand& dealt, int size) {
  REQUIRE(dealt.hand.size(rules) == size);
  REQUIRE(dealt.hand.jokers <= rules.wildcards().jokers);
  std::vector<int> held(rules.tile_count(), 0);
  for (TileId t = 0; t < rules.tile_count(); ++t) held[t] = dealt.hand.counts[t];
  for (const TileId t : dealt.bonus) {
    REQUIRE(rules.tile(t).bonus);
    ++held[t];
  }
  for (TileId t = 0; t < rules.tile_count(); ++t) REQUIRE(held[t] <= rules.tile(t).copies);
}

}  // namespace

TEST_CASE("a dealt hand depends only on the seed and its number", "[corpus][deal]") {
  const RuleSet rules = meldgraph::load_rules("laizi");
  const DealOptions options = checked(rules, {});
  constexpr std::uint64_t kHands = 3 * meldgraph::kDealBlock + 5;
  std::vector<std::string> ascending;
  Dealer dealer(rules, options, 7);
  for (std::uint64_t i = 0; i < kHands; ++i) {
    const DealtHand dealt = dealer.deal(i);
    REQUIRE(dealt.index == i);
    ascending.push_back(text(rules, dealt));
  }
  // Backwards, strided and one at a time: the same hands.
  Dealer backwards(rules, options, 7);
  for (std::uint64_t i = kHands; i-- > 0;) REQUIRE(text(rules, backwards.deal(i)) == ascending[i]);
  Dealer strided(rules, options, 7);
  for (std::uint64_t i = 1; i < kHands; i += 3)
    REQUIRE(text(rules, strided.deal(i)) == ascending[i]);
  REQUIRE(text(rules, meldgraph::deal_hand(rules, options, 7, 100)) == ascending[100]);
  // Another seed deals other hands (two equal 14-tile deals in a row are vanishingly unlikely).
  int same = 0;
  Dealer other(rules, options, 8);
  for (std::uint64_t i = 0; i < kHands; ++i) same += text(rules, other.deal(i)) == ascending[i];
  REQUIRE(same == 0);
}

TEST_CASE("dealt hands come from the wall, wildcards and bonus tiles as dealt", "[corpus][deal]") {
  const RuleSet rules = meldgraph::load_rules("laizi");
  DealOptions options = checked(rules, {});
  Dealer dealer(rules, options, 1);
  constexpr int kHands = 4000;
  long jokers = 0;
  long bonus = 0;
  for (int i = 0; i < kHands; ++i) {
    const DealtHand dealt = dealer.deal(static_cast<std::uint64_t>(i));
    require_within_wall(rules, dealt, 14);
    jokers += dealt.hand.jokers;
    bonus += static_cast<long>(dealt.bonus.size());
  }
  // Dealt, not chosen: the jokers held follow the wall's share of them. Laizi's wall is 136
  // natural tiles, 8 jokers and 8 flowers; 14 tiles that are not flowers hold 14 * 8 / 144 = 0.78
  // jokers on average (sd about 0.85 per hand, so 0.013 over 4000 hands); a uniform choice in
  // [0, 8] would average 4.
  const double mean_jokers = static_cast<double>(jokers) / kHands;
  CHECK(mean_jokers > 0.72);
  CHECK(mean_jokers < 0.84);
  // Each draw is a flower with probability about 8/152, and a hand draws about 14.8 tiles.
  CHECK(bonus > 0);
  CHECK(static_cast<double>(bonus) / kHands < 1.5);

  SECTION("13 and 17 tiles where the rule set allows them") {
    const RuleSet taiwan = meldgraph::load_rules("taiwan");
    for (const int size : {13, 16, 17}) {
      const DealOptions sized = checked(taiwan, {.size = size});
      Dealer sized_dealer(taiwan, sized, 3);
      for (std::uint64_t i = 0; i < 50; ++i)
        require_within_wall(taiwan, sized_dealer.deal(i), size);
    }
  }
}

TEST_CASE("an indicator rule set turns up an indicator per hand", "[corpus][deal]") {
  const RuleSet rules = meldgraph::load_rules("guangdong_indicator");
  // Dealt: the indicator is another physical tile of the wall, its wildcards the hand's.
  Dealer dealer(rules, checked(rules, {}), 5);
  std::vector<int> turned(rules.tile_count(), 0);
  for (std::uint64_t i = 0; i < 600; ++i) {
    const DealtHand dealt = dealer.deal(i);
    require_within_wall(rules, dealt, 14);
    REQUIRE(dealt.indicator != meldgraph::kNoTile);
    REQUIRE(rules.can_indicate(dealt.indicator));
    REQUIRE(dealt.hand.counts[dealt.indicator] < rules.tile(dealt.indicator).copies);
    REQUIRE(dealt.hand.wild_tiles ==
            (rules.fixed_wild_tiles() | rules.indicator_wild_tiles(dealt.indicator)));
    ++turned[dealt.indicator];
  }
  // Every one of the 34 kinds turns up in 600 hands (each about 1 in 34).
  CHECK(std::count_if(turned.begin(), turned.end(), [](int n) { return n > 0; }) == 34);
  // Built: complete hands with the wildcards of their own indicator.
  Dealer built(rules, checked(rules, {.complete_only = true}), 5);
  for (std::uint64_t i = 0; i < 200; ++i) {
    const DealtHand dealt = built.deal(i);
    REQUIRE(dealt.indicator != meldgraph::kNoTile);
    REQUIRE(dealt.hand.wild_tiles ==
            (rules.fixed_wild_tiles() | rules.indicator_wild_tiles(dealt.indicator)));
    REQUIRE(meldgraph::is_win(rules, dealt.hand));
  }
  // A wildcard given for every hand turns up none.
  DealOptions fixed;
  fixed.extra_wild = rules.indicator_wild_tiles(0);
  Dealer chosen(rules, checked(rules, fixed), 5);
  REQUIRE(chosen.deal(0).indicator == meldgraph::kNoTile);
}

TEST_CASE("deal filters hold", "[corpus][deal]") {
  const RuleSet rules = meldgraph::load_rules("riichi");
  SECTION("complete") {
    Dealer dealer(rules, checked(rules, {.complete_only = true}), 2);
    for (std::uint64_t i = 0; i < 200; ++i) {
      const DealtHand dealt = dealer.deal(i);
      require_within_wall(rules, dealt, 14);
      REQUIRE(meldgraph::is_win(rules, dealt.hand));
    }
  }
  SECTION("ready") {
    const DealOptions options = checked(rules, {.ready_only = true});
    REQUIRE(options.size == 13);
    Dealer dealer(rules, options, 2);
    for (std::uint64_t i = 0; i < 200; ++i) {
      const DealtHand dealt = dealer.deal(i);
      require_within_wall(rules, dealt, 13);
      REQUIRE(meldgraph::shanten_number(rules, dealt.hand) == 0);
    }
  }
  SECTION("shanten K, by rejection") {
    for (const int k : {0, 1, 3}) {
      for (const int size : {13, 14}) {
        Dealer dealer(rules, checked(rules, {.size = size, .shanten = k}), 5);
        for (std::uint64_t i = 0; i < 20; ++i) {
          const DealtHand dealt = dealer.deal(i);
          require_within_wall(rules, dealt, size);
          REQUIRE(meldgraph::shanten_number(rules, dealt.hand) == k);
          REQUIRE(dealt.draws >= 1);
        }
      }
    }
  }
  SECTION("a random context fits its hand") {
    const RuleSet laizi = meldgraph::load_rules("laizi");
    for (const bool complete : {false, true}) {
      Dealer dealer(laizi, checked(laizi, {.complete_only = complete, .random_context = true}), 4);
      for (std::uint64_t i = 0; i < 200; ++i) {
        const DealtHand dealt = dealer.deal(i);
        REQUIRE(dealt.context.has_value());
        REQUIRE(dealt.context->flower_tiles == dealt.bonus);
        REQUIRE_NOTHROW(meldgraph::check_win_context(*dealt.context, dealt.hand, laizi));
      }
    }
  }
}

TEST_CASE("impossible deals fail and name the option", "[corpus][deal]") {
  const RuleSet rules = meldgraph::load_rules("riichi");
  const auto message = [&](DealOptions options) {
    try {
      meldgraph::check_deal_options(rules, options);
    } catch (const meldgraph::Error& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  using Catch::Matchers::StartsWith;
  CHECK_THAT(message({.size = 15}), StartsWith("--size 15: "));
  CHECK_THAT(message({.size = 17}), StartsWith("--size 17: "));
  CHECK_THAT(message({.size = 13, .complete_only = true}), StartsWith("--size 13: "));
  CHECK_THAT(message({.size = 14, .ready_only = true}), StartsWith("--size 14: "));
  CHECK_THAT(message({.size = 13, .random_context = true}), StartsWith("--size 13: "));
  CHECK_THAT(message({.shanten = -1}), StartsWith("--shanten -1: "));
  CHECK_THAT(message({.shanten = -2}), StartsWith("--shanten -2: "));
  CHECK_THAT(message({.shanten = 1, .complete_only = true}), StartsWith("--shanten, --complete"));
  // A 2-tile hand is at most one tile from a pair: shanten 3 never holds, and the bounded
  // rejection says so instead of looping.
  CHECK_THAT(message({.size = 2, .shanten = 3}), StartsWith("--shanten 3: no 2-tile hand"));
}
