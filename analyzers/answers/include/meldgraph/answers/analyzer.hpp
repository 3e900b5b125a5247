#pragma once
/// Analyzers: the answers by name (`batch --op NAME`), each pairing a compute function
/// (win.hpp, interpretations.hpp, waits.hpp, shanten.hpp, score.hpp, explain.hpp) with its JSON
/// and text renderers (render_json.hpp, render_text.hpp). Each is registered by name, explicitly,
/// and reads its options once, when it is created.

#include <iosfwd>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/queries/queries.hpp"

namespace meldgraph {

class Analyzer {
 public:
  virtual ~Analyzer() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  /// Computes the answer to `analysis` and adds its fields to `out`, a JSON object. `workspace`
  /// is the calling thread's, for the rule set the analyzer was created for.
  virtual void write_json(const HandAnalysis& analysis, AnswerWorkspace& workspace,
                          nlohmann::json& out) const = 0;
  /// Computes the answer and appends it as a batch line (score_line.hpp): `head` and the answer's
  /// fields as write_json gives them and nlohmann writes them, cut to `format`, without a
  /// document. False, having appended nothing, when this analyzer has no such writer or the
  /// text needs nlohmann's replacement of bad UTF-8: then write_json is the way.
  [[nodiscard]] virtual bool write_line(const HandAnalysis& analysis, AnswerWorkspace& workspace,
                                        const LineHead& head, const LineFormat& format,
                                        std::string& out) const = 0;
  /// Computes the answer and writes its human-readable lines.
  virtual void write_text(const HandAnalysis& analysis, AnswerWorkspace& workspace,
                          std::ostream& out) const = 0;
  /// Builds now the `parts` (build_query_tables) of the lookup tables this analyzer's answers
  /// read under `rules` (the rule set it was created for), which a hand would otherwise build;
  /// nothing when it answers from the search alone. Thread-safe. `batch --answers-from auto`
  /// calls it on a thread of its own, where it may throw TableBuildAbandoned (suit_tables.hpp).
  virtual void build_tables(const RuleSet& rules, TableParts parts) const = 0;
};

/// Named analyzer factories.
class AnalyzerRegistry {
 public:
  using Factory = std::unique_ptr<Analyzer> (*)(const RuleSet&, const AnswerOptions&);

  /// Throws std::logic_error when the name is taken.
  void add(std::string name, std::string summary, Factory factory);
  /// Throws Error naming the known analyzers when `name` is unknown, and whatever the factory
  /// throws (score and explain: Error for a rule set without a `scoring` section).
  [[nodiscard]] std::unique_ptr<Analyzer> create(std::string_view name, const RuleSet& rules,
                                                 const AnswerOptions& options) const;
  [[nodiscard]] std::vector<std::string> names() const;
  [[nodiscard]] std::string summary(std::string_view name) const;

 private:
  struct Entry {
    std::string name;
    std::string summary;
    Factory factory;
  };
  std::vector<Entry> entries_;
};

/// The registry with every analyzer meldgraph ships, registered here and nowhere else.
[[nodiscard]] AnalyzerRegistry builtin_analyzers();

}  // namespace meldgraph
