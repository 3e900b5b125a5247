// `corpus cover`'s search (meldgraph/corpus/cover.hpp): every riichi pattern is found; each hand
// found, written as the corpus line the command writes and read back as `batch` reads it, scores
// with the pattern in its best reading; the search is the same for a seed and differs between
// seeds; `minimal` never keeps a hand with more patterns than the first found.

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/corpus/cover.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "test_scale.hpp"

using namespace meldgraph;

namespace {

/// The patterns of the best reading of `found` read back from its corpus line.
std::vector<std::size_t> patterns_read_back(const RuleSet& rules, const CoverHand& found,
                                            Scorer& scorer) {
  std::string line = "{\"hand\":\"" + format_hand(found.hand, rules) + "\",\"context\":";
  write_win_context_json(found.context, rules, line);
  line += '}';
  HandLine read = read_hand_line(rules, line);
  HandInput input = read_hand_input(rules, read.hand, std::move(read.context));
  const HandAnalysis analysis(rules, std::move(input.hand), std::move(input.context));
  const ScoreAnswer answer = answer_score(analysis, scorer, AnswerOptions{});
  std::vector<std::size_t> out;
  if (!answer.best_reading) return out;
  for (const PatternHit& hit : answer.best_reading->hits) out.push_back(hit.pattern);
  return out;
}

}  // namespace

TEST_CASE("corpus cover: every riichi pattern, each hand scoring it when read back",
          "[corpus][cover]") {
  const RuleSet rules = load_rules("riichi");
  const std::vector<Pattern>& patterns = scoring_rules(rules)->patterns.patterns;
  CoverOptions options;
  const CoverResult result = cover_patterns(rules, options);
  CHECK(result.not_found.empty());
  CHECK_FALSE(result.budget_spent);
  CHECK(result.covered.size() + result.unreachable.size() == patterns.size());
  REQUIRE(result.hands.size() == result.covered.size());
  Scorer scorer(rules);
  for (const CoverHand& found : result.hands) {
    INFO(patterns[found.pattern].id << ": " << format_hand(found.hand, rules));
    const std::vector<std::size_t> read_back = patterns_read_back(rules, found, scorer);
    CHECK(std::find(read_back.begin(), read_back.end(), found.pattern) != read_back.end());
    CHECK(read_back.size() == found.patterns_counted);
  }
  // The yakuman and the situational patterns are among them.
  for (const char* id : {"kokushi_13_sided", "chuuren", "suukantsu", "ryuuiisou", "tenhou",
                         "chankan", "rinshan", "haitei", "houtei"}) {
    const auto at = std::find_if(patterns.begin(), patterns.end(),
                                 [&](const Pattern& p) { return p.id == id; });
    REQUIRE(at != patterns.end());
    const auto index = static_cast<std::size_t>(at - patterns.begin());
    CHECK(std::find(result.covered.begin(), result.covered.end(), index) != result.covered.end());
  }
}

TEST_CASE("corpus cover: the same for a seed and any jobs, other hands for another seed, minimal",
          "[corpus][cover]") {
  // Sichuan's patterns are found in a few tens of thousands of hands: four searches stay short.
  const RuleSet rules = load_rules("sichuan");
  CoverOptions options;
  options.per_pattern = test::kScale == 1 ? 2 : 1;  // one under the sanitizers: four searches
  const CoverResult first = cover_patterns(rules, options);
  const CoverResult again = cover_patterns(rules, options);
  REQUIRE(first.hands.size() == again.hands.size());
  for (std::size_t i = 0; i < first.hands.size(); ++i) {
    CHECK(first.hands[i].hand == again.hands[i].hand);
    CHECK(first.hands[i].attempt == again.hands[i].attempt);
  }
  options.jobs = 3;
  const CoverResult threaded = cover_patterns(rules, options);
  REQUIRE(threaded.hands.size() == first.hands.size());
  for (std::size_t i = 0; i < first.hands.size(); ++i) {
    CHECK(threaded.hands[i].hand == first.hands[i].hand);
    CHECK(threaded.hands[i].attempt == first.hands[i].attempt);
  }
  options.jobs = 1;
  options.seed = 2;
  const CoverResult other = cover_patterns(rules, options);
  int differ = 0;
  for (std::size_t i = 0; i < std::min(first.hands.size(), other.hands.size()); ++i) {
    differ += first.hands[i].hand == other.hands[i].hand ? 0 : 1;
  }
  CHECK(differ > 5);
  options.seed = 1;
  options.minimal = true;
  const CoverResult minimal = cover_patterns(rules, options);
  REQUIRE(minimal.hands.size() == first.hands.size());
  // Per pattern, the counts of patterns of the hands kept, fewest first: each no more than the
  // first search's.
  const auto counts_by_pattern = [](const CoverResult& result) {
    std::map<std::size_t, std::vector<std::size_t>> counts;
    for (const CoverHand& hand : result.hands)
      counts[hand.pattern].push_back(hand.patterns_counted);
    for (auto& [pattern, list] : counts) std::sort(list.begin(), list.end());
    return counts;
  };
  const auto plain_counts = counts_by_pattern(first);
  const auto minimal_counts = counts_by_pattern(minimal);
  REQUIRE(plain_counts.size() == minimal_counts.size());
  int fewer = 0;
  for (const auto& [pattern, list] : minimal_counts) {
    const std::vector<std::size_t>& plain = plain_counts.at(pattern);
    REQUIRE(list.size() == plain.size());
    for (std::size_t k = 0; k < list.size(); ++k) {
      CHECK(list[k] <= plain[k]);
      fewer += list[k] < plain[k] ? 1 : 0;
    }
  }
  CHECK(fewer > 0);
}

