#include <chrono>
#include <nlohmann/json.hpp>
#include <ostream>
#include <span>
#include <utility>

#include "meldgraph/answers/interpretations_analyzer.hpp"
#include "meldgraph/answers/json.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/reading/realisations.hpp"

namespace meldgraph {

namespace {

/// Lists interpretations from `cursor` into `visit` until the limit, the end, or (after at least
/// one) the deadline; returns how many were listed and whether the deadline stopped the listing.
template <class Visit>
std::pair<std::uint64_t, bool> list_within(InterpretationCursor& cursor, std::uint64_t limit,
                                           const HandAnalysis& analysis, std::uint64_t budget_ms,
                                           Visit&& visit) {
  const auto deadline = analysis_deadline(analysis, budget_ms);
  Interpretation interpretation;
  std::uint64_t count = 0;
  while (limit == 0 || count < limit) {
    if (count > 0 && deadline && std::chrono::steady_clock::now() >= *deadline) {
      return {count, true};
    }
    if (!cursor.next(interpretation)) break;
    visit(interpretation);
    ++count;
  }
  return {count, false};
}

}  // namespace

InterpretationsAnalyzer::InterpretationsAnalyzer(const RuleSet& /*rules*/,
                                                 const AnalyzerOptions& options)
    : limit_(options.limit),
      realisations_(options.realisations),
      budget_ms_(options.budget_ms),
      tables_(options.search_only ? TableUse::search_only : TableUse::tables) {}

void InterpretationsAnalyzer::write_json(const HandAnalysis& analysis, nlohmann::json& out) const {
  const Decomposition& decomposition = analysis.decomposition();
  const RuleSet& rules = analysis.rules();
  nlohmann::json by_form = nlohmann::json::object();
  for (const FormGraph& graph : decomposition.graphs()) {
    by_form[rules.forms()[graph.form()].name] = graph.path_count();
  }
  nlohmann::json listed = nlohmann::json::array();
  InterpretationCursor cursor = decomposition.interpretations();
  // What every reading of the hand shares (the wait set before the win), computed once.
  const ReadingContext context =
      make_reading_context(rules, decomposition.hand(), analysis.win_context(), tables_);
  const auto [count, by_budget] =
      list_within(cursor, limit_, analysis, budget_ms_, [&](const Interpretation& interpretation) {
        listed.push_back(reading_to_json(make_reading(context, interpretation), interpretation,
                                         context, realisations_));
      });
  if (context.has_waits()) {
    nlohmann::json waits = nlohmann::json::array();
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if ((context.waits_before() & tile_bit(t)) != 0) waits.push_back(rules.tile(t).code);
    }
    out["waits_before_win"] = std::move(waits);
  }
  const std::uint64_t total = decomposition.interpretation_count();
  out["count"] = total;
  if (total == kCountSaturated) out["count_saturated"] = true;
  out["by_form"] = std::move(by_form);
  out["interpretations"] = std::move(listed);
  out["listed"] = count;
  out["truncated"] = count < total;
  if (count < total) out["truncated_by"] = by_budget ? "budget" : "limit";
}

void InterpretationsAnalyzer::write_realisations(const ReadingContext& context,
                                                 const Interpretation& interpretation,
                                                 std::ostream& out) const {
  const RuleSet& rules = *context.rules;
  const Realisations realisations(context, interpretation);
  const std::uint64_t total = realisations.count();
  out << "     realisations " << total << (total == kCountSaturated ? " or more" : "") << '\n';
  const std::uint64_t listed = realisations.list(
      [&](std::span<const Group> groups) {
        out << "     = " << format_realisation(groups, realisations.winning_index(), rules) << '\n';
        return true;
      },
      realisations_);
  if (listed < total) {
    out << "     ... " << (total - listed) << (total == kCountSaturated ? " or more" : "")
        << " more realisations (raise --realisations)\n";
  }
}

void InterpretationsAnalyzer::write_text(const HandAnalysis& analysis, std::ostream& out) const {
  const Decomposition& decomposition = analysis.decomposition();
  const RuleSet& rules = analysis.rules();
  const std::uint64_t total = decomposition.interpretation_count();
  out << "interpretations  " << total;
  if (total == kCountSaturated) out << " or more";
  std::string by_form;
  for (const FormGraph& graph : decomposition.graphs()) {
    if (graph.empty()) continue;
    if (!by_form.empty()) by_form += ", ";
    by_form += rules.forms()[graph.form()].name;
    by_form += ' ';
    by_form += std::to_string(graph.path_count());
  }
  if (!by_form.empty()) out << " (" << by_form << ")";
  out << '\n';
  InterpretationCursor cursor = decomposition.interpretations();
  std::uint64_t number = 0;
  const ReadingContext context =
      make_reading_context(rules, decomposition.hand(), analysis.win_context(), tables_);
  const auto [count, by_budget] =
      list_within(cursor, limit_, analysis, budget_ms_, [&](const Interpretation& interpretation) {
        ++number;
        const Reading reading = make_reading(context, interpretation);
        std::string glyphs;
        for (const Group& group : interpretation.groups) {
          if (!glyphs.empty()) glyphs += ' ';
          glyphs += format_group_unicode(group, rules);
        }
        if (!interpretation.loose_tiles.empty()) glyphs += "  ";
        for (const TileId t : interpretation.loose_tiles) glyphs += rules.tile(t).glyph;
        out << "  " << number << ". [" << rules.forms()[interpretation.form].name << "] "
            << format_reading(reading, rules) << "\n     " << glyphs << '\n';
        if (realisations_ > 0 && reading.abstract_count() > 0) {
          write_realisations(context, interpretation, out);
        }
      });
  if (count < total && by_budget) {
    out << "  ... " << (total - count) << " more: the listing stopped at --budget-ms " << budget_ms_
        << '\n';
  } else if (count < total) {
    out << "  ... " << (total - count) << " more (raise --limit, or --limit 0 for all)\n";
  }
}

void InterpretationsAnalyzer::build_tables(const RuleSet& rules, TableParts parts) const {
  build_reading_tables(rules, tables_, parts);
}

}  // namespace meldgraph
