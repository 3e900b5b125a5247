// Tests of the value rules (section/values.cpp) and compute_value (values/fu.cpp,
// values/points.cpp, values/values.cpp) under rules/riichi.yaml: every fu part, the points table
// and its limits against the published riichi tables, payments with counters, dora, the minimum.
// Feature records are written by hand here (what make_score_features gives for the hand named in
// each comment); docs/scoring.md, "Values", has the rules the expected numbers come from.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <numeric>
#include <string>
#include <vector>

#include "catch2/catch.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"
#include "scoring_support.hpp"
#include "values/points.hpp"

namespace {

using Catch::Matchers::Contains;
using namespace meldgraph;
using meldgraph::test::make_pattern;

const RuleSet& riichi() {
  static const RuleSet rules = load_rules("riichi");
  return rules;
}

TileId tile(const RuleSet& rules, const char* code) {
  return rules.find_tile(code[1], code[0] - '0');
}

constexpr std::uint16_t kOpen = kFeatureOpen | kFeatureDeclared;  // an exposed meld

/// A feature record written group by group, as make_score_features would give it.
class Record {
 public:
  explicit Record(WinContext win, const RuleSet& rules = riichi()) : win_(std::move(win)) {
    f_.rules = &rules;
    f_.win = &win_;
    f_.seat_wind_tile = rules.find_tile('z', 1 + static_cast<int>(win_.seat_wind));
    f_.round_wind_tile = rules.find_tile('z', 1 + static_cast<int>(win_.round_wind));
  }
  Record(const Record&) = delete;

  /// A group of `kind` whose lowest tile is `low` (a chow runs up from it).
  Record& add(GroupKind kind, const char* low, std::uint16_t flags = 0) {
    const RuleSet& rules = *f_.rules;
    const std::size_t index = f_.group_count++;
    GroupFeature& g = f_.groups[index];
    g.kind = kind;
    // The kind index, kept in step with the groups as make_score_features keeps it (compute_fu
    // finds the pairs, pungs and kongs through it).
    f_.kind_groups[static_cast<std::size_t>(kind)] |= 1U << index;
    f_.kind_counts += std::uint64_t{1} << (kKindCountBits * static_cast<unsigned>(kind));
    g.low = tile(rules, low);
    g.suit = rules.tile(g.low).suit;
    g.rank = rules.tile(g.low).rank;
    g.flags = flags;
    const int size = kind == GroupKind::pair ? 2 : kind == GroupKind::kong ? 4 : 3;
    g.size = static_cast<std::uint8_t>(size);
    for (int i = 0; i < size; ++i) {
      const TileId t = kind == GroupKind::chow ? static_cast<TileId>(g.low + i) : g.low;
      g.faces |= tile_bit(t);
      ++f_.counts[t];
      f_.faces |= tile_bit(t);
    }
    if ((flags & kFeatureDeclared) != 0 && (flags & kFeatureConcealedKong) == 0) {
      f_.closed_hand = false;
    }
    return *this;
  }
  Record& wins_on(int group, WaitShape wait) {
    f_.winning_group = group;
    f_.wait = wait;
    f_.groups[static_cast<std::size_t>(group)].flags |= kFeatureWinning;
    return *this;
  }
  Record& form(std::size_t index) {
    f_.form = index;
    return *this;
  }
  Record& red(int count) {
    f_.red_fives = static_cast<std::uint8_t>(count);
    return *this;
  }
  /// Sets the declared meld `group`'s source.
  Record& source(int group, MeldSource from) {
    auto& flags = f_.groups[static_cast<std::size_t>(group)].flags;
    flags =
        static_cast<std::uint16_t>(flags | (static_cast<unsigned>(from) << kFeatureSourceShift));
    return *this;
  }
  [[nodiscard]] const ScoreFeatures& features() const { return f_; }

