// The table-speed queries (queries.hpp, suit_tables.hpp) against the exact search.
//
// Every query answer must equal the exact search's: is_win against Decomposition::wins,
// shanten_number and form_shanten against compute_shanten, wait_mask against compute_waits,
// including the hands where the search throws. Hands are random count arrays under every
// built-in rule set and a few custom ones (capped copies, pair rules, small suits), with 0-8
// wildcards (jokers and wild tile kinds), declared melds, and every size the rules allow; most
// are built from groups and then disturbed, so that wins, ready hands and near misses are common.
//
// Tagged [fast]. The [.long] case cross-checks millions of hands (run it by its tag).

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/tables/suit_tables.hpp"
#include "meldgraph/answers/rule_sets.hpp"

#include "rule_files.hpp"
#include "test_scale.hpp"

namespace {

using namespace meldgraph;

using meldgraph::test::kScale;

std::vector<RuleSet> rule_sets() {
  std::vector<RuleSet> sets;
  for (const std::string& name : builtin_rule_names()) sets.push_back(load_rules(name));
  for (const char* name :
       {"custom_capped", "custom_pair_rules", "custom_small", "fast_distinct", "fast_tame_melds"}) {
    sets.push_back(test::test_rules(name));
  }
  return sets;
}

/// Random hands as count arrays, within the copies, the jokers and the hand size.
class HandMaker {
 public:
  HandMaker(const RuleSet& rules, std::uint64_t seed) : rules_(rules), rng_(seed) {}

  /// Concealed hands only, and no per-hand wild kind (the rule set's fixed ones stay): the hands
  /// whose held wildcards the shanten tables price.
  void set_concealed_jokers(bool on) { concealed_jokers_ = on; }

  /// A hand of `size` tiles (declared melds counting three) with at most `max_wild` wildcards.
  Hand make(int size, int max_wild) {
    Hand hand;
    hand.wild_tiles = rules_.fixed_wild_tiles();
    // A per-hand wild kind now and then, where the rules allow one.
    if (!concealed_jokers_ && rules_.wildcards().per_hand && below(3) == 0) {
      hand.wild_tiles |= tile_bit(static_cast<TileId>(below(rules_.meldable_count())));
    }
    left_.assign(rules_.tile_count(), 0);
    for (TileId t = 0; t < rules_.meldable_count(); ++t) {
      if ((hand.wild_tiles & tile_bit(t)) == 0) left_[t] = rules_.tile(t).copies;
    }
    jokers_left_ = rules_.wildcards().jokers;

    const int declared_most =
        std::min<int>((size - 2 + 3) / 3, static_cast<int>(kMaxDeclaredMelds));
    int declared =
        below(3) == 0 ? static_cast<int>(below(static_cast<std::uint64_t>(declared_most) + 1)) : 0;
    if (concealed_jokers_) declared = 0;
    while (declared > 0 && size - 3 * declared < 1) --declared;
    for (int m = 0; m < declared; ++m) declare(hand);
    const int concealed = size - 3 * hand.meld_count;

    // Wildcards: jokers and copies of the wild kinds (bonus kinds too).
    std::vector<TileId> pool(static_cast<std::size_t>(jokers_left_), kNoTile);  // kNoTile: a joker
    for (TileId t = 0; t < rules_.tile_count(); ++t) {
      if ((hand.wild_tiles & tile_bit(t)) == 0) continue;
      for (int c = 0; c < rules_.tile(t).copies; ++c) pool.push_back(t);
    }
    rng_.shuffle(pool.begin(), pool.end());
    const int wild_most = std::min({max_wild, static_cast<int>(pool.size()), concealed});
    const int wild = static_cast<int>(below(static_cast<std::uint64_t>(wild_most) + 1));
    for (int w = 0; w < wild; ++w) {
      if (pool[static_cast<std::size_t>(w)] == kNoTile) {
        ++hand.jokers;
      } else {
        ++hand.counts[pool[static_cast<std::size_t>(w)]];
      }
    }

    const int naturals = concealed - wild;
    std::vector<TileId> tiles;
    switch (below(6)) {
      case 0:
        break;  // uniform
      case 1:
        pairs_shape(tiles, naturals);
        break;
      case 2:
        set_shape(tiles, naturals);
        break;
      default:
        melds_shape(tiles, naturals);
        break;
    }
    // Disturb a structured hand: drop a few of its tiles, then fill up uniformly.
    const int drop = tiles.empty() ? 0 : static_cast<int>(below(3));
    for (int d = 0; d < drop && !tiles.empty(); ++d) {
      const std::size_t at = below(tiles.size());
      ++left_[tiles[at]];
      tiles.erase(tiles.begin() + static_cast<std::ptrdiff_t>(at));
    }
    while (static_cast<int>(tiles.size()) > naturals) {
      ++left_[tiles.back()];
      tiles.pop_back();
    }
    while (static_cast<int>(tiles.size()) < naturals) {
      const TileId t = draw_any();
      if (t == kNoTile) break;
      tiles.push_back(t);
    }
    for (const TileId t : tiles) ++hand.counts[t];
    return hand;
  }

