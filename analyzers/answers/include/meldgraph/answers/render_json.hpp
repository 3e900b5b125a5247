#pragma once
/// The answers as JSON: each writer adds an answer's fields to a JSON object (docs/cli.md names
/// them), which `batch` writes beside the hand, `analyze` and the corpus labels compose. Ids
/// (forms, tiles, patterns) are named by the rule set the answer was computed under. Only the
/// forward declaration of nlohmann::json is pulled in here.

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "meldgraph/answers/advise.hpp"
#include "meldgraph/answers/explain.hpp"
#include "meldgraph/answers/interpretations.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/shanten.hpp"
#include "meldgraph/answers/waits.hpp"
#include "meldgraph/answers/win.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

struct ScoringRules;

/// The names of `forms` (indices into RuleSet::forms()), as a JSON array.
[[nodiscard]] nlohmann::json form_names_json(const std::vector<std::size_t>& forms,
                                             const RuleSet& rules);

/// "tiles", "wildcards", "declared_wildcards".
void write_hand_counts_json(const HandCounts& counts, nlohmann::json& out);
/// "win", "forms" (names), and the hand's counts (write_hand_counts_json).
void write_win_json(const WinAnswer& answer, const RuleSet& rules, nlohmann::json& out);

/// The completing tiles: [{"tile": "1m", "forms": [names], "remaining": 3}, ...].
[[nodiscard]] nlohmann::json wait_tiles_json(const WaitsAnswer& answer, const RuleSet& rules);
/// "waits" (wait_tiles_json), "remaining_total", and where the rule set has wildcards
/// "wildcard_completes" and "wildcard_forms" (names).
void write_waits_json(const WaitsAnswer& answer, const RuleSet& rules, nlohmann::json& out);

/// The shanten by form: {form name: N}.
[[nodiscard]] nlohmann::json shanten_by_form_json(const ShantenAnswer& answer,
                                                  const RuleSet& rules);
/// The improving tiles: [{"tile": "1m", "remaining": 3}, ...].
[[nodiscard]] nlohmann::json improving_json(const std::vector<Improvement>& improving,
                                            const RuleSet& rules);
/// "shanten", "shanten_by_form" (shanten_by_form_json; `by_form` is the interpretation counts'
/// name in every output) and, for a hand of 3n+1 tiles, "improving".
void write_shanten_json(const ShantenAnswer& answer, const RuleSet& rules, nlohmann::json& out);

/// "count" (with "count_saturated"), "by_form" ({form name: N}), "interpretations" (each
/// interpretation's reading: reading_json), "listed", "truncated" (with "truncated_by": "limit"
/// or "budget"), and "waits_before_win" when the answer has them.
void write_interpretations_json(const InterpretationsAnswer& answer, const RuleSet& rules,
                                nlohmann::json& out);
/// One listed interpretation: interpretation_to_json's fields with the reading's fields for
/// scorers (docs/engine.md, "Interpretation fields for scorers"): red fives written 0 in
/// "text", "winning_red" when the hand has a winning tile, per group "slots", "state", "source",
/// "claimed_slot" and "claimed", "by_discard", "counts_as_open", and "realisations" (with
/// "realisations_saturated") when the interpretation has abstract groups; with a listing asked
/// for, also "realised_groups", "realisation_list" (realisation_to_json each) and
/// "realisations_unlisted".
[[nodiscard]] nlohmann::json reading_json(const ListedInterpretation& listed, bool has_winning_tile,
                                          const RuleSet& rules);

/// The key a reading's pattern total is written under: the unit's name (han, fan, faan, tai), or
/// `pattern_points` for the points unit, whose name the points total already takes.
[[nodiscard]] std::string score_unit_key(const ScoringRules& scoring);
/// docs/cli.md, "score": "wins", "no_win_reason", the best reading's value fields (as
/// "interpretations" entries have them: "patterns", UNIT, "fu", "fu_parts", "dora", "ura", "red",
/// "yakuman", "limit", "points", "payments"), then "best", "tied", "tie_rule", "readings",
/// "unscored_realisations" (with "unscored_saturated"), "cut" when the scoring stopped early,
/// "interpretations" (each listed reading's origin and value fields, and "best"), "listed" and
/// "truncated". `rules` must have a scoring section.
void write_score_json(const ScoreAnswer& answer, const RuleSet& rules, nlohmann::json& out);

/// "explained": per listed reading its origin fields, "best" and "patterns" ([{"id", "counted",
/// "why"}]); "cut" when the scoring stopped early. `rules` must have a scoring section.
void write_explain_json(const ExplainAnswer& answer, const RuleSet& rules, nlohmann::json& out);

/// "shanten" and "discards" (or, for a hand of 3n+1 tiles, "draws"): each option's "discard",
/// "shanten", "by_form", "improving" (codes), "improving_count", and "waits" ([{"tile", "left",
/// "ron", "tsumo"}]) with "wait_value" when ready, "second_step" when not (docs/analysis.md).
void write_advise_json(const AdviseAnswer& answer, const RuleSet& rules, nlohmann::json& out);

}  // namespace meldgraph
