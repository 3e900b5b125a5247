/// The predicates over the hand as a whole and its context (pattern_predicate_list.hpp):
/// booleans (closed_hand, honours, dealer, only_wait), counts (suits, waits, wildcards,
/// soft_wildcards, bonus) and words (win, wait, flag, seat_wind, round_wind, form).

#include <bit>
#include <string>
#include <vector>

#include "pattern_arguments.hpp"
#include "pattern_evals.hpp"
#include "pattern_predicate_list.hpp"
#include "rule_readers.hpp"
#include "rule_writing.hpp"

namespace meldgraph::patterns {

using rule_file::fail;
using rule_file::Item;
using rule_file::Kind;
using rule_file::Value;

namespace {

constexpr std::string_view kWinWords[] = {"self_draw", "discard"};
constexpr std::string_view kWaitWords[] = {"none",   "two_sided", "closed",   "edge",
                                           "single", "dual_pung", "set_tile", "any"};
constexpr std::string_view kFlagWords[] = {"riichi",     "double_riichi", "ippatsu",
                                           "last_tile",  "after_kong",    "robbing_kong",
                                           "first_draw", "last_of_kind"};
constexpr std::string_view kWindWords[] = {"E", "S", "W", "N"};

}  // namespace

// ---------------------------------------------------------------------------------------------
// Boolean predicates: `closed_hand: true`. `bits` holds the value wanted.

void read_bool_arg(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  node.bits = rule_file::read_bool(item) ? 1 : 0;
}
std::string write_bool_arg(const ConditionNode& node, const WriteContext& /*context*/) {
  return rule_file::bool_text(node.bits != 0);
}

// ---------------------------------------------------------------------------------------------
// Counted predicates: `suits: 1`, `waits: {min: 9}`.

void read_range_arg(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  node.range = read_range_value(item);
}
std::string write_range_arg(const ConditionNode& node, const WriteContext& /*context*/) {
  return range_text(node.range);
}

bool eval_bonus(const ConditionNode& n, const ScoreFeatures& f) {
  return n.range.holds(f.win->flower_count);
}

// ---------------------------------------------------------------------------------------------
// Word predicates: `win: self_draw`, `wait: [closed, edge]`, `flag: riichi`.

void read_win(const Item& item, const ReadContext&, ConditionNode& node) {
  node.bits = read_word_mask(item, kWinWords);
}
std::string write_win(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(node.bits, kWinWords);
}

void read_wait(const Item& item, const ReadContext&, ConditionNode& node) {
  node.bits = read_word_mask(item, kWaitWords);
}
std::string write_wait(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(node.bits, kWaitWords);
}

void read_flag(const Item& item, const ReadContext&, ConditionNode& node) {
  node.bits = read_word_mask(item, kFlagWords);
}
std::string write_flag(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(node.bits, kFlagWords);
}

void read_wind(const Item& item, const ReadContext&, ConditionNode& node) {
  node.bits = read_word_mask(item, kWindWords);
}
std::string write_wind(const ConditionNode& node, const WriteContext&) {
  return word_mask_text(node.bits, kWindWords);
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
}  // namespace meldgraph::patterns
