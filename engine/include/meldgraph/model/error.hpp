#pragma once
/// Errors raised by meldgraph. Every message names the place of the problem: a rule file's
/// `file:line:column`, or a hand string's 1-based column.

#include <stdexcept>
#include <string>

namespace meldgraph {

/// Base of every error meldgraph throws on bad input.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A rule file that cannot be loaded: syntax, unknown key, wrong type or contradiction.
class RuleError : public Error {
 public:
  using Error::Error;
};

/// A hand or tile string that cannot be read. `column()` is 1-based, counted in characters.
class NotationError : public Error {
 public:
  NotationError(const std::string& message, int column)
      : Error(message + " at column " + std::to_string(column)), column_(column) {}
  [[nodiscard]] int column() const { return column_; }

 private:
  int column_;
};

/// A hand that is well written but cannot be analysed as asked (for example, of the wrong size).
class AnalysisError : public Error {
 public:
  using Error::Error;
};

}  // namespace meldgraph
