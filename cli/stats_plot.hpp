#pragma once
/// `stats --plot FILE.svg`: the report's distributions drawn by gnuplot (its svg terminal), run
/// as a subprocess found on PATH at run time (docs/cli.md, "## stats").

#include <nlohmann/json.hpp>
#include <string>

namespace meldgraph::cli {

/// The label of an entry of a report's points distribution: `1024-2047`, `0 or less`.
[[nodiscard]] std::string points_range_label(const nlohmann::ordered_json& entry);

/// Draws the charts of a `stats` report (stats_to_json) into `path`: the shanten distribution
/// over all forms, each form's share of hands it is nearest for, and the waiting hands by how
/// many kinds of tile complete them, the patterns counted in the winning hands and the winning
/// hands by points range (a chart without data is left out). One bar per entry of
/// those lists. Throws Error when gnuplot is missing, `path` cannot be written or gnuplot fails.
void plot_stats(const nlohmann::ordered_json& report, const std::string& path);

}  // namespace meldgraph::cli
