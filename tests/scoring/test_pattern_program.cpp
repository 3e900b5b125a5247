// The compiled conditions (PatternProgram, analyzers/scoring/src/patterns/program.cpp) against the
// obviously-correct tree walk they replace on the hot path (patterns::condition_holds, which
// `explain` still uses): for every shipped rule set with patterns, over random complete hands
// with random contexts (every flag, wind and win kind drawn, so that the context predicates and
// the screens derived from the groups and sets are exercised both ways), every pattern's
// condition holds under the program exactly when it holds under the walk. Then the `sets`
// screen against the sets' instances themselves, and the counts `times` reads against probing.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "patterns/evals.hpp"
#include "patterns/memo.hpp"
#include "patterns/predicates.hpp"
#include "patterns/program.hpp"
#include "test_scale.hpp"

using namespace meldgraph;
using patterns::PatternProgram;
using patterns::program_of;

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

/// Calls visit(record, context) for the record of every reading of `hand` under a random
/// context (random_win_context).
template <class Visit>
void for_each_record(const RuleSet& rules, Hand& hand, RandomDraws& draws, Visit&& visit) {
  const WinContext base = random_win_context(rules, hand, draws);
  const ReadingContext context = make_reading_context(rules, hand, base);
  const Decomposition decomposition(rules, hand);
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) {
    ScoreFeatures features;
    make_score_features(context, make_reading(context, interpretation), features);
    visit(features, base);
  }
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
    const bool enabled = program_of(rules).enabled.test(i);
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
    if (scoring_rules(rules) == nullptr || scoring_rules(rules)->patterns.patterns.empty()) {
      continue;
    }
    INFO(name);
    const PatternRules& patterns = scoring_rules(rules)->patterns;
    const PatternProgram& program = program_of(patterns);
    REQUIRE(program.entries.size() == patterns.patterns.size());
    // The faces tests answered together (PatternProgram::faces_table) and, for riichi's value
    // winds, alone are both compared below.
    if (name == "riichi" || name == "mcr") CHECK(program.faces_tabled != 0);
    if (name == "riichi") CHECK((program.faces_tests & ~program.faces_tabled) != 0);
    // Their kinds tests answered by one lookup (PatternProgram::kinds_table), compared below.
    if (name == "riichi" || name == "mcr") CHECK(!program.kinds_table.empty());
    // Every clause of an `any` has its mask, checked up front (PatternProgram::clause_masks).
    REQUIRE(program.eager_in_one_word());
    REQUIRE(program.clause_masks.size() + 1 == program.clauses.size());
    for (std::size_t c = 0; c < program.clause_masks.size(); ++c) {
      std::uint64_t mask = 0;
      for (std::uint32_t t = program.clauses[c]; t < program.clauses[c + 1]; ++t) {
        mask |= std::uint64_t{1} << program.clause_tests[t];
      }
      CHECK(program.clause_masks[c] == mask);
    }
    RandomHands generator(rules, 7);
    RandomDraws draws(7);
    Tally tally;
    for (int h = 0; h < hands; ++h) {
      Hand hand = generator.complete(14, h % 3 == 0 ? 2 : 0);
      for_each_record(rules, hand, draws, [&](ScoreFeatures& features, const WinContext& base) {
        compare_record(patterns, features, tally);
        // The same reading under other contexts: the record points at the context it reads.
        for (int k = 0; k < 3; ++k) {
          const WinContext other = shuffled_context(base, draws);
          features.win = &other;
          compare_record(patterns, features, tally);
        }
      });
    }
    // The comparison saw readings, and conditions that held (not only ones that failed).
    CHECK(tally.records > hands);
    CHECK(tally.held > tally.records);
  }
}

