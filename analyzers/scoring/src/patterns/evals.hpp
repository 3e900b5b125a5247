#pragma once
/// The evaluators of the cheap predicates (the context, the hand as a whole, faces and groups),
/// defined inline: the registry (predicates.cpp) takes their addresses, and the compiled
/// program's up-front evaluation (memo.cpp) calls them without an indirect call, so each is
/// written once for both. Their readers and writers stay with their concept in
/// predicates_{context,groups}.cpp; each predicate's arguments are named here, by a view of the
/// node's fields that its reader writes through and its evaluator reads through. Internal to
/// scoring.

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/support/bits.hpp"
#include "patterns/arguments.hpp"
#include "patterns/predicates.hpp"

namespace meldgraph::patterns {

/// The predicates' names in op order (op = kFirstPredicate + index); the registry lists them in
/// this order (checked where it is defined).
inline constexpr std::string_view kPredicateNames[] = {
    "groups",         "faces",     "sets",       "suits",       "honours", "closed_hand",
    "form",           "wait",      "only_wait",  "waits",       "win",     "flag",
    "dealer",         "seat_wind", "round_wind", "suit_counts", "copies",  "wildcards",
    "soft_wildcards", "bonus",     "honba"};

/// The op of predicate `name` (a name of kPredicateNames; 0 otherwise).
[[nodiscard]] constexpr std::uint8_t predicate_op(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kPredicateNames); ++i) {
    if (kPredicateNames[i] == name) return static_cast<std::uint8_t>(kFirstPredicate + i);
  }
  return 0;
}
/// The `sets` predicate's op, which the compiled program, the memo and `times` single out.
inline constexpr std::uint8_t kSetsOp = predicate_op("sets");

// ---------------------------------------------------------------------------------------------
// The arguments of the predicates defined here, by name. Each view reads and writes the fields
// of one ConditionNode: `Node` is ConditionNode for a reader, which writes through it, and
// const ConditionNode for an evaluator. ConditionNode's fields are shared by every predicate
// (a fat node, read on the hot path); these say which field holds what for each.

/// A yes-or-no argument (`closed_hand: true`; honours, dealer, only_wait): the value wanted,
/// in `bits`.
template <class Node>
class BoolArg {
 public:
  constexpr explicit BoolArg(Node& node) : node_(node) {}
  /// 1: the fact must hold; 0: it must not.
  [[nodiscard]] constexpr auto& wanted() const { return node_.bits; }

 private:
  Node& node_;
};

/// A word or list of words (`win: self_draw`, `wait: [closed, edge]`; flag, seat_wind,
/// round_wind, form): bit i for word i of the predicate's list, in `bits`.
template <class Node>
class WordsArg {
 public:
  constexpr explicit WordsArg(Node& node) : node_(node) {}
  [[nodiscard]] constexpr auto& words() const { return node_.bits; }

 private:
  Node& node_;
};

/// `bonus`: a count of bonus tiles (`range`), of every one held, or with `of` of those tiles
/// only (bonus tiles, so no tile class applies).
template <class Node>
class BonusArgs {
 public:
  constexpr explicit BonusArgs(Node& node) : node_(node) {}
  /// 1 when the argument names tiles (`of`), 0 for every bonus tile held (small[0]).
  [[nodiscard]] constexpr auto& names_tiles() const { return node_.small[0]; }
  [[nodiscard]] constexpr auto& of() const { return node_.sets[0]; }
  [[nodiscard]] constexpr auto& count() const { return node_.range; }

 private:
  Node& node_;
};

