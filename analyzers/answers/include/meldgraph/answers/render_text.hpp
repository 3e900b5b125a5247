#pragma once
/// The answers as text for a person (`analyze`, `explain`): each writer prints an answer's
/// lines, a 17-column label then the figures.

#include <iosfwd>

#include "meldgraph/answers/advise.hpp"
#include "meldgraph/answers/explain.hpp"
#include "meldgraph/answers/interpretations.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/shanten.hpp"
#include "meldgraph/answers/waits.hpp"
#include "meldgraph/answers/win.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

/// `win              yes (standard)`.
void write_win_text(const WinAnswer& answer, const RuleSet& rules, std::ostream& out);
/// The completing tiles with their glyphs and copies left, and what a wildcard draw does.
void write_waits_text(const WaitsAnswer& answer, const RuleSet& rules, std::ostream& out);
/// The shanten (by form) and, for a hand of 3n+1 tiles, the improving tiles.
void write_shanten_text(const ShantenAnswer& answer, const RuleSet& rules, std::ostream& out);
/// The count by form, then each listed interpretation: its reading, its glyphs, and its
/// realisations when a listing was asked for.
void write_interpretations_text(const InterpretationsAnswer& answer, const RuleSet& rules,
                                std::ostream& out);
/// The best reading's value, then the best reading (whatever the listing's limit cut) and every
/// other listed reading (none under `--best`: ScoreAnswer::best_only), each with its patterns by
/// name, value, fu and payments; ties are counted. `rules` must have a scoring section.
void write_score_text(const ScoreAnswer& answer, const RuleSet& rules, std::ostream& out);
/// Each listed reading, then per pattern `+ NAME: why` or `- NAME: why`. `rules` must have a
/// scoring section.
void write_explain_text(const ExplainAnswer& answer, const RuleSet& rules, std::ostream& out);

/// The hand's shanten, then each option best first: its shanten and improving tiles, or its
/// waits with their copies left and points.
void write_advise_text(const AdviseAnswer& answer, const RuleSet& rules, std::ostream& out);

}  // namespace meldgraph
