/// `meldgraph graph` (docs/cli.md, "graph"): a hand's meld-decomposition graph as DOT or JSON.

#include <iostream>

#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/answers/json.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph::cli {

int run_graph(const GlobalOptions& global, const std::string& hand_text, OutputFormat format) {
  return guarded(hand_text, [&] {
    const RuleSet rules = load_selected_rules(global);
    const Decomposition decomposition(
        rules, parse_hand(hand_text, rules, wild_choice(global, rules), global.notation));
    std::cout << (format == OutputFormat::dot ? decomposition_to_dot(decomposition)
                                              : decomposition_to_json(decomposition) + "\n");
    return 0;
  });
}

}  // namespace meldgraph::cli
