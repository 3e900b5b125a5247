/// Drawing a `stats` report with gnuplot: a script with the data inline (datablocks), written to
/// a temporary file and run by the gnuplot found on PATH.

#include "stats_plot.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "meldgraph/model/error.hpp"

extern char** environ;  // NOLINT(readability-redundant-declaration): POSIX declares it nowhere

namespace meldgraph::cli {
namespace {

/// The first executable `gnuplot` on PATH, or empty.
std::string find_gnuplot() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path == nullptr ? "" : path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    std::string candidate = (dir.empty() ? std::string(".") : dir) + "/gnuplot";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

/// A gnuplot single-quoted string: a quote inside is doubled.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

/// A gnuplot data string: double-quoted (gnuplot's data files group a label with spaces so, and
/// write no quotes on the axis), a double quote inside replaced by a single one.
std::string data_label(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? '\'' : c;
  return out + "\"";
}

/// One bar: its label, its share in percent and, when the report gives one, its 95% interval.
struct Bar {
  std::string label;
  double percent = 0;
  std::optional<std::pair<double, double>> interval;
};

/// One chart: a datablock of bars drawn as boxes with their intervals as error bars.
struct Chart {
  std::string title;
  std::string x_label;
  std::vector<Bar> bars;
};

/// A share of the report in percent; 0 where nothing was counted (a null share).
double share_percent(const nlohmann::ordered_json& proportion) {
  return proportion["share"].is_null() ? 0.0 : 100 * proportion["share"].get<double>();
}

/// The bar of a proportion of the report: its share and Wilson interval in percent.
Bar proportion_bar(std::string label, const nlohmann::ordered_json& proportion) {
  Bar bar{std::move(label), share_percent(proportion), std::nullopt};
  if (proportion.contains("ci95") && proportion["ci95"].is_array()) {
    bar.interval = {100 * proportion["ci95"][0].get<double>(),
                    100 * proportion["ci95"][1].get<double>()};
  }
  return bar;
}

/// The bars of a distribution's entries: the value under `key`, the share in percent.
Chart distribution_chart(const nlohmann::ordered_json& entries, const char* key, std::string title,
                         std::string x_label) {
  Chart chart{std::move(title), std::move(x_label), {}};
  for (const auto& entry : entries) {
    chart.bars.push_back(proportion_bar(std::to_string(entry[key].get<int>()), entry));
  }
  return chart;
}

/// How the picture is written, from the file's extension: `pngcairo` for .png, `svg` for .svg.
std::string terminal_for(const std::string& path) {
  const auto ends_with = [&](const char* suffix) {
    const std::string tail(suffix);
    return path.size() > tail.size() &&
           path.compare(path.size() - tail.size(), tail.size(), tail) == 0;
  };
  if (ends_with(".png")) return "pngcairo";
  if (ends_with(".svg")) return "svg";
  throw Error("--plot: '" + path + "': the file's name ends in .png (a PNG image) or .svg (SVG)");
}

/// The gnuplot script of `charts`, one below the other, into `output` by `terminal`. Text is not
/// "enhanced" (an underscore is an underscore, not a subscript); labels of many bars are turned
/// so that none overlaps or is cut off; a bar with an interval carries it as an error bar.
std::string script(const std::vector<Chart>& charts, const std::string& output,
                   const std::string& terminal) {
  // Charts of many bars turn their labels upright, below the axis: the longest label sets the
  // bottom margin (about 0.6 character heights a character) and the height of each chart's slot.
  // A chart's labels stand upright when there are many bars, or when side by side they would
  // take more than the width (about 90 characters of the 1000-pixel picture).
  constexpr std::size_t kManyBars = 8;
  constexpr std::size_t kLabelRoom = 90;
  const auto upright = [&](const Chart& chart) {
    std::size_t widest = 0;
    for (const Bar& bar : chart.bars) widest = std::max(widest, bar.label.size() + 2);
    return chart.bars.size() > kManyBars || widest * chart.bars.size() > kLabelRoom;
  };
  std::size_t longest = 0;
  for (const Chart& chart : charts) {
    if (!upright(chart)) continue;
    for (const Bar& bar : chart.bars) longest = std::max(longest, bar.label.size());
  }
  // Upright text takes about half a character height a character.
  const auto label_margin = static_cast<int>(3 + (longest * 5) / 10);
  const auto chart_height = static_cast<std::size_t>(380 + 14 * label_margin);
  std::ostringstream out;
  out << "set terminal " << terminal << " noenhanced size 1000," << chart_height * charts.size()
      << (terminal == "svg" ? " dynamic" : "") << " font 'sans,11'\n"
      << "set output " << quoted(output) << "\n"
      << "set style fill solid 0.8 border -1\nset boxwidth 0.7\nset grid ytics\n"
      << "set ylabel '% of hands'\nset yrange [0:*]\nset offsets 0.5, 0.5, 0, 0\n"
      << "set bars 2\nset errorbars lc rgb '#222222'\n";
  for (std::size_t c = 0; c < charts.size(); ++c) {
    out << "$chart" << c << " << EOD\n";
    for (std::size_t b = 0; b < charts[c].bars.size(); ++b) {
      const Bar& bar = charts[c].bars[b];
      const auto [low, high] = bar.interval.value_or(std::pair{bar.percent, bar.percent});
      out << b << ' ' << data_label(bar.label) << ' ' << bar.percent << ' ' << low << ' ' << high
          << '\n';
    }
    out << "EOD\n";
  }
  out << "set multiplot layout " << charts.size() << ",1\n";
  for (std::size_t c = 0; c < charts.size(); ++c) {
    const bool many = upright(charts[c]);
    out << "set title " << quoted(charts[c].title) << "\nset xlabel " << quoted(charts[c].x_label)
        << "\n";
    if (many) {
      // The slot fits the longest label of all; each chart's margin fits its own.
      std::size_t own = 0;
      for (const Bar& bar : charts[c].bars) own = std::max(own, bar.label.size());
      out << "set xtics rotate by 90 right\nset bmargin " << 3 + (own * 5) / 10 << "\n";
    } else {
      out << "set xtics norotate\nset bmargin 4\n";
    }
    out << "plot $chart" << c << " using 1:3:xtic(2) with boxes lc rgb '#4477aa' notitle, \\\n"
        << "     $chart" << c
        << " using 1:3:4:5 with yerrorbars pt 7 ps 0 lc rgb '#222222' notitle\n";
  }
  out << "unset multiplot\nset output\n";
  return out.str();
}

/// Runs gnuplot on `script_path`; returns its exit status (-1 when it did not exit normally).
int run_gnuplot(const std::string& gnuplot, const std::string& script_path) {
  std::vector<char*> argv{const_cast<char*>(gnuplot.c_str()),
                          const_cast<char*>(script_path.c_str()), nullptr};
  pid_t pid = 0;
  if (posix_spawn(&pid, gnuplot.c_str(), nullptr, nullptr, argv.data(), environ) != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::string points_range_label(const nlohmann::ordered_json& entry) {
  if (entry["from"].is_null()) return "0 or less";
  return std::to_string(entry["from"].get<std::int64_t>()) + "-" +
         std::to_string(entry["to"].get<std::int64_t>());
}

void plot_stats(const nlohmann::ordered_json& report, const std::string& path) {
  const std::string gnuplot = find_gnuplot();
  if (gnuplot.empty()) {
    throw Error("--plot: gnuplot was not found on PATH (Debian: apt-get install gnuplot-nox)");
  }
  const std::string terminal = terminal_for(path);
  if (!std::ofstream(path)) throw Error("--plot: cannot write '" + path + "'");
  std::vector<Chart> charts;
  charts.push_back(distribution_chart(report["shanten"]["distribution"], "shanten",
                                      "Shanten, best of all forms", "shanten (-1: complete)"));
  Chart forms{"Nearest form", "form", {}};
  for (const auto& form : report["forms"]) {
    forms.bars.push_back(proportion_bar(form["form"].get<std::string>(), form["nearest"]));
  }
  charts.push_back(std::move(forms));
  if (!report["waits"]["kinds"]["distribution"].empty()) {
    Chart waits = distribution_chart(report["waits"]["kinds"]["distribution"], "kinds",
                                     "Waiting hands by kinds of waiting tile", "kinds of tile");
    waits.title +=
        " (" + std::to_string(report["waits"]["waiting"]["hands"].get<std::uint64_t>()) + " hands)";
    charts.push_back(std::move(waits));
  }
  if (report.contains("score") && report["score"].is_object() &&
      !report["score"]["patterns"].empty()) {
    const auto& score = report["score"];
    Chart patterns{"Patterns counted in the winning hands' best readings (" +
                       std::to_string(score["wins"]["hands"].get<std::uint64_t>()) +
                       " wins; mean points " +
                       (score["points"]["mean"].is_null()
                            ? std::string("n/a")
                            : std::to_string(std::llround(score["points"]["mean"].get<double>()))) +
                       ")",
                   "pattern",
                   {}};
    for (const auto& entry : score["patterns"]) {
      patterns.bars.push_back(proportion_bar(entry["pattern"].get<std::string>(), entry));
    }
    charts.push_back(std::move(patterns));
    Chart points{
        "Winning hands by the points of their best reading (ranges that double)", "points", {}};
    for (const auto& entry : score["points"]["distribution"]) {
      points.bars.push_back(proportion_bar(points_range_label(entry), entry));
    }
    charts.push_back(std::move(points));
  }
  char script_path[] = "/tmp/meldgraph-plot-XXXXXX";
  const int fd = mkstemp(script_path);
  if (fd < 0) throw Error("--plot: cannot create a temporary file for the gnuplot script");
  close(fd);
  {
    std::ofstream file(script_path);
    file << script(charts, path, terminal);
    if (!file.flush()) {
      std::remove(script_path);
      throw Error("--plot: writing the gnuplot script failed");
    }
  }
  const int status = run_gnuplot(gnuplot, script_path);
  std::remove(script_path);
  if (status != 0) {
    throw Error("--plot: " + gnuplot + " failed (exit " + std::to_string(status) + ") drawing '" +
                path + "'");
  }
}

}  // namespace meldgraph::cli
