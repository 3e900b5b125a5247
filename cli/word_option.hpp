#pragma once
/// Option builders shared by the option tables of meldgraph and meldgraph-mpi.

#include <cstdint>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI

namespace meldgraph::cli {

/// `words` joined by `separator`.
[[nodiscard]] std::string joined(const std::vector<std::string>& words, const char* separator);

/// An option that takes one of `words` (case ignored, stored as written in `words`). Unlike
/// CLI11's transformers it takes no index for a word and its message and help name the words
/// (`--format: 'xml' is not one of text, json`; `--format text|json`).
CLI::Option* add_word_option(CLI::App* command, const std::string& name, std::string& target,
                             const std::vector<std::string>& words, const std::string& help);

/// A check for options read into unsigned counts: CLI11 would read "-1" as a huge number.
[[nodiscard]] const CLI::Validator& not_negative_count();

/// `--budget-ms` (docs/cli.md): a whole number of milliseconds from 1 to kMaxBudgetMs, into
/// `target`; `what` ends the help ("a hand's listings and scoring", say).
CLI::Option* add_budget_option(CLI::App* command, std::uint64_t& target, const std::string& what);

}  // namespace meldgraph::cli
