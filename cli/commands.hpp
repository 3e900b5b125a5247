#pragma once
/// The meldgraph command's subcommands, free of the argument parser.

#include <cstdint>
#include <iosfwd>
#include <string>

namespace meldgraph::cli {

/// Options shared by every subcommand.
struct GlobalOptions {
  std::string rules;    ///< built-in name or file; empty: the default rule set
  std::string wild;       ///< per-hand wildcard tiles (`--wild 5m`); empty: none
  std::string indicator;  ///< indicator tile choosing the wildcard (`--indicator 4m`); empty: none
  std::string visible;  ///< tiles seen elsewhere (`--visible 1m1m5z`), when `has_visible`
  bool has_visible = false;
};

enum class OutputFormat { text, json, dot };

/// Each returns the process exit code: 0 on success, 1 on bad input (after printing the error).
int run_analyze(const GlobalOptions& global, const std::string& hand, OutputFormat format,
                std::uint64_t limit);
int run_batch(const GlobalOptions& global, const std::string& op, const std::string& input,
              std::uint64_t limit);
int run_graph(const GlobalOptions& global, const std::string& hand, OutputFormat format);
int run_rules_list();
int run_rules_check(const std::string& file);
int run_rules_dump(const std::string& name);

}  // namespace meldgraph::cli
