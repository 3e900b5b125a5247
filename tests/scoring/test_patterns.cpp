// The pattern language (pattern_rules.hpp, docs/scoring.md "Patterns"): each predicate on tables
// of hands with contexts and the expected answer, worked by hand; the combinators; the relations
// (excludes, implied_by, only_without, limits replacing ordinary patterns); every riichi yaku and
// yakuman positively and negatively, the readings that score differently; errors with their
// place; `rules dump` writing the patterns back; `extends` replacing a pattern's condition.
// Tagged [patterns].

#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "rule_files.hpp"
#include "scoring_support.hpp"

using namespace meldgraph;
using Catch::Matchers::Contains;
using meldgraph::test::score_hand;

namespace {

/// The index of pattern `id` in `rules`, which must declare it.
std::size_t pattern_index(const RuleSet& rules, const std::string& id) {
  const auto& patterns = scoring_rules(rules)->patterns.patterns;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    if (patterns[i].id == id) return i;
  }
  FAIL("no pattern " << id);
  return 0;
}

/// Riichi extended by one pattern `probe` whose condition is `condition` (flow YAML); loaded once
/// per condition.
const RuleSet& probe_rules(const std::string& condition, const std::string& base = "riichi") {
  static std::map<std::string, RuleSet> cache;
  const std::string key = base + "|" + condition;
  if (const auto found = cache.find(key); found != cache.end()) return found->second;
  std::string yaml = "name: probe\nextends: " + base + "\nscoring:\n";
  if (base != "riichi") yaml += "  unit: fan\n";
  yaml += "  patterns:\n    probe:\n      value: 1\n      when: " + condition + "\n";
  return cache.emplace(key, load_rules_from_string(yaml, "probe.yaml")).first->second;
}

/// Whether `condition` holds for some reading of `hand` under `win` (and, with `every`, for
/// every reading).
bool holds(const std::string& condition, const std::string& hand, const WinContext& win = {},
           const std::string& base = "riichi") {
  const RuleSet& rules = probe_rules(condition, base);
  const auto scored = score_hand(rules, hand, win);
  const std::size_t probe = pattern_index(rules, "probe");
  REQUIRE_FALSE(scored->readings.empty());
  return std::any_of(scored->readings.begin(), scored->readings.end(), [&](const auto& r) {
    return pattern_condition_holds(*scoring_rules(rules), r.features, probe);
  });
}

/// The counted pattern ids of every reading of `hand`, each reading's sorted.
std::vector<std::vector<std::string>> reading_patterns(const RuleSet& rules,
                                                       const std::string& hand,
                                                       const WinContext& win = {}) {
  const auto scored = score_hand(rules, hand, win);
  std::vector<std::vector<std::string>> out;
  std::vector<PatternHit> hits;
  for (const auto& r : scored->readings) {
    evaluate_patterns(*scoring_rules(rules), r.features, hits);
    std::vector<std::string> ids;
    for (const PatternHit& hit : hits)
      ids.push_back(scoring_rules(rules)->patterns.patterns[hit.pattern].id);
    std::sort(ids.begin(), ids.end());
    out.push_back(ids);
  }
  return out;
}

std::string join(const std::vector<std::string>& ids) {
  std::string out = "{";
  for (const auto& id : ids) {
    if (out.size() > 1) out += ' ';
    out += id;
  }
  out += '}';
  return out;
}

/// Some reading of `hand` counts exactly the patterns `expected`.
bool some_reading_counts(const RuleSet& rules, const std::string& hand, const WinContext& win,
                         std::vector<std::string> expected) {
  std::sort(expected.begin(), expected.end());
  const auto readings = reading_patterns(rules, hand, win);
  std::string seen;
  for (const auto& ids : readings) {
    if (ids == expected) return true;
    seen += ' ';
    seen += join(ids);
  }
  UNSCOPED_INFO(hand << ": wanted " << join(expected) << ", readings count" << seen);
  return false;
}

WinContext ron(MeldSource from = MeldSource::left) {
  WinContext win;
  win.win = WinKind::discard;
  win.from = from;
  return win;
}
WinContext tsumo() {
  return {};
}
WinContext seat(Wind seat_wind, Wind round_wind, WinContext win = {}) {
  win.seat_wind = seat_wind;
  win.round_wind = round_wind;
  return win;
}

struct PredicateCase {
  const char* condition;
  const char* hand;
  WinContext win;
  bool expected;
};

void check_cases(const std::vector<PredicateCase>& cases) {
  for (const PredicateCase& c : cases) {
    INFO(c.condition << " on " << c.hand);
    CHECK(holds(c.condition, c.hand, c.win) == c.expected);
  }
}

}  // namespace

