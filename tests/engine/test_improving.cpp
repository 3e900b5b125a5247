// Improving tiles and discards in one pass (queries/improving.cpp: improving_mask, behind
// improving_from_queries, and discard_shanten) against their definitions: each tile the hand can
// draw, priced as a hand of its own by shanten_number, improves when that hand's shanten is
// lower; each discard's shanten is shanten_number of the hand less that tile; and, on a share of
// the hands, against the exact search (improving_tiles, compute_shanten). Random hands of every
// 3n+1 size under every built-in rule set, with 0-4 wildcards, and hands shaped towards the forms
// the one pass prices on its own: ready and near-ready standard hands, pair-heavy hands (seven
// pairs), hands of terminals and honours (thirteen orphans).
//
// Tagged [improving].

#include <catch2/catch.hpp>

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/queries/results.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "test_scale.hpp"
#include "visible_tiles.hpp"

namespace {

using namespace meldgraph;

constexpr int kHandsPerSize = 160 / meldgraph::test::kScale;
/// One hand in this many is also checked against the exact search (the slow part).
constexpr int kSearchEvery = 8;

std::string text_of(const std::vector<Improvement>& tiles) {
  std::ostringstream out;
  for (const Improvement& tile : tiles) out << int{tile.tile} << '(' << tile.remaining << ") ";
  return out.str();
}

/// The definition, one draw at a time: each natural tile that is not wild and of which the hand
/// does not hold every copy (copies seen elsewhere only lower `remaining`).
std::vector<Improvement> improving_by_draws(const RuleSet& rules, const Hand& hand,
                                            const TileCounts& seen) {
  const int before = shanten_number(rules, hand);
  const TileCounts held = hand.held_counts();
  std::vector<Improvement> tiles;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0 || held[t] >= rules.tile(t).copies) continue;
    Hand drawn = hand;
    ++drawn.counts[t];
    if (shanten_number(rules, drawn) < before) {
      tiles.push_back({t, std::max(0, rules.tile(t).copies - held[t] - seen[t])});
    }
  }
  return tiles;
}

/// A hand of `size` tiles: pairs of distinct random kinds, then singles, within the copies.
Hand pair_heavy(const RuleSet& rules, int size, RandomHands& random) {
  Hand hand;
  hand.wild_tiles = random.wild_tiles();
  int placed = 0;
  while (placed < size) {
    const auto t = static_cast<TileId>(random.below(rules.meldable_count()));
    if ((hand.wild_tiles & tile_bit(t)) != 0) continue;
    const int take = std::min({size - placed, 2, rules.tile(t).copies - int{hand.counts[t]}});
    if (take <= 0) continue;
    hand.counts[t] = static_cast<std::uint8_t>(hand.counts[t] + take);
    placed += take;
  }
  return hand;
}

/// A hand of `size` tiles of which most are terminals and honours (kinds of rank 1 or 9, or of a
/// suit without sequences), mostly one of each, the rest random.
Hand orphan_heavy(const RuleSet& rules, int size, RandomHands& random) {
  std::vector<TileId> orphans;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    const TileInfo& tile = rules.tile(t);
    const bool honour = tile.next == kNoTile && tile.previous == kNoTile;
    if ((random.wild_tiles() & tile_bit(t)) == 0 && (tile.rank == 1 || tile.rank == 9 || honour)) {
      orphans.push_back(t);
    }
  }
  Hand hand;
  hand.wild_tiles = random.wild_tiles();
  int placed = 0;
  while (placed < size) {
    const bool orphan = !orphans.empty() && random.below(5) != 0;
    const TileId t = orphan ? orphans[random.below(orphans.size())]
                            : static_cast<TileId>(random.below(rules.meldable_count()));
    if ((hand.wild_tiles & tile_bit(t)) != 0 || hand.counts[t] >= rules.tile(t).copies) continue;
    // Mostly one of each: thirteen orphans without its pair, where a held tile improves too.
    if (orphan && hand.counts[t] > 0 && random.below(4) != 0) continue;
    ++hand.counts[t];
    ++placed;
  }
  return hand;
}

