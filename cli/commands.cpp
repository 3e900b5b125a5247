#include "commands.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "meldgraph/analyzers/analyzer.hpp"
#include "meldgraph/decomposition.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/shanten.hpp"

namespace meldgraph::cli {
namespace {

RuleSet load_selected_rules(const GlobalOptions& global) {
  return load_rules(global.rules.empty() ? std::string(kDefaultRules) : global.rules);
}

/// The wildcard tiles chosen for the hands: `--wild` and the tile `--indicator` points to.
TileMask wild_choice(const GlobalOptions& global, const RuleSet& rules) {
  TileMask wild = 0;
  try {
    if (!global.wild.empty()) wild |= parse_wild_choice(global.wild, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--wild: ") + error.what());
  }
  try {
    if (!global.indicator.empty()) wild |= parse_indicator(global.indicator, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--indicator: ") + error.what());
  }
  return wild;
}

/// Reads `--visible` into the analyzer options.
void read_visible(const GlobalOptions& global, const RuleSet& rules, AnalyzerOptions& options) {
  if (!global.has_visible) return;
  try {
    options.visible = parse_visible(global.visible, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--visible: ") + error.what());
  }
  options.has_visible = true;
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
    read_visible(global, rules, options);
    const Hand& hand = analysis.hand();
    const int size = hand.size(rules);
    if (size % 3 == 0) {
      throw AnalysisError("hand holds " + std::to_string(size) +
                          " tiles; analyze needs a complete hand of 3n+2 tiles or a hand of 3n+1 "
                          "tiles, one short");
    }
    const bool complete_size = size % 3 == 2;
    // Everything is computed before anything is printed, so a hand that cannot be analysed fails
    // with its error alone.
    const bool wins = complete_size && analysis.decomposition().wins();
    const auto shanten = registry.create("shanten", rules, options);
    if (format == OutputFormat::json) {
      nlohmann::json out = {{"hand", format_hand(hand, rules)}, {"rules", rules.name()}};
      if (complete_size) {
        registry.create("win", rules, options)->write_json(analysis, out);
        registry.create("interpretations", rules, options)->write_json(analysis, out);
      } else {
        out["tiles"] = size;
        out["wildcards"] = hand.wildcard_count();
      }
      if (!wins) {
        // "by_form" is taken by the interpretation counts: shanten by form is "shanten_by_form".
        nlohmann::json fields = nlohmann::json::object();
        shanten->write_json(analysis, fields);
        out["shanten"] = fields["shanten"];
        out["shanten_by_form"] = fields["by_form"];
        if (fields.contains("improving")) out["improving"] = fields["improving"];
      }
      if (!complete_size) registry.create("waits", rules, options)->write_json(analysis, out);
      std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
      return 0;
    }
    std::ostringstream text;
    text << "rules            " << rules.name() << '\n'
         << "hand             " << format_hand(hand, rules) << "  "
         << format_hand_unicode(hand, rules) << '\n'
         << "tiles            " << size << " (wildcards " << hand.wildcard_count() << ")\n";
    if (complete_size) {
      registry.create("win", rules, options)->write_text(analysis, text);
      if (!wins) shanten->write_text(analysis, text);
      registry.create("interpretations", rules, options)->write_text(analysis, text);
    } else {
      shanten->write_text(analysis, text);
      registry.create("waits", rules, options)->write_text(analysis, text);
    }
    std::cout << text.str();
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
    read_visible(global, rules, options);
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
      // Input lines are not trusted to be UTF-8: bad bytes become U+FFFD, the batch goes on.
      std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
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
