/// Reading and writing rule files. This is the only translation unit that knows YAML: it turns a
/// rule file (and the files it extends) into a checked RuleSet::Data, and a RuleSet back into text.
///
/// Reading happens in two stages:
///   1. Each file of the `extends` chain is parsed into a `Value` tree that remembers, for every
///      key and value, the file, line and column it came from. The trees are deep-merged, parent
///      first, so every merged node still knows where it was written.
///   2. The merged tree is interpreted key by key into RuleSet::Data. Every error names the place
///      of the offending key or value; contradictions between keys name the key set last.

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "builtin_rules_data.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/tiles.hpp"

namespace meldgraph {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Locations and errors

/// Where a key or value was written. `order` ranks the files of an extends chain: the file named
/// by the caller is 0, the file it extends -1, and so on, so a larger order was applied later.
struct Where {
  std::string origin;
  int line = -1;    ///< 0-based as in YAML::Mark; -1 when unknown
  int column = -1;  ///< 0-based
  int order = 0;
};

Where where_of(const YAML::Mark& mark, const std::string& origin, int order) {
  return Where{origin, mark.line, mark.column, order};
}

/// True when `a` was written after `b` in the merged rule set.
bool later(const Where& a, const Where& b) {
  return std::tie(a.order, a.line, a.column) > std::tie(b.order, b.line, b.column);
}

std::string format_where(const Where& where) {
  // Messages are 1-based; an unknown position points at the start of the file.
  return where.origin + ":" + std::to_string(std::max(where.line, 0) + 1) + ":" +
         std::to_string(std::max(where.column, 0) + 1);
}

[[noreturn]] void fail(const Where& where, const std::string& message) {
  throw RuleError(format_where(where) + ": " + message);
}

// ---------------------------------------------------------------------------------------------
// The located tree

enum class Kind : std::uint8_t { null, scalar, list, map };

struct Item;

/// A YAML node with its location. Maps keep their entries in document order; merging keeps the
/// parent's order and appends the child's new keys.
struct Value {
  Kind kind = Kind::null;
  std::string text;  ///< scalar text
  Where where;
  std::vector<Value> elements;  ///< list elements
  std::vector<Item> entries;    ///< map entries

  [[nodiscard]] const Item* find(std::string_view key) const;
};

struct Item {
  std::string key;
  Where key_where;
  Value value;
};

const Item* Value::find(std::string_view key) const {
  for (const Item& item : entries) {
    if (item.key == key) return &item;
  }
  return nullptr;
}

Value make_value(const YAML::Node& node, const std::string& origin, int order) {
  Value value;
  value.where = where_of(node.Mark(), origin, order);
  switch (node.Type()) {
    case YAML::NodeType::Scalar:
      value.kind = Kind::scalar;
      value.text = node.Scalar();
      break;
    case YAML::NodeType::Sequence:
      value.kind = Kind::list;
      for (const YAML::Node& element : node) {
        value.elements.push_back(make_value(element, origin, order));
      }
      break;
    case YAML::NodeType::Map:
      value.kind = Kind::map;
      for (auto it = node.begin(); it != node.end(); ++it) {
        const Where key_where = where_of(it->first.Mark(), origin, order);
        if (!it->first.IsScalar()) fail(key_where, "keys must be plain names");
        Item item{it->first.Scalar(), key_where, make_value(it->second, origin, order)};
        // yaml-cpp keeps both entries of a repeated key; silently taking one would hide a typo.
        if (value.find(item.key) != nullptr) fail(key_where, "duplicate key '" + item.key + "'");
        // An empty value's mark points at whatever follows it; the key is the better place.
        if (item.value.kind == Kind::null) item.value.where = key_where;
        value.entries.push_back(std::move(item));
      }
      break;
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      value.kind = Kind::null;
      break;
  }
  return value;
}

/// Deep merge: maps merge key by key (recursively), everything else in `child` replaces `base`.
void merge_into(Value& base, Value child) {
  if (base.kind != Kind::map || child.kind != Kind::map) {
    base = std::move(child);
    return;
  }
  base.where = child.where;
  for (Item& item : child.entries) {
    auto found = std::find_if(base.entries.begin(), base.entries.end(),
                              [&](const Item& existing) { return existing.key == item.key; });
    if (found == base.entries.end()) {
      base.entries.push_back(std::move(item));
    } else {
      found->key_where = item.key_where;
      merge_into(found->value, std::move(item.value));
    }
  }
}

/// The location of the key set last anywhere in `value`, or nullptr when it holds no keys.
const Where* latest_key_in(const Value& value) {
  const Where* best = nullptr;
  const auto consider = [&](const Where* place) {
    if (place != nullptr && (best == nullptr || later(*place, *best))) best = place;
  };
  for (const Item& item : value.entries) {
    consider(&item.key_where);
    consider(latest_key_in(item.value));
  }
  for (const Value& element : value.elements) consider(latest_key_in(element));
  return best;
}

// ---------------------------------------------------------------------------------------------
// Sources and the extends chain

const std::vector<detail::BuiltinRuleFile>& builtin_files() {
  return detail::builtin_rule_files();
}

std::string builtin_list() {
  std::string out;
  for (const auto& file : builtin_files()) {
    if (!out.empty()) out += ", ";
    out += file.name;
  }
  return out;
}

/// A rule name refers to a file when it looks like a path; otherwise it is a built-in name.
bool names_file(std::string_view name) {
  return name.find('/') != std::string_view::npos || name.ends_with(".yaml") ||
         name.ends_with(".yml");
}

/// One document to read: a file, a built-in or caller-supplied text.
struct Source {
  std::string origin;    ///< how errors name it
  std::string identity;  ///< unique key for cycle detection
  std::string text;
  bool is_file = false;  ///< relative extends resolve against its directory (else the cwd)
};

std::optional<std::string> read_file(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return buffer.str();
}

std::string file_identity(const fs::path& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(path, ec);
  return "file:" + (ec ? path.lexically_normal() : canonical).string();
}

/// Looks up a file or built-in; nullopt with `problem` set when it cannot be found.
std::optional<Source> find_source(const std::string& ref, const fs::path& base_dir,
                                  std::string& problem) {
  if (names_file(ref)) {
    const fs::path path = (base_dir / ref).lexically_normal();
    std::optional<std::string> text = read_file(path);
    if (!text) {
      problem = "cannot open rule file '" + path.string() + "'";
      return std::nullopt;
    }
    return Source{path.string(), file_identity(path), std::move(*text), true};
  }
  for (const auto& file : builtin_files()) {
    if (file.name == ref) {
      return Source{"builtin:" + ref, "builtin:" + ref, std::string(file.text), false};
    }
  }
  problem = "unknown rule set '" + ref + "' (built-in: " + builtin_list() + ")";
  return std::nullopt;
}

bool valid_name(std::string_view name, bool allow_dash) {
  if (name.empty()) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || (allow_dash && c == '-');
  });
}

