/// The analyzers: each answer's compute function paired with its renderers, and the registry.

#include "meldgraph/answers/analyzer.hpp"

#include <range/v3/range/conversion.hpp>
#include <range/v3/view/join.hpp>
#include <range/v3/view/transform.hpp>
#include <stdexcept>

#include "meldgraph/answers/advise.hpp"
#include "meldgraph/answers/explain.hpp"
#include "meldgraph/answers/interpretations.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/render_text.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/shanten.hpp"
#include "meldgraph/answers/waits.hpp"
#include "meldgraph/answers/win.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/search/listing.hpp"

namespace meldgraph {

void AnalyzerRegistry::add(std::string name, std::string summary, Factory factory) {
  for (const Entry& entry : entries_) {
    if (entry.name == name) throw std::logic_error("analyzer '" + name + "' registered twice");
  }
  entries_.push_back({std::move(name), std::move(summary), factory});
}

std::unique_ptr<Analyzer> AnalyzerRegistry::create(std::string_view name, const RuleSet& rules,
                                                   const AnswerOptions& options) const {
  for (const Entry& entry : entries_) {
    if (entry.name == name) return entry.factory(rules, options);
  }
  const std::vector<std::string> known = names();
  const std::string listed =
      known | ranges::views::join(std::string_view(", ")) | ranges::to<std::string>();
  throw Error("unknown analyzer '" + std::string(name) + "' (known: " + listed + ")");
}

std::vector<std::string> AnalyzerRegistry::names() const {
  return entries_ | ranges::views::transform(&Entry::name) | ranges::to<std::vector>();
}

std::string AnalyzerRegistry::summary(std::string_view name) const {
  for (const Entry& entry : entries_) {
    if (entry.name == name) return entry.summary;
  }
  return {};
}

namespace {

/// What makes an analyzer: its name, its answer's compute function and renderers, and the lookup
/// tables the answer reads.
template <class Answer>
struct AnalyzerParts {
  std::string_view name;
  Answer (*compute)(const HandAnalysis&, AnswerWorkspace&, const AnswerOptions&);
  void (*json)(const Answer&, const RuleSet&, nlohmann::json&);
  void (*text)(const Answer&, const RuleSet&, std::ostream&);
  /// The direct line writer (score_line.hpp), which computes the answer too, or null: the line
  /// is then built as JSON.
  bool (*line)(const HandAnalysis&, AnswerWorkspace&, const AnswerOptions&, const LineHead&,
               const LineFormat&, std::string&);
  void (*tables)(const RuleSet&, const AnswerOptions&, TableParts);
};

/// An analyzer made of AnalyzerParts, with the options it was created with.
template <class Answer>
class PairedAnalyzer final : public Analyzer {
 public:
  PairedAnalyzer(const AnalyzerParts<Answer>& parts, const AnswerOptions& options)
      : parts_(parts), options_(options) {}

  [[nodiscard]] std::string_view name() const override { return parts_.name; }
  void write_json(const HandAnalysis& analysis, AnswerWorkspace& workspace,
                  nlohmann::json& out) const override {
    parts_.json(parts_.compute(analysis, workspace, options_), analysis.rules(), out);
  }
  bool write_line(const HandAnalysis& analysis, AnswerWorkspace& workspace, const LineHead& head,
                  const LineFormat& format, std::string& out) const override {
    if (parts_.line == nullptr) return false;
    return parts_.line(analysis, workspace, options_, head, format, out);
  }
  void write_text(const HandAnalysis& analysis, AnswerWorkspace& workspace,
                  std::ostream& out) const override {
    parts_.text(parts_.compute(analysis, workspace, options_), analysis.rules(), out);
  }
  void build_tables(const RuleSet& rules, TableParts parts) const override {
    parts_.tables(rules, options_, parts);
  }

