/// The sections of a rule file (tiles, hand, wildcards) read into RuleSet::Data, and the checks
/// between them (interpreter.hpp). The forms are read in forms.cpp.

#include "interpreter.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph::rule_file {

RuleSet::Data Interpreter::run(const std::string& source) {
  std::vector<std::string_view> keys{"name", "description", "players", "tiles",
                                     "hand", "wildcards",   "calls",   "forms"};
  for (const SectionReader& section : sections_) keys.push_back(section.key);
  check_keys(root_, std::span<const std::string_view>(keys), "the rule set", diagnostics_);
  data_.source = source;
  // `name` is known to exist and be valid: every file was checked before merging.
  if (const Item* name = root_.find("name")) data_.name = name->value.text;
  if (const Item* description = root_.find("description")) {
    diagnostics_.attempt([&] { data_.description = read_string(*description); });
  }
  // Every later step resolves tile codes against the tile set. An unknown key in it is only
  // reported; a suit or count that does not read ends the reading.
  if (!diagnostics_.attempt([&] { read_tiles(); }) || !tiles_usable_) return std::move(data_);
  diagnostics_.attempt([&] { read_hand(); });
  if (const Item* players = root_.find("players")) {
    diagnostics_.attempt(
        [&] { data_.players = static_cast<std::uint8_t>(read_int(*players, 3, 4)); });
  }
  try {
    tiles_.emplace(data_.suits, data_.name);
  } catch (const RuleError& e) {
    diagnostics_.add(Problem{document_, e.what()});
    return std::move(data_);
  }
  diagnostics_.attempt([&] { read_forbidden_tiles(); });
  diagnostics_.attempt([&] { read_wildcards(); });
  diagnostics_.attempt([&] { read_calls(); });
  diagnostics_.attempt([&] { read_forms(); });
  if (!diagnostics_.empty()) return std::move(data_);
  // A section may name a form, so the sections come after them.
  read_sections();
  if (!diagnostics_.empty()) return std::move(data_);
  diagnostics_.attempt([&] { check_missing_suits(); });
  diagnostics_.attempt([&] { check_stand_ins(); });
  return std::move(data_);
}

void Interpreter::read_sections() {
  const SectionContext context{*tiles_, data_.forms, diagnostics_, document_};
  for (const SectionReader& reader : sections_) {
    if (reader.read == nullptr) continue;
    diagnostics_.attempt([&] {
      std::shared_ptr<const RuleSection> section = reader.read(context, root_.find(reader.key));
      if (section != nullptr) data_.sections.emplace_back(reader.key, std::move(section));
    });
  }
}

Where Interpreter::last_of(std::initializer_list<const Where*> places) const {
  const Where* best = nullptr;
  for (const Where* place : places) {
    if (place != nullptr && (best == nullptr || later(*place, *best))) best = place;
  }
  return best != nullptr ? *best : document_;
}

void Interpreter::read_tiles() {
  const Item* tiles = root_.find("tiles");
  if (tiles == nullptr) fail(document_, "the rule set declares no meldable suits (tiles.suits)");
  const Value& map = expect_map(*tiles);
  check_keys(map, {"copies", "suits", "bonus"}, "tiles", diagnostics_);
  int copies = 4;
  const Item* copies_item = map.find("copies");
  if (copies_item != nullptr) {
    tiles_usable_ = diagnostics_.attempt([&] { copies = read_int(*copies_item, 1, 8); });
  }
  tiles_copies_where_ = key_where(copies_item);

  const Item* suits = map.find("suits");
  const Item* bonus = map.find("bonus");
  std::vector<SuitInfo> meldable;
  std::vector<SuitInfo> bonus_suits;
  const bool meldable_read =
      diagnostics_.attempt([&] { meldable = read_suit_list(suits, "tiles.suits", false, copies); });
  const bool bonus_read = diagnostics_.attempt(
      [&] { bonus_suits = read_suit_list(bonus, "tiles.bonus", true, copies); });
  const bool lists_read = meldable_read && bonus_read;
  // A suit in error is left out; counting what is left would only add wrong problems.
  tiles_usable_ = tiles_usable_ && lists_read;
  if (!tiles_usable_) return;
  if (meldable.empty()) {
    fail(suits != nullptr ? suits->key_where : tiles->key_where,
         "the rule set declares no meldable suits (tiles.suits)");
  }

  std::size_t kinds = 0;
  for (const auto* list : {&meldable, &bonus_suits}) {
    for (const SuitInfo& suit : *list) kinds += suit.ranks.size();
  }
  if (kinds > kMaxTileKinds) {
    fail(last_of({key_where(suits), key_where(bonus)}),
         "the rule set declares " + std::to_string(kinds) + " tile kinds, more than " +
             std::to_string(kMaxTileKinds));
  }
  // Meldable suits first: the tile table numbers them first anyway, and dump_rules relies on
  // the order to write them back into the right list.
  data_.suits = std::move(meldable);
  for (SuitInfo& suit : bonus_suits) data_.suits.push_back(std::move(suit));
}

