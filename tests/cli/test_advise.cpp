// Discard advice (answers/advise.hpp) against a slow, obviously correct reference: each discard
// found by trying every tile the hand holds, its shanten by the exact search, its improving tiles
// by trying every draw, its waits by trying every tile as the winning one; on random hands of
// every shipped rule set with 0 to 4 wildcards; on thousands more, each hand priced alone by
// shanten_number. Then hands whose advice is worked out by hand.
// Tagged [advise].

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "meldgraph/answers/advise.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/loader/loader.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "test_scale.hpp"

namespace {

using namespace meldgraph;

/// What the reference says of one discard.
struct ReferenceOption {
  int shanten = 0;
  std::vector<std::pair<TileId, int>> improving;  ///< tile, copies left
  std::vector<std::pair<TileId, int>> waits;      ///< when ready
};

/// Copies of `tile` neither held by `hand` nor seen.
int left_of(const RuleSet& rules, const Hand& hand, const TileCounts& seen, TileId tile) {
  return rules.tile(tile).copies - hand.held_counts()[tile] - seen[tile];
}

/// The shanten number a reference prices each hand with.
using ShantenOf = int (*)(const RuleSet&, const Hand&);

/// The exact search's.
int searched_shanten(const RuleSet& rules, const Hand& hand) {
  return compute_shanten(rules, hand).shanten;
}

/// The reference's advice: discard (a tile's code, or "*") -> what it leaves, each hand priced by
/// `shanten_of`, one at a time.
std::map<std::string, ReferenceOption> reference_advice(const RuleSet& rules, const Hand& given,
                                                        ShantenOf shanten_of = searched_shanten) {
  Hand hand = given;
  hand.winning = kNoTile;
  hand.winning_joker = false;
  hand.winning_red = false;
  std::map<std::string, ReferenceOption> out;
  struct Left {
    std::string code;
    TileId discard;
    Hand hand;
  };
  std::vector<Left> left;
  const TileCounts red = hand.concealed_red();
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if (hand.counts[t] == 0) continue;
    if (rules.tile(t).bonus && (hand.wild_tiles & tile_bit(t)) == 0) continue;
    Hand less = hand;
    --less.counts[t];
    // A plain copy, and apart a red five (`0m`): the same hand for shanten and waits.
    if (red[t] < hand.counts[t]) left.push_back({rules.tile(t).code, t, less});
    if (red[t] > 0) {
      --less.red[t];
      left.push_back({"0" + rules.tile(t).code.substr(1), t, less});
    }
  }
  if (hand.jokers > 0) {
    Hand less = hand;
    --less.jokers;
    left.push_back({"*", kNoTile, less});
  }
  for (const auto& [code, discard, less] : left) {
    TileCounts seen{};
    if (discard != kNoTile) ++seen[discard];
    ReferenceOption option;
    option.shanten = shanten_of(rules, less);
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      if (rules.tile(t).bonus || (less.wild_tiles & tile_bit(t)) != 0) continue;
      if (less.held_counts()[t] >= rules.tile(t).copies) continue;
      Hand drawn = less;
      ++drawn.counts[t];
      if (shanten_of(rules, drawn) < option.shanten) {
        option.improving.emplace_back(t, left_of(rules, less, seen, t));
      }
    }
    if (option.shanten == 0) {
      for (const Improvement& wait : improving_tiles(rules, less, &seen)) {
        Hand drawn = less;
        ++drawn.counts[wait.tile];
        if (shanten_of(rules, drawn) == -1) {
          option.waits.emplace_back(wait.tile, left_of(rules, less, seen, wait.tile));
        }
      }
    }
    out[code] = option;
  }
  return out;
}