  std::uint64_t below(std::uint64_t bound) { return rng_.below(bound); }

 private:
  bool take(TileId t, int n) {
    if (t >= rules_.meldable_count() || left_[t] < n) return false;
    left_[t] -= n;
    return true;
  }

  TileId draw_any() {
    int total = 0;
    for (TileId t = 0; t < rules_.meldable_count(); ++t) total += left_[t];
    if (total == 0) return kNoTile;
    int pick = static_cast<int>(below(static_cast<std::uint64_t>(total)));
    for (TileId t = 0; t < rules_.meldable_count(); ++t) {
      if (pick < left_[t]) {
        --left_[t];
        return t;
      }
      pick -= left_[t];
    }
    return kNoTile;
  }

  /// A chow starting at t, when its tiles are left.
  bool take_chow(TileId t, std::vector<TileId>& out) {
    const TileId second = rules_.tile(t).next;
    const TileId third = second == kNoTile ? kNoTile : rules_.tile(second).next;
    if (third == kNoTile || left_[t] == 0 || left_[second] == 0 || left_[third] == 0) return false;
    for (const TileId x : {t, second, third}) {
      --left_[x];
      out.push_back(x);
    }
    return true;
  }

  void melds_shape(std::vector<TileId>& out, int naturals) {
    bool pair = false;
    for (int attempt = 0; attempt < 60 && static_cast<int>(out.size()) < naturals; ++attempt) {
      const auto t = static_cast<TileId>(below(rules_.meldable_count()));
      const int room = naturals - static_cast<int>(out.size());
      if (!pair && room % 3 != 0 && take(t, 2)) {
        out.insert(out.end(), {t, t});
        pair = true;
      } else if (room >= 3 && below(2) == 0 && take_chow(t, out)) {
      } else if (room >= 3 && take(t, 3)) {
        out.insert(out.end(), {t, t, t});
      }
    }
  }

  void pairs_shape(std::vector<TileId>& out, int naturals) {
    for (int attempt = 0; attempt < 60 && static_cast<int>(out.size()) + 1 < naturals; ++attempt) {
      const auto t = static_cast<TileId>(below(rules_.meldable_count()));
      const int n = below(5) == 0 ? 3 : 2;
      if (take(t, n)) out.insert(out.end(), static_cast<std::size_t>(n), t);
    }
  }

  void set_shape(std::vector<TileId>& out, int naturals) {
    for (const FormSpec& form : rules_.forms()) {
      if (form.type != FormType::set) continue;
      for (const TileId t : form.set_tiles) {
        if (static_cast<int>(out.size()) < naturals && take(t, 1)) out.push_back(t);
      }
      return;
    }
  }

