/// The predicates over the hand as a whole and its context (predicate_list.hpp):
/// booleans (closed_hand, honours, dealer, only_wait), counts (suits, waits, wildcards,
/// soft_wildcards, bonus, honba) and words (win, wait, flag, seat_wind, round_wind, form).

#include <bit>
#include <string>
#include <vector>

#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/loader/rule_writing.hpp"
#include "patterns/arguments.hpp"
#include "patterns/evals.hpp"
#include "patterns/predicate_list.hpp"

namespace meldgraph::patterns {

namespace {

constexpr std::string_view kWinWords[] = {"self_draw", "discard"};
constexpr std::string_view kWaitWords[] = {"none",   "two_sided", "closed",   "edge",
                                           "single", "dual_pung", "set_tile", "any"};
constexpr std::string_view kFlagWords[] = {
    "riichi",       "double_riichi", "ippatsu",      "last_tile",          "after_kong",
    "robbing_kong", "first_draw",    "last_of_kind", "after_kong_discard", "robbing_gold"};
constexpr std::string_view kWindWords[] = {"E", "S", "W", "N"};

}  // namespace

// ---------------------------------------------------------------------------------------------
// Boolean predicates: `closed_hand: true` (BoolArg).

void read_bool_arg(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  BoolArg(node).wanted() = rule_file::read_bool(item) ? 1 : 0;
}
std::string write_bool_arg(const ConditionNode& node, const WriteContext& /*context*/) {
  return rule_file::bool_text(BoolArg(node).wanted() != 0);
}

// ---------------------------------------------------------------------------------------------
// Counted predicates: `suits: 1`, `waits: {min: 9}`.

void read_range_arg(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  node.range = read_range_value(item);
}
std::string write_range_arg(const ConditionNode& node, const WriteContext& /*context*/) {
  return range_text(node.range);
}

// `bonus: N` counts every bonus tile held; `bonus: {of: "15f", min: 1}` only those of the given
// tiles (a seat's flower and season), which needs the context's flowers as tiles: a count
// without tiles (`"flowers": 2`) holds none of them. Its arguments: BonusArgs (evals.hpp).
constexpr std::string_view kBonusKeys[] = {"of", "count", "min", "max"};

void read_bonus(const Item& item, const ReadContext& context, ConditionNode& node) {
  const BonusArgs args(node);
  if (item.value.kind != Kind::map || item.value.find("of") == nullptr) {
    args.count() = read_range_value(item);
    return;
  }
  const Value& map = item.value;
  check_arg_keys(map, kBonusKeys, "bonus");
  const Item& of = *map.find("of");
  if (of.value.kind != Kind::scalar) {
    fail(of.value.where,
         "expected bonus tile codes for 'of' (\"15f\"), got " + rule_file::describe(of.value));
  }
  TileSetRef set;
  for (const rule_file::TileRef& ref : rule_file::read_tile_codes(of, of.key)) {
    const TileId tile = context.tiles.find_tile(ref.letter, ref.rank);
    if (tile == kNoTile || !context.tiles.tile(tile).bonus) {
      std::string message = "'";  // appended: GCC 12 warns falsely on "'" + std::string
      message += ref.code();
      message += "' in 'bonus.of' is not a bonus tile";
      fail(ref.where, message);
    }
    set.tiles |= tile_bit(tile);
  }
  args.of() = set;
  args.names_tiles() = 1;
  args.count().min = 1;
  read_range_keys(map, args.count());
}
std::string write_bonus(const ConditionNode& node, const WriteContext& context) {
  const BonusArgs args(node);
  if (args.names_tiles() == 0) return range_text(args.count());
  std::string out = "{of: " + tiles_text(context.rules.tile_table(), args.of().tiles);
  const std::string count = range_keys(args.count(), {1, 0x7FFF});
  if (!count.empty()) out += ", " + count;
  return out + "}";
}
bool eval_bonus(const ConditionNode& n, const ScoreFeatures& f) {
  const BonusArgs args(n);
  if (args.names_tiles() == 0) return eval_by_facts(n, f);  // its lowering: every bonus tile
  int held = 0;
  for (const TileId tile : f.win->flower_tiles) held += (args.of().tiles & tile_bit(tile)) != 0;
  return args.count().holds(held);
}

// ---------------------------------------------------------------------------------------------
// Word predicates: `win: self_draw`, `wait: [closed, edge]`, `flag: riichi` (WordsArg).

void read_win(const Item& item, const ReadContext&, ConditionNode& node) {
  WordsArg(node).words() = read_word_mask(item, kWinWords);
}
std::string write_win(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(WordsArg(node).words(), kWinWords);
}

void read_wait(const Item& item, const ReadContext&, ConditionNode& node) {
  WordsArg(node).words() = read_word_mask(item, kWaitWords);
}
std::string write_wait(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(WordsArg(node).words(), kWaitWords);
}

void read_flag(const Item& item, const ReadContext&, ConditionNode& node) {
  WordsArg(node).words() = read_word_mask(item, kFlagWords);
}
std::string write_flag(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(WordsArg(node).words(), kFlagWords);
}

void read_wind(const Item& item, const ReadContext&, ConditionNode& node) {
  WordsArg(node).words() = read_word_mask(item, kWindWords);
}
std::string write_wind(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(WordsArg(node).words(), kWindWords);
}

void read_form(const Item& item, const ReadContext& context, ConditionNode& node) {
  if (context.forms.size() > 32) fail(item.key_where, "'form' supports at most 32 forms");
  std::vector<std::string_view> names;
  for (const FormSpec& form : context.forms) names.emplace_back(form.name);
  WordsArg(node).words() = read_word_mask(item, names);
}
std::string write_form(const ConditionNode& node, const WriteContext& context) {
  std::vector<std::string_view> names;
  for (const FormSpec& form : context.rules.forms()) names.emplace_back(form.name);
  return word_mask_text(WordsArg(node).words(), names);
}
}  // namespace meldgraph::patterns
