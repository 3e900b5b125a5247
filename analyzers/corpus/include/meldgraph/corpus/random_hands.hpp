#pragma once
/// Random hands for benchmarks and tests: drawn from the rule set's wall, complete (winning) by
/// construction, or one tile short of complete (ready).
///
/// The output depends only on the rule set, the wildcard choice and the seed: the generator draws
/// through RandomDraws (std::mt19937_64, whose sequence the standard fixes, with its own reductions
/// to a range and its own shuffles), never the standard distributions, whose algorithms differ
/// between libraries.
/// Every hand it returns is one parse_hand accepts: parse_hand(format_hand(h), rules, wild) == h,
/// where `wild` is the per-hand wildcard choice given to the generator.

#include <cstdint>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph {

/// A seeded source of random hands under one rule set. Not thread-safe (it owns its engine); give
/// each thread its own generator.
class RandomHands {
 public:
  /// `extra_wild` adds per-hand wildcard kinds to the rule set's fixed ones, as `--wild` and
  /// `--indicator` do (the caller checks that the rules allow choosing them). `rules` must outlive
  /// the generator.
  RandomHands(const RuleSet& rules, std::uint64_t seed, TileMask extra_wild = 0);

  /// `size` tiles drawn from the wall without replacement (copies respected, red fives drawn as
  /// the physical tiles they are), of which a number of wildcards chosen uniformly in
  /// [0, max_wildcards], clamped to the wildcards the set holds (jokers and copies of the wild
  /// kinds). Bonus tiles that are not wild are left out: they never count towards a hand's size.
  /// Throws Error when `size` is not in [1, rules.hand_tiles()].
  [[nodiscard]] Hand random(int size, int max_wildcards);

  /// `size` tiles dealt as in play: tiles drawn one by one, uniformly without replacement, from
  /// the whole wall (natural tiles, wildcards and bonus tiles, every physical copy once), until
  /// the hand holds `size` tiles that are not bonus tiles; each bonus tile drawn on the way is set
  /// aside (appended to `bonus`) and replaced by the next draw. So the number of wildcards is as
  /// dealt (hypergeometric), not chosen as in random(). Throws Error when `size` is not in
  /// [1, rules.hand_tiles()] or the wall holds fewer tiles.
  [[nodiscard]] Hand dealt(int size, std::vector<TileId>& bonus);

  /// A winning hand of `size` tiles in the rule set's first enabled `melds` form (the standard
  /// hand): random pungs and chows plus the form's pairs, drawn within the copies, then up to
  /// `max_wildcards` (uniformly chosen, clamped as above and by the form's wildcard rules) of its
  /// tiles replaced by wildcards. Respects pair tile restrictions, wildcards in pairs, what each
  /// wildcard may stand for, the most wildcards a win may hold and suits that must be lacking.
  /// Throws Error when the rules have no such form or `size` does not fit it.
  [[nodiscard]] Hand complete(int size, int max_wildcards);

  /// A ready hand of `size` tiles (3n+1): a complete hand of size + 1 less one of its tiles chosen
  /// at random. The tile taken out (or, when it was a wildcard, the tile it stood for) completes
  /// the hand again, so the hand has at least one natural wait.
  [[nodiscard]] Hand ready(int size, int max_wildcards);

  /// Makes `extra_wild` the per-hand wildcard kinds from now on, in place of the constructor's
  /// (a wildcard chosen per hand by an indicator). The wall is rebuilt, so the next hand is drawn
  /// from a whole wall.
  void choose_wild(TileMask extra_wild);

  /// After dealt(): turns up the next tiles of the wall past the hand's (and the bonus tiles set
  /// aside) until one that may be an indicator (RuleSet::can_indicate; jokers, bonus tiles and
  /// forbidden tiles are passed over), and returns it; kNoTile when the wall has none left.
  [[nodiscard]] TileId turn_indicator();

  /// An indicator for a built hand (complete(), ready(), which have no wall): one physical tile,
  /// uniformly among those that may be indicators. kNoTile when the set has none.
  [[nodiscard]] TileId draw_indicator();

