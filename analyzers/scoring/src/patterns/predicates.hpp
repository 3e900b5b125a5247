#pragma once
/// The registry of condition predicates (docs/scoring.md, "Patterns"): each predicate has a
/// name, a reader that turns its YAML argument into a ConditionNode's fields at load, an
/// evaluator over a ScoreFeatures record (a few integer and bit tests, no allocation) and a writer
/// that gives the argument back as flow YAML (for `rules dump` and `explain`). The table is built
/// explicitly (predicate_registry()), not by static initialisers; a node's `op` is
/// kFirstPredicate + the predicate's index in it. Internal to scoring.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "meldgraph/loader/rule_tree.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"

namespace meldgraph::patterns {

/// What a predicate's reader may consult: the tile table and forms, and the tile-set names.
struct ReadContext {
  const TileTable& tiles;
  const std::vector<FormSpec>& forms;
  const PatternRules& rules;  ///< set_names and tile_sets already filled
};

/// What a writer needs to name things: the rule set (tile codes, forms) and the set names.
struct WriteContext {
  const RuleSet& rules;
  const PatternRules& patterns;
};

using PredicateRead = void (*)(const rule_file::Item& argument, const ReadContext& context,
                               ConditionNode& node);
using PredicateEval = bool (*)(const ConditionNode& node, const ScoreFeatures& features);
using PredicateWrite = std::string (*)(const ConditionNode& node, const WriteContext& context);
/// The count a counted predicate compares with its node's range (eval is then exactly
/// `node.range.holds(count)`), or -1 when this node does not compare a count.
using PredicateCount = int (*)(const ConditionNode& node, const ScoreFeatures& features);

struct PredicateSpec {
  std::string_view name;
  PredicateRead read;
  PredicateEval eval;
  PredicateWrite write;
  /// nullptr: the count is found by probing eval (counts.cpp).
  PredicateCount count;
};

/// Every predicate, in op order.
[[nodiscard]] std::span<const PredicateSpec> predicate_registry();

/// The built-in tile classes a condition may name, in TileSetRef::name order (user sets and suit
/// letters follow them in PatternRules::set_names).
[[nodiscard]] std::span<const std::string_view> builtin_tile_classes();
/// The mask of built-in class `index` under `rules`, and its context bits.
[[nodiscard]] TileSetRef builtin_tile_class(const TileTable& tiles, std::size_t index);

/// Reads a tile set: a class name, a user set name, a suit letter, or tile codes.
[[nodiscard]] TileSetRef read_tile_set(const rule_file::Item& item, const ReadContext& context);
/// Writes it back: its name, or its tiles as one MPSZ string.
[[nodiscard]] std::string write_tile_set(const TileSetRef& set, const WriteContext& context);
/// The tiles as one quoted MPSZ string ("19m19p1234567z").
[[nodiscard]] std::string tiles_text(const TileTable& table, TileMask tiles);

/// The set's tiles under a record's context (the value winds added).
[[nodiscard]] inline TileMask resolve(const TileSetRef& set, const ScoreFeatures& features) {
  TileMask mask = set.tiles;
  if ((set.context & kSetSeatWind) != 0 && features.seat_wind_tile != kNoTile) {
    mask |= tile_bit(features.seat_wind_tile);
  }
  if ((set.context & kSetRoundWind) != 0 && features.round_wind_tile != kNoTile) {
    mask |= tile_bit(features.round_wind_tile);
  }
  return mask;
}

/// How the groups of a `sets` instance stand in suits: all in one suit, in distinct suits, or
/// either.
enum class SuitsMode : std::uint8_t { same = 0, distinct = 1, any = 2 };

/// The arguments of a `sets` node by name (read_sets writes them; set_instances, its screens
/// and the compiled program read them): instances of `size` groups of `kinds`, ranks `step`
/// apart, in suits as `suits` says, counted as they are or (`disjoint`) as the most that share
/// no group. `Node` is ConditionNode for the reader, const ConditionNode for the others.
template <class Node>
class SetsArgs {
 public:
  constexpr explicit SetsArgs(Node& node) : node_(node) {}
  /// Bit k for GroupKind k (`bits`).
  [[nodiscard]] constexpr auto& kinds() const { return node_.bits; }
  /// Groups in an instance, 2 to 4 (small[0]).
  [[nodiscard]] constexpr auto& size() const { return node_.small[0]; }
  /// Ranks between consecutive groups, 0 to 8 (small[1]).
  [[nodiscard]] constexpr auto& step() const { return node_.small[1]; }
  /// SuitsMode, as its byte (small[2]).
  [[nodiscard]] constexpr auto& suits() const { return node_.small[2]; }
  [[nodiscard]] constexpr SuitsMode suits_mode() const { return static_cast<SuitsMode>(suits()); }
  /// 1: count the most instances that share no group (small[3]).
  [[nodiscard]] constexpr auto& disjoint() const { return node_.small[3]; }
  [[nodiscard]] constexpr auto& count() const { return node_.range; }

