/// `meldgraph rules list|check|dump` (docs/rules.md): the built-in rule sets, a rule file
/// checked, the effective rules with `extends` resolved.

#include <iostream>

#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/loader/loader.hpp"

namespace meldgraph::cli {

int run_rules_list() {
  return guarded("", [&] {
    for (const std::string& name : builtin_rule_names()) {
      const RuleSet rules = load_rules(name);
      std::cout << name << (name == kDefaultRules ? " (default)" : "") << "\t"
                << rules.description() << '\n';
    }
    return 0;
  });
}

int run_rules_check(const std::string& file) {
  return guarded("", [&] {
    const RuleSet rules = load_rules(file);
    std::string forms;
    for (const FormSpec& form : rules.forms()) {
      if (form.enabled) forms += (forms.empty() ? "" : ", ") + form.name;
      if (form.scored_only) forms += (forms.empty() ? "" : ", ") + form.name + " (scored only)";
    }
    std::cout << "ok: rule set '" << rules.name() << "' from " << rules.source() << ": "
              << int{rules.tile_count()} << " tile kinds, hand of " << int{rules.hand_tiles()}
              << " tiles, forms " << forms << '\n';
    return 0;
  });
}

int run_rules_dump(const std::string& name) {
  return guarded("", [&] {
    std::cout << dump_rules(load_rules(name.empty() ? std::string(kDefaultRules) : name));
    return 0;
  });
}

}  // namespace meldgraph::cli
