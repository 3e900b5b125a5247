#pragma once
/// JSON and text forms of the engine's values (groups, interpretations, readings, realisations,
/// the decomposition), shared by the graph export and the answers' renderers.
/// Only the forward declaration of nlohmann::json is pulled in here.

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>

#include "meldgraph/reading/reading.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph {

/// {"kind", "text", "tiles": [codes], "wild": [bools], "wildcards": N}; abstract groups have
/// empty tile lists.
[[nodiscard]] nlohmann::json group_to_json(const Group& group, const RuleSet& rules);

/// {"form": NAME, "groups": [...], "wildcards": N, "text": "123m 456p ..."}.
[[nodiscard]] nlohmann::json interpretation_to_json(const Interpretation& interpretation,
                                                    const RuleSet& rules);

/// Interpretation as one line of text: groups separated by spaces.
[[nodiscard]] std::string format_interpretation(const Interpretation& interpretation,
                                                const RuleSet& rules);

/// interpretation_to_json with the reading's fields for scorers added (docs/engine.md,
/// "Interpretation fields for scorers"): red fives written 0 in "text", "winning_red" when
/// `has_winning_tile` (the hand has one), per group "slots", "state", "source", "claimed_slot" and
/// "claimed", "by_discard", "counts_as_open". `interpretation` is the one `reading` was made from.
[[nodiscard]] nlohmann::json reading_to_json(const Reading& reading,
                                             const Interpretation& interpretation,
                                             bool has_winning_tile, const RuleSet& rules);

/// One realisation of an interpretation's abstract groups (Realisations::list; `winning_index`
/// as Realisations::winning_index): {"text", "groups": [group_to_json], and with a winning group
/// "winning_group", "winning_tile" (what the winning wildcard stands for) and "wait"}.
[[nodiscard]] nlohmann::json realisation_to_json(std::span<const Group> groups, int winning_index,
                                                 const RuleSet& rules);

/// A realisation as text: its groups, then the winning one, its winning tile and wait:
/// `{3}{4}{5}m {1}{1}z  (wins {3}{4}{5}m on 4m, closed wait)`.
[[nodiscard]] std::string format_realisation(std::span<const Group> groups, int winning_index,
                                             const RuleSet& rules);

/// The whole decomposition as Graphviz DOT (one digraph per form), or the graph of `form` (an
/// index into RuleSet::forms()) alone.
[[nodiscard]] std::string decomposition_to_dot(const Decomposition& decomposition,
                                               std::optional<std::size_t> form = std::nullopt);
/// The whole decomposition as JSON text: per form, vertices, edges, root, goal, path count; or
/// the entry of `form` alone.
[[nodiscard]] std::string decomposition_to_json(const Decomposition& decomposition,
                                                std::optional<std::size_t> form = std::nullopt);

/// format_interpretation with red fives written 0.
[[nodiscard]] std::string format_reading(const Reading& reading, const RuleSet& rules);

}  // namespace meldgraph