  void declare(Hand& hand) {
    Group group;
    group.flags = kGroupDeclared;
    group.size = 3;
    for (int attempt = 0; attempt < 40; ++attempt) {
      const auto t = static_cast<TileId>(below(rules_.meldable_count()));
      std::vector<TileId> tiles;
      if (below(2) == 0 && take_chow(t, tiles)) {
        group.kind = GroupKind::chow;
      } else if (take(t, 3)) {
        group.kind = GroupKind::pung;
        tiles = {t, t, t};
      } else {
        continue;
      }
      for (std::size_t i = 0; i < 3; ++i) group.tiles[i] = tiles[i];
      // A joker in a declared meld, where the rules allow it.
      if (rules_.wildcards().in_melds && jokers_left_ > 0 && below(4) == 0) {
        group.wild_mask = 0b010;
        ++left_[tiles[1]];
        --jokers_left_;
      }
      hand.melds[hand.meld_count++] = group;
      return;
    }
  }

  const RuleSet& rules_;
  bool concealed_jokers_ = false;
  RandomDraws rng_;
  std::vector<int> left_;
  int jokers_left_ = 0;
};

struct Tally {
  long hands = 0;
  long by_tables = 0;
};

/// One hand, every query against the search; returns whether the tables answered the win / wait.
void check_hand(const RuleSet& rules, const Hand& hand, Tally& win_tally, Tally& rest_tally) {
  const int size = hand.size(rules);
  INFO("rules " << rules.name() << ", hand " << format_hand(hand, rules) << ", size " << size);
  if (size % 3 == 2) {
    const bool expected = Decomposition(rules, hand).wins();
    REQUIRE(is_win(rules, hand) == expected);
    ++win_tally.hands;
    win_tally.by_tables += answered_by_tables(rules, hand, Query::win) ? 1 : 0;
  } else {
    bool threw = false;
    TileMask expected = 0;
    try {
      for (const WaitTile& wait : compute_waits(rules, hand, nullptr).tiles) {
        expected |= tile_bit(wait.tile);
      }
    } catch (const AnalysisError&) {
      threw = true;
    }
    if (threw) {
      REQUIRE_THROWS_AS(wait_mask(rules, hand), AnalysisError);
    } else {
      REQUIRE(wait_mask(rules, hand) == expected);
    }
  }
  bool threw = false;
  ShantenResult expected;
  try {
    expected = compute_shanten(rules, hand);
  } catch (const AnalysisError&) {
    threw = true;
  }
  ++rest_tally.hands;
  rest_tally.by_tables += answered_by_tables(rules, hand, Query::shanten) ? 1 : 0;
  if (threw) {
    REQUIRE_THROWS_AS(shanten_number(rules, hand), AnalysisError);
    return;
  }
  REQUIRE(shanten_number(rules, hand) == expected.shanten);
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const int by_form = expected.of_form(f, kNoShanten);
    INFO("form " << rules.forms()[f].name);
    REQUIRE(form_shanten(rules, hand, f) == by_form);
  }
}

/// `per_size` hands of every size of every rule set.
void cross_check(int per_size, std::uint64_t seed) {
  for (const RuleSet& rules : rule_sets()) {
    HandMaker maker(rules, seed);
    Tally win_tally;
    Tally rest_tally;
    for (int size = 1; size <= rules.hand_tiles(); ++size) {
      if (size % 3 == 0) continue;
      for (int i = 0; i < per_size; ++i) {
        const Hand hand = maker.make(size, static_cast<int>(maker.below(9)));
        check_hand(rules, hand, win_tally, rest_tally);
      }
    }
    // Every built-in rule set whose forms the tables model has its wins answered by them.
    const std::vector<std::string> builtin_names = builtin_rule_names();
    const bool builtin =
        std::find(builtin_names.begin(), builtin_names.end(), rules.name()) != builtin_names.end();
    // Rule features the tables decline (docs/tables.md): forbidden tiles, restricted stand-ins,
    // and missing suits for hands with wildcards. Knitted and singles forms have their own
    // checks (special_forms.hpp), so mcr and taiwan count as modelled.
    bool modelled =
        rules.forbidden_tiles() == 0 && !rules.wildcards().restricted && rules.missing_suits() == 0;
    for (const FormSpec& form : rules.forms()) {
      modelled = modelled &&
                 (!form.enabled || form.type == FormType::melds || form.type == FormType::pairs ||
                  form.type == FormType::set || form.type == FormType::wildcards ||
                  form.type == FormType::knitted || form.type == FormType::singles);
    }
    INFO("rules " << rules.name());
    if (builtin && modelled) CHECK(win_tally.by_tables == win_tally.hands);
    WARN(rules.name() << ": tables answered " << win_tally.by_tables << "/" << win_tally.hands
                      << " wins, " << rest_tally.by_tables << "/" << rest_tally.hands
                      << " shanten");
  }
}