TEST_CASE("groups: kinds, flags, tile sets and counts", "[patterns]") {
  check_cases({
      {"{groups: {kind: [pung, kong], count: 4}}", "111m222p333s44z55z+5z", tsumo(), true},
      {"{groups: {kind: [pung, kong], count: 4}}", "123m222p333s44z55z+5z", tsumo(), false},
      {"{groups: {kind: kong, min: 1}}", "123m456p99s55z[1111z]+5z", tsumo(), true},
      {"{groups: {kind: pung, min: 1}}", "123m456p99s55z[1111z]+5z", tsumo(), true},
      // Concealed pungs: a ron on the shanpon makes the 5z pung open.
      {"{groups: {kind: pung, open: false, count: 2}}", "111m222p456s99s55z+5z", tsumo(), false},
      {"{groups: {kind: pung, open: false, count: 3}}", "111m222p456s99s55z+5z", tsumo(), true},
      {"{groups: {kind: pung, open: false, count: 2}}", "111m222p456s99s55z+5z", ron(), true},
      {"{groups: {kind: pung, by_discard: true}}", "111m222p456s99s55z+5z", ron(), true},
      {"{groups: {declared: true, max: 0}}", "123m456p99s55z[1111z]+5z", tsumo(), false},
      {"{groups: {declared: true, max: 0}}", "123m456p789s99s55z+5z", tsumo(), true},
      {"{groups: {concealed_kong: true}}", "123m456p99s55z(1111z)+5z", tsumo(), true},
      {"{groups: {concealed_kong: true}}", "123m456p99s55z[1111z]+5z", tsumo(), false},
      // Tile sets and the context's winds.
      {"{groups: {kind: pung, all_in: seat_wind}}", "123m456p789s99s22z+2z",
       seat(Wind::south, Wind::east), true},
      {"{groups: {kind: pung, all_in: seat_wind}}", "123m456p789s99s22z+2z",
       seat(Wind::west, Wind::east), false},
      {"{groups: {kind: pung, all_in: round_wind}}", "123m456p789s99s22z+2z",
       seat(Wind::west, Wind::south), true},
      {"{groups: {kind: pair, any_in: value}}", "123m456p789s111s6z+6z", tsumo(), true},
      {"{groups: {kind: pair, any_in: value}}", "123m456p789s111s4z+4z", tsumo(), false},
      {"{groups: {kind: pair, any_in: value}}", "123m456p789s111s4z+4z",
       seat(Wind::north, Wind::east), true},
      {"{groups: {all: true, any_in: terminals_or_honours}}", "123m789p123s11z99s+9s", tsumo(),
       true},
      {"{groups: {all: true, any_in: terminals_or_honours}}", "123m789p234s11z99s+9s", tsumo(),
       false},
      {"{groups: {kind: chow, none_in: \"123m\", count: 2}}", "123m789p234s11z99s+9s", tsumo(),
       true},
      {"{groups: {kind: chow, all_in: p}}", "123m789p234s11z99s+9s", tsumo(), true},
      {"{groups: {kind: chow, all_in: p, min: 2}}", "123m789p234s11z99s+9s", tsumo(), false},
      {"{groups: {winning: true, kind: pair}}", "123m789p234s999s1z+1z", tsumo(), true},
      {"{groups: {winning: true, kind: pair}}", "123m789p234s11z99s+9s", tsumo(), false},
  });
}

TEST_CASE("faces, suits, honours, closed_hand and form", "[patterns]") {
  check_cases({
      {"{faces: {all_in: simples}}", "234m567p345678s2s+2s", tsumo(), true},
      {"{faces: {all_in: simples}}", "234m567p345678s9s+9s", tsumo(), false},
      {"{faces: {none_in: honours}}", "234m567p345678s9s+9s", tsumo(), true},
      {"{faces: {any_in: \"9s\"}}", "234m567p345678s9s+9s", tsumo(), true},
      {"{faces: {all_in: green}}", "234s666s888s22s66z+6z", tsumo(), true},
      {"{faces: {all_in: green}}", "234s666s888s55s66z+6z", tsumo(), false},
      {"{suits: 1}", "123456789m11z22z+2z", tsumo(), true},
      {"{suits: 1}", "123456789m11p22z+2z", tsumo(), false},
      {"{suits: {min: 2, max: 3}}", "123456789m11p22z+2z", tsumo(), true},
      {"{honours: true}", "123456789m11p22z+2z", tsumo(), true},
      {"{honours: false}", "123456789m11p22z+2z", tsumo(), false},
      {"{closed_hand: true}", "123m456p99s55z(1111z)+5z", tsumo(), true},
      {"{closed_hand: true}", "123m456p99s55z[1111z]+5z", tsumo(), false},
      {"{closed_hand: false}", "456p99s55z[1111z][123m]+5z", tsumo(), true},
      {"{form: seven_pairs}", "1133m5577p22s446z+6z", tsumo(), true},
      {"{form: [standard, thirteen_orphans]}", "1133m5577p22s446z+6z", tsumo(), false},
      {"{form: thirteen_orphans}", "19m19p19s1234567z+1m", tsumo(), true},
  });
}

TEST_CASE("wait, only_wait, waits, win, flag, dealer and the winds", "[patterns]") {
  WinContext riichi;
  riichi.riichi = true;
  WinContext last = ron();
  last.last_tile = true;
  WinContext south = seat(Wind::south, Wind::south);
  check_cases({
      {"{wait: two_sided}", "234m567p234s66s78s+9s", tsumo(), true},
      {"{wait: [closed, edge]}", "234m567p234s66s79s+8s", tsumo(), true},
      {"{wait: [closed, edge]}", "234m567p234s66s78s+9s", tsumo(), false},
      {"{wait: edge}", "234m567p234s66s12s+3s", tsumo(), true},
      {"{wait: single}", "234m567p234s789s6s+6s", tsumo(), true},
      {"{wait: dual_pung}", "234m567p234s66s99s+9s", tsumo(), true},
      // 79s waits on 8s alone; 78s on 6s and 9s.
      {"{only_wait: true}", "234m567p234s66s79s+8s", tsumo(), true},
      {"{only_wait: true}", "234m567p234s66s78s+9s", tsumo(), false},
      {"{waits: 2}", "234m567p234s66s78s+9s", tsumo(), true},
      // Nine gates waits on all nine tiles of its suit; thirteen orphans on all thirteen.
      {"{waits: 9}", "1112345678999m+5m", tsumo(), true},
      {"{waits: 13}", "19m19p19s1234567z+7z", tsumo(), true},
      {"{waits: 13}", "19m19p19s1234577z+6z", tsumo(), false},
      {"{win: self_draw}", "234m567p234s66s78s+9s", tsumo(), true},
      {"{win: discard}", "234m567p234s66s78s+9s", tsumo(), false},
      {"{win: discard}", "234m567p234s66s78s+9s", ron(), true},
      {"{flag: riichi}", "234m567p234s66s78s+9s", riichi, true},
      {"{flag: riichi}", "234m567p234s66s78s+9s", tsumo(), false},
      {"{flag: [last_tile, riichi]}", "234m567p234s66s78s+9s", last, false},
      {"{flag: last_tile, win: discard}", "234m567p234s66s78s+9s", last, true},
      {"{dealer: true}", "234m567p234s66s78s+9s", tsumo(), true},
      {"{dealer: true}", "234m567p234s66s78s+9s", south, false},
      {"{seat_wind: [S, W]}", "234m567p234s66s78s+9s", south, true},
      {"{round_wind: E}", "234m567p234s66s78s+9s", south, false},
  });
}

