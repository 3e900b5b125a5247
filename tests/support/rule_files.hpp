// Rule sets written for the tests, one YAML file each in tests/data/rules/ (each says what it is
// for). They are loaded by absolute path: CMake passes the source tree's data directory as
// MELDGRAPH_TEST_DATA_DIR, so the tests find them from a clean clone and from any working
// directory (ctest runs them from the build tree).

#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include "meldgraph/model/rules.hpp"
#include "meldgraph/answers/rule_sets.hpp"

namespace meldgraph::test {

/// The path of tests/data/rules/NAME.yaml.
/// (Appended in steps: GCC 12 at -O1 warned falsely of array bounds on the one-expression form.)
inline std::string rule_file(std::string_view name) {
  std::string path = MELDGRAPH_TEST_DATA_DIR;
  path += "/rules/";
  path += name;
  path += ".yaml";
  return path;
}

/// Loads tests/data/rules/NAME.yaml; the file's `name:` is NAME by convention.
inline RuleSet test_rules(std::string_view name) {
  return load_rules(rule_file(name));
}

/// tests/data/rules/NAME.yaml when it exists, else the built-in rule set NAME; loaded once and
/// kept for the whole run (the references are slow enough without reloading rules per hand).
inline const RuleSet& rules_named(const std::string& name) {
  static std::map<std::string, RuleSet> cache;
  if (const auto found = cache.find(name); found != cache.end()) return found->second;
  const std::string file = rule_file(name);
  return cache.emplace(name, std::filesystem::exists(file) ? load_rules(file) : load_rules(name))
      .first->second;
}

}  // namespace meldgraph::test
