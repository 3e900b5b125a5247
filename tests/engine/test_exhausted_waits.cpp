// exhausted_wait_mask (the waits on tiles the hand holds every copy of) against the exact search
// (compute_exhausted_waits). A fifth copy beside four concealed ones is answered by a lookup (the
// fast win test with three copies as a concealed pung, and the count of tiles near it that pairs
// and chows need without a pung); the search decides the rest. Random 13-tile hands (and the
// 16-tile hands of taiwan) each hold four concealed copies of a tile; most are built from groups
// around it, so that five-copy wins, with and without a pung, are common.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/shanten/shanten.hpp"

#include "test_scale.hpp"

namespace {

using namespace meldgraph;

/// Random hands of `rules.hand_tiles() - 1` tiles holding four concealed copies of one tile.
class FourCopiesHands {
 public:
  FourCopiesHands(const RuleSet& rules, std::uint64_t seed) : rules_(rules), rng_(seed) {
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if (rules.tile(t).copies == 4) fours_.push_back(t);
    }
  }

  Hand make() {
    Hand hand;
    const TileId four = fours_[pick(fours_.size())];
    hand.counts[four] = 4;
    int size = 4;
    const int target = rules_.hand_tiles() - 1;
    // Sometimes a declared pung of another tile.
    if (pick(4) == 0) {
      const TileId other = fours_[pick(fours_.size())];
      if (other != four) {
        Group& meld = hand.melds[hand.meld_count++];
        meld.kind = GroupKind::pung;
        meld.size = 3;
        meld.flags = kGroupDeclared;
        meld.tiles = {other, other, other, kNoTile};
        size += 3;
      }
    }
    int guard = 0;
    while (size < target && ++guard < 1000) {
      // Tiles near the four copies most of the time (chows through it, pairs and pungs beside).
      const bool near = pick(3) != 0;
      const int offset = static_cast<int>(pick(5)) - 2;
      const int t =
          near ? static_cast<int>(four) + offset : static_cast<int>(fours_[pick(fours_.size())]);
      if (t < 0 || t >= rules_.meldable_count()) continue;
      const auto tile = static_cast<TileId>(t);
      const int room = std::min(target - size, static_cast<int>(pick(3)) + 1);
      for (int k = 0; k < room && fits(hand, tile); ++k) {
        ++hand.counts[tile];
        ++size;
      }
    }
    if (size != target) return make();
    return hand;
  }

 private:
  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
  }

  bool fits(const Hand& hand, TileId tile) const {
    return hand.held_counts()[tile] < rules_.tile(tile).copies;
  }

  const RuleSet& rules_;
  std::mt19937_64 rng_;
  std::vector<TileId> fours_;
};

/// The tiles of which the hand holds every copy (the candidates the search is asked about).
TileMask exhausted_tiles(const RuleSet& rules, const Hand& hand) {
  const TileCounts held = hand.held_counts();
  TileMask mask = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if (held[t] >= rules.tile(t).copies) mask |= tile_bit(t);
  }
  return mask;
}

struct RunCounts {
  int hands = 0;
  int nonzero = 0;       ///< hands with an exhausted wait
  int without_pung = 0;  ///< of those, hands whose four copies' fifth wins only without a pung
};

/// Whether hand + `tile` (its four concealed copies and a fifth) wins with a pung of the tile:
/// the hand with three of the five copies declared as a concealed pung wins.
bool wins_with_pung(const RuleSet& rules, const Hand& hand, TileId tile) {
  if (hand.meld_count >= kMaxDeclaredMelds) return false;
  Hand pung = hand;
  pung.counts[tile] = 2;
  Group& meld = pung.melds[pung.meld_count++];
  meld.kind = GroupKind::pung;
  meld.size = 3;
  meld.flags = kGroupDeclared | kGroupConcealed;
  meld.tiles = {tile, tile, tile, kNoTile};
  return is_win(rules, pung);
}

RunCounts cross_check(const RuleSet& rules, int hands, std::uint64_t seed) {
  FourCopiesHands maker(rules, seed);
  RunCounts counts;
  for (int i = 0; i < hands; ++i) {
    const Hand hand = maker.make();
    const TileMask searched = compute_exhausted_waits(rules, hand, exhausted_tiles(rules, hand));
    const TileMask fast = exhausted_wait_mask(rules, hand);
    INFO(rules.name() << " hand " << i);
    REQUIRE(fast == searched);
    ++counts.hands;
    if (fast != 0) ++counts.nonzero;
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if (hand.counts[t] == 4 && (fast & tile_bit(t)) != 0 && !wins_with_pung(rules, hand, t)) {
        ++counts.without_pung;
        break;
      }
    }
  }
  return counts;
}

}  // namespace

TEST_CASE("exhausted waits: a fifth copy's lookup agrees with the search", "[fast]") {
  const int hands = 6000 / test::kScale;
  const RuleSet mcr = load_rules("mcr");
  const RunCounts counts = cross_check(mcr, hands, 20261207);
  CHECK(counts.hands == hands);
  // Enough hands win with a fifth copy for the check to mean something.
  CHECK(counts.nonzero >= hands / 50);
  CHECK(counts.without_pung > 0);
  for (const char* name : {"mcr_strict98", "riichi", "hongkong", "taiwan", "sichuan", "laizi"}) {
    const RuleSet rules = load_rules(name);
    const RunCounts other = cross_check(rules, hands / 4, 7);
    CHECK(other.nonzero > 0);
  }
}

/// The tile the hand holds four copies of, concealed.
TileId four_of(const Hand& hand) {
  for (TileId t = 0; t < kMaxTileKinds; ++t) {
    if (hand.counts[t] == 4) return t;
  }
  return kNoTile;
}

TEST_CASE("exhausted waits: hand-worked fifth copies", "[fast]") {
  const RuleSet mcr = load_rules("mcr");
  // With a pung: 1111m 123s 567p 789s and a fifth 1m is 111m, the pair 11m and three chows.
  const Hand pung = parse_hand("1111m123s567p789s", mcr);
  CHECK((exhausted_wait_mask(mcr, pung) & tile_bit(four_of(pung))) != 0);
  // An honour: 1111z 123s 567p 789s and a fifth 1z is 111z and 11z.
  const Hand honour = parse_hand("1111z123s567p789s", mcr);
  CHECK((exhausted_wait_mask(mcr, honour) & tile_bit(four_of(honour))) != 0);
  // Without a pung: 3m 44m 5555m 66m 7m 789s and a fifth 5m is 55m 345m 456m 567m 789s; taking
  // 555m out leaves 3m 44m 55m 66m 7m, which holds no two melds and a pair.
  const Hand chows = parse_hand("3445555667m789s", mcr);
  CHECK((exhausted_wait_mask(mcr, chows) & tile_bit(four_of(chows))) != 0);
  // No win: 1111m 23m 456p 789s 5z and a fifth 1m is 111m 11m 23m or 111m 123m 1m, and two
  // tiles near 1m are too few for chows without a pung.
  const Hand none = parse_hand("1111m23m456p789s5z", mcr);
  CHECK((exhausted_wait_mask(mcr, none) & tile_bit(four_of(none))) == 0);
}
