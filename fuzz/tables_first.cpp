/// libFuzzer's set-up hook for the targets that query the tables (analyze, batch, score,
/// differential): every table is built before the first input (fuzz_support.hpp,
/// build_tables_first), so that no input is blamed for the time a first build takes.

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  meldgraph::fuzz::build_tables_first();
  return 0;
}