void check_against_reference(const RuleSet& rules, const Hand& hand, AnswerWorkspace& workspace,
                             const AnswerOptions& options = {},
                             ShantenOf shanten_of = searched_shanten) {
  const HandAnalysis analysis(rules, hand);
  const AdviseAnswer answer = answer_advise(analysis, workspace, options);
  const std::map<std::string, ReferenceOption> reference =
      reference_advice(rules, hand, shanten_of);
  REQUIRE(answer.options.size() == reference.size());
  for (std::size_t i = 0; i < answer.options.size(); ++i) {
    const AdvisedOption& option = answer.options[i];
    std::string code = option.discard_joker ? "*" : rules.tile(option.discard).code;
    if (option.discard_red) code.front() = '0';
    INFO("discard " << code);
    REQUIRE(reference.count(code) == 1);
    const ReferenceOption& want = reference.at(code);
    CHECK(option.shanten == want.shanten);
    std::vector<std::pair<TileId, int>> improving;
    for (const Improvement& tile : option.improving) {
      improving.emplace_back(tile.tile, tile.remaining);
    }
    CHECK(improving == want.improving);
    int count = 0;
    for (const auto& tile : want.improving) count += tile.second;
    CHECK(option.improving_count == count);
    CHECK(option.waits.has_value() == (want.shanten == 0));
    if (option.waits) {
      std::vector<std::pair<TileId, int>> waits;
      for (const AdvisedWait& wait : *option.waits) waits.emplace_back(wait.tile, wait.left);
      CHECK(waits == want.waits);
    }
    // Best first: no later option is better by the advice's order.
    if (i > 0) {
      const AdvisedOption& before = answer.options[i - 1];
      CHECK(before.shanten <= option.shanten);
      if (before.shanten == option.shanten) CHECK(before.improving_count >= option.improving_count);
    }
  }
}

const AdvisedOption& option_of(const AdviseAnswer& answer, const RuleSet& rules,
                               const std::string& discard) {
  for (const AdvisedOption& option : answer.options) {
    if (!option.discard_joker && rules.tile(option.discard).code == discard) return option;
  }
  FAIL("no option discards " << discard);
  return answer.options.front();
}

}  // namespace

TEST_CASE("advise: every discard of random hands of every rule set, as the reference says",
          "[advise]") {
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    INFO("rules " << name);
    RandomHands hands(rules, 35);
    AnswerWorkspace workspace(rules);
    const int size = std::min(14, static_cast<int>(rules.hand_tiles()));
    for (int i = 0; i < 8 / test::kScale + 2; ++i) {
      // Random hands, and complete ones (a discard leaves them ready: waits and their values).
      const Hand full = i % 2 == 0 ? hands.random(size, i % 5) : hands.complete(size, i % 5);
      INFO("hand " << format_hand(full, rules));
      check_against_reference(rules, full, workspace);
    }
  }
}

TEST_CASE("advise: thousands of random hands, each discard and draw priced alone", "[advise]") {
  // The advice's one-pass discards and improving tiles (and its red fives, jokers and copies
  // left) against a loop pricing every hand left and every draw alone with shanten_number, which
  // the engine's tests hold to the exact search; the second step is the test below's.
  AnswerOptions options;
  options.second_step = false;
  int hands_checked = 0;
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    INFO("rules " << name);
    RandomHands hands(rules, 1207);
    AnswerWorkspace workspace(rules);
    const int size = std::min(14, static_cast<int>(rules.hand_tiles()));
    for (int i = 0; i < 120 / test::kScale + 2; ++i) {
      const Hand full = hands.random(size, i % 5);
      INFO("hand " << format_hand(full, rules));
      check_against_reference(rules, full, workspace, options, shanten_number);
      ++hands_checked;
    }
  }
  CHECK(hands_checked >= 22 * 2);
}

