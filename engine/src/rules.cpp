#include <algorithm>
#include <string>

#include "meldgraph/error.hpp"
#include "meldgraph/rules.hpp"

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

RuleSet::RuleSet(Data data) : data_(std::move(data)) {
  by_letter_rank_.fill(kNoTile);
  // Step 1. Tile table: meldable suits first, then bonus suits, each in declaration order.
  for (const bool bonus_pass : {false, true}) {
    for (std::size_t s = 0; s < data_.suits.size(); ++s) {
      const SuitInfo& suit = data_.suits[s];
      if (suit.bonus != bonus_pass) continue;
      for (const std::uint8_t rank : suit.ranks) {
        if (tiles_.size() >= kMaxTileKinds) {
          throw RuleError("rule set '" + data_.name + "' declares more than " +
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
  // Step 2. Sequence neighbours: rank + 1 of the same suit, where the suit forms sequences.
  for (std::size_t t = 0; t < tiles_.size(); ++t) {
    TileInfo& info = tiles_[t];
    if (!data_.suits[info.suit].sequences) continue;
    info.next = find_tile(info.letter, info.rank + 1);
    info.previous = find_tile(info.letter, info.rank - 1);
  }
  derive_tile_classes();
  // Step 3. Fixed wildcard kinds and per-form derived sizes.
  for (const TileId wild : data_.wildcards.tiles) fixed_wild_ |= tile_bit(wild);
  for (FormSpec& form : data_.forms) {
    switch (form.type) {
      case FormType::pairs:
        form.hand_tiles = static_cast<std::uint8_t>(2 * form.pairs + 3 * form.pungs);
        break;
      case FormType::set:
        form.hand_tiles = static_cast<std::uint8_t>(form.set_tiles.size() + 1);
        break;
      case FormType::singles:
        break;  // read from the rule file
      case FormType::melds:
      case FormType::knitted:
      case FormType::wildcards:
        form.hand_tiles = 0;
        break;
    }
  }
}

void RuleSet::derive_tile_classes() {
  classes_.of_suit.assign(data_.suits.size(), 0);
  for (TileId t = 0; t < meldable_count_; ++t) {
    const TileInfo& info = tiles_[t];
    const SuitInfo& suit = data_.suits[info.suit];
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
}

TileId RuleSet::find_tile(char letter, int rank) const {
  const auto index = static_cast<unsigned char>(letter);
  if (index >= 128 || rank < 0 || rank > 9) return kNoTile;
  return by_letter_rank_[index * 10U + static_cast<unsigned>(rank)];
}

TileId RuleSet::indicated_tile(TileId tile) const {
  for (const std::vector<TileId>& cycle : data_.wildcards.indicator.cycles) {
    const auto at = std::find(cycle.begin(), cycle.end(), tile);
    if (at != cycle.end()) return at + 1 == cycle.end() ? cycle.front() : *(at + 1);
  }
  const TileInfo& info = tiles_[tile];
  const SuitInfo& suit = data_.suits[info.suit];
  const std::vector<std::uint8_t>* cycle = &suit.ranks;
  if (data_.wildcards.indicator.by_group) {
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

int RuleSet::find_suit(char letter) const {
  for (std::size_t s = 0; s < data_.suits.size(); ++s) {
    if (data_.suits[s].letter == letter) return static_cast<int>(s);
  }
  return -1;
}

}  // namespace meldgraph
