#pragma once
/// The rule set a Python `RuleSet` holds, with the answering workspaces its calls share.

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph::python {

namespace py = pybind11;

/// An error about one row of a batch call's input (a counts array's row, a hand of a list):
/// meldgraph.Error with its `row` attribute.
class RowError : public Error {
 public:
  RowError(std::size_t row, const std::string& message)
      : Error("row " + std::to_string(row) + ": " + message), row_(row) {}
  [[nodiscard]] std::size_t row() const { return row_; }

 private:
  std::size_t row_;
};

/// Answering workspaces of one rule set, lent to the calls that answer hands: a call takes one
/// per thread it runs and gives them back, so that a Scorer (and the tables it builds) is made
/// once per rule set and thread count rather than once per call. Thread-safe.
class WorkspacePool {
 public:
  explicit WorkspacePool(const RuleSet& rules) : rules_(&rules) {}

  /// A workspace lent until the lease ends.
  class Lease {
   public:
    Lease(WorkspacePool& pool, std::unique_ptr<AnswerWorkspace> workspace)
        : pool_(&pool), workspace_(std::move(workspace)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = default;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() {
      if (workspace_) pool_->give_back(std::move(workspace_));
    }
    [[nodiscard]] AnswerWorkspace& operator*() const { return *workspace_; }

   private:
    WorkspacePool* pool_;
    std::unique_ptr<AnswerWorkspace> workspace_;
  };

  [[nodiscard]] Lease lend() {
    const std::lock_guard lock(mutex_);
    if (free_.empty()) return {*this, std::make_unique<AnswerWorkspace>(*rules_)};
    std::unique_ptr<AnswerWorkspace> workspace = std::move(free_.back());
    free_.pop_back();
    return {*this, std::move(workspace)};
  }

 private:
  void give_back(std::unique_ptr<AnswerWorkspace> workspace) {
    const std::lock_guard lock(mutex_);
    free_.push_back(std::move(workspace));
  }

  const RuleSet* rules_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<AnswerWorkspace>> free_;
};

/// A loaded rule set, at a fixed address (the workspaces point to it), and its workspaces.
class PythonRules {
 public:
  explicit PythonRules(RuleSet rules)
      : rules_(std::make_unique<RuleSet>(std::move(rules))), pool_(*rules_) {}

  [[nodiscard]] const RuleSet& rules() const { return *rules_; }
  [[nodiscard]] WorkspacePool& workspaces() { return pool_; }

 private:
  std::unique_ptr<const RuleSet> rules_;
  WorkspacePool pool_;
};

/// The situation keywords of a call (a dict, None for none) as a batch line's object would give
/// them: parse_win_context reads them, with the same errors naming the field.
[[nodiscard]] std::optional<WinContext> situation_of(const RuleSet& rules, py::handle situation);

/// The threads `jobs` asks for: 0 (or None) is the machine's hardware threads; at least 1.
[[nodiscard]] std::size_t thread_count(py::handle jobs);

/// Runs `body(worker, begin, end)` over [0, count) in chunks of `chunk`, on `threads` threads
/// (worker 0 is the calling thread), each chunk on one of them; the first exception thrown (not
/// an input error, which the body keeps) is rethrown once every thread has stopped.
template <class Body>
void for_each_chunk(std::size_t threads, std::size_t count, std::size_t chunk, Body&& body);

}  // namespace meldgraph::python

#include "parallel_chunks.hpp"