std::string describe(const Value& value) {
  switch (value.kind) {
    case Kind::null:
      return "nothing";
    case Kind::scalar:
      return "'" + value.text + "'";
    case Kind::list:
      return "a list";
    case Kind::map:
      return "a map";
  }
  return "?";
}

/// `name` must be present in every file of a chain, not only in the merged result.
void check_file_name(const Value& root, const Where& document) {
  const Item* name = root.find("name");
  if (name == nullptr) fail(document, "missing required key 'name'");
  if (name->value.kind != Kind::scalar) {
    fail(name->value.where, "expected a string for 'name', got " + describe(name->value));
  }
  if (!valid_name(name->value.text, true)) {
    fail(name->value.where,
         "rule set name '" + name->value.text + "' may use only a-z, 0-9, '_' and '-'");
  }
}

struct ChainLink {
  std::string identity;
  std::string origin;
};

/// Parses `source` and everything it extends; returns the merged tree.
Value load_chain(const Source& source, std::vector<ChainLink>& chain, int order) {
  const Where document{source.origin, 0, 0, order};
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(source.text);
  } catch (const YAML::Exception& e) {
    fail(where_of(e.mark, source.origin, order), e.msg);
  }
  if (docs.size() > 1) {
    fail(where_of(docs[1].Mark(), source.origin, order),
         "a rule file holds a single YAML document");
  }
  if (docs.empty() || docs[0].IsNull()) fail(document, "the rule file is empty");
  Value root = make_value(docs[0], source.origin, order);
  if (root.kind != Kind::map) {
    fail(root.where, "a rule file is a map of keys, got " + describe(root));
  }
  check_file_name(root, document);

  auto extends = std::find_if(root.entries.begin(), root.entries.end(),
                              [](const Item& item) { return item.key == "extends"; });
  if (extends == root.entries.end()) return root;
  const Item link = std::move(*extends);
  root.entries.erase(extends);
  if (link.value.kind != Kind::scalar || link.value.text.empty()) {
    fail(link.value.where,
         "expected a rule set name or file for 'extends', got " + describe(link.value));
  }
  const fs::path base_dir = source.is_file ? fs::path(source.origin).parent_path() : fs::path();
  std::string problem;
  std::optional<Source> parent = find_source(link.value.text, base_dir, problem);
  if (!parent) fail(link.value.where, problem);
  for (std::size_t i = 0; i < chain.size(); ++i) {
    if (chain[i].identity != parent->identity) continue;
    std::string cycle;
    for (std::size_t j = i; j < chain.size(); ++j) cycle += chain[j].origin + " -> ";
    cycle += parent->origin;
    fail(link.value.where, "extends cycle: " + cycle);
  }
  chain.push_back(ChainLink{parent->identity, parent->origin});
  Value merged = load_chain(*parent, chain, order - 1);
  chain.pop_back();
  merge_into(merged, std::move(root));
  return merged;
}

// ---------------------------------------------------------------------------------------------
// Scalar readers. Type and range errors point at the value; unknown keys at the key.

void check_keys(const Value& map, std::initializer_list<std::string_view> allowed,
                const std::string& section) {
  for (const Item& item : map.entries) {
    if (std::find(allowed.begin(), allowed.end(), item.key) == allowed.end()) {
      fail(item.key_where, "unknown key '" + item.key + "' in " + section);
    }
  }
}

const Value& expect_map(const Item& item) {
  if (item.value.kind != Kind::map) {
    fail(item.value.where, "expected a map for '" + item.key + "', got " + describe(item.value));
  }
  return item.value;
}

bool read_bool(const Item& item) {
  const std::string& text = item.value.text;
  if (item.value.kind == Kind::scalar) {
    // YAML 1.2 core booleans only: `yes`/`no` would silently mean strings to other tools.
    if (text == "true" || text == "True" || text == "TRUE") return true;
    if (text == "false" || text == "False" || text == "FALSE") return false;
  }
  fail(item.value.where, "expected a boolean for '" + item.key + "', got " + describe(item.value));
}

/// An integer in [lo, hi]; `what` names it in messages.
int read_int(const Value& value, std::string_view what, int lo, int hi) {
  int result = 0;
  bool ok = value.kind == Kind::scalar && !value.text.empty();
  if (ok) {
    const char* first = value.text.data();
    const char* last = first + value.text.size();
    if (*first == '+') ++first;
    const auto [end, ec] = std::from_chars(first, last, result);
    ok = ec == std::errc() && end == last;
    if (ec == std::errc::result_out_of_range) {
      fail(value.where, "'" + std::string(what) + "' must be between " + std::to_string(lo) +
                            " and " + std::to_string(hi) + ", got " + value.text);
    }
  }
  if (!ok) {
    fail(value.where,
         "expected an integer for '" + std::string(what) + "', got " + describe(value));
  }
  if (result < lo || result > hi) {
    fail(value.where, "'" + std::string(what) + "' must be between " + std::to_string(lo) +
                          " and " + std::to_string(hi) + ", got " + std::to_string(result));
  }
  return result;
}

int read_int(const Item& item, int lo, int hi) {
  return read_int(item.value, item.key, lo, hi);
}

std::string read_string(const Item& item) {
  if (item.value.kind != Kind::scalar) {
    fail(item.value.where, "expected a string for '" + item.key + "', got " + describe(item.value));
  }
  return item.value.text;
}

/// Ranks as a list of 1..9 strictly ascending, or a range string "a-b".
std::vector<std::uint8_t> read_ranks(const Item& item) {
  std::vector<std::uint8_t> ranks;
  const Value& value = item.value;
  if (value.kind == Kind::scalar) {
    std::string compact;
    for (const char c : value.text) {
      if (c != ' ') compact += c;
    }
    const bool is_range = compact.size() == 3 && compact[1] == '-' && compact[0] >= '1' &&
                          compact[0] <= '9' && compact[2] >= '1' && compact[2] <= '9';
    if (!is_range) {
      fail(value.where, "expected a list of ranks or a range like \"1-9\" for '" + item.key +
                            "', got " + describe(value));
    }
    if (compact[0] > compact[2]) {
      fail(value.where, "range '" + value.text + "' of '" + item.key + "' runs backwards");
    }
    for (char r = compact[0]; r <= compact[2]; ++r) {
      ranks.push_back(static_cast<std::uint8_t>(r - '0'));
    }
    return ranks;
  }
  if (value.kind != Kind::list) {
    fail(value.where, "expected a list of ranks or a range like \"1-9\" for '" + item.key +
                          "', got " + describe(value));
  }
  if (value.elements.empty()) fail(value.where, "'" + item.key + "' must not be empty");
  for (const Value& element : value.elements) {
    const int rank = read_int(element, item.key, 1, 9);
    if (!ranks.empty() && rank <= ranks.back()) {
      fail(element.where, "'" + item.key + "' must be strictly ascending: " + std::to_string(rank) +
                              " after " + std::to_string(ranks.back()));
    }
    ranks.push_back(static_cast<std::uint8_t>(rank));
  }
  return ranks;
}

