#pragma once
/// meldgraph's public API in one header (docs/library.md): load a rule set, read a hand and its
/// situation, and ask for its answers as values (win, interpretations, waits, shanten, scored
/// readings, explanations), corpora of hands and their statistics. Each header below may also
/// be included alone.

// The version: the headers' macros, the library's version().
#include "meldgraph/version.hpp"

// Tiles, rule sets, hands, groups and the notation, a hand's situation, the errors.
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tile_table.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/model/win_context.hpp"

// Rule sets: built-in names, files and YAML text, with every section meldgraph ships.
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/loader/loader.hpp"

// A hand and its situation as a program gives them.
#include "meldgraph/answers/hand_input.hpp"

// The engine's direct questions (is_win, wait_mask, shanten_number) and their results.
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/queries/results.hpp"

// The answers as values, what they are computed from, and a thread's scoring workspace.
#include "meldgraph/answers/explain.hpp"
#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/interpretations.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/shanten.hpp"
#include "meldgraph/answers/waits.hpp"
#include "meldgraph/answers/win.hpp"
#include "meldgraph/answers/workspace.hpp"

// The scoring section's values the answers index into (patterns, units, points).
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"

// The answers as JSON and text, and the analyzers that pair them by name (`batch --op NAME`).
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/render_text.hpp"

// Corpora: every complete hand of a size, dealt and random hands, statistics.
#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/corpus/stats.hpp"
