// The one reader and writer of WinContext: a JSON object of named fields (a batch line, or the
// CLI's options gathered into one), every bad value and contradiction named by its field.

#include "meldgraph/model/win_context.hpp"

#include "meldgraph/model/field_value.hpp"
#include "meldgraph/model/hand_flowers.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

#include "tile_scanner.hpp"

namespace meldgraph {
namespace {

using nlohmann::json;

/// Indicators of each kind a table shows at most: the first and one per kong (four).
constexpr std::size_t kMaxIndicators = 5;

constexpr std::array<Wind, 4> kWinds = {Wind::east, Wind::south, Wind::west, Wind::north};
constexpr std::array<MeldSource, 3> kSources = {MeldSource::left, MeldSource::across,
                                                MeldSource::right};

using Type = FieldValue::Type;

std::string quoted_value(const FieldValue& value) {
  return value.json();
}

/// A whole number from 0 to `most`.
bool is_count(const FieldValue& value, std::int64_t most) {
  return value.type == Type::integer && value.integer >= 0 && value.integer <= most;
}

bool read_flag(std::string_view field, const FieldValue& value) {
  if (value.type != Type::boolean) {
    throw ContextError(std::string(field), "expected true or false, not " + quoted_value(value));
  }
  return value.boolean;
}

std::uint16_t read_counter(std::string_view field, const FieldValue& value) {
  constexpr auto kMost = std::numeric_limits<std::uint16_t>::max();
  if (!is_count(value, kMost)) {
    throw ContextError(std::string(field), "expected a whole number from 0 to " +
                                               std::to_string(kMost) + ", not " +
                                               quoted_value(value));
  }
  return static_cast<std::uint16_t>(value.integer);
}

/// A string one of `names` (as the `name_of` function writes them).
template <class T, std::size_t N, class NameOf>
T read_word(std::string_view field, const FieldValue& value, const std::array<T, N>& choices,
            NameOf name_of) {
  if (value.type == Type::string) {
    for (const T choice : choices) {
      if (value.text == name_of(choice)) return choice;
    }
  }
  std::string valid;
  for (const T choice : choices) {
    valid += (valid.empty() ? "" : ", ") + std::string(name_of(choice));
  }
  throw ContextError(std::string(field), quoted_value(value) + " is not one of " + valid);
}

/// Tiles given as an array of tile strings or as one string of tiles (`"4s1z"`, `"4s,1z"`).
std::vector<TileId> read_tiles(std::string_view field_name, const FieldValue& value,
                               const RuleSet& rules) {
  const auto field = [&] { return std::string(field_name); };
  std::vector<TileId> tiles;
  try {
    if (value.type == Type::string) return parse_tiles(value.text, rules);
    if (value.type != Type::array) {
      throw ContextError(field(),
                         "expected tiles: an array such as [\"4s\", \"1z\"] or a string, "
                         "not " +
                             quoted_value(value));
    }
    tiles.reserve(value.items.size());
    for (const FieldValue& element : value.items) {
      if (element.type != Type::string) {
        throw ContextError(field(), "expected a tile such as \"4s\", not " + quoted_value(element));
      }
      if (const TileId plain = detail::plain_tile(element.text, rules); plain != kNoTile) {
        tiles.push_back(plain);  // the usual element, read without a list of its own
        continue;
      }
      const std::vector<TileId> one = parse_tiles(element.text, rules);
      if (one.size() != 1) {
        throw ContextError(field(), "each element is one tile, not " + quoted_value(element));
      }
      tiles.push_back(one.front());
    }
  } catch (const NotationError& error) {
    throw ContextError(field(), error.what());
  }
  return tiles;
}

/// Indicator tiles: meldable tiles, at most kMaxIndicators.
std::vector<TileId> read_indicators(std::string_view field_name, const FieldValue& value,
                                    const RuleSet& rules) {
  const auto field = [&] { return std::string(field_name); };
  std::vector<TileId> tiles = read_tiles(field_name, value, rules);
  if (tiles.size() > kMaxIndicators) {
    throw ContextError(field(), "at most " + std::to_string(kMaxIndicators) +
                                    " indicators (the first and one per kong), not " +
                                    std::to_string(tiles.size()));
  }
  for (const TileId tile : tiles) {
    if (rules.tile(tile).bonus) {
      throw ContextError(field(),
                         "bonus tile " + rules.tile(tile).code + " cannot be an indicator");
    }
  }
  return tiles;
}

/// Bonus tiles held, as tiles (each a bonus tile, within its copies) or as a count (at most the
/// rule set's bonus tiles).
void read_flowers(const FieldValue& value, const RuleSet& rules, WinContext& context) {
  if (value.type == Type::integer && value.integer == 0 && !value.above_int64) {
    // None held (the usual line): a count every rule set allows.
    context.flower_tiles.clear();
    context.flower_count = 0;
    return;
  }
  int available = 0;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if (rules.tile(t).bonus) available += rules.tile(t).copies;
  }
  if (value.is_number()) {
    if (!is_count(value, available)) {
      throw ContextError("flowers", "expected a count from 0 to " + std::to_string(available) +
                                        " (the bonus tiles of rule set '" + rules.name() +
                                        "'), not " + quoted_value(value));
    }
    context.flower_tiles.clear();
    context.flower_count = static_cast<std::uint8_t>(value.integer);
    return;
  }
  std::vector<TileId> tiles = read_tiles("flowers", value, rules);
  TileCounts seen{};
  for (const TileId tile : tiles) {
    const TileInfo& info = rules.tile(tile);
    if (!info.bonus) throw ContextError("flowers", info.code + " is not a bonus tile");
    if (++seen[tile] > info.copies) {
      throw ContextError("flowers",
                         "more than " + std::to_string(info.copies) + " of " + info.code);
    }
  }
  std::sort(tiles.begin(), tiles.end());
  context.flower_count = static_cast<std::uint8_t>(tiles.size());
  context.flower_tiles = std::move(tiles);
}

/// The count of set-aside tiles (calls.set_aside): at most the rule set's most, and none where
/// the rule set sets no tile aside.
std::uint8_t read_set_aside(const FieldValue& value, const RuleSet& rules) {
  const CallRules& calls = rules.calls();
  const int most = calls.set_aside == kNoTile ? 0 : calls.set_aside_max;
  if (!is_count(value, most)) {
    if (calls.set_aside == kNoTile) {
      throw ContextError("set_aside", "rule set '" + rules.name() +
                                          "' sets no tile aside (calls.set_aside): only 0, not " +
                                          quoted_value(value));
    }
    throw ContextError("set_aside", "expected a count from 0 to " + std::to_string(most) +
                                        " (copies of " + rules.tile(calls.set_aside).code +
                                        " set aside, calls.set_aside.max), not " +
                                        quoted_value(value));
  }
  return static_cast<std::uint8_t>(value.integer);
}

/// The seats the rule set's players have: seat winds past the players' (N under three) and the
/// seat across (under three) are no one's.
void check_seats(const WinContext& context, const RuleSet& rules) {
  const int players = rules.players();
  if (static_cast<int>(context.seat_wind) >= players) {
    std::string seats;
    for (int w = 0; w < players; ++w) {
      seats += (w == 0 ? "" : ", ") + std::string(wind_code(static_cast<Wind>(w)));
    }
    throw ContextError("seat_wind", "rule set '" + rules.name() + "' has " +
                                        std::to_string(players) + " players, seated " + seats +
                                        ": no one sits " +
                                        std::string(wind_code(context.seat_wind)));
  }
  if (context.from == MeldSource::across && players < 4) {
    throw ContextError("from", "rule set '" + rules.name() + "' has " + std::to_string(players) +
                                   " players: no one sits across (left or right)");
  }
}

/// What the fields say together: contradictions are errors, implications are applied.
void settle(WinContext& context, bool win_given, bool riichi_given, bool from_given) {
  if (!win_given && (from_given || context.robbing_kong || context.after_kong_discard)) {
    context.win = WinKind::discard;
  }
  if (context.win == WinKind::self_draw && from_given) {
    throw ContextError("from", "a self-drawn win has no discarder (give \"win\": \"discard\")");
  }
  if (context.robbing_kong && context.win == WinKind::self_draw) {
    throw ContextError("robbing_kong",
                       "robbing a kong is a win on another player's tile, not a self-draw");
  }
  if (context.after_kong_discard && context.win == WinKind::self_draw) {
    throw ContextError("after_kong_discard",
                       "a win on the discard after a kong (杠上炮) is not a self-draw");
  }
  if (context.after_kong_discard && context.robbing_kong) {
    throw ContextError("after_kong_discard",
                       "the tile was either discarded after a kong or robbed from one, not both");
  }
  if (context.after_kong && context.win == WinKind::discard) {
    throw ContextError("after_kong",
                       "a win after a kong is on the replacement tile, which is drawn (self-draw)");
  }
  if (context.double_riichi) {
    if (riichi_given && !context.riichi) {
      throw ContextError("riichi", "false with double_riichi, which is a riichi");
    }
    context.riichi = true;
  }
  if (context.ippatsu && !context.riichi) {
    throw ContextError("ippatsu", "needs riichi (or double_riichi)");
  }
  if (!context.ura.empty() && !context.riichi) {
    throw ContextError("ura",
                       "ura-dora indicators are shown to a riichi winner only: needs riichi");
  }
  if (context.first_draw && context.riichi) {
    throw ContextError("first_draw", "no riichi can be declared before the first draw");
  }
  if (context.robbing_gold) {
    // 抢金 takes the turned-up tile at the opening: counted as a self-draw, before any draw.
    if (context.win == WinKind::discard) {
      throw ContextError("robbing_gold",
                         "robbing the gold takes the turned-up tile, counted as a self-draw, "
                         "not a discard");
    }
    const std::array<std::pair<const char*, bool>, 5> others = {{{"first_draw", context.first_draw},
                                                                 {"after_kong", context.after_kong},
                                                                 {"last_tile", context.last_tile},
                                                                 {"riichi", context.riichi},
                                                                 {"ippatsu", context.ippatsu}}};
    for (const auto& [name, set] : others) {
      if (set) {
        throw ContextError("robbing_gold", std::string("robbing the gold at the opening cannot "
                                                       "be with ") +
                                               name);
      }
    }
  }
}

}  // namespace