/// A tile named in a rule file, before it is resolved against the tile table.
struct TileRef {
  char letter = 0;
  int rank = 0;
  Where where;
  [[nodiscard]] std::string code() const { return std::to_string(rank) + letter; }
};

/// Tile codes as an MPSZ string ("19m19p1234567z") or a list of such strings.
std::vector<TileRef> read_tile_codes(const Item& item, const std::string& path) {
  std::vector<const Value*> strings;
  if (item.value.kind == Kind::scalar) {
    strings.push_back(&item.value);
  } else if (item.value.kind == Kind::list) {
    for (const Value& element : item.value.elements) {
      if (element.kind != Kind::scalar) {
        fail(element.where,
             "expected a tile code for '" + item.key + "', got " + describe(element));
      }
      strings.push_back(&element);
    }
  } else {
    fail(item.value.where, "expected tile codes (\"19m\" or [\"1m\", \"9m\"]) for '" + item.key +
                               "', got " + describe(item.value));
  }
  std::vector<TileRef> refs;
  for (const Value* text : strings) {
    std::string digits;
    for (const char c : text->text) {
      if (c >= '0' && c <= '9') {
        digits += c;
      } else if (c >= 'a' && c <= 'z') {
        if (digits.empty()) {
          fail(text->where, "cannot read tile codes '" + text->text + "' in " + path +
                                ": suit letter '" + c + "' has no rank before it");
        }
        for (const char d : digits) {
          if (d == '0') {
            fail(text->where, "'0" + std::string(1, c) + "' in " + path +
                                  " is a red five, not a tile kind; write 5" + c);
          }
          refs.push_back(TileRef{c, d - '0', text->where});
        }
        digits.clear();
      } else if (c != ' ') {
        fail(text->where, "cannot read tile codes '" + text->text + "' in " + path +
                              ": unexpected character '" + c + "'");
      }
    }
    if (!digits.empty()) {
      fail(text->where, "cannot read tile codes '" + text->text + "' in " + path + ": ranks '" +
                            digits + "' have no suit letter");
    }
  }
  return refs;
}

bool is_hand_size(int tiles) {
  return tiles % 3 == 2;
}

// ---------------------------------------------------------------------------------------------
// Interpretation of the merged tree

/// Turns the merged tree into RuleSet::Data, checking every key. `document` is the place blamed
/// when a contradiction involves only defaults.
class Interpreter {
 public:
  Interpreter(const Value& root, Where document) : root_(root), document_(std::move(document)) {}

  RuleSet::Data run(const std::string& source) {
    check_keys(root_, {"name", "description", "tiles", "hand", "wildcards", "forms"},
               "the rule set");
    data_.source = source;
    // `name` is known to exist and be valid: every file was checked before merging.
    data_.name = root_.find("name")->value.text;
    if (const Item* description = root_.find("description")) {
      data_.description = read_string(*description);
    }
    read_tiles();
    read_hand();
    // Tile ids come from the same constructor that builds the final rule set, so codes resolve
    // exactly as they will be numbered later.
    RuleSet::Data tiles_only;
    tiles_only.name = data_.name;
    tiles_only.suits = data_.suits;
    tiles_only.hand_tiles = data_.hand_tiles;
    provisional_.emplace(std::move(tiles_only));
    read_forbidden_tiles();
    read_wildcards();
    read_forms();
    check_missing_suits();
    check_stand_ins();
    return std::move(data_);
  }

 private:
  /// The latest of the given places, or the document when none is set.
  Where last_of(std::initializer_list<const Where*> places) const {
    const Where* best = nullptr;
    for (const Where* place : places) {
      if (place != nullptr && (best == nullptr || later(*place, *best))) best = place;
    }
    return best != nullptr ? *best : document_;
  }

  static const Where* key_where(const Item* item) {
    return item != nullptr ? &item->key_where : nullptr;
  }

