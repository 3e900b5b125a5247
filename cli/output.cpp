/// Output faults and interruption (output.hpp).

#include "output.hpp"

#include <unistd.h>

#if defined(__GLIBCXX__)
#include <ext/stdio_filebuf.h>
#endif

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <streambuf>
#include <string>

namespace meldgraph::cli {

namespace {

/// The first stop signal received, 0 while none. Written by the handler, read by the threads.
std::atomic<int> stop_signal{0};
/// A StreamingOutput is alive: a stop signal asks the run to stop at its next checkpoint.
std::atomic<bool> stop_at_checkpoint{false};
/// A thread is blocked reading input and std::cout holds nothing unwritten.
std::atomic<bool> waiting_for_input{false};

static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free,
              "the signal handler may only touch lock-free atomics");

extern "C" void on_stop_signal(int signal_number) {
  int expected = 0;
  const bool first = stop_signal.compare_exchange_strong(expected, signal_number);
  if (first && stop_at_checkpoint.load()) {
    // Blocked on input with everything written: end now, with the status a stop at a checkpoint
    // gives. Otherwise the run stops at its next checkpoint.
    if (waiting_for_input.load()) _exit(128 + signal_number);
    return;
  }
  // The default action, which ends the process once this handler returns (the signal is blocked
  // while it runs). Only async-signal-safe calls here.
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

void install(int signal_number) {
  struct sigaction current {};
  sigaction(signal_number, nullptr, &current);
  if (current.sa_handler == SIG_IGN) return;  // nohup and background jobs keep ignoring it
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  // SA_RESTART: a write or read the signal interrupts goes on, so no answer is cut mid-line.
  action.sa_flags = SA_RESTART;
  sigaction(signal_number, &action, nullptr);
}

/// The OutputError for a failed std::cout. errno still holds the failed write's cause: the
/// stream's last call was the write(2) that failed.
OutputError output_failure(int error_number) {
  if (error_number == EPIPE) return {"the reader closed the output pipe", true};
  std::string message = "writing the output failed";
  if (error_number != 0) message += std::string(": ") + std::strerror(error_number);
  return {message, false};
}

}  // namespace

void install_stop_handlers() {
  install(SIGINT);
  install(SIGTERM);
}

bool stop_requested() {
  return stop_signal.load(std::memory_order_relaxed) != 0;
}

void output_checkpoint() {
  if (!std::cout) throw output_failure(errno);
  if (stop_requested()) throw StopRequested();
}

int finish_output(int status) {
  // A stop ends the run on its last complete line: the answers before it are written.
  errno = 0;
  std::cout.flush();
  if (!std::cout) return output_error_status(output_failure(errno));
  const int signal_number = stop_signal.load();
  return signal_number != 0 ? 128 + signal_number : status;
}

StreamingOutput::StreamingOutput() {
  stop_at_checkpoint = true;
}

StreamingOutput::~StreamingOutput() {
  stop_at_checkpoint = false;
}

namespace {

constexpr std::size_t kStandardBufferBytes = std::size_t{1} << 18;

}  // namespace

StandardBuffers::StandardBuffers() {
#if defined(__GLIBCXX__)
  // libstdc++'s buffer over a C stream reads and writes its descriptor directly, through a buffer
  // of the size asked for, and leaves the stream open when it goes.
  using FileBuffer = __gnu_cxx::stdio_filebuf<char>;
  input_ = std::make_unique<FileBuffer>(stdin, std::ios::in, kStandardBufferBytes);
  output_ = std::make_unique<FileBuffer>(stdout, std::ios::out, kStandardBufferBytes);
  own_input_ = std::cin.rdbuf(input_.get());
  own_output_ = std::cout.rdbuf(output_.get());
#endif
}

StandardBuffers::~StandardBuffers() {
  if (output_ == nullptr) return;
  std::cout.flush();
  std::cout.rdbuf(own_output_);
  std::cin.rdbuf(own_input_);
}

int output_error_status(const OutputError& failure) {
  if (failure.closed_pipe()) return 128 + SIGPIPE;
  std::cerr << "meldgraph: error: " << failure.what() << '\n';
  return 1;
}

namespace {

/// The line from `in` up to its newline (consumed, not kept) or the end of the input, held up
/// to `max_bytes`; the rest counted in `skipped`. False when nothing was left to read. Reads in
/// pieces with istream::getline, which scans the stream's buffer directly.
bool bounded_getline(std::istream& in, std::string& line, std::size_t max_bytes,
                     std::size_t& skipped) {
  line.clear();
  skipped = 0;
  constexpr std::streamsize kPiece = 1 << 16;
  std::array<char, kPiece> piece;
  bool any = false;
  for (;;) {
    in.getline(piece.data(), kPiece);
    const auto extracted = static_cast<std::size_t>(in.gcount());
    const bool ended = in.good();              // the newline was read (and counted)
    const bool full = in.fail() && !in.eof();  // kPiece - 1 bytes stored, the line goes on
    const std::size_t stored = ended ? extracted - 1 : extracted;
    any = any || extracted > 0;
    const std::size_t kept = std::min(stored, max_bytes - std::min(max_bytes, line.size()));
    line.append(piece.data(), kept);
    skipped += stored - kept;
    if (!full) return any;
    in.clear();
  }
}

/// Whether the stream's buffer already holds a whole line, so that reading it cannot wait for
/// whoever writes the input. The read area is protected in std::streambuf: a pointer to the
/// member, named through a class derived from it, reaches it in any stream buffer. An unbuffered
/// stream (std::cin synchronised with stdio) holds none.
bool whole_line_buffered(std::istream& in) {
  struct ReadArea : std::streambuf {
    static const char* next(std::streambuf& buffer) { return (buffer.*(&ReadArea::gptr))(); }
    static const char* end(std::streambuf& buffer) { return (buffer.*(&ReadArea::egptr))(); }
  };
  std::streambuf* buffer = in.rdbuf();
  if (buffer == nullptr) return false;
  const char* next = ReadArea::next(*buffer);
  const char* end = ReadArea::end(*buffer);
  return next != nullptr && next < end &&
         std::memchr(next, '\n', static_cast<std::size_t>(end - next)) != nullptr;
}

}  // namespace

InputLine read_input_line(std::istream& in, std::string& line, std::size_t max_bytes,
                          std::size_t& skipped) {
  if (whole_line_buffered(in)) {
    // Read without waiting: the answers so far stay buffered (a file's lines are not written
    // one system call each), and a signal stops the run at the next checkpoint.
    const bool read =
        !stop_requested() && in.good() && bounded_getline(in, line, max_bytes, skipped);
    if (!read) return InputLine::end;
    return skipped > 0 ? InputLine::too_long : InputLine::read;
  }
  // The read may wait for whoever writes the input, who may be waiting for these answers.
  errno = 0;
  std::cout.flush();
  if (!std::cout) throw output_failure(errno);
  waiting_for_input = true;
  // A signal that came before the flag was set found output pending and only asked to stop.
  const bool read = !stop_requested() && in.good() && bounded_getline(in, line, max_bytes, skipped);
  waiting_for_input = false;
  if (!read || stop_requested()) return InputLine::end;
  return skipped > 0 ? InputLine::too_long : InputLine::read;
}

}  // namespace meldgraph::cli
