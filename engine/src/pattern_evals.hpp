#pragma once
/// The evaluators of the cheap predicates (the context, the hand as a whole, faces and groups),
/// defined inline: the registry (pattern_predicates.cpp) takes their addresses, and the compiled
/// program's up-front evaluation (pattern_program.cpp) calls them by op without an indirect
/// call, so each is written once for both. Their readers and writers stay with their concept in
/// pattern_predicates_{context,groups}.cpp. Internal to the engine.

#include <bit>
#include <cstdint>
#include <string_view>

#include "meldgraph/pattern_rules.hpp"
#include "meldgraph/score_features.hpp"
#include "pattern_arguments.hpp"
#include "pattern_predicates.hpp"

namespace meldgraph::patterns {

/// The predicates' names in op order (op = kFirstPredicate + index); the registry lists them in
/// this order (checked where it is defined).
inline constexpr std::string_view kPredicateNames[] = {
    "groups",      "faces",  "sets",      "suits",          "honours",
    "closed_hand", "form",   "wait",      "only_wait",      "waits",
    "win",         "flag",   "dealer",    "seat_wind",      "round_wind",
    "suit_counts", "copies", "wildcards", "soft_wildcards", "bonus"};

/// The op of predicate `name` (a name of kPredicateNames; 0 otherwise).
[[nodiscard]] constexpr std::uint8_t predicate_op(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kPredicateNames); ++i) {
    if (kPredicateNames[i] == name) return static_cast<std::uint8_t>(kFirstPredicate + i);
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// The hand as a whole and its context. Booleans hold the value wanted in `bits`, counts their
// range in `range`, words a mask of the words allowed in `bits`.

inline bool eval_closed_hand(const ConditionNode& n, const ScoreFeatures& f) {
  return f.closed_hand == (n.bits != 0);
}
inline bool eval_honours(const ConditionNode& n, const ScoreFeatures& f) {
  return f.honours_used == (n.bits != 0);
}
inline bool eval_dealer(const ConditionNode& n, const ScoreFeatures& f) {
  return f.win->dealer() == (n.bits != 0);
}
inline bool eval_only_wait(const ConditionNode& n, const ScoreFeatures& f) {
  // One bit set, without std::popcount (a libgcc call without -mpopcnt).
  const TileMask w = f.waits_before();
  const bool only = f.has_waits() && w != 0 && (w & (w - 1)) == 0;
  return only == (n.bits != 0);
}
inline bool eval_suits(const ConditionNode& n, const ScoreFeatures& f) {
  return n.range.holds(small_popcount(f.suits_used));
}
inline bool eval_waits(const ConditionNode& n, const ScoreFeatures& f) {
  return f.has_waits() && n.range.holds(std::popcount(f.waits_before()));
}
inline bool eval_wildcards(const ConditionNode& n, const ScoreFeatures& f) {
  return n.range.holds(f.wildcards);
}
inline bool eval_soft_wildcards(const ConditionNode& n, const ScoreFeatures& f) {
  return n.range.holds(f.soft_wildcards);
}
inline bool eval_win(const ConditionNode& n, const ScoreFeatures& f) {
  return (n.bits & (1U << static_cast<unsigned>(f.win->win))) != 0;
}
inline bool eval_wait(const ConditionNode& n, const ScoreFeatures& f) {
  return (n.bits & (1U << static_cast<unsigned>(f.wait))) != 0;
}
inline bool eval_flag(const ConditionNode& n, const ScoreFeatures& f) {
  return (context_flag_mask(*f.win) & n.bits) == n.bits;
}
inline bool eval_seat_wind(const ConditionNode& n, const ScoreFeatures& f) {
  return (n.bits & (1U << static_cast<unsigned>(f.win->seat_wind))) != 0;
}
inline bool eval_round_wind(const ConditionNode& n, const ScoreFeatures& f) {
  return (n.bits & (1U << static_cast<unsigned>(f.win->round_wind))) != 0;
}
inline bool eval_form(const ConditionNode& n, const ScoreFeatures& f) {
  return f.form < 32 && (n.bits & (1U << f.form)) != 0;
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

/// groups' small[0]: how the matching groups are counted (a range, or all of them).
inline constexpr std::uint8_t kGroupsCountRange = 0;
inline constexpr std::uint8_t kGroupsCountAll = 1;

/// The groups of `f` whose kind is in `kinds` (bits of GroupKind), as a mask of group indices.
inline std::uint32_t groups_of_kinds(std::uint32_t kinds, const ScoreFeatures& f) {
  std::uint32_t groups = 0;
  for (; kinds != 0; kinds &= kinds - 1) {
    groups |= f.kind_groups[static_cast<std::size_t>(std::countr_zero(kinds))];
  }
  return groups;
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

inline bool eval_groups(const ConditionNode& n, const ScoreFeatures& f) {
  std::uint32_t groups = filtered_groups(n, f);
  if (n.small[8] != 0 && groups != 0) groups = groups_meeting_sets(n, f, groups);
  const int matching = small_popcount(groups);
  if (n.small[0] == kGroupsCountAll) return f.group_count > 0 && matching == f.group_count;
  return n.range.holds(matching);
}

}  // namespace meldgraph::patterns