TEST_CASE("advise: a shanpon wait's value worked out by hand", "[advise]") {
  // 123m 456p 789s 11z 55z and 3p, seat South, round East, riichi rules. Discarding 3p leaves a
  // shanpon wait on 1z and 5z, two copies left of each (the hand holds the other two):
  // - 5z by discard: haku 1 han; fu 20 + 10 (concealed discard win) + 4 (a pung of honours
  //   completed by a discard counts as open) + 2 (pair of the round wind) = 36 -> 40: 1,300;
  // - 1z by discard: round wind 1 han; fu 20 + 10 + 4 + 2 (pair of dragons) = 36 -> 40: 1,300;
  // - 5z by self-draw: haku, menzen tsumo: 2 han; fu 20 + 2 + 8 (concealed honour pung) + 2 =
  //   32 -> 40: 700 + 700 + 1,300 = 2,700;
  // - 1z by self-draw: round wind, menzen tsumo: 2 han, 40 fu: 2,700.
  // Wait value: 2 x 1,300 + 2 x 1,300 = 5,200. Discarding 6p instead (345p kept) leaves the same
  // wait: a tie, ordered by tile, 3p first. Any other discard leaves the hand 1-shanten.
  const RuleSet rules = load_rules("riichi");
  WinContext situation;
  situation.seat_wind = Wind::south;
  const HandAnalysis analysis(rules, parse_hand("123m456p789s1155z3p", rules), situation);
  AnswerWorkspace workspace(rules);
  const AdviseAnswer answer = answer_advise(analysis, workspace, AnswerOptions{});
  REQUIRE(!answer.options.empty());
  const AdvisedOption& best = answer.options.front();
  CHECK(rules.tile(best.discard).code == "3p");
  CHECK(best.shanten == 0);
  REQUIRE(best.waits.has_value());
  REQUIRE(best.waits->size() == 2);
  const AdvisedWait& east = (*best.waits)[0];
  const AdvisedWait& haku = (*best.waits)[1];
  CHECK(rules.tile(east.tile).code == "1z");
  CHECK(rules.tile(haku.tile).code == "5z");
  CHECK(east.left == 2);
  CHECK(haku.left == 2);
  CHECK(east.ron == 1300);
  CHECK(haku.ron == 1300);
  CHECK(east.tsumo == 2700);
  CHECK(haku.tsumo == 2700);
  CHECK(best.wait_value == 5200);
  REQUIRE(answer.options.size() > 2);
  CHECK(rules.tile(answer.options[1].discard).code == "6p");
  CHECK(answer.options[1].wait_value == 5200);
  for (std::size_t i = 2; i < answer.options.size(); ++i) CHECK(answer.options[i].shanten == 1);
}

TEST_CASE("advise: a one-shanten hand's discards counted by hand", "[advise]") {
  // 2345m 567p 34 7 88 9s 1z, riichi rules: three sets (234m, 567p, 789s), the 34s shape, and
  // three loose tiles: 5m (or 2m), the second 8s and 1z. One-shanten. Letting a loose tile go
  // keeps it so; any other discard breaks a set or a shape (two-shanten).
  // - Discard 8s: 2m or 5m pairs with the run of four (22m 345m, 234m 55m), 1z pairs, 2s or 5s
  //   completes 34s; each leaves the hand ready. Copies left: 2m 3, 5m 3, 2s 4, 5s 4, 1z 3: 17.
  // - Discard 1z: the same, with 8s (789s 88s) in place of 1z: 8s has 2 copies left: 16.
  // - Discard 2m: 1z, 2s, 5s, 8s: 3 + 4 + 4 + 2 = 13 (5m then makes 345m 5m or 55m 34m: no pair
  //   beside three sets). Discard 5m: the same, 13.
  // Not improving after any of them: 3m, 4m (a run with a pair inside leaves no second shape),
  // 6m, 3s, 4s, 7s, 9s, the pins. The usual lesson: of two lone pair candidates, keep the one
  // with more copies left. Order: 8s (17), 1z (16), then 2m and 5m tied at 13, by tile order.
  const RuleSet rules = load_rules("riichi");
  const HandAnalysis analysis(rules, parse_hand("2345m567p347889s1z", rules));
  AnswerWorkspace workspace(rules);
  AnswerOptions options;
  options.second_step = false;
  const AdviseAnswer answer = answer_advise(analysis, workspace, options);
  REQUIRE(answer.options.size() >= 4);
  using Tiles = std::vector<std::pair<std::string, int>>;
  const auto improving_of = [&](const AdvisedOption& option) {
    Tiles tiles;
    for (const Improvement& tile : option.improving) {
      tiles.emplace_back(rules.tile(tile.tile).code, tile.remaining);
    }
    return tiles;
  };
  const auto check_option = [&](std::size_t i, const std::string& discard, const Tiles& improving,
                                int count) {
    INFO("option " << i);
    CHECK(rules.tile(answer.options[i].discard).code == discard);
    CHECK(answer.options[i].shanten == 1);
    CHECK(improving_of(answer.options[i]) == improving);
    CHECK(answer.options[i].improving_count == count);
  };
  check_option(0, "8s", {{"2m", 3}, {"5m", 3}, {"2s", 4}, {"5s", 4}, {"1z", 3}}, 17);
  check_option(1, "1z", {{"2m", 3}, {"5m", 3}, {"2s", 4}, {"5s", 4}, {"8s", 2}}, 16);
  const Tiles after_a_five = {{"2s", 4}, {"5s", 4}, {"8s", 2}, {"1z", 3}};
  check_option(2, "2m", after_a_five, 13);
  check_option(3, "5m", after_a_five, 13);
  for (std::size_t i = 4; i < answer.options.size(); ++i) {
    INFO("discard " << rules.tile(answer.options[i].discard).code);
    CHECK(answer.options[i].shanten == 2);
  }
}

