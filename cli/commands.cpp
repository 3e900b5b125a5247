#include "commands.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "meldgraph/analyzers/analyzer.hpp"
#include "meldgraph/decomposition.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"

namespace meldgraph::cli {
namespace {

RuleSet load_selected_rules(const GlobalOptions& global) {
  return load_rules(global.rules.empty() ? std::string(kDefaultRules) : global.rules);
}

TileMask wild_choice(const GlobalOptions& global, const RuleSet& rules) {
  if (global.wild.empty()) return 0;
  try {
    return parse_wild_choice(global.wild, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--wild: ") + error.what());
  }
}

/// Prints a hand error with a caret under the column it names.
void report_hand_error(const std::string& hand, const NotationError& error) {
  std::cerr << "meldgraph: error: " << error.what() << "\n  " << hand << "\n  ";
  // Columns count characters; the caret line repeats the hand's multi-byte characters' widths
  // as single spaces, which is right for the ASCII hands the notation accepts.
  std::cerr << std::string(static_cast<std::size_t>(std::max(0, error.column() - 1)), ' ')
            << "^\n";
}

/// Runs `body`, turning meldgraph's input errors into a message and exit code 1.
template <class Body>
int guarded(const std::string& hand, Body&& body) {
  try {
    return body();
  } catch (const NotationError& error) {
    report_hand_error(hand, error);
  } catch (const Error& error) {
    std::cerr << "meldgraph: error: " << error.what() << '\n';
  }
  return 1;
}

std::string trim(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  const auto last = line.find_last_not_of(" \t\r");
  return line.substr(first, last - first + 1);
}

}  // namespace

int run_analyze(const GlobalOptions& global, const std::string& hand_text, OutputFormat format,
                std::uint64_t limit) {
  return guarded(hand_text, [&] {
    const RuleSet rules = load_selected_rules(global);
    const HandAnalysis analysis(rules, parse_hand(hand_text, rules, wild_choice(global, rules)));
    const AnalyzerRegistry registry = builtin_analyzers();
    AnalyzerOptions options;
    options.limit = limit;
    const auto win = registry.create("win", rules, options);
    const auto interpretations = registry.create("interpretations", rules, options);
    const Hand& hand = analysis.hand();
    (void)analysis.decomposition();  // a hand that cannot be analysed fails before any output
    if (format == OutputFormat::json) {
      nlohmann::json out = {{"hand", format_hand(hand, rules)}, {"rules", rules.name()}};
      win->write_json(analysis, out);
      interpretations->write_json(analysis, out);
      std::cout << out.dump(2) << '\n';
      return 0;
    }
    std::cout << "rules            " << rules.name() << '\n'
              << "hand             " << format_hand(hand, rules) << "  "
              << format_hand_unicode(hand, rules) << '\n'
              << "tiles            " << hand.size(rules) << " (wildcards "
              << hand.wildcard_count() << ")\n";
    win->write_text(analysis, std::cout);
    interpretations->write_text(analysis, std::cout);
    return 0;
  });
}

int run_batch(const GlobalOptions& global, const std::string& op, const std::string& input,
              std::uint64_t limit) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    const TileMask wild = wild_choice(global, rules);
    AnalyzerOptions options;
    options.limit = limit;
    const auto analyzer = builtin_analyzers().create(op, rules, options);
    std::ifstream file;
    if (!input.empty() && input != "-") {
      file.open(input);
      if (!file) throw Error("cannot open input file '" + input + "'");
    }
    std::istream& in = file.is_open() ? static_cast<std::istream&>(file) : std::cin;
    std::string line;
    while (std::getline(in, line)) {
      const std::string hand_text = trim(line);
      if (hand_text.empty() || hand_text.front() == '#') continue;
      nlohmann::json out = {{"hand", hand_text}};
      try {
        const HandAnalysis analysis(rules, parse_hand(hand_text, rules, wild));
        analyzer->write_json(analysis, out);
      } catch (const Error& error) {
        out = {{"hand", hand_text}, {"error", error.what()}};
      }
      std::cout << out.dump() << '\n';
    }
    return 0;
  });
}

int run_graph(const GlobalOptions& global, const std::string& hand_text, OutputFormat format) {
  return guarded(hand_text, [&] {
    const RuleSet rules = load_selected_rules(global);
    const Decomposition decomposition(rules,
                                      parse_hand(hand_text, rules, wild_choice(global, rules)));
    std::cout << (format == OutputFormat::dot ? decomposition_to_dot(decomposition)
                                              : decomposition_to_json(decomposition) + "\n");
    return 0;
  });
}

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
