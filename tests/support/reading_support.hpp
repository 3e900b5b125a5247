// Helpers of the reading tests: every interpretation of a hand with its reading, a reading found
// by its text, and tiles by code. Header-only, shared by the reading test files.

#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph::test {

/// Every interpretation the decomposition's cursor lists, in its order.
inline std::vector<Interpretation> all_interpretations(const Decomposition& decomposition) {
  std::vector<Interpretation> out;
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) out.push_back(interpretation);
  return out;
}

/// A reading with its interpretation.
struct Read {
  Interpretation interpretation;
  Reading reading;
};

/// The readings of every interpretation of `hand` under `win`.
inline std::vector<Read> read_all(const RuleSet& rules, const Hand& hand,
                                  const WinContext& win = {}) {
  const Decomposition decomposition(rules, hand);
  const ReadingContext context = make_reading_context(rules, hand, win);
  std::vector<Read> out;
  for (const Interpretation& interpretation : all_interpretations(decomposition)) {
    out.push_back({interpretation, make_reading(context, interpretation)});
  }
  return out;
}

/// The reading whose text (its groups as format_reading_group writes them, red fives as 0) is
/// `text`, or null.
inline const Read* find_text(const std::vector<Read>& reads, const RuleSet& rules,
                             const std::string& text) {
  for (const Read& read : reads) {
    std::string joined;
    for (const ReadingGroup& group : read.reading.groups) {
      if (!joined.empty()) joined += ' ';
      joined += format_reading_group(group, rules);
    }
    if (joined == text) return &read;
  }
  return nullptr;
}

/// The tile of a code ("5m").
inline TileId tile(const RuleSet& rules, const char* code) {
  return parse_tile(code, rules);
}

/// The mask of the tiles of the codes.
inline TileMask mask_of(const RuleSet& rules, std::initializer_list<const char*> codes) {
  TileMask mask = 0;
  for (const char* code : codes) mask |= tile_bit(tile(rules, code));
  return mask;
}

}  // namespace meldgraph::test