TEST_CASE("advise: a ready hand without yaku by discard, counted by hand", "[advise]") {
  // 123m 456m 789p 55s 689s, riichi rules, the default situation (East seat: the dealer).
  // Discarding 6s (89s, the edge wait) or 9s (68s, the closed wait) leaves the hand waiting on
  // 7s, 4 copies. By discard it has no yaku (no riichi; 123m and 789p keep tanyao out; an edge or
  // closed wait keeps pinfu out): no points, a wait value of 0. By self-draw, menzen tsumo, 1 han;
  // fu 20 + 2 (self-draw) + 2 (edge or closed wait) = 24 -> 30: the dealer's 500 from each of
  // three, 1,500. A tie, by tile order: 6s, 9s.
  // Discarding 5s (55s broken) or 8s leaves one-shanten, 4s 5s 6s 7s 8s 9s each making it
  // ready: copies left 4, 2, 3, 4, 3, 3 (the discarded tile seen) = 19 after 5s; after 8s 4, 2,
  // 3, 4, 3, 3 = 19 as well. Tied, by tile order: 5s, 8s.
  const RuleSet rules = load_rules("riichi");
  const HandAnalysis analysis(rules, parse_hand("123m456m789p55689s", rules), WinContext{});
  AnswerWorkspace workspace(rules);
  AnswerOptions options;
  options.second_step = false;
  const AdviseAnswer answer = answer_advise(analysis, workspace, options);
  REQUIRE(answer.options.size() >= 4);
  for (std::size_t i = 0; i < 2; ++i) {
    const AdvisedOption& ready = answer.options[i];
    INFO("option " << i);
    CHECK(rules.tile(ready.discard).code == (i == 0 ? "6s" : "9s"));
    CHECK(ready.shanten == 0);
    REQUIRE(ready.waits.has_value());
    REQUIRE(ready.waits->size() == 1);
    const AdvisedWait& wait = ready.waits->front();
    CHECK(rules.tile(wait.tile).code == "7s");
    CHECK(wait.left == 4);
    CHECK(!wait.ron.has_value());
    CHECK(wait.ron_no_win == "no yaku");
    CHECK(wait.tsumo == std::optional<std::int64_t>(1500));
    CHECK(ready.wait_value == std::optional<std::int64_t>(0));
  }
  for (std::size_t i = 2; i < 4; ++i) {
    const AdvisedOption& option = answer.options[i];
    INFO("option " << i);
    CHECK(rules.tile(option.discard).code == (i == 2 ? "5s" : "8s"));
    CHECK(option.shanten == 1);
    std::vector<std::pair<std::string, int>> improving;
    for (const Improvement& tile : option.improving) {
      improving.emplace_back(rules.tile(tile.tile).code, tile.remaining);
    }
    CHECK(improving == std::vector<std::pair<std::string, int>>{
                           {"4s", 4}, {"5s", 2}, {"6s", 3}, {"7s", 4}, {"8s", 3}, {"9s", 3}});
    CHECK(option.improving_count == 19);
  }
}

