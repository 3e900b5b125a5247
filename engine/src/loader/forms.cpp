/// The form types of rule files (forms.hpp): the table, the reading of `forms` and of each
/// type's keys, and the writing of each type's keys for dump_rules.

#include "forms.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "interpreter.hpp"
#include "meldgraph/loader/rule_writing.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph::rule_file {

namespace {

// The keys of each type; the first five (three for `wildcards`, which no cap or scorer-only
// rule concerns) are common and read by read_form.
constexpr std::string_view kMeldsKeys[] = {"type",          "enabled",       "wildcards",
                                           "max_wildcards", "scored_only",   "pairs",
                                           "pair_tiles",    "pair_wildcards"};
constexpr std::string_view kPairsKeys[] = {"type",          "enabled",           "wildcards",
                                           "max_wildcards", "scored_only",       "pairs",
                                           "pungs",         "four_as_two_pairs", "pair_wildcards"};
constexpr std::string_view kSetKeys[] = {"type",          "enabled",     "wildcards",
                                         "max_wildcards", "scored_only", "tiles"};
constexpr std::string_view kWildcardsKeys[] = {"type", "enabled", "wildcards", "count"};
constexpr std::string_view kSinglesKeys[] = {"type",        "enabled", "wildcards", "max_wildcards",
                                             "scored_only", "size",    "pairs",     "honours",
                                             "suits",       "gap",     "require"};

constexpr std::string_view kPairWildcardsNames[] = {"any", "with_natural", "none"};
constexpr std::string_view kSinglesSuitsNames[] = {"knitted", "gapped"};

std::string_view pair_wildcards_name(PairWildcards rule) {
  return kPairWildcardsNames[static_cast<std::size_t>(rule)];
}

std::string mask_list(const RuleSet& rules, TileMask mask) {
  std::vector<TileId> tiles;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((mask & tile_bit(t)) != 0) tiles.push_back(t);
  }
  return tile_list(rules, tiles);
}

void write_pair_rules(const RuleSet& rules, const FormSpec& form, std::string& out) {
  if (form.pair_tiles != 0) out += "    pair_tiles: " + mask_list(rules, form.pair_tiles) + "\n";
  out += "    pair_wildcards: " + std::string(pair_wildcards_name(form.pair_wildcards)) + "\n";
}

void write_melds_form(const RuleSet& rules, const FormSpec& form, std::string& out) {
  out += "    pairs: " + std::to_string(form.pairs) + "\n";
  write_pair_rules(rules, form, out);
}

void write_pairs_form(const RuleSet& /*rules*/, const FormSpec& form, std::string& out) {
  out += "    pairs: " + std::to_string(form.pairs) + "\n";
  out += "    pungs: " + std::to_string(form.pungs) + "\n";
  out += "    four_as_two_pairs: " + bool_text(form.four_as_two_pairs) + "\n";
  out += "    pair_wildcards: " + std::string(pair_wildcards_name(form.pair_wildcards)) + "\n";
}

void write_set_form(const RuleSet& rules, const FormSpec& form, std::string& out) {
  out += "    tiles: " + tile_list(rules, form.set_tiles) + "\n";
}

void write_wildcards_form(const RuleSet& /*rules*/, const FormSpec& form, std::string& out) {
  out += "    count: " + std::to_string(form.count) + "\n";
}

void write_singles_form(const RuleSet& rules, const FormSpec& form, std::string& out) {
  out += "    size: " + std::to_string(form.hand_tiles) + "\n";
  out += "    pairs: " + std::to_string(form.pairs) + "\n";
  out += "    honours: " + mask_list(rules, form.single_tiles) + "\n";
  const bool knitted = form.singles_suits == SinglesSuits::knitted;
  out += "    suits: " + std::string(kSinglesSuitsNames[knitted ? 0 : 1]) + "\n";
  if (!knitted) out += "    gap: " + std::to_string(form.gap) + "\n";
  out += "    require: " + mask_list(rules, form.required) + "\n";
}

constexpr std::array<FormTypeInfo, 6> kFormTypes = {{
    {FormType::melds, "melds", kMeldsKeys, &Interpreter::read_melds_form, &write_melds_form},
    {FormType::pairs, "pairs", kPairsKeys, &Interpreter::read_pairs_form, &write_pairs_form},
    {FormType::set, "set", kSetKeys, &Interpreter::read_set_form, &write_set_form},
    {FormType::wildcards, "wildcards", kWildcardsKeys, &Interpreter::read_wildcards_form,
     &write_wildcards_form},
    {FormType::knitted, "knitted", kMeldsKeys, &Interpreter::read_knitted_form, &write_melds_form},
    {FormType::singles, "singles", kSinglesKeys, &Interpreter::read_singles_form,
     &write_singles_form},
}};

