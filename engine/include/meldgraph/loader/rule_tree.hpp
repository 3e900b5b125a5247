#pragma once
/// The located tree a rule file is read into, and the problems found while reading it. Internal
/// to the rule loader (loader/yaml.cpp builds the tree from YAML, loader/interpreter.cpp and
/// loader/forms.cpp read it); nothing here knows YAML.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace meldgraph::rule_file {

/// Where a key or value was written. `order` ranks the files of an extends chain: the file named
/// by the caller is 0, the file it extends -1, and so on, so a larger order was applied later.
struct Where {
  std::string origin;
  int line = -1;    ///< 0-based as in YAML::Mark; -1 when unknown
  int column = -1;  ///< 0-based
  int order = 0;
};

/// True when `a` was written after `b` in the merged rule set.
[[nodiscard]] bool later(const Where& a, const Where& b);

/// `origin:line:column`, 1-based; an unknown position points at the start of the file.
[[nodiscard]] std::string format_where(const Where& where);

/// One thing wrong with a rule file. Readers throw it (`fail`); the reading steps catch it,
/// record it in Diagnostics and go on with the next key, so that one load reports every problem.
struct Problem {
  Where where;
  std::string message;
};

[[noreturn]] void fail(const Where& where, const std::string& message);

/// The problems of one load, reported together once reading is over.
class Diagnostics {
 public:
  void add(Problem problem) { problems_.push_back(std::move(problem)); }

  /// Runs one reading step; a Problem it throws is recorded. True when the step succeeded.
  template <class Step>
  bool attempt(Step&& step) {
    try {
      step();
      return true;
    } catch (const Problem& problem) {
      add(problem);
      return false;
    }
  }

  [[nodiscard]] bool empty() const { return problems_.empty(); }
  [[nodiscard]] std::size_t count() const { return problems_.size(); }

  /// Throws RuleError with one `origin:line:column: message` line per problem, in the order they
  /// were written (parent files first), when there is any. At most kMaxReported lines are
  /// written, then a count of the rest.
  void throw_if_any() const;

  static constexpr std::size_t kMaxReported = 50;

 private:
  std::vector<Problem> problems_;
};

enum class Kind : std::uint8_t { null, scalar, list, map };

struct Item;

/// A YAML node with its location. Maps keep their entries in document order; merging keeps the
/// parent's order and appends the child's new keys. The tree is finite and acyclic: aliases are
/// copied in (within a budget) and an alias to its own ancestor is refused.
struct Value {
  Kind kind = Kind::null;
  std::string text;  ///< scalar text
  Where where;
  std::vector<Value> elements;  ///< list elements
  std::vector<Item> entries;    ///< map entries
  /// A plain (unquoted, untagged) scalar. Only plain scalars read as integers and booleans:
  /// `"14"` is the string 14, as in every YAML tool.
  bool plain = true;

  [[nodiscard]] const Item* find(std::string_view key) const;
};

struct Item {
  std::string key;
  Where key_where;
  Value value;
};

/// "nothing", "'text'", "the string "14"", "a list" or "a map", for messages.
[[nodiscard]] std::string describe(const Value& value);

/// The location of the key set last anywhere in `value`, or nullptr when it holds no keys.
[[nodiscard]] const Where* latest_key_in(const Value& value);

}  // namespace meldgraph::rule_file
