// Guangdong's ghosts choose their stand-ins: the best score of a guangdong_red hand holding one to
// three ghosts (Red dragons) must be the best score, over every way of replacing its ghosts by
// natural tiles, of the replaced hand under the ghost-less table (tests/data/rules/
// guangdong_copies8.yaml: rules/guangdong.yaml with room for the copies a ghost may add). The
// reference side never sees a wildcard: no realisation, no stand-in, no soft count; it is the
// brute force "try every tile for every ghost". The two tables are the same file (the ghost
// file extends it); 无鬼加倍 cannot count on the ghost side (a ghost is held) and is off on the
// reference side, and 四鬼胡 needs four ghosts, more than drawn here. A second case checks 无鬼加倍
// on hands without a ghost.

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/model/win_context.hpp"
#include "rule_files.hpp"

using namespace meldgraph;

namespace {

/// A tile as the test writes it: suit letter and rank ("5m", "7z").
struct Face {
  char letter = 'm';
  int rank = 1;
  friend bool operator==(const Face&, const Face&) = default;
};

/// Every face of the 136-tile set, in a fixed order (the replacements' alphabet).
std::vector<Face> all_faces() {
  std::vector<Face> faces;
  for (const char letter : {'m', 'p', 's'}) {
    for (int rank = 1; rank <= 9; ++rank) faces.push_back({letter, rank});
  }
  for (int rank = 1; rank <= 7; ++rank) faces.push_back({'z', rank});
  return faces;
}

std::string text_of(const Face& face) {
  return std::to_string(face.rank) + face.letter;
}

/// One generated hand: 13 concealed tiles and the winning one; `ghost` marks the tiles that are
/// ghosts on the guangdong_red side (every 7z, and some others).
struct GhostHand {
  std::vector<Face> tiles;  ///< 14, the winning tile last
  std::vector<bool> ghost;  ///< per tile
  bool self_draw = true;
};

/// A complete natural hand (four melds and a pair, or seven pairs), biased now and then towards
/// one suit, honours and pungs so that the big hands come up; at most four copies of a face.
std::vector<Face> complete_hand(std::mt19937& rng) {
  const auto roll = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  for (;;) {
    std::vector<Face> tiles;
    const char one_suit = "mps"[roll(3)];
    const bool flush = roll(3) == 0;
    const bool pungs = roll(3) == 0;
    const bool honours = roll(3) == 0;
    const auto random_face = [&]() -> Face {
      if (honours && roll(3) == 0) return {'z', 1 + roll(7)};
      return {flush ? one_suit : "mps"[roll(3)], 1 + roll(9)};
    };
    if (roll(5) == 0) {
      for (int p = 0; p < 7; ++p) {
        const Face face = random_face();
        tiles.insert(tiles.end(), {face, face});
      }
    } else {
      for (int m = 0; m < 4; ++m) {
        Face face = random_face();
        if (!pungs && face.letter != 'z' && roll(3) != 0) {
          face.rank = 1 + roll(7);
          tiles.insert(tiles.end(),
                       {face, {face.letter, face.rank + 1}, {face.letter, face.rank + 2}});
        } else {
          tiles.insert(tiles.end(), {face, face, face});
        }
      }
      const Face pair = random_face();
      tiles.insert(tiles.end(), {pair, pair});
    }
    const bool too_many = std::any_of(tiles.begin(), tiles.end(), [&](const Face& face) {
      return std::count(tiles.begin(), tiles.end(), face) > 4;
    });
    if (!too_many) return tiles;
  }
}

/// A ghost hand from a complete hand: every 7z is a ghost (they are in guangdong_red), and more
/// tiles become ghosts up to `ghosts`; none when it would take more than three.
bool make_ghost_hand(std::mt19937& rng, int ghosts, GhostHand& out) {
  out.tiles = complete_hand(rng);
  std::shuffle(out.tiles.begin(), out.tiles.end(), rng);
  out.ghost.assign(out.tiles.size(), false);
  int count = 0;
  for (std::size_t i = 0; i < out.tiles.size(); ++i) {
    if (out.tiles[i] == Face{'z', 7}) {
      out.ghost[i] = true;
      ++count;
    }
  }
  for (std::size_t i = 0; i < out.tiles.size() && count < ghosts; ++i) {
    if (!out.ghost[i]) {
      out.ghost[i] = true;
      ++count;
    }
  }
  if (count == 0 || count > 3) return false;
  // A discarded ghost cannot be claimed: a hand won on a ghost is self-drawn.
  out.self_draw = out.ghost.back() || rng() % 2 == 0;
  return true;
}

/// The hand text: the concealed tiles in the given order, then `+` and the winning tile.
std::string hand_text(const std::vector<Face>& tiles) {
  std::string text;
  for (std::size_t i = 0; i + 1 < tiles.size(); ++i) text += text_of(tiles[i]);
  return text + "+" + text_of(tiles.back());
}

/// The best reading's points and fan of a hand, or nothing when it does not win.
struct Best {
  bool wins = false;
  std::int64_t points = 0;
  std::int32_t units = 0;
};

Best best_of(Scorer& scorer, const RuleSet& rules, const std::string& text, bool self_draw) {
  const Hand hand = parse_hand(text, rules);
  WinContext context;
  context.win = self_draw ? WinKind::self_draw : WinKind::discard;
  if (!self_draw) context.from = MeldSource::left;
  const HandScore& score = scorer.score(hand, context);
  Best best;
  const ScoredReading* reading = score.best_reading();
  if (!score.wins || reading == nullptr) return best;
  REQUIRE(score.unscored_realisations == 0);
  best.wins = true;
  best.points = reading->value.points;
  best.units = reading->value.units;
  return best;
}

/// The reference: every replacement of the ghosts by faces (a multiset for the ghosts held, the
/// winning ghost apart), each replaced hand scored without ghosts; the best of them.
Best best_replacement(Scorer& scorer, const RuleSet& rules, const GhostHand& hand) {
  const std::vector<Face> faces = all_faces();
  std::vector<std::size_t> held;  // indices of the ghosts held (not the winning tile)
  for (std::size_t i = 0; i + 1 < hand.tiles.size(); ++i) {
    if (hand.ghost[i]) held.push_back(i);
  }
  const bool winning_ghost = hand.ghost.back();
  Best best;
  std::vector<std::size_t> choice(held.size(), 0);  // nondecreasing face indices
  for (;;) {
    for (std::size_t w = 0; w < (winning_ghost ? faces.size() : 1); ++w) {
      std::vector<Face> tiles = hand.tiles;
      for (std::size_t g = 0; g < held.size(); ++g) tiles[held[g]] = faces[choice[g]];
      if (winning_ghost) tiles.back() = faces[w];
      Best replaced;
      try {
        replaced = best_of(scorer, rules, hand_text(tiles), hand.self_draw);
      } catch (const std::exception&) {
        continue;  // not a hand (more copies than the set has, a robbed tile ...): no reading
      }
      if (replaced.wins && (!best.wins || replaced.points > best.points ||
                            (replaced.points == best.points && replaced.units > best.units))) {
        best = replaced;
      }
    }
    // The next nondecreasing choice.
    std::size_t g = held.size();
    while (g > 0 && choice[g - 1] + 1 == faces.size()) --g;
    if (g == 0) break;
    const std::size_t next = choice[g - 1] + 1;
    for (std::size_t k = g - 1; k < held.size(); ++k) choice[k] = next;
  }
  return best;
}

/// The two tables the cases compare, each with its scorer: guangdong_red (the ghost side) and
/// guangdong_copies8 (the same table without ghosts, room for the copies a ghost adds).
struct GhostTables {
  const RuleSet& red = test::rules_named("guangdong_red");
  const RuleSet& natural = test::rules_named("guangdong_copies8");
  Scorer red_scorer{red};
  Scorer natural_scorer{natural};
};

}  // namespace