namespace {

/// The reference count of a counted node: the largest n for which it holds with `min: n` (no
/// max), found by raising n: the definition of a predicate's count.
int probed_count(ConditionNode node, const ScoreFeatures& features) {
  const patterns::PredicateSpec& spec = patterns::predicate_registry()[node.op - kFirstPredicate];
  node.range.max = 0x7FFF;
  int n = 0;
  for (; n < 64; ++n) {
    node.range.min = static_cast<std::int16_t>(n + 1);
    if (!spec.eval(node, features)) break;
  }
  return n;
}

/// Every `sets` shape over the record: the screened count (count_sets, and so eval_sets and
/// the program's per-reading screen) equals the count of the instances themselves
/// (sets_found), and the groups and sets counts equal the probed ones.
void compare_sets(const PatternRules& rules, const ScoreFeatures& features, long& some) {
  constexpr std::uint32_t kChow = 1U << static_cast<unsigned>(GroupKind::chow);
  constexpr std::uint32_t kPungs = (1U << static_cast<unsigned>(GroupKind::pung)) |
                                   (1U << static_cast<unsigned>(GroupKind::kong));
  ConditionNode node;
  node.op = patterns::predicate_op("sets");
  // One record's cache of instances over every shape, twice: hits (disjoint or not, a second
  // pass) and shapes listed again after being pushed out (far more shapes than it keeps).
  patterns::SetInstances cached(features);
  for (int pass = 0; pass < 2; ++pass) {
    for (const std::uint32_t kinds : {kChow, kPungs, kChow | kPungs}) {
      for (std::uint8_t size = 2; size <= 4; ++size) {
        for (std::uint8_t step = 0; step <= 8; ++step) {
          for (std::uint8_t suits = 0; suits <= 2; ++suits) {
            for (std::uint8_t disjoint = 0; disjoint <= 1; ++disjoint) {
              const patterns::SetsArgs args(node);
              args.kinds() = kinds;
              args.size() = size;
              args.step() = step;
              args.suits() = suits;
              args.disjoint() = disjoint;
              const int found = patterns::sets_found(node, features);
              const int screened = patterns::count_sets(node, features);
              std::array<std::uint32_t, patterns::kMaxSetInstances> masks{};
              const std::size_t listed = patterns::set_instances(node, features, masks);
              const std::span<const std::uint32_t> kept = cached.of(node);
              CHECK(std::equal(kept.begin(), kept.end(), masks.begin(), masks.begin() + listed));
              CHECK(cached.found(node) == found);
              if (found != screened) {
                FAIL_CHECK("sets kinds " << kinds << " size " << int{size} << " step " << int{step}
                                         << " suits " << int{suits} << " disjoint " << int{disjoint}
                                         << ": found " << found << ", screened " << screened);
              }
              some += found > 0 ? 1 : 0;
            }
          }
        }
      }
    }
  }
  for (const ConditionNode& test : program_of(rules).tests) {
    const patterns::PredicateSpec& spec = patterns::predicate_registry()[test.op - kFirstPredicate];
    if (spec.count == nullptr) continue;
    const int count = spec.count(test, features);
    if (count >= 0) CHECK(std::min(count, 64) == probed_count(test, features));
  }
}

}  // namespace

TEST_CASE("the sets screen and the predicates' counts agree with their references",
          "[patterns][program]") {
  const int hands = 300 / meldgraph::test::kScale;
  for (const std::string name : {"mcr", "riichi", "hongkong", "sichuan", "taiwan"}) {
    const RuleSet rules = load_rules(name);
    INFO(name);
    REQUIRE(scoring_rules(rules) != nullptr);
    const PatternRules& patterns = scoring_rules(rules)->patterns;
    RandomHands generator(rules, 11);
    RandomDraws draws(11);
    long some = 0;  // shapes with an instance: the comparison saw sets, not only their absence
    for (int h = 0; h < hands; ++h) {
      Hand hand = generator.complete(name == "taiwan" ? 17 : 14, h % 3 == 0 ? 2 : 0);
      for_each_record(rules, hand, draws, [&](const ScoreFeatures& features, const WinContext&) {
        compare_sets(patterns, features, some);
      });
    }
    CHECK(some > hands);
  }
}