std::string_view wind_code(Wind wind) {
  static constexpr std::array<std::string_view, 4> kCodes = {"E", "S", "W", "N"};
  return kCodes[static_cast<std::size_t>(wind)];
}

std::string_view win_kind_name(WinKind kind) {
  return kind == WinKind::self_draw ? "self-draw" : "discard";
}

std::string_view meld_source_name(MeldSource source) {
  static constexpr std::array<std::string_view, 4> kNames = {"unknown", "left", "across", "right"};
  return kNames[static_cast<std::size_t>(source)];
}

WinContextReader::WinContextReader(const RuleSet& rules) : rules_(&rules) {}

namespace {

/// What a context field holds, for WinContextReader::field's one switch.
enum class FieldKind : std::uint8_t {
  flag,
  win,
  from,
  seat_wind,
  round_wind,
  dora,
  ura,
  flowers,
  honba,
  riichi_sticks,
  set_aside
};

struct FieldEntry {
  std::string_view name;
  FieldKind kind;
  bool WinContext::*flag = nullptr;  ///< FieldKind::flag: the flag it sets
};

/// The fields by name, in name order.
constexpr std::array<FieldEntry, 20> kFieldTable = {{
    {"after_kong", FieldKind::flag, &WinContext::after_kong},
    {"after_kong_discard", FieldKind::flag, &WinContext::after_kong_discard},
    {"dora", FieldKind::dora},
    {"double_riichi", FieldKind::flag, &WinContext::double_riichi},
    {"first_draw", FieldKind::flag, &WinContext::first_draw},
    {"flowers", FieldKind::flowers},
    {"from", FieldKind::from},
    {"honba", FieldKind::honba},
    {"ippatsu", FieldKind::flag, &WinContext::ippatsu},
    {"last_of_kind", FieldKind::flag, &WinContext::last_of_kind},
    {"last_tile", FieldKind::flag, &WinContext::last_tile},
    {"riichi", FieldKind::flag, &WinContext::riichi},
    {"riichi_sticks", FieldKind::riichi_sticks},
    {"robbing_gold", FieldKind::flag, &WinContext::robbing_gold},
    {"robbing_kong", FieldKind::flag, &WinContext::robbing_kong},
    {"round_wind", FieldKind::round_wind},
    {"seat_wind", FieldKind::seat_wind},
    {"set_aside", FieldKind::set_aside},
    {"ura", FieldKind::ura},
    {"win", FieldKind::win},
}};
static_assert(std::size(kWinContextFields) == kFieldTable.size());

/// A field's slot in kFieldSlots: its length and first and last characters, mixed so that no
/// two fields share a slot (checked below). A key is then found by one comparison.
constexpr std::size_t kSlotCount = 64;
constexpr std::size_t field_slot(std::string_view name) {
  return (name.size() * 4 + std::size_t{static_cast<unsigned char>(name.front())} * 23U +
          static_cast<unsigned char>(name.back())) %
         kSlotCount;
}

constexpr bool fields_have_own_slots() {
  std::array<bool, kSlotCount> taken{};
  for (const FieldEntry& entry : kFieldTable) {
    if (taken[field_slot(entry.name)]) return false;
    taken[field_slot(entry.name)] = true;
  }
  return true;
}
static_assert(fields_have_own_slots(), "two context fields share a slot: change field_slot's mix");

/// kFieldTable's index of the field in each slot, -1 for none.
constexpr std::array<std::int8_t, kSlotCount> kFieldSlots = [] {
  std::array<std::int8_t, kSlotCount> slots{};
  slots.fill(-1);
  for (std::size_t i = 0; i < kFieldTable.size(); ++i) {
    slots[field_slot(kFieldTable[i].name)] = static_cast<std::int8_t>(i);
  }
  return slots;
}();

const FieldEntry* find_field(std::string_view key) {
  if (key.empty()) return nullptr;
  const std::int8_t index = kFieldSlots[field_slot(key)];
  if (index < 0) return nullptr;
  const FieldEntry& entry = kFieldTable[static_cast<std::uint8_t>(index)];
  return entry.name == key ? &entry : nullptr;
}

}  // namespace

