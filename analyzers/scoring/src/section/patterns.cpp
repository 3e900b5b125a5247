/// The pattern keys of `scoring` (section.hpp): `tile_sets`, `limits_replace` and
/// `patterns`, each pattern's id, names, value, condition and relations; and their writer for
/// `rules dump`. The condition language is in docs/scoring.md, "Patterns"; its predicates are
/// the registry of patterns/predicates.cpp.

#include <algorithm>
#include <string>
#include <vector>

#include <range/v3/range/conversion.hpp>
#include <range/v3/view/concat.hpp>
#include <range/v3/view/transform.hpp>

#include "joined.hpp"

#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/loader/rule_writing.hpp"
#include "patterns/arguments.hpp"
#include "patterns/evals.hpp"
#include "patterns/predicates.hpp"
#include "patterns/program.hpp"
#include "section/section.hpp"

namespace meldgraph::rule_file {

namespace {

constexpr std::string_view kPatternKeys[] = {"patterns",       "tile_sets", "limits_replace",
                                             "output_name",    "relations", "account_once",
                                             "exhausted_waits"};
constexpr std::string_view kOnePatternKeys[] = {"name",       "local_name",   "value",   "yakuman",
                                                "factor",     "bonus",        "when",    "excludes",
                                                "implied_by", "only_without", "enabled", "times"};
/// The predicates a pattern's `times` may name: each compares a count.
constexpr std::string_view kCountedPredicates[] = {"groups",    "sets",           "copies", "bonus",
                                                   "wildcards", "soft_wildcards", "honba"};
constexpr std::string_view kCombinators[] = {"all", "any", "not", "at_least"};

// ---------------------------------------------------------------------------------------------
// Conditions

/// Every word a condition's key may be: the combinators and the predicates.
std::vector<std::string_view> condition_words() {
  const auto name = [](const patterns::PredicateSpec& spec) { return spec.name; };
  return ranges::views::concat(kCombinators,
                               patterns::predicate_registry() | ranges::views::transform(name)) |
         ranges::to<std::vector<std::string_view>>();
}

class ConditionCompiler {
 public:
  ConditionCompiler(const patterns::ReadContext& context, std::vector<ConditionNode>& nodes)
      : context_(context), nodes_(nodes) {}

  /// Compiles `value` (a map of one or more condition keys, or a list: all of them) and returns
  /// the index of its root node.
  std::uint32_t compile(const Value& value, int depth = 0) {
    if (depth > kMaxDepth) fail(value.where, "condition nested too deeply");
    if (value.kind == Kind::list) return compile_list(kOpAll, value, depth);
    if (value.kind != Kind::map) {
      fail(value.where,
           "expected a condition (a map such as {closed_hand: true}, or a list), got " +
               describe(value));
    }
    if (value.entries.size() == 1) return compile_entry(value.entries[0], depth);
    if (value.entries.empty()) {
      fail(value.where, "an empty condition; write {all: []} for 'always'");
    }
    // Several keys: all of them.
    const std::uint32_t root = push(kOpAll);
    for (const Item& entry : value.entries) compile_entry(entry, depth + 1);
    finish(root, static_cast<std::uint8_t>(value.entries.size()));
    return root;
  }

 private:
  static constexpr int kMaxDepth = 32;

  std::uint32_t push(std::uint8_t op) {
    if (nodes_.size() >= 0xFFFFF) fail(Where{}, "too many condition nodes");
    ConditionNode node;
    node.op = op;
    nodes_.push_back(node);
    return static_cast<std::uint32_t>(nodes_.size() - 1);
  }
  void finish(std::uint32_t root, std::uint8_t children) {
    if (nodes_.size() - root > 0xFFFF) fail(Where{}, "a condition of too many nodes");
    nodes_[root].children = children;
    nodes_[root].size = static_cast<std::uint16_t>(nodes_.size() - root);
  }

  std::uint32_t compile_list(std::uint8_t op, const Value& list, int depth) {
    if (list.elements.size() > 255) fail(list.where, "at most 255 conditions in one list");
    const std::uint32_t root = push(op);
    for (const Value& element : list.elements) compile(element, depth + 1);
    finish(root, static_cast<std::uint8_t>(list.elements.size()));
    if (list.elements.empty() && op == kOpAll) nodes_[root].op = kOpTrue;
    if (list.elements.empty() && op != kOpAll) {
      fail(list.where, "an empty list here never holds");
    }
    return root;
  }

