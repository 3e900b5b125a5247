/// The condition predicates (pattern_predicates.hpp): for each, its reader (YAML argument ->
/// ConditionNode fields, every error naming its place), its evaluator over a ScoreFeatures record
/// and its writer. docs/scoring.md, "Patterns", documents every predicate and argument.

#include "pattern_predicates.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "meldgraph/decomposition.hpp"
#include "rule_readers.hpp"
#include "rule_writing.hpp"

namespace meldgraph::patterns {

using rule_file::fail;
using rule_file::Item;
using rule_file::Kind;
using rule_file::Value;

// ---------------------------------------------------------------------------------------------
// Tile sets

namespace {

constexpr std::string_view kClassNames[] = {
    "simples", "terminals", "honours",    "winds", "dragons", "terminals_or_honours",
    "value",   "seat_wind", "round_wind", "all"};

}  // namespace

std::span<const std::string_view> builtin_tile_classes() {
  return kClassNames;
}

TileSetRef builtin_tile_class(const RuleSet& rules, std::size_t index) {
  const TileClasses& c = rules.tile_classes();
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
      for (TileId t = 0; t < rules.meldable_count(); ++t) set.tiles |= tile_bit(t);
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
      fail(ref.where, "'" + ref.code() + "' in '" + item.key + "' is not a meldable tile");
    }
    set.tiles |= tile_bit(tile);
  }
  return set;
}

std::string tiles_text(const RuleSet& rules, TileMask tiles) {
  std::string out;
  char letter = 0;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((tiles & tile_bit(t)) == 0) continue;
    const TileInfo& info = rules.tile(t);
    if (letter != 0 && info.letter != letter) out += letter;
    letter = info.letter;
    out += static_cast<char>('0' + info.rank);
  }
  if (letter != 0) out += letter;
  return rule_file::yaml_quoted(out);
}

std::string write_tile_set(const TileSetRef& set, const WriteContext& context) {
  if (set.name >= 0) return context.patterns.set_names[static_cast<std::size_t>(set.name)];
  return tiles_text(context.rules, set.tiles);
}

// ---------------------------------------------------------------------------------------------
// Argument readers and writers shared by the predicates

