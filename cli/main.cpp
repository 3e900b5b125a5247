/// meldgraph: analyse mahjong hands under rules written in YAML. This file is the command line's
/// grammar: each subcommand's options, read into the options of its run function (commands.hpp,
/// corpus_commands.hpp, stats_commands.hpp), and main(). Built at -O1 (cli/CMakeLists.txt), since
/// CLI11 is large and argument parsing is not hot.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "check.hpp"
#include "commands.hpp"
#include "corpus_commands.hpp"
#include "global_options.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/version.hpp"
#include "output.hpp"
#include "situation_options.hpp"
#include "stats_commands.hpp"
#include "word_option.hpp"

namespace {

using meldgraph::cli::add_word_option;
using meldgraph::cli::GlobalOptionTable;
using meldgraph::cli::joined;
using meldgraph::cli::OutputFormat;

/// A subcommand as registered: run() runs it once the command line is parsed, if it was given.
struct Command {
  const CLI::App* app = nullptr;
  std::function<int()> run;
};

/// Most realisations `analyze --realisations` lists per interpretation: enough to read, bounded
/// so that a mistyped count cannot print for hours.
constexpr std::uint64_t kMaxRealisationsListed = 100000;

OutputFormat output_format(const std::string& word) {
  return word == "json"  ? OutputFormat::json
         : word == "dot" ? OutputFormat::dot
                         : OutputFormat::text;
}

/// `analyze HAND`.
Command add_analyze_command(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* analyze = app.add_subcommand(
      "analyze", "win, forms and every interpretation; shanten and waits of a hand one tile short");
  auto options = std::make_shared<meldgraph::cli::AnalyzeOptions>();
  auto format = std::make_shared<std::string>("text");
  analyze
      ->add_option("hand", options->hand,
                   "hand in MPSZ notation, e.g. 111222333m456p11s (after '--' if it starts "
                   "with '-')")
      ->required();
  add_word_option(analyze, "--format", *format, {"text", "json"}, "output format");
  analyze->add_option("--limit", options->limit, "most interpretations to list (0: all)")
      ->check(meldgraph::cli::not_negative_count());
  analyze->add_flag("--best", options->best,
                    "the best reading alone, with the score's summary (no listing)");
  // No "0: all" here: an interpretation's realisations may run to 2^64.
  analyze
      ->add_option("--realisations", options->realisations,
                   "most realisations of wildcard-only groups to list per interpretation "
                   "(default 0: only their count, in JSON)")
      ->check(meldgraph::cli::not_negative_count())
      ->check(CLI::Range(std::uint64_t{0}, kMaxRealisationsListed));
  global.add_visible(analyze);
  global.add_notation(analyze);
  global.add_budget(analyze);
  auto situation = std::make_shared<meldgraph::cli::SituationOptions>(analyze);
  return {analyze, [&global, options, format, situation] {
            options->format = output_format(*format);
            return meldgraph::cli::run_analyze(global.parsed(), *options,
                                               situation->context_fields());
          }};
}

/// `explain HAND`.
Command add_explain_command(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* explain = app.add_subcommand(
      "explain", "for each reading and each scoring pattern: whether it counted, and why not");
  auto options = std::make_shared<meldgraph::cli::ExplainOptions>();
  auto format = std::make_shared<std::string>("text");
  explain
      ->add_option("hand", options->hand,
                   "a complete hand in MPSZ notation (after '--' if it starts with '-')")
      ->required();
  add_word_option(explain, "--format", *format, {"text", "json"}, "output format");
  explain->add_option("--limit", options->limit, "most readings to explain (0: all)")
      ->check(meldgraph::cli::not_negative_count());
  global.add_budget(explain);
  global.add_notation(explain);
  auto situation = std::make_shared<meldgraph::cli::SituationOptions>(explain);
  return {explain, [&global, options, format, situation] {
            options->format = output_format(*format);
            return meldgraph::cli::run_explain(global.parsed(), *options,
                                               situation->context_fields());
          }};
}

/// `advise HAND`.
Command add_advise_command(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* advise = app.add_subcommand(
      "advise", "which tile to discard: each discard's shanten, improving tiles and waits' value");
  auto options = std::make_shared<meldgraph::cli::AdviseOptions>();
  auto format = std::make_shared<std::string>("text");
  advise
      ->add_option("hand", options->hand,
                   "a hand of 3n+2 tiles (or 3n+1: each draw) in MPSZ notation (after '--' if "
                   "it starts with '-')")
      ->required();
  add_word_option(advise, "--format", *format, {"text", "json"}, "output format");
  advise->add_flag("--no-second-step", options->no_second_step,
                   "leave out the second step (the improving tiles after each improving draw), "
                   "the costly part of the advice");
  global.add_notation(advise);
  auto situation = std::make_shared<meldgraph::cli::SituationOptions>(advise);
  return {advise, [&global, options, format, situation] {
            options->format = output_format(*format);
            return meldgraph::cli::run_advise(global.parsed(), *options,
                                              situation->context_fields());
          }};
}

/// `batch --op NAME`.
Command add_batch_command(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* batch = app.add_subcommand("batch", "one hand per line in, one JSON object out");
  auto options = std::make_shared<meldgraph::cli::BatchOptions>();
  add_word_option(batch, "--op", options->op, meldgraph::builtin_analyzers().names(),
                  "the analyzer run on every line")
      ->required();
  batch->add_option("--input", options->input,
                    "file of hands, one per line (default: standard input)");
  batch->add_option("--limit", options->limit, "most interpretations to list per hand (0: all)")
      ->check(meldgraph::cli::not_negative_count());
  batch->add_flag("--best", options->best,
                  "score: the best reading's fields alone, without the listing of every reading");
  batch->add_option("--fields", options->fields,
                    "only these top-level fields of each answer, a comma list, e.g. "
                    "points,han,fu,patterns (a line's hand and error are always kept)");
  auto batch_format = std::make_shared<std::string>("json");
  add_word_option(batch, "--format", *batch_format, {"json", "csv"},
                  "json (one object per line) or csv (a header, then one row per line)");
  batch
      ->add_option("--jobs", options->jobs,
                   "worker threads (default 1); the output does not change")
      ->check(CLI::Range(1, meldgraph::cli::kMaxJobs));
  global.add_visible(batch);
  global.add_notation(batch);
  global.add_budget(batch);
  return {batch, [&global, options, batch_format] {
            options->csv = *batch_format == "csv";
            return meldgraph::cli::run_batch(global.parsed(), *options);
          }};
}

/// `bench --op NAME`.
Command add_bench_command(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* bench = app.add_subcommand("bench", "times a query over many hands; one JSON line");
  auto options = std::make_shared<meldgraph::cli::BenchOptions>();
  add_word_option(bench, "--op", options->op,
                  {"win", "waits", "shanten", "standard-shanten", "interpretations", "score",
                   "advise", "advise-first", "advise-loop"},
                  "the query timed (standard-shanten: the standard form alone; score: every "
                  "reading scored, random situations; advise: discard advice; advise-first: the "
                  "advice without its second step; advise-loop: the peer, standard-form shanten "
                  "of every discard and draw)")
      ->required();
  global.add_notation(bench);
  CLI::Option* input = bench->add_option("--input", options->input,
                                         "file of hands, one per line (default: generated hands)");
  bench->add_option("--repeat", options->repeat, "passes over the hands (default 1)")
      ->check(CLI::Range(1, 1'000'000));
  bench->add_option("--warmup", options->warmup, "untimed passes first (default 1)")
      ->check(CLI::Range(0, 1'000'000));
  bench
      ->add_option(
          "--count", options->count,
          "hands to generate (default " + std::to_string(meldgraph::cli::kBenchDefaultCount) + ")")
      ->check(CLI::Range(1, 100'000'000))
      ->excludes(input);
  bench
      ->add_option("--seed", options->seed,
                   "seed of the generated hands (default " +
                       std::to_string(meldgraph::cli::kBenchDefaultSeed) + ")")
      ->check(meldgraph::cli::not_negative_count())
      ->excludes(input);
  bench->add_option("--dump", options->dump,
                    "write the hands (score: JSON lines with their situations) to FILE instead of "
                    "timing them");
  return {bench,
          [&global, options] { return meldgraph::cli::run_bench(global.parsed(), *options); }};
}

/// `check`.
Command add_check_command(CLI::App& app, GlobalOptionTable& global) {
  using meldgraph::cli::CheckOp;
  CLI::App* check = app.add_subcommand(
      "check", "the lookup-table queries against the exact search on random hands");
  auto options = std::make_shared<meldgraph::cli::CheckOptions>();
  auto ops = std::make_shared<std::vector<std::string>>(
      std::vector<std::string>{"win", "waits", "shanten", "interpretations"});
  const std::vector<std::string> words{"win", "waits", "shanten", "interpretations"};
  check->add_option("--op", *ops, "operations compared, comma-separated (default: all)")
      ->type_name(joined(words, "|"))
      ->check(CLI::Validator(
          [words](const std::string& value) {
            return std::find(words.begin(), words.end(), value) != words.end()
                       ? std::string()
                       : "'" + value + "' is not one of " + joined(words, ", ");
          },
          ""))
      ->delimiter(',');
  check->add_option("--count", options->count, "hands per operation (default 100000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}));
  check->add_option("--seed", options->seed, "seed of the hands (default 1)")
      ->check(meldgraph::cli::not_negative_count());
  check
      ->add_option("--max-wildcards", options->max_wildcards, "most wildcards per hand (default 8)")
      ->check(CLI::Range(0, 17));
  check->add_option("--jobs", options->jobs, "worker threads (default 1)")
      ->check(CLI::Range(1, meldgraph::cli::kMaxJobs));
  return {check, [&global, options, ops] {
            for (const std::string& name : *ops) {
              options->ops.push_back(name == "win"       ? CheckOp::win
                                     : name == "waits"   ? CheckOp::waits
                                     : name == "shanten" ? CheckOp::shanten
                                                         : CheckOp::interpretations);
            }
            return meldgraph::cli::run_check(global.parsed(), *options);
          }};
}

/// `graph HAND`.
Command add_graph_command(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* graph = app.add_subcommand("graph", "the meld-decomposition graph");
  auto options = std::make_shared<meldgraph::cli::GraphOptions>();
  auto format = std::make_shared<std::string>("dot");
  graph->add_option("hand", options->hand, "hand in MPSZ notation")->required();
  add_word_option(graph, "--format", *format, {"dot", "json"}, "output format");
  graph->add_option("--form", options->form, "the graph of this form alone (e.g. standard)");
  graph->add_option("--output-dir", options->output_dir,
                    "one file per form the hand matches, DIR/FORM.dot (or .json), named on "
                    "standard output");
  global.add_notation(graph);
  return {graph, [&global, options, format] {
            options->format = output_format(*format);
            return meldgraph::cli::run_graph(global.parsed(), *options);
          }};
}

/// `diff --engine CMD`.
Command add_diff_command(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* diff = app.add_subcommand("diff", "another engine's answers against meldgraph's");
  auto options = std::make_shared<meldgraph::cli::DiffOptions>();
  diff->add_option("--engine", options->engine,
                   "the other engine: a command reading a batch line and writing a JSON line")
      ->required();
  add_word_option(diff, "--op", options->op, {"score", "win", "waits", "shanten"},
                  "the question asked (default score)");
  diff->add_option("--input", options->input, "the corpus (default: standard input)");
  diff->add_option("--field", options->field,
                   "the field compared, a dotted path (default: points, win, waits, shanten)");
  add_word_option(diff, "--format", options->format, {"text", "json"}, "report format");
  diff->add_option("--timeout-ms", options->timeout_ms,
                   "the most a reply is waited for (default 10000)")
      ->check(CLI::Range(1, 3'600'000));
  diff->add_option("--examples", options->examples, "examples shown per pattern (default 3)")
      ->check(CLI::Range(0, 1000));
  return {diff, [&global, options] { return meldgraph::cli::run_diff(global.parsed(), *options); }};
}

/// `corpus enumerate` and `corpus deal` (corpus_options.cpp), `corpus cover` (cover_command.cpp),
/// `corpus hard` (hard_command.cpp).
std::vector<Command> add_corpus_subcommands(CLI::App& app, GlobalOptionTable& global) {
  auto options = std::make_shared<meldgraph::cli::CorpusOptions>();
  auto cover = std::make_shared<meldgraph::cli::CoverCommandOptions>();
  auto hard = std::make_shared<meldgraph::cli::HardCommandOptions>();
  const meldgraph::cli::CorpusCommands corpus = meldgraph::cli::add_corpus_commands(app, *options);
  return {
      {corpus.enumerate,
       [&global, options] {
         return meldgraph::cli::run_corpus_enumerate(global.parsed(), *options);
       }},
      {corpus.deal,
       [&global, options] { return meldgraph::cli::run_corpus_deal(global.parsed(), *options); }},
      {meldgraph::cli::add_cover_command(corpus.corpus, *cover),
       [&global, cover] { return meldgraph::cli::run_corpus_cover(global.parsed(), *cover); }},
      {meldgraph::cli::add_hard_command(corpus.corpus, *hard),
       [&global, hard] { return meldgraph::cli::run_corpus_hard(global.parsed(), *hard); }}};
}

/// `stats` (stats_options.cpp).
Command add_stats_command(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* stats = app.add_subcommand(
      "stats", "shanten, win, ready, waits and score statistics of dealt hands or a corpus");
  auto options = std::make_shared<meldgraph::cli::StatsCommandOptions>();
  meldgraph::cli::add_stats_options(*stats, *options);
  return {stats,
          [&global, options] { return meldgraph::cli::run_stats(global.parsed(), *options); }};
}

/// `rules list`, `rules check FILE` and `rules dump [NAME]`.
std::vector<Command> add_rules_commands(CLI::App& app, GlobalOptionTable& global) {
  CLI::App* rules = app.add_subcommand("rules", "list, check and dump rule sets");
  rules->require_subcommand(1);
  auto name = std::make_shared<std::string>();
  CLI::App* list = rules->add_subcommand("list", "the built-in rule sets");
  CLI::App* check = rules->add_subcommand("check", "validate a rule file");
  check->add_option("file", *name, "rule file or built-in name")->required();
  CLI::App* dump = rules->add_subcommand("dump", "the effective rules, extends resolved");
  dump->add_option("name", *name, "built-in name or rule file (default: --rules)");
  return {{list, [] { return meldgraph::cli::run_rules_list(); }},
          {check, [name] { return meldgraph::cli::run_rules_check(*name); }},
          {dump, [&global, name] {
             return meldgraph::cli::run_rules_dump(name->empty() ? global.parsed().rules : *name);
           }}};
}

/// After a usage error: an argument that starts with a single '-' (no option of meldgraph is
/// one letter but -h) was taken for an option; it may be a hand. Names it and the way to pass it.
void hint_dash_hand(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") return;
    if (arg.size() > 1 && arg[0] == '-' && arg[1] != '-' && arg != "-h") {
      std::cerr << "meldgraph: error: '" << arg
                << "' starts with '-' and was read as an option; a hand that starts with '-' is "
                   "written after '--' (meldgraph analyze -- "
                << arg << ")\n";
      return;
    }
  }
}

/// CLI11's usage errors with the prefix of every error meldgraph reports.
std::string usage_failure(const CLI::App* /*app*/, const CLI::Error& error) {
  return std::string("meldgraph: error: ") + error.what() +
         "\nRun with --help for more information.\n";
}

/// Parses the command line into `app`; on a usage error (or `--help`) returns the exit code
/// after CLI11's message, else nothing.
std::optional<int> parse(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    // A hand taken for an option leaves the hand missing or an argument unexpected; other errors
    // (`--limit -1`) are about an option's value, not a hand.
    const bool hand_missing = dynamic_cast<const CLI::RequiredError*>(&error) != nullptr ||
                              dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr;
    if (code != 0 && hand_missing) hint_dash_hand(argc, argv);
    return code == 0 ? 0 : 2;
  }
  return std::nullopt;
}

