#pragma once
/// The options that give a hand's situation on the command line (`analyze`, `explain`;
/// docs/cli.md): each is a field of the context object parse_win_context reads, as in a batch
/// line.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace meldgraph::cli {

/// The situation options of one command. Must outlive the parse.
class SituationOptions {
 public:
  /// Registers the options on `command`, in an option group "situation".
  explicit SituationOptions(CLI::App* command);

  /// The options given, as the fields of a context object (win_context.hpp).
  [[nodiscard]] nlohmann::json context_fields() const;

 private:
  /// `--win`, `--from`, `--seat-wind`, `--round-wind`: field and word (empty: not given).
  std::vector<std::pair<std::string, std::string>> words_{
      {"win", ""}, {"from", ""}, {"seat_wind", ""}, {"round_wind", ""}};
  /// The flags (`--riichi`, ...), by field.
  std::vector<std::pair<std::string, CLI::Option*>> flags_;
  /// The options of a value (`--dora`, ...), by field.
  std::vector<std::pair<std::string, CLI::Option*>> values_;
  std::string dora_;
  std::string ura_;
  std::string flowers_;
  std::int64_t honba_ = 0;
  std::int64_t riichi_sticks_ = 0;
  std::int64_t set_aside_ = 0;
};

}  // namespace meldgraph::cli
