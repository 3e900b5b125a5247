/// The queries: table-speed answers where the rule set and the hand allow them, the exact search
/// (Decomposition, compute_shanten, compute_waits) everywhere else. The two must agree on every
/// hand; tests/engine/test_fast_path.cpp cross-checks them and docs/tables.md lists what is
/// modelled.
///
/// Each fast path (fast_paths.hpp) returns Answer::unknown for anything it does not model, and
/// its query then runs the search. The parts, one concept a file:
///   - plan.hpp/.cpp: the plan, built with the RuleSet: what the tables model (from the rule
///     set's features) and the suits, masks and forms the per-hand paths read;
///   - hand_view.hpp: the hand as the paths see it (counts as words, suit keys);
///   - form_tests.hpp: the pairs and set forms' tests shared by win and waits;
///   - win.cpp, waits.cpp, shanten.cpp: the three fast paths and their queries (is_win;
///     wait_mask; shanten_number, form_shanten), here answered_by_tables; shanten_costs.hpp,
///     the price of one form, and kept_rows.hpp, the (max, +) combination of kept rows;
///   - improving.cpp: improving tiles and discards in one pass a hand (improving_mask,
///     discard_shanten), from the shanten path's prices;
///   - meldgraph/tables/special_forms.hpp: the knitted and singles forms' checks;
///   - meldgraph/support/swar.hpp: the byte-wise word tricks all of them use.
/// Everything that depends only on the rule set is in the plan, built once; nothing on the fast
/// paths allocates or throws.

#include "meldgraph/queries/queries.hpp"

#include <array>

#include "fast_paths.hpp"

namespace meldgraph {

using detail::Answer;

bool answered_by_tables(const RuleSet& rules, const Hand& hand, Query query) {
  const detail::QueryPlan& plan = detail::query_plan(rules);
  switch (query) {
    case Query::win:
      return detail::fast_is_win(plan, hand) != Answer::unknown;
    case Query::shanten: {
      std::array<int, 32> by_form{};
      return detail::fast_shanten(plan, hand, by_form) == Answer::yes;
    }
    case Query::waits: {
      TileMask mask = 0;
      return detail::fast_wait_mask(plan, hand, mask) == Answer::yes;
    }
  }
  return false;
}

void build_query_tables(const RuleSet& rules, Query query, TableParts parts) {
  const detail::QueryPlan& plan = detail::query_plan(rules);
  if (parts == TableParts::rare) {
    // Every way a hand can hold a wildcard (RuleSet::features, derived once at load).
    const RuleFeatures wildcard_sources{RuleFeature::jokers, RuleFeature::fixed_wild_tiles,
                                        RuleFeature::per_hand_wild, RuleFeature::indicator_wild};
    const bool may_hold_wildcards = !(rules.features() & wildcard_sources).empty();
    if (query == Query::shanten && plan.shanten_ok && !plan.capped && may_hold_wildcards) {
      static_cast<void>(plan.overflow());
    }
    return;
  }
  switch (query) {
    case Query::win:
      if (plan.win_ok) static_cast<void>(plan.win());
      break;
    case Query::waits:
      if (plan.win_ok) static_cast<void>(plan.win());
      if (plan.waits_ok) static_cast<void>(plan.wait_rows());
      break;
    case Query::shanten:
      if (plan.shanten_ok) static_cast<void>(plan.kept());
      break;
  }
  for (const detail::FormPlan& form : plan.forms) form.special.build_tables(query == Query::waits);
}

}  // namespace meldgraph
