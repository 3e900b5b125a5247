// Shanten, waits and improving tiles on random hands, against the reference shanten and the
// decomposition engine (tests/reference/shanten_check.hpp), under small custom rule sets
// (tests/data/rules/) and the shipped ones.
//
// Every TEST_CASE is tagged [shanten]. Under the sanitizers the runs hold a quarter of the hands
// and their thresholds are divided alike (test_scale.hpp).

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "reference/shanten_check.hpp"
#include "test_scale.hpp"

namespace {
using namespace meldgraph;
using namespace meldgraph::testref::shanten_check;
using meldgraph::test::kScale;
}  // namespace

// =============================================================================================
// Random hands against the reference and the engine
// =============================================================================================

TEST_CASE("random hands: small rule sets, every size, reference and engine", "[shanten]") {
  const std::vector<int> sizes = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};
  const CheckOptions options;
  // Improving tiles are checked against the reference on every third 3n+1 hand.
  const Tally tiny = check_random_hands("tiny_capped", 11, 2500 / kScale, sizes, 3, 2, options, 3);
  const Tally two = check_random_hands("two_copies", 12, 2500 / kScale, sizes, 2, 2, options, 3);
  const Tally pairs = check_random_hands("tiny_pairs", 13, 2000 / kScale, sizes, 4, 2, options, 3);
  const Tally natural =
      check_random_hands("tiny_no_wild_pair", 14, 2000 / kScale, sizes, 3, 2, options, 3);
  // The hand mix reaches the interesting cases.
  for (const Tally& tally : {tiny, two, pairs, natural}) {
    CHECK(tally.ready > tally.hands / 10);
    CHECK(tally.complete > tally.hands / 20);
    CHECK(tally.wildcard_waits > tally.hands / 20);
    CHECK(tally.declared > tally.hands / 5);
  }
  CHECK(tiny.four_of_a_kind > 100 / kScale);
}

TEST_CASE("random hands: a suit must be missing (Sichuan's rule)", "[shanten]") {
  const CheckOptions options;
  const Tally tally =
      check_random_hands("tiny_sichuan", 41, 3000 / kScale, {1, 2, 4, 5, 7, 8}, 0, 1, options, 3);
  CHECK(tally.ready > 300 / kScale);
  CHECK(tally.complete > 100 / kScale);
  CHECK(tally.declared > 300 / kScale);
}

namespace {

/// One run of random hands under a small rule set with jokers, and what it must reach (each
/// threshold at full scale; 0: not checked).
struct JokerRun {
  const char* what;
  const char* rules;
  std::uint32_t seed;
  int count;
  std::vector<int> sizes;
  int max_declared;
  int improving_every;  ///< improving tiles against the reference on every so many 3n+1 hands
  int ready;
  int complete;
  int wildcard_waits;
  int declared;
};

/// Runs one row and checks what it reached; a failure names the row.
void check_joker_run(const JokerRun& run) {
  INFO(run.what);
  const CheckOptions options;
  const Tally tally = check_random_hands(run.rules, run.seed, run.count / kScale, run.sizes, 3,
                                         run.max_declared, options, run.improving_every);
  CHECK(tally.ready > run.ready / kScale);
  CHECK(tally.complete > run.complete / kScale);
  CHECK(tally.wildcard_waits > run.wildcard_waits / kScale);
  if (run.declared > 0) CHECK(tally.declared > run.declared / kScale);
}

}  // namespace

// One TEST_CASE a row, so that CTest runs them side by side.
TEST_CASE("random hands: pungs beside pairs (嚦咕嚦咕)", "[shanten]") {
  check_joker_run({"pungs beside pairs", "tiny_ligu", 51, 1500, {8, 10, 11}, 0, 3, 150, 50, 50, 0});
}

TEST_CASE("random hands: knitted forms (组合龙, 全不靠, 七星不靠) with jokers", "[shanten]") {
  check_joker_run({"knitted forms", "knitted_only", 61, 1500, {13, 14}, 1, 5, 100, 50, 50, 100});
}

TEST_CASE("random hands: 十六不搭 with jokers", "[shanten]") {
  check_joker_run({"十六不搭", "unrelated_only", 62, 800, {16, 17}, 0, 5, 30, 15, 20, 0});
}

TEST_CASE("random hands: mcr and taiwan with every form, against the engine", "[shanten]") {
  CheckOptions options;
  options.reference = false;
  const Tally mcr = check_random_hands("mcr", 63, 1500 / kScale, {13, 14}, 0, 1, options);
  const Tally taiwan = check_random_hands("taiwan", 64, 600 / kScale, {16, 17}, 0, 1, options);
  CHECK(mcr.ready > 100 / kScale);
  CHECK(mcr.complete > 30 / kScale);
  CHECK(taiwan.ready > 15 / kScale);
}

TEST_CASE("random hands: basic and laizi, reference up to 8 tiles", "[shanten]") {
  const CheckOptions options;
  const std::vector<int> small = {1, 2, 4, 5, 7, 8};
  const Tally basic = check_random_hands("basic", 21, 1500 / kScale, small, 0, 1, options, 4);
  const Tally laizi = check_random_hands("laizi", 22, 2500 / kScale, small, 3, 1, options, 4);
  const Tally pairs =
      check_random_hands("two_five_eight", 23, 1000 / kScale, small, 2, 1, options, 4);
  CHECK(basic.ready > 300 / kScale);
  CHECK(laizi.wildcard_waits > 300 / kScale);
  CHECK(pairs.ready > 100 / kScale);
  CHECK(basic.four_of_a_kind + laizi.four_of_a_kind > 100 / kScale);
}

TEST_CASE("random hands: full sizes against the engine", "[shanten]") {
  CheckOptions options;
  options.reference = false;
  const Tally basic =
      check_random_hands("basic", 31, 1000 / kScale, {10, 11, 13, 14, 16, 17}, 0, 3, options);
  const Tally laizi =
      check_random_hands("laizi", 32, 1500 / kScale, {10, 11, 13, 14}, 3, 2, options);
  const Tally exhausted =
      check_random_hands("exhausted", 33, 1000 / kScale, {7, 10, 13}, 2, 2, options);
  const Tally capped =
      check_random_hands("capped_distinct", 34, 1000 / kScale, {10, 11, 13, 14}, 3, 2, options);
  const Tally pairs =
      check_random_hands("two_five_eight", 35, 1000 / kScale, {10, 11, 13, 14}, 2, 2, options);
  for (const Tally& tally : {basic, laizi, capped, pairs}) CHECK(tally.ready > tally.hands / 30);
  CHECK(laizi.wildcard_waits > 100 / kScale);
  CHECK(exhausted.exhausted > 20 / kScale);
  CHECK(basic.four_of_a_kind + laizi.four_of_a_kind > 100 / kScale);
}