/// The tile-set keys of a `faces` node, and of a `groups` filter: all_in, any_in and none_in,
/// each given or not (keys(): SetKey bits, in small[8]) with its set (sets[0], [1], [2]).
enum SetKey : std::uint8_t { kAllIn = 1, kAnyIn = 2, kNoneIn = 4 };
template <class Node>
class SetKeys {
 public:
  constexpr explicit SetKeys(Node& node) : node_(node) {}
  /// The keys given, as SetKey bits.
  [[nodiscard]] constexpr auto& keys() const { return node_.small[8]; }
  [[nodiscard]] constexpr bool has(SetKey key) const { return (keys() & key) != 0; }
  /// The set of key k: 0 all_in, 1 any_in, 2 none_in (the key 1 << k).
  [[nodiscard]] constexpr auto& set(std::size_t k) const { return node_.sets[k]; }
  /// The set of `key`.
  [[nodiscard]] constexpr auto& set_of(SetKey key) const {
    return set(static_cast<std::size_t>(std::countr_zero(unsigned{key})));
  }
  [[nodiscard]] constexpr auto& all_in() const { return node_.sets[0]; }
  [[nodiscard]] constexpr auto& any_in() const { return node_.sets[1]; }
  [[nodiscard]] constexpr auto& none_in() const { return node_.sets[2]; }

 private:
  Node& node_;
};

/// How a `groups` node counts the groups its filter matches: compares their number with its
/// range, or (`all: true`) asks that every group of the reading match.
enum class GroupsCount : std::uint8_t { range = 0, all = 1 };

/// `groups`: a filter (kinds, flags required set or clear, tile-set keys) and how the groups
/// matching it are counted.
template <class Node>
class GroupsArgs : public SetKeys<Node> {
 public:
  constexpr explicit GroupsArgs(Node& node) : SetKeys<Node>(node), node_(node) {}
  /// The kinds matched: bit k for GroupKind k (`bits`).
  [[nodiscard]] constexpr auto& kinds() const { return node_.bits; }
  /// kFeature* bits a matching group has set, and has clear.
  [[nodiscard]] constexpr auto& flags_set() const { return node_.flags_set; }
  [[nodiscard]] constexpr auto& flags_clear() const { return node_.flags_clear; }
  /// GroupsCount, as its byte (small[0]).
  [[nodiscard]] constexpr auto& count_mode() const { return node_.small[0]; }
  [[nodiscard]] constexpr bool counts_all() const {
    return count_mode() == static_cast<std::uint8_t>(GroupsCount::all);
  }
  /// The number of matching groups wanted (GroupsCount::range).
  [[nodiscard]] constexpr auto& count() const { return node_.range; }
  /// Whether the filter reads more than the kinds: a flag or a tile set.
  [[nodiscard]] constexpr bool filters_more_than_kinds() const {
    return flags_set() != 0 || flags_clear() != 0 || this->keys() != 0;
  }

 private:
  Node& node_;
};

// ---------------------------------------------------------------------------------------------
// The hand as a whole and its context: each predicate is defined by its lowering (lower_test),
// one comparison over the reading's facts (facts_of), so that the compiled program evaluates
// it with the facts gathered once per reading and the condition walk with them gathered for the
// one node; eval_by_facts is the registry's evaluator of all of them.

/// What the word and count predicates read, gathered once per reading. `word` holds, from bit
/// 0: the context flags (the `flag` words' order), the win kind, the wait shape, the seat wind
/// and the round wind one-hot, then a yes and a no bit each for closed and honours, then the
/// form one-hot (`form` reads at most 32 forms). The dealer is the seat wind east. The hand's
/// wait set (`waits`, `only_wait`) is not a fact: it is a query made on first use
/// (ScoreFeatures::waits_before), so those two stay predicates of their own, tested last.
struct ReadingFacts {
  std::uint64_t word = 0;
  std::array<int, 5> counts{};  ///< CountFact order
};
inline constexpr unsigned kFlagsShift = 0;   // 10 flags
inline constexpr unsigned kWinShift = 10;    // 2 win kinds
inline constexpr unsigned kWaitShift = 12;   // 8 wait shapes
inline constexpr unsigned kSeatShift = 20;   // 4 winds
inline constexpr unsigned kRoundShift = 24;  // 4 winds
inline constexpr unsigned kYesNoShift = 28;  // closed, honours: yes, no (to bit 31)
inline constexpr unsigned kFormShift = 32;   // 32 forms
/// kCountHonba: the context's repeat counter (riichi's 本場, Taiwan's 連莊 count); kCountBonus: the
/// bonus tiles held (`bonus: N` without `of`).
enum CountFact : std::uint8_t {
  kCountSuits,
  kCountWildcards,
  kCountSoftWildcards,
  kCountHonba,
  kCountBonus
};