TEST_CASE("corpus cover: parts of the patterns find the hands the whole search finds",
          "[corpus][cover]") {
  // Hong Kong has a pattern that only losing hands count (its settling rule is the slowest);
  // under the sanitizers, sichuan alone.
  for (const char* name : {"sichuan", "hongkong"}) {
    if (test::kScale != 1 && std::string(name) == "hongkong") continue;
    const RuleSet rules = load_rules(name);
    const std::size_t count = scoring_rules(rules)->patterns.patterns.size();
    for (const bool minimal : {false, true}) {
      if (minimal && std::string(name) == "hongkong") continue;  // sichuan's is enough
      CoverOptions options;
      options.minimal = minimal;
      const CoverResult whole = cover_patterns(rules, options);
      std::vector<CoverHand> joined;
      std::size_t covered = 0;
      std::size_t unreachable = 0;
      constexpr std::size_t kParts = 3;
      for (std::size_t part = 0; part < kParts; ++part) {
        options.first_pattern = count * part / kParts;
        options.end_pattern = count * (part + 1) / kParts;
        const CoverResult piece = cover_patterns(rules, options);
        for (const CoverHand& hand : piece.hands) {
          CHECK(hand.pattern >= options.first_pattern);
          CHECK(hand.pattern < options.end_pattern);
          joined.push_back(hand);
        }
        covered += piece.covered.size();
        unreachable += piece.unreachable.size();
      }
      INFO(name << (minimal ? ", minimal" : ""));
      CHECK(covered == whole.covered.size());
      CHECK(unreachable == whole.unreachable.size());
      REQUIRE(joined.size() == whole.hands.size());
      for (std::size_t i = 0; i < joined.size(); ++i) {
        CHECK(joined[i].pattern == whole.hands[i].pattern);
        CHECK(joined[i].attempt == whole.hands[i].attempt);
        CHECK(joined[i].hand == whole.hands[i].hand);
      }
    }
  }
}

TEST_CASE("corpus cover: fuzhou's golds given, every pattern, robbing the gold included",
          "[corpus][cover]") {
  // Robbing the gold (抢金) wins on the turned-up gold: the hand's winning tile is a wildcard.
  const RuleSet rules = load_rules("fuzhou");
  const std::vector<Pattern>& patterns = scoring_rules(rules)->patterns.patterns;
  CoverOptions options;
  options.extra_wild = tile_bit(rules.find_tile('p', 5));
  const CoverResult result = cover_patterns(rules, options);
  CHECK(result.not_found.empty());
  CHECK(result.covered.size() + result.unreachable.size() == patterns.size());
  const auto robbing = std::find_if(patterns.begin(), patterns.end(),
                                    [](const Pattern& p) { return p.id == "qiang_jin"; });
  REQUIRE(robbing != patterns.end());
  const auto index = static_cast<std::size_t>(robbing - patterns.begin());
  const auto found = std::find_if(result.hands.begin(), result.hands.end(),
                                  [&](const CoverHand& hand) { return hand.pattern == index; });
  REQUIRE(found != result.hands.end());
  CHECK(found->context.robbing_gold);
  CHECK(found->hand.winning_is_wildcard());
}

TEST_CASE("corpus cover: tests no hand of the tile set passes are unreachable, with the test",
          "[corpus][cover]") {
  // sanma: manzu holds no chow, so three chows in three suits (三色同順) are out of reach; wuhan:
  // its only honours are the red dragons, forbidden in a win, so all honours (风一色) is too.
  // guangdong_flowers' ghosts are bonus tiles: four of them (四鬼胡) are found all the same.
  struct Case {
    const char* rules;
    const char* unreachable;  ///< a pattern whose reason names a test, or null
    const char* test;         ///< the predicate the reason names
  };
  for (const Case& c :
       {Case{"wuhan", "feng_yi_se", "faces"}, Case{"guangdong_flowers", nullptr, nullptr},
        Case{"sanma", "sanshoku_doujun", "sets"}}) {
    if (test::kScale != 1 && std::string(c.rules) == "sanma") continue;  // 1 s, 10 s sanitized
    INFO(c.rules);
    const RuleSet rules = load_rules(c.rules);
    const std::vector<Pattern>& patterns = scoring_rules(rules)->patterns.patterns;
    const CoverResult result = cover_patterns(rules, CoverOptions{});
    CHECK(result.not_found.empty());
    CHECK(result.covered.size() + result.unreachable.size() == patterns.size());
    int by_tiles = 0;
    for (const auto& [p, why] : result.unreachable) {
      if (why.find("no hand of these tiles") == std::string::npos) continue;
      ++by_tiles;
      CHECK(patterns[p].id == c.unreachable);
      CHECK(why.find(std::string("{") + c.test + ":") != std::string::npos);
    }
    CHECK(by_tiles == (c.unreachable != nullptr ? 1 : 0));
  }
}