namespace {

/// `open` + `inner` + `close`, appended (GCC 12 warns falsely on `"{" + std::string + "}"`).
std::string wrap(std::string_view open, const std::string& inner, std::string_view close) {
  std::string out(open);
  out += inner;
  out += close;
  return out;
}

/// A count: `N` (exactly), or a map of `count` / `min` / `max`.
CountRange read_range_value(const Item& item) {
  CountRange range;
  if (item.value.kind == Kind::scalar) {
    range.min = range.max = static_cast<std::int16_t>(rule_file::read_int(item, 0, 255));
    return range;
  }
  if (item.value.kind != Kind::map) {
    fail(item.value.where, "expected a count (N, or {min: N, max: M}) for '" + item.key +
                               "', got " + rule_file::describe(item.value));
  }
  for (const Item& entry : item.value.entries) {
    if (entry.key != "count" && entry.key != "min" && entry.key != "max") {
      fail(entry.key_where, "unknown key '" + entry.key + "' in the count '" + item.key +
                                "' (valid keys: count, min, max)");
    }
  }
  bool any = false;
  for (const Item& entry : item.value.entries) {
    const auto n = static_cast<std::int16_t>(rule_file::read_int(entry, 0, 255));
    if (entry.key == "count") range.min = range.max = n;
    if (entry.key == "min") range.min = n;
    if (entry.key == "max") range.max = n;
    any = true;
  }
  if (!any) fail(item.value.where, "the count '" + item.key + "' names no count, min or max");
  if (range.min > range.max) fail(item.value.where, "'" + item.key + "': min is above max");
  return range;
}

/// Reads `count`, `min`, `max` among the entries of a map argument into `range`; true when any.
/// A `max` alone lowers the default minimum to 0 (`{max: 0}`: no group matches).
bool read_range_keys(const Value& map, CountRange& range) {
  if (map.find("max") != nullptr && map.find("min") == nullptr) range.min = 0;
  bool any = false;
  for (const Item& entry : map.entries) {
    if (entry.key != "count" && entry.key != "min" && entry.key != "max") continue;
    const auto n = static_cast<std::int16_t>(rule_file::read_int(entry, 0, 255));
    if (entry.key == "count") range.min = range.max = n;
    if (entry.key == "min") range.min = n;
    if (entry.key == "max") range.max = n;
    any = true;
  }
  if (range.min > range.max) fail(map.where, "min is above max");
  return any;
}

std::string range_text(const CountRange& range) {
  if (range.min == range.max) return std::to_string(range.min);
  std::string out = "{";
  if (range.min != 0) out += "min: " + std::to_string(range.min);
  if (range.max != 0x7FFF) {
    if (out.size() > 1) out += ", ";
    out += "max: " + std::to_string(range.max);
  }
  return out + "}";
}

/// The range as keys of a map argument (", count: 2"), nothing for the default `default_range`.
std::string range_keys(const CountRange& range, const CountRange& default_range) {
  if (range.min == default_range.min && range.max == default_range.max) return "";
  if (range.min == range.max) return "count: " + std::to_string(range.min);
  std::string out;
  if (range.min != 0) out += "min: " + std::to_string(range.min);
  if (range.max != 0x7FFF) {
    if (!out.empty()) out += ", ";
    out += "max: " + std::to_string(range.max);
  }
  return out;
}

const Value& expect_map_arg(const Item& item) {
  if (item.value.kind != Kind::map) {
    fail(item.value.where,
         "expected a map for '" + item.key + "', got " + rule_file::describe(item.value));
  }
  return item.value;
}

void check_arg_keys(const Value& map, std::span<const std::string_view> keys,
                    std::string_view predicate) {
  for (const Item& entry : map.entries) {
    if (std::find(keys.begin(), keys.end(), entry.key) != keys.end()) continue;
    fail(entry.key_where, "unknown key '" + entry.key + "' in '" + std::string(predicate) + "'" +
                              rule_file::did_you_mean(entry.key, keys) +
                              " (valid keys: " + rule_file::word_list(keys) + ")");
  }
}

/// One word of `words` or a list of them, as a bit mask over their indices.
std::uint32_t read_word_mask(const Item& item, std::span<const std::string_view> words) {
  std::vector<const Value*> values;
  if (item.value.kind == Kind::list) {
    for (const Value& element : item.value.elements) values.push_back(&element);
  } else {
    values.push_back(&item.value);
  }
  if (values.empty()) fail(item.value.where, "'" + item.key + "' must not be empty");
  std::uint32_t mask = 0;
  for (const Value* value : values) {
    if (value->kind != Kind::scalar) {
      fail(value->where,
           "expected a word for '" + item.key + "', got " + rule_file::describe(*value));
    }
    const auto found = std::find(words.begin(), words.end(), value->text);
    if (found == words.end()) {
      fail(value->where, "unknown value '" + value->text + "' for '" + item.key + "'" +
                             rule_file::did_you_mean(value->text, words) +
                             " (valid values: " + rule_file::word_list(words) + ")");
    }
    mask |= 1U << static_cast<unsigned>(found - words.begin());
  }
  return mask;
}

/// The words of a mask: one word, or `[a, b]`.
std::string word_mask_text(std::uint32_t mask, std::span<const std::string_view> words) {
  std::vector<std::string_view> chosen;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if ((mask & (1U << i)) != 0) chosen.push_back(words[i]);
  }
  if (chosen.size() == 1) return std::string(chosen[0]);
  std::string out = "[";
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    if (i > 0) out += ", ";
    out += chosen[i];
  }
  return out + "]";
}

bool mask_all_in(TileMask faces, TileMask mask) {
  return faces != 0 && (faces & ~mask) == 0;
}

// ---------------------------------------------------------------------------------------------
// Boolean predicates: `closed_hand: true`. `bits` holds the value wanted.

void read_bool_arg(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  node.bits = rule_file::read_bool(item) ? 1 : 0;
}
std::string write_bool_arg(const ConditionNode& node, const WriteContext& /*context*/) {
  return rule_file::bool_text(node.bits != 0);
}