TEST_CASE("advise: a red five is a discard of its own", "[advise]") {
  // 34m, a plain 5m and a red 0m, 456p 789s 11z 55z, South seat, East round. Discarding either
  // five leaves 345m and the shanpon wait on 1z and 5z. Keeping the red five: by discard, 1z
  // (the round wind's pung) or 5z (haku) is 1 han and aka dora 1 han, 2 han; fu 20 + 10 (closed
  // ron) + 4 (the honour pung made by the discard) + 2 (the other pair: East, the round wind,
  // or haku) = 36, 40 fu: 2600 a non-dealer's ron. Keeping the plain five: 1 han, 1300. Wait
  // values: 2 copies of each wait, 10400 and 5200. The red five's discard comes after.
  const RuleSet rules = load_rules("riichi");
  WinContext situation;
  situation.seat_wind = Wind::south;
  const HandAnalysis analysis(rules, parse_hand("3405m456p789s1155z", rules), situation);
  AnswerWorkspace workspace(rules);
  const AdviseAnswer answer = answer_advise(analysis, workspace, AnswerOptions{});
  const AdvisedOption* plain = nullptr;
  const AdvisedOption* red = nullptr;
  for (const AdvisedOption& option : answer.options) {
    if (option.discard_joker || rules.tile(option.discard).code != "5m") continue;
    (option.discard_red ? red : plain) = &option;
  }
  REQUIRE(plain != nullptr);
  REQUIRE(red != nullptr);
  CHECK(plain->shanten == 0);
  CHECK(red->shanten == 0);
  REQUIRE(plain->waits.has_value());
  REQUIRE(red->waits.has_value());
  REQUIRE(plain->waits->size() == 2);
  REQUIRE(red->waits->size() == 2);
  for (std::size_t w = 0; w < 2; ++w) {
    CHECK((*plain->waits)[w].ron == 2600);
    CHECK((*red->waits)[w].ron == 1300);
  }
  CHECK(plain->wait_value == 10400);
  CHECK(red->wait_value == 5200);
  CHECK(plain < red);  // best first: the higher wait value
}

TEST_CASE("advise: a ready hand says whether a drawn wildcard completes it", "[advise]") {
  // Laizi: 123m 456p 789s 11z, 5m 8m and a joker. Discarding 8m leaves 5m and the joker beside
  // the pair, a wait that a second wildcard completes (5m with two wildcards is a meld); riichi
  // has no wildcard, and says nothing of one.
  const RuleSet laizi = load_rules("laizi");
  AnswerWorkspace laizi_workspace(laizi);
  const AdviseAnswer wild = answer_advise(
      HandAnalysis(laizi, parse_hand("123m456p789s11z58m*", laizi)), laizi_workspace, {});
  const AdvisedOption& eight = option_of(wild, laizi, "8m");
  CHECK(eight.shanten == 0);
  REQUIRE(eight.wildcard_completes.has_value());
  CHECK(*eight.wildcard_completes);
  const RuleSet riichi = load_rules("riichi");
  AnswerWorkspace riichi_workspace(riichi);
  const AdviseAnswer plain = answer_advise(
      HandAnalysis(riichi, parse_hand("123m456p789s1155z3p", riichi)), riichi_workspace, {});
  CHECK(plain.options.front().shanten == 0);
  CHECK_FALSE(plain.options.front().wildcard_completes.has_value());
}

TEST_CASE("advise: thirteen orphans' thirteen-sided wait", "[advise]") {
  // 19m19p19s1234567z and 5m: discarding 5m leaves thirteen orphans waiting on all thirteen
  // terminals and honours, three copies left of each: 39 tiles.
  const RuleSet rules = load_rules("riichi");
  const HandAnalysis analysis(rules, parse_hand("19m19p19s1234567z5m", rules));
  AnswerWorkspace workspace(rules);
  const AdviseAnswer answer = answer_advise(analysis, workspace, AnswerOptions{});
  const AdvisedOption& best = answer.options.front();
  CHECK(rules.tile(best.discard).code == "5m");
  CHECK(best.shanten == 0);
  REQUIRE(best.waits.has_value());
  CHECK(best.waits->size() == 13);
  CHECK(best.improving_count == 39);
  for (const AdvisedWait& wait : *best.waits) CHECK(wait.left == 3);
  // Any terminal or honour discarded leaves it 1-shanten (twelve kinds, one of them paired: 5m
  // is not one of them).
  CHECK(option_of(answer, rules, "1m").shanten == 1);
}

