#pragma once
/// A JSON-like value as the readers of situations and hands take it, whichever parser made it:
/// nlohmann's (the documents the CLI and the tests build), simdjson's (batch lines) or a Python
/// object (the module's items). Each parser turns its value into a FieldValue tree once; the one
/// reader of contexts (win_context.hpp) and of hand lines (answers/hand_input.hpp) read the tree,
/// so that one value gives one answer, or one error, whoever parsed it.
///
/// A tree views its parser's memory (strings) and an arena's (its nodes): it lives as long as
/// both do. Reading one allocates nothing.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace meldgraph {

struct FieldValue {
  enum class Type : std::uint8_t { null, boolean, integer, number, string, array, object };
  Type type = Type::null;
  bool boolean = false;  ///< Type::boolean
  /// Type::integer. A whole number above int64's range has `above_int64` set and wraps here (as
  /// nlohmann's get<std::int64_t>() does), so that every range check refuses it.
  std::int64_t integer = 0;
  bool above_int64 = false;
  double number = 0;      ///< Type::number: a number written with a fraction or an exponent
  std::string_view text;  ///< Type::string
  std::string_view key;   ///< the key of an object's member
  /// Type::array: the elements in order; Type::object: the members, sorted by key, one per key
  /// (the last of a repeated key, as nlohmann keeps it).
  std::span<const FieldValue> items;

  [[nodiscard]] bool is_number() const { return type == Type::integer || type == Type::number; }
  /// The member `name` of an object, or nullptr.
  [[nodiscard]] const FieldValue* member(std::string_view name) const;
  /// The value as JSON, as nlohmann's dump() writes it (bad UTF-8 replaced): messages quote it.
  [[nodiscard]] std::string json() const;
};

/// The nodes of FieldValue trees, kept from tree to tree: clear() makes their room free again
/// (every tree made before it is then gone); a node's children are contiguous.
class FieldArena {
 public:
  /// Room for `count` nodes, contiguous, valid until clear().
  [[nodiscard]] std::span<FieldValue> allocate(std::size_t count);
  void clear();

 private:
  static constexpr std::size_t kBlockNodes = 1024;
  struct Block {
    std::unique_ptr<FieldValue[]> nodes;
    std::size_t size = 0;
  };
  std::vector<Block> blocks_;
  std::size_t current_ = 0;  ///< the block allocate() takes from
  std::size_t used_ = 0;     ///< nodes taken from blocks_[current_]
};

/// Sorts an object's `members` by key and keeps the last of a repeated key, as nlohmann's
/// objects hold them; returns the members kept (a prefix of `members`).
[[nodiscard]] std::span<FieldValue> settle_members(std::span<FieldValue> members);

/// `value` as a tree in `arena`; its strings view `value`'s.
[[nodiscard]] FieldValue field_value(const nlohmann::json& value, FieldArena& arena);

}  // namespace meldgraph