TEST_CASE("sets: identical, same-rank, straight and shifted groups", "[patterns]") {
  check_cases({
      // Identical chows: same suit, step 0.
      {"{sets: {kind: chow, size: 2, step: 0, suits: same}}", "112233m456p789s1z+1z", tsumo(),
       true},
      {"{sets: {kind: chow, size: 2, step: 0, suits: same}}", "123m234m456p789s1z+1z", tsumo(),
       false},
      // Same rank in three suits.
      {"{sets: {kind: chow, size: 3, step: 0, suits: distinct}}", "123m123p123s789s1z+1z", tsumo(),
       true},
      {"{sets: {kind: chow, size: 3, step: 0, suits: distinct}}", "123m123p234s789s1z+1z", tsumo(),
       false},
      // A straight: one suit, step 3.
      {"{sets: {kind: chow, size: 3, step: 3, suits: same}}", "123456789m123p1z+1z", tsumo(), true},
      {"{sets: {kind: chow, size: 3, step: 3, suits: same}}", "123456m789p123p1z+1z", tsumo(),
       false},
      // Shifted chows (step 1) and same-rank pungs.
      {"{sets: {kind: chow, size: 3, step: 1, suits: same}}", "123m234m345m789s1z+1z", tsumo(),
       true},
      {"{sets: {kind: [pung, kong], size: 3, step: 0, suits: distinct}}", "333m333p333s789s1z+1z",
       tsumo(), true},
      {"{sets: {kind: [pung, kong], size: 3, step: 0, suits: distinct}}", "333m333p444s789s1z+1z",
       tsumo(), false},
      // Two disjoint identical pairs need four chows: 123m 123m 456p 456p.
      {"{sets: {kind: chow, size: 2, step: 0, suits: same, disjoint: true, min: 2}}",
       "112233m445566p1z+1z", tsumo(), true},
      // Three identical chows make three pairs of identical chows but only one disjoint.
      {"{sets: {kind: chow, size: 2, step: 0, suits: same, disjoint: true, min: 2}}",
       "111222333m456p1z+1z", tsumo(), false},
      {"{sets: {kind: chow, size: 2, step: 0, suits: same, min: 3}}", "111222333m456p1z+1z",
       tsumo(), true},
  });
}

TEST_CASE("suit_counts, copies and the combinators", "[patterns]") {
  check_cases({
      {"{suit_counts: {at_least: [3, 1, 1, 1, 1, 1, 1, 1, 3]}}", "1112345678999m+5m", tsumo(),
       true},
      {"{suit_counts: {at_least: [3, 1, 1, 1, 1, 1, 1, 1, 3]}}", "1112345678899m+9m", tsumo(),
       true},
      {"{suit_counts: {at_least: [3, 1, 1, 1, 1, 1, 1, 1, 3]}}", "123456789m123p1z+1z", tsumo(),
       false},
      {"{copies: {at_least: 4, of: simples}}", "22234m456p789s11z+2m", tsumo(), true},
      {"{copies: {at_least: 4, of: simples}}", "22345m456p789s11z+2m", tsumo(), false},
      {"{not: {win: discard}}", "234m567p234s66s78s+9s", tsumo(), true},
      {"{any: [{win: discard}, {wait: two_sided}]}", "234m567p234s66s78s+9s", tsumo(), true},
      {"{any: [{win: discard}, {wait: closed}]}", "234m567p234s66s78s+9s", tsumo(), false},
      {"{all: [{win: self_draw}, {wait: two_sided}]}", "234m567p234s66s78s+9s", tsumo(), true},
      {"[{win: self_draw}, {wait: closed}]", "234m567p234s66s78s+9s", tsumo(), false},
      {"{at_least: {n: 2, of: [{win: discard}, {wait: two_sided}, {dealer: true}]}}",
       "234m567p234s66s78s+9s", tsumo(), true},
      {"{at_least: {n: 3, of: [{win: discard}, {wait: two_sided}, {dealer: true}]}}",
       "234m567p234s66s78s+9s", tsumo(), false},
      {"{all: []}", "234m567p234s66s78s+9s", tsumo(), true},
  });
}

TEST_CASE("wildcards and bonus tiles", "[patterns]") {
  WinContext flowers;
  flowers.flower_count = 2;
  CHECK(holds("{wildcards: {min: 1}}", "123m456p789s11z**+*", {}, "laizi"));
  CHECK_FALSE(holds("{wildcards: 0}", "123m456p789s11z**+*", {}, "laizi"));
  CHECK(holds("{wildcards: 0}", "123m456p789s11z99s+9s", {}, "laizi"));
  CHECK(holds("{bonus: 2}", "123m456p789s11z99s+9s", flowers, "laizi"));
  CHECK_FALSE(holds("{bonus: {min: 3}}", "123m456p789s11z99s+9s", flowers, "laizi"));
}

// ---------------------------------------------------------------------------------------------
// Riichi

