/// The tile table (tile_table.hpp): tiles laid out from the suits, and the facts derived from them.

#include "meldgraph/model/tile_table.hpp"

#include <algorithm>
#include <string>

#include "meldgraph/model/error.hpp"

namespace meldgraph {
namespace {

/// Unicode mahjong tile for the standard letters; empty when the block has no such tile.
std::string standard_glyph(char letter, int rank) {
  int code_point = 0;
  switch (letter) {
    case 'm':
      code_point = rank >= 1 && rank <= 9 ? 0x1F007 + rank - 1 : 0;
      break;
    case 's':
      code_point = rank >= 1 && rank <= 9 ? 0x1F010 + rank - 1 : 0;
      break;
    case 'p':
      code_point = rank >= 1 && rank <= 9 ? 0x1F019 + rank - 1 : 0;
      break;
    case 'z': {
      // 1z-7z: East South West North White Green Red; the Unicode block orders the dragons
      // Red, Green, White.
      static constexpr int kHonours[] = {0x1F000, 0x1F001, 0x1F002, 0x1F003,
                                         0x1F006, 0x1F005, 0x1F004};
      code_point = rank >= 1 && rank <= 7 ? kHonours[rank - 1] : 0;
      break;
    }
    case 'f': {
      // 1f-4f flowers plum, orchid, chrysanthemum, bamboo; 5f-8f seasons spring to winter.
      static constexpr int kBonus[] = {0x1F022, 0x1F023, 0x1F025, 0x1F024,
                                       0x1F026, 0x1F027, 0x1F028, 0x1F029};
      code_point = rank >= 1 && rank <= 8 ? kBonus[rank - 1] : 0;
      break;
    }
    default:
      break;
  }
  if (code_point == 0) return {};
  std::string out;
  out += static_cast<char>(0xF0 | (code_point >> 18));
  out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
  out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
  out += static_cast<char>(0x80 | (code_point & 0x3F));
  return out;
}

}  // namespace

TileTable::TileTable(std::vector<SuitInfo> suits, const std::string& rule_set)
    : suits_(std::move(suits)) {
  by_letter_rank_.fill(kNoTile);
  lay_out_tiles(rule_set);
  derive_tile_classes();
  derive_suit_layouts();
  derive_knit_suits();
}

void TileTable::lay_out_tiles(const std::string& rule_set) {
  // Meldable suits first, then bonus suits, each in declaration order.
  for (const bool bonus_pass : {false, true}) {
    for (std::size_t s = 0; s < suits_.size(); ++s) {
      const SuitInfo& suit = suits_[s];
      if (suit.bonus != bonus_pass) continue;
      for (const std::uint8_t rank : suit.ranks) {
        if (tiles_.size() >= kMaxTileKinds) {
          throw RuleError("rule set '" + rule_set + "' declares more than " +
                          std::to_string(kMaxTileKinds) + " tile kinds");
        }
        TileInfo info;
        info.letter = suit.letter;
        info.rank = rank;
        info.suit = static_cast<std::uint8_t>(s);
        info.copies = suit.copies;
        info.bonus = suit.bonus;
        info.code = std::string(1, static_cast<char>('0' + rank)) + suit.letter;
        info.glyph = standard_glyph(suit.letter, rank);
        if (info.glyph.empty()) info.glyph = info.code;
        const auto id = static_cast<TileId>(tiles_.size());
        by_letter_rank_[static_cast<std::size_t>(suit.letter) * 10 + rank] = id;
        tiles_.push_back(std::move(info));
      }
      if (!bonus_pass) meldable_count_ = static_cast<TileId>(tiles_.size());
    }
  }
  // Sequence neighbours: rank + 1 of the same suit, where the suit forms sequences.
  for (std::size_t t = 0; t < tiles_.size(); ++t) {
    TileInfo& info = tiles_[t];
    if (!suits_[info.suit].sequences) continue;
    info.next = find_tile(info.letter, info.rank + 1);
    info.previous = find_tile(info.letter, info.rank - 1);
  }
}

void TileTable::derive_suit_layouts() {
  for (TileId t = 0; t < meldable_count_; ++t) {
    const TileInfo& info = tiles_[t];
    if (t == 0 || info.suit != tiles_[t - 1].suit) {
      SuitLayout layout;
      layout.suit = info.suit;
      layout.first = t;
      layout.sequences = suits_[info.suit].sequences;
      layout.copies = info.copies;
      layouts_.push_back(layout);
    }
    SuitLayout& layout = layouts_.back();
    if (info.copies != layout.copies) layout.copies = 0;
    if (info.next != kNoTile) layout.chows = true;
    ++layout.ranks;
  }
  for (SuitLayout& layout : layouts_) {
    bool shape = layout.ranks <= kRegularSuitMaxRanks && layout.copies >= 1 &&
                 layout.copies <= kRegularSuitMaxCopies;
    for (int r = 0; shape && r < layout.ranks; ++r) {
      const auto t = static_cast<TileId>(layout.first + r);
      const bool last = r + 1 == layout.ranks;
      // The table's chows are of consecutive ranks, and only in suits that have some.
      const TileId expected = layout.chows && !last ? static_cast<TileId>(t + 1) : kNoTile;
      shape = tiles_[t].next == expected;
    }
    layout.regular = shape;
  }
}

void TileTable::derive_knit_suits() {
  for (std::size_t s = 0; s < suits_.size(); ++s) {
    if (suits_[s].sequences && !suits_[s].bonus) knit_suits_.suits.push_back(s);
  }
  bool complete = knit_suits_.suits.size() == kKnitClasses;
  for (std::size_t k = 0; complete && k < kKnitClasses; ++k) {
    const SuitInfo& suit = suits_[knit_suits_.suits[k]];
    const TileId first = find_tile(suit.letter, 1);
    complete = first != kNoTile && suit.ranks.size() == 9;
    for (int rank = 1; complete && rank <= 9; ++rank) {
      complete = find_tile(suit.letter, rank) == first + rank - 1;
    }
    knit_suits_.first[k] = first;
  }
  knit_suits_.complete = complete;
  if (!complete) knit_suits_.first = {};
}

void TileTable::derive_tile_classes() {
  classes_.of_suit.assign(suits_.size(), 0);
  for (TileId t = 0; t < meldable_count_; ++t) {
    const TileInfo& info = tiles_[t];
    const SuitInfo& suit = suits_[info.suit];
    const TileMask bit = tile_bit(t);
    classes_.of_suit[info.suit] |= bit;
    if (!suit.sequences) {
      classes_.honours |= bit;
    } else if (info.rank == suit.ranks.front() || info.rank == suit.ranks.back()) {
      classes_.terminals |= bit;
    } else {
      classes_.simples |= bit;
    }
    for (const auto& [group_name, ranks] : suit.groups) {
      if (std::find(ranks.begin(), ranks.end(), info.rank) == ranks.end()) continue;
      if (group_name == "winds") classes_.winds |= bit;
      if (group_name == "dragons") classes_.dragons |= bit;
    }
  }
  classes_.terminals_or_honours = classes_.terminals | classes_.honours;
  // The wind tiles: the first rank group named `winds` of four or more ranks, E S W N in order.
  classes_.wind_tiles.fill(kNoTile);
  bool found = false;
  for (const SuitInfo& suit : suits_) {
    for (const auto& [group_name, ranks] : suit.groups) {
      if (found || group_name != "winds" || ranks.size() < 4) continue;
      for (std::size_t w = 0; w < classes_.wind_tiles.size(); ++w) {
        classes_.wind_tiles[w] = find_tile(suit.letter, ranks[w]);
      }
      found = true;
    }
  }
}

TileId TileTable::find_tile(char letter, int rank) const {
  const auto index = static_cast<unsigned char>(letter);
  if (index >= 128 || rank < 0 || rank > 9) return kNoTile;
  return by_letter_rank_[index * 10U + static_cast<unsigned>(rank)];
}

int TileTable::find_suit(char letter) const {
  for (std::size_t s = 0; s < suits_.size(); ++s) {
    if (suits_[s].letter == letter) return static_cast<int>(s);
  }
  return -1;
}

TileId TileTable::next_in_cycle(TileId tile, bool by_group,
                                std::span<const std::vector<TileId>> cycles) const {
  for (const std::vector<TileId>& cycle : cycles) {
    const auto at = std::find(cycle.begin(), cycle.end(), tile);
    if (at != cycle.end()) return at + 1 == cycle.end() ? cycle.front() : *(at + 1);
  }
  const TileInfo& info = tiles_[tile];
  const SuitInfo& suit = suits_[info.suit];
  const std::vector<std::uint8_t>* cycle = &suit.ranks;
  if (by_group) {
    for (const auto& [group_name, ranks] : suit.groups) {
      if (std::find(ranks.begin(), ranks.end(), info.rank) != ranks.end()) {
        cycle = &ranks;
        break;
      }
    }
  }
  const auto at = std::find(cycle->begin(), cycle->end(), info.rank);
  const std::uint8_t next =
      (at == cycle->end() || at + 1 == cycle->end()) ? cycle->front() : *(at + 1);
  return find_tile(info.letter, next);
}

}  // namespace meldgraph
