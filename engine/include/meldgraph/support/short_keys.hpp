#pragma once
/// The order of short keys (JSON members' names), compared inline.

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace meldgraph {

/// `a < b` in string_view's order (bytes as unsigned, a prefix first), without the call to memcmp
/// that string_view's comparison makes: keys are field names of a few bytes, compared many times
/// a line when objects are sorted.
[[nodiscard]] inline bool short_key_less(std::string_view a, std::string_view b) {
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
  }
  return a.size() < b.size();
}

}  // namespace meldgraph
