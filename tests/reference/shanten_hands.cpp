// Random hands for the shanten cross-checks (see shanten_hands.hpp).

#include "reference/shanten_hands.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "meldgraph/model/rules.hpp"

namespace meldgraph::testref {

HandMaker::HandMaker(const RuleSet& rules, std::uint32_t seed) : rules_(rules), draws_(seed) {
  for (const FormSpec& form : rules.forms()) {
    knit_bias_ = knit_bias_ || form.type == FormType::knitted || form.type == FormType::singles;
  }
}

HandMaker::Made HandMaker::make(int size, int max_jokers, int max_declared, bool choose_wild) {
  Made made;
  available_.assign(rules_.meldable_count(), 0);
  for (TileId t = 0; t < rules_.meldable_count(); ++t) available_[t] = rules_.tile(t).copies;
  jokers_left_ = std::min<int>(max_jokers, rules_.wildcards().jokers);
  std::string melds;
  const int declared = max_declared == 0 ? 0 : pick(0, std::min(max_declared, (size - 1) / 3));
  for (int m = 0; m < declared; ++m) melds += declared_meld();
  int concealed = size - 3 * (static_cast<int>(std::count(melds.begin(), melds.end(), '[')) +
                              static_cast<int>(std::count(melds.begin(), melds.end(), '(')));
  const int jokers = pick(0, std::min(jokers_left_, concealed));
  concealed -= jokers;
  std::vector<TileId> tiles;
  if (knit_bias_ && pick(0, 3) != 0) {
    knitted_tiles(concealed, tiles);
    grouped_tiles(concealed, tiles);
  } else if (pick(0, 1) == 0) {
    grouped_tiles(concealed, tiles);
  }
  while (static_cast<int>(tiles.size()) < concealed) {
    if (pick(0, 9) == 0 && concealed - static_cast<int>(tiles.size()) >= 4) {
      const TileId t = random_tile();  // four of a kind
      if (available_[t] == rules_.tile(t).copies && available_[t] >= 4) {
        for (int k = 0; k < 4; ++k) take(t, tiles);
        continue;
      }
    }
    const TileId t = random_tile();
    if (available_[t] > 0) take(t, tiles);
  }
  for (const TileId t : tiles) made.text += rules_.tile(t).code;
  made.text += std::string(static_cast<std::size_t>(jokers), '*');
  made.text += melds;
  if (choose_wild && pick(0, 3) == 0) made.wild = tile_bit(random_tile());
  return made;
}

int HandMaker::pick(int low, int high) {
  return draws_.between(low, high);
}

TileId HandMaker::random_tile() {
  return static_cast<TileId>(pick(0, rules_.meldable_count() - 1));
}

void HandMaker::take(TileId t, std::vector<TileId>& tiles) {
  --available_[t];
  tiles.push_back(t);
}

void HandMaker::knitted_tiles(int count, std::vector<TileId>& tiles) {
  std::array<int, 3> knit{0, 1, 2};
  draws_.shuffle(knit.begin(), knit.end());
  std::vector<TileId> pool;
  std::size_t suit = 0;
  for (const SuitInfo& info : rules_.suits()) {
    if (info.bonus) continue;
    for (const std::uint8_t rank : info.ranks) {
      const TileId t = rules_.find_tile(info.letter, rank);
      if (!info.sequences || (suit < 3 && knit_class(rank) == knit[suit])) pool.push_back(t);
    }
    suit += info.sequences ? 1 : 0;
  }
  // Half the time the nine knit tiles first (the knitted straight), else distinct tiles.
  const bool straight = pick(0, 1) == 0 && count >= 9;
  std::stable_partition(pool.begin(), pool.end(), [&](TileId t) {
    return rules_.suits()[rules_.tile(t).suit].sequences == straight;
  });
  draws_.shuffle(pool.begin() + (straight ? 9 : 0), pool.end());
  if (!straight) draws_.shuffle(pool.begin(), pool.end());
  const int want = straight ? 9 : count - pick(0, 2);
  for (const TileId t : pool) {
    if (static_cast<int>(tiles.size()) >= want) break;
    if (available_[t] > 0) take(t, tiles);
  }
}

void HandMaker::grouped_tiles(int count, std::vector<TileId>& tiles) {
  for (int attempt = 0; attempt < 40 && static_cast<int>(tiles.size()) < count; ++attempt) {
    const TileId t = random_tile();
    const TileInfo& info = rules_.tile(t);
    const int room = count - static_cast<int>(tiles.size());
    const int shape = tiles.empty() ? 0 : pick(0, 2);  // pair, pung, chow
    if (shape == 2) {
      const TileId second = info.next;
      const TileId third = second == kNoTile ? kNoTile : rules_.tile(second).next;
      if (third == kNoTile || room < 3 || available_[t] == 0 || available_[second] == 0 ||
          available_[third] == 0) {
        continue;
      }
      for (const TileId c : {t, second, third}) take(c, tiles);
      continue;
    }
    const int size = shape == 0 ? 2 : 3;
    if (room < size || available_[t] < size) continue;
    for (int k = 0; k < size; ++k) take(t, tiles);
  }
  for (int swaps = pick(0, 2); swaps > 0 && !tiles.empty(); --swaps) {
    const auto index = static_cast<std::size_t>(pick(0, static_cast<int>(tiles.size()) - 1));
    ++available_[tiles[index]];
    tiles.erase(tiles.begin() + static_cast<std::ptrdiff_t>(index));
  }
}

std::string HandMaker::declared_meld() {
  for (int attempt = 0; attempt < 20; ++attempt) {
    const TileId t = random_tile();
    const TileInfo& info = rules_.tile(t);
    const int shape = pick(0, 3);  // pung, chow, exposed kong, concealed kong
    std::vector<TileId> tiles;
    if (shape == 1) {
      const TileId second = info.next;
      const TileId third = second == kNoTile ? kNoTile : rules_.tile(second).next;
      if (third == kNoTile) continue;
      tiles = {t, second, third};
    } else {
      tiles.assign(shape == 0 ? 3 : 4, t);
    }
    std::vector<int> need(rules_.meldable_count(), 0);
    bool fits = true;
    for (const TileId c : tiles) fits = fits && ++need[c] <= available_[c];
    if (!fits) continue;
    // A joker in a pung or chow, where the rules allow it.
    const int joker_slot =
        shape <= 1 && rules_.wildcards().in_melds && jokers_left_ > 0 && pick(0, 3) == 0
            ? pick(0, 2)
            : -1;
    std::string text(1, shape == 3 ? '(' : '[');
    for (std::size_t slot = 0; slot < tiles.size(); ++slot) {
      if (static_cast<int>(slot) == joker_slot) {
        text += '*';
        --jokers_left_;
        continue;
      }
      --available_[tiles[slot]];
      text += static_cast<char>('0' + rules_.tile(tiles[slot]).rank);
    }
    text += info.letter;
    text += shape == 3 ? ')' : ']';
    return text;
  }
  return "";
}

}  // namespace meldgraph::testref