void WinContextReader::field(std::string_view key, const FieldValue& value) {
  const FieldEntry* entry = find_field(key);
  if (entry == nullptr) {
    std::string known;
    for (const std::string_view name : kWinContextFields) {
      known += (known.empty() ? "" : ", ") + std::string(name);
    }
    throw ContextError(std::string(key), "unknown field; the fields are hand, " + known);
  }
  switch (entry->kind) {
    case FieldKind::flag:
      context_.*entry->flag = read_flag(key, value);
      riichi_given_ = riichi_given_ || entry->flag == &WinContext::riichi;
      break;
    case FieldKind::win:
      context_.win =
          read_word(key, value, std::array{WinKind::self_draw, WinKind::discard}, win_kind_name);
      win_given_ = true;
      break;
    case FieldKind::from:
      context_.from = read_word(key, value, kSources, meld_source_name);
      from_given_ = true;
      break;
    case FieldKind::seat_wind:
      context_.seat_wind = read_word(key, value, kWinds, wind_code);
      break;
    case FieldKind::round_wind:
      context_.round_wind = read_word(key, value, kWinds, wind_code);
      break;
    case FieldKind::dora:
      context_.dora = read_indicators("dora", value, *rules_);
      break;
    case FieldKind::ura:
      context_.ura = read_indicators("ura", value, *rules_);
      break;
    case FieldKind::flowers:
      read_flowers(value, *rules_, context_);
      break;
    case FieldKind::honba:
      context_.honba = read_counter(key, value);
      break;
    case FieldKind::riichi_sticks:
      context_.riichi_sticks = read_counter(key, value);
      break;
    case FieldKind::set_aside:
      context_.set_aside = read_set_aside(value, *rules_);
      break;
  }
}