namespace {

const RuleSet& riichi() {
  static const RuleSet rules = load_rules("riichi");
  return rules;
}

struct YakuCase {
  const char* hand;
  WinContext win;
  std::vector<std::string> expected;  ///< the patterns of some reading, exactly
};

WinContext with(WinContext win, bool WinContext::*flag) {
  win.*flag = true;
  if (flag == &WinContext::double_riichi || flag == &WinContext::ippatsu) win.riichi = true;
  return win;
}

/// Walks a table of hands: some reading of each counts exactly its patterns. A failure names its
/// row (from 0) and hand.
void check_yaku_cases(const RuleSet& rules, const std::vector<YakuCase>& cases) {
  for (std::size_t row = 0; row < cases.size(); ++row) {
    const YakuCase& c = cases[row];
    INFO("row " << row << ": " << c.hand);
    CHECK(some_reading_counts(rules, c.hand, c.win, c.expected));
  }
}

}  // namespace

TEST_CASE("riichi: every yaku counts where it should", "[patterns][riichi]") {
  const WinContext south_east = seat(Wind::south, Wind::east);
  const std::vector<YakuCase> cases = {
      // Closed, two-sided wait on 6s-9s, pair 66s not a value tile: pinfu.
      {"234m567p234s66s78s+9s",
       with(tsumo(), &WinContext::riichi),
       {"riichi", "menzen_tsumo", "pinfu"}},
      {"234m567p234s66s78s+9s",
       with(ron(), &WinContext::double_riichi),
       {"double_riichi", "pinfu"}},
      {"234m567p234s66s78s+9s",
       with(with(ron(), &WinContext::riichi), &WinContext::ippatsu),
       {"riichi", "ippatsu", "pinfu"}},
      // All simples, open (kuitan).
      {"234m567p44s23s[678s]+4s", ron(), {"tanyao"}},
      {"234m567p44s23s678s+4s", ron(), {"tanyao", "pinfu"}},
      // Pure double sequence (closed only), single wait on 4s: no pinfu.
      {"112233m456p789s4s+4s", ron(), {"iipeikou"}},
      {"123m456p789s4s[123m]+4s", ron(), {}},
      // Dragons and winds: south seat in the east round, 22z is the seat wind, 11z the round's.
      {"123m456p789s99s55z+5z", south_east, {"menzen_tsumo", "yakuhai_haku"}},
      {"123m456p99s66z[789s]+6z", ron(), {"yakuhai_hatsu"}},
      {"123m456p99s77z[789s]+7z", ron(), {"yakuhai_chun"}},
      {"123m456p99s22z[789s]+2z", seat(Wind::south, Wind::east, ron()), {"yakuhai_seat_wind"}},
      {"123m456p99s11z[789s]+1z", seat(Wind::south, Wind::east, ron()), {"yakuhai_round_wind"}},
      // A double wind (east seat in the east round) counts both.
      {"123m456p99s11z[789s]+1z", ron(), {"yakuhai_seat_wind", "yakuhai_round_wind"}},
      {"123m456p99s33z[789s]+3z", seat(Wind::south, Wind::east, ron()), {}},
      // Last tile, kong replacement, robbing a kong.
      {"123m456p99s34s[789s]+5s", with(tsumo(), &WinContext::last_tile), {"haitei"}},
      {"123m456p99s34s[789s]+5s", with(ron(), &WinContext::last_tile), {"houtei"}},
      {"123m456p99s34s[7777s]+5s", with(tsumo(), &WinContext::after_kong), {"rinshan"}},
      {"123m456p99s34s[789s]+5s", with(ron(), &WinContext::robbing_kong), {"chankan"}},
      // Seven pairs (closed only).
      {"1133m5577p22s446z+6z", ron(), {"chiitoitsu"}},
      // Mixed triple sequence, pure straight: 2 han closed, 1 open.
      {"234m234p234s789s1z+1z", ron(), {"sanshoku_doujun"}},
      {"234m234p789s5z[234s]+5z", ron(), {"sanshoku_doujun"}},
      // With terminals in every group, the same hand is also chanta.
      {"123m123p123s789s1z+1z", ron(), {"sanshoku_doujun", "chanta"}},
      {"123456789m123p1z+1z", ron(), {"ittsu"}},
      // Half outside hand: every group a terminal or honour, a chow, an honour.
      {"123m789p789s11z99s+9s", ron(), {"chanta"}},
      // Fully outside: no honour.
      {"123m789p789s11p99s+9s", ron(), {"junchan"}},
      // All triplets, open; three concealed triplets with the fourth pung called.
      {"111m222p99s55z[333s]+5z", ron(), {"toitoi", "yakuhai_haku"}},
      {"111m222p333s4s[678s]+4s", ron(), {"sanankou"}},
      // Triple triplets, three kongs.
      {"333m333p789s1z[333s]+1z", ron(), {"sanshoku_doukou"}},
      {"789s1z[2222m][3333p][4444s]+1z", ron(), {"sankantsu"}},
      // Little three dragons: two dragon pungs (each a yakuhai) and a dragon pair.
      {"123m456p55z666z77z+7z", ron(), {"shousangen", "yakuhai_hatsu", "yakuhai_chun"}},
      // All terminals and honours (with toitoi), seven pairs of terminals and honours.
      {"111m999p11z22z[999s]+2z", seat(Wind::west, Wind::west, ron()), {"toitoi", "honroutou"}},
      {"1199m1199p11s223z+3z", ron(), {"chiitoitsu", "honroutou"}},
      // Twice pure double sequence (replaces iipeikou; the seven-pairs reading is another).
      {"112233m445566p1s+1s", ron(), {"ryanpeikou"}},
      // Half flush and full flush, closed and open.
      {"123456789m111z2z+2z",
       ron(),
       {"honitsu", "ittsu", "yakuhai_seat_wind", "yakuhai_round_wind"}},
      {"12345678m11z[777z]+9m", ron(), {"honitsu", "ittsu", "yakuhai_chun"}},
      {"1234567888m[999m]+9m", ron(), {"chinitsu", "ittsu"}},
  };
  check_yaku_cases(riichi(), cases);
}

