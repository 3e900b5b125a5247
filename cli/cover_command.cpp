/// `corpus cover` (docs/corpus.md, "corpus cover"): hands for every pattern of the rule set's
/// scoring, each a corpus line labelled with its pattern and its score, and a report of the
/// patterns covered, unreachable and not found.

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
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
#include "meldgraph/corpus/cover.hpp"
#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "output.hpp"
#include "word_option.hpp"

namespace meldgraph::cli {

namespace {

/// The labels of a cover line: score always, then those asked for.
std::vector<Label> cover_labels(const std::string& text) {
  std::vector<Label> labels = text.empty() ? std::vector<Label>{} : parse_labels(text);
  if (std::find(labels.begin(), labels.end(), Label::score) == labels.end()) {
    labels.push_back(Label::score);
  }
  std::sort(labels.begin(), labels.end());
  return labels;
}

/// `--report FILE`: the covered patterns, the unreachable ones with why, the ones not found.
void write_report(const std::string& path, const CoverResult& result,
                  const std::vector<Pattern>& patterns) {
  nlohmann::ordered_json report;
  report["covered"] = nlohmann::json::array();
  for (const std::size_t p : result.covered) report["covered"].push_back(patterns[p].id);
  report["unreachable"] = nlohmann::ordered_json::object();
  for (const auto& [p, why] : result.unreachable) report["unreachable"][patterns[p].id] = why;
  report["not_found"] = nlohmann::json::array();
  for (const std::size_t p : result.not_found) report["not_found"].push_back(patterns[p].id);
  report["attempts"] = result.attempts;
  report["budget_spent"] = result.budget_spent;
  std::ofstream file(path);
  file << report.dump() << '\n';
  if (!file.flush()) throw Error("--report: cannot write '" + path + "'");
}

/// `--pattern ID,...`: a mark per pattern, or none when not given. An id the rule set does not
/// have is an error naming it (with a likely one).
std::vector<bool> chosen_patterns(const std::string& text, const std::vector<Pattern>& patterns,
                                  const RuleSet& rules) {
  if (text.empty()) return {};
  std::vector<std::string_view> ids;
  for (const Pattern& pattern : patterns) ids.emplace_back(pattern.id);
  std::vector<bool> chosen(patterns.size(), false);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string id = text.substr(start, comma - start);
    const auto at = std::find(ids.begin(), ids.end(), id);
    if (at == ids.end()) {
      throw Error("--pattern: no pattern '" + id + "' in rule set '" + rules.name() + "'" +
                  rule_file::did_you_mean(id, ids));
    }
    chosen[static_cast<std::size_t>(at - ids.begin())] = true;
    start = comma + 1;
  }
  return chosen;
}

}  // namespace

CLI::App* add_cover_command(CLI::App* corpus, CoverCommandOptions& options) {
  CLI::App* cover = corpus->add_subcommand(
      "cover", "hands for every scoring pattern, each labelled with it and its score");
  cover->add_option("--per-pattern", options.per_pattern, "hands per pattern (default 1)")
      ->check(CLI::Range(1, 1000));
  cover->add_option("--seed", options.seed, "the search's seed (default 1)");
  add_word_option(cover, "--format", options.format, {"json", "csv"},
                  "output format: json lines (default) or csv, the pattern's column first");
  cover->add_option("--label", options.labels,
                    "answers written with each hand besides its score: win,forms,shanten,"
                    "interpretations");
  add_budget_option(cover, options.budget_ms, "the search (default 20000)");
  cover->add_option("--report", options.report,
                    "write the covered, unreachable and not found patterns to FILE (JSON)");
  cover
      ->add_option("--jobs", options.jobs, "worker threads (default 1); the output does not change")
      ->check(CLI::Range(1, kMaxJobs));
  cover->add_flag("--minimal", options.minimal,
                  "prefer hands where the pattern comes with the fewest others");
  cover->add_option("--pattern", options.patterns,
                    "only these patterns, by id (a comma list; default: every one)");
  cover->add_option("--shard", options.shard,
                    "part I of K of the patterns (I/K, 1 <= I <= K): the lines the whole run "
                    "writes for them");
  return cover;
}

int run_corpus_cover(const GlobalOptions& global, const CoverCommandOptions& options) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    const ScoringRules* scoring = scoring_rules(rules);
    if (scoring == nullptr) {
      throw Error("rule set '" + rules.name() + "' has no scoring section: no patterns to cover");
    }
    const std::vector<Label> labels = cover_labels(options.labels);
    RecordShape shape;
    shape.size = rules.hand_tiles();
    shape.context = true;
    shape.indicator = rules.wildcards().indicator.enabled;
    const Labeller labeller(rules, labels, shape);
    CoverOptions search;
    search.per_pattern = options.per_pattern;
    search.seed = options.seed;
    search.budget_ms = options.budget_ms == 0 ? CoverOptions{}.budget_ms : options.budget_ms;
    search.minimal = options.minimal;
    search.extra_wild = wild_choice(global, rules);
    search.jobs = options.jobs;
    const std::vector<Pattern>& patterns = scoring->patterns.patterns;
    const ShardRange part = shard_range(options.shard, patterns.size());
    search.first_pattern = static_cast<std::size_t>(part.begin);
    search.end_pattern = static_cast<std::size_t>(part.end);
    search.chosen = chosen_patterns(options.patterns, patterns, rules);
    const auto start = std::chrono::steady_clock::now();
    const CoverResult result = cover_patterns(rules, search);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    AnswerWorkspace workspace(rules);
    const StreamingOutput streaming;
    const bool csv = options.format == "csv";
    if (csv) std::cout << "pattern," << labeller.csv_header();
    std::size_t rank = 0;  // the hand's place among its pattern's
    for (std::size_t i = 0; i < result.hands.size(); ++i) {
      const CoverHand& found = result.hands[i];
      rank = i > 0 && result.hands[i - 1].pattern == found.pattern ? rank + 1 : 0;
      // The same index in any part of the patterns (`--shard`): the pattern's place, then the
      // hand's among its pattern's.
      const std::size_t index =
          found.pattern * static_cast<std::size_t>(options.per_pattern) + rank;
      const nlohmann::ordered_json record =
          labeller.label({index, found.hand, found.context, {}, found.indicator, 0}, workspace);
      if (csv) {
        std::string row;
        append_csv_field(patterns[found.pattern].id, row);
        std::cout << row << ',' << labeller.csv_row(record);
        output_checkpoint();
        continue;
      }
      nlohmann::ordered_json line;
      line["pattern"] = patterns[found.pattern].id;
      for (const auto& [key, value] : record.items()) line[key] = value;
      std::cout << line.dump() << '\n';
      output_checkpoint();
    }
    if (!options.report.empty()) write_report(options.report, result, patterns);
    std::cerr << "corpus cover: " << result.covered.size() << " of "
              << result.covered.size() + result.not_found.size() << " patterns covered ("
              << result.unreachable.size() << " unreachable), " << result.attempts
              << " hands tried in " << took.count() << " s"
              << (result.budget_spent ? ", the budget spent" : "") << '\n';
    for (const auto& [p, why] : result.unreachable) {
      std::cerr << "unreachable: " << patterns[p].id << ": " << why << '\n';
    }
    if (!result.not_found.empty()) {
      std::cerr << "not found:";
      for (const std::size_t p : result.not_found) std::cerr << ' ' << patterns[p].id;
      std::cerr << '\n';
    }
    return 0;
  });
}

}  // namespace meldgraph::cli