 private:
  Node& node_;
};

/// Most instances set_instances lists.
inline constexpr std::size_t kMaxSetInstances = 64;
/// The instances of a `sets` node over `features`: each set of its shape as a mask of group
/// indices (bit i: features.groups[i]), in a fixed order, at most kMaxSetInstances; returns how
/// many. The `sets` predicate counts these; 套算一次 (account_once.cpp) chooses among them.
std::size_t set_instances(const ConditionNode& node, const ScoreFeatures& features,
                          std::array<std::uint32_t, kMaxSetInstances>& masks);
/// The tiles of `rules` that no group passing `node`'s filter (a `groups` node: kinds and tile
/// sets) can hold, over the rule set's group shapes: one tile for pairs, pungs, kongs and
/// singles, three consecutive tiles of a sequence suit for chows, ranks r, r + 3 and r + 6 of one
/// suit for knits (only when `knits`); the wildcard-only kinds hold no face. When every group of
/// a reading passes the filter (`all: true`), none of its groups' faces is among these. 0 (no
/// screen) when a set names a context wind, which only a reading resolves.
[[nodiscard]] TileMask tiles_outside_meeting_groups(const ConditionNode& node,
                                                    const TileTable& rules, bool knits);
/// The ranks of the candidate groups of a `sets` node of kinds `kinds` (those set_instances
/// picks: concrete, of a sequence suit), for the screen some_set_possible: bit 16 s + r of
/// held[k - 1] is set when rank r of suit s is held by at least k candidates, and bit r of
/// across[k - 1] when rank r is, whatever their suits. One per kind mask serves every `sets`
/// node of those kinds over one record.
struct SetCandidateRanks {
  std::array<std::uint64_t, 4> held{};
  std::array<std::uint32_t, 4> across{};
  bool complete = true;  ///< false: a candidate's suit or rank does not fit the fields
};
[[nodiscard]] SetCandidateRanks set_candidate_ranks(std::uint32_t kinds,
                                                    const ScoreFeatures& features);
/// A screen of set_instances: false only when `node` has no instance over the record whose
/// candidates are `ranks` (set_candidate_ranks of its kinds). Each instance is `size`
/// candidates with ranks r, r + step, ... (all r with step 0) in suits its mode allows, so the
/// masks hold such a run: in one suit's field (same suits; a run across two fields may pass,
/// which only weakens the screen), over the suits together (distinct or any, step > 0), one rank
/// `size` times in one suit (same, step 0), in `size` suits (distinct, step 0) or at all (any,
/// step 0).
[[nodiscard]] bool some_set_possible(const ConditionNode& node, const SetCandidateRanks& ranks);
/// Whether some hand of `rules`' tile set could hold an instance of the `sets` node, as far as
/// its screen (some_set_possible) tells from every group the tile set allows, each rank as
/// often as four groups: false only when no hand's groups could pass it (sanma's manzu holds no
/// chow, so three chows in three suits are out of reach). True when the node asks for none.
[[nodiscard]] bool sets_possible_under(const ConditionNode& node, const RuleSet& rules);
/// Whether some hand of `rules`' tile set could pass the `faces` node: false only when its
/// `all_in` set holds no tile a hand may hold (none of the set's kinds, or only forbidden ones).
[[nodiscard]] bool faces_possible_under(const ConditionNode& node, const RuleSet& rules);

/// The `sets` predicate's count without its screen: its instances, or the most of them that
/// share no group.
[[nodiscard]] int sets_found(const ConditionNode& node, const ScoreFeatures& features);
/// The `sets` predicate's count: 0 when its screen rules every instance out, else sets_found.
[[nodiscard]] int count_sets(const ConditionNode& node, const ScoreFeatures& features);

/// The instances of the `sets` shapes (kinds, size, step, suits) met so far over one record,
/// so that a reading's evaluation, its `times` and account_once list each shape once: a
/// pattern's `when` and its `times` differ only in `disjoint`, which counts the same instances
/// another way, and account_once chooses among the `when`'s. A few shapes are kept; a shape met
/// past them is listed again (the same instances). Uninitialised storage: cheap to make per
/// reading.
class SetInstances {
 public:
  explicit SetInstances(const ScoreFeatures& features) : features_(features) {}

