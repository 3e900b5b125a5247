// Rule sets written for the tests, one YAML file each in tests/data/rules/ (each says what it is
// for). They are loaded by absolute path: CMake passes the source tree's data directory as
// MELDGRAPH_TEST_DATA_DIR, so the tests find them from a clean clone and from any working
// directory (ctest runs them from the build tree).

#pragma once

#include <string>
#include <string_view>

#include "meldgraph/rules.hpp"

namespace meldgraph::test {

/// The path of tests/data/rules/NAME.yaml.
inline std::string rule_file(std::string_view name) {
  return std::string(MELDGRAPH_TEST_DATA_DIR) + "/rules/" + std::string(name) + ".yaml";
}

/// Loads tests/data/rules/NAME.yaml; the file's `name:` is NAME by convention.
inline RuleSet test_rules(std::string_view name) { return load_rules(rule_file(name)); }

}  // namespace meldgraph::test
