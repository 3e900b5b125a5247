/// The "score" and "explain" analyzers: the Scorer's results (scoring.hpp) as JSON and text.

#include "meldgraph/answers/score_analyzer.hpp"

#include <atomic>
#include <cstddef>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "meldgraph/model/error.hpp"
#include "meldgraph/answers/json.hpp"
#include "meldgraph/scoring/scorer.hpp"

namespace meldgraph {

namespace {

/// A serial number per analyzer object, unique for the process's life: what the thread's Scorer
/// cache is keyed by, with the rule set's address.
std::uint64_t next_analyzer_serial() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

/// The calling thread's Scorer for the analyzer `owner`, `rules` and `tables`, built on its first
/// hand and reused for every later one (a Scorer's buffers, and the tables it may ask for, are
/// per rule set; building one per hand cost more than scoring a riichi hand). Keyed by the
/// analyzer's serial as well as the rule set's address, so an entry left by an analyzer that is
/// gone is never reused (a new RuleSet may live at a freed one's address); an analyzer is only
/// ever asked about rule sets that outlive it. A few entries per thread, the oldest dropped first.
Scorer& thread_scorer(std::uint64_t owner, const RuleSet& rules, TableUse tables) {
  struct Entry {
    std::uint64_t owner = 0;
    const RuleSet* rules = nullptr;
    TableUse tables = TableUse::tables;
    std::unique_ptr<Scorer> scorer;
  };
  constexpr std::size_t kEntries = 4;
  thread_local std::vector<Entry> cache;
  for (Entry& entry : cache) {
    if (entry.owner == owner && entry.rules == &rules && entry.tables == tables) {
      return *entry.scorer;
    }
  }
  auto scorer = std::make_unique<Scorer>(rules, tables);
  if (cache.size() == kEntries) cache.erase(cache.begin());
  cache.push_back(Entry{owner, &rules, tables, std::move(scorer)});
  return *cache.back().scorer;
}

/// Output words of FuSource (docs/cli.md, "fu_parts").
std::string_view fu_source_word(FuSource source) {
  switch (source) {
    case FuSource::base:
      return "base";
    case FuSource::closed_ron:
      return "closed_ron";
    case FuSource::self_draw:
      return "self_draw";
    case FuSource::meld:
      return "meld";
    case FuSource::pair:
      return "pair";
    case FuSource::wait:
      return "wait";
    case FuSource::open_pinfu:
      return "open_pinfu";
    case FuSource::fixed:
      return "fixed";
    case FuSource::rounding:
      return "rounding";
  }
  return "?";
}

constexpr std::string_view kSeatCodes[] = {"E", "S", "W", "N"};

/// The key a reading's pattern total is written under: the unit's name (han, fan, faan, tai);
/// `pattern_points` for the points unit, whose name the points total already takes.
std::string unit_key(const ScoringRules& scoring) {
  return scoring.unit == ScoringUnit::points ? std::string("pattern_points")
                                             : std::string(scoring_unit_name(scoring.unit));
}

/// The value fields of one reading, written into `out` (the top level of a batch answer, or one
/// entry of "interpretations").
void write_value(const ScoringRules& scoring, const RuleSet& rules, const ScoredReading& scored,
                 nlohmann::json& out) {
  const std::string unit = unit_key(scoring);
  const ReadingValue& value = scored.value;
  nlohmann::json patterns = nlohmann::json::array();
  for (const PatternHit& hit : scored.hits) {
    const Pattern& pattern = scoring.patterns.patterns[hit.pattern];
    // `name` is the one the rule set shows (scoring.output_name), `name_en` always English.
    const bool local = scoring.patterns.local_names && !pattern.local_name.empty();
    nlohmann::json entry = {{"id", pattern.id},
                            {"name", local ? pattern.local_name : pattern.name},
                            {"name_en", pattern.name}};
    if (!pattern.local_name.empty()) entry["local_name"] = pattern.local_name;
    entry[unit] = hit.value;
    entry["yakuman"] = hit.yakuman;
    if (pattern.value.factor > 0) entry["factor"] = pattern.value.factor;
    if (pattern.value.bonus > 0) entry["bonus"] = pattern.value.bonus;
    if (hit.times != 1) entry["times"] = hit.times;
    patterns.push_back(entry);
  }
  out["patterns"] = patterns;
  out[unit] = value.units;
  out["fu"] = value.fu;
  nlohmann::json parts = nlohmann::json::array();
  for (const FuPart& part : value.fu_parts) {
    nlohmann::json entry = {{"source", std::string(fu_source_word(part.source))}, {"fu", part.fu}};
    if (part.group >= 0 && static_cast<std::size_t>(part.group) < scored.reading().groups.size()) {
      entry["group"] = format_reading_group(
          scored.reading().groups[static_cast<std::size_t>(part.group)], rules);
    }
    parts.push_back(entry);
  }
  out["fu_parts"] = parts;
  out["dora"] = value.dora;
  out["ura"] = value.ura;
  out["red"] = value.red;
  out["yakuman"] = value.yakuman;
  out["limit"] = value.limit;
  out["points"] = value.points;
  nlohmann::json payments = nlohmann::json::object();
  for (std::size_t seat = 0; seat < 4; ++seat) {
    payments[std::string(kSeatCodes[seat])] = value.payments[seat];
  }
  out["payments"] = payments;
  out["wins"] = value.wins;
  if (!value.wins) out["no_win_reason"] = value.no_win_reason;
}

/// One scored reading's identity: where it comes from and its text.
void write_reading_identity(const RuleSet& rules, const ScoredReading& scored,
                            nlohmann::json& out) {
  out["interpretation"] = scored.interpretation;
  out["form"] = rules.forms()[scored.reading().form].name;
  out["text"] = format_reading(scored.reading(), rules);
  if (scored.realised) {
    out["realisation"] = scored.realisation;
    out["alike"] = scored.alike;
  }
}

std::string reading_label(const RuleSet& rules, const ScoredReading& scored) {
  std::string label = "[";
  label += rules.forms()[scored.reading().form].name;
  label += "] ";
  label += format_reading(scored.reading(), rules);
  if (scored.realised && scored.alike > 1) {
    label += "  (";
    label += std::to_string(scored.alike);
    label += " alike realisations)";
  }
  return label;
}

/// "3 han 40 fu, 5200 points (mangan)", or "not a win: no yaku".
std::string value_summary(const ScoringRules& scoring, const ReadingValue& value) {
  std::string text;
  if (!value.wins) {
    text = "not a win: ";
    text += value.no_win_reason;
    return text;
  }
  if (value.yakuman > 0) {
    text += std::to_string(value.yakuman);
    text += "x ";
    text += scoring.values.points.yakuman_name;
  } else {
    text += std::to_string(value.units);
    text += ' ';
    text += scoring_unit_name(scoring.unit);
    if (value.fu > 0) {
      text += ' ';
      text += std::to_string(value.fu);
      text += " fu";
    }
  }
  // A rule set without points (MCR counts fan only) shows no points.
  if (scoring.values.points.formula == BaseFormula::none) return text;
  text += ", ";
  text += std::to_string(value.points);
  text += " points";
  if (!value.limit.empty()) {
    text += " (";
    text += value.limit;
    text += ')';
  }
  return text;
}

void write_reading_text(const ScoringRules& scoring, const RuleSet& rules,
                        const ScoredReading& scored, std::ostream& out) {
  const ReadingValue& value = scored.value;
  std::string patterns;
  for (const PatternHit& hit : scored.hits) {
    const Pattern& pattern = scoring.patterns.patterns[hit.pattern];
    if (!patterns.empty()) patterns += ", ";
    patterns += pattern.id;
    if (hit.yakuman > 0) {
      patterns += " (";
      patterns += scoring.values.points.yakuman_name;
      patterns += " x";
      patterns += std::to_string(hit.yakuman);
      patterns += ')';
    } else if (pattern.value.factor > 0) {
      patterns += " (factor ";
      patterns += std::to_string(pattern.value.factor);
      patterns += ')';
    } else if (pattern.value.bonus > 0) {
      patterns += " (bonus ";
      patterns += std::to_string(pattern.value.bonus);
      patterns += ')';
    } else {
      patterns += ' ';
      patterns += std::to_string(hit.value);
    }
    if (hit.times != 1) {
      patterns += " x";
      patterns += std::to_string(hit.times);
    }
  }
  const auto add_bonus = [&](const char* name, std::int32_t count) {
    if (count == 0) return;
    if (!patterns.empty()) patterns += ", ";
    patterns += name;
    patterns += ' ';
    patterns += std::to_string(count);
  };
  add_bonus("dora", value.dora);
  add_bonus("ura", value.ura);
  add_bonus("red", value.red);
  out << "       patterns: " << (patterns.empty() ? std::string("none") : patterns) << '\n';
  out << "       " << value_summary(scoring, value) << '\n';
  if (!value.fu_parts.empty()) {
    std::string parts;
    for (const FuPart& part : value.fu_parts) {
      if (!parts.empty()) parts += ", ";
      parts += std::to_string(part.fu);
      parts += ' ';
      parts += fu_source_word(part.source);
      if (part.group >= 0 &&
          static_cast<std::size_t>(part.group) < scored.reading().groups.size()) {
        parts += ' ';
        parts += format_reading_group(scored.reading().groups[static_cast<std::size_t>(part.group)],
                                      rules);
      }
    }
    out << "       fu: " << parts << '\n';
  }
  if (value.wins && scoring.values.payments.enabled) {
    out << "       payments:";
    for (std::size_t seat = 0; seat < 4; ++seat) {
      out << ' ' << kSeatCodes[seat] << ' ' << (value.payments[seat] > 0 ? "+" : "")
          << value.payments[seat];
    }
    out << '\n';
  }
}

/// The scorer's bounds for one hand: the default reading bound, and the deadline of `--budget-ms`.
ScoreOptions score_options(const HandAnalysis& analysis, std::uint64_t budget_ms) {
  ScoreOptions options;
  options.deadline = analysis_deadline(analysis, budget_ms);
  // The graph the interpretations analyzer built for this hand, if it did: a hand of many
  // wildcards is then not built twice (docs/performance.md, "Seventh session: bounded work").
  options.built = analysis.decomposition_if_built();
  return options;
}

/// The note of a scoring that stopped early (docs/cli.md, "cut"): what stopped it, how many
/// interpretations were scored, whether the last of them in part.
nlohmann::json cut_json(const HandScore& score, std::uint64_t budget_ms) {
  nlohmann::json cut = nlohmann::json::object();
  if (score.cut == ScoreCut::budget) {
    cut["by"] = "budget";
    cut["budget_ms"] = budget_ms;
  } else {
    cut["by"] = "bound";
  }
  cut["interpretations_scored"] = score.interpretations;
  cut["last_in_part"] = score.cut_in_interpretation;
  cut["best_of"] = "the readings scored";
  return cut;
}

/// The text line of the same note.
std::string cut_text(const HandScore& score, std::uint64_t budget_ms) {
  std::string text = "scoring stopped at ";
  text += score.cut == ScoreCut::budget
              ? "--budget-ms " + std::to_string(budget_ms)
              : "the scorer's bound (" + std::to_string(kDefaultScoredLimit) +
                    " readings scored, " + std::to_string(kDefaultReadingLimit) + " visited)";
  text += " after ";
  text += std::to_string(score.scored);
  text += " readings of the first ";
  text += std::to_string(score.interpretations);
  text += " interpretations";
  if (score.cut_in_interpretation) text += " (the last in part)";
  text += ": the best is the best of those scored";
  return text;
}

}  // namespace

std::string score_unit_key(const ScoringRules& scoring) {
  return unit_key(scoring);
}

ScoreAnalyzer::ScoreAnalyzer(const RuleSet& rules, const AnalyzerOptions& options)
    : limit_(options.limit),
      budget_ms_(options.budget_ms),
      tables_(options.search_only ? TableUse::search_only : TableUse::tables),
      serial_(next_analyzer_serial()) {
  static_cast<void>(require_scoring(rules));
}

void ScoreAnalyzer::write_json(const HandAnalysis& analysis, nlohmann::json& out) const {
  const RuleSet& rules = analysis.rules();
  Scorer& scorer = thread_scorer(serial_, rules, tables_);
  const HandScore& score =
      scorer.score(analysis.hand(), analysis.win_context(), score_options(analysis, budget_ms_));
  const ScoringRules& scoring = scorer.scoring();
  out["wins"] = score.wins;
  if (!score.wins) out["no_win_reason"] = std::string(score.no_win_reason);
  if (const ScoredReading* best = score.best_reading()) {
    write_value(scoring, rules, *best, out);
    out["wins"] = score.wins;
  }
  out["best"] = score.best;
  nlohmann::json tied = nlohmann::json::array();
  for (const std::size_t r : score.tied) tied.push_back(r);
  out["tied"] = tied;
  out["tie_rule"] = std::string(kBestReadingRule);
  out["readings"] = score.scored;
  if (score.unscored_realisations > 0) {
    out["unscored_realisations"] = score.unscored_realisations;
    if (score.unscored_realisations == kCountSaturated) out["unscored_saturated"] = true;
  }
  if (score.cut != ScoreCut::none) out["cut"] = cut_json(score, budget_ms_);
  nlohmann::json readings = nlohmann::json::array();
  for (std::size_t r = 0; r < score.readings.size() && (limit_ == 0 || r < limit_); ++r) {
    nlohmann::json entry = nlohmann::json::object();
    write_reading_identity(rules, score.readings[r], entry);
    write_value(scoring, rules, score.readings[r], entry);
    entry["best"] = static_cast<int>(r) == score.best;
    readings.push_back(entry);
  }
  out["interpretations"] = readings;
  out["listed"] = readings.size();
  out["truncated"] = readings.size() < score.readings.size();
}

void ScoreAnalyzer::write_text(const HandAnalysis& analysis, std::ostream& out) const {
  const RuleSet& rules = analysis.rules();
  Scorer& scorer = thread_scorer(serial_, rules, tables_);
  const HandScore& score =
      scorer.score(analysis.hand(), analysis.win_context(), score_options(analysis, budget_ms_));
  const ScoringRules& scoring = scorer.scoring();
  const ScoredReading* best = score.best_reading();
  out << "score            ";
  if (best == nullptr) {
    out << "not a win: " << score.no_win_reason << '\n';
    return;
  }
  out << value_summary(scoring, best->value) << " (reading " << score.best + 1 << " of "
      << score.readings.size() << ")\n";
  if (score.cut != ScoreCut::none) {
    out << "cut              " << cut_text(score, budget_ms_) << '\n';
  }
  for (std::size_t r = 0; r < score.readings.size() && (limit_ == 0 || r < limit_); ++r) {
    const bool is_best = static_cast<int>(r) == score.best;
    out << (is_best ? "  * " : "    ") << r + 1 << ". " << reading_label(rules, score.readings[r])
        << '\n';
    write_reading_text(scoring, rules, score.readings[r], out);
  }
  if (limit_ != 0 && score.readings.size() > limit_) {
    out << "  ... " << (score.readings.size() - limit_)
        << " more readings (raise --limit, or --limit 0 for all)\n";
  }
  if (score.unscored_realisations > 0) {
    out << "unscored         "
        << (score.unscored_realisations == kCountSaturated
                ? std::string("too many")
                : std::to_string(score.unscored_realisations))
        << " realisations beyond the bound\n";
  }
  if (!score.tied.empty()) {
    out << "tied             readings";
    for (std::size_t i = 0; i < score.tied.size(); ++i) {
      out << (i == 0 ? " " : ", ") << score.tied[i] + 1;
    }
    out << ": " << kBestReadingRule << '\n';
  }
}

ExplainAnalyzer::ExplainAnalyzer(const RuleSet& rules, const AnalyzerOptions& options)
    : limit_(options.limit),
      budget_ms_(options.budget_ms),
      tables_(options.search_only ? TableUse::search_only : TableUse::tables),
      serial_(next_analyzer_serial()) {
  static_cast<void>(require_scoring(rules));
}

void ExplainAnalyzer::write_json(const HandAnalysis& analysis, nlohmann::json& out) const {
  const RuleSet& rules = analysis.rules();
  Scorer& scorer = thread_scorer(serial_, rules, tables_);
  const HandScore& score =
      scorer.score(analysis.hand(), analysis.win_context(), score_options(analysis, budget_ms_));
  const ScoringRules& scoring = scorer.scoring();
  nlohmann::json readings = nlohmann::json::array();
  for (std::size_t r = 0; r < score.readings.size() && (limit_ == 0 || r < limit_); ++r) {
    const ScoredReading& scored = score.readings[r];
    nlohmann::json entry = nlohmann::json::object();
    write_reading_identity(rules, scored, entry);
    entry["best"] = static_cast<int>(r) == score.best;
    nlohmann::json patterns = nlohmann::json::array();
    for (std::size_t p = 0; p < scoring.patterns.patterns.size(); ++p) {
      bool counted = false;
      for (const PatternHit& hit : scored.hits) counted = counted || hit.pattern == p;
      patterns.push_back({{"id", scoring.patterns.patterns[p].id},
                          {"counted", counted},
                          {"why", explain_pattern(scoring, scored.features, p, scored.hits)}});
    }
    entry["patterns"] = patterns;
    readings.push_back(entry);
  }
  out["explained"] = readings;
  if (score.cut != ScoreCut::none) out["cut"] = cut_json(score, budget_ms_);
}

void ExplainAnalyzer::write_text(const HandAnalysis& analysis, std::ostream& out) const {
  const RuleSet& rules = analysis.rules();
  Scorer& scorer = thread_scorer(serial_, rules, tables_);
  const HandScore& score =
      scorer.score(analysis.hand(), analysis.win_context(), score_options(analysis, budget_ms_));
  const ScoringRules& scoring = scorer.scoring();
  if (score.readings.empty()) out << "explain          no interpretation\n";
  if (score.cut != ScoreCut::none) {
    out << "cut              " << cut_text(score, budget_ms_) << '\n';
  }
  for (std::size_t r = 0; r < score.readings.size() && (limit_ == 0 || r < limit_); ++r) {
    const ScoredReading& scored = score.readings[r];
    out << (static_cast<int>(r) == score.best ? "* " : "  ") << r + 1 << ". "
        << reading_label(rules, scored) << '\n';
    for (std::size_t p = 0; p < scoring.patterns.patterns.size(); ++p) {
      bool counted = false;
      for (const PatternHit& hit : scored.hits) counted = counted || hit.pattern == p;
      out << "     " << (counted ? "+ " : "- ") << scoring.patterns.patterns[p].id << ": "
          << explain_pattern(scoring, scored.features, p, scored.hits) << '\n';
    }
  }
}

// What the Scorer's reading contexts read.
void ScoreAnalyzer::build_tables(const RuleSet& rules, TableParts parts) const {
  build_reading_tables(rules, tables_, parts);
}

void ExplainAnalyzer::build_tables(const RuleSet& rules, TableParts parts) const {
  build_reading_tables(rules, tables_, parts);
}

}  // namespace meldgraph
