/// meldgraph: analyse mahjong hands under rules written in YAML.

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "check.hpp"
#include "commands.hpp"

namespace {

int run(int argc, char** argv) {
  using meldgraph::cli::OutputFormat;
  CLI::App app{"meldgraph: every interpretation of a mahjong hand, under rules written in YAML"};
  app.require_subcommand(1);
  meldgraph::cli::GlobalOptions global;
  app.add_option("--rules", global.rules, "built-in rule set name or rule file (default: laizi)");
  app.add_option("--wild", global.wild, "wildcard tiles chosen for this hand, e.g. 5m")
      ->type_name("TILES");
  app.add_option("--indicator", global.indicator,
                 "indicator tile: the next tile in its cycle is wild, e.g. 4m makes 5m wild")
      ->type_name("TILE");
  // Tiles seen elsewhere; accepted before the command or after `analyze` / `batch`.
  std::vector<CLI::Option*> visible_options;
  const auto add_visible = [&](CLI::App* command) {
    visible_options.push_back(
        command
            ->add_option("--visible", global.visible,
                         "tiles seen elsewhere, e.g. 1m1m5z: waits count the copies left")
            ->type_name("TILES"));
  };
  add_visible(&app);
  const std::map<std::string, meldgraph::cli::AnswerSource> answer_sources{
      {"auto", meldgraph::cli::AnswerSource::automatic},
      {"tables", meldgraph::cli::AnswerSource::tables},
      {"search", meldgraph::cli::AnswerSource::search}};
  app.add_option("--answers-from", global.answers_from,
                 "analyze and batch take win, shanten and waits from: auto (the search for one "
                 "hand and a batch's first 20000 lines, then the lookup tables), tables or "
                 "search; the answers are the same")
      ->transform(CLI::CheckedTransformer(answer_sources, CLI::ignore_case));

  const std::map<std::string, OutputFormat> text_json{{"text", OutputFormat::text},
                                                      {"json", OutputFormat::json}};
  const std::map<std::string, OutputFormat> dot_json{{"dot", OutputFormat::dot},
                                                     {"json", OutputFormat::json}};

  std::string hand;
  OutputFormat format = OutputFormat::text;
  std::uint64_t limit = 1000;
  // CLI11 would read "-1" into an unsigned count as a huge number.
  const CLI::Validator not_negative(
      [](const std::string& text) {
        return text.find('-') == std::string::npos ? std::string()
                                                   : std::string("must not be negative");
      },
      "COUNT");

  CLI::App* analyze = app.add_subcommand(
      "analyze", "win, forms and every interpretation; shanten and waits of a hand one tile short");
  analyze->add_option("hand", hand, "hand in MPSZ notation, e.g. 111222333m456p11s")->required();
  analyze->add_option("--format", format, "text or json")
      ->transform(CLI::CheckedTransformer(text_json, CLI::ignore_case));
  analyze->add_option("--limit", limit, "most interpretations to list (0: all)")
      ->check(not_negative);
  add_visible(analyze);

  std::string op;
  std::string input;
  CLI::App* batch = app.add_subcommand("batch", "one hand per line in, one JSON object out");
  batch->add_option("--op", op, "win, interpretations, waits or shanten")->required();
  batch->add_option("--input", input, "file of hands, one per line (default: standard input)");
  batch->add_option("--limit", limit, "most interpretations to list per hand (0: all)")
      ->check(not_negative);
  int jobs = 1;
  batch->add_option("--jobs", jobs, "worker threads (default 1); the output does not change")
      ->check(CLI::Range(1, meldgraph::cli::kMaxJobs));
  add_visible(batch);

  meldgraph::cli::BenchOptions bench_options;
  CLI::App* bench = app.add_subcommand("bench", "times a query over many hands; one JSON line");
  bench
      ->add_option("--op", bench_options.op,
                   "win, waits, shanten, standard-shanten (the standard form alone) or "
                   "interpretations")
      ->required()
      ->check(CLI::IsMember({"win", "waits", "shanten", "standard-shanten", "interpretations"}));
  CLI::Option* bench_input = bench->add_option(
      "--input", bench_options.input, "file of hands, one per line (default: generated hands)");
  bench->add_option("--repeat", bench_options.repeat, "passes over the hands (default 1)")
      ->check(CLI::Range(1, 1'000'000));
  bench->add_option("--warmup", bench_options.warmup, "untimed passes first (default 1)")
      ->check(CLI::Range(0, 1'000'000));
  bench
      ->add_option(
          "--count", bench_options.count,
          "hands to generate (default " + std::to_string(meldgraph::cli::kBenchDefaultCount) + ")")
      ->check(CLI::Range(1, 100'000'000))
      ->excludes(bench_input);
  bench
      ->add_option("--seed", bench_options.seed,
                   "seed of the generated hands (default " +
                       std::to_string(meldgraph::cli::kBenchDefaultSeed) + ")")
      ->check(not_negative)
      ->excludes(bench_input);

  meldgraph::cli::CheckOptions check_options;
  std::vector<std::string> check_ops{"win", "waits", "shanten", "interpretations"};
  CLI::App* check = app.add_subcommand(
      "check", "the lookup-table queries against the exact search on random hands");
  check->add_option("--op", check_ops, "win, waits, shanten and/or interpretations (default: all)")
      ->check(CLI::IsMember({"win", "waits", "shanten", "interpretations"}))
      ->delimiter(',');
  check->add_option("--count", check_options.count, "hands per operation (default 100000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}));
  check->add_option("--seed", check_options.seed, "seed of the hands (default 1)")
      ->check(not_negative);
  check
      ->add_option("--max-wildcards", check_options.max_wildcards,
                   "most wildcards per hand (default 8)")
      ->check(CLI::Range(0, 17));
  check->add_option("--jobs", check_options.jobs, "worker threads (default 1)")
      ->check(CLI::Range(1, meldgraph::cli::kMaxJobs));

  OutputFormat graph_format = OutputFormat::dot;
  CLI::App* graph = app.add_subcommand("graph", "the meld-decomposition graph");
  graph->add_option("hand", hand, "hand in MPSZ notation")->required();
  graph->add_option("--format", graph_format, "dot or json")
      ->transform(CLI::CheckedTransformer(dot_json, CLI::ignore_case));

  std::string rules_arg;
  CLI::App* rules = app.add_subcommand("rules", "list, check and dump rule sets");
  rules->require_subcommand(1);
  CLI::App* rules_list = rules->add_subcommand("list", "the built-in rule sets");
  CLI::App* rules_check = rules->add_subcommand("check", "validate a rule file");
  rules_check->add_option("file", rules_arg, "rule file or built-in name")->required();
  CLI::App* rules_dump = rules->add_subcommand("dump", "the effective rules, extends resolved");
  rules_dump->add_option("name", rules_arg, "built-in name or rule file (default: --rules)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;
  }

  for (const CLI::Option* option : visible_options) {
    if (option->count() > 0) global.has_visible = true;
  }
  if (analyze->parsed()) return meldgraph::cli::run_analyze(global, hand, format, limit);
  if (batch->parsed()) return meldgraph::cli::run_batch(global, op, input, limit, jobs);
  if (bench->parsed()) return meldgraph::cli::run_bench(global, bench_options);
  if (check->parsed()) {
    for (const std::string& name : check_ops) {
      using meldgraph::cli::CheckOp;
      check_options.ops.push_back(name == "win"       ? CheckOp::win
                                  : name == "waits"   ? CheckOp::waits
                                  : name == "shanten" ? CheckOp::shanten
                                                      : CheckOp::interpretations);
    }
    return meldgraph::cli::run_check(global, check_options);
  }
  if (graph->parsed()) return meldgraph::cli::run_graph(global, hand, graph_format);
  if (rules_list->parsed()) return meldgraph::cli::run_rules_list();
  if (rules_check->parsed()) return meldgraph::cli::run_rules_check(rules_arg);
  if (rules_dump->parsed()) {
    return meldgraph::cli::run_rules_dump(rules_arg.empty() ? global.rules : rules_arg);
  }
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // Subcommands report bad input themselves; this catches what should never happen, so that the
  // process still ends with a message and a non-zero status instead of an abort.
  try {
    return run(argc, argv);
  } catch (const std::exception& error) {
    std::cerr << "meldgraph: internal error: " << error.what() << '\n';
  } catch (...) {
    std::cerr << "meldgraph: internal error\n";
  }
  return 3;
}