namespace {

/// The tiles written in `text` (notation), as a mask.
TileMask mask_of(std::string_view text, const RuleSet& rules) {
  TileMask mask = 0;
  for (const TileId tile : parse_tiles(text, rules)) mask |= tile_bit(tile);
  return mask;
}

/// The `faces: {none_in: ...}` screens among pattern `id`'s eager needs.
std::vector<TileMask> none_in_screens(const PatternRules& rules, std::string_view id) {
  const PatternProgram& program = program_of(rules);
  std::vector<TileMask> out;
  for (std::size_t p = 0; p < rules.patterns.size(); ++p) {
    if (rules.patterns[p].id != id) continue;
    for (std::uint32_t t = 0; t < program.eager_tests; ++t) {
      const bool needed =
          ((program.needers_row(program.test_needers, t)[p / 64] >> (p % 64)) & 1U) != 0;
      if (needed && program.lowered[t].kind == patterns::LoweredTest::Kind::faces_none) {
        out.push_back(program.lowered[t].mask);
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("an every-group filter screens out the tiles no group meeting it can hold",
          "[patterns][program]") {
  // Worked out from the group shapes: a chow holding a terminal is 123 or 789, so a 4, 5 or 6
  // lies in no group holding a terminal (or an honour); a group holding a five is the pair or
  // pung of it or a chow from 345 to 567, or, with knits, 258.
  const RuleSet riichi = load_rules("riichi");
  const PatternRules& r = scoring_rules(riichi)->patterns;
  CHECK(none_in_screens(r, "chanta") == std::vector<TileMask>{mask_of("456m456p456s", riichi)});
  CHECK(none_in_screens(r, "junchan") ==
        std::vector<TileMask>{mask_of("456m456p456s1234567z", riichi)});
  const RuleSet mcr = load_rules("mcr");
  const PatternRules& m = scoring_rules(mcr)->patterns;
  // 全带五 may be read in the knitted-straight form: its knit 258 holds a five.
  CHECK(none_in_screens(m, "quan_dai_wu") ==
        std::vector<TileMask>{mask_of("19m19p19s1234567z", mcr)});
  // 全带幺 is read in the standard form only (its `form` need): no knit, though mcr has them
  // (147 and 369 would let in the 3, 4, 6 and 7).
  CHECK(none_in_screens(m, "quan_dai_yao") == std::vector<TileMask>{mask_of("456m456p456s", mcr)});
  // The knits' shapes themselves: every knit holds a tile of 147, 258 or 369 of its suit.
  ConditionNode node;
  node.op = patterns::predicate_op("groups");
  const patterns::GroupsArgs args(node);
  args.kinds() = 1U << static_cast<unsigned>(GroupKind::knit);
  args.keys() = patterns::kAnyIn;
  args.any_in().tiles = mask_of("1m", mcr);
  CHECK(patterns::tiles_outside_meeting_groups(node, mcr.tile_table(), true) ==
        (mask_of("123456789m123456789p123456789s1234567z", mcr) & ~mask_of("147m", mcr)));
  CHECK(patterns::tiles_outside_meeting_groups(node, mcr.tile_table(), false) ==
        mask_of("123456789m123456789p123456789s1234567z", mcr));
  // A set naming a context wind is only known per reading: no screen.
  args.any_in().context = kSetSeatWind;
  CHECK(patterns::tiles_outside_meeting_groups(node, mcr.tile_table(), true) == 0);
}

// The shipped rule sets' eager tests fit one 64-bit word, where they are gathered into one word
// and the patterns they rule out come from tables by byte (PatternProgram::failed_needers);
// past 64 they are evaluated one at a time. That path against the walk too.
TEST_CASE("compiled conditions with more than 64 eager tests agree with the condition walk",
          "[patterns][program]") {
  std::string text = "name: t\nextends: riichi\nscoring:\n  patterns:\n";
  const std::string suits = "mps";
  for (std::size_t s = 0; s < suits.size(); ++s) {
    for (char rank = '1'; rank <= '9'; ++rank) {
      const std::string tile{rank, suits[s]};
      const std::string id = std::string{suits[s]} + rank;
      text += "    any_" + id + ":\n      value: 1\n      when: {faces: {any_in: \"" + tile +
              "\"}, groups: {kind: pung, any_in: \"" + tile + "\"}}\n";
      text += "    none_" + id + ":\n      value: 1\n      when: {faces: {none_in: \"" + tile +
              "\"}, groups: {kind: chow, min: 3}}\n";
    }
  }
  const RuleSet rules = load_rules_from_string(text, "t.yaml");
  REQUIRE(scoring_rules(rules) != nullptr);
  const PatternRules& patterns = scoring_rules(rules)->patterns;
  REQUIRE(!program_of(patterns).eager_in_one_word());
  CHECK(program_of(patterns).failed_needers.empty());
  RandomHands generator(rules, 5);
  RandomDraws draws(5);
  Tally tally;
  const int hands = 600 / meldgraph::test::kScale;
  for (int h = 0; h < hands; ++h) {
    Hand hand = generator.complete(14, h % 3 == 0 ? 2 : 0);
    for_each_record(rules, hand, draws, [&](ScoreFeatures& features, const WinContext&) {
      compare_record(patterns, features, tally);
    });
  }
  CHECK(tally.records > hands);
  CHECK(tally.held > tally.records);
}