std::vector<SuitInfo> Interpreter::read_suit_list(const Item* list, const std::string& path,
                                                  bool bonus, int default_copies) {
  std::vector<SuitInfo> suits;
  if (list == nullptr) return suits;
  if (list->value.kind != Kind::list) {
    fail(list->value.where,
         "expected a list of suits for '" + list->key + "', got " + describe(list->value));
  }
  for (std::size_t i = 0; i < list->value.elements.size(); ++i) {
    const bool read = diagnostics_.attempt([&] {
      suits.push_back(read_suit(list->value.elements[i], path + "[" + std::to_string(i) + "]",
                                bonus, default_copies));
    });
    tiles_usable_ = tiles_usable_ && read;
  }
  return suits;
}

SuitInfo Interpreter::read_suit(const Value& value, const std::string& path, bool bonus,
                                int default_copies) {
  if (value.kind != Kind::map) {
    fail(value.where, "expected a map for " + path + ", got " + describe(value));
  }
  if (bonus) {
    check_keys(value, {"letter", "name", "ranks", "copies"}, path, diagnostics_);
  } else {
    check_keys(value, {"letter", "name", "ranks", "sequences", "copies", "red_fives", "groups"},
               path, diagnostics_);
  }
  SuitInfo suit;
  suit.bonus = bonus;
  // Past the letter (which every later message names), each value is read on its own so that
  // every bad one of the suit is reported; a suit with any leaves the tile set unusable.
  const std::size_t before = diagnostics_.count();
  suit.letter = read_suit_letter(value, path);
  if (const Item* name = value.find("name")) {
    diagnostics_.attempt([&] { suit.name = read_string(*name); });
  }
  SuitSize size;
  size.ranks = value.find("ranks");
  if (size.ranks == nullptr) fail(value.where, "missing required key 'ranks' in " + path);
  size.ranks_read = diagnostics_.attempt([&] { suit.ranks = read_ranks(*size.ranks); });
  size.copies = value.find("copies");
  suit.copies = static_cast<std::uint8_t>(default_copies);
  size.copies_read = size.copies == nullptr || diagnostics_.attempt([&] {
    suit.copies = static_cast<std::uint8_t>(read_int(*size.copies, 1, 8));
  });
  if (!bonus) read_meldable_suit_keys(value, size, suit);
  if (diagnostics_.count() != before) tiles_usable_ = false;
  return suit;
}

/// A suit's letter: one lowercase ASCII letter no other suit took.
char Interpreter::read_suit_letter(const Value& value, const std::string& path) {
  const Item* letter = value.find("letter");
  if (letter == nullptr) fail(value.where, "missing required key 'letter' in " + path);
  const std::string text = read_string(*letter);
  if (text.size() != 1 || text[0] < 'a' || text[0] > 'z') {
    fail(letter->value.where, "'letter' must be one lowercase ASCII letter, got '" + text + "'");
  }
  for (const auto& [used, used_path] : letters_) {
    if (used == text[0]) {
      fail(letter->value.where,
           "duplicate suit letter '" + text + "' (already used by " + used_path + ")");
    }
  }
  letters_.emplace_back(text[0], path);
  return text[0];
}

