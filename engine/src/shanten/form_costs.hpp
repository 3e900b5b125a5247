#pragma once
/// The least exchanges of the forms that are not melds forms: pairs forms (with pungs), set forms,
/// the knitted straight (beside melds) and singles forms; and the wildcards a hand may draw, for
/// the N-wildcards form. Each returns kUnreachable when no exchange completes the form.

#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "melds_search.hpp"
#include "model.hpp"

namespace meldgraph::shanten_detail {

/// Least exchanges of a pairs form: `pairs` pairs, at most one per tile unless four of a kind may
/// count as two pairs (then as many as the limits allow), and `pungs` pungs (嚦咕嚦咕).
int pairs_exchanges(const FormSpec& form, const Profile& profile, const Limits& limits, int usable);

/// Least exchanges of a set form: each set tile once, one of them twice; tiles outside the set
/// never.
int set_exchanges(const FormSpec& form, const Profile& profile, const Limits& limits, int usable);

/// Least exchanges of the knitted straight: per assignment of classes to suits, the knit takes
/// one held copy of each of its tiles (a knit tile not held is one slot to fill), and the melds
/// search places the rest of the target over what is left. Demand splits as d = knit + rest, and
/// max(0, 1 + rest - h) = [h = 0] + max(0, rest - max(0, h - 1)), so the need adds up exactly.
int knitted_exchanges(const RuleSet& rules, const FormSpec& form, const Profile& profile,
                      const Limits& limits, int target, int usable, Scratch& scratch);

/// Least exchanges of a singles form: a target is a set T of distinct tiles the pattern admits
/// (the required ones among them), `pairs` of them doubled. A dynamic programme over the tile ids
/// keeps, per (tiles taken, pairs taken, wildcard-only slots, pattern), the least need; the
/// pattern is the class of the current suit and the classes taken (knitted) or the last rank
/// taken in the current suit (gapped). Knitted forms run once per class assignment.
int singles_exchanges(const RuleSet& rules, const FormSpec& form, const Profile& profile,
                      const Limits& limits, int usable);

/// Wildcards the set holds for this hand: jokers plus every copy of the wild tile kinds.
int wildcard_supply(const RuleSet& rules, TileMask wild);

}  // namespace meldgraph::shanten_detail