TEST_CASE("advise: a hand of 3n+1 tiles is advised draw by draw", "[advise]") {
  const RuleSet rules = load_rules("riichi");
  // 123m 456p 789s 7p 11z 5z, 1-shanten: drawing 7p, 1z or 5z (and discarding the 5z, the 7p or
  // the 7p) leaves it ready; every draw listed has a copy left.
  const HandAnalysis analysis(rules, parse_hand("123m4567p789s115z", rules));
  AnswerWorkspace workspace(rules);
  const AdviseAnswer answer = answer_advise(analysis, workspace, AnswerOptions{});
  CHECK(answer.by_draw);
  CHECK(answer.shanten == 1);
  REQUIRE(!answer.options.empty());
  CHECK(answer.options.front().shanten == 0);
  for (const AdvisedOption& option : answer.options) CHECK(option.draw_left > 0);
}

TEST_CASE("advise: the second step as its definition computes it by the search", "[advise]") {
  // For each improving draw with copies left: the most improving tiles any discard after it that
  // lowers the shanten leaves, averaged weighted by the draw's copies.
  const RuleSet rules = load_rules("riichi");
  RandomHands hands(rules, 77);
  AnswerWorkspace workspace(rules);
  int checked = 0;
  for (int i = 0; i < 40 && checked < 3; ++i) {
    const Hand hand = hands.random(14, 0);
    const AdviseAnswer answer =
        answer_advise(HandAnalysis(rules, hand), workspace, AnswerOptions{});
    const AdvisedOption& best = answer.options.front();
    if (best.shanten <= 0 || best.shanten > 2) continue;
    INFO("hand " << format_hand(hand, rules) << " discard " << rules.tile(best.discard).code);
    Hand left = hand;
    left.winning = kNoTile;
    --left.counts[best.discard];
    if (left.red[best.discard] > left.counts[best.discard]) --left.red[best.discard];
    TileCounts seen{};
    ++seen[best.discard];
    long weighted = 0;
    long draws = 0;
    for (const Improvement& draw : improving_tiles(rules, left, &seen)) {
      if (draw.remaining == 0) continue;
      Hand drawn = left;
      ++drawn.counts[draw.tile];
      int most = 0;
      for (TileId t = 0; t < rules.tile_count(); ++t) {
        if (drawn.counts[t] == 0) continue;
        Hand next = drawn;
        --next.counts[t];
        if (compute_shanten(rules, next).shanten >= best.shanten) continue;
        TileCounts after = seen;
        ++after[t];
        int count = 0;
        for (const Improvement& tile : improving_tiles(rules, next, &after)) {
          count += tile.remaining;
        }
        most = std::max(most, count);
      }
      weighted += static_cast<long>(draw.remaining) * most;
      draws += draw.remaining;
    }
    REQUIRE(best.second_step.has_value());
    CHECK(*best.second_step == Approx(static_cast<double>(weighted) / static_cast<double>(draws)));
    ++checked;
  }
  CHECK(checked == 3);
}

/// A complete hand of 14 tiles with two natural tiles exchanged for random ones: mostly a hand
/// whose best discard leaves it one or two from ready.
Hand exchanged_twice(const RuleSet& rules, RandomHands& hands, int wildcards) {
  Hand hand = hands.complete(14, wildcards);
  hand.winning = kNoTile;
  hand.winning_joker = false;
  hand.winning_red = false;
  hand.red = TileCounts{};
  for (int exchanged = 0; exchanged < 2;) {
    const auto out = static_cast<TileId>(hands.below(rules.meldable_count()));
    const auto in = static_cast<TileId>(hands.below(rules.meldable_count()));
    const bool natural = ((tile_bit(out) | tile_bit(in)) & hand.wild_tiles) == 0;
    if (!natural || out == in || hand.counts[out] == 0 ||
        hand.counts[in] >= rules.tile(in).copies) {
      continue;
    }
    --hand.counts[out];
    ++hand.counts[in];
    ++exchanged;
  }
  return hand;
}