WinContext WinContextReader::finish() && {
  settle(context_, win_given_, riichi_given_, from_given_);
  check_seats(context_, *rules_);
  return std::move(context_);
}

WinContext parse_win_context(const FieldValue& object, const RuleSet& rules) {
  if (object.type != Type::object) {
    throw ContextError("", "a context is a JSON object of fields, not " + quoted_value(object));
  }
  WinContextReader reader(rules);
  for (const FieldValue& member : object.items) {
    if (member.key != "hand") reader.field(member.key, member);
  }
  return std::move(reader).finish();
}

WinContext parse_win_context(const json& object, const RuleSet& rules) {
  FieldArena arena;
  return parse_win_context(field_value(object, arena), rules);
}

json win_context_to_json(const WinContext& context, const RuleSet& rules) {
  const auto codes = [&](const std::vector<TileId>& tiles) {
    json out = json::array();
    for (const TileId tile : tiles) out.push_back(rules.tile(tile).code);
    return out;
  };
  json out = {{"win", win_kind_name(context.win)},
              {"seat_wind", wind_code(context.seat_wind)},
              {"round_wind", wind_code(context.round_wind)},
              {"riichi", context.riichi},
              {"double_riichi", context.double_riichi},
              {"ippatsu", context.ippatsu},
              {"last_tile", context.last_tile},
              {"after_kong", context.after_kong},
              {"robbing_kong", context.robbing_kong},
              {"first_draw", context.first_draw},
              {"last_of_kind", context.last_of_kind},
              {"after_kong_discard", context.after_kong_discard},
              {"robbing_gold", context.robbing_gold},
              {"dora", codes(context.dora)},
              {"ura", codes(context.ura)},
              {"honba", context.honba},
              {"riichi_sticks", context.riichi_sticks},
              {"set_aside", context.set_aside}};
  if (context.from != MeldSource::unknown) out["from"] = meld_source_name(context.from);
  if (context.flower_tiles.empty()) {
    out["flowers"] = context.flower_count;
  } else {
    out["flowers"] = codes(context.flower_tiles);
  }
  return out;
}