/// The keys only a meldable suit has: sequences, red_fives and the rank groups.
void Interpreter::read_meldable_suit_keys(const Value& value, const SuitSize& size,
                                          SuitInfo& suit) {
  if (const Item* sequences = value.find("sequences")) {
    tiles_usable_ =
        diagnostics_.attempt([&] { suit.sequences = read_bool(*sequences); }) && tiles_usable_;
  }
  if (const Item* red = value.find("red_fives")) {
    diagnostics_.attempt([&] { read_red_fives(*red, size, suit); });
  }
  const Item* groups = value.find("groups");
  // A group's ranks are checked against the suit's, so groups are read only when those did.
  if (groups != nullptr && size.ranks_read) read_rank_groups(*groups, suit);
}

/// red_fives, compared with the suit's ranks and copies where those read.
void Interpreter::read_red_fives(const Item& red, const SuitSize& size, SuitInfo& suit) const {
  const int red_fives = read_int(red, 0, 8);
  const std::string letter(1, suit.letter);
  if (red_fives > 0) {
    if (size.ranks_read && std::find(suit.ranks.begin(), suit.ranks.end(), 5) == suit.ranks.end()) {
      fail(last_of({&red.key_where, &size.ranks->key_where}),
           "red_fives needs rank 5, which suit '" + letter + "' does not have");
    }
    if (size.copies_read && red_fives > suit.copies) {
      fail(last_of({&red.key_where, key_where(size.copies),
                    size.copies == nullptr ? tiles_copies_where_ : nullptr}),
           "red_fives (" + std::to_string(red_fives) + ") exceeds the copies (" +
               std::to_string(suit.copies) + ") of suit '" + letter + "'");
    }
  }
  suit.red_fives = static_cast<std::uint8_t>(red_fives);
}

/// The suit's rank groups (winds, dragons): names a stand-in set may use, each of the suit's
/// ranks.
void Interpreter::read_rank_groups(const Item& groups, SuitInfo& suit) {
  const Value& map = expect_map(groups);
  const std::string letter(1, suit.letter);
  for (const Item& group : map.entries) {
    // A group left out would make a stand-in set naming it unknown: the tile set is then
    // not used further.
    const bool read = diagnostics_.attempt([&] {
      if (!valid_name(group.key, true)) {
        fail(group.key_where, "group name '" + group.key + "' may use only a-z, 0-9, '_' and '-'");
      }
      std::vector<std::uint8_t> members = read_ranks(group);
      for (const std::uint8_t rank : members) {
        if (std::find(suit.ranks.begin(), suit.ranks.end(), rank) == suit.ranks.end()) {
          fail(group.value.where, "group '" + group.key + "' names rank " + std::to_string(rank) +
                                      ", which suit '" + letter + "' does not have");
        }
      }
      suit.groups.emplace_back(group.key, std::move(members));
    });
    tiles_usable_ = tiles_usable_ && read;
  }
}

void Interpreter::read_hand() {
  const Item* hand = root_.find("hand");
  if (hand == nullptr) return;
  const Value& map = expect_map(*hand);
  check_keys(map, {"tiles", "exhausted_waits", "missing_suits", "forbidden_tiles"}, "hand",
             diagnostics_);
  if (const Item* forbidden = map.find("forbidden_tiles")) forbidden_item_ = forbidden;
  if (const Item* missing = map.find("missing_suits")) {
    diagnostics_.attempt([&] {
      data_.missing_suits = static_cast<std::uint8_t>(read_int(*missing, 0, 8));
      missing_suits_where_ = &missing->value.where;
    });
  }
  if (const Item* exhausted = map.find("exhausted_waits")) {
    diagnostics_.attempt([&] { data_.exhausted_waits = read_bool(*exhausted); });
  }
  if (const Item* tiles = map.find("tiles")) {
    // Sizes are compared with hand.tiles only when it reads: a default in its place would
    // report forms that do fit.
    hand_tiles_known_ = diagnostics_.attempt([&] {
      const int count = read_int(*tiles, 2, 17);
      if (!is_hand_size(count)) {
        fail(tiles->value.where,
             "hand.tiles must be 3n+2 (2, 5, 8, 11, 14 or 17), got " + std::to_string(count));
      }
      data_.hand_tiles = static_cast<std::uint8_t>(count);
      hand_tiles_where_ = &tiles->key_where;
    });
  }
}