TEST_CASE("riichi: open and closed values, and closed-only yaku", "[patterns][riichi]") {
  const RuleSet& rules = riichi();
  const auto value_of = [&](const std::string& hand, const WinContext& win, const std::string& id) {
    const auto scored = score_hand(rules, hand, win);
    std::vector<PatternHit> hits;
    int best = -1;
    for (const auto& r : scored->readings) {
      evaluate_patterns(*scoring_rules(rules), r.features, hits);
      for (const PatternHit& hit : hits) {
        if (scoring_rules(rules)->patterns.patterns[hit.pattern].id == id)
          best = std::max(best, hit.value);
      }
    }
    return best;
  };
  struct ValueCase {
    const char* hand;
    WinContext win;
    const char* id;
    int value;  ///< the pattern's highest value over the readings; -1: it counts in none
  };
  const std::vector<ValueCase> cases = {
      {"123456789m123p1z+1z", ron(), "ittsu", 2},
      {"456789m123p1z[123m]+1z", ron(), "ittsu", 1},
      {"1234567888m[999m]+9m", ron(), "chinitsu", 5},
      {"1122334555678m+9m", ron(), "chinitsu", 6},
      {"123m789p789s11p99s+9s", ron(), "junchan", 3},
      {"123m789p11p99s[789s]+9s", ron(), "junchan", 2},
      {"123m789p789s11z99s+9s", ron(), "chanta", 2},
      {"123m789p11z99s[789s]+9s", ron(), "chanta", 1},
      // Closed-only yaku do not count in an open hand, whatever their condition says.
      {"112233m456p4s[789s]+4s", ron(), "iipeikou", -1},
      {"234m567p66s78s[234s]+9s", tsumo(), "menzen_tsumo", -1},
      {"234m567p66s78s[234s]+9s", tsumo(), "pinfu", -1},
  };
  for (std::size_t row = 0; row < cases.size(); ++row) {
    const ValueCase& c = cases[row];
    INFO("row " << row << ": " << c.id << " on " << c.hand);
    CHECK(value_of(c.hand, c.win, c.id) == c.value);
  }
}

TEST_CASE("riichi: the relations between yaku", "[patterns][riichi]") {
  const RuleSet& rules = riichi();
  check_yaku_cases(
      rules,
      {
          // Double riichi excludes riichi; junchan excludes chanta.
          {"234m567p234s66s78s+9s",
           with(ron(), &WinContext::double_riichi),
           {"double_riichi", "pinfu"}},
          {"123m789p789s11p99s+9s", ron(), {"junchan"}},
          // Chiitoitsu against ryanpeikou: 11223344556677m is both, in different readings; the
          // seven pairs reading is chiitoitsu and chinitsu, the four-chow readings ryanpeikou
          // (never with iipeikou) and chinitsu, one of them pinfu (7m completing 56m).
          {"1122334455667m+7m", ron(), {"chiitoitsu", "chinitsu"}},
          {"1122334455667m+7m", ron(), {"ryanpeikou", "chinitsu", "pinfu"}},
          // 111222333m: three concealed pungs, or three identical chows (iipeikou once).
          {"111222333m456p7s+7s", tsumo(), {"menzen_tsumo", "sanankou"}},
          {"111222333m456p7s+7s", tsumo(), {"menzen_tsumo", "iipeikou"}},
          // Won on a discard the pair's tile: the pungs stay concealed.
          {"111222333m456p7s+7s", ron(), {"sanankou"}},
          // A yakuman replaces the ordinary yaku (daisangen's hand is also honitsu ...).
          {"11m555666z22z[777z]+2z", ron(), {"daisangen"}},
          // Limit patterns stack: self-drawn, the same shape is also four concealed pungs.
          {"11m555666777z22z+2z", tsumo(), {"daisangen", "suuankou"}},
      });
  for (const auto& ids : reading_patterns(rules, "1122334455667m+7m", ron())) {
    const bool ryanpeikou = std::find(ids.begin(), ids.end(), "ryanpeikou") != ids.end();
    const bool iipeikou = std::find(ids.begin(), ids.end(), "iipeikou") != ids.end();
    const bool chiitoitsu = std::find(ids.begin(), ids.end(), "chiitoitsu") != ids.end();
    CHECK_FALSE((ryanpeikou && (iipeikou || chiitoitsu)));
  }
}

