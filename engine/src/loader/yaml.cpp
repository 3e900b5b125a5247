/// Reading rule files. This is the only translation unit that knows YAML: it reads a rule file
/// and the files it extends into one located tree (rule_tree.hpp) and hands that tree to the
/// Interpreter (interpreter.hpp), which turns it into a checked RuleSet::Data.
///
/// Reading happens in two stages:
///   1. Each file of the `extends` chain is parsed into a `Value` tree that remembers, for every
///      key and value, the file, line and column it came from. The trees are deep-merged, parent
///      first, so every merged node still knows where it was written.
///   2. The merged tree is interpreted key by key. Every error names the place of the offending
///      key or value; contradictions between keys name the key set last.
///
/// Rule files are input like any other, so every stage is bounded (kLimits): a file is read only
/// when it is a regular file and at most kMaxFileBytes long, a chain holds at most
/// kMaxChainFiles files, and a tree at most kMaxValues values (aliases are copied in and count at
/// every use, so a "billion laughs" file stops at the budget) and kMaxDepth levels; an alias
/// inside its own anchor is refused. Nothing recurses deeper than kMaxDepth.

#include <algorithm>
#include <cctype>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "builtin_rules.hpp"
#include "interpreter.hpp"
#include "meldgraph/loader/loader.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/loader/rule_tree.hpp"

namespace meldgraph {
namespace {

namespace fs = std::filesystem;
using rule_file::Diagnostics;
using rule_file::fail;
using rule_file::Item;
using rule_file::Kind;
using rule_file::Problem;
using rule_file::Value;
using rule_file::Where;

/// The bounds on what one load reads. The shipped rule files are under 5 KB, 3 files deep and
/// hold a few hundred values; these leave room for any real rule set by two orders of magnitude.
constexpr std::size_t kMaxFileBytes = std::size_t{256} * 1024;
constexpr std::size_t kMaxChainFiles = 32;
constexpr std::size_t kMaxValues = 50'000;
constexpr int kMaxDepth = 64;

Where where_of(const YAML::Mark& mark, const std::string& origin, int order) {
  return Where{origin, mark.line, mark.column, order};
}

// ---------------------------------------------------------------------------------------------
// Sources

const std::vector<detail::BuiltinRuleFile>& builtin_files() {
  return detail::builtin_rule_files();
}

std::vector<std::string_view> builtin_names() {
  std::vector<std::string_view> names;
  for (const auto& file : builtin_files()) names.push_back(file.name);
  return names;
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

/// The text of a rule file, or nullopt with `problem` set. `shown` is how messages name it.
/// Only regular files are read (a FIFO would block and /dev/zero never end), and at most
/// kMaxFileBytes of them.
std::optional<std::string> read_rule_file(const fs::path& path, const std::string& shown,
                                          std::string& problem) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    problem = "cannot open rule file '" + shown + "'";
    return std::nullopt;
  }
  if (!fs::is_regular_file(status)) {
    problem = "rule file '" + shown + "' is not a regular file";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problem = "cannot open rule file '" + shown + "'";
    return std::nullopt;
  }
  // Read one byte past the cap, so that a file that grew since `status` is still caught.
  std::string text(kMaxFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) {
    problem = "cannot read rule file '" + shown + "'";
    return std::nullopt;
  }
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxFileBytes) {
    problem =
        "rule file '" + shown + "' is larger than " + std::to_string(kMaxFileBytes) + " bytes";
    return std::nullopt;
  }
  return text;
}

std::string file_identity(const fs::path& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(path, ec);
  return "file:" + (ec ? path.lexically_normal() : canonical).string();
}

