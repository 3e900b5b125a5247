/// The predicates over tile counts (pattern_predicate_list.hpp): suit_counts (a sequence suit
/// holding at least these counts by rank) and copies (faces held at least N times).

#include <bit>
#include <string>

#include "patterns/arguments.hpp"
#include "patterns/predicate_list.hpp"
#include "meldgraph/loader/rule_readers.hpp"

namespace meldgraph::patterns {

// ---------------------------------------------------------------------------------------------
// suit_counts: some sequence suit holds at least these counts by rank (nine gates).

void read_suit_counts(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  constexpr std::string_view kKeys[] = {"at_least"};
  check_arg_keys(map, kKeys, "suit_counts");
  const Item* at_least = map.find("at_least");
  if (at_least == nullptr) fail(item.value.where, "'suit_counts' needs 'at_least'");
  if (at_least->value.kind != Kind::list || at_least->value.elements.empty() ||
      at_least->value.elements.size() > 9) {
    fail(at_least->value.where, "'at_least' is a list of 1 to 9 counts, one per rank");
  }
  node.small.fill(0);
  node.bits = static_cast<std::uint32_t>(at_least->value.elements.size());
  for (std::size_t r = 0; r < at_least->value.elements.size(); ++r) {
    node.small[r] = static_cast<std::uint8_t>(
        rule_file::read_int(at_least->value.elements[r], "at_least", 0, 4));
  }
}
std::string write_suit_counts(const ConditionNode& node, const WriteContext& /*context*/) {
  std::string out = "{at_least: [";
  for (std::uint32_t r = 0; r < node.bits; ++r) {
    if (r > 0) out += ", ";
    out += std::to_string(node.small[r]);
  }
  return out + "]}";
}
bool eval_suit_counts(const ConditionNode& n, const ScoreFeatures& f) {
  for (const SuitLayout& layout : f.rules->suit_layouts()) {
    if (!layout.sequences || layout.ranks != n.bits) continue;
    bool enough = true;
    for (std::uint32_t r = 0; r < n.bits && enough; ++r) {
      enough = f.counts[layout.first + r] >= n.small[r];
    }
    if (enough) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// copies: how many faces of a set the hand holds at least N of (四归一: four of a tile).

constexpr std::string_view kCopiesKeys[] = {"of",    "at_least", "outside_kongs",
                                            "count", "min",      "max"};

void read_copies(const Item& item, const ReadContext& context, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  check_arg_keys(map, kCopiesKeys, "copies");
  node.sets[0] = builtin_tile_class(context.tiles, builtin_tile_classes().size() - 1);
  if (const Item* of = map.find("of")) node.sets[0] = read_tile_set(*of, context);
  const Item* at_least = map.find("at_least");
  if (at_least == nullptr) fail(item.value.where, "'copies' needs 'at_least'");
  node.small[0] = static_cast<std::uint8_t>(rule_file::read_int(*at_least, 1, 4));
  // small[1]: the faces of kongs do not count (MCR's 四归一 is four of a tile outside a kong).
  if (const Item* outside = map.find("outside_kongs")) {
    node.small[1] = rule_file::read_bool(*outside) ? 1 : 0;
  }
  node.range.min = 1;
  read_range_keys(map, node.range);
}
std::string write_copies(const ConditionNode& node, const WriteContext& context) {
  std::string out = "{of: " + write_tile_set(node.sets[0], context) +
                    ", at_least: " + std::to_string(node.small[0]);
  if (node.small[1] != 0) out += ", outside_kongs: true";
  const std::string count = range_keys(node.range, {1, 0x7FFF});
  if (!count.empty()) out += ", " + count;
  return out + "}";
}
bool eval_copies(const ConditionNode& n, const ScoreFeatures& f) {
  TileMask mask = resolve(n.sets[0], f) & f.faces;
  if (n.small[1] != 0) {
    for (const GroupFeature& g : f.group_span()) {
      if (g.kind == GroupKind::kong) mask &= ~g.faces;
    }
  }
  int found = 0;
  while (mask != 0) {
    const auto tile = static_cast<std::size_t>(std::countr_zero(mask));
    mask &= mask - 1;
    found += f.counts[tile] >= n.small[0] ? 1 : 0;
  }
  return n.range.holds(found);
}
}  // namespace meldgraph::patterns