TEST_CASE("suit tables: hand-worked entries", "[fast]") {
  const SuitTables& numbers = SuitTables::of(SuitShape{9, true, 4});
  const std::uint8_t* win = numbers.win(false);
  const auto key = [&](std::initializer_list<int> ranks) {
    std::uint32_t k = 0;
    for (const int r : ranks) k += numbers.step(r - 1);
    return k;
  };
  // 123: melds with no wildcard; a pair takes two more (a wildcard pair).
  CHECK((win[key({1, 2, 3})] & 15) == 0);
  CHECK((win[key({1, 2, 3})] >> 4) == 2);
  // 13: one wildcard makes 123 (melds); with a pair, 11 + 3{3}{3}... least is 2 (1{1}, 3{3}3?
  // no: 13 -> 1{2}3 + wildcard pair = 3, or 1{1} pair + 3{3}{3} pung = 3, or 11 33 pairs: one
  // pair only) = 3.
  CHECK((win[key({1, 3})] & 15) == 1);
  CHECK((win[key({1, 3})] >> 4) == 3);
  // 1112345678999: nine gates, melds plus pair after any one more tile; as it stands 13 tiles
  // need one wildcard for melds + pair, two for melds only (e.g. 111 234 567 899{9}... ).
  const std::uint32_t gates = key({1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9});
  CHECK((win[gates] >> 4) == 1);
  CHECK((win[gates] & 15) == 2);
  // Honours, uncapped: four of a kind is a pung and a single needing two more (melds), or a pung
  // and a pair needing one more. Capped: impossible.
  const SuitTables& honours = SuitTables::of(SuitShape{7, false, 4});
  CHECK(honours.win(false)[4] == (2 | (1 << 4)));
  CHECK(honours.win(true)[4] == (kWinSaturated | (kWinSaturated << 4)));
  // Kept: 1m 1m 5m with one meld and a pair keeps 3 (111? no: 11 + 5{5}{5} or 11 + 456 keep 3).
  const std::int8_t* kept = numbers.kept() + std::size_t{key({1, 1, 5})} * kKeptStride;
  CHECK(kept[kTableMaxMelds + 1 + 1] == 3);
  // 1m alone with five melds and a pair: one natural kept.
  CHECK(numbers.kept()[std::size_t{key({1})} * kKeptStride + kTableMaxMelds + 1 + 5] == 1);
  // 1111m, one meld and no pair in the suit: 111 (or 123) keeps three of the four.
  CHECK(numbers.kept()[std::size_t{key({1, 1, 1, 1})} * kKeptStride + 1] == 3);
  // Two honour kinds of four copies hold two pungs, but not two pungs and a pair: "none".
  const SuitTables& pair_of_kinds = SuitTables::of(SuitShape{2, false, 4});
  CHECK(pair_of_kinds.kept()[2] == 0);
  CHECK(pair_of_kinds.kept()[kTableMaxMelds + 1 + 2] == kKeptNone);
  // Neighbours: 1m 2m with a 3m drawn is a meld; with a fifth copy of a full rank, nothing.
  const std::uint8_t* row = numbers.neighbours(false) + std::size_t{key({1, 2})} * kNeighbourStride;
  CHECK((row[2] & 15) == 0);
  CHECK((row[0] & 15) == win[key({1, 1, 2})] % 16);
  CHECK(numbers.neighbours(false)[std::size_t{key({1, 1, 1, 1})} * kNeighbourStride] == 0xFF);
  // Overflow: 1111z 2222z with three melds and the pair keep 6 within the copies (111 222 and
  // two more groups), 7 with one slot beyond them (111 11 222), 8 with three (111 11 222 222).
  const OverflowKept& honour_overflow = honours.overflow_kept();
  REQUIRE(honour_overflow.available);
  CHECK(honour_overflow.depth == 5);
  const std::uint32_t quads = 4 + 4 * honours.step(1);
  const std::size_t cell = kTableMaxMelds + 1 + 3;
  CHECK(honours.kept()[std::size_t{quads} * kKeptStride + cell] == 6);
  const std::int8_t* gains = honour_overflow.rows_of(quads);
  REQUIRE(gains != nullptr);
  CHECK(gains[cell] == 7);                    // o = 1
  CHECK(gains[kKeptStride + cell] == 7);      // o = 2
  CHECK(gains[2 * kKeptStride + cell] == 8);  // o = 3
  CHECK(gains[4 * kKeptStride + cell] == 8);  // o = 5
  // A nine-rank suit of four copies gains at most one tile, with one slot beyond the copies:
  // 1111m with a meld and the pair keeps 4 only as 111 + 11 (a fifth 1m); 123m gains nothing.
  const OverflowKept& number_overflow = numbers.overflow_kept();
  REQUIRE(number_overflow.available);
  CHECK(number_overflow.depth == 1);
  CHECK(numbers.kept()[std::size_t{key({1, 1, 1, 1})} * kKeptStride + kTableMaxMelds + 2] == 3);
  REQUIRE(number_overflow.rows_of(key({1, 1, 1, 1})) != nullptr);
  CHECK(number_overflow.rows_of(key({1, 1, 1, 1}))[kTableMaxMelds + 2] == 4);
  CHECK(number_overflow.rows_of(key({1, 2, 3})) == nullptr);
}

