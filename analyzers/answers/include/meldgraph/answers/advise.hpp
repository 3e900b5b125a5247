#pragma once
/// The answer to "which tile should I discard?" (何切る; `advise`, `batch --op advise`): for each
/// distinct discard of a hand of 3n+2 tiles (or each draw of a hand of 3n+1), how far the hand is
/// then from ready, the tiles that bring it closer and, once ready, what each wait is worth under
/// the rule set's scoring. docs/analysis.md, "Discard advice", has the details.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/shanten/shanten.hpp"

namespace meldgraph {

/// A wait of a ready hand and what winning on it is worth: the best reading's points by discard
/// (`ron`) and by self-draw (`tsumo`) in the hand's situation, or why that win does not count.
struct AdvisedWait {
  TileId tile = kNoTile;
  int left = 0;  ///< copies neither held, discarded by this advice, nor visible
  /// Only under a rule set with scoring: the points, or the no_win_reason ("no yaku", ...).
  std::optional<std::int64_t> ron;
  std::string ron_no_win;
  std::optional<std::int64_t> tsumo;
  std::string tsumo_no_win;
};

/// One discard (or, for a hand of 3n+1 tiles, one draw followed by its best discard) and where it
/// leaves the hand.
struct AdvisedOption {
  /// The tile discarded; kNoTile with `discard_joker` for a joker (`*`).
  TileId discard = kNoTile;
  bool discard_joker = false;
  /// The copy discarded is a red five (written `0m`): a hand holding a five plain and red has an
  /// option for each, alike but for what the waits score.
  bool discard_red = false;
  /// For a hand of 3n+1 tiles: the tile drawn before `discard`, and its copies left.
  TileId draw = kNoTile;
  int draw_left = 0;
  int shanten = 0;                     ///< of the hand of 3n+1 tiles left
  std::vector<FormShanten> by_form;    ///< per form, as the shanten answer gives them
  std::vector<Improvement> improving;  ///< draws that lower `shanten`, with copies left
  int improving_count = 0;             ///< the sum of their copies left
  /// When `shanten` is 0: the waits (possibly none: every copy is held or seen).
  std::optional<std::vector<AdvisedWait>> waits;
  /// When `shanten` is 0 under a rule set with wildcards a hand can draw: whether drawing one
  /// completes the hand (as the waits answer says, Waits::wildcard_completes).
  std::optional<bool> wildcard_completes;
  /// When `shanten` is 0 under a rule set with scoring: the sum over the waits of copies left
  /// times the points by discard (a wait that cannot win by discard adds 0). A count, not a
  /// probability.
  std::optional<std::int64_t> wait_value;
  /// When `shanten` is above 0 and the lowest of the hand's discards (not for draws): the
  /// improving tiles after each improving draw and the best discard after it, averaged over the
  /// draws weighted by their copies left.
  std::optional<double> second_step;
};

/// The advice on a hand: its shanten now, and its options best first (lowest shanten, then most
/// improving tiles, then the highest wait value, then tile order).
struct AdviseAnswer {
  int shanten = 0;  ///< of the hand as given
  /// The hand has 3n+1 tiles: `options` are draws (each with its best discard after it).
  bool by_draw = false;
  std::vector<AdvisedOption> options;
};

/// The advice on `analysis` (a hand of 3n+2 or 3n+1 tiles, without a winning tile's '+' mattering:
/// it is read as a concealed tile), counting `options.visible` as seen; the waits are scored by
/// `workspace`'s scorer in the analysis's situation when the rule set has a `scoring` section.
/// Throws AnalysisError for a hand of another size.
[[nodiscard]] AdviseAnswer answer_advise(const HandAnalysis& analysis, AnswerWorkspace& workspace,
                                         const AnswerOptions& options);

}  // namespace meldgraph
