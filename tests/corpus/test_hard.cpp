// `corpus hard`'s search (meldgraph/corpus/hard.hpp): each hand found, written as its corpus line
// and read back as `batch` reads it, is hard in the way its kind says, checked on its readings
// as `batch --op score` lists them (readings scoring differently, a winning tile in different
// groups, stand-ins scoring differently, wins in two forms) or on its wait set by the queries.

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <set>
#include <string>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/corpus/hard.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/scoring/scorer.hpp"

using namespace meldgraph;

namespace {

/// The hand read back from its line, and its score with every reading.
struct ReadBack {
  Hand hand;
  ScoreAnswer score;
};

ReadBack read_back(const RuleSet& rules, const HardHand& found, Scorer& scorer) {
  std::string line = "{\"hand\":\"" + format_hand(found.hand, rules) + "\",\"context\":";
  write_win_context_json(found.context, rules, line);
  line += '}';
  HandLine read = read_hand_line(rules, line);
  HandInput input = read_hand_input(rules, read.hand, std::move(read.context));
  const HandAnalysis analysis(rules, std::move(input.hand), std::move(input.context));
  return {analysis.hand(), answer_score(analysis, scorer, AnswerOptions{})};
}

/// Whether the hand is hard as `kind` says, from its read-back readings.
bool is_hard(const RuleSet& rules, HardKind kind, const ReadBack& back) {
  const std::vector<ReadingScore>& readings = back.score.readings;
  switch (kind) {
    case HardKind::readings: {
      std::set<std::int64_t> points;
      for (const ReadingScore& r : readings) {
        if (r.value.wins) points.insert(r.value.points);
      }
      return points.size() >= 2;
    }
    case HardKind::slot:
      for (const ReadingScore& a : readings) {
        for (const ReadingScore& b : readings) {
          if (a.reading.form != b.reading.form || a.reading.winning_group < 0 ||
              b.reading.winning_group < 0) {
            continue;
          }
          const Group& wa = a.reading.groups[a.reading.winning_group].group;
          const Group& wb = b.reading.groups[b.reading.winning_group].group;
          const bool other_group = wa.kind != wb.kind || wa.tiles != wb.tiles;
          if (other_group && (a.value.points != b.value.points || a.value.fu != b.value.fu ||
                              a.hits.size() != b.hits.size())) {
            return true;
          }
        }
      }
      return false;
    case HardKind::wildcards:
      for (const ReadingScore& a : readings) {
        for (const ReadingScore& b : readings) {
          if (a.origin.realised && b.origin.realised &&
              a.origin.interpretation == b.origin.interpretation &&
              a.value.points != b.value.points) {
            return true;
          }
        }
      }
      return false;
    case HardKind::forms: {
      std::set<std::size_t> forms;
      for (const ReadingScore& r : readings) {
        if (r.value.wins) forms.insert(r.reading.form);
      }
      return forms.size() >= 2;
    }
    case HardKind::waits: {
      Hand ready = back.hand;
      --ready.counts[back.hand.winning];
      ready.winning = kNoTile;
      ready.winning_red = false;
      const TileMask mask = wait_mask(rules, ready);
      const TileCounts held = ready.held_counts();
      for (TileId t = 0; t < rules.meldable_count(); ++t) {
        if ((mask & tile_bit(t)) != 0 && held[t] >= 4) return true;
      }
      return std::popcount(mask) >= 5;
    }
  }
  return false;
}

void check_hard_hands(const char* name, std::vector<HardKind> kinds) {
  const RuleSet rules = load_rules(name);
  HardOptions options;
  options.kinds = kinds;
  options.count = 3;
  const HardResult result = find_hard_hands(rules, options);
  CHECK_FALSE(result.budget_spent);
  REQUIRE(result.hands.size() == 3 * kinds.size());
  Scorer scorer(rules);
  for (const HardHand& found : result.hands) {
    INFO(name << " " << hard_kind_name(found.kind) << ": " << format_hand(found.hand, rules)
              << ": " << found.why);
    CHECK(!found.why.empty());
    CHECK(is_hard(rules, found.kind, read_back(rules, found, scorer)));
  }
}

}  // namespace

TEST_CASE("corpus hard: every hand is hard as its kind says", "[corpus][hard]") {
  check_hard_hands("riichi", {HardKind::readings, HardKind::slot, HardKind::forms, HardKind::waits});
  check_hard_hands("laizi", {HardKind::readings, HardKind::wildcards, HardKind::forms});
  CHECK_THROWS_WITH(find_hard_hands(load_rules("riichi"), {{HardKind::wildcards}}),
                    Catch::Contains("has no wildcards"));
}
