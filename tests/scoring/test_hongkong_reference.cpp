// Hong Kong scoring cross-checked against a plain reference: every reading of random complete
// hongkong hands (biased towards one suit, honours, terminals, pungs, declared melds and kongs,
// under random contexts and flowers) is scored by the Scorer from rules/hongkong.yaml, and its
// faan, win, points and payments must equal what the table of docs/scoring.md "Hong Kong" gives
// when written out directly in C++ below, from the reading's groups and the context alone. The
// reference shares no code with the pattern language; it reads the groups' kind, tiles and
// declared / concealed-kong / winning flags (the feature record, tested apart) and nothing
// else of the record.

#include <algorithm>
#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "rule_files.hpp"

using namespace meldgraph;

namespace {

/// A face as the reference sees it: its letter ('m', 'p', 's', 'z') and rank.
struct Face {
  char letter = 0;
  int rank = 0;
};

Face face_of(const RuleSet& rules, TileId tile) {
  return {rules.tile(tile).letter, rules.tile(tile).rank};
}

/// The faan of one reading under the Hong Kong table, and whether it reaches the 3-faan minimum
/// without the flower faan.
struct ReferenceValue {
  int faan = 0;
  bool wins = false;
  std::int64_t points = 0;
  std::array<std::int64_t, 4> payments{};  ///< by seat wind E S W N
};

/// What the Hong Kong table reads off a reading's groups.
struct GroupFacts {
  bool orphans = false;  ///< read in the thirteen-orphans form
  int pungs = 0;         ///< pungs and kongs
  int chows = 0;
  int kongs = 0;
  int concealed_pungs = 0;
  int wind_pungs = 0;
  int dragon_pungs = 0;
  bool wind_pair = false;
  bool dragon_pair = false;
  bool closed = true;
  bool seat_pung = false;
  bool round_pung = false;
  std::array<bool, 4> suits{};  // m p s z
  bool all_terminals = true;
  bool all_honours = true;
  bool all_terminals_or_honours = true;
  bool nine_gates = false;
  [[nodiscard]] int number_suits() const { return int{suits[0]} + int{suits[1]} + int{suits[2]}; }
};

/// The faces of group `g` into the suit and terminal facts.
void add_faces(const RuleSet& rules, const GroupFeature& g, GroupFacts& facts) {
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((g.faces & tile_bit(t)) == 0) continue;
    const Face face = face_of(rules, t);
    facts.suits[std::string_view("mpsz").find(face.letter)] = true;
    if (face.letter != 'z') facts.all_honours = false;
    if (face.letter == 'z' || (face.rank != 1 && face.rank != 9)) facts.all_terminals = false;
    if (face.letter != 'z' && face.rank != 1 && face.rank != 9) {
      facts.all_terminals_or_honours = false;
    }
  }
}

/// A pung or kong (`declared` or not) into the pung facts.
void add_pung(const GroupFeature& g, const Face& face, bool declared, const WinContext& win,
              GroupFacts& facts) {
  ++facts.pungs;
  if (g.kind == GroupKind::kong) ++facts.kongs;
  // Concealed: not claimed, and not a pung completed by the winning discard.
  const bool by_discard = win.win == WinKind::discard && g.has(kFeatureWinning);
  if ((!declared || g.has(kFeatureConcealedKong)) && !by_discard) ++facts.concealed_pungs;
  if (face.letter == 'z' && face.rank <= 4) {
    ++facts.wind_pungs;
    facts.seat_pung = facts.seat_pung || face.rank == static_cast<int>(win.seat_wind) + 1;
    facts.round_pung = facts.round_pung || face.rank == static_cast<int>(win.round_wind) + 1;
  }
  if (face.letter == 'z' && face.rank >= 5) ++facts.dragon_pungs;
}