/// The yes (or no) bit of yes/no fact `k` (0 closed, 1 honours).
constexpr std::uint64_t yes_no_bit(unsigned k, bool yes) {
  return std::uint64_t{1} << (kYesNoShift + 2 * k + (yes ? 0U : 1U));
}

inline ReadingFacts facts_of(const ScoreFeatures& f) {
  const WinContext& w = *f.win;
  std::uint64_t word = std::uint64_t{context_flag_mask(w)} << kFlagsShift;
  word |= std::uint64_t{1} << (kWinShift + static_cast<unsigned>(w.win));
  word |= std::uint64_t{1} << (kWaitShift + static_cast<unsigned>(f.wait));
  word |= std::uint64_t{1} << (kSeatShift + static_cast<unsigned>(w.seat_wind));
  word |= std::uint64_t{1} << (kRoundShift + static_cast<unsigned>(w.round_wind));
  word |= yes_no_bit(0, f.closed_hand) | yes_no_bit(1, f.honours_used);
  if (f.form < 32) word |= std::uint64_t{1} << (kFormShift + f.form);
  ReadingFacts facts;
  facts.word = word;
  facts.counts[kCountSuits] = small_popcount(f.suits_used);
  facts.counts[kCountWildcards] = f.wildcards;
  facts.counts[kCountSoftWildcards] = f.soft_wildcards;
  facts.counts[kCountHonba] = w.honba;
  facts.counts[kCountBonus] = w.flower_count;
  return facts;
}

/// The groups of `f` whose kind is in `kinds` (bits of GroupKind), as a mask of group indices.
inline std::uint32_t groups_of_kinds(std::uint32_t kinds, const ScoreFeatures& f) {
  std::uint32_t groups = 0;
  for (const int kind : set_bits(kinds)) groups |= f.kind_groups[static_cast<std::size_t>(kind)];
  return groups;
}

/// The fields of ScoreFeatures::kind_counts of the kinds in `kinds` (bits of GroupKind).
constexpr std::uint64_t kind_count_fields(std::uint64_t kinds) {
  std::uint64_t fields = 0;
  for (std::size_t k = 0; k < kGroupKindCount; ++k) {
    if (((kinds >> k) & 1U) != 0) {
      fields |= ((std::uint64_t{1} << kKindCountBits) - 1) << (kKindCountBits * k);
    }
  }
  return fields;
}

/// The groups of `f` of the kinds whose fields `fields` selects (kind_count_fields): the
/// selected fields summed by one multiplication, which adds every field into the top one (no
/// field, nor the sum, exceeds kMaxFeatureGroups, so nothing carries between fields).
inline int count_of_kinds(std::uint64_t fields, const ScoreFeatures& f) {
  constexpr unsigned kTop = kKindCountBits * (kGroupKindCount - 1);
  constexpr std::uint64_t kOnes = [] {
    std::uint64_t ones = 0;
    for (std::size_t k = 0; k < kGroupKindCount; ++k) {
      ones |= std::uint64_t{1} << (kKindCountBits * k);
    }
    return ones;
  }();
  return static_cast<int>((((f.kind_counts & fields) * kOnes) >> kTop) &
                          ((std::uint64_t{1} << kKindCountBits) - 1));
}

/// A cheap test lowered to one comparison over what a reading's record gives once (its facts,
/// ReadingFacts): a mask of the facts' word that must meet
/// (`word_any`) or be within (`word_all`) it, a count in a range, the number of groups of some
/// kinds in a range, or the hand's faces all in (`faces_all`), meeting (`faces_any`) or missing
/// (`faces_none`) one tile set. `none`: not lowered (evaluated by its predicate).
struct LoweredTest {
  enum class Kind : std::uint8_t {
    none,
    word_any,
    word_all,
    count,
    kinds,
    faces_all,
    faces_any,
    faces_none
  };
  Kind kind = Kind::none;
  std::uint8_t index = 0;  ///< count: which of the facts' counts; faces_*: the set's context bits
  CountRange range;        ///< count, kinds
  /// word_any, word_all: bits of the word; kinds: the fields of ScoreFeatures::kind_counts
  /// summed (all bits of each kind's field); faces_*: the set's fixed tiles.
  std::uint64_t mask = 0;
};

