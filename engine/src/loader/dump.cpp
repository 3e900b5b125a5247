/// dump_rules: a RuleSet written back as a complete YAML rule file, and the small YAML writers
/// it shares with the form types' writers (rule_writing.hpp).

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "forms.hpp"
#include "meldgraph/loader/loader.hpp"
#include "meldgraph/loader/rule_writing.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

namespace rule_file {

/// A double-quoted YAML string; always quoted so that no text reads back as another type.
std::string yaml_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

/// Names are [a-z0-9_-]+ and read back as plain scalars, except those YAML reads as null or as
/// the start of a list.
std::string name_text(std::string_view name) {
  if (name == "null" || name.starts_with('-')) return yaml_quoted(name);
  return std::string(name);
}

std::string bool_text(bool value) {
  return value ? "true" : "false";
}

std::string rank_list(const std::vector<std::uint8_t>& ranks) {
  std::string out = "[";
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(ranks[i]);
  }
  return out + "]";
}

std::string tile_list(const RuleSet& rules, const std::vector<TileId>& tiles) {
  std::string out = "[";
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i > 0) out += ", ";
    out += yaml_quoted(rules.tile(tiles[i]).code);
  }
  return out + "]";
}

}  // namespace rule_file

namespace {

using rule_file::bool_text;
using rule_file::name_text;
using rule_file::rank_list;
using rule_file::tile_list;
using rule_file::yaml_quoted;

std::string single_line(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return text;
}

/// The meldable tiles of `mask`, as a YAML list of codes.
std::string mask_list(const RuleSet& rules, TileMask mask) {
  std::vector<TileId> list;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((mask & tile_bit(t)) != 0) list.push_back(t);
  }
  return tile_list(rules, list);
}

void write_header(const RuleSet::Data& data, std::string& out) {
  out += "# Rule set '" + data.name + "' as loaded from " + single_line(data.source) + ".\n";
  out += "# Written by `meldgraph rules dump`: every key is spelt out, defaults included, and\n";
  out += "# the rule sets it extends are merged in, so this document stands alone.\n";
  out += "name: " + name_text(data.name) + "\n";
  out += "description: " + yaml_quoted(data.description) + "\n";
  out += "players: " + std::to_string(data.players) + "\n";
}

/// One suit of tiles.suits (or, `bonus`, of tiles.bonus).
void write_suit(const SuitInfo& suit, bool bonus, std::string& out) {
  out += "    - letter: " + std::string(1, suit.letter) + "\n";
  out += "      name: " + yaml_quoted(suit.name) + "\n";
  out += "      ranks: " + rank_list(suit.ranks) + "\n";
  if (!bonus) out += "      sequences: " + bool_text(suit.sequences) + "\n";
  out += "      copies: " + std::to_string(suit.copies) + "\n";
  if (bonus) return;
  out += "      red_fives: " + std::to_string(suit.red_fives) + "\n";
  out += suit.groups.empty() ? "      groups: {}\n" : "      groups:\n";
  for (const auto& [group, ranks] : suit.groups) {
    out += "        " + name_text(group) + ": " + rank_list(ranks) + "\n";
  }
}

void write_tiles(const RuleSet::Data& data, std::string& out) {
  // tiles.copies is not kept in Data (each suit carries its own); any value reloads the same
  // because every suit below states its copies. The first suit's keeps the file natural.
  out += "tiles:\n";
  out += "  copies: " + std::to_string(data.suits.empty() ? 4 : data.suits.front().copies) + "\n";
  for (const bool bonus : {false, true}) {
    const bool any = std::any_of(data.suits.begin(), data.suits.end(),
                                 [&](const SuitInfo& suit) { return suit.bonus == bonus; });
    out += bonus ? "  bonus:" : "  suits:";
    out += any ? "\n" : " []\n";
    for (const SuitInfo& suit : data.suits) {
      if (suit.bonus == bonus) write_suit(suit, bonus, out);
    }
  }
}

void write_hand(const RuleSet& rules, const RuleSet::Data& data, std::string& out) {
  out += "hand:\n";
  out += "  tiles: " + std::to_string(data.hand_tiles) + "\n";
  out += "  exhausted_waits: " + bool_text(data.exhausted_waits) + "\n";
  out += "  missing_suits: " + std::to_string(data.missing_suits) + "\n";
  out += "  forbidden_tiles: " + mask_list(rules, data.forbidden_tiles) + "\n";
}