bool eval_closed_hand(const ConditionNode& n, const ScoreFeatures& f) {
  return f.closed_hand == (n.bits != 0);
}
bool eval_honours(const ConditionNode& n, const ScoreFeatures& f) {
  return f.honours_used == (n.bits != 0);
}
bool eval_dealer(const ConditionNode& n, const ScoreFeatures& f) {
  return f.win->dealer() == (n.bits != 0);
}
bool eval_only_wait(const ConditionNode& n, const ScoreFeatures& f) {
  const bool only = f.has_waits && std::popcount(f.waits_before) == 1;
  return only == (n.bits != 0);
}

// ---------------------------------------------------------------------------------------------
// Counted predicates: `suits: 1`, `waits: {min: 9}`.

void read_range_arg(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  node.range = read_range_value(item);
}
std::string write_range_arg(const ConditionNode& node, const WriteContext& /*context*/) {
  return range_text(node.range);
}

bool eval_suits(const ConditionNode& n, const ScoreFeatures& f) {
  return n.range.holds(std::popcount(static_cast<unsigned>(f.suits_used)));
}
bool eval_waits(const ConditionNode& n, const ScoreFeatures& f) {
  return f.has_waits && n.range.holds(std::popcount(f.waits_before));
}
bool eval_wildcards(const ConditionNode& n, const ScoreFeatures& f) {
  return n.range.holds(f.wildcards);
}
bool eval_soft_wildcards(const ConditionNode& n, const ScoreFeatures& f) {
  return n.range.holds(f.soft_wildcards);
}
bool eval_bonus(const ConditionNode& n, const ScoreFeatures& f) {
  return n.range.holds(f.win->flower_count);
}

// ---------------------------------------------------------------------------------------------
// Word predicates: `win: self_draw`, `wait: [closed, edge]`, `flag: riichi`.

constexpr std::string_view kWinWords[] = {"self_draw", "discard"};
constexpr std::string_view kWaitWords[] = {"none",   "two_sided", "closed",   "edge",
                                           "single", "dual_pung", "set_tile", "any"};
constexpr std::string_view kFlagWords[] = {"riichi",     "double_riichi", "ippatsu",
                                           "last_tile",  "after_kong",    "robbing_kong",
                                           "first_draw", "last_of_kind"};
constexpr std::string_view kWindWords[] = {"E", "S", "W", "N"};

void read_win(const Item& item, const ReadContext&, ConditionNode& node) {
  node.bits = read_word_mask(item, kWinWords);
}
std::string write_win(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(node.bits, kWinWords);
}
bool eval_win(const ConditionNode& n, const ScoreFeatures& f) {
  return (n.bits & (1U << static_cast<unsigned>(f.win->win))) != 0;
}

void read_wait(const Item& item, const ReadContext&, ConditionNode& node) {
  node.bits = read_word_mask(item, kWaitWords);
}
std::string write_wait(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(node.bits, kWaitWords);
}
bool eval_wait(const ConditionNode& n, const ScoreFeatures& f) {
  return (n.bits & (1U << static_cast<unsigned>(f.wait))) != 0;
}

void read_flag(const Item& item, const ReadContext&, ConditionNode& node) {
  node.bits = read_word_mask(item, kFlagWords);
}
std::string write_flag(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(node.bits, kFlagWords);
}
/// The context's flags as a mask in kFlagWords order.
std::uint32_t context_flags(const WinContext& w) {
  const bool flags[] = {w.riichi,     w.double_riichi, w.ippatsu,    w.last_tile,
                        w.after_kong, w.robbing_kong,  w.first_draw, w.last_of_kind};
  std::uint32_t mask = 0;
  for (std::size_t i = 0; i < std::size(flags); ++i) mask |= flags[i] ? 1U << i : 0U;
  return mask;
}
bool eval_flag(const ConditionNode& n, const ScoreFeatures& f) {
  return (context_flags(*f.win) & n.bits) == n.bits;
}

void read_wind(const Item& item, const ReadContext&, ConditionNode& node) {
  node.bits = read_word_mask(item, kWindWords);
}
std::string write_wind(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(node.bits, kWindWords);
}
bool eval_seat_wind(const ConditionNode& n, const ScoreFeatures& f) {
  return (n.bits & (1U << static_cast<unsigned>(f.win->seat_wind))) != 0;
}
bool eval_round_wind(const ConditionNode& n, const ScoreFeatures& f) {
  return (n.bits & (1U << static_cast<unsigned>(f.win->round_wind))) != 0;
}

