// JSON-like values whichever parser made them (field_value.hpp).

#include "meldgraph/model/field_value.hpp"
#include "meldgraph/support/short_keys.hpp"

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

namespace meldgraph {

namespace {

/// A member's place while an object's members are sorted: the first eight bytes of its key as a
/// number that orders as the bytes do (a shorter key padded with zeros; equal numbers are told
/// apart by the whole keys), and its index.
struct MemberOrder {
  std::uint64_t prefix;
  std::size_t index;
};

std::uint64_t key_prefix(std::string_view key) {
  std::uint64_t prefix = 0;
  const std::size_t bytes = std::min<std::size_t>(key.size(), 8);
  for (std::size_t i = 0; i < bytes; ++i) {
    prefix |= std::uint64_t{static_cast<unsigned char>(key[i])} << (56U - 8U * i);
  }
  return prefix;
}

/// Objects of up to this many members are sorted by insertion (few compares when mostly in
/// order), larger ones by merging: O(n log n) whatever the order a line gives them in.
constexpr std::size_t kInsertionSortMembers = 32;

/// Sorts `members` by key, stably, in O(n log n): their places (16 bytes, most told apart by the
/// keys' first eight bytes as one number) are merged, then the members moved once.
void merge_sort_members(std::span<FieldValue> members) {
  std::vector<MemberOrder> order(members.size());
  for (std::size_t i = 0; i < members.size(); ++i) order[i] = {key_prefix(members[i].key), i};
  std::stable_sort(order.begin(), order.end(), [&](const MemberOrder& a, const MemberOrder& b) {
    if (a.prefix != b.prefix) return a.prefix < b.prefix;
    return short_key_less(members[a.index].key, members[b.index].key);
  });
  std::vector<FieldValue> sorted;
  sorted.reserve(members.size());
  for (const MemberOrder& place : order) sorted.push_back(members[place.index]);
  std::copy(sorted.begin(), sorted.end(), members.begin());
}

nlohmann::json to_nlohmann(const FieldValue& value) {
  switch (value.type) {
    case FieldValue::Type::null:
      return nullptr;
    case FieldValue::Type::boolean:
      return value.boolean;
    case FieldValue::Type::integer:
      if (value.above_int64) return static_cast<std::uint64_t>(value.integer);
      return value.integer;
    case FieldValue::Type::number:
      return value.number;
    case FieldValue::Type::string:
      return std::string(value.text);
    case FieldValue::Type::array: {
      nlohmann::json array = nlohmann::json::array();
      for (const FieldValue& item : value.items) array.push_back(to_nlohmann(item));
      return array;
    }
    case FieldValue::Type::object: {
      nlohmann::json object = nlohmann::json::object();
      for (const FieldValue& item : value.items) object[std::string(item.key)] = to_nlohmann(item);
      return object;
    }
  }
  return nullptr;
}

}  // namespace

const FieldValue* FieldValue::member(std::string_view name) const {
  if (type != Type::object) return nullptr;
  const auto found = std::lower_bound(items.begin(), items.end(), name,
                                      [](const FieldValue& item, std::string_view wanted) {
                                        return short_key_less(item.key, wanted);
                                      });
  return found != items.end() && found->key == name ? &*found : nullptr;
}

std::string FieldValue::json() const {
  return to_nlohmann(*this).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::span<FieldValue> FieldArena::allocate(std::size_t count) {
  while (current_ < blocks_.size() && used_ + count > blocks_[current_].size) {
    ++current_;
    used_ = 0;
  }
  if (current_ == blocks_.size()) {
    const std::size_t size = std::max(count, kBlockNodes);
    blocks_.push_back({std::make_unique<FieldValue[]>(size), size});
    used_ = 0;
  }
  const std::span<FieldValue> room(blocks_[current_].nodes.get() + used_, count);
  used_ += count;
  return room;
}

void FieldArena::clear() {
  current_ = 0;
  used_ = 0;
}

std::span<FieldValue> settle_members(std::span<FieldValue> members) {
  // Lines written by programs (corpus's, json.dumps(sort_keys=True)) come sorted, without
  // duplicates: one look at each pair settles them.
  const auto out_of_order = [](const FieldValue& a, const FieldValue& b) {
    return !short_key_less(a.key, b.key);
  };
  const auto first_out = std::adjacent_find(members.begin(), members.end(), out_of_order);
  if (first_out == members.end()) return members;
  if (members.size() <= kInsertionSortMembers) {
    // In place, stable: a member out of order (a dict's `hand` put last) moves down to its place.
    // The members before the first pair out of order are in order already.
    for (auto i = static_cast<std::size_t>(first_out - members.begin()) + 1; i < members.size();
         ++i) {
      if (!short_key_less(members[i].key, members[i - 1].key)) continue;
      const FieldValue moved = members[i];
      const auto begin = members.begin();
      const auto at = begin + static_cast<std::ptrdiff_t>(i);
      // After the equal keys before it: the sort stays stable.
      const auto place = std::upper_bound(begin, at, moved.key,
                                          [](std::string_view key, const FieldValue& member) {
                                            return short_key_less(key, member.key);
                                          });
      std::copy_backward(place, at, at + 1);
      *place = moved;
    }
  } else {
    merge_sort_members(members);
  }
  // Of a run of equal keys the last stays, moved to the run's place (sorted, a key equals the
  // next one exactly when it is not less than it).
  std::size_t kept = 0;
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i + 1 < members.size() && !short_key_less(members[i].key, members[i + 1].key)) continue;
    if (kept != i) members[kept] = members[i];
    ++kept;
  }
  return members.first(kept);
}

FieldValue field_value(const nlohmann::json& value, FieldArena& arena) {
  using Type = FieldValue::Type;
  FieldValue out;
  switch (value.type()) {
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
    case nlohmann::json::value_t::binary:
      break;
    case nlohmann::json::value_t::boolean:
      out.type = Type::boolean;
      out.boolean = value.get<bool>();
      break;
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      out.type = Type::integer;
      out.integer = value.get<std::int64_t>();
      out.above_int64 = value.is_number_unsigned() && out.integer < 0;
      break;
    case nlohmann::json::value_t::number_float:
      out.type = Type::number;
      out.number = value.get<double>();
      break;
    case nlohmann::json::value_t::string:
      out.type = Type::string;
      out.text = value.get_ref<const std::string&>();
      break;
    case nlohmann::json::value_t::array: {
      out.type = Type::array;
      const std::span<FieldValue> items = arena.allocate(value.size());
      std::size_t i = 0;
      for (const nlohmann::json& item : value) items[i++] = field_value(item, arena);
      out.items = items;
      break;
    }
    case nlohmann::json::value_t::object: {
      out.type = Type::object;
      // nlohmann's objects are sorted by key already, one per key.
      const std::span<FieldValue> items = arena.allocate(value.size());
      std::size_t i = 0;
      for (auto member = value.begin(); member != value.end(); ++member) {
        items[i] = field_value(*member, arena);
        items[i++].key = member.key();  // the object's own key: it outlives the tree
      }
      out.items = items;
      break;
    }
  }
  return out;
}

}  // namespace meldgraph