TEST_CASE("advise: the second step from the tables equals the search's", "[advise]") {
  // The tables find the discards that keep the shanten in one pass and price each hand left once
  // (a hand less d and e plus t is met from both discards); the search prices every one alone.
  for (const char* name : {"riichi", "laizi", "mcr"}) {
    const RuleSet rules = load_rules(name);
    RandomHands hands(rules, 91);
    AnswerWorkspace workspace(rules);
    AnswerOptions search;
    search.search_only = true;
    int compared = 0;
    for (int i = 0; i < 60 && compared < 3 / meldgraph::test::kScale + 1; ++i) {
      const Hand hand = exchanged_twice(rules, hands, i % 2 == 0 ? 0 : 2);
      const HandAnalysis analysis(rules, hand);
      const AdviseAnswer fast = answer_advise(analysis, workspace, AnswerOptions{});
      // Only a hand of shanten 1 has a second step the search works out in a moment.
      if (fast.options.front().shanten != 1) continue;
      const AdviseAnswer slow = answer_advise(analysis, workspace, search);
      INFO(name << " hand " << format_hand(hand, rules));
      REQUIRE(fast.options.size() == slow.options.size());
      for (std::size_t k = 0; k < fast.options.size(); ++k) {
        CHECK(fast.options[k].discard == slow.options[k].discard);
        CHECK(fast.options[k].second_step.has_value() == slow.options[k].second_step.has_value());
        if (fast.options[k].second_step && slow.options[k].second_step) {
          CHECK(*fast.options[k].second_step == Approx(*slow.options[k].second_step));
        }
      }
      ++compared;
    }
    CHECK(compared > 0);
  }
}

TEST_CASE("advise: without the second step the rest of the advice is the same", "[advise]") {
  const RuleSet rules = load_rules("riichi");
  RandomHands hands(rules, 5);
  AnswerWorkspace workspace(rules);
  AnswerOptions first_only;
  first_only.second_step = false;
  int with_step = 0;
  for (int i = 0; i < 20; ++i) {
    const HandAnalysis analysis(rules, hands.random(14, 0));
    const AdviseAnswer full = answer_advise(analysis, workspace, AnswerOptions{});
    const AdviseAnswer first = answer_advise(analysis, workspace, first_only);
    CHECK(first.shanten == full.shanten);
    REQUIRE(first.options.size() == full.options.size());
    for (const AdvisedOption& option : full.options) with_step += option.second_step ? 1 : 0;
    // The second step is not part of the order: the options come in the same order.
    const std::vector<AdvisedOption>& a = full.options;
    const std::vector<AdvisedOption>& b = first.options;
    for (std::size_t k = 0; k < a.size(); ++k) {
      CHECK(b[k].discard == a[k].discard);
      CHECK(b[k].shanten == a[k].shanten);
      CHECK(b[k].improving_count == a[k].improving_count);
      CHECK(!b[k].second_step.has_value());
    }
  }
  CHECK(with_step > 0);
}

TEST_CASE("advise: a hand of 3n tiles is refused", "[advise]") {
  const RuleSet rules = load_rules("riichi");
  const HandAnalysis analysis(rules, parse_hand("123m456p789s", rules));
  AnswerWorkspace workspace(rules);
  CHECK_THROWS_AS(answer_advise(analysis, workspace, AnswerOptions{}), AnalysisError);
}

TEST_CASE("advise: visible tiles that make a fifth copy are refused", "[advise]") {
  const RuleSet rules = load_rules("riichi");
  const HandAnalysis analysis(rules, parse_hand("11m456p789s112233z", rules));
  AnswerWorkspace workspace(rules);
  AnswerOptions options;
  options.has_visible = true;
  options.visible = parse_visible("1m1m", rules);  // with the two held: four, all of them
  CHECK_NOTHROW(answer_advise(analysis, workspace, options));
  options.visible = parse_visible("1m1m1m", rules);
  CHECK_THROWS_WITH(answer_advise(analysis, workspace, options),
                    Catch::Contains("3 of 1m seen and 2 held make 5; the set has 4"));
}
