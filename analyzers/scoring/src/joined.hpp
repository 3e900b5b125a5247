#pragma once
/// Text of a list for the writers of rule files and of `explain`: the parts of a range joined
/// with a separator. Built on range-v3; for the cold paths only (loading, dumping, explaining),
/// never a reading's evaluation. Internal to scoring.

#include <string>
#include <string_view>

#include <range/v3/range/conversion.hpp>
#include <range/v3/view/join.hpp>

namespace meldgraph {

/// The parts of `parts` (a range of strings) one after the other, `separator` between two.
template <class Parts>
[[nodiscard]] std::string joined(Parts&& parts, std::string_view separator) {
  return static_cast<Parts&&>(parts) | ranges::views::join(separator) | ranges::to<std::string>();
}

}  // namespace meldgraph