 private:
  WinContext win_;
  ScoreFeatures f_;
};

WinContext ron(Wind seat, MeldSource from, Wind round = Wind::east) {
  WinContext c;
  c.win = WinKind::discard;
  c.from = from;
  c.seat_wind = seat;
  c.round_wind = round;
  return c;
}

WinContext tsumo(Wind seat, Wind round = Wind::east) {
  WinContext c;
  c.seat_wind = seat;
  c.round_wind = round;
  return c;
}

/// Riichi's scoring rules with a pattern `pinfu` (index 0) and `yaku` (index 1) declared, pinfu
/// cancelling the self-draw fu, as rules/riichi.yaml will say once its patterns are declared.
ScoringRules riichi_with_pinfu() {
  ScoringRules rules = *scoring_rules(riichi());
  rules.patterns.patterns.clear();
  rules.patterns.patterns.push_back(make_pattern("pinfu", "Pinfu", "平和", {1, 0, false, 0}));
  rules.patterns.patterns.push_back(make_pattern("yaku", "Some yaku", "役", {1, 1, true, 0}));
  rules.values.fu.no_self_draw_fu_with = {0};
  return rules;
}

const std::vector<PatternHit> kOneYaku = {PatternHit{1, 1, 0, 1}};
const std::vector<PatternHit> kPinfu = {PatternHit{0, 1, 0, 1}};

ReadingValue value_of(const ScoringRules& rules, const Record& record,
                      const std::vector<PatternHit>& hits = kOneYaku) {
  ReadingValue out;
  compute_value(rules, record.features(), hits, out);
  // The explanation adds up to the total, whatever the case.
  int sum = 0;
  for (const FuPart& part : out.fu_parts) sum += part.fu;
  REQUIRE(sum == out.fu);
  return out;
}

/// The parts as (source, fu, group) triples, for exact comparison.
std::vector<std::array<int, 3>> parts(const ReadingValue& value) {
  std::vector<std::array<int, 3>> out;
  for (const FuPart& part : value.fu_parts) {
    out.push_back({static_cast<int>(part.source), part.fu, part.group});
  }
  return out;
}

constexpr int kBase = static_cast<int>(FuSource::base);
constexpr int kClosedRon = static_cast<int>(FuSource::closed_ron);
constexpr int kSelfDraw = static_cast<int>(FuSource::self_draw);
constexpr int kMeld = static_cast<int>(FuSource::meld);
constexpr int kPair = static_cast<int>(FuSource::pair);
constexpr int kWait = static_cast<int>(FuSource::wait);
constexpr int kOpenPinfu = static_cast<int>(FuSource::open_pinfu);
constexpr int kFixed = static_cast<int>(FuSource::fixed);
constexpr int kRounding = static_cast<int>(FuSource::rounding);

// 123m 456m 789p 234s 55s, won on 2s (two-sided 34s): the pinfu shape.
void pinfu_shape(Record& r, std::uint16_t first_flags = 0) {
  r.add(GroupKind::chow, "1m", first_flags)
      .add(GroupKind::chow, "4m")
      .add(GroupKind::chow, "7p")
      .add(GroupKind::chow, "2s")
      .add(GroupKind::pair, "5s")
      .wins_on(3, WaitShape::two_sided);
}

TEST_CASE("fu: pinfu tsumo 20, pinfu ron 30, the self-draw fu without pinfu", "[scoring][fu]") {
  const ScoringRules rules = riichi_with_pinfu();
  {
    Record r(tsumo(Wind::south));
    pinfu_shape(r);
    const ReadingValue v = value_of(rules, r, kPinfu);
    REQUIRE(v.fu == 20);
    REQUIRE(parts(v) == std::vector<std::array<int, 3>>{{kBase, 20, -1}});
  }
  {
    Record r(ron(Wind::south, MeldSource::left));
    pinfu_shape(r);
    const ReadingValue v = value_of(rules, r, kPinfu);
    REQUIRE(v.fu == 30);
    REQUIRE(parts(v) == std::vector<std::array<int, 3>>{{kBase, 20, -1}, {kClosedRon, 10, -1}});
  }
  {
    // The same shape self-drawn without pinfu (another yaku): 20 + 2, rounded to 30.
    Record r(tsumo(Wind::south));
    pinfu_shape(r);
    const ReadingValue v = value_of(rules, r, kOneYaku);
    REQUIRE(v.fu == 30);
    REQUIRE(parts(v) == std::vector<std::array<int, 3>>{
                            {kBase, 20, -1}, {kSelfDraw, 2, -1}, {kRounding, 8, -1}});
  }
}

TEST_CASE("fu: an open pinfu shape is raised to 30, an open self-draw rounds to 30",
          "[scoring][fu]") {
  const ScoringRules& rules = *scoring_rules(riichi());
  {
    Record r(ron(Wind::south, MeldSource::left));
    pinfu_shape(r, kOpen);
    const ReadingValue v = value_of(rules, r);
    REQUIRE(v.fu == 30);
    REQUIRE(parts(v) == std::vector<std::array<int, 3>>{{kBase, 20, -1}, {kOpenPinfu, 10, -1}});
  }
  {
    Record r(tsumo(Wind::south));
    pinfu_shape(r, kOpen);
    const ReadingValue v = value_of(rules, r);
    REQUIRE(v.fu == 30);
    REQUIRE(parts(v) == std::vector<std::array<int, 3>>{
                            {kBase, 20, -1}, {kSelfDraw, 2, -1}, {kRounding, 8, -1}});
  }
}

TEST_CASE("fu: pungs and kongs by openness, terminal or honour, and kong", "[scoring][fu]") {
  const ScoringRules& rules = *scoring_rules(riichi());
  struct Case {
    GroupKind kind;
    const char* tile;
    std::uint16_t flags;
    int fu;
  };
  const Case cases[] = {
      {GroupKind::pung, "5m", kOpen, 2},
      {GroupKind::pung, "5m", 0, 4},
      {GroupKind::pung, "5m", kFeatureOpen, 2},  // a concealed pung completed by a discard
      {GroupKind::pung, "9p", kOpen, 4},
      {GroupKind::pung, "1z", 0, 8},
      {GroupKind::kong, "5s", kOpen, 8},
      {GroupKind::kong, "5s", kFeatureDeclared | kFeatureConcealedKong, 16},
      {GroupKind::kong, "1s", kOpen, 16},
      {GroupKind::kong, "7z", kFeatureDeclared | kFeatureConcealedKong, 32},
  };
  for (const Case& c : cases) {
    CAPTURE(c.tile, c.fu, static_cast<int>(c.kind));
    // 123m 456p 789p + the meld + 22p, won on 2p as a single wait, self-drawn by North.
    Record r(tsumo(Wind::north));
    r.add(GroupKind::chow, "1m").add(GroupKind::chow, "4p").add(GroupKind::chow, "7p");
    r.add(c.kind, c.tile, c.flags).add(GroupKind::pair, "2p").wins_on(4, WaitShape::single);
    const ReadingValue v = value_of(rules, r);
    const auto p = parts(v);
    REQUIRE(p.size() >= 4);
    REQUIRE(p[2] == std::array<int, 3>{kMeld, c.fu, 3});
    REQUIRE(p[3] == std::array<int, 3>{kWait, 2, 4});
    const int raw = 20 + 2 + c.fu + 2;
    REQUIRE(v.fu == (raw + 9) / 10 * 10);
  }
}

TEST_CASE("fu: value pairs, the double wind pair with both key values", "[scoring][fu]") {
  const ScoringRules& rules = *scoring_rules(riichi());
  struct Case {
    const char* pair;
    Wind seat;
    Wind round;
    int fu;
  };
  const Case cases[] = {
      {"5z", Wind::south, Wind::east, 2},  // a dragon
      {"2z", Wind::south, Wind::east, 2},  // the seat wind
      {"1z", Wind::south, Wind::east, 2},  // the round wind
      {"1z", Wind::east, Wind::east, 4},   // both: the double wind
      {"3z", Wind::south, Wind::east, 0},  // a guest wind
      {"5p", Wind::south, Wind::east, 0},
  };
  ScoringRules two = rules;
  two.values.fu.pair_double_wind = 2;
  two.values.fu.derive_tables();  // the lookups follow the keys only when derived again
  for (const Case& c : cases) {
    CAPTURE(c.pair, c.fu);
    // 123m 456m 789p 234s + the pair, ron on 2s (two-sided): 20 + 10 + the pair.
    Record r(ron(c.seat, MeldSource::left, c.round));
    r.add(GroupKind::chow, "1m").add(GroupKind::chow, "4m").add(GroupKind::chow, "7p");
    r.add(GroupKind::chow, "2s").add(GroupKind::pair, c.pair).wins_on(3, WaitShape::two_sided);
    const ReadingValue v = value_of(rules, r);
    REQUIRE(v.fu == (30 + c.fu + 9) / 10 * 10);
    if (c.fu != 0) REQUIRE(parts(v)[2] == std::array<int, 3>{kPair, c.fu, 4});
    const ReadingValue w = value_of(two, r);
    const int expected = c.fu == 4 ? 2 : c.fu;
    REQUIRE(w.fu_parts.size() == (expected != 0 ? 4U : 2U));
    if (expected != 0) REQUIRE(parts(w)[2] == std::array<int, 3>{kPair, expected, 4});
  }
}

TEST_CASE("fu: every wait shape of the reading", "[scoring][fu]") {
  const ScoringRules& rules = *scoring_rules(riichi());
  struct Case {
    WaitShape wait;
    int group;
    int fu;
  };
  // 123m 456m 789p 234s 55s read with the winning tile in group `group`.
  const Case cases[] = {{WaitShape::two_sided, 3, 0},
                        {WaitShape::closed, 3, 2},
                        {WaitShape::edge, 0, 2},
                        {WaitShape::single, 4, 2}};
  for (const Case& c : cases) {
    Record r(ron(Wind::south, MeldSource::left));
    r.add(GroupKind::chow, "1m").add(GroupKind::chow, "4m").add(GroupKind::chow, "7p");
    r.add(GroupKind::chow, "2s").add(GroupKind::pair, "5s").wins_on(c.group, c.wait);
    const ReadingValue v = value_of(rules, r);
    REQUIRE(v.fu == (c.fu == 0 ? 30 : 40));
    if (c.fu != 0) REQUIRE(parts(v)[2] == std::array<int, 3>{kWait, 2, c.group});
  }
  // A dual-pung wait won by a discard: the completed pung is open (2), no wait fu.
  Record r(ron(Wind::south, MeldSource::left));
  r.add(GroupKind::chow, "1m").add(GroupKind::chow, "4m").add(GroupKind::chow, "7p");
  r.add(GroupKind::pung, "5s", kFeatureOpen).add(GroupKind::pair, "8s");
  r.wins_on(3, WaitShape::dual_pung);
  const ReadingValue v = value_of(rules, r);
  REQUIRE(parts(v) ==
          std::vector<std::array<int, 3>>{
              {kBase, 20, -1}, {kClosedRon, 10, -1}, {kMeld, 2, 3}, {kRounding, 8, -1}});
}

TEST_CASE("fu: 45556m won on 5m, each reading's own wait", "[scoring][fu]") {
  const ScoringRules& rules = *scoring_rules(riichi());
  // 123p 789p 456m 55m + 111s... as 456m 55m: the 5m in the chow (closed 4_6) or in the pair.
  for (const auto& [group, wait] : {std::pair{2, WaitShape::closed}, {3, WaitShape::single}}) {
    Record r(tsumo(Wind::west));
    r.add(GroupKind::chow, "1p").add(GroupKind::chow, "7p").add(GroupKind::chow, "4m");
    r.add(GroupKind::pair, "5m").add(GroupKind::pung, "1s").wins_on(group, wait);
    const ReadingValue v = value_of(rules, r);
    // 20 + 2 (tsumo) + 8 (concealed terminal pung) + 2 (wait) = 32 -> 40.
    REQUIRE(v.fu == 40);
    REQUIRE(parts(v)[3] == std::array<int, 3>{kWait, 2, group});
  }
}

TEST_CASE("fu: seven pairs are 25 whatever the win", "[scoring][fu]") {
  const ScoringRules& rules = *scoring_rules(riichi());
  REQUIRE(riichi().forms()[1].name == "seven_pairs");
  for (const WinContext& win : {tsumo(Wind::east), ron(Wind::south, MeldSource::across)}) {
    Record r(win);
    for (const char* pair : {"1m", "4m", "7p", "2s", "5s", "1z", "7z"}) {
      r.add(GroupKind::pair, pair);
    }
    r.form(1).wins_on(6, WaitShape::single);
    const ReadingValue v = value_of(rules, r);
    REQUIRE(v.fu == 25);
    REQUIRE(parts(v) == std::vector<std::array<int, 3>>{{kFixed, 25, -1}});
  }
}

// --- Points -------------------------------------------------------------------------------------

/// Points of a non-dealer (seat S) or dealer (E) win, by ron from the left or by tsumo, of `han`
/// and `fu` under riichi's points and payments (units and fu given, not computed).
struct Paid {
  std::int64_t points;
  std::array<std::int64_t, 4> payments;
  std::string limit;
};

Paid pay(const ValueRules& rules, int han, int fu, bool dealer, bool by_ron, int honba = 0,
         int sticks = 0, int yakuman = 0) {
  WinContext win = by_ron ? ron(dealer ? Wind::east : Wind::south, MeldSource::left)
                          : tsumo(dealer ? Wind::east : Wind::south);
  win.honba = static_cast<std::uint16_t>(honba);
  win.riichi_sticks = static_cast<std::uint16_t>(sticks);
  Record r(win);
  ReadingValue v;
  v.units = han;
  v.fu = fu;
  v.yakuman = static_cast<std::uint8_t>(yakuman);
  detail::compute_base(rules.points, v);
  detail::compute_payments(rules, r.features(), {}, v);
  return {v.points, v.payments, v.limit};
}

TEST_CASE("points: the riichi table, non-dealer and dealer, ron and tsumo", "[scoring][points]") {
  const ValueRules& rules = scoring_rules(riichi())->values;
  struct Row {
    int han;
    int fu;
    std::int64_t other_ron, dealer_ron, other_tsumo, dealer_tsumo;
    const char* limit;
  };
  // The published table (Tenhou, EMA): ron, and tsumo as the total of the shares.
  const Row rows[] = {
      {1, 30, 1000, 1500, 300 + 300 + 500, 500 * 3, ""},
      {1, 40, 1300, 2000, 400 + 400 + 700, 700 * 3, ""},
      {1, 110, 3600, 5300, 900 + 900 + 1800, 1800 * 3, ""},
      {2, 20, 1300, 2000, 400 + 400 + 700, 700 * 3, ""},
      {2, 25, 1600, 2400, 400 + 400 + 800, 800 * 3, ""},
      {2, 30, 2000, 2900, 500 + 500 + 1000, 1000 * 3, ""},
      {3, 25, 3200, 4800, 800 + 800 + 1600, 1600 * 3, ""},
      {3, 30, 3900, 5800, 1000 + 1000 + 2000, 2000 * 3, ""},
      {3, 60, 7700, 11600, 2000 + 2000 + 3900, 3900 * 3, ""},
      {3, 70, 8000, 12000, 8000, 12000, "mangan"},
      {4, 30, 7700, 11600, 2000 + 2000 + 3900, 3900 * 3, ""},
      {4, 40, 8000, 12000, 8000, 12000, "mangan"},
      {5, 30, 8000, 12000, 8000, 12000, "mangan"},
      {6, 30, 12000, 18000, 12000, 18000, "haneman"},
      {7, 30, 12000, 18000, 12000, 18000, "haneman"},
      {8, 30, 16000, 24000, 16000, 24000, "baiman"},
      {10, 30, 16000, 24000, 16000, 24000, "baiman"},
      {11, 30, 24000, 36000, 24000, 36000, "sanbaiman"},
      {12, 40, 24000, 36000, 24000, 36000, "sanbaiman"},
      {13, 30, 32000, 48000, 32000, 48000, "kazoe_yakuman"},
      {20, 30, 32000, 48000, 32000, 48000, "kazoe_yakuman"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.han, row.fu);
    const Paid other_ron = pay(rules, row.han, row.fu, false, true);
    REQUIRE(other_ron.points == row.other_ron);
    REQUIRE(other_ron.limit == row.limit);
    REQUIRE(pay(rules, row.han, row.fu, true, true).points == row.dealer_ron);
    REQUIRE(pay(rules, row.han, row.fu, false, false).points == row.other_tsumo);
    REQUIRE(pay(rules, row.han, row.fu, true, false).points == row.dealer_tsumo);
  }
}

TEST_CASE("points: kiriage mangan and kazoe as keys", "[scoring][points]") {
  ValueRules rules = scoring_rules(riichi())->values;
  rules.points.round_up_from = 1920;
  REQUIRE(pay(rules, 4, 30, false, true).points == 8000);
  REQUIRE(pay(rules, 3, 60, true, true).points == 12000);
  REQUIRE(pay(rules, 3, 50, false, true).points == 6400);
  rules.points.kazoe = 0;
  REQUIRE(pay(rules, 13, 30, false, true).points == 24000);
  REQUIRE(pay(rules, 13, 30, false, true).limit == "sanbaiman");
}

TEST_CASE("points: yakuman, double yakuman", "[scoring][points]") {
  const ValueRules& rules = scoring_rules(riichi())->values;
  REQUIRE(pay(rules, 0, 30, false, true, 0, 0, 1).points == 32000);
  REQUIRE(pay(rules, 0, 30, true, true, 0, 0, 1).points == 48000);
  REQUIRE(pay(rules, 0, 30, false, true, 0, 0, 2).points == 64000);
  REQUIRE(pay(rules, 0, 30, false, true, 0, 0, 2).limit == "double_yakuman");
  REQUIRE(pay(rules, 0, 30, true, false, 0, 0, 3).points == 144000);
}

TEST_CASE("payments: by seat wind, ron from each side, tsumo split, counters",
          "[scoring][payments]") {
  const ValueRules& rules = scoring_rules(riichi())->values;
  using P = std::array<std::int64_t, 4>;
  // South wins 3 han 30 fu by ron from the left (East): East pays 3900.
  REQUIRE(pay(rules, 3, 30, false, true).payments == P{-3900, 3900, 0, 0});
  // ... with 2 honba and 1 riichi stick: East pays 3900 + 600, South takes 1000 from the table.
  REQUIRE(pay(rules, 3, 30, false, true, 2, 1).payments == P{-4500, 5500, 0, 0});
  // South tsumo 4 han 30 fu: East 3900, West and North 2000; 1 honba: 100 more from each.
  REQUIRE(pay(rules, 4, 30, false, false).payments == P{-3900, 7900, -2000, -2000});
  REQUIRE(pay(rules, 4, 30, false, false, 1).payments == P{-4000, 8200, -2100, -2100});
  // East tsumo 4 han 30 fu: 3900 all.
  REQUIRE(pay(rules, 4, 30, true, false).payments == P{11700, -3900, -3900, -3900});
  // North self-draws: 3 han 30 fu pays 1000 / 2000, a mangan 2000 / 4000.
  for (const auto& [han, dealer_pays, other_pays] :
       {std::array<int, 3>{3, 2000, 1000}, std::array<int, 3>{5, 4000, 2000}}) {
    Record r(tsumo(Wind::north));
    ReadingValue v;
    v.units = han;
    v.fu = 30;
    detail::compute_base(rules.points, v);
    detail::compute_payments(rules, r.features(), {}, v);
    REQUIRE(v.payments == P{-dealer_pays, -other_pays, -other_pays, dealer_pays + 2 * other_pays});
  }
  // The discarder by `from`: West wins from across (East), from the right (North).
  for (const auto& [from, payer] :
       {std::pair{MeldSource::left, 1}, {MeldSource::across, 0}, {MeldSource::right, 3}}) {
    Record r(ron(Wind::west, from));
    ReadingValue v;
    v.units = 1;
    v.fu = 30;
    detail::compute_base(rules.points, v);
    detail::compute_payments(rules, r.features(), {}, v);
    P expected{};
    expected[static_cast<std::size_t>(payer)] = -1000;
    expected[2] = 1000;
    REQUIRE(v.payments == expected);
  }
}

// --- Whole values: minimum, dora, yakuman keys --------------------------------------------------

TEST_CASE("value: no yaku is no win, and dora do not make one", "[scoring][values]") {
  const ScoringRules& rules = *scoring_rules(riichi());
  WinContext win = ron(Wind::south, MeldSource::left);
  win.dora = {tile(riichi(), "4s")};  // 5s is dora: the pair makes 2
  Record r(win);
  pinfu_shape(r, kOpen);
  r.red(1);
  const ReadingValue none = value_of(rules, r, {});
  REQUIRE_FALSE(none.wins);
  REQUIRE(none.no_win_reason == "no yaku");
  REQUIRE(none.points == 0);
  REQUIRE(none.units == 0);
  REQUIRE(none.payments == std::array<std::int64_t, 4>{});
  const ReadingValue one = value_of(rules, r);
  REQUIRE(one.wins);
  REQUIRE(one.dora == 2);
  REQUIRE(one.red == 1);
  REQUIRE(one.units == 4);
  REQUIRE(one.points == 7700);  // 4 han 30 fu, non-dealer ron
}

TEST_CASE("value: dora by indicator cycles, kan dora, ura only with riichi", "[scoring][values]") {
  const RuleSet& rules = riichi();
  const DoraRules& dora = scoring_rules(rules)->values.dora;
  // 9 -> 1 in a suit, winds E S W N E, dragons white green red white.
  for (const auto& [indicator, named] : {std::pair{"9m", "1m"},
                                         {"4p", "5p"},
                                         {"4z", "1z"},
                                         {"1z", "2z"},
                                         {"7z", "5z"},
                                         {"5z", "6z"}}) {
    CAPTURE(indicator);
    REQUIRE(dora.dora_of[tile(rules, indicator)] == tile(rules, named));
  }
  WinContext win = tsumo(Wind::east);
  win.dora = {tile(rules, "4z"), tile(rules, "8s")};  // 1z and 9s; the second a kan dora
  win.ura = {tile(rules, "6s")};                      // 7s
  // 111z (a pung of dora: 3) 789s (9s and 7s) 123m 456m 55p.
  const auto record = [&](const WinContext& w) {
    auto r = std::make_unique<Record>(w);
    r->add(GroupKind::pung, "1z").add(GroupKind::chow, "7s").add(GroupKind::chow, "1m");
    r->add(GroupKind::chow, "4m").add(GroupKind::pair, "5p").wins_on(4, WaitShape::single);
    return r;
  };
  const ReadingValue plain = value_of(*scoring_rules(rules), *record(win));
  REQUIRE(plain.dora == 4);
  REQUIRE(plain.ura == 0);
  win.riichi = true;
  const ReadingValue with_riichi = value_of(*scoring_rules(rules), *record(win));
  REQUIRE(with_riichi.dora == 4);
  REQUIRE(with_riichi.ura == 1);
  REQUIRE(with_riichi.units == 1 + 4 + 1);
}

TEST_CASE("value: yakuman stacking and the double yakuman key", "[scoring][values]") {
  ScoringRules rules = *scoring_rules(riichi());
  Record r(ron(Wind::south, MeldSource::left));
  pinfu_shape(r);
  // A double yakuman (multiplicity 2) and a single one.
  const std::vector<PatternHit> hits = {PatternHit{0, 0, 2, 1}, PatternHit{1, 0, 1, 1}};
  REQUIRE(value_of(rules, r, hits).yakuman == 3);
  REQUIRE(value_of(rules, r, hits).points == 96000);
  rules.values.points.double_yakuman = false;
  REQUIRE(value_of(rules, r, hits).yakuman == 2);
  rules.values.points.yakuman_stack = false;
  REQUIRE(value_of(rules, r, hits).yakuman == 1);
  REQUIRE(value_of(rules, r, hits).points == 32000);
  REQUIRE(value_of(rules, r, hits).limit == "yakuman");
}

TEST_CASE("payments: pao for the last meld's feeder", "[scoring][payments]") {
  ScoringRules rules = riichi_with_pinfu();
  rules.patterns.patterns.push_back(
      make_pattern("daisangen", "Big three dragons", "大三元", {0, 0, true, 1}));
  rules.values.payments.pao = {PaoRule{2, riichi().tile_classes().dragons}};
  const std::vector<PatternHit> hits = {PatternHit{2, 0, 1, 1}};
  const auto record = [&](const WinContext& w) {
    // [555z] [666z] [777z] 123m 44p: South, the last dragon pung claimed from across (North).
    auto r = std::make_unique<Record>(w);
    r->add(GroupKind::pung, "5z", kOpen).add(GroupKind::pung, "6z", kOpen);
    r->add(GroupKind::pung, "7z", kOpen).add(GroupKind::chow, "1m");
    r->add(GroupKind::pair, "4p").wins_on(4, WaitShape::single).source(2, MeldSource::across);
    return r;
  };
  using P = std::array<std::int64_t, 4>;
  // Tsumo: North pays the whole yakuman.
  REQUIRE(value_of(rules, *record(tsumo(Wind::south)), hits).payments == P{0, 32000, 0, -32000});
  // Ron from the left (East): East and North pay half each.
  REQUIRE(value_of(rules, *record(ron(Wind::south, MeldSource::left)), hits).payments ==
          P{-16000, 32000, 0, -16000});
  // Ron from North itself: North pays all.
  REQUIRE(value_of(rules, *record(ron(Wind::south, MeldSource::across)), hits).payments ==
          P{0, 32000, 0, -32000});
  // With two counters the liable player pays them, on a self-draw (3 x 2 x 100) as on another
  // player's discard (2 x 300); the discarder pays only their half.
  WinContext counted = tsumo(Wind::south);
  counted.honba = 2;
  REQUIRE(value_of(rules, *record(counted), hits).payments == P{0, 32600, 0, -32600});
  counted = ron(Wind::south, MeldSource::left);
  counted.honba = 2;
  REQUIRE(value_of(rules, *record(counted), hits).payments == P{-16000, 32600, 0, -16600});
}

// --- The keys in rule files ---------------------------------------------------------------------

TEST_CASE("value keys: riichi's are read, dumped and read back the same", "[scoring][rules]") {
  const RuleSet again = load_rules_from_string(dump_rules(riichi()), "dump.yaml");
  REQUIRE(dump_rules(again).substr(dump_rules(again).find("scoring:")) ==
          dump_rules(riichi()).substr(dump_rules(riichi()).find("scoring:")));
  const ValueRules& v = scoring_rules(again)->values;
  REQUIRE(v.fu.enabled);
  REQUIRE(v.fu.fixed[1] == 25);
  REQUIRE(v.fu.pair_double_wind == 4);
  REQUIRE(v.points.limits.size() == 4);
  REQUIRE(v.points.kazoe == 13);
  REQUIRE(v.payments.honba_discard == 300);
}

TEST_CASE("value keys: a local file changes one option", "[scoring][rules]") {
  const RuleSet rules = load_rules_from_string(
      "name: t\nextends: riichi\nscoring:\n  fu:\n    pair: {double_wind: 2}\n  points:\n"
      "    kazoe: false\n    round_up_mangan: true\n    yakuman: {double: false}\n",
      "t.yaml");
  const ValueRules& v = scoring_rules(rules)->values;
  REQUIRE(v.fu.pair_double_wind == 2);
  REQUIRE(v.fu.pair_dragon == 2);
  REQUIRE(v.points.kazoe == 0);
  REQUIRE(v.points.round_up_from == 1920);
  REQUIRE_FALSE(v.points.double_yakuman);
  REQUIRE(v.points.yakuman_stack);
  REQUIRE(v.points.limits.size() == 4);
}

TEST_CASE("value keys: errors name their place", "[scoring][rules]") {
  const std::string head = "name: t\nextends: basic\nscoring:\n  unit: han\n";
  struct Case {
    const char* yaml;
    const char* where;
    const char* what;
  };
  const Case cases[] = {
      {"  fu: {base: -1}\n", "t.yaml:5:14", "between 0"},
      {"  fu:\n    bogus: 1\n", "t.yaml:6:5", "bogus"},
      {"  fu:\n    fixed: {seven_pair: 25}\n", "t.yaml:6:13", "unknown form 'seven_pair'"},
      {"  fu:\n    no_self_draw_fu_with: [pinfu]\n", "t.yaml:6:28", "unknown pattern 'pinfu'"},
      {"  fu:\n    waits: {kanchan: 2}\n", "t.yaml:6:13", "kanchan"},
      {"  dora: {ura: sometimes}\n", "t.yaml:5:15", "with_riichi"},
      {"  points: {limits: []}\n", "t.yaml:5:3", "needs 'base'"},
      {"  points: {base: fu_doubling}\n", "t.yaml:5:18", "needs 'scoring.fu'"},
      {"  points: {base: table}\n", "t.yaml:5:18", "needs 'scoring.points.table'"},
      {"  points:\n    base: units\n    limits:\n      - {name: a, units: 5, base: 10}\n"
       "      - {name: b, units: 4, base: 20}\n",
       "t.yaml:9:26", "must rise"},
      {"  points:\n    base: units\n    limits:\n      - {name: a, units: 5}\n", "t.yaml:8:9",
       "needs 'name', 'units' and 'base'"},
      {"  payments: {round_to: 100}\n", "t.yaml:5:3", "needs scoring.points"},
      {"  minimum: {units: x}\n", "t.yaml:5:20", "expected an integer"},
      {"  points: {base: units}\n  payments:\n    pao: {daisangen: dragons}\n", "t.yaml:7:11",
       "unknown pattern 'daisangen'"},
      {"  fu:\n    melds: {kong: 9}\n", "t.yaml:6:19", "between 0 and 8"},
      {"  fu:\n    melds: {pung: 101}\n", "t.yaml:6:19", "between 0 and 100"},
      {"  points: {base: units}\n  payments:\n    discard: {dealer: 101}\n", "t.yaml:7:23",
       "between 0 and 100"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.yaml);
    CHECK_THROWS_WITH(load_rules_from_string(head + c.yaml, "t.yaml"),
                      Contains(c.where) && Contains(c.what));
  }
}

TEST_CASE("value keys: the largest values do not overflow", "[scoring][rules]") {
  // Every bound at its largest, no limits: four concealed terminal kongs are 100 x 8^3 fu each.
  const RuleSet rules = load_rules_from_string(
      "name: t\nextends: riichi\nscoring:\n  fu:\n    base: 1000\n    closed_ron: 1000\n"
      "    melds: {pung: 100, concealed: 8, terminal_or_honour: 8, kong: 8}\n"
      "    round_to: 1000\n  points:\n    limits: []\n    kazoe: false\n"
      "  payments:\n    discard: {dealer: 100, other: 100}\n    honba: {discard: 100000000}\n",
      "t.yaml");
  WinContext win = ron(Wind::east, MeldSource::left);
  win.honba = 65535;
  Record r(win, rules);
  for (const char* kong : {"1m", "9p", "1z", "7z"}) {
    r.add(GroupKind::kong, kong, kFeatureDeclared | kFeatureConcealedKong);
  }
  r.add(GroupKind::pair, "5m").wins_on(4, WaitShape::single);
  const std::vector<PatternHit> hits = {PatternHit{0, 30, 0, 1}};
  ReadingValue v;
  compute_value(*scoring_rules(rules), r.features(), hits, v);
  REQUIRE(v.fu == 207000);  // 1000 + 1000 + 4 x 51200 + 2 = 206802 -> 207000
  REQUIRE(v.base == std::int64_t{207000} << 22);
  REQUIRE(v.points == (std::int64_t{207000} << 22) * 100);
  REQUIRE(v.payments[3] == -(v.points + std::int64_t{100'000'000} * 65535));
}

}  // namespace
