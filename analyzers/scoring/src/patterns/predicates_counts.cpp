/// The predicates over tile counts (predicate_list.hpp): suit_counts (a sequence suit holding
/// at least these counts by rank) and copies (faces held at least N times).

#include <bit>
#include <string>
#include <tuple>

#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/support/bits.hpp"
#include "patterns/arguments.hpp"
#include "patterns/predicate_list.hpp"

namespace meldgraph::patterns {

namespace {

/// The arguments of a `suit_counts` node by name: the counts wanted by rank, from rank 1, of a
/// suit of exactly that many ranks. `Node` is ConditionNode for the reader, const ConditionNode
/// for the writer and the evaluator.
template <class Node>
class SuitCountsArgs {
 public:
  constexpr explicit SuitCountsArgs(Node& node) : node_(node) {}
  /// How many ranks are listed, 1 to 9 (`bits`).
  [[nodiscard]] constexpr auto& ranks() const { return node_.bits; }
  /// The count wanted of the rank at `index` (0: rank 1), in small[index].
  [[nodiscard]] constexpr auto& at_least(std::size_t index) const { return node_.small[index]; }

 private:
  Node& node_;
};
static_assert(std::tuple_size_v<decltype(ConditionNode::small)> >= 9, "nine ranks");

/// The arguments of a `copies` node by name: how many faces of a set (`of`) the hand holds at
/// least `at_least` times, kongs' faces left out when `outside_kongs`, counted into `count`.
template <class Node>
class CopiesArgs {
 public:
  constexpr explicit CopiesArgs(Node& node) : node_(node) {}
  [[nodiscard]] constexpr auto& of() const { return node_.sets[0]; }
  /// Copies of a face that make it count, 1 to 4 (small[0]).
  [[nodiscard]] constexpr auto& at_least() const { return node_.small[0]; }
  /// 1: the faces of kongs do not count (small[1]; MCR's 四归一 is four of a tile outside a kong).
  [[nodiscard]] constexpr auto& outside_kongs() const { return node_.small[1]; }
  [[nodiscard]] constexpr auto& count() const { return node_.range; }

 private:
  Node& node_;
};

}  // namespace

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
  const SuitCountsArgs args(node);
  node.small.fill(0);
  args.ranks() = static_cast<std::uint32_t>(at_least->value.elements.size());
  for (std::size_t r = 0; r < at_least->value.elements.size(); ++r) {
    args.at_least(r) = static_cast<std::uint8_t>(
        rule_file::read_int(at_least->value.elements[r], "at_least", 0, 4));
  }
}
std::string write_suit_counts(const ConditionNode& node, const WriteContext& /*context*/) {
  const SuitCountsArgs args(node);
  std::string out = "{at_least: [";
  for (std::uint32_t r = 0; r < args.ranks(); ++r) {
    if (r > 0) out += ", ";
    out += std::to_string(args.at_least(r));
  }
  return out + "]}";
}
bool eval_suit_counts(const ConditionNode& n, const ScoreFeatures& f) {
  const SuitCountsArgs args(n);
  for (const SuitLayout& layout : f.rules->suit_layouts()) {
    if (!layout.sequences || layout.ranks != args.ranks()) continue;
    bool enough = true;
    for (std::uint32_t r = 0; r < args.ranks() && enough; ++r) {
      enough = f.counts[layout.first + r] >= args.at_least(r);
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
  const CopiesArgs args(node);
  args.of() = builtin_tile_class(context.tiles, builtin_tile_classes().size() - 1);
  if (const Item* of = map.find("of")) args.of() = read_tile_set(*of, context);
  const Item* at_least = map.find("at_least");
  if (at_least == nullptr) fail(item.value.where, "'copies' needs 'at_least'");
  args.at_least() = static_cast<std::uint8_t>(rule_file::read_int(*at_least, 1, 4));
  if (const Item* outside = map.find("outside_kongs")) {
    args.outside_kongs() = rule_file::read_bool(*outside) ? 1 : 0;
  }
  args.count().min = 1;
  read_range_keys(map, args.count());
}
std::string write_copies(const ConditionNode& node, const WriteContext& context) {
  const CopiesArgs args(node);
  std::string out = "{of: " + write_tile_set(args.of(), context) +
                    ", at_least: " + std::to_string(args.at_least());
  if (args.outside_kongs() != 0) out += ", outside_kongs: true";
  const std::string count = range_keys(args.count(), {1, 0x7FFF});
  if (!count.empty()) out += ", " + count;
  return out + "}";
}
bool eval_copies(const ConditionNode& n, const ScoreFeatures& f) {
  const CopiesArgs args(n);
  TileMask mask = resolve(args.of(), f) & f.faces;
  if (args.outside_kongs() != 0) {
    for (const GroupFeature& g : f.group_span()) {
      if (g.kind == GroupKind::kong) mask &= ~g.faces;
    }
  }
  int found = 0;
  for (const int tile : set_bits(mask)) {
    found += f.counts[static_cast<std::size_t>(tile)] >= args.at_least() ? 1 : 0;
  }
  return args.count().holds(found);
}
}  // namespace meldgraph::patterns