/// Resolves a tile code; `unknown` is the message when the tile table has no such tile.
TileId Interpreter::resolve(const TileRef& ref, const std::string& unknown) const {
  const TileId id = tiles_->find_tile(ref.letter, ref.rank);
  if (id == kNoTile) fail(ref.where, unknown);
  return id;
}

void Interpreter::read_wildcards() {
  const Item* wildcards = root_.find("wildcards");
  if (wildcards == nullptr) return;
  wildcards_where_ = &wildcards->key_where;
  const Value& map = expect_map(*wildcards);
  check_keys(map,
             {"jokers", "tiles", "per_hand", "per_hand_bonus", "bonus_as_flowers", "exceed_copies",
              "in_melds", "indicator", "max_in_win", "natural_use", "stand_ins"},
             "wildcards", diagnostics_);

  WildcardRules& rules = data_.wildcards;
  // Each key on its own, so that every bad one is reported.
  const auto read_key = [&](std::string_view key, auto&& read) {
    if (const Item* item = map.find(key)) diagnostics_.attempt([&] { read(*item); });
  };
  read_key("jokers", [&](const Item& item) {
    rules.jokers = static_cast<std::uint8_t>(read_int(item, 0, 16));
  });
  read_key("tiles", [&](const Item& item) {
    TileMask seen = 0;
    for (const TileRef& ref : read_tile_codes(item, "wildcards.tiles")) {
      const TileId id = resolve(ref, "unknown wildcard tile '" + ref.code() + "'");
      if ((seen & tile_bit(id)) != 0) {
        fail(ref.where, "wildcard tile '" + ref.code() + "' is listed twice");
      }
      seen |= tile_bit(id);
      rules.tiles.push_back(id);
    }
    std::sort(rules.tiles.begin(), rules.tiles.end());
  });
  read_key("per_hand", [&](const Item& item) { rules.per_hand = read_bool(item); });
  read_key("per_hand_bonus", [&](const Item& item) { rules.per_hand_bonus = read_bool(item); });
  read_key("bonus_as_flowers", [&](const Item& item) { rules.bonus_as_flowers = read_bool(item); });
  read_key("exceed_copies", [&](const Item& item) { rules.exceed_copies = read_bool(item); });
  read_key("in_melds", [&](const Item& item) { rules.in_melds = read_bool(item); });
  read_key("max_in_win", [&](const Item& item) {
    rules.max_in_win = static_cast<std::uint8_t>(read_int(item, 0, 17));
  });
  read_key("natural_use", [&](const Item& item) { rules.natural_use = read_bool(item); });
  read_key("indicator", [&](const Item& item) { read_indicator(item); });
  // Stand-ins name jokers, so they are read after `jokers` (whatever the document order).
  diagnostics_.attempt([&] { read_stand_ins(map.find("stand_ins")); });
}

void Interpreter::read_indicator(const Item& indicator) {
  const Value& fields = expect_map(indicator);
  const std::string path = "wildcards.indicator";
  check_keys(fields, {"enabled", "cycle", "include_indicator", "cycles"}, path, diagnostics_);
  IndicatorRules& rule = data_.wildcards.indicator;
  rule.enabled = true;  // giving the map switches it on unless it says otherwise
  if (const Item* enabled = fields.find("enabled")) {
    diagnostics_.attempt([&] { rule.enabled = read_bool(*enabled); });
  }
  if (const Item* cycle = fields.find("cycle")) {
    diagnostics_.attempt([&] {
      rule.by_group = read_choice(*cycle, path + ".cycle", {"suit", "group"}) == 1;
    });
  }
  if (const Item* include = fields.find("include_indicator")) {
    diagnostics_.attempt([&] { rule.include_indicator = read_bool(*include); });
  }
  if (const Item* cycles = fields.find("cycles")) {
    diagnostics_.attempt([&] { read_indicator_cycles(*cycles, rule); });
  }
}

