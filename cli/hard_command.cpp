/// `corpus hard` (docs/corpus.md, "corpus hard"): hands where the reading matters, each a corpus
/// line with its kind, why it is hard, and its score with every reading.

#include <CLI/CLI.hpp>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "command_errors.hpp"
#include "corpus_commands.hpp"
#include "global_options.hpp"
#include "meldgraph/answers/corpus_labels.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/corpus/hard.hpp"
#include "meldgraph/model/error.hpp"
#include "output.hpp"
#include "word_option.hpp"

namespace meldgraph::cli {

namespace {

/// `--kind readings,slot`: the kinds named, in the order given; every kind when empty.
std::vector<HardKind> parse_kinds(const std::string& text) {
  std::vector<HardKind> kinds;
  std::size_t from = 0;
  while (from < text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string word = text.substr(from, comma - from);
    const std::optional<HardKind> kind = hard_kind(word);
    if (!kind) {
      throw Error("--kind " + text + ": unknown kind '" + word +
                  "'; the kinds are readings, slot, wildcards, forms, waits");
    }
    if (std::find(kinds.begin(), kinds.end(), *kind) == kinds.end()) kinds.push_back(*kind);
    from = comma + 1;
  }
  return kinds;
}

}  // namespace

CLI::App* add_hard_command(CLI::App* corpus, HardCommandOptions& options) {
  CLI::App* hard = corpus->add_subcommand(
      "hard", "hands where the reading matters, each with why and every reading's score");
  hard->add_option("--kind", options.kinds,
                   "kinds of hard hands: readings,slot,wildcards,forms,waits (default all)");
  hard->add_option("--count", options.count, "hands of each kind (default 10)")
      ->check(CLI::Range(1, 100'000));
  hard->add_option("--seed", options.seed, "the search's seed (default 1)");
  add_budget_option(hard, options.budget_ms, "the search (default 20000)");
  add_word_option(hard, "--format", options.format, {"json", "csv"},
                  "output format: json lines (default) or csv, the kind and why first");
  return hard;
}

int run_corpus_hard(const GlobalOptions& global, const HardCommandOptions& options) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    HardOptions search;
    search.kinds = parse_kinds(options.kinds);
    search.count = options.count;
    search.seed = options.seed;
    search.budget_ms = options.budget_ms == 0 ? HardOptions{}.budget_ms : options.budget_ms;
    search.extra_wild = wild_choice(global, rules);
    const auto start = std::chrono::steady_clock::now();
    const HardResult result = find_hard_hands(rules, search);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    RecordShape shape;
    shape.size = rules.hand_tiles();
    shape.context = true;
    shape.indicator = rules.wildcards().indicator.enabled && search.extra_wild == 0;
    const Labeller labeller(rules, {Label::score}, shape);
    AnswerWorkspace workspace(rules);
    const StreamingOutput streaming;
    const bool csv = options.format == "csv";
    if (csv) std::cout << "kind,why," << labeller.csv_header();
    for (std::size_t i = 0; i < result.hands.size(); ++i) {
      const HardHand& found = result.hands[i];
      const nlohmann::ordered_json record =
          labeller.label({i, found.hand, found.context, {}, found.indicator, 0}, workspace);
      if (csv) {
        std::string row = std::string(hard_kind_name(found.kind)) + ',';
        append_csv_field(found.why, row);
        std::cout << row << ',' << labeller.csv_row(record);
        output_checkpoint();
        continue;
      }
      nlohmann::ordered_json line;
      line["kind"] = std::string(hard_kind_name(found.kind));
      line["why"] = found.why;
      for (const auto& [key, value] : record.items()) line[key] = value;
      std::cout << line.dump() << '\n';
      output_checkpoint();
    }
    std::cerr << "corpus hard: " << result.hands.size() << " hands in " << result.attempts
              << " tried, " << took.count() << " s"
              << (result.budget_spent ? ", the budget spent" : "") << ';';
    for (std::size_t k = 0; k < kHardKinds; ++k) {
      std::cerr << ' ' << hard_kind_name(static_cast<HardKind>(k)) << ' ' << result.found[k];
    }
    std::cerr << '\n';
    return 0;
  });
}

}  // namespace meldgraph::cli