/// The answer's text, or the error's: the paths must fail alike.
template <class Query>
std::string outcome(Query&& query) {
  try {
    return text_of(query());
  } catch (const Error& error) {
    return std::string("error: ") + error.what();
  }
}

struct Tally {
  int hands = 0;
  int improving = 0;  ///< hands with at least one improving tile
};

void check_hand(const RuleSet& rules, const Hand& hand, RandomHands& random, bool search,
                Tally& tally) {
  INFO("rules " << rules.name() << ", hand " << format_hand(hand, rules));
  const TileCounts seen = test::random_visible(rules, hand, random);
  const std::string fast = outcome([&] { return improving_from_queries(rules, hand, &seen); });
  CHECK(fast == outcome([&] { return improving_by_draws(rules, hand, seen); }));
  if (search) CHECK(fast == outcome([&] { return improving_tiles(rules, hand, &seen); }));
  ++tally.hands;
  if (!fast.empty() && fast.rfind("error", 0) != 0) ++tally.improving;
}

/// A hand of `size` tiles of one of the four shapes, by `i`.
Hand shaped_hand(const RuleSet& rules, int size, int i, RandomHands& random) {
  switch (i % 4) {
    case 0:
      return random.random(size, i % 8 < 4 ? 0 : 4);
    case 1:
      try {
        return size % 3 == 1 ? random.ready(size, i % 8 < 4 ? 0 : 2)
                             : random.complete(size, i % 8 < 4 ? 0 : 2);
      } catch (const Error&) {
        return random.random(size, 0);  // no standard form of this size
      }
    case 2:
      return pair_heavy(rules, size, random);
    default:
      return orphan_heavy(rules, size, random);
  }
}

/// discard_shanten against shanten_number of each hand less one tile (and compute_shanten, with
/// `search`); 1 when some discard's shanten was compared.
int check_discards(const RuleSet& rules, const Hand& hand, bool search) {
  INFO("rules " << rules.name() << ", hand " << format_hand(hand, rules));
  std::array<int, kMaxTileKinds> fast{};
  try {
    discard_shanten(rules, hand, fast);
  } catch (const Error&) {
    return 0;  // no form for some hand left: the one-by-one definition throws alike (below)
  }
  int compared = 0;
  for (TileId t = 0; t < kMaxTileKinds; ++t) {
    const bool discardable =
        t < rules.meldable_count() && hand.counts[t] > 0 && (hand.wild_tiles & tile_bit(t)) == 0;
    if (!discardable) {
      if (fast[t] != kNoShanten)
        FAIL_CHECK("a shanten for tile " << int{t} << ", which is not a discard");
      continue;
    }
    Hand less = hand;
    --less.counts[t];
    INFO("discard " << rules.tile(t).code);
    CHECK(fast[t] == shanten_number(rules, less));
    if (search) CHECK(fast[t] == compute_shanten(rules, less).shanten);
    compared = 1;
  }
  return compared;
}

}  // namespace

TEST_CASE("discards in one pass equal each discard priced alone", "[improving]") {
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    RandomHands random(rules, 31);
    int hands = 0;
    int compared = 0;
    for (int size = 2; size <= rules.hand_tiles(); size += 3) {
      for (int i = 0; i < kHandsPerSize; ++i, ++hands) {
        compared +=
            check_discards(rules, shaped_hand(rules, size, i, random), hands % kSearchEvery == 0);
      }
    }
    INFO("rules " << name);
    CHECK(compared > hands / 2);
  }
}

TEST_CASE("improving tiles in one pass equal the draws one by one", "[improving]") {
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    RandomHands random(rules, 29);
    Tally tally;
    int n = 0;
    for (int size = 1; size < rules.hand_tiles(); size += 3) {
      for (int i = 0; i < kHandsPerSize; ++i, ++n) {
        const Hand hand = shaped_hand(rules, size, i, random);
        check_hand(rules, hand, random, n % kSearchEvery == 0, tally);
      }
    }
    INFO("rules " << name);
    CHECK(tally.hands > 0);
    CHECK(tally.improving > tally.hands / 2);
  }
}