TEST_CASE("guangdong_red: the ghosts' stand-ins are the best replacement of the ghosts",
          "[scoring][stand_ins]") {
  GhostTables tables;
  std::mt19937 rng(4242);
  int checked = 0;
  int by_ghosts[4] = {0, 0, 0, 0};
  int big_hands = 0;  // hands whose best reading has a big hand's fan (above 0)
  for (int attempt = 0; checked < 120 && attempt < 1000; ++attempt) {
    GhostHand hand;
    // Mostly one or two ghosts; three ghosts cost 7,140 replacements each.
    const int ghosts = attempt % 6 == 5 ? 3 : 1 + attempt % 2;
    if (!make_ghost_hand(rng, ghosts, hand)) continue;
    std::vector<Face> red_tiles = hand.tiles;
    for (std::size_t i = 0; i < red_tiles.size(); ++i) {
      if (hand.ghost[i]) red_tiles[i] = Face{'z', 7};
    }
    const std::string text = hand_text(red_tiles);
    INFO("hand " << text << (hand.self_draw ? " self-draw" : " discard from left") << " (natural "
                 << hand_text(hand.tiles) << ")");
    const Best got = best_of(tables.red_scorer, tables.red, text, hand.self_draw);
    const Best want = best_replacement(tables.natural_scorer, tables.natural, hand);
    CHECK(got.wins == want.wins);
    CHECK(got.points == want.points);
    CHECK(got.units == want.units);
    ++checked;
    ++by_ghosts[std::count(hand.ghost.begin(), hand.ghost.end(), true)];
    if (want.units > 0) ++big_hands;
  }
  CHECK(checked == 120);
  // The sample holds every ghost count and a good share of big hands (清一色, 碰碰胡, 七小对 ...).
  CHECK(by_ghosts[1] > 0);
  CHECK(by_ghosts[2] > 0);
  CHECK(by_ghosts[3] > 0);
  CHECK(big_hands > 20);
}

// 无鬼加倍 on the same sample's ghost-less hands: a guangdong_red hand holding no Red dragon is
// the ghost-less table's hand with one fan more, so twice the points, whatever its reading.
TEST_CASE("guangdong_red: a hand without a ghost is the ghost-less hand doubled (无鬼加倍)",
          "[scoring][stand_ins]") {
  GhostTables tables;
  std::mt19937 rng(777);
  int checked = 0;
  int big_hands = 0;
  for (int attempt = 0; checked < 200 && attempt < 2000; ++attempt) {
    std::vector<Face> tiles = complete_hand(rng);
    if (std::find(tiles.begin(), tiles.end(), Face{'z', 7}) != tiles.end()) continue;
    std::shuffle(tiles.begin(), tiles.end(), rng);
    const bool self_draw = rng() % 2 == 0;
    const std::string text = hand_text(tiles);
    INFO("hand " << text << (self_draw ? " self-draw" : " discard from left"));
    const Best got = best_of(tables.red_scorer, tables.red, text, self_draw);
    const Best want = best_of(tables.natural_scorer, tables.natural, text, self_draw);
    REQUIRE(want.wins);
    CHECK(got.wins);
    CHECK(got.units == want.units + 1);
    CHECK(got.points == 2 * want.points);
    ++checked;
    if (want.units > 0) ++big_hands;
  }
  CHECK(checked == 200);
  CHECK(big_hands > 40);
}
