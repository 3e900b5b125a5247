#pragma once
/// JSON forms of the engine's values, shared by the graph export and every analyzer.
/// Only the forward declaration of nlohmann::json is pulled in here.

#include <nlohmann/json_fwd.hpp>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/reading.hpp"

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
/// "Interpretation fields for scorers"): red fives written 0 in "text", per group "slots",
/// "state", "source", "by_discard", "counts_as_open", and "realisations" (with
/// "realisations_saturated") when the interpretation has abstract groups. `interpretation` is the
/// one `reading` was made from, an interpretation of `context.hand`.
[[nodiscard]] nlohmann::json reading_to_json(const Reading& reading,
                                             const Interpretation& interpretation,
                                             const ReadingContext& context);

/// format_interpretation with red fives written 0.
[[nodiscard]] std::string format_reading(const Reading& reading, const RuleSet& rules);

}  // namespace meldgraph
