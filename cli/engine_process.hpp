#pragma once
/// Another engine run as a subprocess for `diff` (docs/corpus.md, "Testing another engine"): one
/// line written to its standard input, one line read from its standard output, each answer
/// waited for at most a timeout. A crash, a timeout or a closed output is a reply of its own
/// kind, never an exception: the engine is started again for the next line.

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <utility>

namespace meldgraph::cli {

/// What the engine answered to one line.
struct EngineReply {
  enum class Kind {
    line,     ///< `text` is its line (without the newline)
    timeout,  ///< no line within the timeout: the engine was killed
    crashed,  ///< it ended (or closed its output) before a line: `status` says how
  };
  Kind kind = Kind::line;
  std::string text;
  std::string status;  ///< crashed: "exit 1", "signal 11"
};

class EngineProcess {
 public:
  /// `command` is run by /bin/sh -c when the first line is asked.
  explicit EngineProcess(std::string command) : command_(std::move(command)) {}
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  /// Writes `line` and a newline to the engine and reads its reply line, waiting at most
  /// `timeout_ms` milliseconds. Throws Error when the engine cannot be started at all.
  [[nodiscard]] EngineReply ask(const std::string& line, int timeout_ms);

  /// Replies the engine gave (lines, not timeouts or crashes).
  [[nodiscard]] std::uint64_t replies() const { return replies_; }

 private:
  void start();
  /// Ends the engine (killed when `kill`), and says how it ended.
  std::string stop(bool kill);

  std::string command_;
  pid_t pid_ = -1;
  int to_engine_ = -1;
  int from_engine_ = -1;
  std::string pending_;  ///< read past the last line returned
  std::uint64_t replies_ = 0;
};

}  // namespace meldgraph::cli
