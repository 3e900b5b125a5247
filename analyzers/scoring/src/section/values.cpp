/// The value keys of `scoring` (section.hpp): fu, dora, points tables, limits, payments,
/// the minimum to win. docs/scoring.md, "Values", describes them. Pattern ids and form names are
/// resolved here, at load: an unknown one is an error at its line and column.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <range/v3/view/filter.hpp>
#include <range/v3/view/transform.hpp>
#include <range/v3/view/zip.hpp>

#include "joined.hpp"
#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/loader/rule_writing.hpp"
#include "section/section.hpp"

namespace meldgraph::rule_file {

namespace {

constexpr std::string_view kValueKeys[] = {"minimum", "fu", "dora", "points", "payments"};

/// Values in a rule file stay far below these, so no sum or product of them can overflow: a
/// meld's fu is at most kMostMeldFu x kMostFactor^3 (51200), a base at most 10^6 fu x 2^22 or
/// kMostPoints x 2^20, a payment at most kMostTimes such bases.
constexpr int kMostFu = 1000;
constexpr int kMostMeldFu = 100;
constexpr int kMostFactor = 8;
constexpr int kMostTimes = 100;
constexpr int kMostPoints = 100'000'000;

/// The WaitShape names the `fu.waits` map takes, in WaitShape order.
constexpr std::array<std::string_view, 8> kWaitNames = {"none",   "two_sided", "closed",   "edge",
                                                        "single", "dual_pung", "set_tile", "any"};

/// Tile classes a pao rule may name.
constexpr std::string_view kPaoClasses[] = {"dragons", "winds", "honours"};

std::string key_path(std::string_view section, const Item& item) {
  return std::string(section) + "." + item.key;
}

/// Reads `map[key]` as an integer in [lo, hi] into `field`, when present.
template <class Int>
void read_number(const Value& map, std::string_view key, std::string_view section, int lo, int hi,
                 Int& field, Diagnostics& diagnostics) {
  const Item* item = map.find(key);
  if (item == nullptr) return;
  diagnostics.attempt(
      [&] { field = static_cast<Int>(read_int(item->value, key_path(section, *item), lo, hi)); });
}

/// The index of the pattern with this id; an unknown id is an error at `value`.
std::uint16_t resolve_pattern(const PatternRules& patterns, const Value& value,
                              std::string_view path) {
  if (value.kind != Kind::scalar) {
    fail(value.where,
         "expected a pattern id in '" + std::string(path) + "', got " + describe(value));
  }
  std::vector<std::string_view> ids;
  for (std::size_t i = 0; i < patterns.patterns.size(); ++i) {
    if (patterns.patterns[i].id == value.text) return static_cast<std::uint16_t>(i);
    ids.emplace_back(patterns.patterns[i].id);
  }
  fail(value.where, "unknown pattern '" + value.text + "' in '" + std::string(path) + "'" +
                        (ids.empty() ? std::string(" (the rule set declares no patterns)")
                                     : did_you_mean(value.text, ids)));
}

std::vector<std::uint16_t> read_pattern_list(const PatternRules& patterns, const Item& item,
                                             std::string_view path) {
  if (item.value.kind != Kind::list) {
    fail(item.value.where, "expected a list of pattern ids for '" + std::string(path) + "', got " +
                               describe(item.value));
  }
  std::vector<std::uint16_t> out;
  for (const Value& element : item.value.elements) {
    out.push_back(resolve_pattern(patterns, element, path));
  }
  return out;
}

/// The index in the rule set's forms of the form `entry` names (a key of the map at `path`), or
/// an error at the key naming the forms there are.
std::size_t form_named(const ScoringContext& context, const Item& entry, std::string_view path) {
  const auto form = std::find_if(context.forms.begin(), context.forms.end(),
                                 [&](const FormSpec& f) { return f.name == entry.key; });
  if (form == context.forms.end()) {
    std::vector<std::string_view> names;
    for (const FormSpec& f : context.forms) names.emplace_back(f.name);
    fail(entry.key_where, "unknown form '" + entry.key + "' in '" + std::string(path) + "'" +
                              did_you_mean(entry.key, names) + " (forms: " + word_list(names) +
                              ")");
  }
  return static_cast<std::size_t>(form - context.forms.begin());
}

/// `minimum.forms`: form name -> {patterns: [ids], reason: TEXT}.
void read_form_minimums(const ScoringContext& context, const Item& item,
                        const PatternRules& patterns, MinimumRules& out) {
  Diagnostics& diagnostics = context.diagnostics;
  const Value& map = expect_map(item);
  out.forms.assign(context.forms.size(), FormMinimum{});
  for (const Item& entry : map.entries) {
    diagnostics.attempt([&] {
      const std::size_t form = form_named(context, entry, "scoring.minimum.forms");
      const std::string path = "scoring.minimum.forms." + entry.key;
      const Value& rule = expect_map(entry);
      check_keys(rule, {"patterns", "reason"}, path, diagnostics);
      FormMinimum& minimum = out.forms[form];
      const Item* list = rule.find("patterns");
      if (list == nullptr) fail(entry.key_where, "'" + path + "' needs 'patterns'");
      minimum.patterns = read_pattern_list(patterns, *list, path + ".patterns");
      if (minimum.patterns.empty()) {
        fail(list->value.where, "'" + path + ".patterns' names no pattern");
      }
      minimum.reason = "no pattern of form '" + entry.key + "'";
      if (const Item* reason = rule.find("reason")) minimum.reason = read_string(*reason);
    });
  }
}

/// A scored_only form (FormSpec::scored_only) wins only by `minimum.forms`: it must be named there.
void check_scored_only_forms(const ScoringContext& context, const Value& scoring,
                             const MinimumRules& minimum) {
  for (std::size_t f = 0; f < context.forms.size(); ++f) {
    const FormSpec& form = context.forms[f];
    if (!form.scored_only || !form.enabled) continue;
    if (f < minimum.forms.size() && !minimum.forms[f].patterns.empty()) continue;
    const Item* item = scoring.find("minimum");
    fail(item != nullptr ? item->key_where : context.document,
         "form '" + form.name + "' is scored_only: scoring.minimum.forms." + form.name +
             ".patterns must name the patterns that make its readings wins");
  }
}

// Step 1. `minimum`.
void read_minimum(const ScoringContext& context, const Value& scoring, const PatternRules& patterns,
                  MinimumRules& out) {
  const Item* item = scoring.find("minimum");
  if (item == nullptr) return;
  const Value& map = expect_map(*item);
  Diagnostics& diagnostics = context.diagnostics;
  check_keys(map, {"units", "excluding", "reason", "forms"}, "scoring.minimum", diagnostics);
  read_number(map, "units", "scoring.minimum", 0, kMostFu, out.units, diagnostics);
  if (const Item* excluding = map.find("excluding")) {
    diagnostics.attempt([&] {
      out.excluding = read_pattern_list(patterns, *excluding, "scoring.minimum.excluding");
    });
  }
  if (const Item* reason = map.find("reason")) {
    diagnostics.attempt([&] { out.reason = read_string(*reason); });
  }
  if (const Item* forms = map.find("forms")) {
    diagnostics.attempt([&] { read_form_minimums(context, *forms, patterns, out); });
  }
}

// Step 2. `fu`.
/// One number of a sub-map: its key, where it goes, its largest value.
struct FuField {
  std::string_view name;
  std::int16_t* field;
  int most = kMostFu;
};

void read_fu_map(const Value& fu, std::string_view key, std::string_view path,
                 std::initializer_list<FuField> fields, Diagnostics& diagnostics) {
  const Item* item = fu.find(key);
  if (item == nullptr) return;
  diagnostics.attempt([&] {
    const Value& map = expect_map(*item);
    std::vector<std::string_view> keys;
    for (const FuField& f : fields) keys.push_back(f.name);
    check_keys(map, std::span<const std::string_view>(keys), std::string(path), diagnostics);
    for (const FuField& f : fields) {
      read_number(map, f.name, path, 0, f.most, *f.field, diagnostics);
    }
  });
}

/// read_fu's keys, the melds, pair, waits and fixed maps included.
void read_fu_keys(const ScoringContext& context, const Value& fu, const PatternRules& patterns,
                  FuRules& out) {
  Diagnostics& diagnostics = context.diagnostics;
  check_keys(fu,
             {"base", "closed_ron", "self_draw", "no_self_draw_fu_with", "melds", "pair", "waits",
              "open_minimum", "fixed", "round_to"},
             "scoring.fu", diagnostics);
  read_number(fu, "base", "scoring.fu", 0, kMostFu, out.base, diagnostics);
  read_number(fu, "closed_ron", "scoring.fu", 0, kMostFu, out.closed_ron, diagnostics);
  read_number(fu, "self_draw", "scoring.fu", 0, kMostFu, out.self_draw, diagnostics);
  read_number(fu, "open_minimum", "scoring.fu", 0, kMostFu, out.open_minimum, diagnostics);
  read_number(fu, "round_to", "scoring.fu", 1, kMostFu, out.round_to, diagnostics);
  if (const Item* with = fu.find("no_self_draw_fu_with")) {
    diagnostics.attempt([&] {
      out.no_self_draw_fu_with =
          read_pattern_list(patterns, *with, "scoring.fu.no_self_draw_fu_with");
    });
  }
  read_fu_map(fu, "melds", "scoring.fu.melds",
              {{"pung", &out.pung, kMostMeldFu},
               {"concealed", &out.concealed, kMostFactor},
               {"terminal_or_honour", &out.terminal_or_honour, kMostFactor},
               {"kong", &out.kong, kMostFactor}},
              diagnostics);
  read_fu_map(fu, "pair", "scoring.fu.pair",
              {{"dragon", &out.pair_dragon},
               {"seat_wind", &out.pair_seat_wind},
               {"round_wind", &out.pair_round_wind},
               {"double_wind", &out.pair_double_wind}},
              diagnostics);
  if (const Item* waits = fu.find("waits")) {
    diagnostics.attempt([&] {
      const Value& map = expect_map(*waits);
      check_keys(map, std::span<const std::string_view>(kWaitNames), "scoring.fu.waits",
                 diagnostics);
      for (std::size_t w = 0; w < kWaitNames.size(); ++w) {
        read_number(map, kWaitNames[w], "scoring.fu.waits", 0, kMostFu, out.wait[w], diagnostics);
      }
    });
  }
  if (const Item* fixed = fu.find("fixed")) {
    diagnostics.attempt([&] {
      const Value& map = expect_map(*fixed);
      for (const Item& entry : map.entries) {
        diagnostics.attempt([&] {
          out.fixed[form_named(context, entry, "scoring.fu.fixed")] = static_cast<std::int16_t>(
              read_int(entry.value, "scoring.fu.fixed." + entry.key, 1, kMostFu));
        });
      }
    });
  }
}

void read_fu(const ScoringContext& context, const Value& scoring, const PatternRules& patterns,
             FuRules& out) {
  out.fixed.assign(context.forms.size(), 0);
  const Item* item = scoring.find("fu");
  if (item == nullptr) return;
  const Value& fu = expect_map(*item);
  out.enabled = true;
  read_fu_keys(context, fu, patterns, out);
  out.derive_tables();
}

// Step 3. `dora`.
void read_dora(const ScoringContext& context, const Value& scoring, DoraRules& out) {
  out.dora_of.fill(kNoTile);
  // A dora indicator points at the next tile of its suit, or of its rank group (winds, dragons).
  for (TileId t = 0; t < context.tiles.meldable_count(); ++t) {
    out.dora_of[t] = context.tiles.next_in_cycle(t, true, {});
  }
  const Item* item = scoring.find("dora");
  if (item == nullptr) return;
  const Value& dora = expect_map(*item);
  out.enabled = true;
  Diagnostics& diagnostics = context.diagnostics;
  check_keys(dora, {"per_tile", "ura", "red_five", "set_aside"}, "scoring.dora", diagnostics);
  read_number(dora, "per_tile", "scoring.dora", 0, kMostFu, out.per_tile, diagnostics);
  read_number(dora, "set_aside", "scoring.dora", 0, kMostFu, out.set_aside, diagnostics);
  read_number(dora, "red_five", "scoring.dora", 0, kMostFu, out.red_five, diagnostics);
  if (const Item* ura = dora.find("ura")) {
    diagnostics.attempt([&] {
      out.ura = static_cast<DoraRules::Ura>(
          read_choice(*ura, "scoring.dora.ura", {"with_riichi", "always", "never"}));
    });
  }
}

// Step 4. `points`.
void read_limits(const Item& item, PointsRules& out, Diagnostics& diagnostics) {
  if (item.value.kind != Kind::list) {
    fail(item.value.where,
         "expected a list of limits for 'scoring.points.limits', got " + describe(item.value));
  }
  for (const Value& row : item.value.elements) {
    diagnostics.attempt([&] {
      if (row.kind != Kind::map) {
        fail(row.where,
             "expected a map {name, units, base} in 'scoring.points.limits', got " + describe(row));
      }
      check_keys(row, {"name", "units", "base_at", "base"}, "scoring.points.limits", diagnostics);
      LimitRow limit;
      const Item* name = row.find("name");
      const Item* units = row.find("units");
      const Item* base = row.find("base");
      if (name == nullptr || units == nullptr || base == nullptr) {
        fail(row.where, "a limit needs 'name', 'units' and 'base'");
      }
      limit.name = read_string(*name);
      if (!valid_name(limit.name, false)) {
        fail(name->value.where, "a limit's name is of a-z, 0-9 and '_', got '" + limit.name + "'");
      }
      limit.units = read_int(units->value, "scoring.points.limits.units", 0, kMostFu);
      limit.base = read_int(base->value, "scoring.points.limits.base", 1, kMostPoints);
      if (const Item* at = row.find("base_at")) {
        limit.base_at = read_int(at->value, "scoring.points.limits.base_at", 1, kMostPoints);
      }
      if (!out.limits.empty() &&
          (limit.units <= out.limits.back().units || limit.base <= out.limits.back().base)) {
        fail(units->value.where, "limits must rise in units and base: '" + limit.name +
                                     "' after '" + out.limits.back().name + "'");
      }
      out.limits.push_back(std::move(limit));
    });
  }
}

void read_yakuman(const Item& item, PointsRules& out, Diagnostics& diagnostics) {
  const Value& map = expect_map(item);
  check_keys(map, {"base", "stack", "double", "name"}, "scoring.points.yakuman", diagnostics);
  read_number(map, "base", "scoring.points.yakuman", 1, kMostPoints, out.yakuman_base, diagnostics);
  if (const Item* stack = map.find("stack")) {
    diagnostics.attempt([&] { out.yakuman_stack = read_bool(*stack); });
  }
  if (const Item* twice = map.find("double")) {
    diagnostics.attempt([&] { out.double_yakuman = read_bool(*twice); });
  }
  if (const Item* name = map.find("name")) {
    diagnostics.attempt([&] {
      const std::string text = read_string(*name);
      if (!valid_name(text, false)) {
        fail(name->value.where, "a limit's name is of a-z, 0-9 and '_', got '" + text + "'");
      }
      out.yakuman_name = text;
    });
  }
}

/// `kazoe: 13` or `kazoe: false`; `round_up_mangan: false`, `true` (1920) or a base.
std::int64_t read_number_or_off(const Item& item, std::string_view path, std::int64_t on, int hi) {
  if (item.value.kind == Kind::scalar && item.value.plain &&
      (item.value.text == "false" || item.value.text == "true")) {
    return item.value.text == "true" ? on : 0;
  }
  return read_int(item.value, path, 1, hi);
}

/// Reads `item`, a list of rows {patterns: [ids], SECOND: ...} under `key`
/// (`scoring.points.starts`), and hands each row's pattern set and SECOND item to
/// `read_row`; a bad row is reported (naming it) and the others still read.
template <class ReadRow>
void read_pattern_rows(const Item& item, const std::string& key, std::string_view second,
                       const PatternRules& patterns, Diagnostics& diagnostics, ReadRow read_row) {
  const std::string shape = "{patterns, " + std::string(second) + "}";
  if (item.value.kind != Kind::list) {
    fail(item.value.where,
         "expected a list of " + shape + " for '" + key + "', got " + describe(item.value));
  }
  for (const Value& row : item.value.elements) {
    diagnostics.attempt([&] {
      if (row.kind != Kind::map) {
        fail(row.where, "expected a map " + shape + " in '" + key + "', got " + describe(row));
      }
      check_keys(row, {"patterns", second}, key, diagnostics);
      const Item* list = row.find("patterns");
      const Item* value = row.find(second);
      if (list == nullptr || value == nullptr) {
        fail(row.where,
             "a row of '" + key + "' needs 'patterns' and '" + std::string(second) + "'");
      }
      read_row(read_pattern_list(patterns, *list, key + ".patterns"), *value);
    });
  }
}

/// `points.starts`: a list of {patterns: [ids], start: N}.
void read_starts(const Item& item, const PatternRules& patterns, PointsRules& out,
                 Diagnostics& diagnostics) {
  read_pattern_rows(item, "scoring.points.starts", "start", patterns, diagnostics,
                    [&](auto pattern_set, const Item& start) {
                      StartRule rule;
                      rule.patterns = std::move(pattern_set);
                      rule.start =
                          read_int(start.value, "scoring.points.starts.start", 0, kMostPoints);
                      out.starts.push_back(std::move(rule));
                    });
}

/// `points.floors`: a list of {patterns: [ids], limit: NAME}, NAME a row of `points.limits`.
void read_floors(const Item& item, const PatternRules& patterns, PointsRules& out,
                 Diagnostics& diagnostics) {
  read_pattern_rows(
      item, "scoring.points.floors", "limit", patterns, diagnostics,
      [&](auto pattern_set, const Item& limit) {
        FloorRule rule;
        rule.patterns = std::move(pattern_set);
        const std::string name = read_string(limit);
        const auto found = std::find_if(out.limits.begin(), out.limits.end(),
                                        [&](const LimitRow& r) { return r.name == name; });
        if (found == out.limits.end()) {
          fail(limit.value.where,
               "'scoring.points.floors.limit' names no row of 'scoring.points.limits': '" + name +
                   "'");
        }
        rule.limit = static_cast<std::size_t>(found - out.limits.begin());
        out.floors.push_back(std::move(rule));
      });
}

void read_points(const ScoringContext& context, const Value& scoring, const FuRules& fu,
                 const PatternRules& patterns, PointsRules& out) {
  const Item* item = scoring.find("points");
  if (item == nullptr) return;
  const Value& points = expect_map(*item);
  Diagnostics& diagnostics = context.diagnostics;
  check_keys(points,
             {"base", "start", "starts", "per_unit", "table", "limits", "floors", "kazoe",
              "round_up_mangan", "yakuman", "factor_cap"},
             "scoring.points", diagnostics);
  const Item* base = points.find("base");
  if (base == nullptr) fail(item->key_where, "scoring.points needs 'base' (how base points come)");
  out.formula = static_cast<BaseFormula>(
      1 + read_choice(*base, "scoring.points.base",
                      {"fu_doubling", "doubling", "linear", "table", "units"}));
  if (out.formula == BaseFormula::fu_doubling && !fu.enabled) {
    fail(base->value.where, "'scoring.points.base: fu_doubling' needs 'scoring.fu'");
  }
  read_number(points, "start", "scoring.points", 0, kMostPoints, out.start, diagnostics);
  read_number(points, "per_unit", "scoring.points", 0, kMostPoints, out.per_unit, diagnostics);
  read_number(points, "factor_cap", "scoring.points", 0, kMostPoints, out.factor_cap, diagnostics);
  if (const Item* starts = points.find("starts")) {
    diagnostics.attempt([&] { read_starts(*starts, patterns, out, diagnostics); });
  }
  if (const Item* table = points.find("table")) {
    diagnostics.attempt([&] {
      if (table->value.kind != Kind::list || table->value.elements.empty()) {
        fail(table->value.where,
             "expected a list of base points by units for "
             "'scoring.points.table', got " +
                 describe(table->value));
      }
      for (const Value& entry : table->value.elements) {
        out.table.push_back(read_int(entry, "scoring.points.table", 0, kMostPoints));
      }
    });
  } else if (out.formula == BaseFormula::table) {
    fail(base->value.where, "'scoring.points.base: table' needs 'scoring.points.table'");
  }
  if (const Item* limits = points.find("limits")) {
    diagnostics.attempt([&] { read_limits(*limits, out, diagnostics); });
  }
  if (const Item* floors = points.find("floors")) {
    diagnostics.attempt([&] { read_floors(*floors, patterns, out, diagnostics); });
  }
  if (const Item* kazoe = points.find("kazoe")) {
    diagnostics.attempt([&] {
      out.kazoe = static_cast<std::int32_t>(
          read_number_or_off(*kazoe, "scoring.points.kazoe", 13, kMostFu));
    });
  }
  if (const Item* round_up = points.find("round_up_mangan")) {
    diagnostics.attempt([&] {
      out.round_up_from =
          read_number_or_off(*round_up, "scoring.points.round_up_mangan", 1920, kMostPoints);
      if (out.round_up_from != 0 && out.limits.empty()) {
        fail(round_up->key_where, "'scoring.points.round_up_mangan' needs 'limits'");
      }
    });
  }
  if (const Item* yakuman = points.find("yakuman")) {
    diagnostics.attempt([&] { read_yakuman(*yakuman, out, diagnostics); });
  }
}

// Step 5. `payments`.
void read_pao(const ScoringContext& context, const Item& item, const PatternRules& patterns,
              PaymentRules& out) {
  const Value& map = expect_map(item);
  const TileClasses& classes = context.tiles.tile_classes();
  for (const Item& entry : map.entries) {
    context.diagnostics.attempt([&] {
      Value id;
      id.kind = Kind::scalar;
      id.text = entry.key;
      id.where = entry.key_where;
      PaoRule rule;
      rule.pattern = resolve_pattern(patterns, id, "scoring.payments.pao");
      const std::size_t cls =
          read_choice(entry, "scoring.payments.pao." + entry.key, {"dragons", "winds", "honours"});
      rule.tiles = cls == 0 ? classes.dragons : cls == 1 ? classes.winds : classes.honours;
      out.pao.push_back(rule);
    });
  }
}

void read_payments(const ScoringContext& context, const Value& scoring,
                   const PatternRules& patterns, const PointsRules& points, PaymentRules& out) {
  const Item* item = scoring.find("payments");
  if (item == nullptr) return;
  if (points.formula == BaseFormula::none) {
    fail(item->key_where, "scoring.payments needs scoring.points");
  }
  const Value& payments = expect_map(*item);
  out.enabled = true;
  Diagnostics& diagnostics = context.diagnostics;
  check_keys(payments,
             {"discard", "discard_others", "self_draw", "round_to", "honba", "riichi_stick", "flat",
              "dealer_pays_extra", "absent_share", "pao"},
             "scoring.payments", diagnostics);
  const auto read_map =
      [&](std::string_view key, int most,
          std::initializer_list<std::pair<std::string_view, std::int32_t*>> fields) {
        const Item* sub = payments.find(key);
        if (sub == nullptr) return;
        diagnostics.attempt([&] {
          const Value& map = expect_map(*sub);
          const std::string path = "scoring.payments." + std::string(key);
          std::vector<std::string_view> keys;
          for (const auto& [name, field] : fields) keys.push_back(name);
          check_keys(map, std::span<const std::string_view>(keys), path, diagnostics);
          for (const auto& [name, field] : fields) {
            read_number(map, name, path, 0, most, *field, diagnostics);
          }
        });
      };
  read_map("discard", kMostTimes, {{"dealer", &out.discard_dealer}, {"other", &out.discard_other}});
  read_map("discard_others", kMostTimes,
           {{"dealer", &out.discard_others_dealer}, {"other", &out.discard_others_other}});
  read_map("self_draw", kMostTimes,
           {{"dealer_wins", &out.self_draw_dealer_wins},
            {"dealer_pays", &out.self_draw_dealer_pays},
            {"other_pays", &out.self_draw_other_pays}});
  read_map("honba", kMostPoints,
           {{"discard", &out.honba_discard}, {"self_draw", &out.honba_self_draw}});
  read_map("dealer_pays_extra", kMostTimes,
           {{"units", &out.dealer_pays_units}, {"per_honba", &out.dealer_pays_per_honba}});
  read_number(payments, "round_to", "scoring.payments", 1, kMostPoints, out.round_to, diagnostics);
  read_number(payments, "riichi_stick", "scoring.payments", 0, kMostPoints, out.riichi_stick,
              diagnostics);
  // `flat: N` is paid on a discard and on a self-draw alike; `flat: {discard: N, self_draw: M}`
  // tells them apart (Sichuan's 自摸加底: a base more from each payer on a self-draw only).
  if (const Item* flat = payments.find("flat"); flat != nullptr && flat->value.kind == Kind::map) {
    read_map("flat", kMostPoints,
             {{"discard", &out.flat_discard}, {"self_draw", &out.flat_self_draw}});
  } else {
    read_number(payments, "flat", "scoring.payments", 0, kMostPoints, out.flat_discard,
                diagnostics);
    out.flat_self_draw = out.flat_discard;
  }
  if (const Item* absent = payments.find("absent_share")) {
    diagnostics.attempt([&] {
      out.absent_share = static_cast<PaymentRules::AbsentShare>(
          read_choice(*absent, "scoring.payments.absent_share", {"lost", "split"}));
    });
  }
  if (const Item* pao = payments.find("pao")) {
    diagnostics.attempt([&] { read_pao(context, *pao, patterns, out); });
  }
}

std::string number(std::int64_t value) {
  return std::to_string(value);
}

/// Pattern ids as a flow list: `[pinfu, tanyao]`.
std::string pattern_list(const PatternRules& patterns, const std::vector<std::uint16_t>& list) {
  const auto id = [&](std::uint16_t p) { return name_text(patterns.patterns[p].id); };
  return "[" + joined(list | ranges::views::transform(id), ", ") + "]";
}

}  // namespace

std::span<const std::string_view> value_rule_keys() {
  return kValueKeys;
}

void read_value_rules(const ScoringContext& context, const Value& scoring, ScoringUnit /*unit*/,
                      const PatternRules& patterns, ValueRules& out) {
  Diagnostics& diagnostics = context.diagnostics;
  diagnostics.attempt([&] { read_minimum(context, scoring, patterns, out.minimum); });
  diagnostics.attempt([&] { check_scored_only_forms(context, scoring, out.minimum); });
  diagnostics.attempt([&] { read_fu(context, scoring, patterns, out.fu); });
  diagnostics.attempt([&] { read_dora(context, scoring, out.dora); });
  diagnostics.attempt([&] { read_points(context, scoring, out.fu, patterns, out.points); });
  diagnostics.attempt([&] { read_payments(context, scoring, patterns, out.points, out.payments); });
}

namespace {

// Writing back: each key of `scoring` a step, in the order read_value_rules reads them.

void write_minimum(const RuleSet& rules, const PatternRules& ids, const MinimumRules& minimum,
                   std::string& out) {
  out += "  minimum:\n    units: " + number(minimum.units) + "\n";
  if (!minimum.excluding.empty()) {
    out += "    excluding: " + pattern_list(ids, minimum.excluding) + "\n";
  }
  out += "    reason: " + yaml_quoted(minimum.reason) + "\n";
  bool forms = false;
  for (std::size_t f = 0; f < minimum.forms.size(); ++f) {
    if (minimum.forms[f].patterns.empty()) continue;
    if (!forms) out += "    forms:\n";
    forms = true;
    out += "      " + name_text(rules.forms()[f].name) + ":\n";
    out += "        patterns: " + pattern_list(ids, minimum.forms[f].patterns) + "\n";
    out += "        reason: " + yaml_quoted(minimum.forms[f].reason) + "\n";
  }
}

void write_fu(const RuleSet& rules, const PatternRules& ids, const FuRules& fu, std::string& out) {
  if (!fu.enabled) return;
  out += "  fu:\n";
  out += "    base: " + number(fu.base) + "\n";
  out += "    closed_ron: " + number(fu.closed_ron) + "\n";
  out += "    self_draw: " + number(fu.self_draw) + "\n";
  if (!fu.no_self_draw_fu_with.empty()) {
    out += "    no_self_draw_fu_with: " + pattern_list(ids, fu.no_self_draw_fu_with) + "\n";
  }
  out += "    melds: {pung: " + number(fu.pung) + ", concealed: " + number(fu.concealed) +
         ", terminal_or_honour: " + number(fu.terminal_or_honour) + ", kong: " + number(fu.kong) +
         "}\n";
  out += "    pair: {dragon: " + number(fu.pair_dragon) +
         ", seat_wind: " + number(fu.pair_seat_wind) +
         ", round_wind: " + number(fu.pair_round_wind) +
         ", double_wind: " + number(fu.pair_double_wind) + "}\n";
  const auto wait_fu = [](const auto& wait) {
    const auto& [name, fu_of_wait] = wait;
    return std::string(name) + ": " + number(fu_of_wait);
  };
  out += "    waits: {" +
         joined(ranges::views::zip(kWaitNames, fu.wait) | ranges::views::transform(wait_fu), ", ") +
         "}\n";
  out += "    open_minimum: " + number(fu.open_minimum) + "\n";
  // The forms with fixed fu, by name.
  const auto has_fixed = [](const auto& form) { return std::get<0>(form) != 0; };
  const auto form_fu = [](const auto& form) {
    const auto& [fixed, spec] = form;
    return name_text(spec.name) + ": " + number(fixed);
  };
  const std::string fixed =
      joined(ranges::views::zip(fu.fixed, rules.forms()) | ranges::views::filter(has_fixed) |
                 ranges::views::transform(form_fu),
             ", ");
  if (!fixed.empty()) out += "    fixed: {" + fixed + "}\n";
  out += "    round_to: " + number(fu.round_to) + "\n";
}

void write_dora(const DoraRules& dora, std::string& out) {
  if (!dora.enabled) return;
  constexpr std::array<std::string_view, 3> kUra = {"with_riichi", "always", "never"};
  out += "  dora:\n    per_tile: " + number(dora.per_tile) + "\n";
  out += "    ura: " + std::string(kUra[static_cast<std::size_t>(dora.ura)]) + "\n";
  out += "    red_five: " + number(dora.red_five) + "\n";
  out += "    set_aside: " + number(dora.set_aside) + "\n";
}

/// `points.table` and `points.limits`, when given.
void write_points_tables(const PointsRules& points, std::string& out) {
  if (!points.table.empty()) {
    out += "    table: [" + joined(points.table | ranges::views::transform(number), ", ") + "]\n";
  }
  if (!points.limits.empty()) {
    out += "    limits:\n";
    for (const LimitRow& row : points.limits) {
      out += "      - {name: " + row.name + ", units: " + number(row.units);
      if (row.base_at != 0) out += ", base_at: " + number(row.base_at);
      out += ", base: " + number(row.base) + "}\n";
    }
  }
}

void write_points(const PatternRules& ids, const PointsRules& points, std::string& out) {
  if (points.formula == BaseFormula::none) return;
  constexpr std::array<std::string_view, 6> kFormulas = {"none",   "fu_doubling", "doubling",
                                                         "linear", "table",       "units"};
  out +=
      "  points:\n    base: " + std::string(kFormulas[static_cast<std::size_t>(points.formula)]) +
      "\n";
  if (points.start != 0) out += "    start: " + number(points.start) + "\n";
  if (!points.starts.empty()) {
    out += "    starts:\n";
    for (const StartRule& row : points.starts) {
      out += "      - {patterns: " + pattern_list(ids, row.patterns) +
             ", start: " + number(row.start) + "}\n";
    }
  }
  if (points.per_unit != 0) out += "    per_unit: " + number(points.per_unit) + "\n";
  if (points.factor_cap != 0) out += "    factor_cap: " + number(points.factor_cap) + "\n";
  write_points_tables(points, out);
  if (!points.floors.empty()) {
    out += "    floors:\n";
    for (const FloorRule& row : points.floors) {
      out += "      - {patterns: " + pattern_list(ids, row.patterns) +
             ", limit: " + points.limits[row.limit].name + "}\n";
    }
  }
  out += "    kazoe: " + (points.kazoe == 0 ? std::string("false") : number(points.kazoe)) + "\n";
  out += "    round_up_mangan: " +
         (points.round_up_from == 0 ? std::string("false") : number(points.round_up_from)) + "\n";
  if (points.yakuman_base != 0) {
    out += "    yakuman: {base: " + number(points.yakuman_base) +
           ", stack: " + bool_text(points.yakuman_stack) +
           ", double: " + bool_text(points.double_yakuman) + ", name: " + points.yakuman_name +
           "}\n";
  }
}

/// `payments.flat` and `payments.pao`, when given.
void write_flat_and_pao(const RuleSet& rules, const PatternRules& ids, const PaymentRules& pay,
                        std::string& out) {
  if (pay.flat_discard == pay.flat_self_draw) {
    if (pay.flat_discard != 0) out += "    flat: " + number(pay.flat_discard) + "\n";
  } else {
    out += "    flat: {discard: " + number(pay.flat_discard) +
           ", self_draw: " + number(pay.flat_self_draw) + "}\n";
  }
  if (pay.pao.empty()) return;
  const TileClasses& classes = rules.tile_classes();
  out += "    pao:\n";
  for (const PaoRule& rule : pay.pao) {
    const std::string_view cls = rule.tiles == classes.dragons ? kPaoClasses[0]
                                 : rule.tiles == classes.winds ? kPaoClasses[1]
                                                               : kPaoClasses[2];
    out += "      " + name_text(ids.patterns[rule.pattern].id) + ": " + std::string(cls) + "\n";
  }
}

void write_payments(const RuleSet& rules, const PatternRules& ids, const PaymentRules& pay,
                    std::string& out) {
  if (!pay.enabled) return;
  out += "  payments:\n";
  out += "    discard: {dealer: " + number(pay.discard_dealer) +
         ", other: " + number(pay.discard_other) + "}\n";
  if (pay.discard_others_dealer != 0 || pay.discard_others_other != 0) {
    out += "    discard_others: {dealer: " + number(pay.discard_others_dealer) +
           ", other: " + number(pay.discard_others_other) + "}\n";
  }
  out += "    self_draw: {dealer_wins: " + number(pay.self_draw_dealer_wins) +
         ", dealer_pays: " + number(pay.self_draw_dealer_pays) +
         ", other_pays: " + number(pay.self_draw_other_pays) + "}\n";
  out += "    round_to: " + number(pay.round_to) + "\n";
  out += "    honba: {discard: " + number(pay.honba_discard) +
         ", self_draw: " + number(pay.honba_self_draw) + "}\n";
  out += "    riichi_stick: " + number(pay.riichi_stick) + "\n";
  out += std::string("    absent_share: ") +
         (pay.absent_share == PaymentRules::AbsentShare::split ? "split" : "lost") + "\n";
  if (pay.dealer_pays_units != 0 || pay.dealer_pays_per_honba != 0) {
    out += "    dealer_pays_extra: {units: " + number(pay.dealer_pays_units) +
           ", per_honba: " + number(pay.dealer_pays_per_honba) + "}\n";
  }
  write_flat_and_pao(rules, ids, pay, out);
}

}  // namespace

void write_value_rules(const RuleSet& rules, const ValueRules& values, std::string& out) {
  // The pattern ids the value keys name (none when the rule set has no scoring section).
  static const PatternRules no_patterns;
  const ScoringRules* scoring = scoring_rules(rules);
  const PatternRules& ids = scoring != nullptr ? scoring->patterns : no_patterns;
  write_minimum(rules, ids, values.minimum, out);
  write_fu(rules, ids, values.fu, out);
  write_dora(values.dora, out);
  write_points(ids, values.points, out);
  write_payments(rules, ids, values.payments, out);
}

}  // namespace meldgraph::rule_file
