#pragma once
/// How much smaller the random runs of the tests are in the sanitizers' build: AddressSanitizer
/// and UndefinedBehaviorSanitizer at -O1 run the searches 10 to 45 times slower than Release, and
/// the sanitizer pass looks for memory errors and undefined behaviour, which a quarter of the
/// hands reach as well; the Release pass runs every hand. Thresholds that check what a run
/// reached (so many ready hands, so many wins) are divided alike. The one definition of the
/// factor: every test file takes it from here.

namespace meldgraph::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr int kScale = 4;
#else
inline constexpr int kScale = 1;
#endif

}  // namespace meldgraph::test