TEST_CASE("fast queries: hand-worked hands", "[fast]") {
  const RuleSet riichi = load_rules("riichi");
  const RuleSet laizi = load_rules("laizi");
  CHECK(is_win(riichi, parse_hand("111222333m456p11s", riichi)));
  CHECK_FALSE(is_win(riichi, parse_hand("111222333m456p12s", riichi)));
  CHECK(is_win(riichi, parse_hand("11223344556677z", riichi)));
  CHECK_FALSE(is_win(riichi, parse_hand("11112233445566z", riichi)));  // four as two pairs: no
  CHECK(is_win(laizi, parse_hand("11112233445566z", laizi)));
  CHECK(is_win(riichi, parse_hand("19m19p19s12345677z", riichi)));
  CHECK(is_win(laizi, parse_hand("19m19p19s1234566z*", laizi)));
  CHECK(is_win(laizi, parse_hand("1m****", laizi)));
  CHECK(wait_mask(riichi, parse_hand("1112345678999m", riichi)) == 0x1FF);
  CHECK(shanten_number(riichi, parse_hand("1112345678999m", riichi)) == 0);
  CHECK(shanten_number(riichi, parse_hand("1111m234p567p789p", riichi)) == 1);
  CHECK(shanten_number(riichi, parse_hand("123m456p789s13577z", riichi)) == 1);
  CHECK(answered_by_tables(riichi, parse_hand("123m456p789s13577z", riichi), Query::shanten));
  CHECK(answered_by_tables(laizi, parse_hand("123m456p789s135z**", laizi), Query::win));
  // Held jokers are priced by the tables, beyond the copies where that keeps more (1111z 2222z:
  // 111z 11z 222z and 222z, three slots beyond the copies, with three jokers).
  for (const char* text : {"123m456p789s135z**", "11112222z123m***", "11112222z12m1p**",
                           "19m19p19s1234567z*", "1122m3344p5566s7z*"}) {
    const Hand hand = parse_hand(text, laizi);
    INFO(text);
    CHECK(answered_by_tables(laizi, hand, Query::shanten));
    const ShantenResult expected = compute_shanten(laizi, hand);
    CHECK(shanten_number(laizi, hand) == expected.shanten);
    for (const FormShanten& entry : expected.by_form) {
      CHECK(form_shanten(laizi, hand, entry.form) == entry.shanten);
    }
  }
}

