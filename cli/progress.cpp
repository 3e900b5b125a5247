#include "progress.hpp"

#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <string>
#include <utility>

namespace meldgraph::cli {
namespace {

/// Seconds as h:mm:ss or m:ss.
std::string clock_text(double seconds) {
  const auto total = static_cast<std::uint64_t>(seconds + 0.5);
  char text[32];
  if (total >= 3600) {
    std::snprintf(text, sizeof text, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, total / 3600,
                  total / 60 % 60, total % 60);
  } else {
    std::snprintf(text, sizeof text, "%" PRIu64 ":%02" PRIu64, total / 60, total % 60);
  }
  return text;
}

}  // namespace

ProgressLine::ProgressLine(std::string what, std::uint64_t total)
    : what_(std::move(what)),
      total_(total),
      shown_(terminal()),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

bool ProgressLine::terminal() {
  return isatty(STDERR_FILENO) == 1;
}

ProgressLine::~ProgressLine() {
  // Erases the line so that what follows (an error, the shell's prompt) starts clean.
  if (drawn_) std::fputs("\r\033[K", stderr);
}

void ProgressLine::update(std::uint64_t done) {
  if (!shown_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  std::string line = "\r\033[K" + what_ + ": " + std::to_string(done);
  if (total_ > 0) {
    char percent[32];
    std::snprintf(percent, sizeof percent, " / %" PRIu64 " (%.1f%%)", total_,
                  100.0 * static_cast<double>(done) / static_cast<double>(total_));
    line += percent;
  }
  char rate_text[48];
  std::snprintf(rate_text, sizeof rate_text, ", %.0f hands/s", rate);
  line += rate_text;
  if (total_ > 0 && rate > 0 && done <= total_) {
    line += ", " + clock_text(static_cast<double>(total_ - done) / rate) + " left";
  }
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace meldgraph::cli