void read_form(const Item& item, const ReadContext& context, ConditionNode& node) {
  if (context.forms.size() > 32) fail(item.key_where, "'form' supports at most 32 forms");
  std::vector<std::string_view> names;
  for (const FormSpec& form : context.forms) names.emplace_back(form.name);
  node.bits = read_word_mask(item, names);
}
std::string write_form(const ConditionNode& node, const WriteContext& context) {
  std::vector<std::string_view> names;
  for (const FormSpec& form : context.rules.forms()) names.emplace_back(form.name);
  return word_mask_text(node.bits, names);
}
bool eval_form(const ConditionNode& n, const ScoreFeatures& f) {
  return f.form < 32 && (n.bits & (1U << f.form)) != 0;
}

// ---------------------------------------------------------------------------------------------
// faces: the hand's faces against tile sets.

constexpr std::string_view kSetKeys[] = {"all_in", "any_in", "none_in"};

/// Reads the all_in / any_in / none_in keys of a map into node.sets; true when any.
bool read_set_keys(const Value& map, const ReadContext& context, ConditionNode& node) {
  bool any = false;
  for (const Item& entry : map.entries) {
    for (std::size_t k = 0; k < std::size(kSetKeys); ++k) {
      if (entry.key != kSetKeys[k]) continue;
      node.sets[k] = read_tile_set(entry, context);
      node.small[8] = static_cast<std::uint8_t>(node.small[8] | (1U << k));
      any = true;
    }
  }
  return any;
}
std::string set_keys_text(const ConditionNode& node, const WriteContext& context) {
  std::string out;
  for (std::size_t k = 0; k < std::size(kSetKeys); ++k) {
    if ((node.small[8] & (1U << k)) == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::string(kSetKeys[k]) + ": " + write_tile_set(node.sets[k], context);
  }
  return out;
}
/// Whether `faces` meets the set keys of `node`.
bool faces_meet(const ConditionNode& n, TileMask faces, const ScoreFeatures& f) {
  const std::uint8_t used = n.small[8];
  if ((used & 1U) != 0 && !mask_all_in(faces, resolve(n.sets[0], f))) return false;
  if ((used & 2U) != 0 && (faces & resolve(n.sets[1], f)) == 0) return false;
  if ((used & 4U) != 0 && (faces & resolve(n.sets[2], f)) != 0) return false;
  return true;
}

void read_faces(const Item& item, const ReadContext& context, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  check_arg_keys(map, kSetKeys, "faces");
  if (!read_set_keys(map, context, node)) {
    fail(item.value.where, "'faces' needs all_in, any_in or none_in");
  }
}
std::string write_faces(const ConditionNode& node, const WriteContext& context) {
  return wrap("{", set_keys_text(node, context), "}");
}
bool eval_faces(const ConditionNode& n, const ScoreFeatures& f) {
  return faces_meet(n, f.faces, f);
}

// ---------------------------------------------------------------------------------------------
// groups: count the groups that match a filter.

constexpr std::string_view kKindWords[] = {"pair",     "pung",     "kong",      "chow", "single",
                                           "any_meld", "any_pair", "wildcards", "knit"};
/// The flag keys of a group filter, and their kFeature bits.
constexpr std::string_view kGroupFlagWords[] = {"open", "declared", "winning",        "by_discard",
                                                "wild", "abstract", "concealed_kong", "added_kong"};
constexpr std::uint16_t kGroupFlagBits[] = {
    kFeatureOpen, kFeatureDeclared, kFeatureWinning,       kFeatureByDiscard,
    kFeatureWild, kFeatureAbstract, kFeatureConcealedKong, kFeatureAddedKong};
/// small[0] of a groups node: how the matching groups are counted.
constexpr std::uint8_t kCountRange = 0;
constexpr std::uint8_t kCountAll = 1;

constexpr std::string_view kGroupKeys[] = {"kind",       "open",   "declared", "winning",
                                           "by_discard", "wild",   "abstract", "concealed_kong",
                                           "added_kong", "all_in", "any_in",   "none_in",
                                           "count",      "min",    "max",      "all"};

constexpr std::uint32_t kAllKinds = (1U << std::size(kKindWords)) - 1;

/// The filter keys of a group filter (kind, flags, tile sets) into `node`.
void read_group_filter(const Value& map, const ReadContext& context, ConditionNode& node) {
  node.bits = kAllKinds;
  for (const Item& entry : map.entries) {
    if (entry.key == "kind") node.bits = read_word_mask(entry, kKindWords);
    for (std::size_t k = 0; k < std::size(kGroupFlagWords); ++k) {
      if (entry.key != kGroupFlagWords[k]) continue;
      if (rule_file::read_bool(entry)) {
        node.flags_set |= kGroupFlagBits[k];
      } else {
        node.flags_clear |= kGroupFlagBits[k];
      }
    }
  }
  read_set_keys(map, context, node);
}
std::string group_filter_text(const ConditionNode& node, const WriteContext& context) {
  std::string out;
  const auto add = [&](const std::string& part) {
    if (!out.empty()) out += ", ";
    out += part;
  };
  if (node.bits != kAllKinds) add("kind: " + word_mask_text(node.bits, kKindWords));
  for (std::size_t k = 0; k < std::size(kGroupFlagWords); ++k) {
    if ((node.flags_set & kGroupFlagBits[k]) != 0) add(std::string(kGroupFlagWords[k]) + ": true");
    if ((node.flags_clear & kGroupFlagBits[k]) != 0) {
      add(std::string(kGroupFlagWords[k]) + ": false");
    }
  }
  const std::string sets = set_keys_text(node, context);
  if (!sets.empty()) add(sets);
  return out;
}
bool group_matches(const ConditionNode& n, const GroupFeature& g, const ScoreFeatures& f) {
  if ((n.bits & (1U << static_cast<unsigned>(g.kind))) == 0) return false;
  if ((g.flags & n.flags_set) != n.flags_set || (g.flags & n.flags_clear) != 0) return false;
  return n.small[8] == 0 || faces_meet(n, g.faces, f);
}

void read_groups(const Item& item, const ReadContext& context, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  check_arg_keys(map, kGroupKeys, "groups");
  read_group_filter(map, context, node);
  node.range.min = 1;  // by default: some group matches
  const bool counted = read_range_keys(map, node.range);
  if (const Item* all = map.find("all")) {
    if (counted) fail(all->key_where, "'groups' takes either 'all' or a count, not both");
    if (!rule_file::read_bool(*all)) {
      fail(all->value.where,
           "'all: false' says nothing; write 'max' or wrap the condition in 'not'");
    }
    node.small[0] = kCountAll;
  }
}
std::string write_groups(const ConditionNode& node, const WriteContext& context) {
  std::string out = group_filter_text(node, context);
  std::string count =
      node.small[0] == kCountAll ? "all: true" : range_keys(node.range, {1, 0x7FFF});
  if (!count.empty()) out += (out.empty() ? "" : ", ") + count;
  return wrap("{", out, "}");
}
bool eval_groups(const ConditionNode& n, const ScoreFeatures& f) {
  int matching = 0;
  for (std::uint8_t i = 0; i < f.group_count; ++i) matching += group_matches(n, f.groups[i], f);
  if (n.small[0] == kCountAll) return f.group_count > 0 && matching == f.group_count;
  return n.range.holds(matching);
}

// ---------------------------------------------------------------------------------------------
// sets: relations among groups of sequence suits (identical, shifted, same rank across suits,
// straights). small[0] size, small[1] step, small[2] suits mode, small[3] disjoint.

constexpr std::string_view kSuitModes[] = {"same", "distinct", "any"};
constexpr std::string_view kSetsKeys[] = {"kind",     "size",  "step", "suits",
                                          "disjoint", "count", "min",  "max"};
constexpr std::size_t kMaxSets = kMaxSetInstances;

void read_sets(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  check_arg_keys(map, kSetsKeys, "sets");
  node.bits = kAllKinds;
  node.small[0] = 2;
  node.small[2] = 0;
  for (const Item& entry : map.entries) {
    if (entry.key == "kind") node.bits = read_word_mask(entry, kKindWords);
    if (entry.key == "size")
      node.small[0] = static_cast<std::uint8_t>(rule_file::read_int(entry, 2, 4));
    if (entry.key == "step")
      node.small[1] = static_cast<std::uint8_t>(rule_file::read_int(entry, 0, 8));
    if (entry.key == "suits") {
      node.small[2] =
          static_cast<std::uint8_t>(std::countr_zero(read_word_mask(entry, kSuitModes)));
    }
    if (entry.key == "disjoint") node.small[3] = rule_file::read_bool(entry) ? 1 : 0;
  }
  if (map.find("suits") == nullptr) {
    fail(item.value.where, "'sets' needs 'suits' (same, distinct or any)");
  }
  node.range.min = 1;
  read_range_keys(map, node.range);
}
std::string write_sets(const ConditionNode& node, const WriteContext& /*context*/) {
  std::string out = "{";
  if (node.bits != kAllKinds) out += "kind: " + word_mask_text(node.bits, kKindWords) + ", ";
  out += "size: " + std::to_string(node.small[0]) + ", step: " + std::to_string(node.small[1]) +
         ", suits: " + std::string(kSuitModes[node.small[2]]);
  if (node.small[3] != 0) out += ", disjoint: true";
  const std::string count = range_keys(node.range, {1, 0x7FFF});
  if (!count.empty()) out += ", " + count;
  return out + "}";
}

/// Whether the chosen groups (ranks and suits of `size` groups) form a set of `node`'s shape.
bool forms_set(const ConditionNode& n, std::array<std::uint8_t, 4> ranks,
               std::array<std::uint8_t, 4> suits, int size) {
  // Sort by rank, suits along (insertion sort over at most four).
  for (int i = 1; i < size; ++i) {
    for (int j = i; j > 0 && ranks[j] < ranks[j - 1]; --j) {
      std::swap(ranks[j], ranks[j - 1]);
      std::swap(suits[j], suits[j - 1]);
    }
  }
  for (int i = 1; i < size; ++i) {
    if (ranks[i] != ranks[0] + i * n.small[1]) return false;
  }
  for (int i = 0; i < size; ++i) {
    for (int j = i + 1; j < size; ++j) {
      if (n.small[2] == 0 && suits[i] != suits[j]) return false;
      if (n.small[2] == 1 && suits[i] == suits[j]) return false;
    }
  }
  return true;
}

/// The most pairwise disjoint masks among masks[from, count), given `used` groups taken.
int most_disjoint(const std::array<std::uint32_t, kMaxSets>& masks, std::size_t count,
                  std::size_t from, std::uint32_t used) {
  int best = 0;
  for (std::size_t i = from; i < count; ++i) {
    if ((masks[i] & used) != 0) continue;
    best = std::max(best, 1 + most_disjoint(masks, count, i + 1, used | masks[i]));
  }
  return best;
}

}  // namespace

