#pragma once
/// The evaluators of the cheap predicates (the context, the hand as a whole, faces and groups),
/// defined inline: the registry (pattern_predicates.cpp) takes their addresses, and the compiled
/// program's up-front evaluation (pattern_memo.cpp) calls them without an indirect call, so
/// each is written once for both. Their readers and writers stay with their concept in
/// pattern_predicates_{context,groups}.cpp. Internal to the engine.

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/features.hpp"
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

/// groups' small[0]: how the matching groups are counted (a range, or all of them).
inline constexpr std::uint8_t kGroupsCountRange = 0;
inline constexpr std::uint8_t kGroupsCountAll = 1;

/// The groups of `f` whose kind is in `kinds` (bits of GroupKind), as a mask of group indices.
inline std::uint32_t groups_of_kinds(std::uint64_t kinds, const ScoreFeatures& f) {
  std::uint32_t groups = 0;
  for (; kinds != 0; kinds &= kinds - 1) {
    groups |= f.kind_groups[static_cast<std::size_t>(std::countr_zero(kinds))];
  }
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

/// The node as one comparison over the facts, for the predicates defined so (and a `groups`
/// node that filters by kind alone); Kind::none for the others.
constexpr LoweredTest lower_test(const ConditionNode& n) {
  using K = LoweredTest::Kind;
  const auto word = [](K kind, std::uint64_t mask) { return LoweredTest{kind, 0, {}, mask}; };
  const auto yes_no = [](unsigned k, const ConditionNode& node) {
    return LoweredTest{K::word_any, 0, {}, yes_no_bit(k, node.bits != 0)};
  };
  const auto count = [](CountFact fact, CountRange range) {
    return LoweredTest{K::count, fact, range, 0};
  };
  switch (n.op) {
    case predicate_op("flag"):
      return word(K::word_all, std::uint64_t{n.bits} << kFlagsShift);
    case predicate_op("win"):
      return word(K::word_any, std::uint64_t{n.bits & 3U} << kWinShift);
    case predicate_op("wait"):
      return word(K::word_any, std::uint64_t{n.bits & 0xFFU} << kWaitShift);
    case predicate_op("seat_wind"):
      return word(K::word_any, std::uint64_t{n.bits & 0xFU} << kSeatShift);
    case predicate_op("round_wind"):
      return word(K::word_any, std::uint64_t{n.bits & 0xFU} << kRoundShift);
    case predicate_op("form"):
      return word(K::word_any, std::uint64_t{n.bits} << kFormShift);
    case predicate_op("closed_hand"):
      return yes_no(0, n);
    case predicate_op("honours"):
      return yes_no(1, n);
    case predicate_op("dealer"): {
      constexpr std::uint64_t kEast = std::uint64_t{1} << kSeatShift;
      return word(K::word_any, n.bits != 0 ? kEast : (kEast * 0xEU));
    }
    case predicate_op("suits"):
      return count(kCountSuits, n.range);
    case predicate_op("wildcards"):
      return count(kCountWildcards, n.range);
    case predicate_op("soft_wildcards"):
      return count(kCountSoftWildcards, n.range);
    case predicate_op("honba"):
      return count(kCountHonba, n.range);
    case predicate_op("bonus"):
      // Every bonus tile held (small[0] == 0); the `of` form counts some of them.
      if (n.small[0] != 0) return {};
      return count(kCountBonus, n.range);
    case predicate_op("groups"):
      if (n.flags_set != 0 || n.flags_clear != 0 || n.small[8] != 0 ||
          n.small[0] == kGroupsCountAll) {
        return {};
      }
      return LoweredTest{K::kinds, 0, n.range, kind_count_fields(n.bits)};
    case predicate_op("faces"): {
      // One set key (small[8] bit 0 all_in, bit 1 any_in, bit 2 none_in): one mask test.
      const std::uint8_t key = n.small[8];
      if (key != 1 && key != 2 && key != 4) return {};
      const TileSetRef& set = n.sets[key == 1 ? 0 : (key == 2 ? 1 : 2)];
      const K kind = key == 1 ? K::faces_all : (key == 2 ? K::faces_any : K::faces_none);
      return LoweredTest{kind, set.context, {}, set.tiles};
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
  // One bit set, without std::popcount (a libgcc call without -mpopcnt).
  const TileMask w = f.waits_before();
  const bool only = f.has_waits() && w != 0 && (w & (w - 1)) == 0;
  return only == (n.bits != 0);
}
inline bool eval_waits(const ConditionNode& n, const ScoreFeatures& f) {
  return f.has_waits() && n.range.holds(std::popcount(f.waits_before()));
}

/// The evaluator of every predicate lower_test defines.
inline bool eval_by_facts(const ConditionNode& n, const ScoreFeatures& f) {
  return lowered_holds(lower_test(n), facts_of(f), f);
}

// ---------------------------------------------------------------------------------------------
// faces and groups. A node's set keys: small[8] bit 0 all_in (sets[0]), bit 1 any_in (sets[1]),
// bit 2 none_in (sets[2]).

/// Whether `faces` meets the set keys of `n`.
inline bool faces_meet(const ConditionNode& n, TileMask faces, const ScoreFeatures& f) {
  const std::uint8_t used = n.small[8];
  if ((used & 1U) != 0 && !mask_all_in(faces, resolve(n.sets[0], f))) return false;
  if ((used & 2U) != 0 && (faces & resolve(n.sets[1], f)) == 0) return false;
  if ((used & 4U) != 0 && (faces & resolve(n.sets[2], f)) != 0) return false;
  return true;
}
inline bool eval_faces(const ConditionNode& n, const ScoreFeatures& f) {
  return faces_meet(n, f.faces, f);
}

/// The groups of `f` that pass `n`'s kind and flag filter, as a mask of group indices, read off
/// the record's indexes (ScoreFeatures::kind_groups, flag_groups).
inline std::uint32_t filtered_groups(const ConditionNode& n, const ScoreFeatures& f) {
  std::uint32_t groups = groups_of_kinds(n.bits, f);
  for (std::uint32_t set = n.flags_set; set != 0 && groups != 0; set &= set - 1) {
    groups &= f.flag_groups[static_cast<std::size_t>(std::countr_zero(set))];
  }
  for (std::uint32_t clear = n.flags_clear; clear != 0 && groups != 0; clear &= clear - 1) {
    groups &= ~f.flag_groups[static_cast<std::size_t>(std::countr_zero(clear))];
  }
  return groups;
}

/// The groups of `groups` whose faces meet `n`'s set keys, the sets resolved once.
inline std::uint32_t groups_meeting_sets(const ConditionNode& n, const ScoreFeatures& f,
                                         std::uint32_t groups) {
  const std::uint8_t used = n.small[8];
  const TileMask all_in = (used & 1U) != 0 ? resolve(n.sets[0], f) : 0;
  const TileMask any_in = (used & 2U) != 0 ? resolve(n.sets[1], f) : 0;
  const TileMask none_in = (used & 4U) != 0 ? resolve(n.sets[2], f) : 0;
  std::uint32_t meeting = 0;
  for (std::uint32_t rest = groups; rest != 0; rest &= rest - 1) {
    const auto g = static_cast<std::size_t>(std::countr_zero(rest));
    const TileMask faces = f.groups[g].faces;
    // As faces_meet, with the sets resolved once for every group.
    const bool meets = ((used & 1U) == 0 || mask_all_in(faces, all_in)) &&
                       ((used & 2U) == 0 || (faces & any_in) != 0) && (faces & none_in) == 0;
    if (meets) meeting |= 1U << g;
  }
  return meeting;
}

/// The groups that match `n`'s filter (kinds, flags, tile sets).
inline int matching_groups(const ConditionNode& n, const ScoreFeatures& f) {
  std::uint32_t groups = filtered_groups(n, f);
  if (n.small[8] != 0 && groups != 0) groups = groups_meeting_sets(n, f, groups);
  return small_popcount(groups);
}
/// The `groups` count (PredicateCount): -1 for `all: true`, which compares no count.
inline int count_groups(const ConditionNode& n, const ScoreFeatures& f) {
  return n.small[0] == kGroupsCountAll ? -1 : matching_groups(n, f);
}
inline bool eval_groups(const ConditionNode& n, const ScoreFeatures& f) {
  const int matching = matching_groups(n, f);
  if (n.small[0] == kGroupsCountAll) return f.group_count > 0 && matching == f.group_count;
  return n.range.holds(matching);
}

}  // namespace meldgraph::patterns
