#pragma once
/// What every command's standard output goes through: write faults seen and reported, and
/// interruption (SIGINT, SIGTERM) ending a run on a complete line (docs/errors.md, "Output").
///
/// Invariant kept by the commands: whatever they have handed to std::cout when they poll
/// stop_requested() or call check_output() ends with a newline, so stopping there never leaves a
/// partial line.

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <streambuf>
#include <string>

namespace meldgraph::cli {

/// Standard output can no longer be written: a full disk, an I/O error, or a reader that closed
/// its end of the pipe (`closed_pipe`, which ends the run quietly). Not an Error: no command's
/// `guarded` handler may turn it into an input error; main() reports it.
class OutputError : public std::runtime_error {
 public:
  OutputError(const std::string& message, bool closed_pipe)
      : std::runtime_error(message), closed_pipe_(closed_pipe) {}
  [[nodiscard]] bool closed_pipe() const { return closed_pipe_; }

 private:
  bool closed_pipe_;
};

/// Standard input and output read and written through buffers of 256 KiB, not stdio's 8 KiB (a
/// batch of 100,000 lines took 10,000 system calls to read and answer): held by main() for the
/// whole run, set up before anything is read or written. When it ends, output is flushed and the
/// streams get their own buffers back. The flushes the commands make (answers before a read that
/// may wait, finish_output) are unchanged.
class StandardBuffers {
 public:
  StandardBuffers();
  ~StandardBuffers();
  StandardBuffers(const StandardBuffers&) = delete;
  StandardBuffers& operator=(const StandardBuffers&) = delete;

 private:
  std::unique_ptr<std::streambuf> input_;
  std::unique_ptr<std::streambuf> output_;
  std::streambuf* own_input_ = nullptr;
  std::streambuf* own_output_ = nullptr;
};

/// Installs the SIGINT and SIGTERM handlers. Outside a StreamingOutput a signal ends the process
/// at once, as the default action would. Inside one, a first signal only asks the run to stop
/// (stop_requested, output_checkpoint), unless the program is blocked reading input with its
/// output flushed (read_input_line), when it ends at once; a second signal ends it at once. A
/// signal ignored when the program started (a background job's SIGINT) stays ignored.
void install_stop_handlers();

/// Held by a command that writes its answers line by line (batch, corpus, stats) while it does:
/// a stop signal then ends the run at the next output checkpoint, on a complete line.
class StreamingOutput {
 public:
  StreamingOutput();
  ~StreamingOutput();
  StreamingOutput(const StreamingOutput&) = delete;
  StreamingOutput& operator=(const StreamingOutput&) = delete;
};

/// A stop was asked for: commands poll this between answers and stop writing after the last
/// complete one.
[[nodiscard]] bool stop_requested();

/// Thrown at an output checkpoint after a stop signal; main() ends the run with 128 + the signal.
class StopRequested : public std::exception {
 public:
  [[nodiscard]] const char* what() const noexcept override { return "stopped by a signal"; }
};

/// Call after each complete line of a long output: throws OutputError when std::cout has failed
/// (so a run to a full disk stops at once rather than computing for hours) and StopRequested
/// when a stop was asked for. Costs two loads.
void output_checkpoint();

/// Flushes std::cout and turns the run's status into the process exit code: `status` when all
/// output was written; 1 after a write error (with a message on stderr); 141 (128 + SIGPIPE),
/// silently, when the reader closed the pipe; 128 + the signal after a stop.
[[nodiscard]] int finish_output(int status);

/// The exit code for an output fault, after its message on stderr (none for a closed pipe): 1, or
/// 141 (128 + SIGPIPE) for a closed pipe, the status a shell shows for a reader gone.
[[nodiscard]] int output_error_status(const OutputError& failure);

/// What read_input_line found.
enum class InputLine { read, too_long, end };

/// Reads one line of input into `line`, like std::getline, holding at most `max_bytes` of it: a
/// longer line leaves its first `max_bytes` bytes in `line`, is read to its end without being
/// held (`skipped` counts the bytes past the kept part), and returns too_long. `end` at the end
/// of the input or when a stop was asked for. When the input's buffer does not hold a whole line
/// (the read may wait), flushes std::cout first (throwing OutputError if that fails): a program
/// that writes a line and waits gets its answer, and a stop signal arriving while the read
/// blocks can end the process at once with every answer written (reads restart after a signal,
/// so polling alone would wait for the next line). A line already buffered is read without
/// flushing, so that the answers to a file's lines are written in large pieces.
[[nodiscard]] InputLine read_input_line(std::istream& in, std::string& line, std::size_t max_bytes,
                                        std::size_t& skipped);

}  // namespace meldgraph::cli
