#pragma once
/// How much smaller the random runs of the tests are in the sanitizers' build: AddressSanitizer
/// and UndefinedBehaviorSanitizer at -O1 run the searches 10 to 45 times slower than Release, and
/// the sanitizer pass looks for memory errors and undefined behaviour, which an eighth of the
/// hands (the factor, set in tests/CMakeLists.txt) reach as well; the Release pass runs every
/// hand. Thresholds that check what a run reached (so many ready hands, so many wins) are divided
/// alike. The one definition of the factor: every test file takes it from here, and here from
/// tests/CMakeLists.txt, which also gives it to the command-line tests.

namespace meldgraph::test {

inline constexpr int kScale = MELDGRAPH_TEST_SCALE;
static_assert(kScale >= 1, "MELDGRAPH_TEST_SCALE divides the runs");

}  // namespace meldgraph::test
