/// Tile sets of conditions (predicates.hpp): the built-in classes, reading a class, a
/// user set, a suit letter or tile codes, and writing them back.

#include <algorithm>
#include <string>
#include <vector>

#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/loader/rule_writing.hpp"
#include "patterns/predicates.hpp"

namespace meldgraph::patterns {

using rule_file::fail;
using rule_file::Item;
using rule_file::Kind;
using rule_file::Value;

namespace {

constexpr std::string_view kClassNames[] = {
    "simples", "terminals", "honours",    "winds", "dragons", "terminals_or_honours",
    "value",   "seat_wind", "round_wind", "all"};

}  // namespace

std::span<const std::string_view> builtin_tile_classes() {
  return kClassNames;
}

TileSetRef builtin_tile_class(const TileTable& tiles, std::size_t index) {
  const TileClasses& c = tiles.tile_classes();
  TileSetRef set;
  set.name = static_cast<std::int16_t>(index);
  switch (index) {
    case 0:
      set.tiles = c.simples;
      break;
    case 1:
      set.tiles = c.terminals;
      break;
    case 2:
      set.tiles = c.honours;
      break;
    case 3:
      set.tiles = c.winds;
      break;
    case 4:
      set.tiles = c.dragons;
      break;
    case 5:
      set.tiles = c.terminals_or_honours;
      break;
    case 6:
      set.tiles = c.dragons;
      set.context = kSetSeatWind | kSetRoundWind;
      break;
    case 7:
      set.context = kSetSeatWind;
      break;
    case 8:
      set.context = kSetRoundWind;
      break;
    default:
      for (TileId t = 0; t < tiles.meldable_count(); ++t) set.tiles |= tile_bit(t);
      break;
  }
  return set;
}

TileSetRef read_tile_set(const Item& item, const ReadContext& context) {
  if (item.value.kind != Kind::scalar) {
    fail(item.value.where, "expected a tile class, a tile set or tile codes for '" + item.key +
                               "', got " + rule_file::describe(item.value));
  }
  const std::string& text = item.value.text;
  const auto& names = context.rules.set_names;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] != text) continue;
    if (i < std::size(kClassNames)) return builtin_tile_class(context.tiles, i);
    TileSetRef set;
    set.name = static_cast<std::int16_t>(i);
    const std::size_t user = i - std::size(kClassNames);
    if (user < context.rules.tile_sets.size()) {
      set.tiles = context.rules.tile_sets[user].second;
    } else {
      // A suit letter, after the user sets.
      const int suit = context.tiles.find_suit(text[0]);
      set.tiles = context.tiles.tile_classes().of_suit[static_cast<std::size_t>(suit)];
    }
    return set;
  }
  const bool codes = !text.empty() && text[0] >= '0' && text[0] <= '9';
  if (!codes) {
    std::vector<std::string_view> valid(names.begin(), names.end());
    fail(item.value.where, "unknown tile set '" + text + "' for '" + item.key + "'" +
                               rule_file::did_you_mean(text, valid) +
                               " (valid: " + rule_file::word_list(valid) + ", or tile codes)");
  }
  TileSetRef set;
  for (const rule_file::TileRef& ref : rule_file::read_tile_codes(item, item.key)) {
    const TileId tile = context.tiles.find_tile(ref.letter, ref.rank);
    if (tile == kNoTile || tile >= context.tiles.meldable_count()) {
      std::string message = "'";  // appended: GCC 12 warns falsely on "'" + std::string
      message += ref.code();
      message += "' in '" + item.key + "' is not a meldable tile";
      fail(ref.where, message);
    }
    set.tiles |= tile_bit(tile);
  }
  return set;
}

std::string tiles_text(const TileTable& table, TileMask tiles) {
  std::string out;
  char letter = 0;
  for (TileId t = 0; t < table.tile_count(); ++t) {
    if ((tiles & tile_bit(t)) == 0) continue;
    const TileInfo& info = table.tile(t);
    if (letter != 0 && info.letter != letter) out += letter;
    letter = info.letter;
    out += static_cast<char>('0' + info.rank);
  }
  if (letter != 0) out += letter;
  return rule_file::yaml_quoted(out);
}

std::string write_tile_set(const TileSetRef& set, const WriteContext& context) {
  if (set.name >= 0) return context.patterns.set_names[static_cast<std::size_t>(set.name)];
  return tiles_text(context.rules.tile_table(), set.tiles);
}
}  // namespace meldgraph::patterns
