#pragma once
/// JSON forms of the engine's values, shared by the graph export and every analyzer.
/// Only the forward declaration of nlohmann::json is pulled in here.

#include <nlohmann/json_fwd.hpp>

#include "meldgraph/decomposition.hpp"

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

}  // namespace meldgraph