std::size_t set_instances(const ConditionNode& n, const ScoreFeatures& f,
                          std::array<std::uint32_t, kMaxSetInstances>& masks) {
  // Step 1: the candidate groups: of the kinds, concrete, of a sequence suit.
  std::array<std::uint8_t, kMaxFeatureGroups> candidates{};
  int count = 0;
  for (std::uint8_t i = 0; i < f.group_count; ++i) {
    const GroupFeature& g = f.groups[i];
    if ((n.bits & (1U << static_cast<unsigned>(g.kind))) == 0 || g.faces == 0) continue;
    if (!f.rules->suits()[g.suit].sequences) continue;
    candidates[static_cast<std::size_t>(count++)] = i;
  }
  const int size = n.small[0];
  if (count < size) return 0;
  // Step 2: every combination of `size` candidates that forms a set, as a mask of groups.
  std::size_t sets = 0;
  std::array<int, 4> pick{0, 1, 2, 3};
  while (true) {
    std::array<std::uint8_t, 4> ranks{};
    std::array<std::uint8_t, 4> suits{};
    std::uint32_t mask = 0;
    for (int k = 0; k < size; ++k) {
      const GroupFeature& g = f.groups[candidates[static_cast<std::size_t>(pick[k])]];
      ranks[k] = g.rank;
      suits[k] = g.suit;
      mask |= 1U << candidates[static_cast<std::size_t>(pick[k])];
    }
    if (forms_set(n, ranks, suits, size) && sets < kMaxSets) masks[sets++] = mask;
    // The next combination in lexicographic order.
    int k = size - 1;
    while (k >= 0 && pick[k] == count - size + k) --k;
    if (k < 0) break;
    ++pick[k];
    for (int j = k + 1; j < size; ++j) pick[j] = pick[j - 1] + 1;
  }
  return sets;
}

