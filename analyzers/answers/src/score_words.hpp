#pragma once
/// Words the score and explain renderers share (render_score_json.cpp, render_score_text.cpp).

#include <string_view>

#include "meldgraph/scoring/value_rules.hpp"

namespace meldgraph {

/// Output words of FuSource (docs/cli.md, "fu_parts").
[[nodiscard]] inline std::string_view fu_source_word(FuSource source) {
  switch (source) {
    case FuSource::base:
      return "base";
    case FuSource::closed_ron:
      return "closed_ron";
    case FuSource::self_draw:
      return "self_draw";
    case FuSource::meld:
      return "meld";
    case FuSource::pair:
      return "pair";
    case FuSource::wait:
      return "wait";
    case FuSource::open_pinfu:
      return "open_pinfu";
    case FuSource::fixed:
      return "fixed";
    case FuSource::rounding:
      return "rounding";
  }
  return "?";
}

/// The seats' codes, in ReadingValue::payments order.
inline constexpr std::string_view kSeatCodes[] = {"E", "S", "W", "N"};

/// The group of `reading` a fu part comes from, or null when it comes from none.
[[nodiscard]] inline const ReadingGroup* fu_part_group(const FuPart& part, const Reading& reading) {
  if (part.group < 0 || static_cast<std::size_t>(part.group) >= reading.groups.size()) {
    return nullptr;
  }
  return &reading.groups[static_cast<std::size_t>(part.group)];
}

}  // namespace meldgraph
