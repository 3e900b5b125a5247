#pragma once
/// Command-line helpers shared by meldgraph's and meldgraph-mpi's option tables.

#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace meldgraph::cli {

struct GlobalOptions;  // commands.hpp

/// `words` joined by `separator`.
[[nodiscard]] std::string joined(const std::vector<std::string>& words, const char* separator);

/// An option that takes one of `words` (case ignored, stored as written in `words`). Unlike
/// CLI11's transformers it takes no index for a word and its message and help name the words
/// (`--format: 'xml' is not one of text, json`; `--format text|json`).
CLI::Option* add_word_option(CLI::App* command, const std::string& name, std::string& target,
                             const std::vector<std::string>& words, const std::string& help);

/// `--rules`, `--wild` and `--indicator`, the global options meldgraph and meldgraph-mpi share.
void add_rules_options(CLI::App& app, GlobalOptions& global);

}  // namespace meldgraph::cli
