#pragma once
/// Errors raised by meldgraph. Every message names the place of the problem: a rule file's
/// `file:line:column`, or a hand string's 1-based column.

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace meldgraph {

/// Base of every error meldgraph throws on bad input.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One problem of a rule file at its place, as a line of RuleError's message gives it
/// (`origin:line:column: message`).
struct RuleProblem {
  std::string origin;   ///< the file's path, the built-in rule set's name, or the text's origin
  int line = 1;         ///< 1-based; 1 (with column 1) when the problem has no key to point at
  int column = 1;       ///< 1-based
  std::string message;  ///< the problem, without its place
};

/// A rule file that cannot be loaded: syntax, unknown key, wrong type or contradiction.
class RuleError : public Error {
 public:
  using Error::Error;
  RuleError(const std::string& message, std::vector<RuleProblem> problems)
      : Error(message), problems_(std::move(problems)) {}

  /// Every problem the message reports, in its order (at most the first 50 of a file), each
  /// with its place. Empty for an error that has no place in a file: a rule set that is not
  /// found, a text too large to read.
  [[nodiscard]] const std::vector<RuleProblem>& problems() const { return problems_; }

 private:
  std::vector<RuleProblem> problems_;
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
