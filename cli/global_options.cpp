/// The global options (global_options.hpp): built at -O1 (cli/CMakeLists.txt), since CLI11 is
/// large and argument parsing is not hot.

#include "global_options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "word_option.hpp"

namespace meldgraph::cli {

RuleSet load_selected_rules(const GlobalOptions& global) {
  return load_rules(global.rules.empty() ? std::string(kDefaultRules) : global.rules);
}

HandReading hand_reading(const GlobalOptions& global, const RuleSet& rules) {
  HandReading reading;
  reading.notation = global.notation;
  try {
    if (!global.wild.empty()) reading.wild = parse_wild_choice(global.wild, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--wild: ") + error.what());
  }
  try {
    if (!global.indicator.empty()) reading.indicated = parse_indicator(global.indicator, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--indicator: ") + error.what());
  }
  return reading;
}

TileMask wild_choice(const GlobalOptions& global, const RuleSet& rules) {
  const HandReading reading = hand_reading(global, rules);
  return reading.wild | reading.indicated;
}

void read_visible(const GlobalOptions& global, const RuleSet& rules, AnswerOptions& options) {
  if (!global.has_visible) return;
  try {
    options.visible = parse_visible(global.visible, rules);
  } catch (const NotationError& error) {
    throw Error(std::string("--visible: ") + error.what());
  }
  options.has_visible = true;
}

void add_rules_options(CLI::App& app, GlobalOptions& global) {
  app.add_option("--rules", global.rules, "built-in rule set name or rule file (default: laizi)");
  app.add_option("--wild", global.wild, "wildcard tiles chosen for the hands, e.g. 5m")
      ->type_name("TILES");
  app.add_option("--indicator", global.indicator,
                 "indicator tile: the next tile in its cycle is wild, e.g. 4m makes 5m wild")
      ->type_name("TILE");
}

GlobalOptionTable::GlobalOptionTable(CLI::App& app) {
  add_rules_options(app, options_);
  // Tiles seen elsewhere and the notation: accepted before the command or after those that read
  // hands.
  add_visible(&app);
  add_word_option(&app, "--answers-from", answers_from_, {"auto", "tables", "search"},
                  "analyze and batch take win, shanten and waits from: auto (the search for one "
                  "hand; a batch builds the lookup tables on a thread of its own and answers "
                  "from the search until they are ready), tables or search; the answers are "
                  "the same");
  add_notation(&app);
}

void GlobalOptionTable::add_visible(CLI::App* command) {
  visible_.push_back(
      command
          ->add_option("--visible", options_.visible,
                       "tiles seen elsewhere, e.g. 1m1m5z: waits count the copies left")
          ->type_name("TILES"));
}

void GlobalOptionTable::add_notation(CLI::App* command) {
  add_word_option(command, "--notation", notation_, {"meldgraph", "majiang", "tenhou"},
                  "how hands are written: meldgraph (default), majiang (majiang-core's "
                  "m345p40677s67s8,m34-0) or tenhou (plain MPSZ)");
}

void GlobalOptionTable::add_budget(CLI::App* command) {
  add_budget_option(command, options_.budget_ms, "a hand's listings and scoring");
}

GlobalOptions GlobalOptionTable::parsed() const {
  GlobalOptions options = options_;
  options.answers_from = answers_from_ == "tables"   ? AnswerSource::tables
                         : answers_from_ == "search" ? AnswerSource::search
                                                     : AnswerSource::automatic;
  options.notation = notation_from_name(notation_);
  options.has_visible = std::any_of(visible_.begin(), visible_.end(),
                                    [](const CLI::Option* option) { return option->count() > 0; });
  return options;
}

}  // namespace meldgraph::cli