/// Nine gates: closed, nothing declared, and the 13 tiles before the win are 1112345678999.
bool nine_gates(const RuleSet& rules, const Hand& hand, const GroupFacts& facts) {
  if (facts.number_suits() != 1 || facts.suits[3] || hand.meld_count != 0 ||
      hand.winning == kNoTile) {
    return false;
  }
  std::array<int, 10> by_rank{};
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    const int n = hand.counts[t] - (t == hand.winning ? 1 : 0);
    if (n > 0) by_rank[static_cast<std::size_t>(face_of(rules, t).rank)] += n;
  }
  return by_rank == std::array<int, 10>{0, 3, 1, 1, 1, 1, 1, 1, 1, 3};
}

GroupFacts group_facts(const RuleSet& rules, const ScoredReading& reading, const Hand& hand,
                       const WinContext& win) {
  const ScoreFeatures& f = reading.features;
  GroupFacts facts;
  facts.orphans = rules.forms()[f.form].name == "thirteen_orphans";
  for (const GroupFeature& g : f.group_span()) {
    add_faces(rules, g, facts);
    const bool declared = g.has(kFeatureDeclared);
    if (declared && !g.has(kFeatureConcealedKong)) facts.closed = false;
    if (g.kind == GroupKind::chow) ++facts.chows;
    if (g.kind != GroupKind::pung && g.kind != GroupKind::kong && g.kind != GroupKind::pair) {
      continue;
    }
    const Face face = face_of(rules, static_cast<TileId>(std::countr_zero(g.faces)));
    if (g.kind == GroupKind::pair) {
      facts.wind_pair = facts.wind_pair || (face.letter == 'z' && face.rank <= 4);
      facts.dragon_pair = facts.dragon_pair || (face.letter == 'z' && face.rank >= 5);
      continue;
    }
    add_pung(g, face, declared, win, facts);
  }
  facts.nine_gates = nine_gates(rules, hand, facts);
  return facts;
}

/// The limit hands, 10 faan each, and 混么九.
int limit_faan(const GroupFacts& h, const WinContext& win) {
  const bool dealer = win.seat_wind == Wind::east;
  const bool self_draw = win.win == WinKind::self_draw;
  int faan = 0;
  faan += h.orphans ? 10 : 0;
  faan += h.nine_gates ? 10 : 0;
  faan += h.wind_pungs == 4 ? 10 : 0;
  faan += h.all_honours ? 10 : 0;
  faan += h.all_terminals ? 10 : 0;
  faan += h.concealed_pungs == 4 ? 10 : 0;
  faan += h.kongs == 4 ? 10 : 0;
  // 混么九 4 (對對糊 inside it): terminals and honours both, not thirteen orphans.
  const bool mixed_terminals =
      h.all_terminals_or_honours && !h.all_terminals && !h.all_honours && !h.orphans;
  faan += mixed_terminals ? 4 : 0;
  faan += win.first_draw && dealer && self_draw ? 10 : 0;
  faan += win.first_draw && !dealer && !self_draw ? 10 : 0;
  return faan;
}

