// Helpers of the scoring tests: every reading of a hand under a context, with its feature record,
// masks of tile codes, and hand-built patterns. Header-only, shared by the scoring test files.

#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/features.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph::test {

/// One reading of a hand and its record. The record points into `context` (its WinContext), so
/// a ScoredHand is used in place, never copied out of the vector it lives in.
struct ReadAndFeatures {
  Reading reading;
  ScoreFeatures features;
  std::string text;  ///< the groups as format_reading_group writes them, space-separated
};

/// Every reading of a hand, with its record; `context` stays alive as long as the readings.
struct ScoredHand {
  ReadingContext context;
  std::vector<ReadAndFeatures> readings;

  /// The reading whose text is `text`, or null.
  [[nodiscard]] const ReadAndFeatures* find(std::string_view text) const {
    for (const ReadAndFeatures& r : readings) {
      if (r.text == text) return &r;
    }
    return nullptr;
  }
};

/// Reads `hand_text` under `rules` and `win` (interpretations, readings, records). Returned by
/// pointer-stable allocation: the records point at the context.
inline std::unique_ptr<ScoredHand> score_hand(const RuleSet& rules, std::string_view hand_text,
                                              const WinContext& win = {}) {
  auto out = std::make_unique<ScoredHand>();
  const Hand hand = parse_hand(hand_text, rules);
  out->context = make_reading_context(rules, hand, win);
  const Decomposition decomposition(rules, hand);
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) {
    ReadAndFeatures r;
    r.reading = make_reading(out->context, interpretation);
    for (const ReadingGroup& group : r.reading.groups) {
      if (!r.text.empty()) r.text += ' ';
      r.text += format_reading_group(group, rules);
    }
    out->readings.push_back(std::move(r));
  }
  for (ReadAndFeatures& r : out->readings) make_score_features(out->context, r.reading, r.features);
  return out;
}

/// The mask of the tiles written in `codes` ("19m19p19s1234567z").
inline TileMask tiles_mask(const RuleSet& rules, std::string_view codes) {
  TileMask mask = 0;
  for (const TileId tile : parse_tiles(codes, rules)) mask |= tile_bit(tile);
  return mask;
}

/// A pattern of hand-built rules: names and value only. The value tests give compute_value its
/// hits directly, so such a pattern needs no condition (it is never evaluated).
inline Pattern make_pattern(std::string id, std::string name, std::string local_name,
                            PatternValue value) {
  Pattern pattern;
  pattern.id = std::move(id);
  pattern.name = std::move(name);
  pattern.local_name = std::move(local_name);
  pattern.value = value;
  return pattern;
}

}  // namespace meldgraph::test
