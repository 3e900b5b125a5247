// compute_value over real readings: hands in the notation, their readings and feature records
// (make_score_features), the fu and points of each reading worked out by hand from
// docs/scoring.md, "Values". The patterns that counted are given by hand (the pattern rules are
// tested apart); `yaku` stands for any one-han pattern. Tagged [values].

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "catch2/catch.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "rule_files.hpp"
#include "scoring_support.hpp"

namespace {

using namespace meldgraph;
using meldgraph::test::make_pattern;
using meldgraph::test::score_hand;

const RuleSet& riichi() {
  static const RuleSet rules = load_rules("riichi");
  return rules;
}

/// Riichi's scoring rules with two stand-in patterns: `pinfu` (0, cancelling the self-draw fu as
/// riichi.yaml says) and `yaku` (1), both one han.
const ScoringRules& rules_with_pinfu() {
  static const ScoringRules rules = [] {
    ScoringRules r = *scoring_rules(riichi());
    r.patterns.patterns = {make_pattern("pinfu", "Pinfu", "平和", {1, 0, false, 0}),
                           make_pattern("yaku", "Some yaku", "役", {1, 1, true, 0})};
    r.values.fu.no_self_draw_fu_with = {0};
    return r;
  }();
  return rules;
}

const std::vector<PatternHit> kYaku = {PatternHit{1, 1, 0, 1}};
const std::vector<PatternHit> kPinfu = {PatternHit{0, 1, 0, 1}};

WinContext ron(Wind seat, MeldSource from) {
  WinContext c;
  c.win = WinKind::discard;
  c.from = from;
  c.seat_wind = seat;
  return c;
}

WinContext tsumo(Wind seat) {
  WinContext c;
  c.seat_wind = seat;
  return c;
}

/// Every reading's value, in the readings' order, with its text.
struct Valued {
  std::string text;
  ReadingValue value;
};

std::vector<Valued> values(const std::string& hand, const WinContext& win,
                           const std::vector<PatternHit>& hits = kYaku) {
  const auto scored = score_hand(riichi(), hand, win);
  std::vector<Valued> out;
  for (const auto& r : scored->readings) {
    Valued v{r.text, {}};
    compute_value(rules_with_pinfu(), r.features, hits, v.value);
    int sum = 0;
    for (const FuPart& part : v.value.fu_parts) sum += part.fu;
    REQUIRE(sum == v.value.fu);
    out.push_back(std::move(v));
  }
  return out;
}

Valued only(const std::vector<Valued>& all) {
  REQUIRE(all.size() == 1);
  return all.front();
}

TEST_CASE("values: a dragon pung completed by a discard, a seat-wind pair", "[values]") {
  // 234m 456p 678s 22z 55z + 5z from the left, South in the East round: 20 + 10 (closed ron)
  // + 4 (555z, open by the discard, honour) + 2 (22z, the seat wind) = 36 -> 40; one han 40 fu
  // non-dealer ron 1300 (40 x 2^3 = 320 x 4 = 1280 -> 1300).
  const Valued v = only(values("234m456p678s2255z+5z", ron(Wind::south, MeldSource::left)));
  REQUIRE(v.value.fu == 40);
  REQUIRE(v.value.points == 1300);
  REQUIRE(v.value.payments == std::array<std::int64_t, 4>{-1300, 1300, 0, 0});
}

TEST_CASE("values: the wait of each reading of 2234m won on 2m", "[values]") {
  // 123p 789p 567s + 22m 234m: the winning 2m in the chow (34m waited two-sided) or in the pair
  // (a single wait on 2m). Ron, closed: 30 fu, or 20 + 10 + 2 = 32 -> 40.
  const auto all = values("123p789p567s2234m+2m", ron(Wind::west, MeldSource::left));
  REQUIRE(all.size() == 2);
  std::vector<int> fu;
  for (const Valued& v : all) fu.push_back(v.value.fu);
  std::sort(fu.begin(), fu.end());
  REQUIRE(fu == std::vector<int>{30, 40});
  for (const Valued& v : all) {
    const bool single = v.value.fu == 40;
    REQUIRE(v.value.fu_parts.back().source == (single ? FuSource::rounding : FuSource::closed_ron));
    if (single) REQUIRE(v.value.fu_parts[2].source == FuSource::wait);
  }
  // Self-drawn with pinfu on the two-sided reading: 20.
  const auto drawn = values("123p789p567s2234m+2m", tsumo(Wind::west), kPinfu);
  std::vector<int> drawn_fu;
  for (const Valued& v : drawn) drawn_fu.push_back(v.value.fu);
  std::sort(drawn_fu.begin(), drawn_fu.end());
  // The single-wait reading is not pinfu in the rules, but here both were given pinfu's hit:
  // 20 for the two-sided one, 20 + 2 (wait) = 22 -> 30 for the other.
  REQUIRE(drawn_fu == std::vector<int>{20, 30});
}

TEST_CASE("values: seven pairs are 25 fu", "[values]") {
  // 11 33m 55 77p 22 44s 66z, won on 6z by tsumo: 2 han (chiitoitsu) 25 fu, dealer 800 all.
  const auto all = values("1133m5577p2244s6z+6z", tsumo(Wind::east), {PatternHit{1, 2, 0, 1}});
  const Valued v = only(all);
  REQUIRE(v.value.fu == 25);
  REQUIRE(v.value.points == 2400);
  REQUIRE(v.value.payments == std::array<std::int64_t, 4>{2400, -800, -800, -800});
}

TEST_CASE("values: a concealed honour kong, an open pinfu shape", "[values]") {
  // (1111z) 234m 456p 789s 5p + 5p, East self-draws: the 5p completes the pair (single wait)
  // or 4_6p (closed wait); either way 20 + 2 + 32 + 2 = 56 -> 60.
  const auto kong = values("234m456p789s5p(1111z)+5p", tsumo(Wind::east));
  REQUIRE(kong.size() == 2);
  for (const Valued& v : kong) {
    REQUIRE(v.value.fu == 60);
    REQUIRE(v.value.fu_parts[2].source == FuSource::meld);
    REQUIRE(v.value.fu_parts[2].fu == 32);
    REQUIRE(v.value.fu_parts[3].source == FuSource::wait);
  }
  // [234m] 456p 789s 23s 55s + 1s from the left: 20, raised to 30 as an open hand.
  const Valued open = only(values("[234m]456p789s2355s+1s", ron(Wind::south, MeldSource::left)));
  REQUIRE(open.value.fu == 30);
  REQUIRE(open.value.fu_parts.back().source == FuSource::open_pinfu);
  REQUIRE(open.value.points == 1000);
}

TEST_CASE("values: red fives and dora of a real hand", "[values]") {
  // [234m] 406p 789s 23s 55s + 1s: one red five; dora indicator 4s names 5s (the pair: 2).
  WinContext win = ron(Wind::south, MeldSource::left);
  win.dora = {riichi().find_tile('s', 4)};
  const Valued v = only(values("[234m]406p789s2355s+1s", win));
  REQUIRE(v.value.red == 1);
  REQUIRE(v.value.dora == 2);
  REQUIRE(v.value.units == 4);
  REQUIRE(v.value.points == 7700);  // 4 han 30 fu: no kiriage
  // With no yaku, nothing: dora do not make a win.
  const Valued none = only(values("[234m]406p789s2355s+1s", win, {}));
  REQUIRE_FALSE(none.value.wins);
  REQUIRE(none.value.points == 0);
  REQUIRE(none.value.dora == 0);
}

TEST_CASE("values: pao reads the source of the last dragon meld written", "[values]") {
  ScoringRules rules = rules_with_pinfu();
  rules.patterns.patterns.push_back(
      make_pattern("daisangen", "Big three dragons", "大三元", {0, 0, true, 1}));
  rules.values.payments.pao = {PaoRule{2, riichi().tile_classes().dragons}};
  const std::vector<PatternHit> hits = {PatternHit{2, 0, 1, 1}};
  const auto payments = [&](const std::string& hand, const WinContext& win) {
    const auto scored = score_hand(riichi(), hand, win);
    REQUIRE(scored->readings.size() == 1);
    ReadingValue v;
    compute_value(rules, scored->readings[0].features, hits, v);
    return v.payments;
  };
  using P = std::array<std::int64_t, 4>;
  // [777=z] was claimed from across: South's opposite, North, is liable.
  REQUIRE(payments("123m4p[555z][666z][777=z]+4p", tsumo(Wind::south)) == P{0, 32000, 0, -32000});
  REQUIRE(payments("123m4p[555z][666z][777=z]+4p", ron(Wind::south, MeldSource::left)) ==
          P{-16000, 32000, 0, -16000});
  // The last dragon meld's source unknown: no one is liable.
  REQUIRE(payments("123m4p[555=z][666z][777z]+4p", tsumo(Wind::south)) ==
          P{-16000, 32000, -8000, -8000});
}

}  // namespace