  std::uint32_t compile_entry(const Item& entry, int depth) {
    if (entry.key == "all" || entry.key == "any") {
      if (entry.value.kind != Kind::list) {
        fail(entry.value.where,
             "'" + entry.key + "' takes a list of conditions, got " + describe(entry.value));
      }
      return compile_list(entry.key == "all" ? kOpAll : kOpAny, entry.value, depth);
    }
    if (entry.key == "not") {
      const std::uint32_t root = push(kOpNot);
      compile(entry.value, depth + 1);
      finish(root, 1);
      return root;
    }
    if (entry.key == "at_least") return compile_at_least(entry, depth);
    const auto registry = patterns::predicate_registry();
    for (std::size_t p = 0; p < registry.size(); ++p) {
      if (registry[p].name != entry.key) continue;
      const std::uint32_t root = push(static_cast<std::uint8_t>(kFirstPredicate + p));
      ConditionNode node = nodes_[root];
      registry[p].read(entry, context_, node);
      nodes_[root] = node;
      finish(root, 0);
      return root;
    }
    const std::vector<std::string_view> words = condition_words();
    fail(entry.key_where, "unknown predicate '" + entry.key + "'" + did_you_mean(entry.key, words) +
                              " (valid: " + word_list(words) + ")");
  }

  std::uint32_t compile_at_least(const Item& entry, int depth) {
    const Value& map = expect_map(entry);
    check_keys_strict(map, {"n", "of"}, "at_least");
    const Item* n = map.find("n");
    const Item* of = map.find("of");
    if (n == nullptr || of == nullptr) fail(entry.value.where, "'at_least' needs 'n' and 'of'");
    if (of->value.kind != Kind::list) {
      fail(of->value.where, "'of' takes a list of conditions, got " + describe(of->value));
    }
    const int count = read_int(*n, 0, static_cast<int>(of->value.elements.size()));
    const std::uint32_t root = compile_list(kOpAtLeast, of->value, depth);
    patterns::at_least_n(nodes_[root]) = static_cast<std::int16_t>(count);
    return root;
  }

  static void check_keys_strict(const Value& map, std::initializer_list<std::string_view> keys,
                                const std::string& what) {
    const std::span<const std::string_view> valid(keys.begin(), keys.size());
    for (const Item& item : map.entries) {
      if (std::find(valid.begin(), valid.end(), item.key) != valid.end()) continue;
      fail(item.key_where, "unknown key '" + item.key + "' in '" + what + "'" +
                               did_you_mean(item.key, valid) + " (valid keys: " + word_list(valid) +
                               ")");
    }
  }

