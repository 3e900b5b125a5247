// Scoring one realisation per class of alike realisations (RealisationKeys, docs/scoring.md,
// "Realisations") gives exactly what scoring every realisation gives: on random complete hands
// of every rule set with wildcards, the scorer with classes and the scorer without them (the
// slow path, ScoreOptions::realisation_classes = false, which scores each realisation and folds
// the alike ones after) list the same readings (interpretation, realisation, alike count,
// patterns and value), the same best reading and ties, the same counts. And the classes do
// fold: on these hands most realisations are not scored.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/search/listing.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/scoring/realisation_keys.hpp"
#include "meldgraph/reading/realisations.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "rule_files.hpp"
#include "test_scale.hpp"

using namespace meldgraph;

namespace {

/// One rule set and the per-hand wildcard choices its hands are drawn under.
struct Case {
  const char* rules;
  std::vector<std::string> indicators;  ///< `--indicator` choices (empty: none)
  std::vector<std::string> wild;        ///< `--wild` choices (empty: none)
  int hands;
};

/// What the two paths must agree on, reading by reading.
void require_same(const HandScore& fast, const HandScore& slow) {
  REQUIRE(fast.readings.size() == slow.readings.size());
  CHECK(fast.interpretations == slow.interpretations);
  CHECK(fast.scored == slow.scored);
  CHECK(fast.unscored_realisations == slow.unscored_realisations);
  CHECK(fast.best == slow.best);
  CHECK(std::equal(fast.tied.begin(), fast.tied.end(), slow.tied.begin(), slow.tied.end()));
  CHECK(fast.wins == slow.wins);
  for (std::size_t r = 0; r < fast.readings.size(); ++r) {
    const ScoredReading& a = fast.readings[r];
    const ScoredReading& b = slow.readings[r];
    INFO("reading " << r);
    CHECK(a.interpretation == b.interpretation);
    CHECK(a.realised == b.realised);
    CHECK(a.realisation == b.realisation);
    CHECK(a.alike == b.alike);
    REQUIRE(a.hits.size() == b.hits.size());
    for (std::size_t h = 0; h < a.hits.size(); ++h) {
      CHECK(a.hits[h].pattern == b.hits[h].pattern);
      CHECK(a.hits[h].value == b.hits[h].value);
      CHECK(a.hits[h].times == b.hits[h].times);
      CHECK(a.hits[h].yakuman == b.hits[h].yakuman);
    }
    CHECK(a.value.units == b.value.units);
    CHECK(a.value.fu == b.value.fu);
    CHECK(a.value.dora == b.value.dora);
    CHECK(a.value.points == b.value.points);
    CHECK(a.value.payments == b.value.payments);
    CHECK(a.value.limit == b.value.limit);
    CHECK(a.value.wins == b.value.wins);
  }
}

/// Adds the hand's realisations (at most the scorer's bound per interpretation) and their
/// classes, which the scorer scores one each.
void count_classes(const RuleSet& rules, const Hand& hand, const WinContext& win,
                   std::uint64_t& listed, std::uint64_t& classes) {
  const RuleSet& view = scoring_view(rules);
  const ReadingContext context = make_reading_context(view, hand, win);
  RealisationKeys keys(view);
  InterpretationLister lister(view);
  static_cast<void>(lister.list(context.hand, [&](const Interpretation& interpretation) {
    if (std::none_of(interpretation.groups.begin(), interpretation.groups.end(),
                     [](const Group& group) { return group.abstract(); })) {
      return;
    }
    const Realisations realisations(context, interpretation);
    keys.start(context, interpretation);
    listed += realisations.list(
        [&](std::span<const Group> concrete) {
          static_cast<void>(keys.classify(concrete));
          return true;
        },
        ScoreOptions{}.realisation_limit);
    classes += keys.classes();
  }));
}

}  // namespace