TEST_CASE("riichi: every yakuman", "[patterns][riichi]") {
  const RuleSet& rules = riichi();
  WinContext first = tsumo();
  first.first_draw = true;
  const std::vector<YakuCase> cases = {
      {"19m19p19s1234577z+6z", tsumo(), {"kokushi"}},
      {"19m19p19s1234567z+7z", tsumo(), {"kokushi_13_sided"}},
      // Four concealed pungs: by self-draw on the shanpon; on a single wait (double).
      {"111m222p333s44z55z+5z", tsumo(), {"suuankou"}},
      {"111m222p333s444z5z+5z", ron(), {"suuankou_tanki"}},
      // Won by a discard on the shanpon, the fourth pung is open: toitoi, sanankou, yakuhai.
      {"111m222p333s44z55z+5z", ron(), {"toitoi", "sanankou", "yakuhai_haku"}},
      {"123m55p555666z77z+7z", ron(), {"daisangen"}},
      {"123m111222333z4z+4z", ron(), {"shousuushii"}},
      {"123m111222333z4z+4z", tsumo(), {"shousuushii"}},
      {"1m111222333z[444z]+1m", ron(), {"daisuushii"}},
      // Concealed and on a single wait: big four winds and four concealed pungs, both double.
      {"1m111222333444z+1m", ron(), {"daisuushii", "suuankou_tanki"}},
      {"111222333z5z[777z]+5z", ron(), {"tsuuiisou"}},
      {"222333444s8s[666z]+8s", ron(), {"ryuuiisou"}},
      {"111999m111p9s[999p]+9s", ron(), {"chinroutou"}},
      // The hand before the win waits on 3m-6m-9m... not all nine: plain nine gates.
      {"1112245678999m+3m", ron(), {"chuuren"}},
      // 1112345678999m waits on all nine tiles: pure nine gates, whatever tile wins.
      {"1112345678999m+9m", ron(), {"junsei_chuuren"}},
      {"1112345678999m+5m", ron(), {"junsei_chuuren"}},
      {"9s[1111m][2222p][3333s][4444z]+9s", ron(), {"suukantsu"}},
      {"234m567p234s66s78s+9s", first, {"tenhou"}},
      {"234m567p234s66s78s+9s", seat(Wind::south, Wind::east, first), {"chiihou"}},
  };
  check_yaku_cases(rules, cases);
  // Three wind kongs, a terminal chow and pair: sankantsu, the winds and chanta; no yakuman.
  CHECK(some_reading_counts(rules, "123m9s[1111z][2222z][3333z]+9s",
                            seat(Wind::south, Wind::east, ron()),
                            {"sankantsu", "yakuhai_seat_wind", "yakuhai_round_wind", "chanta"}));
  // Renhou is declared but disabled.
  CHECK(some_reading_counts(rules, "234m567p234s66s78s+9s",
                            seat(Wind::south, Wind::east,
                                 [] {
                                   WinContext w = ron();
                                   w.first_draw = true;
                                   return w;
                                 }()),
                            {"pinfu"}));
}

TEST_CASE("riichi: yaku that must not count", "[patterns][riichi]") {
  const RuleSet& rules = riichi();
  // A hand with the shape and no yaku: an open hand of mixed suits and terminals.
  CHECK(some_reading_counts(rules, "123m789p1s[789s][456m]+1s", ron(), {}));
  // Closed ron with a closed wait and nothing else.
  CHECK(some_reading_counts(rules, "123m789p11s456m79s+8s", ron(), {}));
  // Tanyao with a terminal; pinfu with a value pair; pinfu on a closed wait.
  for (const auto& ids : reading_patterns(rules, "234m567p234s99s78s+6s", ron())) {
    CHECK(std::find(ids.begin(), ids.end(), "tanyao") == ids.end());
  }
  CHECK(some_reading_counts(rules, "234m567p234s77z78s+9s", ron(), {}));
  CHECK(some_reading_counts(rules, "234m567p234s66s57s+6s", ron(), {"tanyao"}));
}

// ---------------------------------------------------------------------------------------------
// Extending, dumping, errors

TEST_CASE("a child file replaces a pattern's condition and value whole", "[patterns][rules]") {
  // Kuitan off: tanyao's value becomes closed-only.
  const RuleSet no_kuitan = load_rules_from_string(
      "name: no_kuitan\nextends: riichi\nscoring:\n  patterns:\n    tanyao:\n"
      "      value: {closed: 1}\n",
      "no_kuitan.yaml");
  const auto& tanyao =
      scoring_rules(no_kuitan)->patterns.patterns[pattern_index(no_kuitan, "tanyao")];
  CHECK_FALSE(tanyao.value.open_allowed);
  CHECK(tanyao.name == "All simples");
  CHECK(some_reading_counts(no_kuitan, "234m567p44s23s[678s]+4s", ron(), {}));
  CHECK(some_reading_counts(no_kuitan, "234m567p44s23s678s+4s", ron(), {"tanyao", "pinfu"}));
  // A local yaku added, and a condition replaced (not merged key by key with the parent's).
  const RuleSet local = load_rules_from_string(
      "name: local\nextends: riichi\nscoring:\n  patterns:\n"
      "    sanrenkou:\n      name: Three shifted triplets\n      value: 2\n"
      "      when: {sets: {kind: [pung, kong], size: 3, step: 1, suits: same}}\n"
      "    tanyao:\n      when: {faces: {none_in: terminals_or_honours}}\n",
      "local.yaml");
  CHECK(some_reading_counts(local, "222333444m567p9s+9s", ron(),
                            {"sanrenkou", "sanankou", "toitoi"}) == false);
  CHECK(some_reading_counts(local, "222333444m567p8s+8s", tsumo(),
                            {"menzen_tsumo", "sanrenkou", "sanankou", "tanyao"}));
  // docs/scoring.md's local yaku ("Local rules"), the file itself: sanrenkou counts in the pung
  // reading alone, open or closed, and not for three pungs that do not step by one.
  const RuleSet documented = meldgraph::test::test_rules("riichi_sanrenkou");
  check_yaku_cases(documented,
                   {
                       {"222333444m567p8s+8s", ron(), {"tanyao", "sanankou", "sanrenkou"}},
                       {"222333444m567p8s+8s", ron(), {"tanyao", "iipeikou"}},
                       {"333444m567p8s[222m]+8s", ron(), {"tanyao", "sanrenkou"}},
                       {"222444555m567p8s+8s", ron(), {"tanyao", "sanankou"}},
                   });
  const auto& changed = scoring_rules(local)->patterns;
  const Pattern& replaced = changed.patterns[pattern_index(local, "tanyao")];
  CHECK(changed.nodes[replaced.when].op >= kFirstPredicate);
  CHECK(changed.nodes[replaced.when].size == 1);
}