std::string format_win_context(const WinContext& context, const RuleSet& rules) {
  std::string out(win_kind_name(context.win));
  if (context.from != MeldSource::unknown) {
    out += " from ";
    out += meld_source_name(context.from);
  }
  out += ", seat ";
  out += wind_code(context.seat_wind);
  out += ", round ";
  out += wind_code(context.round_wind);
  const std::array<std::pair<std::string_view, bool>, 10> flags = {{
      {"double riichi", context.double_riichi},
      {"riichi", context.riichi && !context.double_riichi},
      {"ippatsu", context.ippatsu},
      {"last tile", context.last_tile},
      {"after kong", context.after_kong},
      {"robbing kong", context.robbing_kong},
      {"first draw", context.first_draw},
      {"last of kind", context.last_of_kind},
      {"after kong discard", context.after_kong_discard},
      {"robbing gold", context.robbing_gold},
  }};
  for (const auto& [name, set] : flags) {
    if (set) {
      out += ", ";
      out += name;
    }
  }
  const auto tiles = [&](std::string_view name, const std::vector<TileId>& list) {
    if (list.empty()) return;
    out += ", ";
    out += name;
    for (const TileId tile : list) out += " " + rules.tile(tile).code;
  };
  tiles("dora", context.dora);
  tiles("ura", context.ura);
  if (!context.flower_tiles.empty()) {
    tiles("flowers", context.flower_tiles);
  } else if (context.flower_count > 0) {
    out += ", flowers " + std::to_string(context.flower_count);
  }
  if (context.honba > 0) out += ", honba " + std::to_string(context.honba);
  if (context.riichi_sticks > 0) out += ", riichi sticks " + std::to_string(context.riichi_sticks);
  if (context.set_aside > 0) out += ", set aside " + std::to_string(context.set_aside);
  return out;
}