/// Every faan but the flowers'.
int hand_faan(const GroupFacts& h, const WinContext& win) {
  const bool dealer = win.seat_wind == Wind::east;
  const bool self_draw = win.win == WinKind::self_draw;
  const bool heavenly = win.first_draw && dealer && self_draw;
  int faan = limit_faan(h, win);
  // Dragons: 大三元 8, else 小三元 5, else 1 per dragon pung.
  if (h.dragon_pungs == 3) {
    faan += 8;
  } else if (h.dragon_pungs == 2 && h.dragon_pair) {
    faan += 5;
  } else {
    faan += h.dragon_pungs;
  }
  // One suit: 清一色 7, 混一色 3 (the limit hands of honours or nine gates include them).
  if (h.number_suits() == 1 && !h.suits[3] && !h.nine_gates) faan += 7;
  if (h.number_suits() == 1 && h.suits[3] && !h.all_honours) faan += 3;
  // Winds: 大四喜 includes the wind faan; 小四喜 6 includes its pungs' 門風 / 圈風.
  if (h.wind_pungs == 3 && h.wind_pair) {
    faan += 6;
  } else if (h.wind_pungs < 4) {
    faan += (h.seat_pung ? 1 : 0) + (h.round_pung ? 1 : 0);
  }
  // 對對糊 3, unless a four-pung limit hand includes it.
  const bool mixed_terminals =
      h.all_terminals_or_honours && !h.all_terminals && !h.all_honours && !h.orphans;
  const bool four_pung_limit = h.wind_pungs == 4 || h.all_honours || h.all_terminals ||
                               h.concealed_pungs == 4 || h.kongs == 4 || mixed_terminals;
  if (h.pungs == 4 && !four_pung_limit) faan += 3;
  faan += self_draw && !heavenly ? 1 : 0;
  faan += h.closed && !h.orphans && !h.nine_gates && h.concealed_pungs != 4 ? 1 : 0;
  faan += h.chows == 4 ? 1 : 0;
  faan += win.robbing_kong ? 1 : 0;
  faan += win.after_kong && self_draw ? 1 : 0;
  faan += win.last_tile ? 1 : 0;  // 海底撈月 self-drawn, 河底撈魚 on the last discard
  return faan;
}

/// Flowers: the seat's flower and season 1 each, a whole set of four 2 instead, none 1.
int flower_faan(const RuleSet& rules, const WinContext& win) {
  const int seat_rank = static_cast<int>(win.seat_wind) + 1;
  std::array<bool, 9> held{};
  for (const TileId t : win.flower_tiles) {
    held[static_cast<std::size_t>(face_of(rules, t).rank)] = true;
  }
  const bool flower_set = held[1] && held[2] && held[3] && held[4];
  const bool season_set = held[5] && held[6] && held[7] && held[8];
  int faan = 0;
  faan += flower_set ? 2 : (held[static_cast<std::size_t>(seat_rank)] ? 1 : 0);
  faan += season_set ? 2 : (held[static_cast<std::size_t>(seat_rank) + 4] ? 1 : 0);
  faan += win.flower_count == 0 ? 1 : 0;
  return faan;
}

/// The points and payments of a winning `value` (its faan set).
void add_payments(const WinContext& win, ReferenceValue& value) {
  const bool self_draw = win.win == WinKind::self_draw;
  constexpr std::array<std::int64_t, 11> kBase = {1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128};
  const std::int64_t base = kBase[static_cast<std::size_t>(std::min(value.faan, 10))];
  value.points = self_draw ? base * 6 : base * 4;  // a self-draw: 3 payers of 2 x base
  // 全銃: the discarder (left: the previous seat, across, right: the next) pays all; a
  // self-draw is 2 x base from each of the three.
  const int winner = static_cast<int>(win.seat_wind);
  if (self_draw) {
    for (int seat = 0; seat < 4; ++seat) {
      value.payments[static_cast<std::size_t>(seat)] = seat == winner ? 6 * base : -2 * base;
    }
  } else {
    const int offset = win.from == MeldSource::left ? 3 : win.from == MeldSource::across ? 2 : 1;
    value.payments[static_cast<std::size_t>(winner)] = 4 * base;
    value.payments[static_cast<std::size_t>((winner + offset) % 4)] = -4 * base;
  }
}

ReferenceValue reference_value(const RuleSet& rules, const ScoredReading& reading, const Hand& hand,
                               const WinContext& win) {
  const int faan = hand_faan(group_facts(rules, reading, hand, win), win);
  ReferenceValue value;
  value.faan = faan + flower_faan(rules, win);
  value.wins = faan >= 3;
  if (value.wins) add_payments(win, value);
  return value;
}

/// Random complete hands as notation, with a context: four melds and a pair drawn within the
/// copies, biased now and then towards one suit, honours or terminals, some melds declared.
class HandMaker {
 public:
  explicit HandMaker(std::uint64_t seed) : draws_(seed) {}

