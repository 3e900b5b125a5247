/// Reporting bad input (command_errors.hpp).

#include "command_errors.hpp"

#include <algorithm>

namespace meldgraph::cli {

void report_hand_error(const std::string& message, const std::string& hand, int column) {
  std::cerr << "meldgraph: error: " << message << "\n  " << hand << "\n  ";
  // Columns count characters; the caret line repeats the hand's multi-byte characters' widths
  // as single spaces, which is right for the ASCII hands the notation accepts.
  std::cerr << std::string(static_cast<std::size_t>(std::max(0, column - 1)), ' ') << "^\n";
}

}  // namespace meldgraph::cli
