/// EngineProcess (engine_process.hpp): fork, exec /bin/sh -c, pipes, and poll for the reply.

#include "engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "meldgraph/model/error.hpp"

namespace meldgraph::cli {

namespace {

/// Writes all of `text` to `fd`; false when the reader is gone (EPIPE: SIGPIPE is ignored by
/// `diff`) or another error.
bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return false;
    done += static_cast<std::size_t>(wrote);
  }
  return true;
}

std::string exit_status(int status) {
  if (WIFEXITED(status)) return "exit " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

/// The longest reply line held: a longer one is an engine fault, not a line to hold.
constexpr std::size_t kMaxReplyBytes = std::size_t{1} << 20;

}  // namespace

EngineProcess::~EngineProcess() {
  if (pid_ > 0) static_cast<void>(stop(true));
}

void EngineProcess::start() {
  int to_child[2];
  int from_child[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0) throw Error("diff: cannot make a pipe to the engine");
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]);
    ::close(to_child[1]);
    throw Error("diff: cannot make a pipe from the engine");
  }
  const pid_t pid = ::fork();
  if (pid < 0) throw Error("diff: cannot start the engine: " + std::string(std::strerror(errno)));
  if (pid == 0) {
    ::dup2(to_child[0], STDIN_FILENO);
    ::dup2(from_child[1], STDOUT_FILENO);
    ::signal(SIGPIPE, SIG_DFL);
    ::execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(to_child[0]);
  ::close(from_child[1]);
  pid_ = pid;
  to_engine_ = to_child[1];
  from_engine_ = from_child[0];
  pending_.clear();
}

std::string EngineProcess::stop(bool kill) {
  if (to_engine_ >= 0) ::close(to_engine_);
  if (from_engine_ >= 0) ::close(from_engine_);
  to_engine_ = -1;
  from_engine_ = -1;
  if (pid_ <= 0) return "ended";
  if (kill) ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  return exit_status(status);
}

EngineReply EngineProcess::ask(const std::string& line, int timeout_ms) {
  if (pid_ <= 0) start();
  EngineReply reply;
  const auto crashed = [&] {
    reply.kind = EngineReply::Kind::crashed;
    reply.status = stop(false);
    // `sh -c` exits 127 when the command is not found, 126 when it cannot run it: before any
    // reply, the engine cannot start, which no line will change.
    if (replies_ == 0 && (reply.status == "exit 127" || reply.status == "exit 126")) {
      throw Error("diff: the engine command cannot start (" + reply.status + "): " + command_);
    }
    return reply;
  };
  if (!write_all(to_engine_, line + '\n')) return crashed();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    if (const auto end = pending_.find('\n'); end != std::string::npos) {
      reply.text = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      ++replies_;
      return reply;
    }
    if (pending_.size() > kMaxReplyBytes) {
      reply.kind = EngineReply::Kind::crashed;
      reply.status = "a reply line longer than 1 MB";
      static_cast<void>(stop(true));
      return reply;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      reply.kind = EngineReply::Kind::timeout;
      static_cast<void>(stop(true));
      return reply;
    }
    pollfd wait{from_engine_, POLLIN, 0};
    const int ready = ::poll(&wait, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline is checked above
    char buffer[4096];
    const ssize_t got = ::read(from_engine_, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return crashed();
    pending_.append(buffer, static_cast<std::size_t>(got));
  }
}

}  // namespace meldgraph::cli
