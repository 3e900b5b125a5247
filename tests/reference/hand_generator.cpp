// Random hands for the differential tests: palettes, structured shapes, near misses, declared
// melds.

#include "reference/hand_generator.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "reference/ref_hand.hpp"

namespace meldgraph::testref {

HandGenerator::HandGenerator(const RuleSet& rules, RandomDraws& draws)
    : rules_(rules), draws_(draws) {
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (is_meldable(rules, t)) {
      all_.push_back(t);
      const TileInfo& info = rules.tile(static_cast<TileId>(t));
      const bool sequences = rules.suits()[info.suit].sequences;
      if (!sequences || info.rank == 1 || info.rank == 9) orphans_.push_back(t);
    } else {
      bonus_.push_back(t);
    }
  }
}

int HandGenerator::uniform(int lo, int hi) {
  return draws_.between(lo, hi);
}

bool HandGenerator::chance(double p) {
  return draws_.chance(p);
}

void HandGenerator::reset() {
  counts_.fill(0);
  naturals_ = 0;
}

void HandGenerator::avoid(std::uint64_t mask) {
  avoid_ = mask;
}

bool HandGenerator::avoided(int t) const {
  return t < 0 || ((avoid_ >> t) & 1U) != 0;
}

std::vector<int> HandGenerator::palette() {
  std::vector<int> out = palette_any();
  std::erase_if(out, [&](int t) { return avoided(t); });
  if (out.empty()) {
    for (const int t : all_) {
      if (!avoided(t)) out.push_back(t);
    }
  }
  if (out.empty()) out = all_;
  return out;
}

std::vector<int> HandGenerator::palette_any() {
  switch (uniform(0, 5)) {
    case 0: {  // one suit
      const int suit =
          rules_
              .tile(static_cast<TileId>(
                  all_[static_cast<std::size_t>(uniform(0, static_cast<int>(all_.size()) - 1))]))
              .suit;
      std::vector<int> out;
      for (const int t : all_) {
        if (rules_.tile(static_cast<TileId>(t)).suit == suit) out.push_back(t);
      }
      return out;
    }
    case 1: {  // a window of 5 consecutive kinds
      if (all_.size() <= 5) return all_;
      const int start = uniform(0, static_cast<int>(all_.size()) - 5);
      return std::vector<int>(all_.begin() + start, all_.begin() + start + 5);
    }
    case 2:
      return orphans_;
    default:
      return all_;
  }
}

int HandGenerator::held(int t) const {
  return counts_[static_cast<std::size_t>(t)] + reserved_[static_cast<std::size_t>(t)];
}

bool HandGenerator::add(int t, int n) {
  if (held(t) + n > copies_of(rules_, t)) return false;
  counts_[static_cast<std::size_t>(t)] =
      static_cast<std::uint8_t>(counts_[static_cast<std::size_t>(t)] + n);
  naturals_ += n;
  return true;
}

void HandGenerator::add_uniform(int n, const std::vector<int>& from) {
  std::vector<int> wall;
  for (const int t : from) {
    if (avoided(t)) continue;
    for (int c = held(t); c < copies_of(rules_, t); ++c) wall.push_back(t);
  }
  if (static_cast<int>(wall.size()) < n) {
    // Palette too small: widen to every tile; when even that runs out, add what is left (the
    // caller makes up the size with jokers).
    if (&from != &all_) {
      add_uniform(n, all_);
      return;
    }
    n = static_cast<int>(wall.size());
  }
  draws_.shuffle(wall.begin(), wall.end());
  for (int i = 0; i < n; ++i) add(wall[static_cast<std::size_t>(i)]);
}

