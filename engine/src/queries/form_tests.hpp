#pragma once
/// Per-form tests by counts that both is_win (win.cpp) and wait_mask (waits.cpp) run: the pairs
/// and set forms, a form's usable wildcards, the special forms' answers.

#include "hand_view.hpp"
#include "meldgraph/support/bits.hpp"
#include "meldgraph/tables/special_forms.hpp"
#include "plan.hpp"

namespace meldgraph::detail {

/// A pairs form (seven pairs; pungs beside them) by the counts alone.
inline Answer pairs_win(const Plan& plan, const FormSpec& form, const Tally& tally, int wildcards) {
  const int ones = tally.by_count[1];
  const int threes = tally.by_count[3];
  const int fours = tally.by_count[4];
  if (wildcards == 0) {
    // Every tile is a pair, a pung (three) or, when allowed, two pairs (four).
    if (ones > 0 || (fours > 0 && !form.four_as_two_pairs)) return Answer::no;
    return threes == form.pungs ? Answer::yes : Answer::no;
  }
  if (form.pungs != 0) return Answer::unknown;
  if (form.four_as_two_pairs) {
    // Each odd count takes one wildcard; the rest pair up as wildcard pairs, which always fit.
    if (plan.capped && !plan.capped_ample) return Answer::unknown;
    return ones + threes <= wildcards ? Answer::yes : Answer::no;
  }
  if (threes + fours > 0 || ones > wildcards) return Answer::no;
  // Wildcard pairs need kinds no natural tile holds (with room for two copies when capped).
  const TileMask room = plan.capped ? plan.copies2_mask : plan.meldable_mask;
  const int free_kinds = std::popcount(room & ~tally.nonzero);
  return (wildcards - ones) / 2 <= free_kinds ? Answer::yes : Answer::no;
}

/// pairs_win with the common refusals first: every win of the form has ones + threes within
/// the wildcards and pungs (see pairs_win), so most hands need only the odd kinds counted.
inline Answer pairs_win_quick(const Plan& plan, const FormSpec& form, const View& view,
                              int wildcards) {
  const int odd = view.odd;
  if (odd > wildcards + form.pungs) return Answer::no;
  if (wildcards == 0 && form.pungs == 0) {
    return form.four_as_two_pairs || !any_four(view) ? Answer::yes : Answer::no;
  }
  // pairs_win's own test here is "ones + threes <= W", and ones + threes is odd: passed above.
  if (form.pungs == 0 && form.four_as_two_pairs && (!plan.capped || plan.capped_ample)) {
    return Answer::yes;
  }
  return pairs_win(plan, form, tally(view), wildcards);
}

/// Whether a natural tile lies outside a set form's tiles.
inline bool outside_set(const FormPlan& fp, const View& view) {
  return any_on(view, fp.outside);
}

/// A set form (thirteen orphans): naturals only on the set, at most two of a tile and one pair.
inline Answer set_win(const FormPlan& fp, const View& view) {
  if (outside_set(fp, view)) return Answer::no;
  int doubles = 0;
  for (const int t : set_bits(fp.set)) {
    const int n = view.counts[t];
    if (n > 2) return Answer::no;
    doubles += n == 2 ? 1 : 0;
  }
  return doubles > 1 ? Answer::no : Answer::yes;
}

/// Wildcards the form may use, or -1 when the hand's wildcards keep it from matching.
inline int form_wildcards(const FormSpec& form, int wildcards) {
  return !form.wildcards && wildcards > 0 ? -1 : wildcards;
}

/// The special-form checks' answer as the fast paths' (the same three values).
inline Answer answer_of(detail::SpecialAnswer answer) {
  switch (answer) {
    case detail::SpecialAnswer::no:
      return Answer::no;
    case detail::SpecialAnswer::yes:
      return Answer::yes;
    case detail::SpecialAnswer::unknown:
      break;
  }
  return Answer::unknown;
}

}  // namespace meldgraph::detail
