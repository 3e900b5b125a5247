#pragma once
/// How the subcommands report bad input: a message on standard error and exit code 1, a bad
/// hand shown with a caret under the column its error names (docs/errors.md).

#include <iostream>
#include <string>
#include <utility>

#include "meldgraph/model/error.hpp"

namespace meldgraph::cli {

/// Prints a hand error's message, then the hand with a caret under the column it names.
void report_hand_error(const std::string& message, const std::string& hand, int column);

/// A bad hand in an input file: the message names the file and line, and the hand is shown with
/// a caret under the column, as for a hand given on the command line.
class LineError : public Error {
 public:
  LineError(const std::string& message, std::string hand, int column)
      : Error(message), hand_(std::move(hand)), column_(column) {}
  [[nodiscard]] const std::string& hand() const { return hand_; }
  [[nodiscard]] int column() const { return column_; }

 private:
  std::string hand_;
  int column_;
};

/// Runs `body`, turning meldgraph's input errors into a message and exit code 1; `hand` is the
/// hand the command was given (empty for commands of no hand), shown under a notation error.
template <class Body>
int guarded(const std::string& hand, Body&& body) {
  try {
    return body();
  } catch (const NotationError& error) {
    report_hand_error(error.what(), hand, error.column());
  } catch (const LineError& error) {
    report_hand_error(error.what(), error.hand(), error.column());
  } catch (const Error& error) {
    std::cerr << "meldgraph: error: " << error.what() << '\n';
  }
  return 1;
}

}  // namespace meldgraph::cli