  const patterns::ReadContext& context_;
  std::vector<ConditionNode>& nodes_;
};

// ---------------------------------------------------------------------------------------------
// Patterns

/// Step 1: `tile_sets` and the names a condition may give a tile set.
void read_tile_sets(const ScoringContext& context, const Value& scoring, PatternRules& out) {
  for (const std::string_view name : patterns::builtin_tile_classes()) {
    out.set_names.emplace_back(name);
  }
  if (const Item* sets = scoring.find("tile_sets")) {
    const Value& map = expect_map(*sets);
    const patterns::ReadContext read{context.tiles, context.forms, out};
    for (const Item& entry : map.entries) {
      context.diagnostics.attempt([&] {
        if (!valid_name(entry.key, false)) {
          fail(entry.key_where, "tile set name '" + entry.key + "' must be of a-z, 0-9 and _");
        }
        if (std::find(out.set_names.begin(), out.set_names.end(), entry.key) !=
            out.set_names.end()) {
          fail(entry.key_where, "tile set '" + entry.key + "' names a built-in class");
        }
        if (entry.key.size() == 1) {
          fail(entry.key_where, "tile set '" + entry.key + "' would read as a suit letter");
        }
        const TileSetRef set = patterns::read_tile_set(entry, read);
        if (set.context != 0 || set.name >= 0) {
          fail(entry.value.where, "a tile set is written as tile codes (\"23468s6z\")");
        }
        out.tile_sets.emplace_back(entry.key, set.tiles);
        out.set_names.push_back(entry.key);
      });
    }
  }
  for (const SuitInfo& suit : context.tiles.suits()) {
    if (!suit.bonus) out.set_names.emplace_back(1, suit.letter);
  }
}

/// A pattern's `value`, `yakuman`, `factor` and `bonus` keys: exactly one of them.
PatternValue read_value(const Value& pattern, const std::string& id) {
  PatternValue value;
  const Item* units = pattern.find("value");
  const Item* given = nullptr;
  for (const char* key : {"value", "yakuman", "factor", "bonus"}) {
    const Item* item = pattern.find(key);
    if (item == nullptr) continue;
    if (given != nullptr) {
      fail(item->key_where, "pattern '" + id + "' has both " + given->key + " and " + item->key +
                                " (one of value, yakuman, factor, bonus)");
    }
    given = item;
  }
  if (given == nullptr) {
    fail(pattern.where, "pattern '" + id + "' needs 'value', 'yakuman', 'factor' or 'bonus'");
  }
  if (given->key == "yakuman") {
    value.yakuman = static_cast<std::uint8_t>(read_int(*given, 1, 6));
    return value;
  }
  if (given->key == "factor") {
    value.factor = static_cast<std::uint16_t>(read_int(*given, 2, 100));
    return value;
  }
  if (given->key == "bonus") {
    value.bonus = read_int(*given, 1, 100000000);
    return value;
  }
  if (units->value.kind == Kind::scalar) {
    value.closed = value.open = read_int(*units, 0, 100000);
    return value;
  }
  const Value& map = expect_map(*units);
  for (const Item& entry : map.entries) {
    if (entry.key != "closed" && entry.key != "open") {
      fail(entry.key_where,
           "unknown key '" + entry.key + "' in a value (valid keys: closed, open)");
    }
  }
  const Item* closed = map.find("closed");
  const Item* open = map.find("open");
  if (closed == nullptr) {
    fail(map.where, "a value needs 'closed' (a pattern of open hands only is not supported)");
  }
  value.closed = read_int(*closed, 0, 100000);
  value.open_allowed = open != nullptr;
  value.open = open != nullptr ? read_int(*open, 0, 100000) : 0;
  return value;
}

/// Pattern ids as a list, resolved against `ids`.
std::vector<std::uint16_t> read_relation(const Item& item, const std::vector<std::string>& ids,
                                         std::size_t self) {
  std::vector<const Value*> values;
  if (item.value.kind == Kind::list) {
    for (const Value& element : item.value.elements) values.push_back(&element);
  } else {
    values.push_back(&item.value);
  }
  const std::vector<std::string_view> words(ids.begin(), ids.end());
  std::vector<std::uint16_t> out;
  for (const Value* value : values) {
    if (value->kind != Kind::scalar) {
      fail(value->where, "expected a pattern id in '" + item.key + "', got " + describe(*value));
    }
    const auto found = std::find(ids.begin(), ids.end(), value->text);
    if (found == ids.end()) {
      fail(value->where, "unknown pattern '" + value->text + "' in '" + item.key + "'" +
                             did_you_mean(value->text, words));
    }
    const auto index = static_cast<std::size_t>(found - ids.begin());
    if (index == self) fail(value->where, "a pattern cannot name itself in '" + item.key + "'");
    if (std::find(out.begin(), out.end(), index) == out.end()) {
      out.push_back(static_cast<std::uint16_t>(index));
    }
  }
  return out;
}

/// Step 2: one pattern.
void read_pattern(const ScoringContext& context, const Item& item,
                  const std::vector<std::string>& ids, std::size_t index, PatternRules& out) {
  Pattern& pattern = out.patterns[index];
  pattern.id = item.key;
  const Value& map = expect_map(item);
  check_keys(map, kOnePatternKeys, "pattern '" + item.key + "'", context.diagnostics);
  context.diagnostics.attempt([&] {
    if (const Item* name = map.find("name")) pattern.name = read_string(*name);
    if (const Item* local = map.find("local_name")) pattern.local_name = read_string(*local);
  });
  context.diagnostics.attempt([&] { pattern.value = read_value(map, item.key); });
  context.diagnostics.attempt([&] {
    if (const Item* enabled = map.find("enabled")) pattern.enabled = read_bool(*enabled);
  });
  context.diagnostics.attempt([&] {
    const Item* only = map.find("only_without");
    if (only == nullptr) return;
    if (only->value.kind != Kind::map) {
      pattern.only_without = read_bool(*only);
      return;
    }
    // {except: [ids]}: counts only when no pattern but these does.
    const Value& keys = only->value;
    for (const Item& entry : keys.entries) {
      if (entry.key != "except") {
        fail(entry.key_where, "unknown key '" + entry.key + "' in 'only_without' (valid: except)");
      }
    }
    const Item* except = keys.find("except");
    if (except == nullptr) fail(keys.where, "'only_without' as a map needs 'except'");
    pattern.only_without = true;
    pattern.only_without_except = read_relation(*except, ids, index);
  });
  context.diagnostics.attempt([&] {
    const Item* times = map.find("times");
    if (times == nullptr) return;
    const patterns::ReadContext read{context.tiles, context.forms, out};
    ConditionCompiler compiler(read, out.nodes);
    const std::uint32_t root = compiler.compile(times->value);
    const ConditionNode& node = out.nodes[root];
    const auto registry = patterns::predicate_registry();
    const bool counted =
        node.op >= kFirstPredicate && node.size == 1 &&
        std::find(std::begin(kCountedPredicates), std::end(kCountedPredicates),
                  registry[node.op - kFirstPredicate].name) != std::end(kCountedPredicates);
    if (!counted) {
      fail(times->value.where,
           "'times' takes one counted predicate (groups, sets, copies, bonus, wildcards, "
           "soft_wildcards, honba), e.g. {groups: {kind: pung}}");
    }
    pattern.times = root;
  });
  context.diagnostics.attempt([&] {
    if (const Item* excludes = map.find("excludes")) {
      pattern.excludes = read_relation(*excludes, ids, index);
    }
  });
  context.diagnostics.attempt([&] {
    if (const Item* implied = map.find("implied_by")) {
      pattern.implied_by = read_relation(*implied, ids, index);
    }
  });
  context.diagnostics.attempt([&] {
    const Item* when = map.find("when");
    if (when == nullptr) fail(item.key_where, "pattern '" + item.key + "' needs 'when'");
    const patterns::ReadContext read{context.tiles, context.forms, out};
    ConditionCompiler compiler(read, out.nodes);
    pattern.when = compiler.compile(when->value);
  });
}

/// scoring.account_once: the governed patterns, each with the `sets` node of its melds.
void read_account_once(const Item& item, const std::vector<std::string>& ids, PatternRules& out) {
  using patterns::kSetsOp;
  const std::vector<std::uint16_t> governed = read_relation(item, ids, ids.size());
  for (const std::uint16_t p : governed) {
    const Pattern& pattern = out.patterns[p];
    std::uint32_t node = Pattern::kNoTimes;
    if (pattern.times != Pattern::kNoTimes && out.nodes[pattern.times].op == kSetsOp) {
      node = pattern.times;
    } else if (out.nodes[pattern.when].op == kSetsOp) {
      node = pattern.when;
    }
    if (node == Pattern::kNoTimes) {
      fail(item.value.where, "account_once: pattern '" + pattern.id +
                                 "' needs a 'sets' condition (its 'times' or its 'when') to "
                                 "take its melds from");
    }
    out.account_once.push_back({p, node});
  }
}

}  // namespace

std::span<const std::string_view> pattern_rule_keys() {
  return kPatternKeys;
}

void read_pattern_rules(const ScoringContext& context, const Value& scoring, ScoringUnit /*unit*/,
                        PatternRules& out) {
  if (const Item* replace = scoring.find("limits_replace")) {
    context.diagnostics.attempt([&] { out.limits_replace = read_bool(*replace); });
  }
  if (const Item* relations = scoring.find("relations")) {
    context.diagnostics.attempt([&] {
      out.relations_counted =
          read_choice(*relations, "scoring.relations", {"held", "counted"}) == 1;
    });
  }
  if (const Item* exhausted = scoring.find("exhausted_waits")) {
    context.diagnostics.attempt([&] { out.exhausted_waits = read_bool(*exhausted); });
  }
  if (const Item* names = scoring.find("output_name")) {
    context.diagnostics.attempt([&] {
      out.local_names = read_choice(*names, "scoring.output_name", {"english", "local"}) == 1;
    });
  }
  read_tile_sets(context, scoring, out);
  const Item* patterns = scoring.find("patterns");
  if (patterns == nullptr) return;
  const Value& map = expect_map(*patterns);
  if (map.entries.size() > kMaxPatterns) {
    fail(patterns->key_where, "at most " + std::to_string(kMaxPatterns) + " patterns");
  }
  std::vector<std::string> ids;
  for (const Item& item : map.entries) {
    context.diagnostics.attempt([&] {
      if (!valid_name(item.key, false)) {
        fail(item.key_where, "pattern id '" + item.key + "' must be of a-z, 0-9 and _");
      }
    });
    ids.push_back(item.key);
  }
  out.patterns.resize(ids.size());
  // Each pattern's condition is compiled while the others are read: the node vector only grows.
  out.nodes.reserve(ids.size() * 4);
  for (std::size_t i = 0; i < map.entries.size(); ++i) {
    read_pattern(context, map.entries[i], ids, i, out);
  }
  out.has_factors = std::any_of(out.patterns.begin(), out.patterns.end(), [](const Pattern& p) {
    return p.value.factor > 0 || p.value.bonus > 0;
  });
  if (const Item* once = scoring.find("account_once")) {
    context.diagnostics.attempt([&] { read_account_once(*once, ids, out); });
  }
  context.diagnostics.attempt([&] {
    if (!patterns::compile_patterns(out, context.tiles, context.forms)) {
      fail(patterns->key_where, "the conditions have more than " +
                                    std::to_string(patterns::PatternProgram::kMaxTests) +
                                    " distinct predicates; share more of them");
    }
  });
}

namespace {

/// The ids of `list` (a range of indices into patterns) as a flow list: `[toitoi, sanankou]`.
template <class Indices>
std::string id_list(const PatternRules& patterns, Indices&& list) {
  const auto id = [&](std::uint16_t p) -> const std::string& { return patterns.patterns[p].id; };
  return patterns::wrap(
      "[", joined(static_cast<Indices&&>(list) | ranges::views::transform(id), ", "), "]");
}

/// A pattern's `value`, `yakuman`, `factor` or `bonus` key.
std::string value_text(const PatternValue& value) {
  if (value.yakuman > 0) return "      yakuman: " + std::to_string(value.yakuman) + "\n";
  if (value.factor > 0) return "      factor: " + std::to_string(value.factor) + "\n";
  if (value.bonus > 0) return "      bonus: " + std::to_string(value.bonus) + "\n";
  if (!value.open_allowed) return "      value: {closed: " + std::to_string(value.closed) + "}\n";
  if (value.open == value.closed) return "      value: " + std::to_string(value.closed) + "\n";
  return "      value: {closed: " + std::to_string(value.closed) +
         ", open: " + std::to_string(value.open) + "}\n";
}

/// One pattern, its keys in the order read_pattern documents them.
void write_pattern(const patterns::WriteContext& context, const Pattern& pattern,
                   std::string& out) {
  const PatternRules& patterns = context.patterns;
  out += "    " + pattern.id + ":\n";
  if (!pattern.name.empty()) out += "      name: " + yaml_quoted(pattern.name) + "\n";
  if (!pattern.local_name.empty()) {
    out += "      local_name: " + yaml_quoted(pattern.local_name) + "\n";
  }
  out += value_text(pattern.value);
  if (!pattern.enabled) out += "      enabled: false\n";
  if (pattern.only_without && pattern.only_without_except.empty()) {
    out += "      only_without: true\n";
  } else if (pattern.only_without) {
    out += "      only_without: {except: " + id_list(patterns, pattern.only_without_except) + "}\n";
  }
  if (!pattern.excludes.empty()) {
    out += "      excludes: " + id_list(patterns, pattern.excludes) + "\n";
  }
  if (!pattern.implied_by.empty()) {
    out += "      implied_by: " + id_list(patterns, pattern.implied_by) + "\n";
  }
  out += "      when: " + patterns::write_condition(context, pattern.when) + "\n";
  if (pattern.times != Pattern::kNoTimes) {
    out += "      times: " + patterns::write_condition(context, pattern.times) + "\n";
  }
}

}  // namespace

void write_pattern_rules(const RuleSet& rules, const PatternRules& patterns, std::string& out) {
  out += "  limits_replace: " + bool_text(patterns.limits_replace) + "\n";
  out += std::string("  relations: ") + (patterns.relations_counted ? "counted" : "held") + "\n";
  out += std::string("  output_name: ") + (patterns.local_names ? "local" : "english") + "\n";
  out += "  exhausted_waits: " + bool_text(patterns.exhausted_waits) + "\n";
  if (!patterns.tile_sets.empty()) {
    out += "  tile_sets:\n";
    for (const auto& [name, tiles] : patterns.tile_sets) {
      out += "    " + name + ": " + patterns::tiles_text(rules.tile_table(), tiles) + "\n";
    }
  }
  if (patterns.patterns.empty()) return;
  if (!patterns.account_once.empty()) {
    const auto governed = [](const PatternRules::AccountOnce& rule) { return rule.pattern; };
    out += "  account_once: " +
           id_list(patterns, patterns.account_once | ranges::views::transform(governed)) + "\n";
  }
  const patterns::WriteContext context{rules, patterns};
  out += "  patterns:\n";
  for (const Pattern& pattern : patterns.patterns) write_pattern(context, pattern, out);
}

}  // namespace meldgraph::rule_file