TEST_CASE("fast waits around the knitted and singles forms agree with the search", "[fast]") {
  // The special forms' waits are answered from a summary of the counts before any mask is made
  // (SpecialForm::waits): a knit with two holes or more, or a singles hand with a kind thrice or
  // too many pairs, waits on nothing there. Complete hands of each special form less one tile
  // (ready: a hole or a pair to fill), and the same with one more tile changed (mostly not),
  // against the search.
  const RuleSet mcr = load_rules("mcr");
  // 组合龙 three times, 全不靠 twice, 十三幺 twice, 七星不靠.
  const std::vector<std::string> complete = {
      "147m258p369s123m55z", "147m258p369s555z11p", "147p258s369m789s33m", "147m258p369s12345z",
      "147s258m369p12367z",  "19m19p19s12345677z",  "19m19p19s11234567z",  "147m25p36s1234567z"};
  const std::vector<TileId> swaps = {mcr.find_tile('m', 5), mcr.find_tile('p', 9),
                                     mcr.find_tile('z', 1), mcr.find_tile('s', 2)};
  long checked = 0;
  long waiting = 0;
  for (const std::string& text : complete) {
    const Hand whole = parse_hand(text, mcr);
    for (TileId out = 0; out < mcr.meldable_count(); ++out) {
      if (whole.counts[out] == 0) continue;
      Hand ready = whole;
      --ready.counts[out];
      std::vector<Hand> hands = {ready};
      for (const TileId in : swaps) {
        for (TileId again = 0; again < mcr.meldable_count(); ++again) {
          if (ready.counts[again] == 0 || again == in || ready.counts[in] >= 4) continue;
          Hand changed = ready;
          --changed.counts[again];
          ++changed.counts[in];
          hands.push_back(changed);
        }
      }
      for (const Hand& hand : hands) {
        TileMask expected = 0;
        for (const WaitTile& wait : compute_waits(mcr, hand, nullptr).tiles) {
          expected |= tile_bit(wait.tile);
        }
        INFO(format_hand(hand, mcr));
        REQUIRE(wait_mask(mcr, hand) == expected);
        ++checked;
        waiting += expected != 0 ? 1 : 0;
      }
    }
  }
  CHECK(checked > 1000);
  CHECK(waiting > 100);
}

TEST_CASE("fast queries: the size bound and the wildcards-form shortcut", "[fast]") {
  // is_win refuses by the suits' sizes mod 3 before reading a table, and wait_mask answers "every
  // drawable tile" when a `wildcards` form is already complete: both against the search, at the
  // edges of the bound (a suit of 3n + 1 naturals needs two wildcards for melds, or one with the
  // pair in it) and of the wildcard count.
  const RuleSet riichi = load_rules("riichi");
  const RuleSet laizi = load_rules("laizi");
  for (const char* text :
       {"123m456p789s11z234z", "123m456p789s1z*", "1234m456p789s11z*", "1234m456p789s2z**",
        "1234m456p78s11z**", "1m2p3s4z5z6z*****", "12m45p78s1z2z3z****", "1112m3p**", "1m2p***"}) {
    const RuleSet& rules =
        std::string_view(text).find('*') == std::string_view::npos ? riichi : laizi;
    const Hand hand = parse_hand(text, rules);
    INFO(text);
    if (hand.size(rules) % 3 == 2) {
      CHECK(answered_by_tables(rules, hand, Query::win));
      CHECK(is_win(rules, hand) == Decomposition(rules, hand).wins());
    } else {
      CHECK(answered_by_tables(rules, hand, Query::waits));
      TileMask expected = 0;
      for (const WaitTile& wait : compute_waits(rules, hand, nullptr).tiles) {
        expected |= tile_bit(wait.tile);
      }
      CHECK(wait_mask(rules, hand) == expected);
    }
  }
}