namespace {

TEST_CASE("values: docs/scoring.md's rule option, the double-wind pair at 2 fu", "[values]") {
  // tests/data/rules/riichi_double_wind_2fu.yaml; the dealer in the East round, ron from across
  // on 999m 234p 567p 34s 11z + 5s with one han: 20 + 10 + 8 (concealed terminal pung) + the
  // East pair, 4 under riichi (42 -> 50 fu, 50 x 2^3 x 6 = 2400), 2 under the file (40 fu,
  // 1920 -> 2000).
  const RuleSet file = meldgraph::test::test_rules("riichi_double_wind_2fu");
  ScoringRules rules = *scoring_rules(file);
  rules.patterns = rules_with_pinfu().patterns;  // the hits name the stand-in patterns
  const WinContext win = ron(Wind::east, MeldSource::across);
  const auto scored = score_hand(file, "999m234p567p34s11z+5s", win);
  REQUIRE(scored->readings.size() == 1);
  ReadingValue under_file;
  compute_value(rules, scored->readings[0].features, kYaku, under_file);
  const Valued under_riichi = only(values("999m234p567p34s11z+5s", win));
  CHECK(under_riichi.value.fu == 50);
  CHECK(under_riichi.value.points == 2400);
  CHECK(under_file.fu == 40);
  CHECK(under_file.points == 2000);
  CHECK(under_file.payments == std::array<std::int64_t, 4>{2000, 0, -2000, 0});
}

}  // namespace