  /// A number uniform in [0, bound), bound > 0, without modulo bias (RandomDraws::below).
  [[nodiscard]] std::uint64_t below(std::uint64_t bound) { return draws_.below(bound); }

  /// The rule set's wildcard kinds plus the per-hand choice: the hands' `wild_tiles`.
  [[nodiscard]] TileMask wild_tiles() const { return wild_; }

 private:
  /// A wildcard of the set: a joker, or one copy of a wild tile kind.
  struct Wildcard {
    bool joker = false;
    TileId tile = kNoTile;
  };

  /// The tiles a wildcard may stand for (every tile unless the rules restrict stand-ins).
  [[nodiscard]] TileMask stand_in_mask(const Wildcard& wildcard) const;
  /// Adds up to `count` wildcards drawn without replacement from the set's wildcards.
  void add_wildcards(Hand& hand, int count);
  /// Decides which of the hand's fives are red, as if its copies had been drawn from the set.
  void draw_red_fives(Hand& hand);
  // The steps of complete(), in the order they draw.
  struct CompleteChoices;
  /// The rule set's first enabled melds form; throws Error unless it has complete hands of `size`.
  [[nodiscard]] const FormSpec& complete_form(int size) const;
  /// The sequence suits a hand must lack (hand.missing_suits), drawn at random: bit s, suit s.
  [[nodiscard]] std::uint64_t draw_lacking_suits();
  /// The pungs, chows and pairs of usable tiles: natural, not forbidden, not of a lacking suit.
  [[nodiscard]] CompleteChoices complete_choices(const FormSpec& form, int meld_count,
                                                 std::uint64_t lacking_suits) const;
  /// The tiles of `meld_count` melds and the form's pairs, within the copies (pairs last).
  [[nodiscard]] std::vector<TileId> draw_complete_tiles(const CompleteChoices& choices,
                                                        const FormSpec& form, int meld_count,
                                                        int size);
  /// The hand of `tiles`, some of them replaced by wildcards where the form and the stand-ins
  /// allow.
  [[nodiscard]] Hand with_wildcards(const std::vector<TileId>& tiles, const FormSpec& form,
                                    int meld_count, int max_wildcards);
  /// Shuffles the first `count` places of `items` (RandomDraws::sample_front): they are then a
  /// uniform sample without replacement.
  template <class T>
  void sample_front(std::vector<T>& items, std::size_t count) {
    draws_.sample_front(items.begin(), items.end(), count);
  }

  /// A physical tile of the wall as dealt(): a natural tile, a wildcard or a bonus tile.
  struct WallTile {
    TileId tile = kNoTile;  ///< kNoTile for a joker
    bool joker = false;
    bool bonus = false;  ///< a bonus tile that is not wild: set aside when drawn
  };

  const RuleSet* rules_;
  RandomDraws draws_;
  TileMask wild_ = 0;
  std::vector<TileId> naturals_;     ///< the wall's natural meldable tiles, one entry per copy
  std::vector<Wildcard> wildcards_;  ///< the set's wildcards, one entry per physical tile
  /// Every physical tile (naturals, wildcards, bonus tiles), in the order dealt() last left it.
  std::vector<WallTile> wall_;
  /// The wall's tiles dealt() drew last, from its start (turn_indicator goes on from there).
  std::size_t wall_drawn_ = 0;
  /// Builds naturals_, wildcards_ and wall_ for the wildcard kinds wild_.
  void build_wall();
};

/// A random situation for a complete hand (scoring benchmarks and tests), which it gives a
/// winning tile: one of its natural concealed tiles, uniformly by kind. Self-draw or a discard
/// (from any other seat) equally; any seat wind, round East or South; riichi on half the hands
/// without exposed melds, ippatsu on a fifth of those, one ura-dora indicator with riichi; one
/// dora indicator; 0-2 repeat counters and 0-1 riichi stick. When an indicator would exceed its
/// tile's copies (check_win_context), the indicators are left out.
[[nodiscard]] WinContext random_win_context(const RuleSet& rules, Hand& hand, RandomDraws& draws);

}  // namespace meldgraph
