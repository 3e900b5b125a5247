#pragma once
/// `stats --plot FILE.svg`: the report's distributions drawn by gnuplot (its svg terminal), run
/// as a subprocess found on PATH at run time (docs/cli.md, "## stats").

#include <nlohmann/json.hpp>
#include <string>

namespace meldgraph::cli {

/// Draws the charts of a `stats` report (stats_to_json) into `path`: the shanten distribution
/// over all forms, each form's share of hands it is nearest for, and the waiting hands by how
/// many kinds of tile complete them (a chart without data is left out). One bar per entry of
/// those lists. Throws Error when gnuplot is missing, `path` cannot be written or gnuplot fails.
void plot_stats(const nlohmann::ordered_json& report, const std::string& path);

}  // namespace meldgraph::cli
