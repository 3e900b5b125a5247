/// The score and explain answers as JSON (render_json.hpp).

#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "score_words.hpp"

namespace meldgraph {

std::string score_unit_key(const ScoringRules& scoring) {
  return scoring.unit == ScoringUnit::points ? std::string("pattern_points")
                                             : std::string(scoring_unit_name(scoring.unit));
}

namespace {

/// The patterns that counted, each with its names, value and multiplicity.
nlohmann::json patterns_json(const ScoringRules& scoring, const std::string& unit,
                             const std::vector<PatternHit>& hits) {
  nlohmann::json patterns = nlohmann::json::array();
  for (const PatternHit& hit : hits) {
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
    patterns.push_back(std::move(entry));
  }
  return patterns;
}

/// The fu parts, each with the group it comes from.
nlohmann::json fu_parts_json(const ReadingScore& scored, const RuleSet& rules) {
  nlohmann::json parts = nlohmann::json::array();
  for (const FuPart& part : scored.value.fu_parts) {
    nlohmann::json entry = {{"source", std::string(fu_source_word(part.source))}, {"fu", part.fu}};
    if (const ReadingGroup* group = fu_part_group(part, scored.reading)) {
      entry["group"] = format_reading_group(*group, rules);
    }
    parts.push_back(std::move(entry));
  }
  return parts;
}

/// The value fields of one reading, written into `out` (the top level of a score answer, or one
/// entry of its "interpretations").
void write_value(const ScoringRules& scoring, const RuleSet& rules, const ReadingScore& scored,
                 nlohmann::json& out) {
  const std::string unit = score_unit_key(scoring);
  const ReadingValue& value = scored.value;
  out["patterns"] = patterns_json(scoring, unit, scored.hits);
  out[unit] = value.units;
  out["fu"] = value.fu;
  out["fu_parts"] = fu_parts_json(scored, rules);
  out["dora"] = value.dora;
  out["ura"] = value.ura;
  out["red"] = value.red;
  out["yakuman"] = value.yakuman;
  out["limit"] = value.limit;
  out["points"] = value.points;
  nlohmann::json payments = nlohmann::json::object();
  // The seats of the rule set's players: E, S, W under three.
  for (std::size_t seat = 0; seat < static_cast<std::size_t>(rules.players()); ++seat) {
    payments[std::string(kSeatCodes[seat])] = value.payments[seat];
  }
  out["payments"] = std::move(payments);
  out["wins"] = value.wins;
  if (!value.wins) out["no_win_reason"] = value.no_win_reason;
}

/// One scored reading's origin: its interpretation, form, text and realisation.
void write_origin(const ReadingOrigin& origin, const Reading& reading, const RuleSet& rules,
                  nlohmann::json& out) {
  out["interpretation"] = origin.interpretation;
  out["form"] = rules.forms()[reading.form].name;
  out["text"] = format_reading(reading, rules);
  if (origin.realised) {
    out["realisation"] = origin.realisation;
    out["alike"] = origin.alike;
  }
}

/// The note of a scoring that stopped early (docs/cli.md, "cut"): what stopped it, how many
/// interpretations were scored, whether the last of them in part.
nlohmann::json cut_json(const ScoringCut& cut) {
  nlohmann::json out = nlohmann::json::object();
  if (cut.by == ScoreCut::budget) {
    out["by"] = "budget";
    out["budget_ms"] = cut.budget_ms;
  } else {
    out["by"] = "bound";
  }
  out["interpretations_scored"] = cut.interpretations;
  out["last_in_part"] = cut.last_in_part;
  out["best_of"] = "the readings scored";
  return out;
}

}  // namespace

void write_score_json(const ScoreAnswer& answer, const RuleSet& rules, nlohmann::json& out) {
  const ScoringRules& scoring = require_scoring(rules);
  out["wins"] = answer.wins;
  if (!answer.wins) out["no_win_reason"] = answer.no_win_reason;
  // The best reading's value fields hold its own `wins` and `no_win_reason`, the hand's.
  if (answer.best_reading) {
    write_value(scoring, rules, *answer.best_reading, out);
    out["wins"] = answer.wins;
  }
  out["best"] = answer.best;
  out["tied"] = answer.tied;
  out["tie_rule"] = std::string(kBestReadingRule);
  out["readings"] = answer.scored;
  if (answer.unscored_realisations > 0) {
    out["unscored_realisations"] = answer.unscored_realisations;
    if (answer.unscored_realisations == kCountSaturated) out["unscored_saturated"] = true;
  }
  if (answer.cut.by != ScoreCut::none) out["cut"] = cut_json(answer.cut);
  if (answer.best_only) return;
  nlohmann::json readings = nlohmann::json::array();
  for (std::size_t r = 0; r < answer.readings.size(); ++r) {
    const ReadingScore& scored = answer.readings[r];
    nlohmann::json entry = nlohmann::json::object();
    write_origin(scored.origin, scored.reading, rules, entry);
    write_value(scoring, rules, scored, entry);
    entry["best"] = static_cast<int>(r) == answer.best;
    readings.push_back(std::move(entry));
  }
  out["interpretations"] = std::move(readings);
  out["listed"] = answer.readings.size();
  out["truncated"] = answer.readings.size() < answer.reading_count;
}

void write_explain_json(const ExplainAnswer& answer, const RuleSet& rules, nlohmann::json& out) {
  const ScoringRules& scoring = require_scoring(rules);
  nlohmann::json readings = nlohmann::json::array();
  for (const ExplainedReading& explained : answer.readings) {
    nlohmann::json entry = nlohmann::json::object();
    write_origin(explained.origin, explained.reading, rules, entry);
    entry["best"] = explained.best;
    nlohmann::json patterns = nlohmann::json::array();
    for (const PatternVerdict& verdict : explained.patterns) {
      patterns.push_back({{"id", scoring.patterns.patterns[verdict.pattern].id},
                          {"counted", verdict.counted},
                          {"why", verdict.why}});
    }
    entry["patterns"] = std::move(patterns);
    readings.push_back(std::move(entry));
  }
  out["explained"] = std::move(readings);
  if (answer.cut.by != ScoreCut::none) out["cut"] = cut_json(answer.cut);
}

}  // namespace meldgraph