TEST_CASE("rules dump writes the patterns back", "[patterns][rules]") {
  const RuleSet& rules = riichi();
  const std::string dumped = dump_rules(rules);
  const RuleSet again = load_rules_from_string(dumped, "dump.yaml");
  REQUIRE(scoring_rules(again) != nullptr);
  const PatternRules& a = scoring_rules(rules)->patterns;
  const PatternRules& b = scoring_rules(again)->patterns;
  REQUIRE(a.patterns.size() == b.patterns.size());
  CHECK(a.patterns.size() == 46);
  for (std::size_t i = 0; i < a.patterns.size(); ++i) {
    INFO(a.patterns[i].id);
    CHECK(a.patterns[i].id == b.patterns[i].id);
    CHECK(a.patterns[i].name == b.patterns[i].name);
    CHECK(a.patterns[i].local_name == b.patterns[i].local_name);
    CHECK(a.patterns[i].value.closed == b.patterns[i].value.closed);
    CHECK(a.patterns[i].value.open == b.patterns[i].value.open);
    CHECK(a.patterns[i].value.open_allowed == b.patterns[i].value.open_allowed);
    CHECK(a.patterns[i].value.yakuman == b.patterns[i].value.yakuman);
    CHECK(a.patterns[i].excludes == b.patterns[i].excludes);
    CHECK(a.patterns[i].enabled == b.patterns[i].enabled);
  }
  // The conditions are the same text, and a second dump is the first.
  const std::string twice = dump_rules(again);
  CHECK(twice.substr(twice.find("scoring:")) == dumped.substr(dumped.find("scoring:")));
  CHECK(a.tile_sets == b.tile_sets);
}

TEST_CASE("rules dump writes unbounded counts so that they read back unbounded",
          "[patterns][rules]") {
  // {min: 0} is not dumped as `{}` (which names no count), nor a `groups` count of min 0 as
  // nothing, which would read back as the predicate's default of at least one group.
  const std::string text =
      "name: t\nextends: riichi\nscoring:\n  patterns:\n"
      "    p:\n      value: 1\n      when: {soft_wildcards: {min: 0}}\n"
      "    q:\n      value: 1\n      when: {groups: {kind: kong, min: 0}}\n";
  const RuleSet rules = load_rules_from_string(text, "t.yaml");
  const std::string dumped = dump_rules(rules);
  const RuleSet again = load_rules_from_string(dumped, "t.yaml");
  CHECK(dump_rules(again) == dumped);
  // q holds on a hand without a kong only while its minimum is 0.
  CHECK(dumped.find("kind: kong, min: 0") != std::string::npos);
  CHECK(dumped.find("soft_wildcards: {min: 0}") != std::string::npos);
}

TEST_CASE("pattern errors name their place", "[patterns][rules]") {
  const auto load = [](const std::string& patterns) {
    return load_rules_from_string("name: t\nextends: riichi\nscoring:\n  patterns:\n" + patterns,
                                  "t.yaml");
  };
  // Line 5 is the first line of the pattern.
  struct ErrorCase {
    const char* patterns;
    const char* where;  ///< "" where the message names no place
    const char* what;
    const char* suggestion;  ///< "" where none is made
  };
  const std::vector<ErrorCase> cases = {
      {"    p:\n      value: 1\n      when: {grups: {kind: pung}}\n", "t.yaml:7:14",
       "unknown predicate 'grups'", "did you mean 'groups'"},
      {"    p:\n      value: 1\n      when: {groups: {kind: pungg}}\n", "t.yaml:7:29", "pungg",
       "did you mean 'pung'"},
      {"    p:\n      value: 1\n      when: {groups: {knd: pung}}\n", "t.yaml:7:23", "knd",
       "did you mean 'kind'"},
      {"    p:\n      value: 1\n      when: 3\n", "t.yaml:7:13", "expected a condition", ""},
      {"    p:\n      value: 1\n      excludes: [tanyo]\n      when: {win: discard}\n",
       "t.yaml:7:18", "unknown pattern 'tanyo'", "did you mean 'tanyao'"},
      {"    p:\n      when: {win: discard}\n", "", "needs 'value', 'yakuman', 'factor' or 'bonus'",
       ""},
      {"    p:\n      value: 1\n      factor: 2\n      when: {win: discard}\n", "t.yaml:7:7",
       "has both value and factor", ""},
      {"    p:\n      factor: 1\n      when: {win: discard}\n", "t.yaml:6:15", "factor", ""},
      {"    p:\n      bonus: 0\n      when: {win: discard}\n", "t.yaml:6:14", "bonus", ""},
      {"    p:\n      value: 1\n      when: {faces: {all_in: simple}}\n", "t.yaml:7:30", "simple",
       "did you mean 'simples'"},
      {"    p:\n      value: 1\n      when: {faces: {all_in: \"1q\"}}\n", "t.yaml:7:30",
       "not a meldable tile", ""},
      {"    p:\n      value: 1\n      when: {form: standrd}\n", "", "standrd",
       "did you mean 'standard'"},
      {"    p:\n      value: {open: 1}\n      when: {win: discard}\n", "t.yaml:6:14",
       "needs 'closed'", ""},
      {"    p:\n      value: 1\n      wen: {win: discard}\n", "t.yaml:7:7", "wen",
       "did you mean 'when'"},
      {"    p:\n      value: 1\n      when: {at_least: {n: 3, of: [{win: discard}]}}\n",
       "t.yaml:7:28", "between 0 and 1", ""},
  };
  for (std::size_t row = 0; row < cases.size(); ++row) {
    const ErrorCase& c = cases[row];
    INFO("row " << row << ":\n" << c.patterns);
    REQUIRE_THROWS_WITH(load(c.patterns),
                        Contains(c.where) && Contains(c.what) && Contains(c.suggestion));
  }
}