  /// A hand and its context, or false when the draw broke the copies (the caller draws again).
  bool make(std::string& text, nlohmann::json& context) {
    std::array<std::array<int, 10>, 4> used{};  // m p s z by rank
    // Now and then the rare shapes: nine gates (1112345678999 and one more of the suit, the
    // winning tile) or four kongs.
    const int shape = below(30);
    if (shape == 0) return make_nine_gates(text, context);
    const bool kongs_only = shape == 1;
    const int bias = below(6);  // 0 any, 1 one suit + honours, 2 one suit, 3 honours, 4 terminals
    const int suit = below(3);
    std::string concealed;
    std::string declared;
    std::vector<std::pair<int, int>> winnable;  // (letter index, rank) of concealed tiles
    bool any_declared = false;
    bool any_kong = false;
    const auto letter = [](int s) { return std::string(1, "mpsz"[s]); };
    for (int meld = 0; meld < 5; ++meld) {
      const bool pair = meld == 4;
      int s = bias == 0   ? below(4)
              : bias == 1 ? (below(3) == 0 ? 3 : suit)
              : bias == 2 ? suit
              : bias == 3 ? (below(4) == 0 ? suit : 3)
                          : below(4);
      int rank = s == 3 ? 1 + below(7) : 1 + below(9);
      if (bias == 4 && s != 3) rank = below(2) == 0 ? 1 : 9;
      const bool chow = !pair && s != 3 && bias != 4 && rank <= 7 && below(2) == 0;
      const bool kong = !pair && !chow && (kongs_only || below(8) == 0);
      std::string tiles;
      if (chow) {
        for (int r = rank; r < rank + 3; ++r) {
          if (++used[s][r] > 4) return false;
          tiles += std::to_string(r);
        }
      } else {
        const int n = pair ? 2 : kong ? 4 : 3;
        used[s][rank] += n;
        if (used[s][rank] > 4) return false;
        tiles = std::string(static_cast<std::size_t>(n), static_cast<char>('0' + rank));
      }
      tiles += letter(s);
      const int how =
          pair ? 0 : below(5);  // 0, 1, 2: concealed; 3: declared; 4: declared if a kong
      if (kong && how >= 2) {
        declared += how == 2 ? "(" + tiles + ")" : "[" + tiles + "]";
        any_declared = any_declared || how != 2;
        any_kong = true;
      } else if (!kong && how == 3) {
        declared += "[" + tiles + "]";
        any_declared = true;
      } else if (kong) {
        declared += "(" + tiles + ")";
        any_kong = true;
      } else {
        concealed += tiles;
        for (const char c : tiles.substr(0, tiles.size() - 1)) winnable.emplace_back(s, c - '0');
      }
    }
    if (winnable.empty()) return false;
    const auto [ws, wr] =
        winnable[static_cast<std::size_t>(below(static_cast<int>(winnable.size())))];
    const std::string winning = std::to_string(wr) + letter(ws);
    text = without_one(concealed, "mpsz"[ws], wr) + declared + "+" + winning;
    random_context(context, any_declared, any_kong, used[ws][wr] == 1);
    return true;
  }

 private:
  /// `concealed` (rank digits by suit letter, "123m456p") with one tile of rank `rank` of suit
  /// `letter` taken out.
  static std::string without_one(const std::string& concealed, char letter, int rank) {
    std::string rest;
    bool removed = false;
    std::string block;
    for (const char c : concealed) {
      if (c >= '0' && c <= '9') {
        block += c;
        continue;
      }
      if (!removed && c == letter) {
        const auto at = block.find(static_cast<char>('0' + rank));
        if (at != std::string::npos) {
          block.erase(at, 1);
          removed = true;
        }
      }
      if (!block.empty()) rest += block + c;
      block.clear();
    }
    return rest;
  }

  bool make_nine_gates(std::string& text, nlohmann::json& context) {
    const std::string letter(1, "mps"[below(3)]);
    text = "1112345678999" + letter + "+" + std::to_string(1 + below(9)) + letter;
    random_context(context, false, false, false);
    return true;
  }

