#include <stdexcept>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/answers/interpretations_analyzer.hpp"
#include "meldgraph/answers/score_analyzer.hpp"
#include "meldgraph/answers/shanten_analyzer.hpp"
#include "meldgraph/answers/waits_analyzer.hpp"
#include "meldgraph/answers/win_analyzer.hpp"
#include "meldgraph/model/error.hpp"

namespace meldgraph {

void AnalyzerRegistry::add(std::string name, std::string summary, Factory factory) {
  for (const Entry& entry : entries_) {
    if (entry.name == name) throw std::logic_error("analyzer '" + name + "' registered twice");
  }
  entries_.push_back({std::move(name), std::move(summary), factory});
}

std::unique_ptr<Analyzer> AnalyzerRegistry::create(std::string_view name, const RuleSet& rules,
                                                   const AnalyzerOptions& options) const {
  for (const Entry& entry : entries_) {
    if (entry.name == name) return entry.factory(rules, options);
  }
  std::string known;
  for (const Entry& entry : entries_) known += (known.empty() ? "" : ", ") + entry.name;
  throw Error("unknown analyzer '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<std::string> AnalyzerRegistry::names() const {
  std::vector<std::string> result;
  for (const Entry& entry : entries_) result.push_back(entry.name);
  return result;
}

std::string AnalyzerRegistry::summary(std::string_view name) const {
  for (const Entry& entry : entries_) {
    if (entry.name == name) return entry.summary;
  }
  return {};
}

namespace {

template <class AnalyzerType>
std::unique_ptr<Analyzer> make(const RuleSet& rules, const AnalyzerOptions& options) {
  return std::make_unique<AnalyzerType>(rules, options);
}

}  // namespace

AnalyzerRegistry builtin_analyzers() {
  AnalyzerRegistry registry;
  registry.add("win", "whether the hand is complete, and the forms it matches", &make<WinAnalyzer>);
  registry.add("interpretations", "every reading of a complete hand, counted and listed",
               &make<InterpretationsAnalyzer>);
  registry.add("waits", "the tiles that complete a hand one tile short, and the copies left",
               &make<WaitsAnalyzer>);
  registry.add("shanten", "the fewest exchanges to ready or complete, and the improving tiles",
               &make<ShantenAnalyzer>);
  registry.add("score", "every reading of a complete hand scored, the best marked",
               &make<ScoreAnalyzer>);
  registry.add("explain", "for each reading and pattern, whether it counted and why not",
               &make<ExplainAnalyzer>);
  return registry;
}

}  // namespace meldgraph
