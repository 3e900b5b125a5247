/// `meldgraph graph` (docs/cli.md, "graph"): a hand's meld-decomposition graph as DOT or JSON,
/// every form's in one output, one form's (`--form`), or one file per form (`--output-dir`).

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/answers/json.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph::cli {

namespace {

/// The index of the form named `name`, or Error listing the rule set's forms.
std::size_t form_named(const RuleSet& rules, const std::string& name) {
  std::string names;
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    if (rules.forms()[f].name == name) return f;
    names += (names.empty() ? "" : ", ") + rules.forms()[f].name;
  }
  throw Error("--form: rule set '" + rules.name() + "' has no form '" + name + "'; its forms are " +
              names);
}

/// The graph of `form` (all forms when none) in `format`.
std::string graph_text(const Decomposition& decomposition, OutputFormat format,
                       std::optional<std::size_t> form) {
  return format == OutputFormat::dot ? decomposition_to_dot(decomposition, form)
                                     : decomposition_to_json(decomposition, form) + "\n";
}

/// One file per form the hand matches, `DIR/FORM.dot` (or `.json`), each named on standard
/// output; returns how many were written.
int write_form_files(const Decomposition& decomposition, OutputFormat format,
                     const std::string& directory) {
  const RuleSet& rules = decomposition.rules();
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) throw Error("--output-dir: cannot create '" + directory + "': " + error.message());
  int written = 0;
  for (const FormGraph& graph : decomposition.graphs()) {
    if (graph.empty()) continue;
    const std::string name = rules.forms()[graph.form()].name;
    const std::filesystem::path path = std::filesystem::path(directory) /
                                       (name + (format == OutputFormat::dot ? ".dot" : ".json"));
    std::ofstream file(path);
    file << graph_text(decomposition, format, graph.form());
    if (!file.flush()) throw Error("--output-dir: writing '" + path.string() + "' failed");
    std::cout << path.string() << '\n';
    ++written;
  }
  return written;
}

}  // namespace

int run_graph(const GlobalOptions& global, const GraphOptions& options) {
  return guarded(options.hand, [&] {
    const RuleSet rules = load_selected_rules(global);
    const Decomposition decomposition(
        rules, parse_hand(options.hand, rules, wild_choice(global, rules), global.notation));
    std::optional<std::size_t> form;
    if (!options.form.empty()) form = form_named(rules, options.form);
    if (!options.output_dir.empty()) {
      if (form) throw Error("--form and --output-dir: give one of them");
      if (write_form_files(decomposition, options.format, options.output_dir) == 0) {
        throw Error("the hand matches no form: no graph to write");
      }
      return 0;
    }
    std::cout << graph_text(decomposition, options.format, form);
    return 0;
  });
}

}  // namespace meldgraph::cli
