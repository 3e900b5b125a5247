#pragma once
/// Complete hands drawn from shapes that make patterns and hard cases likely (tile families,
/// pungs or chows, declared melds and kongs, the other forms, wildcards, indicators, situations
/// with their flags set often), for `corpus cover` and `corpus hard`.

#include <string>
#include <vector>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph::detail {

/// Whether `context`, written as a corpus line writes it, reads back: the reader's checks of the
/// fields against each other (no riichi before the first draw, ...) are more than
/// check_win_context's, and every line written must be one `batch` reads.
[[nodiscard]] bool readable(const WinContext& context, const RuleSet& rules);

/// Tries to fit a hand's melds within the copies before a draw is given up.
inline constexpr int kFitAttempts = 20;

/// A hand being built: its concealed tiles and the text of its declared melds.
struct Draft {
  TileCounts concealed{};
  TileCounts used{};  ///< every tile placed, concealed or declared, against the copies
  std::string melds;  ///< declared melds in MPSZ (`[555=m]`, `(7777z)`)
  int jokers = 0;
};

/// The shapes candidate hands are drawn from, made once from the rule set: the hands of
/// `corpus cover` and `corpus hard` (docs/corpus.md, "corpus cover", "How the hands are found").
/// Each draw reads only the RandomDraws given, so that a hand is a function of its stream.
class ShapedHands {
 public:
  ShapedHands(const RuleSet& rules, TileMask extra_wild);

  /// Draws a candidate: its hand (with a winning tile) and a situation the hand allows. False
  /// when the draw gave no hand (no fit within the copies, a text the notation refuses).
  bool draw(RandomDraws& draws, Hand& hand, WinContext& context, TileId& indicator) const;

 private:
  /// A tile a group may be built of: wild kinds included (a wild tile may stand for itself).
  [[nodiscard]] bool natural(TileId t) const;
  [[nodiscard]] bool sequence_suit(TileId t) const;
  /// Places `count` copies of `t`, concealed or not; false beyond the copies.
  [[nodiscard]] bool place(Draft& draft, TileId t, int count, bool concealed) const;

  /// The tile families: every tile, each sequence suit (alone and with the honours), the
  /// honours, terminals and honours, simples, each rank across the sequence suits, each run of
  /// three ranks across them, and a few random small sets drawn per hand are left to `draw`.
  void find_families();

  /// Melds (all pungs, all chows or mixed, some declared) and the form's pairs from `family`,
  /// `size` tiles in all, within the copies.
  bool build_melds(const FormSpec& form, TileMask family, RandomDraws& draws, Draft& draft,
                   int size) const;

  /// One meld of `family`: a pung with chance `pungs` (or when no chow fits), declared with
  /// chance `declared` (a pung then exposed, or a kong exposed or concealed).
  bool add_meld(TileMask family, double pungs, double declared, RandomDraws& draws,
                Draft& draft) const;

  /// Pairs of distinct kinds of `family` (of every tile when it has too few), and the form's
  /// pungs.
  bool build_pairs(const FormSpec& form, TileMask family, RandomDraws& draws, Draft& draft) const;

  /// Each tile of the set once and one of them twice (thirteen orphans).
  bool build_set(const FormSpec& form, RandomDraws& draws, Draft& draft) const;

  /// The knitted straight (147, 258, 369 in three sequence suits) and melds and pairs for the
  /// rest of the hand.
  bool build_knitted(const FormSpec& form, TileMask family, RandomDraws& draws, Draft& draft) const;

  /// Distinct singles: some tiles of a knitted straight and the form's single tiles (honours),
  /// as many of each as the hand's size leaves room for.
  bool build_singles(const FormSpec& form, RandomDraws& draws, Draft& draft) const;

  /// Up to `count` of the nine tiles of a knitted straight, its suits in a random order.
  bool place_knitted(RandomDraws& draws, Draft& draft, int count) const;

  /// On half of the hands of a set with wildcards, replaces one to four concealed tiles by
  /// wildcards: jokers, or copies of the wild kinds `wild` (four of them win at once in some
  /// sets).
  void add_wildcards(RandomDraws& draws, TileMask wild, Draft& draft) const;

  /// A situation of `hand` with its flags set far more often than in play; random_win_context's
  /// when the flags drawn do not fit the hand.
  WinContext situation(RandomDraws& draws, Hand& hand) const;

  void add_flowers(RandomDraws& draws, WinContext& context) const;

  /// The lowest tiles of the chows whose three tiles are in `family`.
  [[nodiscard]] TileMask chow_starts(TileMask family) const;

  /// A tile of `mask` (natural ones only), uniformly; kNoTile when it has none.
  [[nodiscard]] TileId pick(TileMask mask, RandomDraws& draws) const;

  /// A tile of `mask`, any kind (a wild bonus tile too), uniformly; kNoTile when it is empty.
  [[nodiscard]] static TileId pick_any(TileMask mask, RandomDraws& draws);

  [[nodiscard]] char rank_digit(TileId t) const;

  /// A source marker among the seats the rule set has (no one sits across three players).
  [[nodiscard]] char source_marker(RandomDraws& draws) const;

  /// A declared meld `[...]` of `tiles` (one suit), the marker after the tile at `claimed`.
  [[nodiscard]] std::string meld_text(const std::vector<TileId>& tiles, char marker,
                                      int claimed) const;

  const RuleSet& rules_;
  std::vector<TileMask> families_;
  const FormSpec* melds_form_ = nullptr;
  std::vector<const FormSpec*> other_forms_;
  TileMask extra_wild_;
  std::vector<TileId> indicators_;  ///< the tiles that may be indicators, where the set has them
};

}  // namespace meldgraph::detail