void HandGenerator::add_group(int size, const std::vector<int>& from) {
  for (int attempt = 0; attempt < 30; ++attempt) {
    const int t = from[static_cast<std::size_t>(uniform(0, static_cast<int>(from.size()) - 1))];
    if (size == 2 || chance(0.4)) {
      if (add(t, size)) return;
      continue;
    }
    const int t2 = successor(rules_, t);
    const int t3 = t2 < 0 ? -1 : successor(rules_, t2);
    if (t3 < 0 || avoided(t2) || avoided(t3)) continue;
    if (held(t) < copies_of(rules_, t) && held(t2) < copies_of(rules_, t2) &&
        held(t3) < copies_of(rules_, t3)) {
      add(t);
      add(t2);
      add(t3);
      return;
    }
  }
  add_uniform(size, all_);
}

int HandGenerator::remove_naturals(int n) {
  int removed = 0;
  for (; removed < n && naturals_ > 0; ++removed) {
    int pick = uniform(0, naturals_ - 1);
    for (std::size_t t = 0; t < counts_.size(); ++t) {
      if (pick < counts_[t]) {
        --counts_[t];
        --naturals_;
        break;
      }
      pick -= counts_[t];
    }
  }
  return removed;
}

void HandGenerator::mutate(const std::vector<int>& from) {
  if (remove_naturals(1) == 1) add_uniform(1, chance(0.5) ? from : all_);
}

std::vector<int> HandGenerator::knit_pool(bool honours) {
  std::array<int, 3> knit{0, 1, 2};
  draws_.shuffle(knit.begin(), knit.end());
  std::vector<int> pool;
  std::size_t suit = 0;
  for (const SuitInfo& info : rules_.suits()) {
    if (info.bonus) continue;
    for (const std::uint8_t rank : info.ranks) {
      const int t = rules_.find_tile(info.letter, rank);
      if (info.sequences ? suit < 3 && (rank - 1) % 3 == knit[suit] : honours) pool.push_back(t);
    }
    suit += info.sequences ? 1 : 0;
  }
  return pool;
}

Hand HandGenerator::make(Shape shape, int size, int jokers, double mutate_chance) {
  reset();
  const std::vector<int> from = shape == Shape::orphans ? orphans_ : palette();
  switch (shape) {
    case Shape::uniform:
      add_uniform(size, from);
      break;
    case Shape::melds:
      for (int m = 0; m < (size - 2) / 3; ++m) add_group(3, from);
      add_group(2, from);
      break;
    case Shape::pairs:
      for (int p = 0; p < size / 2; ++p) add_group(2, from);
      if (size % 2 != 0) add_uniform(1, from);
      break;
    case Shape::pairs_pungs: {
      // Pungs and pairs (嚦咕嚦咕): an even number of tiles left for the pairs.
      std::vector<int> pungs;
      for (int k = 0; 3 * k <= size; ++k) {
        if ((size - 3 * k) % 2 == 0) pungs.push_back(k);
      }
      const int k = pungs[static_cast<std::size_t>(uniform(0, static_cast<int>(pungs.size()) - 1))];
      for (int m = 0; m < k; ++m) {
        const int t = from[static_cast<std::size_t>(uniform(0, static_cast<int>(from.size()) - 1))];
        if (!add(t, 3)) add_uniform(3, from);
      }
      for (int p = 0; p < (size - 3 * k) / 2; ++p) add_group(2, from);
      break;
    }
    case Shape::knitted: {
      // Half the time a knitted straight with melds and a pair, else distinct knit tiles and
      // honours (全不靠, 十六不搭).
      if (size >= 11 && (size - 11) % 3 == 0 && chance(0.5)) {
        for (const int t : knit_pool(false)) add(t);
        for (int m = 0; m < (size - 11) / 3; ++m) add_group(3, from);
        add_group(2, from);
      } else {
        std::vector<int> pool = knit_pool(true);
        draws_.shuffle(pool.begin(), pool.end());
        for (const int t : pool) {
          if (naturals_ < size) add(t);
        }
        add_uniform(size - naturals_, pool);
      }
      break;
    }
    case Shape::orphans: {
      std::vector<int> set = orphans_;
      draws_.shuffle(set.begin(), set.end());
      for (int i = 0; i < size - 1 && i < static_cast<int>(set.size()); ++i)
        add(set[static_cast<std::size_t>(i)]);
      add_uniform(size - naturals_, orphans_);
      break;
    }
  }
  if (chance(mutate_chance)) mutate(from);
  if (naturals_ > size - jokers) remove_naturals(naturals_ - (size - jokers));
  Hand hand;
  hand.counts = counts_;
  hand.jokers = static_cast<std::uint8_t>(size - naturals_);  // `jokers`, or more if short
  hand.wild_tiles = rules_.fixed_wild_tiles();
  return hand;
}