TEST_CASE("fast queries: restricted stand-ins fall back for hands with wildcards", "[fast]") {
  // The tables assume a wildcard stands for any tile; a hand without wildcards is unaffected.
  const RuleSet rules = test::test_rules("custom_restricted");
  REQUIRE(rules.wildcards().restricted);
  HandMaker maker(rules, 99);
  Tally win_tally;
  Tally rest_tally;
  for (int i = 0; i < 40 / kScale; ++i) {
    const Hand hand = maker.make(13 + i % 2, static_cast<int>(maker.below(4)));
    if (hand.wildcard_count() != 0) {
      CHECK_FALSE(answered_by_tables(rules, hand, Query::win));
      CHECK_FALSE(answered_by_tables(rules, hand, Query::waits));
      CHECK_FALSE(answered_by_tables(rules, hand, Query::shanten));
    }
    check_hand(rules, hand, win_tally, rest_tally);
  }
}

TEST_CASE("fast queries agree with the exact search on random hands", "[fast]") {
  cross_check(40 / kScale, 20240611);
}

/// Concealed hands with 0-8 held wildcards (jokers and the rule set's fixed wild kinds) under
/// every rule set, the shanten queries against the search; `per_size` hands of each size. Under
/// the rule sets whose forms and rules the shanten tables model, every such hand is answered by
/// the tables (the wildcards included, through the overflow rows when uncapped).
void cross_check_wildcards(int per_size, std::uint64_t seed) {
  std::vector<RuleSet> sets = rule_sets();
  for (const char* name :
       {"fast_capped_jokers", "fast_small_jokers", "custom_missing_jokers", "fast_ligu_strict"}) {
    sets.push_back(test::test_rules(name));
  }
  // Rule sets whose forms and rules the shanten tables model (wild meldable kinds aside, which
  // these hands do not hold): every hand is answered by the tables.
  const std::vector<std::string> modelled = {"basic",
                                             "fuzhou",
                                             "guangdong",
                                             "guangdong_flowers",
                                             "laizi",
                                             "riichi",
                                             "hongkong",
                                             "shanghai",
                                             "sichuan",
                                             "mcr",
                                             "taiwan",
                                             "fast_ligu_strict",
                                             "fast_distinct",
                                             "fast_capped_jokers",
                                             "fast_small_jokers",
                                             "custom_missing_jokers"};
  for (const RuleSet& rules : sets) {
    HandMaker maker(rules, seed);
    maker.set_concealed_jokers(true);
    Tally win_tally;
    Tally rest_tally;
    long with_wildcards = 0;
    for (int size = 1; size <= rules.hand_tiles(); ++size) {
      if (size % 3 == 0) continue;
      for (int i = 0; i < per_size; ++i) {
        const Hand hand = maker.make(size, i % 9);
        check_hand(rules, hand, win_tally, rest_tally);
        with_wildcards += hand.wildcard_count() != 0 ? 1 : 0;
        const bool all_modelled =
            std::find(modelled.begin(), modelled.end(), rules.name()) != modelled.end();
        if (all_modelled) {
          INFO("rules " << rules.name() << ", hand " << format_hand(hand, rules));
          REQUIRE(answered_by_tables(rules, hand, Query::shanten));
        }
      }
    }
    WARN(rules.name() << ": concealed, " << with_wildcards << " of " << rest_tally.hands
                      << " hands with wildcards; tables answered " << rest_tally.by_tables
                      << " shanten");
  }
}

TEST_CASE("fast shanten with held wildcards agrees with the exact search", "[fast][shanten]") {
  cross_check_wildcards(200 / kScale, 20261130);
}

TEST_CASE("fast queries agree with the exact search: long run", "[.long]") {
  // About two million hands over all rule sets and sizes.
  cross_check(8000, 7);
  cross_check_wildcards(20000, 11);
}

}  // namespace