/// The node as one comparison over the facts, for the predicates defined so (and a `groups`
/// node that filters by kind alone); Kind::none for the others.
constexpr LoweredTest lower_test(const ConditionNode& n) {
  using K = LoweredTest::Kind;
  const std::uint64_t words = WordsArg(n).words();
  const auto word = [](K kind, std::uint64_t mask) { return LoweredTest{kind, 0, {}, mask}; };
  const auto yes_no = [&](unsigned k) {
    return LoweredTest{K::word_any, 0, {}, yes_no_bit(k, BoolArg(n).wanted() != 0)};
  };
  const auto count = [&](CountFact fact) { return LoweredTest{K::count, fact, n.range, 0}; };
  switch (n.op) {
    case predicate_op("flag"):
      return word(K::word_all, words << kFlagsShift);
    case predicate_op("win"):
      return word(K::word_any, (words & 3U) << kWinShift);
    case predicate_op("wait"):
      return word(K::word_any, (words & 0xFFU) << kWaitShift);
    case predicate_op("seat_wind"):
      return word(K::word_any, (words & 0xFU) << kSeatShift);
    case predicate_op("round_wind"):
      return word(K::word_any, (words & 0xFU) << kRoundShift);
    case predicate_op("form"):
      return word(K::word_any, words << kFormShift);
    case predicate_op("closed_hand"):
      return yes_no(0);
    case predicate_op("honours"):
      return yes_no(1);
    case predicate_op("dealer"): {
      constexpr std::uint64_t kEast = std::uint64_t{1} << kSeatShift;
      return word(K::word_any, BoolArg(n).wanted() != 0 ? kEast : (kEast * 0xEU));
    }
    case predicate_op("suits"):
      return count(kCountSuits);
    case predicate_op("wildcards"):
      return count(kCountWildcards);
    case predicate_op("soft_wildcards"):
      return count(kCountSoftWildcards);
    case predicate_op("honba"):
      return count(kCountHonba);
    case predicate_op("bonus"):
      // Every bonus tile held; the `of` form counts some of them.
      if (BonusArgs(n).names_tiles() != 0) return {};
      return count(kCountBonus);
    case predicate_op("groups"): {
      const GroupsArgs args(n);
      if (args.filters_more_than_kinds() || args.counts_all()) return {};
      return LoweredTest{K::kinds, 0, args.count(), kind_count_fields(args.kinds())};
    }
    case predicate_op("faces"): {
      // One set key: one mask test.
      const SetKeys keys(n);
      switch (keys.keys()) {
        case kAllIn:
          return LoweredTest{K::faces_all, keys.all_in().context, {}, keys.all_in().tiles};
        case kAnyIn:
          return LoweredTest{K::faces_any, keys.any_in().context, {}, keys.any_in().tiles};
        case kNoneIn:
          return LoweredTest{K::faces_none, keys.none_in().context, {}, keys.none_in().tiles};
        default:
          return {};
      }
    }
    default:
      return {};
  }
}

/// Whether lowered test `t` holds, given the reading's facts (and its record, for `kinds`).
inline bool lowered_holds(const LoweredTest& t, const ReadingFacts& facts, const ScoreFeatures& f) {
  switch (t.kind) {
    case LoweredTest::Kind::word_any:
      return (facts.word & t.mask) != 0;
    case LoweredTest::Kind::word_all:
      return (facts.word & t.mask) == t.mask;
    case LoweredTest::Kind::count:
      return t.range.holds(facts.counts[t.index]);
    case LoweredTest::Kind::kinds:
      return t.range.holds(count_of_kinds(t.mask, f));
    case LoweredTest::Kind::faces_all:
      return mask_all_in(f.faces, resolve(TileSetRef{t.mask, t.index}, f));
    case LoweredTest::Kind::faces_any:
      return (f.faces & resolve(TileSetRef{t.mask, t.index}, f)) != 0;
    case LoweredTest::Kind::faces_none:
      return (f.faces & resolve(TileSetRef{t.mask, t.index}, f)) == 0;
    case LoweredTest::Kind::none:
      break;
  }
  return false;
}