  void read_tiles() {
    const Item* tiles = root_.find("tiles");
    if (tiles == nullptr) fail(document_, "the rule set declares no meldable suits (tiles.suits)");
    const Value& map = expect_map(*tiles);
    check_keys(map, {"copies", "suits", "bonus"}, "tiles");
    int copies = 4;
    const Item* copies_item = map.find("copies");
    if (copies_item != nullptr) copies = read_int(*copies_item, 1, 8);
    tiles_copies_where_ = key_where(copies_item);

    const Item* suits = map.find("suits");
    const Item* bonus = map.find("bonus");
    std::vector<SuitInfo> meldable = read_suit_list(suits, "tiles.suits", false, copies);
    if (meldable.empty()) {
      fail(suits != nullptr ? suits->key_where : tiles->key_where,
           "the rule set declares no meldable suits (tiles.suits)");
    }
    std::vector<SuitInfo> bonus_suits = read_suit_list(bonus, "tiles.bonus", true, copies);

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

  std::vector<SuitInfo> read_suit_list(const Item* list, const std::string& path, bool bonus,
                                       int default_copies) {
    std::vector<SuitInfo> suits;
    if (list == nullptr) return suits;
    if (list->value.kind != Kind::list) {
      fail(list->value.where,
           "expected a list of suits for '" + list->key + "', got " + describe(list->value));
    }
    for (std::size_t i = 0; i < list->value.elements.size(); ++i) {
      suits.push_back(read_suit(list->value.elements[i], path + "[" + std::to_string(i) + "]",
                                bonus, default_copies));
    }
    return suits;
  }

  SuitInfo read_suit(const Value& value, const std::string& path, bool bonus, int default_copies) {
    if (value.kind != Kind::map) {
      fail(value.where, "expected a map for " + path + ", got " + describe(value));
    }
    if (bonus) {
      check_keys(value, {"letter", "name", "ranks", "copies"}, path);
    } else {
      check_keys(value, {"letter", "name", "ranks", "sequences", "copies", "red_fives", "groups"},
                 path);
    }
    SuitInfo suit;
    suit.bonus = bonus;

    const Item* letter = value.find("letter");
    if (letter == nullptr) fail(value.where, "missing required key 'letter' in " + path);
    const std::string text = read_string(*letter);
    if (text.size() != 1 || text[0] < 'a' || text[0] > 'z') {
      fail(letter->value.where, "'letter' must be one lowercase ASCII letter, got '" + text + "'");
    }
    suit.letter = text[0];
    for (const auto& [used, used_path] : letters_) {
      if (used == suit.letter) {
        fail(letter->value.where,
             "duplicate suit letter '" + text + "' (already used by " + used_path + ")");
      }
    }
    letters_.emplace_back(suit.letter, path);

    if (const Item* name = value.find("name")) suit.name = read_string(*name);
    const Item* ranks = value.find("ranks");
    if (ranks == nullptr) fail(value.where, "missing required key 'ranks' in " + path);
    suit.ranks = read_ranks(*ranks);

    const Item* copies = value.find("copies");
    suit.copies =
        static_cast<std::uint8_t>(copies != nullptr ? read_int(*copies, 1, 8) : default_copies);
    if (bonus) return suit;

    if (const Item* sequences = value.find("sequences")) suit.sequences = read_bool(*sequences);
    if (const Item* red = value.find("red_fives")) {
      const int red_fives = read_int(*red, 0, 8);
      if (red_fives > 0) {
        if (std::find(suit.ranks.begin(), suit.ranks.end(), 5) == suit.ranks.end()) {
          fail(last_of({&red->key_where, &ranks->key_where}),
               "red_fives needs rank 5, which suit '" + text + "' does not have");
        }
        if (red_fives > suit.copies) {
          fail(last_of({&red->key_where, key_where(copies),
                        copies == nullptr ? tiles_copies_where_ : nullptr}),
               "red_fives (" + std::to_string(red_fives) + ") exceeds the copies (" +
                   std::to_string(suit.copies) + ") of suit '" + text + "'");
        }
      }
      suit.red_fives = static_cast<std::uint8_t>(red_fives);
    }
    if (const Item* groups = value.find("groups")) {
      const Value& map = expect_map(*groups);
      for (const Item& group : map.entries) {
        if (!valid_name(group.key, true)) {
          fail(group.key_where,
               "group name '" + group.key + "' may use only a-z, 0-9, '_' and '-'");
        }
        std::vector<std::uint8_t> members = read_ranks(group);
        for (const std::uint8_t rank : members) {
          if (std::find(suit.ranks.begin(), suit.ranks.end(), rank) == suit.ranks.end()) {
            fail(group.value.where, "group '" + group.key + "' names rank " + std::to_string(rank) +
                                        ", which suit '" + text + "' does not have");
          }
        }
        suit.groups.emplace_back(group.key, std::move(members));
      }
    }
    return suit;
  }

  void read_hand() {
    const Item* hand = root_.find("hand");
    if (hand == nullptr) return;
    const Value& map = expect_map(*hand);
    check_keys(map, {"tiles", "exhausted_waits", "missing_suits", "forbidden_tiles"}, "hand");
    if (const Item* forbidden = map.find("forbidden_tiles")) forbidden_item_ = forbidden;
    if (const Item* missing = map.find("missing_suits")) {
      data_.missing_suits = static_cast<std::uint8_t>(read_int(*missing, 0, 8));
      missing_suits_where_ = &missing->value.where;
    }
    if (const Item* exhausted = map.find("exhausted_waits")) {
      data_.exhausted_waits = read_bool(*exhausted);
    }
    if (const Item* tiles = map.find("tiles")) {
      const int count = read_int(*tiles, 2, 17);
      if (!is_hand_size(count)) {
        fail(tiles->value.where,
             "hand.tiles must be 3n+2 (2, 5, 8, 11, 14 or 17), got " + std::to_string(count));
      }
      data_.hand_tiles = static_cast<std::uint8_t>(count);
      hand_tiles_where_ = &tiles->key_where;
    }
  }

  /// Resolves a tile code; `unknown` is the message when the tile table has no such tile.
  TileId resolve(const TileRef& ref, const std::string& unknown) const {
    const TileId id = provisional_->find_tile(ref.letter, ref.rank);
    if (id == kNoTile) fail(ref.where, unknown);
    return id;
  }

  void read_wildcards() {
    const Item* wildcards = root_.find("wildcards");
    if (wildcards == nullptr) return;
    wildcards_where_ = &wildcards->key_where;
    const Value& map = expect_map(*wildcards);
    check_keys(map,
               {"jokers", "tiles", "per_hand", "exceed_copies", "in_melds", "indicator",
                "max_in_win", "natural_use", "stand_ins"},
               "wildcards");

    WildcardRules& rules = data_.wildcards;
    if (const Item* jokers = map.find("jokers")) {
      rules.jokers = static_cast<std::uint8_t>(read_int(*jokers, 0, 16));
    }
    if (const Item* tiles = map.find("tiles")) {
      TileMask seen = 0;
      for (const TileRef& ref : read_tile_codes(*tiles, "wildcards.tiles")) {
        const TileId id = resolve(ref, "unknown wildcard tile '" + ref.code() + "'");
        if ((seen & tile_bit(id)) != 0) {
          fail(ref.where, "wildcard tile '" + ref.code() + "' is listed twice");
        }
        seen |= tile_bit(id);
        rules.tiles.push_back(id);
      }
      std::sort(rules.tiles.begin(), rules.tiles.end());
    }
    if (const Item* per_hand = map.find("per_hand")) rules.per_hand = read_bool(*per_hand);
    if (const Item* exceed = map.find("exceed_copies")) rules.exceed_copies = read_bool(*exceed);
    if (const Item* in_melds = map.find("in_melds")) rules.in_melds = read_bool(*in_melds);
    if (const Item* max_in_win = map.find("max_in_win")) {
      rules.max_in_win = static_cast<std::uint8_t>(read_int(*max_in_win, 0, 17));
    }
    if (const Item* natural_use = map.find("natural_use")) {
      rules.natural_use = read_bool(*natural_use);
    }
    if (const Item* indicator = map.find("indicator")) {
      const Value& fields = expect_map(*indicator);
      check_keys(fields, {"enabled", "cycle", "include_indicator", "cycles"},
                 "wildcards.indicator");
      IndicatorRules& rule = rules.indicator;
      rule.enabled = true;  // giving the map switches it on unless it says otherwise
      if (const Item* enabled = fields.find("enabled")) rule.enabled = read_bool(*enabled);
      if (const Item* cycle = fields.find("cycle")) {
        const std::string text = read_string(*cycle);
        if (text != "suit" && text != "group") {
          fail(cycle->value.where,
               "wildcards.indicator.cycle must be 'suit' or 'group', got '" + text + "'");
        }
        rule.by_group = text == "group";
      }
      if (const Item* include = fields.find("include_indicator")) {
        rule.include_indicator = read_bool(*include);
      }
      if (const Item* cycles = fields.find("cycles")) read_indicator_cycles(*cycles, rule);
    }
    read_stand_ins(map.find("stand_ins"));
  }

  /// wildcards.stand_ins: a map from `joker`, a tile code or `default` to what that wildcard may
  /// stand for: a list (or one string) of set names and tile codes, united. Names: any, honours,
  /// numbers (the sequence suits), same_rank, own_suit (relative to a wild tile kind), 147, 258,
  /// 369 (those ranks of the sequence suits) and the tile set's rank groups (winds, dragons).
  void read_stand_ins(const Item* stand_ins) {
    WildcardRules& rules = data_.wildcards;
    const RuleSet& tiles = *provisional_;
    TileMask all = 0;
    for (TileId t = 0; t < tiles.meldable_count(); ++t) all |= tile_bit(t);
    rules.joker_stand_ins = all;
    rules.tile_stand_ins.fill(0);
    for (TileId t = 0; t < tiles.tile_count(); ++t) rules.tile_stand_ins[t] = all;
    if (stand_ins == nullptr) return;
    stand_ins_where_ = &stand_ins->key_where;
    const Value& map = expect_map(*stand_ins);
    // `face` is the wild tile kind a relative name is taken from; kNoTile for jokers.
    const auto resolve_sets = [&](const Item& entry, TileId face, bool is_default) {
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
        const std::string& name = item->text;
        const auto each = [&](auto&& keep) {
          for (TileId t = 0; t < tiles.meldable_count(); ++t) {
            if (keep(tiles.tile(t))) mask |= tile_bit(t);
          }
        };
        const auto sequences = [&](const TileInfo& info) {
          return data_.suits[info.suit].sequences;
        };
        const bool relative = name == "same_rank" || name == "own_suit";
        if (relative && face == kNoTile && !is_default) {
          fail(item->where, "'" + name + "' in " + path +
                                " needs a tile face; a joker has none (use any, a set or tiles)");
        }
        if (name == "any") {
          mask |= all;
        } else if (name == "honours") {
          each([&](const TileInfo& info) { return !sequences(info); });
        } else if (name == "numbers") {
          each([&](const TileInfo& info) { return sequences(info); });
        } else if (name == "147" || name == "258" || name == "369") {
          const int knit = name[0] - '1';
          each([&](const TileInfo& info) {
            return sequences(info) && knit_class(info.rank) == knit;
          });
        } else if (name == "same_rank") {
          if (face == kNoTile) continue;  // default for jokers: resolved per tile kind only
          const TileInfo& own = tiles.tile(face);
          // The same number in every sequence suit; an honour or bonus face stands for itself.
          each([&](const TileInfo& info) {
            return sequences(own) ? sequences(info) && info.rank == own.rank : &info == &own;
          });
        } else if (name == "own_suit") {
          if (face == kNoTile) continue;
          const TileInfo& own = tiles.tile(face);
          each([&](const TileInfo& info) { return info.suit == own.suit; });
        } else {
          bool group = false;
          for (const SuitInfo& suit : data_.suits) {
            for (const auto& [group_name, ranks] : suit.groups) {
              if (group_name != name) continue;
              group = true;
              for (const std::uint8_t rank : ranks) {
                const TileId t = tiles.find_tile(suit.letter, rank);
                if (t != kNoTile && t < tiles.meldable_count()) mask |= tile_bit(t);
              }
            }
          }
          if (!group) {
            const Item one{entry.key, entry.key_where, *item};
            for (const TileRef& ref : read_tile_codes(one, path)) {
              const TileId id = resolve(ref, "'" + name + "' in " + path +
                                                 " is neither a set name (any, honours, numbers, "
                                                 "same_rank, own_suit, 147, 258, 369, a rank "
                                                 "group) nor a known tile");
              if (id >= tiles.meldable_count()) {
                fail(ref.where, "bonus tile '" + ref.code() + "' in " + path +
                                    ": a wildcard stands only for meldable tiles");
              }
              mask |= tile_bit(id);
            }
          }
        }
      }
      return mask;
    };
    const Item* fallback = map.find("default");
    for (TileId t = 0; t < tiles.tile_count(); ++t) {
      if (fallback != nullptr) rules.tile_stand_ins[t] = resolve_sets(*fallback, t, true);
    }
    if (fallback != nullptr) rules.joker_stand_ins = resolve_sets(*fallback, kNoTile, true);
    for (const Item& entry : map.entries) {
      if (entry.key == "default") continue;
      if (entry.key == "joker") {
        if (rules.jokers == 0) {
          fail(entry.key_where,
               "wildcards.stand_ins.joker, but the set has no jokers (wildcards.jokers is 0)");
        }
        rules.joker_stand_ins = resolve_sets(entry, kNoTile, false);
        continue;
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
      rules.tile_stand_ins[id] = resolve_sets(entry, id, false);
    }
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

  /// Rules not combined with restricted stand-ins (yet): the shanten cost model treats a
  /// restricted wildcard as the tile it is assigned, which pair-slot and max_in_win rules would
  /// have to see through.
  void check_stand_ins() const {
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
      if (form.enabled && form.wildcards && form.pair_wildcards != PairWildcards::any) {
        fail(last_of({stand_ins_where_}),
             "wildcards.stand_ins restricts wildcards, which cannot "
             "be combined with form '" +
                 form.name + "' pair_wildcards yet (use any)");
      }
    }
  }

  /// hand.forbidden_tiles: meldable tiles, read once the tile table is known.
  void read_forbidden_tiles() {
    if (forbidden_item_ == nullptr) return;
    const RuleSet& tiles = *provisional_;
    for (const TileRef& ref : read_tile_codes(*forbidden_item_, "hand.forbidden_tiles")) {
      const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in hand.forbidden_tiles");
      if (id >= tiles.meldable_count()) {
        fail(ref.where, "bonus tile '" + ref.code() +
                            "' in hand.forbidden_tiles: bonus tiles are never in a hand's groups");
      }
      data_.forbidden_tiles |= tile_bit(id);
    }
  }

  /// hand.missing_suits must leave a suit to play.
  void check_missing_suits() const {
    if (data_.missing_suits == 0) return;
    const auto sequence_suits =
        std::count_if(data_.suits.begin(), data_.suits.end(),
                      [](const SuitInfo& suit) { return !suit.bonus && suit.sequences; });
    if (data_.missing_suits >= sequence_suits) {
      fail(*missing_suits_where_, "hand.missing_suits is " + std::to_string(data_.missing_suits) +
                                      " but the rule set has only " +
                                      std::to_string(sequence_suits) + " sequence suits");
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
  void read_indicator_cycles(const Item& cycles, IndicatorRules& rule) const {
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
        if (provisional_->tile(id).bonus) {
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

  void read_forms() {
    const Item* forms = root_.find("forms");
    if (forms != nullptr) {
      const Value& map = expect_map(*forms);
      for (const Item& entry : map.entries) data_.forms.push_back(read_form(entry));
    }
    const bool any_enabled = std::any_of(data_.forms.begin(), data_.forms.end(),
                                         [](const FormSpec& form) { return form.enabled; });
    if (!any_enabled) {
      fail(last_of({key_where(forms), forms != nullptr ? latest_key_in(forms->value) : nullptr}),
           "no form is enabled; a rule set needs at least one winning form (forms)");
    }
  }

  FormSpec read_form(const Item& entry) {
    const std::string path = "forms." + entry.key;
    if (!valid_name(entry.key, false)) {
      fail(entry.key_where, "form name '" + entry.key + "' may use only a-z, 0-9 and '_'");
    }
    if (entry.value.kind != Kind::map) {
      fail(entry.value.where,
           "expected a map for form '" + entry.key + "', got " + describe(entry.value));
    }
    const Value& map = entry.value;
    FormSpec form;
    form.name = entry.key;
    const Item* type = map.find("type");
    if (type == nullptr) {
      fail(entry.key_where,
           "form '" + entry.key +
               "' has no 'type' (melds, pairs, set, wildcards, knitted or singles)");
    }
    const std::string type_name = read_string(*type);
    if (type_name == "melds") {
      form.type = FormType::melds;
      check_keys(map, {"type", "enabled", "wildcards", "pairs", "pair_tiles", "pair_wildcards"},
                 path);
    } else if (type_name == "pairs") {
      form.type = FormType::pairs;
      check_keys(
          map,
          {"type", "enabled", "wildcards", "pairs", "pungs", "four_as_two_pairs", "pair_wildcards"},
          path);
    } else if (type_name == "set") {
      form.type = FormType::set;
      check_keys(map, {"type", "enabled", "wildcards", "tiles"}, path);
    } else if (type_name == "wildcards") {
      form.type = FormType::wildcards;
      check_keys(map, {"type", "enabled", "wildcards", "count"}, path);
    } else if (type_name == "knitted") {
      form.type = FormType::knitted;
      check_keys(map, {"type", "enabled", "wildcards", "pairs", "pair_tiles", "pair_wildcards"},
                 path);
    } else if (type_name == "singles") {
      form.type = FormType::singles;
      check_keys(
          map,
          {"type", "enabled", "wildcards", "size", "pairs", "honours", "suits", "gap", "require"},
          path);
    } else {
      fail(type->value.where, "unknown form type '" + type_name + "' for form '" + entry.key +
                                  "' (expected melds, pairs, set, wildcards, knitted or singles)");
    }
    const Item* enabled = map.find("enabled");
    if (enabled != nullptr) form.enabled = read_bool(*enabled);
    if (const Item* wildcards = map.find("wildcards")) form.wildcards = read_bool(*wildcards);
    if (const Item* pair_wildcards = map.find("pair_wildcards")) {
      const std::string text = read_string(*pair_wildcards);
      if (text == "any") {
        form.pair_wildcards = PairWildcards::any;
      } else if (text == "with_natural") {
        form.pair_wildcards = PairWildcards::with_natural;
      } else if (text == "none") {
        form.pair_wildcards = PairWildcards::none;
      } else {
        fail(pair_wildcards->value.where, path +
                                              ".pair_wildcards must be any, with_natural or "
                                              "none, got '" +
                                              text + "'");
      }
    }
    if (const Item* pair_tiles = map.find("pair_tiles")) {
      for (const TileRef& ref : read_tile_codes(*pair_tiles, path + ".pair_tiles")) {
        const TileId id =
            resolve(ref, "unknown tile '" + ref.code() + "' in " + path + ".pair_tiles");
        if (provisional_->tile(id).bonus) {
          fail(ref.where, "tile '" + ref.code() + "' in " + path + ".pair_tiles is a bonus tile");
        }
        form.pair_tiles |= tile_bit(id);
      }
      if (form.pair_tiles == 0) fail(pair_tiles->value.where, path + ".pair_tiles is empty");
    }

    // A contradiction inside a form blames the latest of the form's own keys and `extra`.
    const auto blame = [&](const Item* key, const Where* extra) {
      return last_of(
          {&entry.key_where, &type->key_where, key_where(enabled), key_where(key), extra});
    };
    // Forms that need more tiles than a hand holds could never match; a disabled form is kept
    // as written so that a child can switch it off instead of repairing it.
    const auto check_size = [&](int tiles, const Item* key) {
      if (!is_hand_size(tiles)) {
        fail(key->key_where, "form '" + entry.key + "' needs " + std::to_string(tiles) +
                                 " tiles, which is not 3n+2");
      }
      if (form.enabled && tiles > data_.hand_tiles) {
        fail(blame(key, hand_tiles_where_),
             "form '" + entry.key + "' needs " + std::to_string(tiles) +
                 " tiles, more than hand.tiles (" + std::to_string(data_.hand_tiles) + ")");
      }
    };

    switch (form.type) {
      case FormType::knitted:
        check_knit_suits(entry, blame(nullptr, nullptr));
        [[fallthrough]];
      case FormType::melds: {
        const Item* pairs = map.find("pairs");
        if (pairs != nullptr) {
          const int count = read_int(*pairs, 0, 8);
          if (count == 0) {
            fail(pairs->value.where, "melds form '" + entry.key +
                                         "' with pairs 0 would need 3n tiles, but a complete "
                                         "hand has 3n+2; use pairs: 1");
          }
          if (count != 1) {
            fail(pairs->value.where,
                 "melds form '" + entry.key + "' must have pairs 1, got " + std::to_string(count));
          }
        }
        form.pairs = 1;
        if (form.type == FormType::knitted) check_size(9 + 2, &entry);
        break;
      }
      case FormType::singles:
        read_singles(entry, form, blame);
        check_size(form.hand_tiles, map.find("size") != nullptr ? map.find("size") : &entry);
        break;
      case FormType::pairs: {
        const Item* pairs = map.find("pairs");
        if (pairs == nullptr) {
          fail(entry.key_where, "missing required key 'pairs' in " + path);
        }
        form.pairs = static_cast<std::uint8_t>(read_int(*pairs, 1, 8));
        if (const Item* four = map.find("four_as_two_pairs")) {
          form.four_as_two_pairs = read_bool(*four);
        }
        const Item* pungs = map.find("pungs");
        if (pungs != nullptr) form.pungs = static_cast<std::uint8_t>(read_int(*pungs, 0, 5));
        check_size(2 * form.pairs + 3 * form.pungs, pungs != nullptr ? pungs : pairs);
        break;
      }
      case FormType::set: {
        const Item* tiles = map.find("tiles");
        if (tiles == nullptr) fail(entry.key_where, "missing required key 'tiles' in " + path);
        TileMask seen = 0;
        for (const TileRef& ref : read_tile_codes(*tiles, path + ".tiles")) {
          const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in " + path + ".tiles");
          if (provisional_->tile(id).bonus) {
            fail(ref.where, "tile '" + ref.code() + "' in " + path +
                                ".tiles is a bonus tile; a set holds meldable tiles only");
          }
          if ((seen & tile_bit(id)) != 0) {
            fail(ref.where, "tile '" + ref.code() + "' is listed twice in " + path + ".tiles");
          }
          seen |= tile_bit(id);
          form.set_tiles.push_back(id);
        }
        if (form.set_tiles.empty()) fail(tiles->value.where, path + ".tiles must not be empty");
        std::sort(form.set_tiles.begin(), form.set_tiles.end());
        check_size(static_cast<int>(form.set_tiles.size()) + 1, tiles);
        break;
      }
      case FormType::wildcards: {
        const Item* count = map.find("count");
        if (count != nullptr) form.count = static_cast<std::uint8_t>(read_int(*count, 1, 17));
        // The form is its wildcards: one that may not use them would be a contradiction (and
        // the searches would read it two ways).
        if (const Item* use = map.find("wildcards"); use != nullptr && !form.wildcards) {
          fail(use->value.where,
               "form '" + entry.key + "' wins on its wildcards: 'wildcards: false' contradicts it");
        }
        if (form.enabled && form.count > data_.hand_tiles) {
          fail(blame(count, hand_tiles_where_),
               "form '" + entry.key + "' needs " + std::to_string(form.count) +
                   " wildcards, more than hand.tiles (" + std::to_string(data_.hand_tiles) + ")");
        }
        const WildcardRules& wild = data_.wildcards;
        if (form.enabled && wild.jokers == 0 && wild.tiles.empty() && !wild.per_hand &&
            !wild.indicator.enabled) {
          fail(blame(count, wildcards_where_),
               "form '" + entry.key +
                   "' wins on wildcards, but the rule set has none (wildcards.jokers is 0, "
                   "wildcards.tiles is empty, wildcards.per_hand is false and there is no "
                   "wildcards.indicator)");
        }
        break;
      }
    }
    return form;
  }

  /// The sequence suits of the tile set, for knitted patterns: exactly three, each of ranks 1-9.
  [[nodiscard]] std::vector<std::size_t> knit_suits() const {
    std::vector<std::size_t> suits;
    for (std::size_t s = 0; s < data_.suits.size(); ++s) {
      if (data_.suits[s].sequences && !data_.suits[s].bonus) suits.push_back(s);
    }
    return suits;
  }

  void check_knit_suits(const Item& entry, const Where& where) const {
    const std::vector<std::size_t> suits = knit_suits();
    bool ok = suits.size() == kKnitClasses;
    for (const std::size_t s : suits) {
      ok = ok && data_.suits[s].ranks == std::vector<std::uint8_t>{1, 2, 3, 4, 5, 6, 7, 8, 9};
    }
    if (!ok) {
      fail(where, "form '" + entry.key +
                      "' knits 147, 258 and 369 across suits, which needs exactly three sequence "
                      "suits of ranks 1-9 (tiles)");
    }
  }

  /// The keys of a `singles` form (全不靠, 七星不靠, 十六不搭).
  template <class Blame>
  void read_singles(const Item& entry, FormSpec& form, const Blame& blame) {
    const std::string path = "forms." + entry.key;
    const Value& map = entry.value;
    form.hand_tiles = data_.hand_tiles;
    if (const Item* size = map.find("size")) {
      form.hand_tiles = static_cast<std::uint8_t>(read_int(*size, 2, 17));
    }
    form.pairs = 0;
    if (const Item* pairs = map.find("pairs")) {
      form.pairs = static_cast<std::uint8_t>(read_int(*pairs, 0, 8));
    }
    // Honours: every tile of the meldable suits without sequences unless listed.
    const Item* honours = map.find("honours");
    if (honours != nullptr) {
      for (const TileRef& ref : read_tile_codes(*honours, path + ".honours")) {
        const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in " + path + ".honours");
        const TileInfo& info = provisional_->tile(id);
        if (info.bonus || data_.suits[info.suit].sequences) {
          fail(ref.where, "tile '" + ref.code() + "' in " + path +
                              ".honours is not an honour (a meldable tile of a suit without "
                              "sequences); sequence suits follow " +
                              path + ".suits");
        }
        form.single_tiles |= tile_bit(id);
      }
    } else {
      for (TileId t = 0; t < provisional_->meldable_count(); ++t) {
        if (!data_.suits[provisional_->tile(t).suit].sequences) form.single_tiles |= tile_bit(t);
      }
    }
    const Item* suits = map.find("suits");
    if (suits != nullptr) {
      const std::string text = read_string(*suits);
      if (text == "knitted") {
        form.singles_suits = SinglesSuits::knitted;
      } else if (text == "gapped") {
        form.singles_suits = SinglesSuits::gapped;
      } else {
        fail(suits->value.where, path + ".suits must be knitted or gapped, got '" + text + "'");
      }
    }
    const Item* gap = map.find("gap");
    if (gap != nullptr) {
      if (form.singles_suits != SinglesSuits::gapped) {
        fail(gap->key_where, path + ".gap applies only with suits: gapped");
      }
      form.gap = static_cast<std::uint8_t>(read_int(*gap, 1, 8));
    }
    if (form.singles_suits == SinglesSuits::knitted) {
      check_knit_suits(entry, blame(suits, nullptr));
    }
    const Item* require = map.find("require");
    if (require != nullptr) {
      for (const TileRef& ref : read_tile_codes(*require, path + ".require")) {
        const TileId id = resolve(ref, "unknown tile '" + ref.code() + "' in " + path + ".require");
        const TileInfo& info = provisional_->tile(id);
        if (info.bonus ||
            (!data_.suits[info.suit].sequences && (form.single_tiles & tile_bit(id)) == 0)) {
          fail(ref.where, "tile '" + ref.code() + "' in " + path +
                              ".require can never be one of the form's singles");
        }
        form.required |= tile_bit(id);
      }
    }
    // The most distinct tiles the pattern admits, against the distinct tiles the size needs.
    int most = std::popcount(form.single_tiles);
    for (std::size_t s = 0; s < data_.suits.size(); ++s) {
      const SuitInfo& suit = data_.suits[s];
      if (!suit.sequences || suit.bonus) continue;
      if (form.singles_suits == SinglesSuits::knitted) {
        most += 3;
        continue;
      }
      int taken = 0;
      int last = -100;
      for (const std::uint8_t rank : suit.ranks) {
        if (rank - last >= form.gap) {
          ++taken;
          last = rank;
        }
      }
      most += taken;
    }
    const int distinct = form.hand_tiles - form.pairs;
    if (form.pairs > distinct || distinct > most) {
      fail(blame(map.find("size") != nullptr ? map.find("size") : map.find("pairs"), nullptr),
           "form '" + entry.key + "' needs " + std::to_string(distinct) +
               " distinct tiles, but its pattern admits at most " + std::to_string(most));
    }
    if (std::popcount(form.required) > distinct) {
      fail(blame(require, nullptr), "form '" + entry.key + "' requires more tiles than it holds");
    }
  }

  const Value& root_;
  Where document_;
  RuleSet::Data data_;
  std::optional<RuleSet> provisional_;
  std::vector<std::pair<char, std::string>> letters_;  ///< letters seen so far, with their path
  const Where* tiles_copies_where_ = nullptr;
  const Where* hand_tiles_where_ = nullptr;
  const Where* stand_ins_where_ = nullptr;
  const Item* forbidden_item_ = nullptr;
  const Where* wildcards_where_ = nullptr;
  const Where* missing_suits_where_ = nullptr;
};

RuleSet load_source(const Source& source, const std::string& name) {
  std::vector<ChainLink> chain{ChainLink{source.identity, source.origin}};
  const Value merged = load_chain(source, chain, 0);
  Interpreter interpreter(merged, Where{source.origin, 0, 0, 0});
  RuleSet::Data data = interpreter.run(name);
  try {
    return RuleSet(std::move(data));
  } catch (const RuleError& e) {
    // The loader checks everything the constructor does; this only keeps the origin in front.
    throw RuleError(source.origin + ": " + e.what());
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

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

std::string pair_wildcards_name(PairWildcards rule) {
  switch (rule) {
    case PairWildcards::any:
      return "any";
    case PairWildcards::with_natural:
      return "with_natural";
    case PairWildcards::none:
      return "none";
  }
  return "any";
}

std::string form_type_name(FormType type) {
  switch (type) {
    case FormType::melds:
      return "melds";
    case FormType::pairs:
      return "pairs";
    case FormType::set:
      return "set";
    case FormType::wildcards:
      return "wildcards";
    case FormType::knitted:
      return "knitted";
    case FormType::singles:
      return "singles";
  }
  return "melds";
}

std::string single_line(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return text;
}

}  // namespace

std::vector<std::string> builtin_rule_names() {
  std::vector<std::string> names;
  for (const auto& file : builtin_files()) names.emplace_back(file.name);
  std::sort(names.begin(), names.end());
  return names;
}

RuleSet load_rules(std::string_view name_or_path) {
  const std::string ref(name_or_path);
  std::string problem;
  const std::optional<Source> source = find_source(ref, fs::path(), problem);
  if (!source) {
    // Echo the name exactly as the caller wrote it.
    throw RuleError(names_file(ref) ? "cannot open rule file '" + ref + "'" : problem);
  }
  return load_source(*source, names_file(ref) ? source->origin : ref);
}

RuleSet load_rules_from_string(std::string_view yaml, std::string_view origin) {
  const std::string name(origin);
  // Text has no directory: relative `extends` paths resolve against the current directory.
  return load_source(Source{name, "text:" + name, std::string(yaml), false}, name);
}

std::string dump_rules(const RuleSet& rules) {
  const RuleSet::Data& data = rules.data();
  std::string out;
  out += "# Rule set '" + data.name + "' as loaded from " + single_line(data.source) + ".\n";
  out += "# Written by `meldgraph rules dump`: every key is spelt out, defaults included, and\n";
  out += "# the rule sets it extends are merged in, so this document stands alone.\n";
  out += "name: " + name_text(data.name) + "\n";
  out += "description: " + yaml_quoted(data.description) + "\n";

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
      if (suit.bonus != bonus) continue;
      out += "    - letter: " + std::string(1, suit.letter) + "\n";
      out += "      name: " + yaml_quoted(suit.name) + "\n";
      out += "      ranks: " + rank_list(suit.ranks) + "\n";
      if (!bonus) out += "      sequences: " + bool_text(suit.sequences) + "\n";
      out += "      copies: " + std::to_string(suit.copies) + "\n";
      if (bonus) continue;
      out += "      red_fives: " + std::to_string(suit.red_fives) + "\n";
      out += suit.groups.empty() ? "      groups: {}\n" : "      groups:\n";
      for (const auto& [group, ranks] : suit.groups) {
        out += "        " + name_text(group) + ": " + rank_list(ranks) + "\n";
      }
    }
  }

  out += "hand:\n";
  out += "  tiles: " + std::to_string(data.hand_tiles) + "\n";
  out += "  exhausted_waits: " + bool_text(data.exhausted_waits) + "\n";
  out += "  missing_suits: " + std::to_string(data.missing_suits) + "\n";
  {
    std::vector<TileId> forbidden;
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if ((data.forbidden_tiles & tile_bit(t)) != 0) forbidden.push_back(t);
    }
    out += "  forbidden_tiles: " + tile_list(rules, forbidden) + "\n";
  }

  const WildcardRules& wild = data.wildcards;
  out += "wildcards:\n";
  out += "  jokers: " + std::to_string(wild.jokers) + "\n";
  out += "  tiles: " + tile_list(rules, wild.tiles) + "\n";
  out += "  per_hand: " + bool_text(wild.per_hand) + "\n";
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
  if (wild.restricted) {
    // Resolved masks, one entry per wildcard that is not unrestricted.
    TileMask all = 0;
    for (TileId t = 0; t < rules.meldable_count(); ++t) all |= tile_bit(t);
    const auto codes = [&](TileMask mask) {
      std::vector<TileId> list;
      for (TileId t = 0; t < rules.meldable_count(); ++t) {
        if ((mask & tile_bit(t)) != 0) list.push_back(t);
      }
      return tile_list(rules, list);
    };
    out += "  stand_ins:\n";
    if (wild.jokers > 0 && wild.joker_stand_ins != all) {
      out += "    joker: " + codes(wild.joker_stand_ins) + "\n";
    }
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      if (wild.tile_stand_ins[t] != all) {
        out +=
            "    " + yaml_quoted(rules.tile(t).code) + ": " + codes(wild.tile_stand_ins[t]) + "\n";
      }
    }
  }

  out += data.forms.empty() ? "forms: {}\n" : "forms:\n";
  for (const FormSpec& form : data.forms) {
    out += "  " + name_text(form.name) + ":\n";
    out += "    type: " + form_type_name(form.type) + "\n";
    out += "    enabled: " + bool_text(form.enabled) + "\n";
    out += "    wildcards: " + bool_text(form.wildcards) + "\n";
    switch (form.type) {
      case FormType::melds:
      case FormType::knitted: {
        out += "    pairs: " + std::to_string(form.pairs) + "\n";
        std::vector<TileId> pair_tiles;
        for (TileId t = 0; t < rules.meldable_count(); ++t) {
          if ((form.pair_tiles & tile_bit(t)) != 0) pair_tiles.push_back(t);
        }
        if (!pair_tiles.empty()) out += "    pair_tiles: " + tile_list(rules, pair_tiles) + "\n";
        out += "    pair_wildcards: " + pair_wildcards_name(form.pair_wildcards) + "\n";
        break;
      }
      case FormType::pairs:
        out += "    pairs: " + std::to_string(form.pairs) + "\n";
        out += "    pungs: " + std::to_string(form.pungs) + "\n";
        out += "    four_as_two_pairs: " + bool_text(form.four_as_two_pairs) + "\n";
        out += "    pair_wildcards: " + pair_wildcards_name(form.pair_wildcards) + "\n";
        break;
      case FormType::set:
        out += "    tiles: " + tile_list(rules, form.set_tiles) + "\n";
        break;
      case FormType::wildcards:
        out += "    count: " + std::to_string(form.count) + "\n";
        break;
      case FormType::singles: {
        out += "    size: " + std::to_string(form.hand_tiles) + "\n";
        out += "    pairs: " + std::to_string(form.pairs) + "\n";
        std::vector<TileId> honours;
        std::vector<TileId> required;
        for (TileId t = 0; t < rules.meldable_count(); ++t) {
          if ((form.single_tiles & tile_bit(t)) != 0) honours.push_back(t);
          if ((form.required & tile_bit(t)) != 0) required.push_back(t);
        }
        out += "    honours: " + tile_list(rules, honours) + "\n";
        const bool knitted = form.singles_suits == SinglesSuits::knitted;
        out += std::string("    suits: ") + (knitted ? "knitted" : "gapped") + "\n";
        if (!knitted) out += "    gap: " + std::to_string(form.gap) + "\n";
        out += "    require: " + tile_list(rules, required) + "\n";
        break;
      }
    }
  }
  return out;
}

}  // namespace meldgraph