/// Looks up a file or built-in; nullopt with `problem` set when it cannot be read. A file is
/// named in messages as `ref` when `as_written`, else by its resolved path.
std::optional<Source> find_source(const std::string& ref, const fs::path& base_dir, bool as_written,
                                  std::string& problem) {
  if (names_file(ref)) {
    const fs::path path = (base_dir / ref).lexically_normal();
    std::optional<std::string> text =
        read_rule_file(path, as_written ? ref : path.string(), problem);
    if (!text) return std::nullopt;
    return Source{path.string(), file_identity(path), std::move(*text), true};
  }
  for (const auto& file : builtin_files()) {
    if (file.name == ref) {
      return Source{"builtin:" + ref, "builtin:" + ref, std::string(file.text), false};
    }
  }
  const std::vector<std::string_view> names = builtin_names();
  problem = "unknown rule set '" + ref + "'" + rule_file::did_you_mean(ref, names) +
            " (built-in: " + rule_file::word_list(names) + ")";
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// The located tree of one document

/// Copies a yaml-cpp document into a Value tree, within the load's value budget and kMaxDepth.
/// yaml-cpp shares an aliased node instead of copying it, so the document is a graph; `path`
/// holds the nodes being copied, and an alias to one of them is a cycle (`x: &r [*r]`).
class TreeBuilder {
 public:
  TreeBuilder(const std::string& origin, int order, std::size_t& budget, Diagnostics& diagnostics)
      : origin_(origin), order_(order), budget_(budget), diagnostics_(diagnostics) {}

  Value build(const YAML::Node& node) {
    Value value;
    value.where = where_of(node.Mark(), origin_, order_);
    if (budget_ == 0) {
      fail(value.where, "the rule set holds more than " + std::to_string(kMaxValues) +
                            " values (an alias counts at every use)");
    }
    --budget_;
    if (path_.size() >= static_cast<std::size_t>(kMaxDepth)) {
      fail(value.where, "the rule file nests deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    for (const YAML::Node& ancestor : path_) {
      if (ancestor.is(node)) fail(value.where, "an alias refers to a node that contains it");
    }
    path_.push_back(node);
    switch (node.Type()) {
      case YAML::NodeType::Scalar:
        value.kind = Kind::scalar;
        value.text = node.Scalar();
        // yaml-cpp tags a plain scalar "?" and a quoted one "!"; an explicit tag is kept as is.
        value.plain = node.Tag() == "?";
        break;
      case YAML::NodeType::Sequence:
        value.kind = Kind::list;
        for (const YAML::Node& element : node) value.elements.push_back(build(element));
        break;
      case YAML::NodeType::Map:
        value.kind = Kind::map;
        build_entries(node, value);
        break;
      case YAML::NodeType::Null:
      case YAML::NodeType::Undefined:
        value.kind = Kind::null;
        break;
    }
    path_.pop_back();
    return value;
  }

 private:
  void build_entries(const YAML::Node& node, Value& value) {
    std::unordered_set<std::string> seen;
    for (auto it = node.begin(); it != node.end(); ++it) {
      const Where key_where = where_of(it->first.Mark(), origin_, order_);
      if (!it->first.IsScalar()) {
        diagnostics_.add(Problem{key_where, "keys must be plain names"});
        continue;
      }
      Item item{it->first.Scalar(), key_where, build(it->second)};
      // yaml-cpp keeps both entries of a repeated key; silently taking one would hide a typo.
      if (!seen.insert(item.key).second) {
        diagnostics_.add(Problem{key_where, "duplicate key '" + item.key + "'"});
        continue;
      }
      // An empty value's mark points at whatever follows it; the key is the better place.
      if (item.value.kind == Kind::null) item.value.where = key_where;
      value.entries.push_back(std::move(item));
    }
  }

  const std::string& origin_;
  int order_;
  std::size_t& budget_;
  Diagnostics& diagnostics_;
  std::vector<YAML::Node> path_;
};

/// `name` must be present in every file of a chain, not only in the merged result.
void check_file_name(const Value& root, const Where& document) {
  const Item* name = root.find("name");
  if (name == nullptr) fail(document, "missing required key 'name'");
  if (name->value.kind != Kind::scalar) {
    fail(name->value.where,
         "expected a string for 'name', got " + rule_file::describe(name->value));
  }
  if (!rule_file::valid_name(name->value.text, true)) {
    fail(name->value.where,
         "rule set name '" + name->value.text + "' may use only a-z, 0-9, '_' and '-'");
  }
}

/// Parses one document of the chain into its tree; a problem that leaves no tree is thrown.
/// Checks, before yaml-cpp reads the text, what a rule file's layout must be: its first content
/// line (past blank lines, comments, directives and one `---`) starts a plain key (`name:`), and
/// no second document follows. Why here: yaml-cpp 0.7 loops without end, growing its memory, on a
/// `,` at the top level of a document that is not a block mapping (`, a`; `"x", y`; a second
/// document `---` then `,`), which fuzzing found; a rule file is a block map of plain keys, so
/// refusing other layouts first costs nothing and names the place.
void check_layout(const Source& source, int order) {
  const std::string& text = source.text;
  bool content_seen = false;
  bool marker_seen = false;
  int line_number = 0;
  for (std::size_t start = 0; start < text.size(); ++line_number) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line(text.data() + start, end - start);
    start = end + 1;
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '#') continue;
    const bool marker = first == 0 && (line.substr(0, 3) == "---" || line.substr(0, 3) == "...") &&
                        (line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r');
    if (marker) {
      if (content_seen || marker_seen || line[0] == '.') {
        fail(Where{source.origin, line_number, 0, order},
             "a rule file holds a single YAML document");
      }
      marker_seen = true;
      continue;
    }
    if (content_seen) continue;
    if (first == 0 && line[0] == '%' && !marker_seen) continue;  // a directive
    content_seen = true;
    std::size_t key_end = first;
    while (key_end < line.size() &&
           (std::isalnum(static_cast<unsigned char>(line[key_end])) != 0 ||
            line[key_end] == '_' || line[key_end] == '-')) {
      ++key_end;
    }
    if (first != 0 || key_end == first || key_end >= line.size() || line[key_end] != ':') {
      fail(Where{source.origin, line_number, static_cast<int>(first), order},
           "a rule file is a map of keys: its first line of content starts with a key such as "
           "'name:', at the start of the line");
    }
  }
}

Value parse_document(const Source& source, int order, std::size_t& budget,
                     Diagnostics& diagnostics) {
  const Where document{source.origin, 0, 0, order};
  check_layout(source, order);
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
  Value root = TreeBuilder(source.origin, order, budget, diagnostics).build(docs[0]);
  if (root.kind != Kind::map) {
    fail(root.where, "a rule file is a map of keys, got " + rule_file::describe(root));
  }
  diagnostics.attempt([&] { check_file_name(root, document); });
  return root;
}

// ---------------------------------------------------------------------------------------------
// Merging

/// Where a merge is in the tree: forms and scoring patterns are merged their own way.
enum class MergeLevel : std::uint8_t {
  root,
  forms,
  form,
  scoring,
  patterns,
  pattern,
  other,
  other_whole
};

/// Deep merge: maps merge key by key (recursively), everything else in `child` replaces `base`.
/// A child's form that gives another `type` than the inherited form replaces that form whole:
/// the inherited keys belong to the old type and would be reread under the new one. A child's
/// scoring pattern is merged key by key (name, value, when, ...), but each of its keys replaces
/// the inherited one whole: two conditions or two values merged key by key mean nothing.
void merge_into(Value& base, Value child, MergeLevel level) {
  if (base.kind != Kind::map || child.kind != Kind::map || level == MergeLevel::other_whole) {
    base = std::move(child);
    return;
  }
  if (level == MergeLevel::form) {
    const Item* base_type = base.find("type");
    const Item* child_type = child.find("type");
    if (base_type != nullptr && child_type != nullptr &&
        base_type->value.text != child_type->value.text) {
      base = std::move(child);
      return;
    }
  }
  base.where = child.where;
  if (level == MergeLevel::pattern) {
    // A pattern's worth is one of these keys: the child's replaces the parent's, whichever.
    constexpr std::array<std::string_view, 4> kWorth = {"value", "yakuman", "factor", "bonus"};
    const auto is_worth = [&](const Item& item) {
      return std::find(kWorth.begin(), kWorth.end(), item.key) != kWorth.end();
    };
    if (std::any_of(child.entries.begin(), child.entries.end(), is_worth)) {
      std::erase_if(base.entries, is_worth);
    }
  }
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < base.entries.size(); ++i) index.emplace(base.entries[i].key, i);
  for (Item& item : child.entries) {
    const auto found = index.find(item.key);
    if (found == index.end()) {
      index.emplace(item.key, base.entries.size());
      base.entries.push_back(std::move(item));
      continue;
    }
    Item& existing = base.entries[found->second];
    existing.key_where = item.key_where;
    MergeLevel below = MergeLevel::other;
    if (level == MergeLevel::root && item.key == "forms") below = MergeLevel::forms;
    if (level == MergeLevel::forms) below = MergeLevel::form;
    if (level == MergeLevel::root && item.key == "scoring") {
      below = MergeLevel::scoring;
      // `scoring: {inherit: false}`: the child's scoring replaces the parent's whole (a game
      // that extends another for its tiles and forms but reckons differently).
      const Item* inherit = item.value.kind == Kind::map ? item.value.find("inherit") : nullptr;
      if (inherit != nullptr && inherit->value.kind == Kind::scalar &&
          inherit->value.text == "false") {
        below = MergeLevel::other_whole;
      }
    }
    if (level == MergeLevel::scoring && item.key == "patterns") below = MergeLevel::patterns;
    if (level == MergeLevel::patterns) below = MergeLevel::pattern;
    if (level == MergeLevel::pattern) below = MergeLevel::other_whole;
    merge_into(existing.value, std::move(item.value), below);
  }
}