/// wildcards.stand_ins as resolved masks, one entry per wildcard that is not unrestricted;
/// nothing when no wildcard is restricted.
void write_stand_ins(const RuleSet& rules, const WildcardRules& wild, std::string& out) {
  if (!wild.restricted) return;
  TileMask all = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) all |= tile_bit(t);
  out += "  stand_ins:\n";
  if (wild.jokers > 0 && wild.joker_stand_ins != all) {
    out += "    joker: " + mask_list(rules, wild.joker_stand_ins) + "\n";
  }
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if (wild.tile_stand_ins[t] != all) {
      out += "    " + yaml_quoted(rules.tile(t).code) + ": " +
             mask_list(rules, wild.tile_stand_ins[t]) + "\n";
    }
  }
}

void write_wildcards(const RuleSet& rules, const WildcardRules& wild, std::string& out) {
  out += "wildcards:\n";
  out += "  jokers: " + std::to_string(wild.jokers) + "\n";
  out += "  tiles: " + tile_list(rules, wild.tiles) + "\n";
  out += "  per_hand: " + bool_text(wild.per_hand) + "\n";
  out += "  per_hand_bonus: " + bool_text(wild.per_hand_bonus) + "\n";
  out += "  bonus_as_flowers: " + bool_text(wild.bonus_as_flowers) + "\n";
  out += "  exceed_copies: " + bool_text(wild.exceed_copies) + "\n";
  out += "  in_melds: " + bool_text(wild.in_melds) + "\n";
  out += "  max_in_win: " + std::to_string(wild.max_in_win) + "\n";
  out += "  natural_use: " + bool_text(wild.natural_use) + "\n";
  out += "  indicator:\n";
  out += "    enabled: " + bool_text(wild.indicator.enabled) + "\n";
  out += std::string("    cycle: ") + (wild.indicator.by_group ? "group" : "suit") + "\n";
  out += "    include_indicator: " + bool_text(wild.indicator.include_indicator) + "\n";
  out += wild.indicator.cycles.empty() ? "    cycles: []\n" : "    cycles:\n";
  for (const std::vector<TileId>& cycle : wild.indicator.cycles) {
    std::string codes;
    for (const TileId t : cycle) codes += rules.tile(t).code;
    out += "      - \"" + codes + "\"\n";
  }
  write_stand_ins(rules, wild, out);
}

void write_calls(const RuleSet& rules, const CallRules& calls, std::string& out) {
  out += "calls:\n";
  out += "  chows: " + bool_text(calls.chows) + "\n";
  if (calls.set_aside == kNoTile) return;
  out += "  set_aside:\n";
  out += "    tile: " + yaml_quoted(rules.tile(calls.set_aside).code) + "\n";
  out += "    max: " + std::to_string(calls.set_aside_max) + "\n";
  out += "    after_kong: " + bool_text(calls.set_aside_after_kong) + "\n";
}

void write_forms(const RuleSet& rules, const RuleSet::Data& data, std::string& out) {
  out += data.forms.empty() ? "forms: {}\n" : "forms:\n";
  for (const FormSpec& form : data.forms) {
    out += "  " + name_text(form.name) + ":\n";
    const rule_file::FormTypeInfo& type = rule_file::form_type_info(form.type);
    out += "    type: " + std::string(type.name) + "\n";
    // A scored_only form is switched off in the frozen rule set (FormSpec::scored_only) but
    // was written enabled.
    out += "    enabled: " + bool_text(form.enabled || form.scored_only) + "\n";
    out += "    wildcards: " + bool_text(form.wildcards) + "\n";
    if (form.max_wildcards != FormSpec::kInheritWildcardCap && form.type != FormType::wildcards) {
      out += "    max_wildcards: " + std::to_string(form.max_wildcards) + "\n";
    }
    if (form.scored_only) out += "    scored_only: true\n";
    type.write(rules, form, out);
  }
}

}  // namespace

std::string dump_rules(const RuleSet& rules) {
  const RuleSet::Data& data = rules.data();
  std::string out;
  write_header(data, out);
  write_tiles(data, out);
  write_hand(rules, data, out);
  write_wildcards(rules, data.wildcards, out);
  write_calls(rules, data.calls, out);
  write_forms(rules, data, out);
  for (const auto& [key, section] : data.sections) section->write_yaml(rules, out);
  return out;
}

}  // namespace meldgraph