namespace {

/// The flags that say something of the hand's declared melds, checked against them: riichi is
/// declared with a closed hand (a concealed kong keeps it closed), a replacement tile follows a
/// kong (or a set-aside tile, where its replacement counts), and a first-draw win comes before
/// any call (a concealed kong and a set-aside tile included).
void check_declared_melds(const WinContext& context, const Hand& hand, const RuleSet& rules) {
  bool claimed = false;
  bool kong = false;
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    claimed = claimed || !hand.melds[m].concealed();
    kong = kong || hand.melds[m].size == 4;
  }
  if ((context.riichi || context.double_riichi) && claimed) {
    throw ContextError(context.double_riichi ? "double_riichi" : "riichi",
                       "riichi is declared with a closed hand, and this hand has a claimed meld");
  }
  const bool set_aside_replaced = context.set_aside > 0 && rules.calls().set_aside_after_kong;
  if (context.after_kong && !kong && !set_aside_replaced) {
    throw ContextError("after_kong",
                       context.set_aside > 0
                           ? "a replacement tile follows a kong, and this hand declares none; "
                             "under rule set '" +
                                 rules.name() +
                                 "' a set-aside tile's replacement is no such win "
                                 "(calls.set_aside.after_kong)"
                           : "a replacement tile follows a kong, and this hand declares none");
  }
  if (context.first_draw && context.set_aside > 0) {
    throw ContextError("first_draw",
                       "a first-draw win comes before any call, and setting a tile aside is one");
  }
  if (context.first_draw && hand.meld_count > 0) {
    throw ContextError("first_draw",
                       "a first-draw win comes before any call, and this hand declares a meld");
  }
  if (context.robbing_gold && hand.meld_count > 0) {
    throw ContextError("robbing_gold",
                       "robbing the gold comes at the opening, before any call, and this hand "
                       "declares a meld");
  }
  if (context.robbing_gold && !hand.winning_is_wildcard()) {
    throw ContextError("robbing_gold",
                       "the tile robbed is the turned-up wildcard, so the winning tile must be a "
                       "wildcard of the hand (give it with --wild)");
  }
}

}  // namespace

namespace {

/// The hand's flower the message names: the first of `held` that `given` lacks (each copy
/// matched once), or the first of `held` when `given` holds them all (it has more).
TileId first_unmatched(const std::vector<TileId>& held, const std::vector<TileId>& given) {
  std::vector<TileId> left = given;
  for (const TileId tile : held) {
    const auto found = std::find(left.begin(), left.end(), tile);
    if (found == left.end()) return tile;
    left.erase(found);
  }
  return held.front();
}

/// "2f at column 9 of the hand", or "2f in the hand" without the hand's text.
std::string hand_place(TileId tile, const RuleSet& rules, std::string_view hand_text,
                       Notation notation) {
  const std::string& code = rules.tile(tile).code;
  if (hand_text.empty()) return code + " in the hand";
  for (const TilePlace& place : bonus_tile_places(hand_text, rules, notation)) {
    if (place.tile == tile) {
      return code + " at column " + std::to_string(place.column) + " of the hand";
    }
  }
  return code + " in the hand";
}

}  // namespace

std::vector<TileId> hand_flowers(const Hand& hand, const RuleSet& rules) {
  // Bonus tiles are laid out after the meldable ones.
  std::vector<TileId> tiles;
  for (TileId t = rules.meldable_count(); t < rules.tile_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) continue;
    tiles.insert(tiles.end(), hand.counts[t], t);
  }
  return tiles;
}

std::vector<TileId> wild_bonus_tiles(const Hand& hand, const RuleSet& rules) {
  std::vector<TileId> tiles;
  for (TileId t = rules.meldable_count(); t < rules.tile_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) tiles.insert(tiles.end(), hand.counts[t], t);
  }
  return tiles;
}