 private:
  AnalyzerParts<Answer> parts_;
  AnswerOptions options_;
};

/// The tables of a query, unless the answer is from the search alone.
template <Query query>
void query_tables(const RuleSet& rules, const AnswerOptions& options, TableParts parts) {
  if (!options.search_only) build_query_tables(rules, query, parts);
}

/// What a Scorer reads: its listing's tables, every hand's, and its reading contexts'.
void reading_tables(const RuleSet& rules, const AnswerOptions& options, TableParts parts) {
  if (parts == TableParts::common) InterpretationLister(rules, options.table_use()).build_tables();
  build_reading_tables(rules, options.table_use(), parts);
}

/// What advice reads: the shanten and waits tables, and the scorer's where the rule set scores.
void advice_tables(const RuleSet& rules, const AnswerOptions& options, TableParts parts) {
  query_tables<Query::shanten>(rules, options, parts);
  query_tables<Query::waits>(rules, options, parts);
  if (scoring_rules(rules) != nullptr) reading_tables(rules, options, parts);
}

constexpr AnalyzerParts<WinAnswer> kWin{
    "win",
    [](const HandAnalysis& analysis, AnswerWorkspace&, const AnswerOptions& options) {
      return answer_win(analysis, options);
    },
    &write_win_json,
    &write_win_text,
    nullptr,
    &query_tables<Query::win>};

constexpr AnalyzerParts<InterpretationsAnswer> kInterpretations{
    "interpretations",
    [](const HandAnalysis& analysis, AnswerWorkspace&, const AnswerOptions& options) {
      return answer_interpretations(analysis, options);
    },
    &write_interpretations_json,
    &write_interpretations_text,
    nullptr,
    &reading_tables};

constexpr AnalyzerParts<WaitsAnswer> kWaits{
    "waits",
    [](const HandAnalysis& analysis, AnswerWorkspace&, const AnswerOptions& options) {
      return answer_waits(analysis, options);
    },
    &write_waits_json,
    &write_waits_text,
    nullptr,
    &query_tables<Query::waits>};

constexpr AnalyzerParts<ShantenAnswer> kShanten{
    "shanten",
    [](const HandAnalysis& analysis, AnswerWorkspace&, const AnswerOptions& options) {
      return answer_shanten(analysis, options);
    },
    &write_shanten_json,
    &write_shanten_text,
    nullptr,
    &query_tables<Query::shanten>};

constexpr AnalyzerParts<ScoreAnswer> kScore{
    "score",
    [](const HandAnalysis& analysis, AnswerWorkspace& workspace, const AnswerOptions& options) {
      return answer_score(analysis, workspace.scorer(options.table_use()), options);
    },
    &write_score_json,
    &write_score_text,
    [](const HandAnalysis& analysis, AnswerWorkspace& workspace, const AnswerOptions& options,
       const LineHead& head, const LineFormat& format, std::string& out) {
      // Written and forgotten at once: the workspace's answer is reused, line after line. Of a
      // line's fields only fu_parts shows the best reading's groups.
      ScoreAnswer& answer = workspace.line_score_answer();
      const ReadingCopy best_copy =
          format.fields.has("fu_parts") ? ReadingCopy::whole : ReadingCopy::without_groups;
      answer_score(analysis, workspace.scorer(options.table_use()), options, answer, best_copy);
      return write_score_line(answer, workspace.score_line_texts(), head, format, out,
                              &workspace.score_line_plan(format.fields));
    },
    &reading_tables};

constexpr AnalyzerParts<ExplainAnswer> kExplain{
    "explain",
    [](const HandAnalysis& analysis, AnswerWorkspace& workspace, const AnswerOptions& options) {
      return answer_explain(analysis, workspace.scorer(options.table_use()), options);
    },
    &write_explain_json,
    &write_explain_text,
    nullptr,
    &reading_tables};

constexpr AnalyzerParts<AdviseAnswer> kAdvise{
    "advise",
    [](const HandAnalysis& analysis, AnswerWorkspace& workspace, const AnswerOptions& options) {
      return answer_advise(analysis, workspace, options);
    },
    &write_advise_json,
    &write_advise_text,
    nullptr,
    &advice_tables};

template <class Answer, const AnalyzerParts<Answer>& parts>
std::unique_ptr<Analyzer> make(const RuleSet& /*rules*/, const AnswerOptions& options) {
  return std::make_unique<PairedAnalyzer<Answer>>(parts, options);
}

/// The scoring analyzers refuse a rule set without a `scoring` section when they are created.
template <class Answer, const AnalyzerParts<Answer>& parts>
std::unique_ptr<Analyzer> make_scoring(const RuleSet& rules, const AnswerOptions& options) {
  static_cast<void>(require_scoring(rules));
  return std::make_unique<PairedAnalyzer<Answer>>(parts, options);
}

}  // namespace

AnalyzerRegistry builtin_analyzers() {
  AnalyzerRegistry registry;
  registry.add("win", "whether the hand is complete, and the forms it matches",
               &make<WinAnswer, kWin>);
  registry.add("interpretations", "every reading of a complete hand, counted and listed",
               &make<InterpretationsAnswer, kInterpretations>);
  registry.add("waits", "the tiles that complete a hand one tile short, and the copies left",
               &make<WaitsAnswer, kWaits>);
  registry.add("shanten", "the fewest exchanges to ready or complete, and the improving tiles",
               &make<ShantenAnswer, kShanten>);
  registry.add("score", "every reading of a complete hand scored, the best marked",
               &make_scoring<ScoreAnswer, kScore>);
  registry.add("explain", "for each reading and pattern, whether it counted and why not",
               &make_scoring<ExplainAnswer, kExplain>);
  registry.add("advise", "each discard's shanten, improving tiles and, when ready, waits' value",
               &make<AdviseAnswer, kAdvise>);
  return registry;
}

}  // namespace meldgraph
