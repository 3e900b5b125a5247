/// The options of `corpus enumerate` and `corpus deal` (docs/corpus.md), shared by meldgraph and
/// meldgraph-mpi: built at -O1 like main.cpp, since CLI11 is large and argument parsing is not hot.

#include <CLI/CLI.hpp>

#include "corpus_commands.hpp"
#include "word_option.hpp"

namespace meldgraph::cli {

CorpusCommands add_corpus_commands(CLI::App& app, CorpusOptions& options) {
  CorpusCommands commands;
  CLI::App* corpus = app.add_subcommand("corpus", "corpora of hands (docs/corpus.md)");
  corpus->require_subcommand(1);
  CLI::App* enumerate =
      corpus->add_subcommand("enumerate", "every complete hand of a size, in canonical order");
  CLI::App* deal = corpus->add_subcommand("deal", "hands dealt from the wall, numbered by seed");
  for (CLI::App* command : {enumerate, deal}) {
    command->add_option("--size", options.size, "tiles in a hand (default: the rule set's)")
        ->check(CLI::Range(1, 17));
    add_word_option(command, "--format", options.format, {"text", "json", "csv"},
                    "output format (enumerate: text, deal: json)");
    command->add_option("--label", options.labels,
                        "answers written with each hand: win,forms,waits,shanten,"
                        "interpretations,score");
    command
        ->add_option("--jobs", options.jobs,
                     "worker threads (default 1); the output does not change")
        ->check(CLI::Range(1, kMaxJobs));
    command->add_option("--shard", options.shard, "part I of K (I/K, 1 <= I <= K)");
    add_word_option(command, "--context", options.context, {"random"},
                    "a random situation for each hand (for the score label)");
    add_budget_option(command, options.budget_ms,
                      "a hand's interpretations and score labels (then in JSON truncated_by and "
                      "score.cut, and CSV columns of them)");
    command->add_option("--seed", options.seed,
                        "the corpus's seed (deal: the hands and situations; enumerate: the "
                        "situations of --context random; default 1)");
  }
  enumerate->add_flag("--count-only", options.count_only,
                      "one JSON line of counts instead of the hands");
  enumerate->add_option("--wildcards", options.wildcards, "wildcards every hand holds (default 0)")
      ->check(CLI::Range(0, 17));
  deal->add_option("--count", options.count, "hands")->required();
  deal->add_option_function<int>(
      "--shanten", [&options](const int& value) { options.shanten = value; },
      "only hands of this shanten number (0 or more)");
  deal->add_flag("--complete", options.complete, "only complete hands");
  deal->add_flag("--ready", options.ready, "only ready hands (one tile short)");
  deal->add_option_function<int>(
          "--max-wildcards", [&options](const int& value) { options.max_wildcards = value; },
          "--complete, --ready: most wildcards a hand holds (default: all the set allows)")
      ->check(CLI::Range(0, 17));
  commands.corpus = corpus;
  commands.enumerate = enumerate;
  commands.deal = deal;
  return commands;
}

}  // namespace meldgraph::cli