namespace {

bool eval_sets(const ConditionNode& n, const ScoreFeatures& f) {
  std::array<std::uint32_t, kMaxSets> masks{};
  const std::size_t sets = set_instances(n, f, masks);
  // Step 3: count them, or the most that share no group.
  const int found = n.small[3] != 0 ? most_disjoint(masks, sets, 0, 0) : static_cast<int>(sets);
  return n.range.holds(found);
}

// ---------------------------------------------------------------------------------------------
// suit_counts: some sequence suit holds at least these counts by rank (nine gates).

void read_suit_counts(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  constexpr std::string_view keys[] = {"at_least"};
  check_arg_keys(map, keys, "suit_counts");
  const Item* at_least = map.find("at_least");
  if (at_least == nullptr) fail(item.value.where, "'suit_counts' needs 'at_least'");
  if (at_least->value.kind != Kind::list || at_least->value.elements.empty() ||
      at_least->value.elements.size() > 9) {
    fail(at_least->value.where, "'at_least' is a list of 1 to 9 counts, one per rank");
  }
  node.small.fill(0);
  node.bits = static_cast<std::uint32_t>(at_least->value.elements.size());
  for (std::size_t r = 0; r < at_least->value.elements.size(); ++r) {
    node.small[r] = static_cast<std::uint8_t>(
        rule_file::read_int(at_least->value.elements[r], "at_least", 0, 4));
  }
}
std::string write_suit_counts(const ConditionNode& node, const WriteContext& /*context*/) {
  std::string out = "{at_least: [";
  for (std::uint32_t r = 0; r < node.bits; ++r) {
    if (r > 0) out += ", ";
    out += std::to_string(node.small[r]);
  }
  return out + "]}";
}
bool eval_suit_counts(const ConditionNode& n, const ScoreFeatures& f) {
  for (const SuitLayout& layout : f.rules->suit_layouts()) {
    if (!layout.sequences || layout.ranks != n.bits) continue;
    bool enough = true;
    for (std::uint32_t r = 0; r < n.bits && enough; ++r) {
      enough = f.counts[layout.first + r] >= n.small[r];
    }
    if (enough) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// copies: how many faces of a set the hand holds at least N of (四归一: four of a tile).

constexpr std::string_view kCopiesKeys[] = {"of", "at_least", "count", "min", "max"};

void read_copies(const Item& item, const ReadContext& context, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  check_arg_keys(map, kCopiesKeys, "copies");
  node.sets[0] = builtin_tile_class(context.tiles, std::size(kClassNames) - 1);
  if (const Item* of = map.find("of")) node.sets[0] = read_tile_set(*of, context);
  const Item* at_least = map.find("at_least");
  if (at_least == nullptr) fail(item.value.where, "'copies' needs 'at_least'");
  node.small[0] = static_cast<std::uint8_t>(rule_file::read_int(*at_least, 1, 4));
  node.range.min = 1;
  read_range_keys(map, node.range);
}
std::string write_copies(const ConditionNode& node, const WriteContext& context) {
  std::string out = "{of: " + write_tile_set(node.sets[0], context) +
                    ", at_least: " + std::to_string(node.small[0]);
  const std::string count = range_keys(node.range, {1, 0x7FFF});
  if (!count.empty()) out += ", " + count;
  return out + "}";
}
bool eval_copies(const ConditionNode& n, const ScoreFeatures& f) {
  TileMask mask = resolve(n.sets[0], f) & f.faces;
  int found = 0;
  while (mask != 0) {
    const auto tile = static_cast<std::size_t>(std::countr_zero(mask));
    mask &= mask - 1;
    found += f.counts[tile] >= n.small[0] ? 1 : 0;
  }
  return n.range.holds(found);
}

// ---------------------------------------------------------------------------------------------
// The registry.

constexpr PredicateSpec kPredicates[] = {
    {"groups", read_groups, eval_groups, write_groups},
    {"faces", read_faces, eval_faces, write_faces},
    {"sets", read_sets, eval_sets, write_sets},
    {"suits", read_range_arg, eval_suits, write_range_arg},
    {"honours", read_bool_arg, eval_honours, write_bool_arg},
    {"closed_hand", read_bool_arg, eval_closed_hand, write_bool_arg},
    {"form", read_form, eval_form, write_form},
    {"wait", read_wait, eval_wait, write_wait},
    {"only_wait", read_bool_arg, eval_only_wait, write_bool_arg},
    {"waits", read_range_arg, eval_waits, write_range_arg},
    {"win", read_win, eval_win, write_win},
    {"flag", read_flag, eval_flag, write_flag},
    {"dealer", read_bool_arg, eval_dealer, write_bool_arg},
    {"seat_wind", read_wind, eval_seat_wind, write_wind},
    {"round_wind", read_wind, eval_round_wind, write_wind},
    {"suit_counts", read_suit_counts, eval_suit_counts, write_suit_counts},
    {"copies", read_copies, eval_copies, write_copies},
    {"wildcards", read_range_arg, eval_wildcards, write_range_arg},
    {"soft_wildcards", read_range_arg, eval_soft_wildcards, write_range_arg},
    {"bonus", read_range_arg, eval_bonus, write_range_arg},
};
static_assert(std::size(kPredicates) + kFirstPredicate <= 256);

}  // namespace

std::span<const PredicateSpec> predicate_registry() {
  return kPredicates;
}

// ---------------------------------------------------------------------------------------------
// Conditions: combinators over predicates.

bool condition_holds(const PatternRules& rules, std::uint32_t root, const ScoreFeatures& features) {
  const ConditionNode& node = rules.nodes[root];
  switch (node.op) {
    case kOpTrue:
      return true;
    case kOpNot:
      return !condition_holds(rules, root + 1, features);
    case kOpAll:
    case kOpAny:
    case kOpAtLeast: {
      std::uint32_t child = root + 1;
      int held = 0;
      for (int c = 0; c < node.children; ++c) {
        const bool holds = condition_holds(rules, child, features);
        if (node.op == kOpAll && !holds) return false;
        if (node.op == kOpAny && holds) return true;
        held += holds ? 1 : 0;
        child += rules.nodes[child].size;
      }
      if (node.op == kOpAll) return true;
      if (node.op == kOpAny) return false;
      return held >= node.range.min;
    }
    default:
      return kPredicates[node.op - kFirstPredicate].eval(node, features);
  }
}

namespace {

std::string children_text(const WriteContext& context, std::uint32_t root) {
  const ConditionNode& node = context.patterns.nodes[root];
  std::string out = "[";
  std::uint32_t child = root + 1;
  for (int c = 0; c < node.children; ++c) {
    if (c > 0) out += ", ";
    out += write_condition(context, child);
    child += context.patterns.nodes[child].size;
  }
  return out + "]";
}

}  // namespace

std::string write_condition(const WriteContext& context, std::uint32_t root) {
  const ConditionNode& node = context.patterns.nodes[root];
  switch (node.op) {
    case kOpTrue:
      return "{all: []}";
    case kOpNot:
      return wrap("{not: ", write_condition(context, root + 1), "}");
    case kOpAll:
      return wrap("{all: ", children_text(context, root), "}");
    case kOpAny:
      return wrap("{any: ", children_text(context, root), "}");
    case kOpAtLeast:
      return wrap("{at_least: {n: " + std::to_string(node.range.min) + ", of: ",
                  children_text(context, root), "}}");
    default: {
      const PredicateSpec& spec = kPredicates[node.op - kFirstPredicate];
      return wrap(std::string("{") + std::string(spec.name) + ": ", spec.write(node, context), "}");
    }
  }
}

std::string first_failing_part(const WriteContext& context, std::uint32_t root,
                               const ScoreFeatures& features) {
  const PatternRules& rules = context.patterns;
  if (condition_holds(rules, root, features)) return "";
  const ConditionNode& node = rules.nodes[root];
  if (node.op == kOpAll) {
    std::uint32_t child = root + 1;
    for (int c = 0; c < node.children; ++c) {
      if (!condition_holds(rules, child, features)) {
        return first_failing_part(context, child, features);
      }
      child += rules.nodes[child].size;
    }
  }
  return write_condition(context, root);
}

}  // namespace meldgraph::patterns