TEST_CASE("explain says why a pattern did not count", "[patterns]") {
  const RuleSet& rules = riichi();
  const auto scored = score_hand(rules, "111222333m456p7s+7s", tsumo());
  std::vector<PatternHit> hits;
  std::set<std::string> sanankou_why;
  std::set<std::string> pinfu_why;
  for (const auto& r : scored->readings) {
    evaluate_patterns(*scoring_rules(rules), r.features, hits);
    sanankou_why.insert(
        explain_pattern(*scoring_rules(rules), r.features, pattern_index(rules, "sanankou"), hits));
    pinfu_why.insert(
        explain_pattern(*scoring_rules(rules), r.features, pattern_index(rules, "pinfu"), hits));
  }
  CHECK(sanankou_why == std::set<std::string>{
                            "counted", "no: {groups: {kind: [pung, kong], open: false, min: 3}}"});
  CHECK(pinfu_why.count("no: {groups: {kind: chow, count: 4}}") == 1);
  CHECK(pinfu_why.count("no: {wait: two_sided}") == 1);
  // Relations: ryanpeikou excludes iipeikou; a yakuman replaces the ordinary yaku.
  const auto peikou = score_hand(rules, "112233m445566p1s+1s", ron());
  for (const auto& r : peikou->readings) {
    evaluate_patterns(*scoring_rules(rules), r.features, hits);
    if (!pattern_condition_holds(*scoring_rules(rules), r.features,
                                 pattern_index(rules, "ryanpeikou")))
      continue;
    CHECK(explain_pattern(*scoring_rules(rules), r.features, pattern_index(rules, "iipeikou"),
                          hits) == "excluded by ryanpeikou");
  }
  const auto dragons = score_hand(rules, "11m555666z22z[777z]+2z", ron());
  const auto& f = dragons->readings.at(0).features;
  evaluate_patterns(*scoring_rules(rules), f, hits);
  CHECK(explain_pattern(*scoring_rules(rules), f, pattern_index(rules, "honitsu"), hits) ==
        "replaced by the limit pattern daisangen");
  CHECK(explain_pattern(*scoring_rules(rules), f, pattern_index(rules, "renhou"), hits) ==
        "disabled");
  const auto open = score_hand(rules, "112233m456p4s[789s]+4s", ron());
  const auto& g = open->readings.at(0).features;
  evaluate_patterns(*scoring_rules(rules), g, hits);
  CHECK(explain_pattern(*scoring_rules(rules), g, pattern_index(rules, "iipeikou"), hits) ==
        "closed hands only");
}

TEST_CASE("implied_by and only_without", "[patterns]") {
  const RuleSet rules = load_rules_from_string(
      "name: t\nextends: riichi\nscoring:\n  limits_replace: false\n  patterns:\n"
      "    nothing:\n      value: 1\n      only_without: true\n      when: {all: []}\n"
      "    any_pung:\n      value: 1\n      implied_by: [toitoi]\n"
      "      when: {groups: {kind: [pung, kong]}}\n",
      "t.yaml");
  // Without other patterns, `nothing` counts.
  CHECK(some_reading_counts(rules, "123m789p1s[789s][456m]+1s", ron(), {"nothing"}));
  // any_pung counts, so `nothing` does not.
  CHECK(some_reading_counts(rules, "123m789p1s[999s][456m]+1s", ron(), {"any_pung"}));
  // toitoi implies any_pung; yakuman and ordinary ones together without limits_replace.
  CHECK(some_reading_counts(rules, "111m222p99s55z[333s]+5z", ron(), {"toitoi", "yakuhai_haku"}));
  CHECK(some_reading_counts(rules, "11m555666777z22z+2z", tsumo(),
                            {"daisangen", "menzen_tsumo", "sanankou", "honitsu", "toitoi",
                             "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "shousangen"}) ==
        false);
}

TEST_CASE("the riichi yaku and yakuman fixtures: some reading counts exactly their patterns",
          "[patterns][riichi]") {
  // The scorer's fixture runner checks the best reading; this checks the patterns part alone:
  // some reading counts exactly the expected patterns (and, where given, the multiplicity and
  // the number of readings).
  const RuleSet& rules = riichi();
  for (const char* file : {"riichi_yaku.json", "riichi_yakuman.json"}) {
    std::ifstream in(std::string(MELDGRAPH_TEST_DATA_DIR) + "/fixtures/scoring/" + file);
    REQUIRE(in);
    const nlohmann::json data =
        nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/true, /*ignore_comments=*/true);
    REQUIRE(data.at("rules") == "riichi");
    for (const nlohmann::json& c : data.at("cases")) {
      const std::string hand = c.at("hand");
      INFO(file << ": " << hand << " " << c.at("context").dump());
      const WinContext win = parse_win_context(c.at("context"), rules);
      const auto scored = score_hand(rules, hand, win);
      const nlohmann::json& expect = c.at("expect");
      if (expect.contains("readings")) CHECK(scored->readings.size() == expect.at("readings"));
      std::vector<std::string> wanted = expect.at("patterns");
      std::sort(wanted.begin(), wanted.end());
      bool found = false;
      std::vector<PatternHit> hits;
      for (const auto& r : scored->readings) {
        evaluate_patterns(*scoring_rules(rules), r.features, hits);
        std::vector<std::string> ids;
        int yakuman = 0;
        for (const PatternHit& hit : hits) {
          ids.push_back(scoring_rules(rules)->patterns.patterns[hit.pattern].id);
          yakuman += hit.yakuman;
        }
        std::sort(ids.begin(), ids.end());
        if (ids != wanted) continue;
        found = true;
        if (expect.contains("yakuman")) CHECK(yakuman == expect.at("yakuman"));
      }
      CHECK(found);
    }
  }
}