namespace {

/// The meldable tiles `keep` holds for, as a mask.
template <class Keep>
TileMask meldable_where(const TileTable& tiles, Keep keep) {
  TileMask mask = 0;
  for (TileId t = 0; t < tiles.meldable_count(); ++t) {
    if (keep(tiles.tile(t))) mask |= tile_bit(t);
  }
  return mask;
}

/// The names of stand-in sets every rule set knows; its rank groups add their own.
constexpr std::array<std::string_view, 8> kStandInSetNames = {
    "any", "honours", "numbers", "same_rank", "own_suit", "147", "258", "369"};

}  // namespace

/// What one stand_ins entry allows, as a mask over the meldable tiles. `face` is the wild tile
/// kind a relative name (same_rank, own_suit) is taken from; kNoTile for jokers.
TileMask Interpreter::read_stand_in_sets(const Item& entry, TileId face, bool is_default) const {
  const std::string path = "wildcards.stand_ins." + entry.key;
  std::vector<const Value*> items;
  if (entry.value.kind == Kind::list) {
    for (const Value& element : entry.value.elements) items.push_back(&element);
  } else {
    items.push_back(&entry.value);
  }
  TileMask mask = 0;
  for (const Value* item : items) {
    if (item->kind != Kind::scalar) {
      fail(item->where,
           "expected a set name or tile codes in " + path + ", got " + describe(*item));
    }
    mask |= read_stand_in_set(entry, *item, face, is_default, path);
  }
  return mask;
}

/// One set name or string of tile codes of a stand_ins entry.
TileMask Interpreter::read_stand_in_set(const Item& entry, const Value& item, TileId face,
                                        bool is_default, const std::string& path) const {
  const std::string& name = item.text;
  const bool relative = name == "same_rank" || name == "own_suit";
  if (relative && face == kNoTile && !is_default) {
    fail(item.where, "'" + name + "' in " + path +
                         " needs a tile face; a joker has none (use any, a set or tiles)");
  }
  if (const std::optional<TileMask> named = named_stand_in_set(name, face)) return *named;
  if (const std::optional<TileMask> group = rank_group_stand_ins(name)) return *group;
  const bool has_rank =
      std::any_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!has_rank) {
    // A word, not tile codes: a set name misspelt, most likely.
    std::vector<std::string_view> names(kStandInSetNames.begin(), kStandInSetNames.end());
    for (const SuitInfo& suit : data_.suits) {
      for (const auto& [group_name, ranks] : suit.groups) names.emplace_back(group_name);
    }
    fail(item.where, "unknown stand-in set '" + name + "' in " + path + did_you_mean(name, names) +
                         " (set names: " + word_list(names) + "; or tile codes such as \"19m\")");
  }
  return tile_code_stand_ins(entry, item, path);
}

/// The set a built-in name stands for, or nullopt when `name` is none of them. A relative name
/// without a face (the default entry, for jokers) stands for nothing: it applies per wild kind.
std::optional<TileMask> Interpreter::named_stand_in_set(const std::string& name,
                                                        TileId face) const {
  const TileTable& tiles = *tiles_;
  const auto sequences = [&](const TileInfo& info) { return data_.suits[info.suit].sequences; };
  if (name == "any") return meldable_where(tiles, [](const TileInfo&) { return true; });
  if (name == "honours") {
    return meldable_where(tiles, [&](const TileInfo& info) { return !sequences(info); });
  }
  if (name == "numbers") return meldable_where(tiles, sequences);
  if (name == "147" || name == "258" || name == "369") {
    const int knit = name[0] - '1';
    return meldable_where(tiles, [&](const TileInfo& info) {
      return sequences(info) && knit_class(info.rank) == knit;
    });
  }
  if (name != "same_rank" && name != "own_suit") return std::nullopt;
  if (face == kNoTile) return TileMask{0};
  const TileInfo& own = tiles.tile(face);
  if (name == "own_suit") {
    return meldable_where(tiles, [&](const TileInfo& info) { return info.suit == own.suit; });
  }
  // same_rank: the same number in every sequence suit; an honour or bonus face stands for itself.
  return meldable_where(tiles, [&](const TileInfo& info) {
    return sequences(own) ? sequences(info) && info.rank == own.rank : &info == &own;
  });
}