TEST_CASE("realisation classes: the same readings as scoring every realisation",
          "[scoring][realisation_classes]") {
  const std::vector<Case> cases = {
      {"shanghai", {"8s", "4m", "2p", "3z", "6z"}, {}, 24},
      {"shanghai_gui_wei", {"8s", "1m"}, {}, 12},
      {"guangdong_red", {}, {}, 200},
      {"guangdong_white", {}, {}, 120},
      {"guangdong_indicator", {"4m", "9p", "2z", "7z"}, {}, 80},
      {"guangdong_double", {"4m", "9p", "2z", "7z"}, {}, 40},
      {"guangdong_flowers", {}, {}, 120},
      {"guangdong_options", {}, {}, 80},
      {"fuzhou", {}, {"5p", "1m", "9s"}, 80},
      {"fuzhou_multiplying", {}, {"5p"}, 40},
      {"wuhan", {"4m", "7p", "2s"}, {}, 120},
      {"laizi", {}, {}, 120},
      {"laizi_natural", {}, {"5m", "7z"}, 80},
  };
  std::uint64_t realisations_listed = 0;
  std::uint64_t realisations_scored = 0;
  for (const Case& c : cases) {
    const RuleSet& rules = test::rules_named(c.rules);
    Scorer fast(rules);
    Scorer slow(rules);
    ScoreOptions classes;
    ScoreOptions every;
    every.realisation_classes = false;
    RandomDraws draws(0x5EED + c.hands);
    const int count = std::max(2, c.hands / test::kScale);
    for (int i = 0; i < count; ++i) {
      TileMask wild = 0;
      std::string choice;
      if (!c.indicators.empty()) {
        choice = c.indicators[draws.below(c.indicators.size())];
        wild = parse_indicator(choice, rules);
      } else if (!c.wild.empty()) {
        choice = c.wild[draws.below(c.wild.size())];
        wild = parse_wild_choice(choice, rules);
      }
      RandomHands generator(rules, 1000 + static_cast<std::uint64_t>(i), wild);
      Hand hand = generator.complete(std::min(14, static_cast<int>(rules.hand_tiles())), 6);
      const WinContext win = random_win_context(rules, hand, draws);
      INFO(c.rules << " hand " << format_hand(hand, rules) << " wild choice '" << choice << "'");
      const HandScore& a = fast.score(hand, win, classes);
      const HandScore& b = slow.score(hand, win, every);
      require_same(a, b);
      count_classes(rules, hand, win, realisations_listed, realisations_scored);
    }
  }
  // The classes fold: far fewer realisations are scored than listed (80,430 realisations in
  // 21,865 classes on these hands when this was written; laizi 7 to 1, the Guangdong files,
  // whose 豪华七对 read per-face counts, about 2 to 1).
  CHECK(realisations_scored * 3 < realisations_listed);
  CHECK(realisations_scored > 0);
}

TEST_CASE("realisation classes: tiles a rule names alone or the hand holds are their own class",
          "[scoring][realisation_classes]") {
  // Shanghai reads dragons, winds, the seat and round wind and suits, never a rank, and no
  // per-face count: under the 百搭 8s and 9s, 2m ... 9m are one class, as are 1p ... 9p, while
  // 8s and 9s (the 百搭's own faces) and the seat and round wind are classes of their own.
  const RuleSet& rules = test::rules_named("shanghai");
  const TileMask wild = parse_indicator("8s", rules);
  const Hand hand = parse_hand("111m222p333s8s8s8s5z+5z", rules, wild);
  WinContext win;
  win.win = WinKind::discard;
  win.seat_wind = Wind::south;
  ReadingContext context = make_reading_context(scoring_view(rules), hand, win);
  RealisationKeys keys(scoring_view(rules));
  InterpretationLister lister(scoring_view(rules));
  bool seen = false;
  static_cast<void>(lister.list(context.hand, [&](const Interpretation& interpretation) {
    if (seen) return;
    seen = true;
    keys.start(context, interpretation);
    const auto id = [&](const char* text) { return keys.tile_class(parse_tile(text, rules)); };
    CHECK(id("2m") == id("9m"));
    CHECK(id("1m") == id("5m"));  // the hand's 1m is natural, but no count is read
    CHECK(id("1p") == id("9p"));
    CHECK(id("1p") != id("1m"));  // suits differ
    CHECK(id("8s") != id("7s"));
    CHECK(id("9s") != id("7s"));
    CHECK(id("1s") == id("7s"));
    CHECK(id("2z") != id("4z"));  // South, the seat wind
    CHECK(id("1z") != id("4z"));  // East, the round wind
    CHECK(id("3z") == id("4z"));
    CHECK(id("5z") == id("7z"));  // the dragons: one set
  }));
  CHECK(seen);
}
