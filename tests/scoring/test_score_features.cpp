// The feature record of a reading (features.hpp): hand-worked records for declared melds,
// a self-draw and a ron on a shanpon wait (the pung completed by the discard counts as open), and
// a joker hand under laizi whose wildcard-only meld is realised; the record of a plain hand made
// from its interpretations against the one made from its readings. Tagged [features].

#include <catch2/catch.hpp>

#include <string>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/reading/realisations.hpp"
#include "meldgraph/scoring/features.hpp"
#include "scoring_support.hpp"

using namespace meldgraph;
using meldgraph::test::score_hand;
using meldgraph::test::tiles_mask;

namespace {

/// The group of `features` whose lowest face is `code` and kind `kind`, or null.
const GroupFeature* group_at(const ScoreFeatures& features, const RuleSet& rules, const char* code,
                             GroupKind kind) {
  const TileId low = parse_tile(code, rules);
  for (const GroupFeature& group : features.group_span()) {
    if (group.low == low && group.kind == kind) return &group;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("a self-drawn hand with a declared pung", "[features]") {
  const RuleSet rules = load_rules("riichi");
  WinContext win;
  win.seat_wind = Wind::south;
  const auto hand = score_hand(rules, "234m567p99s11z[777z]+1z", win);
  REQUIRE(hand->readings.size() == 1);
  const ScoreFeatures& f = hand->readings[0].features;
  CHECK(f.rules == &rules);
  CHECK(f.win == &hand->context.win);
  CHECK(f.form == 0);
  CHECK(f.form_type == FormType::melds);
  REQUIRE(f.group_count == 5);

  const GroupFeature* dragons = group_at(f, rules, "7z", GroupKind::pung);
  REQUIRE(dragons != nullptr);
  CHECK(dragons->flags == (kFeatureOpen | kFeatureDeclared));
  CHECK(dragons->suit == 3);
  CHECK(dragons->rank == 7);
  CHECK(dragons->faces == tiles_mask(rules, "7z"));
  CHECK(dragons->size == 3);
  CHECK(dragons->wildcards == 0);

  const GroupFeature* east = group_at(f, rules, "1z", GroupKind::pung);
  REQUIRE(east != nullptr);
  CHECK(east->flags == kFeatureWinning);  // self-drawn: a concealed pung
  const GroupFeature* chow = group_at(f, rules, "2m", GroupKind::chow);
  REQUIRE(chow != nullptr);
  CHECK(chow->suit == 0);
  CHECK(chow->rank == 2);
  CHECK(chow->faces == tiles_mask(rules, "234m"));
  CHECK(chow->flags == 0);
  const GroupFeature* pair = group_at(f, rules, "9s", GroupKind::pair);
  REQUIRE(pair != nullptr);
  CHECK(pair->suit == 2);
  CHECK(pair->rank == 9);

  CHECK(f.winning_group >= 0);
  CHECK(f.groups[static_cast<std::size_t>(f.winning_group)].low == parse_tile("1z", rules));
  CHECK(f.wait == WaitShape::dual_pung);
  CHECK(f.has_waits());
  CHECK(f.waits_before() == tiles_mask(rules, "9s1z"));
  CHECK(f.winning_tile == parse_tile("1z", rules));
  CHECK_FALSE(f.winning_red);

  CHECK(f.counts[parse_tile("2m", rules)] == 1);
  CHECK(f.counts[parse_tile("9s", rules)] == 2);
  CHECK(f.counts[parse_tile("1z", rules)] == 3);
  CHECK(f.counts[parse_tile("7z", rules)] == 3);
  CHECK(f.counts[parse_tile("1m", rules)] == 0);
  CHECK(f.faces == tiles_mask(rules, "234m567p9s17z"));
  CHECK(f.concealed_faces == tiles_mask(rules, "234m567p9s1z"));
  CHECK(f.suits_used == 0b111);
  CHECK(f.honours_used);
  CHECK_FALSE(f.closed_hand);
  CHECK(f.seat_wind_tile == parse_tile("2z", rules));
  CHECK(f.round_wind_tile == parse_tile("1z", rules));
  CHECK(f.wildcards == 0);
  CHECK(f.soft_wildcards == 0);
  CHECK(f.red_fives == 0);
}

TEST_CASE("a ron on a shanpon wait makes that pung open, not the hand", "[features]") {
  const RuleSet rules = load_rules("riichi");
  WinContext win;
  win.win = WinKind::discard;
  win.from = MeldSource::left;
  win.round_wind = Wind::south;
  win.seat_wind = Wind::west;
  const auto hand = score_hand(rules, "234m067p789s99s11z+1z", win);
  REQUIRE(hand->readings.size() == 1);
  const ScoreFeatures& f = hand->readings[0].features;
  const GroupFeature* east = group_at(f, rules, "1z", GroupKind::pung);
  REQUIRE(east != nullptr);
  CHECK(east->flags == (kFeatureOpen | kFeatureWinning | kFeatureByDiscard));
  CHECK(f.closed_hand);
  CHECK(f.suits_used == 0b111);
  CHECK(f.red_fives == 1);
  CHECK(f.seat_wind_tile == parse_tile("3z", rules));
  CHECK(f.round_wind_tile == parse_tile("2z", rules));
  CHECK(f.concealed_faces == f.faces);
}

TEST_CASE("a red winning five and a concealed kong", "[features]") {
  const RuleSet rules = load_rules("riichi");
  // 406p won on the red five; (2222s) keeps the hand closed.
  const auto hand = score_hand(rules, "123m46p789s55z(2222s)+0p");
  REQUIRE(hand->readings.size() == 1);
  const ScoreFeatures& f = hand->readings[0].features;
  CHECK(f.winning_tile == parse_tile("5p", rules));
  CHECK(f.winning_red);
  CHECK(f.wait == WaitShape::closed);
  CHECK(f.closed_hand);
  const GroupFeature* kong = group_at(f, rules, "2s", GroupKind::kong);
  REQUIRE(kong != nullptr);
  CHECK(kong->flags == (kFeatureDeclared | kFeatureConcealedKong));
  CHECK(kong->size == 4);
  CHECK(f.counts[parse_tile("2s", rules)] == 4);
  CHECK(f.concealed_faces == tiles_mask(rules, "123m456p789s5z"));
}

TEST_CASE("a joker hand: the wildcard-only meld is abstract until realised", "[features]") {
  const RuleSet rules = load_rules("laizi");
  const auto hand = score_hand(rules, "123m456p789s11z**+*");
  const auto* read = hand->find("123m 456p 789s 11z {***}");
  REQUIRE(read != nullptr);
  ScoreFeatures f = read->features;
  REQUIRE(f.winning_group == 4);
  GroupFeature& meld = f.groups[4];
  CHECK(meld.kind == GroupKind::any_meld);
  CHECK(meld.flags == (kFeatureWinning | kFeatureWild | kFeatureAllWild | kFeatureAbstract));
  CHECK(meld.faces == 0);
  CHECK(meld.low == kNoTile);
  CHECK(meld.suit == 0xFF);
  CHECK(meld.wildcards == 3);
  CHECK(f.wildcards == 3);
  CHECK(f.winning_tile == kNoTile);
  CHECK(f.faces == tiles_mask(rules, "123m456p789s1z"));
  CHECK(f.honours_used);

  // Realised as a white-dragon pung (every slot wild, the winning slot 0).
  Group white;
  white.kind = GroupKind::pung;
  white.size = 3;
  white.wild_mask = 0b111;
  white.tiles = {parse_tile("5z", rules), parse_tile("5z", rules), parse_tile("5z", rules),
                 kNoTile};
  white.set_winning_slot(0);
  realise_group(f, 4, white, rules);
  CHECK(meld.kind == GroupKind::pung);
  CHECK(meld.flags == (kFeatureWinning | kFeatureWild | kFeatureAllWild));
  CHECK(meld.faces == tiles_mask(rules, "5z"));
  CHECK(meld.low == parse_tile("5z", rules));
  CHECK(meld.rank == 5);
  CHECK(meld.wildcards == 3);
  CHECK(f.counts[parse_tile("5z", rules)] == 3);
  CHECK(f.faces == tiles_mask(rules, "123m456p789s15z"));
  CHECK(f.concealed_faces == f.faces);
  CHECK(f.winning_tile == parse_tile("5z", rules));
  CHECK_THROWS(realise_group(f, 4, white, rules));
}

TEST_CASE("every realisation of an abstract reading gives a record of 14 counted tiles",
          "[features]") {
  const RuleSet rules = load_rules("laizi");
  const Hand parsed = parse_hand("123m456p789s11z**+*", rules);
  const ReadingContext context = make_reading_context(rules, parsed);
  const Decomposition decomposition(rules, parsed);
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  int realised = 0;
  while (cursor.next(interpretation)) {
    const Reading reading = make_reading(context, interpretation);
    ScoreFeatures base;
    make_score_features(context, reading, base);
    const Realisations realisations(context, interpretation);
    realisations.list([&](std::span<const Group> groups) {
      ScoreFeatures f = base;
      for (std::size_t i = 0; i < groups.size(); ++i) {
        realise_group(f, static_cast<std::size_t>(realisations.abstract_groups()[i]), groups[i],
                      rules);
      }
      int tiles = 0;
      for (const GroupFeature& group : f.group_span()) {
        CHECK_FALSE(group.has(kFeatureAbstract));
        CHECK(group.faces != 0);
        tiles += group.size;
      }
      int counted = 0;
      for (const auto count : f.counts) counted += count;
      CHECK(tiles == 14);
      CHECK(counted == 14);
      if (f.winning_group >= 0) CHECK(f.winning_tile != kNoTile);
      ++realised;
      return true;
    });
  }
  CHECK(realised > 0);
}

namespace {

/// Every field of two records the same (the pointers included: both are of one context).
void check_same_record(const ScoreFeatures& a, const ScoreFeatures& b) {
  CHECK(a.rules == b.rules);
  CHECK(a.win == b.win);
  CHECK(a.context == b.context);
  CHECK(a.form == b.form);
  CHECK(a.form_type == b.form_type);
  REQUIRE(a.group_count == b.group_count);
  for (std::size_t g = 0; g < a.group_count; ++g) {
    const GroupFeature& x = a.groups[g];
    const GroupFeature& y = b.groups[g];
    CHECK(x.kind == y.kind);
    CHECK(x.suit == y.suit);
    CHECK(x.rank == y.rank);
    CHECK(x.low == y.low);
    CHECK(x.flags == y.flags);
    CHECK(x.wildcards == y.wildcards);
    CHECK(x.size == y.size);
    CHECK(x.faces == y.faces);
  }
  CHECK(a.winning_group == b.winning_group);
  CHECK(a.wait == b.wait);
  CHECK(a.winning_tile == b.winning_tile);
  CHECK(a.winning_red == b.winning_red);
  CHECK(a.counts == b.counts);
  CHECK(a.faces == b.faces);
  CHECK(a.concealed_faces == b.concealed_faces);
  CHECK(a.suits_used == b.suits_used);
  CHECK(a.honours_used == b.honours_used);
  CHECK(a.closed_hand == b.closed_hand);
  CHECK(a.seat_wind_tile == b.seat_wind_tile);
  CHECK(a.round_wind_tile == b.round_wind_tile);
  CHECK(a.kind_groups == b.kind_groups);
  CHECK(a.flag_groups == b.flag_groups);
  CHECK(a.kind_counts == b.kind_counts);
  CHECK(a.wildcards == b.wildcards);
  CHECK(a.soft_wildcards == b.soft_wildcards);
  CHECK(a.red_fives == b.red_fives);
}

/// For each interpretation of `hand` (plain under `context`): the record made from the
/// interpretation equals the one made from its reading. Returns how many were compared.
int compare_plain_records(const RuleSet& rules, const ReadingContext& context) {
  REQUIRE(context.plain);
  const Decomposition decomposition(rules, context.hand);
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  int compared = 0;
  while (cursor.next(interpretation)) {
    ScoreFeatures from_reading;
    make_score_features(context, make_reading(context, interpretation), from_reading);
    ScoreFeatures direct;
    make_score_features(context, interpretation, direct);
    check_same_record(direct, from_reading);
    ++compared;
  }
  return compared;
}

}  // namespace

TEST_CASE("a plain hand's record from its interpretations is the record from its readings",
          "[features]") {
  SECTION("random complete hands and situations") {
    for (const char* name : {"riichi", "mcr", "hongkong", "taiwan", "sichuan"}) {
      INFO(name);
      const RuleSet rules = load_rules(name);
      RandomHands hands(rules, 20261205);
      RandomDraws draws(7);
      int compared = 0;
      int with_red = 0;
      for (int i = 0; i < 400; ++i) {
        Hand hand = hands.complete(std::min(14, static_cast<int>(rules.hand_tiles())), 0);
        const WinContext win = random_win_context(rules, hand, draws);
        const ReadingContext context = make_reading_context(rules, hand, win);
        INFO(format_hand(hand, rules));
        compared += compare_plain_records(rules, context);
        with_red += context.concealed_red_count > 0 ? 1 : 0;
      }
      CHECK(compared >= 400);
      if (std::string(name) == "riichi") CHECK(with_red > 50);  // the red fives are exercised
    }
  }
  SECTION("declared melds, red fives, a robbed kong") {
    const RuleSet rules = load_rules("riichi");
    WinContext ron;
    ron.win = WinKind::discard;
    ron.from = MeldSource::right;
    WinContext robbed = ron;
    robbed.robbing_kong = true;
    const WinContext tsumo;
    const std::pair<const char*, const WinContext*> cases[] = {
        {"[777z]0m5m123p456s99s+5m", &ron},   {"(2222s)123m46p55z789s+0p", &tsumo},
        {"[1111m][345p]22z678s44s+4s", &ron}, {"1112223334445m+5m", &robbed},
        {"1199m11p2299s55z0m+5m", &tsumo},    {"[555m]406p123s99s78p+9p", &ron}};
    for (const auto& [text, win] : cases) {
      INFO(text);
      const Hand hand = parse_hand(text, rules);
      const ReadingContext context = make_reading_context(rules, hand, *win);
      CHECK(compare_plain_records(rules, context) >= 1);
    }
  }
  SECTION("a red five in a declared meld or a wildcard makes a hand not plain") {
    const RuleSet riichi = load_rules("riichi");
    CHECK_FALSE(make_reading_context(riichi, parse_hand("[055m]123p456s789s9s+9s", riichi)).plain);
    const RuleSet laizi = load_rules("laizi");
    CHECK_FALSE(make_reading_context(laizi, parse_hand("123m456p789s11z**+*", laizi)).plain);
    CHECK(make_reading_context(laizi, parse_hand("123m456p789s11z55z+5z", laizi)).plain);
  }
}