/// The tiles of every rank group named `name` (over all suits), or nullopt when none is.
std::optional<TileMask> Interpreter::rank_group_stand_ins(const std::string& name) const {
  const TileTable& tiles = *tiles_;
  std::optional<TileMask> mask;
  for (const SuitInfo& suit : data_.suits) {
    for (const auto& [group_name, ranks] : suit.groups) {
      if (group_name != name) continue;
      mask = mask.value_or(0);
      for (const std::uint8_t rank : ranks) {
        const TileId t = tiles.find_tile(suit.letter, rank);
        if (t != kNoTile && t < tiles.meldable_count()) *mask |= tile_bit(t);
      }
    }
  }
  return mask;
}

/// Tile codes ("19m") in a stand_ins entry: meldable tiles of the tile set.
TileMask Interpreter::tile_code_stand_ins(const Item& entry, const Value& item,
                                          const std::string& path) const {
  const Item one{entry.key, entry.key_where, item};
  TileMask mask = 0;
  for (const TileRef& ref : read_tile_codes(one, path)) {
    const TileId id = resolve(ref, "'" + item.text + "' in " + path +
                                       " is neither a set name (any, honours, numbers, "
                                       "same_rank, own_suit, 147, 258, 369, a rank "
                                       "group) nor a known tile");
    if (id >= tiles_->meldable_count()) {
      fail(ref.where, "bonus tile '" + ref.code() + "' in " + path +
                          ": a wildcard stands only for meldable tiles");
    }
    mask |= tile_bit(id);
  }
  return mask;
}

/// wildcards.stand_ins: a map from `joker`, a tile code or `default` to what that wildcard may
/// stand for: a list (or one string) of set names and tile codes, united. Names: any, honours,
/// numbers (the sequence suits), same_rank, own_suit (relative to a wild tile kind), 147, 258,
/// 369 (those ranks of the sequence suits) and the tile set's rank groups (winds, dragons).
void Interpreter::read_stand_ins(const Item* stand_ins) {
  WildcardRules& rules = data_.wildcards;
  const TileTable& tiles = *tiles_;
  TileMask all = 0;
  for (TileId t = 0; t < tiles.meldable_count(); ++t) all |= tile_bit(t);
  rules.joker_stand_ins = all;
  rules.tile_stand_ins.fill(0);
  for (TileId t = 0; t < tiles.tile_count(); ++t) rules.tile_stand_ins[t] = all;
  if (stand_ins == nullptr) return;
  stand_ins_where_ = &stand_ins->key_where;
  const Value& map = expect_map(*stand_ins);
  const std::size_t before = diagnostics_.count();
  if (const Item* fallback = map.find("default")) {
    diagnostics_.attempt([&] {
      for (TileId t = 0; t < tiles.tile_count(); ++t) {
        rules.tile_stand_ins[t] = read_stand_in_sets(*fallback, t, true);
      }
      rules.joker_stand_ins = read_stand_in_sets(*fallback, kNoTile, true);
    });
  }
  for (const Item& entry : map.entries) {
    if (entry.key != "default") diagnostics_.attempt([&] { read_stand_in_entry(entry); });
  }
  if (diagnostics_.count() != before) return;
  // Every mask must allow something; a default over jokers with only relative names is empty
  // for jokers, which is a contradiction unless the set has no jokers.
  if (rules.jokers > 0 && rules.joker_stand_ins == 0) {
    fail(stand_ins->key_where,
         "wildcards.stand_ins leaves jokers nothing to stand for (same_rank and own_suit need "
         "a tile face; give `joker:` its own entry)");
  }
  for (TileId t = 0; t < tiles.tile_count(); ++t) {
    if (rules.tile_stand_ins[t] == 0) {
      fail(stand_ins->key_where,
           "wildcards.stand_ins leaves wild " + tiles.tile(t).code + " nothing to stand for");
    }
  }
  rules.restricted = rules.joker_stand_ins != all;
  for (TileId t = 0; t < tiles.tile_count(); ++t) {
    rules.restricted = rules.restricted || rules.tile_stand_ins[t] != all;
  }
}

