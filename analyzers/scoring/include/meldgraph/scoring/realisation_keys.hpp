#pragma once
/// Realisations that score alike by construction, told apart by a cheap key, so that a scorer
/// scores one realisation of each class and counts the rest (docs/scoring.md, "Realisations").
///
/// The rule: a rule set's scoring reads a realised tile only through (a) the tile sets its
/// conditions and value rules name (every TileSetRef of its conditions, its `tile_sets`, the
/// built-in classes, the pao melds, the forms' pair tiles), (b) its suit, (c) its rank, and only
/// through the predicates `sets` and `suit_counts` (and any predicate not known to be blind to
/// ranks), (d) its identity with other tiles of the hand (per-face counts: `copies`, dora), and
/// (e) the winning group's wait shape. Two tiles of one suit that lie in the same named sets
/// are *equivalent* unless one of them is held outside the abstract groups (a natural tile, a
/// concrete group's stand-in, a declared meld), is a wild kind's own face, is the seat or round
/// wind, is a dora or ura of the context (when the rule set counts dora) or, when ranks are
/// read, belongs to a sequence suit: such a tile is equivalent only to itself.
///
/// The key of a realisation lists, for its groups (the interchangeable ordinary melds sorted,
/// then the ordinary pairs sorted, then the winning group), each group's kind and each tile's
/// equivalence class together with the index of its first occurrence among the key's tiles,
/// then the winning tile the same way and the wait shape. Equal keys give a bijection between the
/// two realisations' tiles that keeps classes, which extends to a permutation of the tiles
/// fixing every tile the hand holds and every tile a rule names alone and keeping every named
/// set, suit and (where read) rank: it maps one reading's record onto the other's, so every
/// pattern and value rule answers alike. The key may split a class of alike realisations in
/// two (the cost is one more scoring), never join two that differ.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/group.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

/// Classes of alike realisations of one interpretation at a time. Not thread-safe.
class RealisationKeys {
 public:
  /// What the rule set's scoring reads, once. A rule set without a scoring section reads
  /// everything: every tile is its own class.
  explicit RealisationKeys(const RuleSet& rules);

  /// Starts the realisations of `interpretation` (one of `context.hand`'s): the tiles held
  /// outside its abstract groups and the context's named tiles become classes of their own,
  /// and no class is known yet.
  void start(const ReadingContext& context, const Interpretation& interpretation);

  /// The class of one realisation (`concrete`, one group per abstract group of the
  /// interpretation, as Realisations::list gives it): 0, 1, 2 ... in order of first appearance
  /// since start(). Realisations of one class score alike.
  [[nodiscard]] std::size_t classify(std::span<const Group> concrete);

  /// Classes seen since start().
  [[nodiscard]] std::size_t classes() const { return seen_.size(); }

  /// The equivalence class of `tile` under the current interpretation (tests and docs).
  [[nodiscard]] std::uint8_t tile_class(TileId tile) const { return class_of_[tile]; }

 private:
  /// A realised group's role: interchangeable with the others of its role or not.
  enum class Role : std::uint8_t { meld, pair, winning, fixed };

  const RuleSet* rules_;
  /// By tile: the lowest tile of its suit lying in the same named sets (the rule set's part).
  std::array<std::uint8_t, kMaxTileKinds> static_class_{};
  bool counts_dora_ = false;
  /// Per-face counts are read (`copies`, dora, a predicate not known to be blind to them): the
  /// key keeps which of its tiles are the same tile.
  bool counts_read_ = true;
  TileMask rank_tiles_ = 0;  ///< tiles whose rank the scoring reads (sequence suits), or 0
  std::array<std::uint8_t, kMaxTileKinds> class_of_{};  ///< for the current interpretation
  std::vector<Role> roles_;                             ///< by abstract group, in order
  std::unordered_map<std::string, std::size_t> seen_;
  std::string key_;                   ///< the key being built (reused)
  std::vector<std::uint32_t> order_;  ///< by group: role, kind, tile classes (reused)
  std::vector<std::size_t> index_;    ///< the groups in key order (reused)
  std::array<std::uint8_t, kMaxTileKinds> first_seen_{};  ///< a tile's index in the key, + 1
};

}  // namespace meldgraph
