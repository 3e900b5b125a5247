#pragma once
/// Rule sets as meldgraph reads them: the loader (loader/loader.hpp) with every section reader
/// meldgraph ships, so that a rule file's `scoring:` section is read and checked with the rest.
/// The command line, the tests and programs that score load rules through these.

#include <span>
#include <string_view>

#include "meldgraph/loader/loader.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

/// Every section reader meldgraph ships: scoring's (scoring/scoring_rules.hpp).
[[nodiscard]] std::span<const SectionReader> shipped_sections();

/// load_rules (loader.hpp) with shipped_sections().
[[nodiscard]] RuleSet load_rules(std::string_view name_or_path);

/// load_rules_from_string (loader.hpp) with shipped_sections().
[[nodiscard]] RuleSet load_rules_from_string(std::string_view yaml, std::string_view origin);

}  // namespace meldgraph
