// Scores the hands of a file under a rule set and prints each hand's best reading: a small
// program built against the installed meldgraph package (docs/library.md, "A worked example").
//
//   meldgraph_example RULES HANDS_FILE
//
// RULES is a built-in rule set's name or a rule file; HANDS_FILE holds a hand per line, or a JSON
// object of a `hand` and its situation's fields, as `meldgraph batch` reads them. Empty lines and
// lines starting with '#' are skipped. A hand that cannot be read is reported on its line.

#include <fstream>
#include <iostream>
#include <meldgraph/meldgraph.hpp>
#include <string>

namespace {

/// The patterns of a scored reading by name, in the rule set's order, then the dora it counted:
/// "Riichi, Pinfu, dora 2".
std::string pattern_names(const meldgraph::ReadingScore& reading,
                          const meldgraph::ScoringRules& scoring) {
  std::string text;
  const auto add = [&text](const std::string& item) { text += (text.empty() ? "" : ", ") + item; };
  for (const meldgraph::PatternHit& hit : reading.hits) {
    const std::string& name = scoring.patterns.patterns[hit.pattern].name;
    add(hit.times > 1 ? name + " x" + std::to_string(hit.times) : name);
  }
  const meldgraph::ReadingValue& value = reading.value;
  if (value.dora > 0) add("dora " + std::to_string(value.dora));
  if (value.ura > 0) add("ura-dora " + std::to_string(value.ura));
  if (value.red > 0) add("red fives " + std::to_string(value.red));
  return text;
}

/// One line of the file, scored: "HAND: 2700 points, 3 han, 20 fu: Riichi, ...".
void score_line(const std::string& line, meldgraph::AnswerWorkspace& workspace) {
  const meldgraph::RuleSet& rules = workspace.rules();
  const meldgraph::HandLine given = meldgraph::read_hand_line(rules, line);
  std::cout << given.hand << ": ";
  const meldgraph::HandInput input = meldgraph::read_hand_input(rules, given.hand, given.context);
  const meldgraph::HandAnalysis analysis(rules, input.hand, input.context);
  const meldgraph::AnswerOptions options;  // the defaults: the lookup tables, no budget
  meldgraph::Scorer& scorer = workspace.scorer(options.table_use());
  const meldgraph::ScoreAnswer answer = meldgraph::answer_score(analysis, scorer, options);
  if (!answer.wins) {
    std::cout << "no win (" << answer.no_win_reason << ")\n";
    return;
  }
  const meldgraph::ReadingValue& value = answer.best_reading->value;
  const meldgraph::ScoringRules& scoring = scorer.scoring();
  std::cout << value.points << " points, " << value.units << ' '
            << meldgraph::scoring_unit_name(scoring.unit);
  if (value.fu > 0) std::cout << ", " << value.fu << " fu";
  if (!value.limit.empty()) std::cout << ", " << value.limit;
  std::cout << ": " << pattern_names(*answer.best_reading, scoring) << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: " << argv[0] << " RULES HANDS_FILE\n";
    return 2;
  }
  try {
    const meldgraph::RuleSet rules = meldgraph::load_rules(argv[1]);  // outlives the workspace
    meldgraph::AnswerWorkspace workspace(rules);  // one per thread; this program has one
    std::ifstream hands(argv[2]);
    if (!hands) {
      std::cerr << "cannot open " << argv[2] << '\n';
      return 1;
    }
    std::string line;
    while (std::getline(hands, line)) {
      line.erase(line.find_last_not_of(" \t\r") + 1);  // npos + 1 == 0: a blank line
      if (line.empty() || line.front() == '#') continue;
      try {
        score_line(line, workspace);
      } catch (const meldgraph::Error& e) {  // a hand or a situation that cannot be read
        std::cout << "error: " << e.what() << '\n';
      }
    }
  } catch (const meldgraph::Error& e) {  // a rule set that cannot be loaded, or cannot score
    std::cerr << "meldgraph " << meldgraph::version() << ": " << e.what() << '\n';
    return 1;
  }
  return 0;
}