/// One entry of wildcards.stand_ins other than `default`: `joker` or a wild tile code.
void Interpreter::read_stand_in_entry(const Item& entry) {
  WildcardRules& rules = data_.wildcards;
  if (entry.key == "joker") {
    if (rules.jokers == 0) {
      fail(entry.key_where,
           "wildcards.stand_ins.joker, but the set has no jokers (wildcards.jokers is 0)");
    }
    rules.joker_stand_ins = read_stand_in_sets(entry, kNoTile, false);
    return;
  }
  const Value key{Kind::scalar, entry.key, entry.key_where, {}, {}};
  const Item code{entry.key, entry.key_where, key};
  const std::vector<TileRef> refs = read_tile_codes(code, "wildcards.stand_ins");
  if (refs.size() != 1) {
    fail(entry.key_where,
         "wildcards.stand_ins key '" + entry.key + "' must be joker, default or one tile code");
  }
  const TileId id =
      resolve(refs.front(), "unknown tile '" + entry.key + "' in wildcards.stand_ins");
  rules.tile_stand_ins[id] = read_stand_in_sets(entry, id, false);
}

/// Rules not combined with restricted stand-ins (yet): the shanten cost model treats a
/// restricted wildcard as the tile it is assigned, which pair-slot and max_in_win rules would
/// have to see through.
void Interpreter::check_stand_ins() const {
  const WildcardRules& wild = data_.wildcards;
  for (const TileId t : wild.tiles) {
    if ((data_.forbidden_tiles & tile_bit(t)) != 0) {
      fail(forbidden_item_->key_where,
           "a wildcard tile in wildcards.tiles is also in "
           "hand.forbidden_tiles");
    }
  }
  if (!wild.restricted) return;
  if (wild.max_in_win != 0) {
    fail(last_of({stand_ins_where_, wildcards_where_}),
         "wildcards.stand_ins restricts wildcards, which cannot be combined with "
         "wildcards.max_in_win yet");
  }
  for (const FormSpec& form : data_.forms) {
    if (form.enabled && form.max_wildcards != FormSpec::kInheritWildcardCap &&
        form.max_wildcards != 0) {
      fail(last_of({stand_ins_where_}),
           "wildcards.stand_ins restricts wildcards, which cannot be combined with form '" +
               form.name + "' max_wildcards yet");
    }
    if (form.enabled && form.wildcards && form.pair_wildcards != PairWildcards::any) {
      fail(last_of({stand_ins_where_}),
           "wildcards.stand_ins restricts wildcards, which cannot "
           "be combined with form '" +
               form.name + "' pair_wildcards yet (use any)");
    }
  }
}

/// hand.forbidden_tiles: meldable tiles, read once the tile table is known.
void Interpreter::read_forbidden_tiles() {
  if (forbidden_item_ == nullptr) return;
  const TileTable& tiles = *tiles_;
  for (const TileRef& ref : read_tile_codes(*forbidden_item_, "hand.forbidden_tiles")) {
    const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in hand.forbidden_tiles");
    if (id >= tiles.meldable_count()) {
      fail(ref.where, "bonus tile '" + ref.code() +
                          "' in hand.forbidden_tiles: bonus tiles are never in a hand's groups");
    }
    data_.forbidden_tiles |= tile_bit(id);
  }
}