int run(int argc, char** argv) {
  CLI::App app{"meldgraph: every interpretation of a mahjong hand, under rules written in YAML"};
  app.require_subcommand(1);
  // Options of the command line as a whole (--rules, --wild, --indicator, ...) are accepted after
  // the command too, as people type them: `meldgraph analyze HAND --rules riichi`. Subcommands
  // inherit this, so nested ones (`corpus deal`, `rules dump`) pass them up as well.
  app.fallthrough();
  app.failure_message(usage_failure);
  app.set_version_flag("--version", "meldgraph " + std::string(meldgraph::version()));
  GlobalOptionTable global(app);
  std::vector<Command> commands{add_analyze_command(app, global), add_explain_command(app, global),
                                add_advise_command(app, global),  add_batch_command(app, global),
                                add_bench_command(app, global),   add_check_command(app, global),
                                add_graph_command(app, global),   add_diff_command(app, global)};
  for (Command& command : add_corpus_subcommands(app, global))
    commands.push_back(std::move(command));
  commands.push_back(add_stats_command(app, global));
  for (Command& command : add_rules_commands(app, global)) commands.push_back(std::move(command));
  if (const std::optional<int> code = parse(app, argc, argv)) return *code;
  for (const Command& command : commands) {
    if (command.app->parsed()) return command.run();
  }
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // Subcommands report bad input themselves; this catches what should never happen, so that the
  // process still ends with a message and a non-zero status instead of an abort.
  meldgraph::cli::install_stop_handlers();
  // Nothing here writes through C stdio: unsynchronised streams read and write through their own
  // buffers (reading standard input a character at a time through stdio took ~30 ns a byte).
  std::ios::sync_with_stdio(false);
  // Nor is std::cout flushed before each read of std::cin (the tie would write every answer of a
  // batch in a system call of its own): read_input_line flushes it when a read may wait.
  std::cin.tie(nullptr);
  const meldgraph::cli::StandardBuffers buffers;
  try {
    return meldgraph::cli::finish_output(run(argc, argv));
  } catch (const meldgraph::cli::StopRequested&) {
    return meldgraph::cli::finish_output(0);
  } catch (const meldgraph::cli::OutputError& failure) {
    return meldgraph::cli::output_error_status(failure);
  } catch (const std::exception& error) {
    std::cerr << "meldgraph: internal error: " << error.what() << '\n';
  } catch (...) {
    std::cerr << "meldgraph: internal error\n";
  }
  return 3;
}
