#pragma once
/// Running a loop body on worker threads, for `batch --jobs`, `check --jobs`, the corpus
/// commands and the corpus searches (`corpus cover --jobs`).

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace meldgraph {

/// Calls `body(worker, i)` for every i in [0, count) on `workers` threads (the calling thread
/// alone when there is one worker), `worker` in [0, workers) naming the thread that runs it, so
/// that each thread may use a workspace of its own (slot `worker` of a vector). Each index is
/// claimed once, through an atomic counter, so `body` may write to slot i of a presized vector
/// without locking. An exception escaping `body` (a bug: input errors are answers) is rethrown
/// here once every thread has stopped.
template <class Body>
void for_each_index_by_worker(std::size_t workers, std::size_t count, Body&& body) {
  if (workers <= 1 || count <= 1) {
    for (std::size_t i = 0; i < count; ++i) body(std::size_t{0}, i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&](std::size_t worker) {
    try {
      for (std::size_t i = next++; i < count && !failed; i = next++) body(worker, i);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> threads;
  const std::size_t spawned = std::min(workers, count) - 1;
  threads.reserve(spawned);
  for (std::size_t t = 0; t < spawned; ++t) threads.emplace_back(work, t + 1);
  work(0);  // the calling thread is a worker too
  for (std::thread& thread : threads) thread.join();
  if (failure) std::rethrow_exception(failure);
}

/// for_each_index_by_worker for a body that needs no workspace: `body(i)`.
template <class Body>
void for_each_index(std::size_t workers, std::size_t count, Body&& body) {
  for_each_index_by_worker(workers, count, [&](std::size_t /*worker*/, std::size_t i) { body(i); });
}

}  // namespace meldgraph
