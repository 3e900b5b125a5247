#pragma once
/// Scoring patterns (yaku, fan, faan, tai): the `scoring.patterns` section of a rule set, frozen
/// at load, and what evaluating them over one reading's feature record gives. docs/scoring.md,
/// "Patterns", describes the language: an id, names, a value, a condition built from registered
/// predicates, and relations to other patterns.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "meldgraph/model/tile_table.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph {

class RuleSet;

class RuleSet;
struct ScoringRules;
struct ScoreFeatures;
namespace patterns {
struct PatternProgram;
}

/// How a pattern is valued.
/// A pattern is worth exactly one of: units (`closed` / `open`), a limit (`yakuman`), a factor
/// that multiplies the base points (`factor`: the 倍 of the Chinese 底 x 倍 schemes), or points
/// added to the base after the factors (`bonus`: Fuzhou's 15/30/40 point hands).
struct PatternValue {
  std::int32_t closed = 0;   ///< units when the hand is closed
  std::int32_t open = 0;     ///< units when the hand is open
  bool open_allowed = true;  ///< false: the pattern counts only in a closed hand
  std::uint8_t yakuman = 0;  ///< a limit pattern of this multiplicity (0: ordinary)
  std::uint16_t factor = 0;  ///< multiplies the base (0: not a factor pattern), 2 to 100
  std::int32_t bonus = 0;    ///< points added to the base after the factors (0: none)
};

/// A set of tiles a condition names, resolved at load: fixed tiles, plus the context's value
/// winds when `context` says so (the class `value`, `seat_wind`, `round_wind`). `name` is the
/// index of the class or user tile set it was written as (PatternRules::set_names), so that
/// `rules dump` writes the name back; -1 when it was written as tile codes.
struct TileSetRef {
  TileMask tiles = 0;
  std::uint8_t context = 0;  ///< kSetSeatWind | kSetRoundWind
  std::int16_t name = -1;

  [[nodiscard]] bool empty() const { return tiles == 0 && context == 0; }
};
inline constexpr std::uint8_t kSetSeatWind = 1;
inline constexpr std::uint8_t kSetRoundWind = 2;

/// A count compared: min <= n <= max.
struct CountRange {
  std::int16_t min = 0;
  std::int16_t max = 0x7FFF;
  [[nodiscard]] bool holds(int n) const { return n >= min && n <= max; }
};

/// One node of a compiled condition. A condition is a subtree of PatternRules::nodes in
/// pre-order: node i is followed by its children, each child subtree `size` nodes long, so the
/// next sibling of node i is i + nodes[i].size. `op` is a combinator (kOpAll ...) or, from
/// kFirstPredicate on, a registered predicate (patterns/predicates.cpp); the other fields are the
/// predicate's arguments (a fat node, no allocation), which each predicate names by a view of
/// the node beside its reader and evaluator (patterns/evals.hpp, patterns/predicates.hpp).
/// `at_least` keeps its n in range.min.
struct ConditionNode {
  std::uint8_t op = 0;
  std::uint8_t children = 0;         ///< combinators: how many children follow
  std::uint16_t size = 1;            ///< nodes in this subtree, this one included
  CountRange range;                  ///< the count a predicate compares; at_least's n as range.min
  std::uint32_t bits = 0;            ///< a predicate's mask (kinds, waits, forms, flags, ...)
  std::uint32_t flags_set = 0;       ///< groups: kFeature* bits required set
  std::uint32_t flags_clear = 0;     ///< groups: kFeature* bits required clear
  std::array<TileSetRef, 3> sets{};  ///< all_in, any_in, none_in
  std::array<std::uint8_t, 9> small{};  ///< small arguments (the predicate's view names them)
};

/// Combinators; predicates are numbered from kFirstPredicate.
inline constexpr std::uint8_t kOpAll = 0;
inline constexpr std::uint8_t kOpAny = 1;
inline constexpr std::uint8_t kOpNot = 2;
inline constexpr std::uint8_t kOpAtLeast = 3;
inline constexpr std::uint8_t kOpTrue = 4;  ///< the empty condition: always holds
inline constexpr std::uint8_t kFirstPredicate = 8;

/// One pattern of a rule set.
struct Pattern {
  std::string id;          ///< `toitoi`, `da_si_xi`
  std::string name;        ///< English name
  std::string local_name;  ///< the original: 対々和, 大四喜
  PatternValue value;
  bool enabled = true;     ///< a disabled pattern is kept (and dumped) but never counts
  std::uint32_t when = 0;  ///< index into PatternRules::nodes of its condition's root
  std::vector<std::uint16_t> excludes;    ///< patterns it removes when it counts
  std::vector<std::uint16_t> implied_by;  ///< patterns whose counting removes it
  bool only_without = false;              ///< counts only when no other pattern does
  /// only_without's exceptions: patterns whose counting does not remove it (MCR's 无番和 counts
  /// beside the flowers).
  std::vector<std::uint16_t> only_without_except;
  /// `times`: the root of a single counted predicate (groups, sets, copies, bonus) whose count is
  /// how often the pattern counts (MCR's 幺九刻 per pung, 花牌 per flower); kNoTimes: once.
  std::uint32_t times = kNoTimes;
  static constexpr std::uint32_t kNoTimes = 0xFFFFFFFFU;
};

