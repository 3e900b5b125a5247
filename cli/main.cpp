/// meldgraph: analyse mahjong hands under rules written in YAML.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check.hpp"
#include "commands.hpp"
#include "corpus_commands.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "output.hpp"
#include "stats_commands.hpp"
#include "word_option.hpp"

namespace {

using meldgraph::cli::add_word_option;
using meldgraph::cli::joined;

/// Most realisations `analyze --realisations` lists per interpretation: enough to read, bounded
/// so that a mistyped count cannot print for hours.
constexpr std::uint64_t kMaxRealisationsListed = 100000;

/// After a usage error: an argument that looks like a hand but starts with '-' was taken for an
/// option. Names it and the way to pass it.
void hint_dash_hand(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") return;
    if (arg.size() > 1 && arg[0] == '-' && arg[1] != '-' &&
        std::string_view("0123456789*[(").find(arg[1]) != std::string_view::npos) {
      std::cerr << "meldgraph: '" << arg
                << "' starts with '-' and was read as an option; a hand that starts with '-' is "
                   "written after '--' (meldgraph analyze -- "
                << arg << ")\n";
      return;
    }
  }
}

int run(int argc, char** argv) {
  using meldgraph::cli::OutputFormat;
  CLI::App app{"meldgraph: every interpretation of a mahjong hand, under rules written in YAML"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("meldgraph ") + MELDGRAPH_VERSION);
  meldgraph::cli::GlobalOptions global;
  meldgraph::cli::add_rules_options(app, global);
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
  std::string answers_from = "auto";
  add_word_option(&app, "--answers-from", answers_from, {"auto", "tables", "search"},
                  "analyze and batch take win, shanten and waits from: auto (the search for one "
                  "hand; a batch builds the lookup tables on a thread of its own and answers "
                  "from the search until they are ready), tables or search; the answers are "
                  "the same");
  // The notation hands are written in; accepted before the command or after those reading hands.
  std::string notation = "meldgraph";
  const auto add_notation = [&](CLI::App* command) {
    add_word_option(command, "--notation", notation, {"meldgraph", "majiang", "tenhou"},
                    "how hands are written: meldgraph (default), majiang (majiang-core's "
                    "m345p40677s67s8,m34-0) or tenhou (plain MPSZ)");
  };
  add_notation(&app);

  std::string hand;
  std::string format = "text";
  std::uint64_t limit = 1000;
  const CLI::Validator& not_negative = meldgraph::cli::not_negative_count();

  CLI::App* analyze = app.add_subcommand(
      "analyze", "win, forms and every interpretation; shanten and waits of a hand one tile short");
  analyze
      ->add_option("hand", hand,
                   "hand in MPSZ notation, e.g. 111222333m456p11s (after '--' if it starts "
                   "with '-')")
      ->required();
  add_word_option(analyze, "--format", format, {"text", "json"}, "output format");
  analyze->add_option("--limit", limit, "most interpretations to list (0: all)")
      ->check(not_negative);
  // No "0: all" here: an interpretation's realisations may run to 2^64.
  std::uint64_t realisations = 0;
  analyze
      ->add_option("--realisations", realisations,
                   "most realisations of wildcard-only groups to list per interpretation "
                   "(default 0: only their count, in JSON)")
      ->check(not_negative)
      ->check(CLI::Range(std::uint64_t{0}, kMaxRealisationsListed));
  add_visible(analyze);
  add_notation(analyze);
  // `--budget-ms`: the time a hand's listings and scoring may take (docs/cli.md).
  const auto add_budget = [&](CLI::App* command) {
    meldgraph::cli::add_budget_option(command, global.budget_ms, "a hand's listings and scoring");
  };
  add_budget(analyze);
  // The hand's situation (docs/cli.md): each option is a field of the context object that
  // parse_win_context reads, as in a batch line. The same options on analyze and explain, bound
  // to the same values (one command is parsed).
  std::vector<std::pair<std::string, std::string>> context_words{
      {"win", ""}, {"from", ""}, {"seat_wind", ""}, {"round_wind", ""}};
  std::vector<std::pair<std::string, CLI::Option*>> context_flags;
  std::string dora;
  std::string ura;
  std::string flowers;
  std::int64_t honba = 0;
  std::int64_t riichi_sticks = 0;
  std::vector<std::pair<std::string, CLI::Option*>> context_values;  // dora, ura, ... options
  const auto add_situation = [&](CLI::App* command) {
    CLI::Option_group* situation = command->add_option_group("situation", "how the hand won");
    add_word_option(situation, "--win", context_words[0].second, {"self-draw", "discard"},
                    "how the winning tile came");
    add_word_option(situation, "--from", context_words[1].second, {"left", "across", "right"},
                    "the discarder: left = previous player (上家), right = next (下家)");
    add_word_option(situation, "--seat-wind", context_words[2].second, {"E", "S", "W", "N"},
                    "seat wind (E: dealer)");
    add_word_option(situation, "--round-wind", context_words[3].second, {"E", "S", "W", "N"},
                    "prevailing wind");
    const std::pair<const char*, const char*> flag_fields[] = {
        {"riichi", "riichi declared"},
        {"double_riichi", "double riichi declared (a riichi)"},
        {"ippatsu", "won within the riichi's first go-around"},
        {"last_tile", "on the wall's last tile (海底 / 河底)"},
        {"after_kong", "on a kong's replacement tile (嶺上 / 杠上开花)"},
        {"robbing_kong", "on a tile added to a kong (搶槓)"},
        {"first_draw", "on the first draw, no call before (天和 / 地和)"},
        {"last_of_kind", "on the last copy of its tile (和绝张)"},
        {"after_kong_discard", "on a discard after the discarder's kong (杠上炮)"},
        {"robbing_gold", "on the wildcard tile turned up at the opening (抢金; a self-draw)"}};
    for (const auto& [field, help] : flag_fields) {
      std::string option = std::string("--") + field;
      std::replace(option.begin(), option.end(), '_', '-');
      const std::string description = help;
      context_flags.emplace_back(field, situation->add_flag(option, description));
    }
    context_values.emplace_back(
        "dora", situation->add_option("--dora", dora, "dora indicator tiles, e.g. 4s,1z")
                    ->type_name("TILES"));
    context_values.emplace_back(
        "ura", situation->add_option("--ura", ura, "ura-dora indicator tiles")->type_name("TILES"));
    context_values.emplace_back(
        "flowers",
        situation->add_option("--flowers", flowers, "bonus tiles held: tiles (1f5f) or a count")
            ->type_name("TILES|N"));
    context_values.emplace_back("honba",
                                situation->add_option("--honba", honba, "repeat counters"));
    context_values.emplace_back(
        "riichi_sticks",
        situation->add_option("--riichi-sticks", riichi_sticks, "riichi deposits on the table"));
  };
  add_situation(analyze);

  CLI::App* explain = app.add_subcommand(
      "explain", "for each reading and each scoring pattern: whether it counted, and why not");
  explain
      ->add_option("hand", hand,
                   "a complete hand in MPSZ notation (after '--' if it starts with '-')")
      ->required();
  add_word_option(explain, "--format", format, {"text", "json"}, "output format");
  explain->add_option("--limit", limit, "most readings to explain (0: all)")->check(not_negative);
  add_budget(explain);
  add_notation(explain);
  add_situation(explain);

  std::string op;
  std::string input;
  CLI::App* batch = app.add_subcommand("batch", "one hand per line in, one JSON object out");
  add_word_option(batch, "--op", op, meldgraph::builtin_analyzers().names(),
                  "the analyzer run on every line")
      ->required();
  batch->add_option("--input", input, "file of hands, one per line (default: standard input)");
  batch->add_option("--limit", limit, "most interpretations to list per hand (0: all)")
      ->check(not_negative);
  int jobs = 1;
  batch->add_option("--jobs", jobs, "worker threads (default 1); the output does not change")
      ->check(CLI::Range(1, meldgraph::cli::kMaxJobs));
  add_visible(batch);
  add_notation(batch);
  add_budget(batch);

  meldgraph::cli::BenchOptions bench_options;
  CLI::App* bench = app.add_subcommand("bench", "times a query over many hands; one JSON line");
  add_word_option(bench, "--op", bench_options.op,
                  {"win", "waits", "shanten", "standard-shanten", "interpretations", "score"},
                  "the query timed (standard-shanten: the standard form alone; score: every "
                  "reading scored, random situations)")
      ->required();
  add_notation(bench);
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
  bench->add_option("--dump", bench_options.dump,
                    "write the hands (score: JSON lines with their situations) to FILE instead of "
                    "timing them");

  meldgraph::cli::CheckOptions check_options;
  std::vector<std::string> check_ops{"win", "waits", "shanten", "interpretations"};
  CLI::App* check = app.add_subcommand(
      "check", "the lookup-table queries against the exact search on random hands");
  const std::vector<std::string> check_words{"win", "waits", "shanten", "interpretations"};
  check->add_option("--op", check_ops, "operations compared, comma-separated (default: all)")
      ->type_name(joined(check_words, "|"))
      ->check(CLI::Validator(
          [check_words](const std::string& value) {
            return std::find(check_words.begin(), check_words.end(), value) != check_words.end()
                       ? std::string()
                       : "'" + value + "' is not one of " + joined(check_words, ", ");
          },
          ""))
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

  std::string graph_format = "dot";
  CLI::App* graph = app.add_subcommand("graph", "the meld-decomposition graph");
  graph->add_option("hand", hand, "hand in MPSZ notation")->required();
  add_word_option(graph, "--format", graph_format, {"dot", "json"}, "output format");
  add_notation(graph);

  meldgraph::cli::CorpusOptions corpus_options;
  const meldgraph::cli::CorpusCommands corpus =
      meldgraph::cli::add_corpus_commands(app, corpus_options);

  meldgraph::cli::StatsCommandOptions stats_options;
  CLI::App* stats = app.add_subcommand(
      "stats", "shanten, win, ready, waits and score statistics of dealt hands or a corpus");
  meldgraph::cli::add_stats_options(*stats, stats_options);

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
    // A hand taken for an option leaves the hand missing or an argument unexpected; other errors
    // (`--limit -1`) are about an option's value, not a hand.
    const bool hand_missing = dynamic_cast<const CLI::RequiredError*>(&error) != nullptr ||
                              dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr;
    if (code != 0 && hand_missing) hint_dash_hand(argc, argv);
    return code == 0 ? 0 : 2;
  }
  global.answers_from = answers_from == "tables"   ? meldgraph::cli::AnswerSource::tables
                        : answers_from == "search" ? meldgraph::cli::AnswerSource::search
                                                   : meldgraph::cli::AnswerSource::automatic;
  global.notation = meldgraph::notation_from_name(notation);
  const auto output_format = [](const std::string& word) {
    return word == "json"  ? OutputFormat::json
           : word == "dot" ? OutputFormat::dot
                           : OutputFormat::text;
  };

  for (const CLI::Option* option : visible_options) {
    if (option->count() > 0) global.has_visible = true;
  }
  // The situation options given, as the fields of a context object.
  const auto context_fields = [&] {
    nlohmann::json context = nlohmann::json::object();
    for (const auto& [field, word] : context_words) {
      if (!word.empty()) context[field] = word;
    }
    for (const auto& [field, option] : context_flags) {
      if (option->count() > 0) context[field] = true;
    }
    for (const auto& [field, option] : context_values) {
      if (option->count() == 0) continue;
      if (field == "dora") context[field] = dora;
      if (field == "ura") context[field] = ura;
      if (field == "honba") context[field] = honba;
      if (field == "riichi_sticks") context[field] = riichi_sticks;
      if (field == "flowers") {
        const bool count =
            !flowers.empty() && flowers.find_first_not_of("0123456789") == std::string::npos;
        context[field] =
            count ? nlohmann::json(std::stoll(flowers.substr(0, 6))) : nlohmann::json(flowers);
      }
    }
    return context;
  };
  if (analyze->parsed()) {
    return meldgraph::cli::run_analyze(global, hand, output_format(format), limit, realisations,
                                       context_fields());
  }
  if (explain->parsed()) {
    return meldgraph::cli::run_explain(global, hand, output_format(format), limit,
                                       context_fields());
  }
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
  if (corpus.enumerate->parsed()) {
    return meldgraph::cli::run_corpus_enumerate(global, corpus_options);
  }
  if (corpus.deal->parsed()) return meldgraph::cli::run_corpus_deal(global, corpus_options);
  if (stats->parsed()) return meldgraph::cli::run_stats(global, stats_options);
  if (graph->parsed()) return meldgraph::cli::run_graph(global, hand, output_format(graph_format));
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
  meldgraph::cli::install_stop_handlers();
  // Nothing here writes through C stdio: unsynchronised streams read and write through their own
  // buffers (reading standard input a character at a time through stdio took ~30 ns a byte).
  std::ios::sync_with_stdio(false);
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
