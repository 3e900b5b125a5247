/// Drawing a `stats` report with gnuplot: a script with the data inline (datablocks), written to
/// a temporary file and run by the gnuplot found on PATH.

#include "stats_plot.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
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

/// One chart: a datablock of (label, percent) rows drawn as boxes.
struct Chart {
  std::string title;
  std::string x_label;
  std::vector<std::pair<std::string, double>> bars;
};

/// A share of the report in percent; 0 where nothing was counted (a null share).
double share_percent(const nlohmann::ordered_json& proportion) {
  return proportion["share"].is_null() ? 0.0 : 100 * proportion["share"].get<double>();
}

/// The bars of a distribution's entries: the value under `key`, the share in percent.
Chart distribution_chart(const nlohmann::ordered_json& entries, const char* key, std::string title,
                         std::string x_label) {
  Chart chart{std::move(title), std::move(x_label), {}};
  for (const auto& entry : entries) {
    chart.bars.emplace_back(std::to_string(entry[key].get<int>()),
                            share_percent(entry));
  }
  return chart;
}

std::string script(const std::vector<Chart>& charts, const std::string& output) {
  std::ostringstream out;
  out << "set terminal svg size 900," << 320 * charts.size() << " dynamic font 'sans,11'\n"
      << "set output " << quoted(output) << "\n"
      << "set style fill solid 0.8 border -1\nset boxwidth 0.7\nset grid ytics\n"
      << "set ylabel '% of hands'\nset yrange [0:*]\nset offsets 0.5, 0.5, 0, 0\n";
  for (std::size_t c = 0; c < charts.size(); ++c) {
    out << "$chart" << c << " << EOD\n";
    for (std::size_t b = 0; b < charts[c].bars.size(); ++b) {
      out << b << ' ' << quoted(charts[c].bars[b].first) << ' ' << charts[c].bars[b].second << '\n';
    }
    out << "EOD\n";
  }
  out << "set multiplot layout " << charts.size() << ",1\n";
  for (std::size_t c = 0; c < charts.size(); ++c) {
    out << "set title " << quoted(charts[c].title) << "\nset xlabel " << quoted(charts[c].x_label)
        << "\nplot $chart" << c << " using 1:3:xtic(2) with boxes lc rgb '#4477aa' notitle\n";
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

void plot_stats(const nlohmann::ordered_json& report, const std::string& path) {
  const std::string gnuplot = find_gnuplot();
  if (gnuplot.empty()) {
    throw Error("--plot: gnuplot was not found on PATH (Debian: apt-get install gnuplot-nox)");
  }
  if (!std::ofstream(path)) throw Error("--plot: cannot write '" + path + "'");
  std::vector<Chart> charts;
  charts.push_back(distribution_chart(report["shanten"]["distribution"], "shanten",
                                      "Shanten, best of all forms", "shanten (-1: complete)"));
  Chart forms{"Nearest form", "form", {}};
  for (const auto& form : report["forms"]) {
    forms.bars.emplace_back(form["form"].get<std::string>(),
                            share_percent(form["nearest"]));
  }
  charts.push_back(std::move(forms));
  if (!report["waits"]["kinds"]["distribution"].empty()) {
    Chart waits = distribution_chart(report["waits"]["kinds"]["distribution"], "kinds",
                                     "Waiting hands by kinds of waiting tile", "kinds of tile");
    waits.title +=
        " (" + std::to_string(report["waits"]["waiting"]["hands"].get<std::uint64_t>()) + " hands)";
    charts.push_back(std::move(waits));
  }
  char script_path[] = "/tmp/meldgraph-plot-XXXXXX";
  const int fd = mkstemp(script_path);
  if (fd < 0) throw Error("--plot: cannot create a temporary file for the gnuplot script");
  close(fd);
  {
    std::ofstream file(script_path);
    file << script(charts, path);
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
