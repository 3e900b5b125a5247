// The compiled conditions (PatternProgram, engine/src/pattern_program.cpp) against the
// obviously-correct tree walk they replace on the hot path (patterns::condition_holds, which
// `explain` still uses): for every shipped rule set with patterns, over random complete hands
// with random contexts (every flag, wind and win kind drawn, so that the context predicates and
// the screens derived from the groups and sets are exercised both ways), every pattern's
// condition holds under the program exactly when it holds under the walk.

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "../engine/src/pattern_predicates.hpp"
#include "../engine/src/pattern_program.hpp"
#include "meldgraph/decomposition.hpp"
#include "meldgraph/pattern_rules.hpp"
#include "meldgraph/random_draws.hpp"
#include "meldgraph/random_hands.hpp"
#include "meldgraph/reading.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/score_features.hpp"
#include "meldgraph/scoring_rules.hpp"
#include "test_scale.hpp"

using namespace meldgraph;

namespace {

/// A context with every flag, both winds and the win kind drawn at random.
WinContext shuffled_context(const WinContext& base, RandomDraws& draws) {
  WinContext w = base;
  for (bool* flag : {&w.riichi, &w.double_riichi, &w.ippatsu, &w.last_tile, &w.after_kong,
                     &w.robbing_kong, &w.first_draw, &w.last_of_kind}) {
    *flag = draws.chance(0.3);
  }
  w.seat_wind = static_cast<Wind>(draws.below(4));
  w.round_wind = static_cast<Wind>(draws.below(4));
  w.win = draws.chance(0.5) ? WinKind::self_draw : WinKind::discard;
  w.flower_count = static_cast<std::uint8_t>(draws.below(3));
  return w;
}

struct Tally {
  long records = 0;
  long held = 0;  ///< (record, pattern) pairs whose condition held
};

/// Compares the program with the walk for every pattern over one record; counts what it saw.
void compare_record(const PatternRules& rules, const ScoreFeatures& features, Tally& tally) {
  patterns::TestMemo memo(rules, features);
  for (std::size_t i = 0; i < rules.patterns.size(); ++i) {
    const Pattern& p = rules.patterns[i];
    const bool walked = p.enabled && (p.value.open_allowed || features.closed_hand) &&
                        patterns::condition_holds(rules, p.when, features);
    const bool enabled = ((rules.program.enabled[i / 64] >> (i % 64)) & 1U) != 0;
    const bool compiled = enabled && memo.pattern_holds(i);
    if (walked != compiled) {
      FAIL_CHECK("pattern " << p.id << ": walk " << walked << ", program " << compiled);
    }
    tally.held += walked ? 1 : 0;
  }
  ++tally.records;
}

}  // namespace

TEST_CASE("compiled conditions agree with the condition walk", "[patterns][program]") {
  const int hands = 1500 / meldgraph::test::kScale;
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    if (rules.scoring() == nullptr || rules.scoring()->patterns.patterns.empty()) continue;
    INFO(name);
    const PatternRules& patterns = rules.scoring()->patterns;
    REQUIRE(patterns.program.entries.size() == patterns.patterns.size());
    RandomHands generator(rules, 7);
    RandomDraws draws(7);
    Tally tally;
    for (int h = 0; h < hands; ++h) {
      Hand hand = generator.complete(14, h % 3 == 0 ? 2 : 0);
      const WinContext base = random_win_context(rules, hand, draws);
      const ReadingContext context = make_reading_context(rules, hand, base);
      const Decomposition decomposition(rules, hand);
      InterpretationCursor cursor = decomposition.interpretations();
      Interpretation interpretation;
      while (cursor.next(interpretation)) {
        ScoreFeatures features;
        make_score_features(context, make_reading(context, interpretation), features);
        compare_record(patterns, features, tally);
        // The same reading under other contexts: the record points at the context it reads.
        for (int k = 0; k < 3; ++k) {
          const WinContext other = shuffled_context(base, draws);
          features.win = &other;
          compare_record(patterns, features, tally);
        }
      }
    }
    // The comparison saw readings, and conditions that held (not only ones that failed).
    CHECK(tally.records > hands);
    CHECK(tally.held > tally.records);
  }
}
