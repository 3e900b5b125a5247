#pragma once
/// for_each_chunk (python_rules.hpp): chunks of an index range shared out to threads.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace meldgraph::python {

template <class Body>
void for_each_chunk(std::size_t threads, std::size_t count, std::size_t chunk, Body&& body) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&](std::size_t worker) {
    try {
      for (;;) {
        const std::size_t begin = next.fetch_add(chunk);
        if (begin >= count) return;
        body(worker, begin, std::min(count, begin + chunk));
      }
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = count;  // the others stop after their chunk
    }
  };
  threads = std::max<std::size_t>(1, std::min(threads, (count + chunk - 1) / chunk));
  std::vector<std::thread> started;
  started.reserve(threads - 1);
  for (std::size_t w = 1; w < threads; ++w) started.emplace_back(work, w);
  work(0);
  for (std::thread& thread : started) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace meldgraph::python
