#pragma once
/// A progress line on standard error for long runs (corpus, stats): hands done, rate and time
/// left, redrawn in place at most a few times a second. Shown only when standard error is a
/// terminal, so it never reaches a file, a pipe or machine output (docs/corpus.md, "Progress").

#include <chrono>
#include <cstdint>
#include <string>

namespace meldgraph::cli {

class ProgressLine {
 public:
  /// `what` starts the line (`corpus deal`); `total` is the hands the run will do (0: unknown,
  /// then no percentage or time left is shown).
  ProgressLine(std::string what, std::uint64_t total);
  /// Clears the line.
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// `done` hands so far; redraws when a quarter of a second has passed since the last drawing.
  void update(std::uint64_t done);
  /// Whether a progress line is drawn at all: standard error is a terminal.
  [[nodiscard]] static bool terminal();

 private:
  std::string what_;
  std::uint64_t total_;
  bool shown_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace meldgraph::cli