  /// set_instances of `node`'s shape over the record.
  [[nodiscard]] std::span<const std::uint32_t> of(const ConditionNode& node);
  /// sets_found of `node` from those instances.
  [[nodiscard]] int found(const ConditionNode& node);

 private:
  static constexpr std::size_t kShapes = 6;
  struct Shape {
    std::uint64_t key = 0;
    std::size_t count = 0;
    std::array<std::uint32_t, kMaxSetInstances> masks;
  };
  const ScoreFeatures& features_;
  std::array<Shape, kShapes> shapes_;  // [0, used_) filled
  std::size_t used_ = 0;
  std::size_t next_ = 0;  ///< the slot a new shape takes once all are used
};

/// The set bits of a small mask (a record's group indices, suits). Inline: built without
/// -mpopcnt, std::popcount is a call into libgcc, which the group predicates paid per node.
[[nodiscard]] constexpr int small_popcount(std::uint32_t x) {
  x = x - ((x >> 1) & 0x55555555U);
  x = (x & 0x33333333U) + ((x >> 2) & 0x33333333U);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0FU) * 0x01010101U) >> 24);
}

/// The context's flags as a mask in the order of the `flag` predicate's words (riichi,
/// double_riichi, ippatsu, last_tile, after_kong, robbing_kong, first_draw, last_of_kind,
/// after_kong_discard, robbing_gold).
[[nodiscard]] inline std::uint32_t context_flag_mask(const WinContext& w) {
  return static_cast<std::uint32_t>(w.riichi) | static_cast<std::uint32_t>(w.double_riichi) << 1U |
         static_cast<std::uint32_t>(w.ippatsu) << 2U |
         static_cast<std::uint32_t>(w.last_tile) << 3U |
         static_cast<std::uint32_t>(w.after_kong) << 4U |
         static_cast<std::uint32_t>(w.robbing_kong) << 5U |
         static_cast<std::uint32_t>(w.first_draw) << 6U |
         static_cast<std::uint32_t>(w.last_of_kind) << 7U |
         static_cast<std::uint32_t>(w.after_kong_discard) << 8U |
         static_cast<std::uint32_t>(w.robbing_gold) << 9U;
}

/// `at_least`'s n: how many of its children must hold (kept in range.min).
[[nodiscard]] constexpr auto& at_least_n(ConditionNode& node) {
  return node.range.min;
}
[[nodiscard]] constexpr auto& at_least_n(const ConditionNode& node) {
  return node.range.min;
}

/// The one walk of a condition tree (`all`, `any`, `at_least`, `not`, the empty condition) over
/// nodes[root], each predicate leaf answered by leaf(index of its node): condition_holds passes
/// the predicates' evaluators, TestMemo (memo.hpp) its memoised tests. A leaf child is
/// answered without a recursive call; `all` and `any` stop at the first child that decides them.
template <class Leaf>
[[nodiscard]] bool fold_condition(std::span<const ConditionNode> nodes, std::uint32_t root,
                                  Leaf&& leaf) {
  const ConditionNode& node = nodes[root];
  switch (node.op) {
    case kOpTrue:
      return true;
    case kOpNot:
      return !fold_condition(nodes, root + 1, leaf);
    case kOpAll:
    case kOpAny:
    case kOpAtLeast: {
      std::uint32_t child = root + 1;
      int held = 0;
      for (int c = 0; c < node.children; ++c) {
        const bool holds =
            nodes[child].op >= kFirstPredicate ? leaf(child) : fold_condition(nodes, child, leaf);
        if (node.op == kOpAll && !holds) return false;
        if (node.op == kOpAny && holds) return true;
        held += holds ? 1 : 0;
        child += nodes[child].size;
      }
      if (node.op == kOpAll) return true;
      if (node.op == kOpAny) return false;
      return held >= at_least_n(node);
    }
    default:
      return leaf(root);
  }
}

/// Whether the condition whose root is nodes[root] holds for `features`.
[[nodiscard]] bool condition_holds(const PatternRules& rules, std::uint32_t root,
                                   const ScoreFeatures& features);

/// The condition rooted at nodes[root] as flow YAML (`{all: [{closed_hand: true}, ...]}`).
[[nodiscard]] std::string write_condition(const WriteContext& context, std::uint32_t root);

/// The first part of the condition rooted at nodes[root] that fails for `features` (a leaf, or
/// the `not`/`any`/`at_least` that failed), as flow YAML; empty when the condition holds.
[[nodiscard]] std::string first_failing_part(const WriteContext& context, std::uint32_t root,
                                             const ScoreFeatures& features);

}  // namespace meldgraph::patterns