/// The hand's wait set, read (and so computed, once per hand) only by these two.
inline bool eval_only_wait(const ConditionNode& n, const ScoreFeatures& f) {
  return f.only_wait() == (BoolArg(n).wanted() != 0);
}
inline bool eval_waits(const ConditionNode& n, const ScoreFeatures& f) {
  return f.has_waits() && n.range.holds(std::popcount(f.waits_before()));
}

/// The evaluator of every predicate lower_test defines.
inline bool eval_by_facts(const ConditionNode& n, const ScoreFeatures& f) {
  return lowered_holds(lower_test(n), facts_of(f), f);
}

// ---------------------------------------------------------------------------------------------
// faces and groups.

/// Whether `faces` meets the set keys of `n` (SetKeys).
inline bool faces_meet(const ConditionNode& n, TileMask faces, const ScoreFeatures& f) {
  const SetKeys keys(n);
  if (keys.has(kAllIn) && !mask_all_in(faces, resolve(keys.all_in(), f))) return false;
  if (keys.has(kAnyIn) && (faces & resolve(keys.any_in(), f)) == 0) return false;
  if (keys.has(kNoneIn) && (faces & resolve(keys.none_in(), f)) != 0) return false;
  return true;
}
inline bool eval_faces(const ConditionNode& n, const ScoreFeatures& f) {
  return faces_meet(n, f.faces, f);
}

/// The groups of `f` that pass `n`'s kind and flag filter, as a mask of group indices, read off
/// the record's indexes (ScoreFeatures::kind_groups, flag_groups).
inline std::uint32_t filtered_groups(const ConditionNode& n, const ScoreFeatures& f) {
  const GroupsArgs args(n);
  std::uint32_t groups = groups_of_kinds(args.kinds(), f);
  for (const int flag : set_bits(args.flags_set())) {
    groups &= f.flag_groups[static_cast<std::size_t>(flag)];
  }
  for (const int flag : set_bits(args.flags_clear())) {
    groups &= ~f.flag_groups[static_cast<std::size_t>(flag)];
  }
  return groups;
}

/// The groups of `groups` whose faces meet `n`'s set keys, the sets resolved once.
inline std::uint32_t groups_meeting_sets(const ConditionNode& n, const ScoreFeatures& f,
                                         std::uint32_t groups) {
  const SetKeys keys(n);
  const bool all_in_given = keys.has(kAllIn);
  const bool any_in_given = keys.has(kAnyIn);
  const TileMask all_in = all_in_given ? resolve(keys.all_in(), f) : 0;
  const TileMask any_in = any_in_given ? resolve(keys.any_in(), f) : 0;
  const TileMask none_in = keys.has(kNoneIn) ? resolve(keys.none_in(), f) : 0;
  std::uint32_t meeting = 0;
  for (const int g : set_bits(groups)) {
    const TileMask faces = f.groups[static_cast<std::size_t>(g)].faces;
    // As faces_meet, with the sets resolved once for every group (none_in is 0 when not given).
    const bool meets = (!all_in_given || mask_all_in(faces, all_in)) &&
                       (!any_in_given || (faces & any_in) != 0) && (faces & none_in) == 0;
    if (meets) meeting |= 1U << g;
  }
  return meeting;
}

/// The groups that match `n`'s filter (kinds, flags, tile sets).
inline int matching_groups(const ConditionNode& n, const ScoreFeatures& f) {
  std::uint32_t groups = filtered_groups(n, f);
  if (SetKeys(n).keys() != 0 && groups != 0) groups = groups_meeting_sets(n, f, groups);
  return small_popcount(groups);
}
/// The `groups` count (PredicateCount): -1 for `all: true`, which compares no count.
inline int count_groups(const ConditionNode& n, const ScoreFeatures& f) {
  return GroupsArgs(n).counts_all() ? -1 : matching_groups(n, f);
}
inline bool eval_groups(const ConditionNode& n, const ScoreFeatures& f) {
  const GroupsArgs args(n);
  const int matching = matching_groups(n, f);
  if (args.counts_all()) return f.group_count > 0 && matching == f.group_count;
  return args.count().holds(matching);
}

}  // namespace meldgraph::patterns