/// The most patterns a rule set may declare (the evaluation keeps them in a fixed bit set).
inline constexpr std::size_t kMaxPatterns = 256;

/// Every pattern of a rule set, in the order the rule file lists them.
struct PatternRules {
  std::vector<Pattern> patterns;
  std::vector<ConditionNode> nodes;  ///< every pattern's condition, flattened
  /// A limit pattern (yakuman) that counts replaces the ordinary ones (scoring.limits_replace).
  bool limits_replace = true;
  /// User tile sets (scoring.tile_sets) by name, in the order written, resolved.
  std::vector<std::pair<std::string, TileMask>> tile_sets;
  /// Names a TileSetRef::name indexes: the built-in classes, then the user sets.
  std::vector<std::string> set_names;
  /// scoring.output_name: `local` writes a pattern's local name as its output `name` (MCR:
  /// 大四喜), `english` (the default) its English name; `name_en` is always the English one.
  bool local_names = false;
  /// scoring.relations: `held` (false, the default: excludes and implied_by are read off every
  /// pattern whose condition held, removed or not; riichi) or `counted` (true: the patterns are
  /// visited in the rule file's order and only a pattern that counts removes others; MCR's
  /// 不重复, where 七对 removes 不求人 and so 自摸 still counts).
  bool relations_counted = false;
  /// scoring.exhausted_waits: the wait set the `waits` and `only_wait` predicates read also holds
  /// a tile of which the hand holds every copy when its shape waits on it (a wait judged by the
  /// shape; ReadingContext::shape_waits). MCR's common practice: such a tile is a second wait,
  /// so 边张, 坎张, 单钓将 do not count.
  bool exhausted_waits = false;
  /// Some pattern has a `factor` or a `bonus` (so compute_value looks them up; set at load).
  bool has_factors = false;
  /// scoring.account_once (套算一次): the meld-relation patterns it governs, each with the
  /// `sets` node its melds are read from (its `times`, else its `when`). Empty: not applied.
  struct AccountOnce {
    std::uint16_t pattern = 0;
    std::uint32_t sets = 0;  ///< index into nodes of a `sets` predicate
  };
  std::vector<AccountOnce> account_once;
  /// The conditions compiled for evaluation, derived from the above when the section is read
  /// (internal to scoring: patterns/program.hpp). Shared, never changed once made: a copy of the
  /// rules shares it, and compiling again replaces it. Null only for rules that were not read.
  std::shared_ptr<const patterns::PatternProgram> program;
};

/// One pattern that counted in a reading.
struct PatternHit {
  std::uint16_t pattern = 0;  ///< index into PatternRules::patterns
  std::int32_t value = 0;     ///< units it adds (0 for a limit pattern)
  std::uint8_t yakuman = 0;   ///< limit multiplicity, 0 for an ordinary pattern
  std::uint8_t times = 1;     ///< how often it counted (a fan may count more than once)
};

/// Appends to `hits` (cleared first) every pattern of `rules` that counts for `features`, in the
/// rule set's pattern order, with the relations applied (excludes, implied_by, only_without, limit
/// patterns replacing ordinary ones). Allocation-free once `hits` has grown.
void evaluate_patterns(const ScoringRules& rules, const ScoreFeatures& features,
                       std::vector<PatternHit>& hits);

/// The forms pattern `index` can count in, as far as its condition's `form` tests reached
/// through `all` say (bit f: RuleSet::forms()[f]; every bit when it names no form).
[[nodiscard]] std::uint32_t pattern_forms(const PatternRules& rules, std::size_t index);

/// A test of pattern `index`'s condition, reached through `all`, that no hand of `rules`' tile
/// set can pass, written as flow YAML (`{sets: {kind: chow, ...}}`), or "" when none is found:
/// a `sets` test whose groups the tiles cannot make (chows in three suits where one suit has
/// none), a `faces` test whose `all_in` set holds no tile a hand may hold.
[[nodiscard]] std::string pattern_impossible_test(const PatternRules& patterns, std::size_t index,
                                                  const RuleSet& rules);

/// Whether the condition of pattern `index` holds for `features` (relations not applied).
[[nodiscard]] bool pattern_condition_holds(const ScoringRules& rules, const ScoreFeatures& features,
                                           std::size_t index);

/// For rule authors (`meldgraph explain`): why pattern `index` did or did not count for
/// `features`, given the reading's `hits`: "counted", the first part of its condition that
/// failed, or the pattern whose relation removed it.
[[nodiscard]] std::string explain_pattern(const ScoringRules& rules, const ScoreFeatures& features,
                                          std::size_t index, std::span<const PatternHit> hits);

}  // namespace meldgraph