/// The type names, for messages.
std::vector<std::string_view> form_type_names() {
  std::vector<std::string_view> names;
  names.reserve(kFormTypes.size());
  for (const FormTypeInfo& info : kFormTypes) names.push_back(info.name);
  return names;
}

}  // namespace

std::span<const FormTypeInfo> form_types() {
  return kFormTypes;
}

const FormTypeInfo& form_type_info(FormType type) {
  for (const FormTypeInfo& info : kFormTypes) {
    if (info.type == type) return info;
  }
  return kFormTypes.front();  // unreachable: every FormType has an entry
}

const FormTypeInfo* find_form_type(std::string_view name) {
  for (const FormTypeInfo& info : kFormTypes) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

Where FormContext::blame(const Item* key, const Where* extra) const {
  const Where* best = &entry.key_where;
  for (const Where* place : {&type->key_where, enabled != nullptr ? &enabled->key_where : nullptr,
                             key != nullptr ? &key->key_where : nullptr, extra}) {
    if (place != nullptr && later(*place, *best)) best = place;
  }
  return *best;
}

// ---------------------------------------------------------------------------------------------
// Reading

void Interpreter::read_forms() {
  const Item* forms = root_.find("forms");
  const std::size_t before = diagnostics_.count();
  if (forms != nullptr) {
    const Value& map = expect_map(*forms);
    for (const Item& entry : map.entries) {
      diagnostics_.attempt([&] {
        if (std::optional<FormSpec> form = read_form(entry)) data_.forms.push_back(*form);
      });
    }
  }
  // A form in error might have been the enabled one.
  if (diagnostics_.count() != before) return;
  const bool any_enabled =
      std::any_of(data_.forms.begin(), data_.forms.end(),
                  [](const FormSpec& form) { return form.enabled && !form.scored_only; });
  if (!any_enabled) {
    fail(last_of({key_where(forms), forms != nullptr ? latest_key_in(forms->value) : nullptr}),
         "no form is enabled; a rule set needs at least one winning form that is not "
         "scored_only (forms)");
  }
}

/// One form: its name, its type (from the table), the keys every type shares, then the type's
/// own keys by the type's reader. Past the type, each value is read on its own, so that every
/// bad one of the form is reported; the checks between them run only when all read.
std::optional<FormSpec> Interpreter::read_form(const Item& entry) {
  const std::string path = "forms." + entry.key;
  if (!valid_name(entry.key, false)) {
    fail(entry.key_where, "form name '" + entry.key + "' may use only a-z, 0-9 and '_'");
  }
  if (entry.value.kind != Kind::map) {
    fail(entry.value.where,
         "expected a map for form '" + entry.key + "', got " + describe(entry.value));
  }
  const Value& map = entry.value;
  const std::vector<std::string_view> type_names = form_type_names();
  const Item* type = map.find("type");
  if (type == nullptr) {
    fail(entry.key_where, "form '" + entry.key + "' has no 'type' (" + word_list(type_names) + ")");
  }
  const std::string type_name = read_string(*type);
  const FormTypeInfo* info = find_form_type(type_name);
  if (info == nullptr) {
    fail(type->value.where, "unknown form type '" + type_name + "' for form '" + entry.key + "'" +
                                did_you_mean(type_name, type_names) +
                                " (valid types: " + word_list(type_names) + ")");
  }
  check_keys(map, info->keys, path, diagnostics_);

  FormSpec form;
  form.name = entry.key;
  form.type = info->type;
  const FormContext context{
      entry, path, type, map.find("enabled"), &document_, diagnostics_.count()};
  if (context.enabled != nullptr) {
    diagnostics_.attempt([&] { form.enabled = read_bool(*context.enabled); });
  }
  if (const Item* wildcards = map.find("wildcards")) {
    diagnostics_.attempt([&] { form.wildcards = read_bool(*wildcards); });
  }
  read_form_scoring_keys(context, form);
  (this->*(info->read))(context, form);
  if (!form_clean(context)) return std::nullopt;
  return form;
}

/// max_wildcards (the form's own cap, over wildcards.max_in_win) and scored_only (the form is
/// left to the scorer, so the rule set needs a `scoring` section); the type's key list says
/// which types take them.
void Interpreter::read_form_scoring_keys(const FormContext& context, FormSpec& form) const {
  const Value& map = context.map();
  if (const Item* cap = map.find("max_wildcards")) {
    diagnostics_.attempt(
        [&] { form.max_wildcards = static_cast<std::uint8_t>(read_int(*cap, 0, 17)); });
  }
  if (const Item* scored = map.find("scored_only")) {
    diagnostics_.attempt([&] {
      form.scored_only = read_bool(*scored);
      // Only a section that scores forms says when such a form's readings win; a load that
      // reads no such section (shapes only) leaves the form off without asking.
      const auto scorer = std::find_if(sections_.begin(), sections_.end(),
                                       [](const SectionReader& r) { return r.scores_forms; });
      if (form.scored_only && scorer != sections_.end() && root_.find(scorer->key) == nullptr) {
        fail(scored->key_where, "form '" + context.entry.key + "' is scored_only, but the rule " +
                                    "set has no '" + std::string(scorer->key) +
                                    "' section to say when its readings win");
      }
    });
  }
  // A disabled form is not the scorer's either: it stays off in both views.
  if (!form.enabled) form.scored_only = false;
}

void Interpreter::check_form_size(const FormContext& context, const FormSpec& form, int tiles,
                                  const Item* key) const {
  // Forms that need more tiles than a hand holds could never match; a disabled form is kept as
  // written so that a child can switch it off instead of repairing it.
  if (!is_hand_size(tiles)) {
    fail(key->key_where, "form '" + context.entry.key + "' needs " + std::to_string(tiles) +
                             " tiles, which is not 3n+2");
  }
  if (form.enabled && hand_tiles_known_ && tiles > data_.hand_tiles) {
    fail(context.blame(key, hand_tiles_where_),
         "form '" + context.entry.key + "' needs " + std::to_string(tiles) +
             " tiles, more than hand.tiles (" + std::to_string(data_.hand_tiles) + ")");
  }
}

/// pair_wildcards and pair_tiles, for the types whose keys include them.
void Interpreter::read_pair_rules(const FormContext& context, FormSpec& form) const {
  const Value& map = context.map();
  if (const Item* pair_wildcards = map.find("pair_wildcards")) {
    diagnostics_.attempt([&] {
      form.pair_wildcards = static_cast<PairWildcards>(
          read_choice(*pair_wildcards, context.path + ".pair_wildcards",
                      {kPairWildcardsNames[0], kPairWildcardsNames[1], kPairWildcardsNames[2]}));
    });
  }
  if (const Item* pair_tiles = map.find("pair_tiles")) {
    diagnostics_.attempt([&] {
      const std::string path = context.path + ".pair_tiles";
      for (const TileRef& ref : read_tile_codes(*pair_tiles, path)) {
        const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in " + path);
        if (tiles_->tile(id).bonus) {
          fail(ref.where, "tile '" + ref.code() + "' in " + path + " is a bonus tile");
        }
        form.pair_tiles |= tile_bit(id);
      }
      if (form.pair_tiles == 0) fail(pair_tiles->value.where, path + " is empty");
    });
  }
}

void Interpreter::read_melds_form(const FormContext& context, FormSpec& form) {
  read_pair_rules(context, form);
  const std::string& name = context.entry.key;
  if (const Item* pairs = context.map().find("pairs")) {
    diagnostics_.attempt([&] {
      const int count = read_int(*pairs, 0, 8);
      if (count == 0) {
        fail(pairs->value.where, "melds form '" + name +
                                     "' with pairs 0 would need 3n tiles, but a complete hand has "
                                     "3n+2; use pairs: 1");
      }
      if (count != 1) {
        fail(pairs->value.where,
             "melds form '" + name + "' must have pairs 1, got " + std::to_string(count));
      }
    });
  }
  form.pairs = 1;
}

void Interpreter::read_knitted_form(const FormContext& context, FormSpec& form) {
  diagnostics_.attempt([&] { check_knit_suits(context, context.blame(nullptr, nullptr)); });
  read_melds_form(context, form);
  if (form_clean(context)) check_form_size(context, form, 9 + 2, &context.entry);
}

void Interpreter::read_pairs_form(const FormContext& context, FormSpec& form) {
  read_pair_rules(context, form);
  const Value& map = context.map();
  const Item* pairs = map.find("pairs");
  if (pairs == nullptr) {
    fail(context.entry.key_where, "missing required key 'pairs' in " + context.path);
  }
  diagnostics_.attempt([&] { form.pairs = static_cast<std::uint8_t>(read_int(*pairs, 1, 8)); });
  if (const Item* four = map.find("four_as_two_pairs")) {
    diagnostics_.attempt([&] { form.four_as_two_pairs = read_bool(*four); });
  }
  const Item* pungs = map.find("pungs");
  if (pungs != nullptr) {
    diagnostics_.attempt([&] { form.pungs = static_cast<std::uint8_t>(read_int(*pungs, 0, 5)); });
  }
  if (!form_clean(context)) return;
  check_form_size(context, form, 2 * form.pairs + 3 * form.pungs, pungs != nullptr ? pungs : pairs);
}

void Interpreter::read_set_form(const FormContext& context, FormSpec& form) {
  const std::string path = context.path + ".tiles";
  const Item* tiles = context.map().find("tiles");
  if (tiles == nullptr) {
    fail(context.entry.key_where, "missing required key 'tiles' in " + context.path);
  }
  TileMask seen = 0;
  for (const TileRef& ref : read_tile_codes(*tiles, path)) {
    const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in " + path);
    if (tiles_->tile(id).bonus) {
      fail(ref.where, "tile '" + ref.code() + "' in " + path +
                          " is a bonus tile; a set holds meldable tiles only");
    }
    if ((seen & tile_bit(id)) != 0) {
      fail(ref.where, "tile '" + ref.code() + "' is listed twice in " + path);
    }
    seen |= tile_bit(id);
    form.set_tiles.push_back(id);
  }
  if (form.set_tiles.empty()) fail(tiles->value.where, path + " must not be empty");
  std::sort(form.set_tiles.begin(), form.set_tiles.end());
  check_form_size(context, form, static_cast<int>(form.set_tiles.size()) + 1, tiles);
}

void Interpreter::read_wildcards_form(const FormContext& context, FormSpec& form) {
  const std::string& name = context.entry.key;
  const Value& map = context.map();
  const Item* count = map.find("count");
  if (count != nullptr) {
    diagnostics_.attempt([&] { form.count = static_cast<std::uint8_t>(read_int(*count, 1, 17)); });
  }
  if (!form_clean(context)) return;
  // The form is its wildcards: one that may not use them would be a contradiction (and the
  // searches would read it two ways).
  if (const Item* use = map.find("wildcards"); use != nullptr && !form.wildcards) {
    fail(use->value.where,
         "form '" + name + "' wins on its wildcards: 'wildcards: false' contradicts it");
  }
  if (form.enabled && hand_tiles_known_ && form.count > data_.hand_tiles) {
    fail(context.blame(count, hand_tiles_where_),
         "form '" + name + "' needs " + std::to_string(form.count) +
             " wildcards, more than hand.tiles (" + std::to_string(data_.hand_tiles) + ")");
  }
  const WildcardRules& wild = data_.wildcards;
  if (form.enabled && wild.jokers == 0 && wild.tiles.empty() && !wild.per_hand &&
      !wild.indicator.enabled) {
    fail(context.blame(count, wildcards_where_),
         "form '" + name +
             "' wins on wildcards, but the rule set has none (wildcards.jokers is 0, "
             "wildcards.tiles is empty, wildcards.per_hand is false and there is no "
             "wildcards.indicator)");
  }
}

/// Knitted patterns need exactly three sequence suits, each of ranks 1-9 (KnitSuits::complete,
/// derived by the tile table).
void Interpreter::check_knit_suits(const FormContext& context, const Where& where) const {
  if (!tiles_->knit_suits().complete) {
    fail(where, "form '" + context.entry.key +
                    "' knits 147, 258 and 369 across suits, which needs exactly three sequence "
                    "suits of ranks 1-9 (tiles)");
  }
}

/// The keys of a `singles` form (全不靠, 七星不靠, 十六不搭).
void Interpreter::read_singles_form(const FormContext& context, FormSpec& form) {
  const std::string& path = context.path;
  const std::string& name = context.entry.key;
  const Value& map = context.map();
  form.hand_tiles = data_.hand_tiles;
  if (const Item* size = map.find("size")) {
    diagnostics_.attempt(
        [&] { form.hand_tiles = static_cast<std::uint8_t>(read_int(*size, 2, 17)); });
  }
  form.pairs = 0;
  if (const Item* pairs = map.find("pairs")) {
    diagnostics_.attempt([&] { form.pairs = static_cast<std::uint8_t>(read_int(*pairs, 0, 8)); });
  }
  const bool honours_read = diagnostics_.attempt([&] { read_singles_honours(context, form); });
  const Item* suits = map.find("suits");
  bool suits_read = true;
  if (suits != nullptr) {
    suits_read = diagnostics_.attempt([&] {
      form.singles_suits = static_cast<SinglesSuits>(
          read_choice(*suits, path + ".suits", {kSinglesSuitsNames[0], kSinglesSuitsNames[1]}));
    });
  }
  const Item* gap = map.find("gap");
  if (gap != nullptr) {
    diagnostics_.attempt([&] {
      if (suits_read && form.singles_suits != SinglesSuits::gapped) {
        fail(gap->key_where, path + ".gap applies only with suits: gapped");
      }
      form.gap = static_cast<std::uint8_t>(read_int(*gap, 1, 8));
    });
  }
  if (suits_read && form.singles_suits == SinglesSuits::knitted) {
    diagnostics_.attempt([&] { check_knit_suits(context, context.blame(suits, nullptr)); });
  }
  const Item* require = map.find("require");
  // Whether a required tile can be a single depends on the honours: checked once they read.
  if (require != nullptr && honours_read) {
    diagnostics_.attempt([&] {
      for (const TileRef& ref : read_tile_codes(*require, path + ".require")) {
        const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in " + path + ".require");
        const TileInfo& info = tiles_->tile(id);
        if (info.bonus ||
            (!data_.suits[info.suit].sequences && (form.single_tiles & tile_bit(id)) == 0)) {
          fail(ref.where, "tile '" + ref.code() + "' in " + path +
                              ".require can never be one of the form's singles");
        }
        form.required |= tile_bit(id);
      }
    });
  }
  if (!form_clean(context)) return;
  const int distinct = form.hand_tiles - form.pairs;
  const int most = most_singles(form);
  // Without `size` the form takes hand.tiles, which can be compared only when it reads.
  const bool size_known = map.find("size") != nullptr || hand_tiles_known_;
  if (size_known && (form.pairs > distinct || distinct > most)) {
    fail(context.blame(map.find("size") != nullptr ? map.find("size") : map.find("pairs"), nullptr),
         "form '" + name + "' needs " + std::to_string(distinct) +
             " distinct tiles, but its pattern admits at most " + std::to_string(most));
  }
  if (std::popcount(form.required) > distinct) {
    fail(context.blame(require, nullptr), "form '" + name + "' requires more tiles than it holds");
  }
  check_form_size(context, form, form.hand_tiles,
                  map.find("size") != nullptr ? map.find("size") : &context.entry);
}

/// singles.honours: every tile of the meldable suits without sequences unless listed.
void Interpreter::read_singles_honours(const FormContext& context, FormSpec& form) const {
  const Item* honours = context.map().find("honours");
  if (honours == nullptr) {
    for (TileId t = 0; t < tiles_->meldable_count(); ++t) {
      if (!data_.suits[tiles_->tile(t).suit].sequences) form.single_tiles |= tile_bit(t);
    }
    return;
  }
  const std::string path = context.path + ".honours";
  for (const TileRef& ref : read_tile_codes(*honours, path)) {
    const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in " + path);
    const TileInfo& info = tiles_->tile(id);
    if (info.bonus || data_.suits[info.suit].sequences) {
      fail(ref.where, "tile '" + ref.code() + "' in " + path +
                          " is not an honour (a meldable tile of a suit without sequences); "
                          "sequence suits follow " +
                          context.path + ".suits");
    }
    form.single_tiles |= tile_bit(id);
  }
}

/// The most distinct tiles a singles pattern admits: its honours, and per sequence suit three
/// knit ranks or the most ranks `gap` apart.
int Interpreter::most_singles(const FormSpec& form) const {
  int most = std::popcount(form.single_tiles);
  for (const SuitInfo& suit : data_.suits) {
    if (!suit.sequences || suit.bonus) continue;
    if (form.singles_suits == SinglesSuits::knitted) {
      most += kKnitClasses;
      continue;
    }
    int last = -100;
    for (const std::uint8_t rank : suit.ranks) {
      if (rank - last >= form.gap) {
        ++most;
        last = rank;
      }
    }
  }
  return most;
}

}  // namespace meldgraph::rule_file