// ---------------------------------------------------------------------------------------------
// The extends chain

/// Parses `first` and every file it extends, child first and without recursion, then merges
/// them parent first. A problem that ends the chain (an unreadable parent, a cycle, a chain too
/// long) is thrown.
Value load_chain(const Source& first, Diagnostics& diagnostics) {
  std::vector<Value> trees;  // trees[0] is `first`, trees.back() the root of the chain
  std::vector<std::string> identities{first.identity};
  std::vector<std::string> origins{first.origin};
  std::size_t budget = kMaxValues;
  Source current = first;
  for (int order = 0;; --order) {
    Value root = parse_document(current, order, budget, diagnostics);
    const auto extends = std::find_if(root.entries.begin(), root.entries.end(),
                                      [](const Item& item) { return item.key == "extends"; });
    if (extends == root.entries.end()) {
      trees.push_back(std::move(root));
      break;
    }
    const Item link = std::move(*extends);
    root.entries.erase(extends);
    trees.push_back(std::move(root));
    if (link.value.kind != Kind::scalar || link.value.text.empty()) {
      fail(link.value.where, "expected a rule set name or file for 'extends', got " +
                                 rule_file::describe(link.value));
    }
    if (trees.size() >= kMaxChainFiles) {
      fail(link.value.where,
           "the extends chain is longer than " + std::to_string(kMaxChainFiles) + " files");
    }
    const fs::path base_dir = current.is_file ? fs::path(current.origin).parent_path() : fs::path();
    std::string problem;
    std::optional<Source> parent = find_source(link.value.text, base_dir, false, problem);
    if (!parent) fail(link.value.where, problem);
    const auto seen = std::find(identities.begin(), identities.end(), parent->identity);
    if (seen != identities.end()) {
      std::string cycle;
      for (auto i = static_cast<std::size_t>(seen - identities.begin()); i < origins.size(); ++i) {
        cycle += origins[i] + " -> ";
      }
      fail(link.value.where, "extends cycle: " + cycle + parent->origin);
    }
    identities.push_back(parent->identity);
    origins.push_back(parent->origin);
    current = std::move(*parent);
  }
  Value merged = std::move(trees.back());
  for (std::size_t i = trees.size() - 1; i-- > 0;) {
    merge_into(merged, std::move(trees[i]), MergeLevel::root);
  }
  return merged;
}