void HandGenerator::add_bonus(Hand& hand, int n) {
  for (int i = 0; i < n && !bonus_.empty(); ++i) {
    const int t = bonus_[static_cast<std::size_t>(uniform(0, static_cast<int>(bonus_.size()) - 1))];
    if (hand.counts[static_cast<std::size_t>(t)] < copies_of(rules_, t))
      ++hand.counts[static_cast<std::size_t>(t)];
  }
}

const std::vector<int>& HandGenerator::all() const {
  return all_;
}

std::vector<Group> HandGenerator::declare(int n, int& jokers_left) {
  reset();
  reserved_.fill(0);
  std::vector<Group> out;
  const bool joker_slots = rules_.wildcards().in_melds;
  for (int m = 0; m < n; ++m) {
    for (int attempt = 0; attempt < 30; ++attempt) {
      const int t = all_[static_cast<std::size_t>(uniform(0, static_cast<int>(all_.size()) - 1))];
      if (avoided(t)) continue;
      const int kind = uniform(0, 99);  // <40 pung, <70 chow, <85 kong, else concealed kong
      Group g;
      g.flags = kGroupDeclared;
      if (kind < 70 && kind >= 40) {
        const int t2 = successor(rules_, t);
        const int t3 = t2 < 0 ? -1 : successor(rules_, t2);
        if (t3 < 0 || avoided(t2) || avoided(t3)) continue;
        g.kind = GroupKind::chow;
        g.size = 3;
        g.tiles = {static_cast<TileId>(t), static_cast<TileId>(t2), static_cast<TileId>(t3),
                   kNoTile};
        // At most one joker: with two the parser reads a pung.
        if (joker_slots && jokers_left > 0 && chance(0.35))
          g.wild_mask = static_cast<std::uint8_t>(1U << uniform(0, 2));
      } else {
        g.kind = kind < 40 ? GroupKind::pung : GroupKind::kong;
        g.size = kind < 40 ? 3 : 4;
        if (kind >= 85) g.flags |= kGroupConcealed;
        const auto k = static_cast<TileId>(t);
        g.tiles = {k, k, k, g.size == 4 ? k : kNoTile};
        if (joker_slots && jokers_left > 0 && chance(0.35)) {
          const int wild = uniform(1, std::min(jokers_left, g.size - 1));  // one natural at least
          while (std::popcount(static_cast<unsigned>(g.wild_mask)) < wild) {
            g.wild_mask = static_cast<std::uint8_t>(g.wild_mask | (1U << uniform(0, g.size - 1)));
          }
        }
      }
      std::array<int, kMaxTileKinds> need{};
      bool fits = true;
      for (int slot = 0; slot < g.size; ++slot) {
        if (g.is_wild(slot)) continue;
        const int tile = g.tiles[static_cast<std::size_t>(slot)];
        if (held(tile) + ++need[static_cast<std::size_t>(tile)] > copies_of(rules_, tile))
          fits = false;
      }
      if (!fits) continue;
      for (int slot = 0; slot < g.size; ++slot) {
        if (!g.is_wild(slot)) ++reserved_[g.tiles[static_cast<std::size_t>(slot)]];
      }
      jokers_left -= g.wildcard_count();
      out.push_back(g);
      break;
    }
  }
  return out;
}

void HandGenerator::clear_reserved() {
  reserved_.fill(0);
}

}  // namespace meldgraph::testref