void add_wild_bonus_flowers(WinContext& context, const Hand& hand, const RuleSet& rules) {
  const std::vector<TileId> wild = wild_bonus_tiles(hand, rules);
  if (wild.empty()) return;
  const bool count_only = context.flower_tiles.empty() && context.flower_count > 0;
  if (count_only) {
    context.flower_count = static_cast<std::uint8_t>(context.flower_count + wild.size());
    return;
  }
  context.flower_tiles.insert(context.flower_tiles.end(), wild.begin(), wild.end());
  std::sort(context.flower_tiles.begin(), context.flower_tiles.end());
  context.flower_count = static_cast<std::uint8_t>(context.flower_tiles.size());
}

void merge_hand_flowers(WinContext& context, const Hand& hand, const RuleSet& rules,
                        std::string_view hand_text, Notation notation) {
  std::vector<TileId> held = hand_flowers(hand, rules);
  if (held.empty()) return;
  const bool given = context.flower_count > 0 || !context.flower_tiles.empty();
  if (given) {
    const bool agree = context.flower_tiles.empty() ? context.flower_count == held.size()
                                                    : context.flower_tiles == held;
    if (!agree) {
      std::string gives;
      if (context.flower_tiles.empty()) {
        gives = std::to_string(context.flower_count);
      } else {
        for (const TileId tile : context.flower_tiles) {
          gives += (gives.empty() ? "" : " ") + rules.tile(tile).code;
        }
      }
      std::string holds;
      for (const TileId tile : held) holds += " " + rules.tile(tile).code;
      throw ContextError(
          "flowers",
          "gives " + gives + ", but the hand holds the bonus tiles" + holds + " (" +
              hand_place(first_unmatched(held, context.flower_tiles), rules, hand_text, notation) +
              "): give the flowers in the hand or in the context, or the same in both");
    }
  }
  context.flower_count = static_cast<std::uint8_t>(held.size());
  context.flower_tiles = std::move(held);
}

void check_win_context(const WinContext& context, const Hand& hand, const RuleSet& rules) {
  check_declared_melds(context, hand, rules);
  TileCounts held = hand.held_counts();
  if (context.set_aside > 0) {
    // parse_win_context admits a count only where the rule set names a set-aside tile.
    const TileId aside = rules.calls().set_aside;
    held[aside] = static_cast<std::uint8_t>(held[aside] + context.set_aside);
    if (held[aside] > rules.tile(aside).copies) {
      throw ContextError("set_aside", std::to_string(context.set_aside) + " of " +
                                          rules.tile(aside).code + " set aside and " +
                                          std::to_string(held[aside] - context.set_aside) +
                                          " in the hand make more than its " +
                                          std::to_string(rules.tile(aside).copies) + " copies");
    }
  }
  const auto add = [&](const char* field, const std::vector<TileId>& tiles) {
    for (const TileId tile : tiles) {
      // Wild kinds held stay tiles of their kind: they take copies as well.
      if (++held[tile] > rules.tile(tile).copies) {
        throw ContextError(field, "indicator " + rules.tile(tile).code + " would be copy " +
                                      std::to_string(held[tile]) + " of " +
                                      std::to_string(rules.tile(tile).copies) +
                                      ", counting the hand's tiles, those set aside and the "
                                      "other indicators");
      }
    }
  };
  add("dora", context.dora);
  add("ura", context.ura);
  // Robbing a kong: another player added the winning tile to their pung of it, so three more
  // copies are in that pung, outside the hand and the indicators. (With wildcards in melds the
  // pung may hold stand-ins: no copies can be counted.)
  if (context.robbing_kong && hand.winning != kNoTile && !rules.wildcards().in_melds) {
    const TileId robbed = hand.winning;
    const int copies = rules.tile(robbed).copies;
    if (held[robbed] + 3 > copies) {
      throw ContextError("robbing_kong", "a kong robbed of " + rules.tile(robbed).code +
                                             " holds 3 more of its " + std::to_string(copies) +
                                             " copies, but the hand and the indicators hold " +
                                             std::to_string(static_cast<int>(held[robbed])) +
                                             " with the winning tile");
    }
  }
}

}  // namespace meldgraph