RuleSet load_source(const Source& source, const std::string& name,
                    std::span<const SectionReader> sections) {
  if (source.text.size() > kMaxFileBytes) {
    throw RuleError(source.origin + ": the rule text is larger than " +
                    std::to_string(kMaxFileBytes) + " bytes");
  }
  Diagnostics diagnostics;
  RuleSet::Data data;
  std::optional<TileTable> tiles;
  diagnostics.attempt([&] {
    const Value merged = load_chain(source, diagnostics);
    // Problems of the tree (duplicate keys, a bad name) leave it readable: read it on, so that
    // its other problems are reported with them.
    rule_file::Interpreter interpreter(merged, Where{source.origin, 0, 0, 0}, diagnostics,
                                       sections);
    data = interpreter.run(name);
    tiles = std::move(interpreter.tile_table());
  });
  diagnostics.throw_if_any();
  try {
    return RuleSet(std::move(*tiles), std::move(data));
  } catch (const RuleError& e) {
    // The loader checks everything the constructor does; this only keeps the origin in front.
    throw RuleError(source.origin + ": " + e.what());
  }
}

}  // namespace

std::vector<std::string> builtin_rule_names() {
  std::vector<std::string> names;
  for (const auto& file : builtin_files()) names.emplace_back(file.name);
  std::sort(names.begin(), names.end());
  return names;
}

RuleSet load_rules(std::string_view name_or_path, std::span<const SectionReader> sections) {
  const std::string ref(name_or_path);
  std::string problem;
  // Messages echo the name exactly as the caller wrote it.
  const std::optional<Source> source = find_source(ref, fs::path(), true, problem);
  if (!source) throw RuleError(problem);
  return load_source(*source, names_file(ref) ? source->origin : ref, sections);
}

RuleSet load_rules_from_string(std::string_view yaml, std::string_view origin,
                               std::span<const SectionReader> sections) {
  const std::string name(origin);
  // Text has no directory: relative `extends` paths resolve against the current directory.
  return load_source(Source{name, "text:" + name, std::string(yaml), false}, name, sections);
}

}  // namespace meldgraph