/// calls: whether chows may be claimed, and the tile that may be set aside (sanma's kita).
void Interpreter::read_calls() {
  const Item* calls = root_.find("calls");
  if (calls == nullptr) return;
  const Value& map = expect_map(*calls);
  check_keys(map, {"chows", "set_aside"}, "calls", diagnostics_);
  CallRules& rules = data_.calls;
  if (const Item* chows = map.find("chows")) {
    diagnostics_.attempt([&] { rules.chows = read_bool(*chows); });
  }
  const Item* set_aside = map.find("set_aside");
  if (set_aside == nullptr) return;
  const Value& fields = expect_map(*set_aside);
  const std::string path = "calls.set_aside";
  check_keys(fields, {"tile", "max", "after_kong"}, path, diagnostics_);
  const Item* tile = fields.find("tile");
  if (tile == nullptr) fail(set_aside->key_where, "missing required key 'tile' in " + path);
  diagnostics_.attempt([&] {
    const std::vector<TileRef> refs = read_tile_codes(*tile, path + ".tile");
    if (refs.size() != 1) fail(tile->value.where, path + ".tile is one tile code, such as 4z");
    const TileId id =
        resolve(refs.front(), "unknown tile '" + refs.front().code() + "' in " + path);
    if (tiles_->tile(id).bonus) {
      fail(refs.front().where, "bonus tile '" + refs.front().code() + "' in " + path +
                                   ": bonus tiles are set aside already (flowers)");
    }
    rules.set_aside = id;
    rules.set_aside_max = tiles_->tile(id).copies;
  });
  if (const Item* most = fields.find("max")) {
    diagnostics_.attempt([&] {
      const int copies = rules.set_aside == kNoTile ? 8 : tiles_->tile(rules.set_aside).copies;
      rules.set_aside_max = static_cast<std::uint8_t>(read_int(*most, 1, copies));
    });
  }
  if (const Item* after_kong = fields.find("after_kong")) {
    diagnostics_.attempt([&] { rules.set_aside_after_kong = read_bool(*after_kong); });
  }
}

/// hand.missing_suits must leave a suit to play.
void Interpreter::check_missing_suits() const {
  if (data_.missing_suits == 0) return;
  const auto sequence_suits =
      std::count_if(data_.suits.begin(), data_.suits.end(),
                    [](const SuitInfo& suit) { return !suit.bonus && suit.sequences; });
  if (data_.missing_suits >= sequence_suits) {
    fail(*missing_suits_where_, "hand.missing_suits is " + std::to_string(data_.missing_suits) +
                                    " but the rule set has only " + std::to_string(sequence_suits) +
                                    " sequence suits");
  }
  for (std::size_t s = 0; s < data_.suits.size(); ++s) {
    if (s >= 8 && data_.suits[s].sequences && !data_.suits[s].bonus) {
      fail(*missing_suits_where_,
           "hand.missing_suits supports sequence suits among the first "
           "eight suits only");
    }
  }
}

/// Explicit indicator cycles: a list of MPSZ strings, each a cycle in order ("765z": Red, then
/// Green, then White, then Red again). A tile may stand in one cycle only.
void Interpreter::read_indicator_cycles(const Item& cycles, IndicatorRules& rule) const {
  const std::string path = "wildcards.indicator.cycles";
  if (cycles.value.kind != Kind::list) {
    fail(cycles.value.where,
         "expected a list of tile strings for '" + path + "', got " + describe(cycles.value));
  }
  TileMask seen = 0;
  for (const Value& element : cycles.value.elements) {
    const Item one{cycles.key, cycles.key_where, element};
    std::vector<TileId> cycle;
    for (const TileRef& ref : read_tile_codes(one, path)) {
      const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in " + path);
      if (tiles_->tile(id).bonus) {
        fail(ref.where, "bonus tile '" + ref.code() + "' in " + path);
      }
      if ((seen & tile_bit(id)) != 0) {
        fail(ref.where, "tile '" + ref.code() + "' stands in more than one place in " + path);
      }
      seen |= tile_bit(id);
      cycle.push_back(id);
    }
    if (cycle.size() < 2) fail(element.where, "a cycle in " + path + " needs two tiles or more");
    rule.cycles.push_back(std::move(cycle));
  }
}

}  // namespace meldgraph::rule_file
