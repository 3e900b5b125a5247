// JSON-like values whichever parser made them (field_value.hpp).

#include "meldgraph/model/field_value.hpp"
#include "meldgraph/support/short_keys.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace meldgraph {

namespace {

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
  if (std::adjacent_find(members.begin(), members.end(), out_of_order) == members.end()) {
    return members;
  }
  // A stable insertion sort: objects have a few dozen members at most, mostly in order already
  // (corpus lines are written sorted), and it needs no buffer.
  for (std::size_t i = 1; i < members.size(); ++i) {
    if (!short_key_less(members[i].key, members[i - 1].key)) continue;
    const FieldValue moved = members[i];
    std::size_t j = i - 1;
    while (j > 0 && short_key_less(moved.key, members[j - 1].key)) --j;
    std::copy_backward(members.begin() + static_cast<std::ptrdiff_t>(j),
                       members.begin() + static_cast<std::ptrdiff_t>(i),
                       members.begin() + static_cast<std::ptrdiff_t>(i + 1));
    members[j] = moved;
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
