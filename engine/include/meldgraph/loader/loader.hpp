#pragma once
/// Loading rule files into a RuleSet: a file or built-in name (with `extends:`), or YAML text.
/// The loader reads the model's sections (name, tiles, hand, wildcards, forms) itself; every other
/// top-level section is read by the SectionReader a layer above gives it (scoring's `scoring:`,
/// scoring/section.hpp), so that the model and the loader know nothing of what is built on them.
/// `load_rules(name)` of answers/rule_sets.hpp passes every reader meldgraph ships.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/loader/rule_tree.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tile_table.hpp"

namespace meldgraph {

/// The rule set used when none is named.
inline constexpr std::string_view kDefaultRules = "laizi";

/// What a section reader may consult: the tile table the rule set will hold (to resolve tile codes
/// and classes), the forms already read (a section may name one), the diagnostics every problem is
/// recorded in, and the place blamed when no key is.
struct SectionContext {
  const TileTable& tiles;
  const std::vector<FormSpec>& forms;
  rule_file::Diagnostics& diagnostics;
  const rule_file::Where& document;
};

/// The reader of one top-level section of rule files, given to the loader by the layer that owns
/// the section. Sections are read after the forms, in the order the readers are given, and only
/// when the model's sections read without a problem.
struct SectionReader {
  /// The top-level key (`scoring`).
  std::string_view key;
  /// Reads the section (`section` null when the rule file has no such key) into its frozen
  /// value, or null when there is none. Records each problem in `context.diagnostics` and goes
  /// on, so that a load reports every problem of a file. Null: the key is accepted and its
  /// section ignored (a program that reads only shapes loads every shipped rule set).
  std::shared_ptr<const RuleSection> (*read)(const SectionContext& context,
                                             const rule_file::Item* section) = nullptr;
  /// The section says when readings of `scored_only` forms win (FormSpec::scored_only): a rule
  /// file with such a form must have it.
  bool scores_forms = false;
};

/// Names of the rule sets compiled into the binary, sorted.
[[nodiscard]] std::vector<std::string> builtin_rule_names();

/// Loads a built-in rule set by name, or a rule file when `name_or_path` names a file (contains
/// '/' or ends in .yaml/.yml), reading the sections `sections` read. Throws RuleError naming file,
/// line and column of every problem; a top-level key no reader reads is one.
[[nodiscard]] RuleSet load_rules(std::string_view name_or_path,
                                 std::span<const SectionReader> sections);

/// Loads rules from YAML text; `origin` names it in errors. `extends:` may name built-in rule sets
/// or files relative to the current directory.
[[nodiscard]] RuleSet load_rules_from_string(std::string_view yaml, std::string_view origin,
                                             std::span<const SectionReader> sections);

/// The effective rules (after `extends:`) as a complete YAML document that loads back unchanged
/// with the same section readers: the model's sections, then each section's own (RuleSection).
[[nodiscard]] std::string dump_rules(const RuleSet& rules);

}  // namespace meldgraph