  /// Winds, how it was won, flowers (none, a count, or some tiles), and the flags that fit.
  void random_context(nlohmann::json& context, bool any_declared, bool any_kong, bool single_copy) {
    context = nlohmann::json::object();
    constexpr const char* kWinds[] = {"E", "S", "W", "N"};
    context["seat_wind"] = kWinds[below(4)];
    context["round_wind"] = kWinds[below(4)];
    const bool self_draw = below(2) == 0;
    context["win"] = self_draw ? "self-draw" : "discard";
    if (!self_draw) context["from"] = std::array{"left", "across", "right"}[below(3)];
    const int flowers = below(4);
    if (flowers == 1) context["flowers"] = below(3);
    if (flowers >= 2) {
      std::string f;
      for (int r = 1; r <= 8; ++r) {
        if (below(flowers == 3 ? 2 : 5) == 0) f += std::to_string(r);
      }
      if (!f.empty()) context["flowers"] = f + "f";
    }
    if (!any_declared && below(10) == 0) context["first_draw"] = true;
    if (below(10) == 0) context["last_tile"] = true;
    if (self_draw && any_kong && below(3) == 0) context["after_kong"] = true;
    if (!self_draw && single_copy && below(6) == 0) context["robbing_kong"] = true;
  }

  int below(int bound) { return static_cast<int>(draws_.below(static_cast<std::uint64_t>(bound))); }
  RandomDraws draws_;
};

}  // namespace

TEST_CASE("hongkong: every reading's faan, win, points and payments match the plain reference",
          "[scoring][hongkong]") {
  const RuleSet& rules = test::rules_named("hongkong");
  Scorer scorer(rules);
  HandMaker maker(20261201);
  int hands = 0;
  int readings = 0;
  int wins = 0;
  int limits = 0;
  std::set<std::uint16_t> counted;  // patterns that counted in some reading
  std::string text;
  nlohmann::json context_json;
  for (int attempt = 0; attempt < 20000 && hands < 3000; ++attempt) {
    if (!maker.make(text, context_json)) continue;
    Hand hand;
    WinContext context;
    try {
      hand = parse_hand(text, rules);
      context = parse_win_context(context_json, rules);
      check_win_context(context, hand, rules);
    } catch (const std::exception&) {
      continue;  // a context the rules reject (a robbed kong of a held tile, ...): draw again
    }
    ++hands;
    const HandScore& score = scorer.score(hand, context);
    for (const ScoredReading& reading : score.readings) {
      INFO(text << " " << context_json.dump() << " reading " << reading.interpretation);
      const ReferenceValue want = reference_value(rules, reading, hand, context);
      CHECK(reading.value.units == want.faan);
      CHECK(reading.value.wins == want.wins);
      if (want.wins) {
        CHECK(reading.value.points == want.points);
        CHECK(reading.value.payments == want.payments);
      }
      for (const PatternHit& hit : reading.hits) counted.insert(hit.pattern);
      ++readings;
      wins += want.wins ? 1 : 0;
      limits += want.faan >= 10 ? 1 : 0;
    }
  }
  // The sample is large and varied enough to mean something.
  CHECK(hands == 3000);
  CHECK(readings >= hands);
  CHECK(wins > 300);
  CHECK(limits > 30);
  // Every enabled pattern came up but thirteen orphans and seven pairs (the maker draws melds
  // and a pair only; the seven pairs form is off); the strict 平糊, switched off, never counts.
  const auto& patterns = scoring_rules(rules)->patterns.patterns;
  for (std::size_t p = 0; p < patterns.size(); ++p) {
    INFO("pattern " << patterns[p].id);
    const bool expected = patterns[p].enabled && patterns[p].id != "thirteen_orphans" &&
                          patterns[p].id != "seven_pairs";
    CHECK(counted.count(static_cast<std::uint16_t>(p)) == (expected ? 1U : 0U));
  }
}
