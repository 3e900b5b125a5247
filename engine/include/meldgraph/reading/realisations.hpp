#pragma once
/// The concrete meanings of an interpretation's wildcard-only ("abstract") groups: every way its
/// any_meld and any_pair groups may be real melds and pairs, together, under the rules the search
/// applied to them (what the wildcards may stand for, forbidden tiles, capped copies, pair tiles,
/// distinct pairs, lacking a suit). Counted without listing (saturating), and listed lazily up to
/// a limit. The N-wildcards group stands for nothing: its one realisation is itself.
///
/// A realisation is a multiset: abstract groups of one kind are interchangeable, so {***} {***}
/// as 123m + 456p and as 456p + 123m is one realisation. The winning abstract group (if any) is
/// told apart: which realised group holds the winning wildcard, and where in it the winning
/// wildcard sits, are part of the realisation. A winning {***} realised as a chow is three
/// realisations, one per winning slot (345m won on 3m or 5m: two-sided; on 4m: closed; 123m on
/// 3m: edge), since a scorer reads the wait from it (wait_shape of the realised group); as a pung
/// or a pair it is one (its slots are interchangeable wildcards).

#include <cstdint>
#include <functional>
#include <span>
#include <unordered_map>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/reading/reading.hpp"

namespace meldgraph {

/// The realisations of one interpretation's abstract groups. Not thread-safe (count() memoises).
class Realisations {
 public:
  /// `interpretation` is one of `context.hand`'s; both must outlive this object.
  Realisations(const ReadingContext& context, const Interpretation& interpretation);

  /// Indices into interpretation.groups of the abstract groups, in order; each realisation lists
  /// one concrete group per entry, in this order.
  [[nodiscard]] const std::vector<int>& abstract_groups() const { return abstract_; }

  /// Index into abstract_groups() (and into each listed realisation) of the abstract group that
  /// holds the winning tile, or -1.
  [[nodiscard]] int winning_index() const { return winning_index_; }

  /// Realisations (1 when there is no abstract group), saturating at kCountSaturated; (meld,
  /// winning slot) pairs of the winning group each count. Costs a dynamic programme over tile
  /// kinds, never a listing.
  [[nodiscard]] std::uint64_t count() const;

  /// Calls `visit` with each realisation (concrete groups: pungs, chows and pairs with every slot
  /// wild, of the abstract group's wildcard class; the winning group's winning_slot() says where
  /// the winning wildcard sits, and wait_shape() of it gives the wait) in tile order, until it
  /// returns false or `limit` were visited (0: no limit); returns how many were visited.
  std::uint64_t list(const std::function<bool(std::span<const Group>)>& visit,
                     std::uint64_t limit = 0) const;

 private:
  /// The search state over tile kinds (see realisations.cpp).
  struct State {
    int tile = 0;
    int melds = 0;         ///< ordinary abstract melds still to place
    int pairs = 0;         ///< ordinary abstract pairs still to place
    int winning_meld = 0;  ///< 1 while the winning abstract meld is still to place
    int winning_pair = 0;  ///< 1 while the winning abstract pair is still to place
    int chows_back1 = 0;   ///< chows started one tile back (they use this tile)
    int chows_back2 = 0;   ///< chows started two tiles back (they use this tile, their last)
    unsigned suits = 0;    ///< sequence suits touched so far (lacking a suit)
    [[nodiscard]] std::uint64_t key() const;
  };
  /// What is placed at one tile.
  struct Choice {
    int pungs = 0;
    int chows = 0;
    int pairs = 0;
    /// 0 none, 1 a pung here, 2 + k a chow starting here with the winning wildcard in slot k.
    int winning_meld = 0;
    int winning_pair = 0;
  };

  [[nodiscard]] std::uint64_t count_from(const State& state) const;
  template <class F>
  void for_each_choice(const State& state, F&& fn) const;
  /// Every group placed and no chow carried: the tiles left can only take nothing.
  [[nodiscard]] static bool placed(const State& state);
  [[nodiscard]] bool finished(const State& state) const;
  bool list_from(const State& state, std::vector<Group>& melds, std::vector<Group>& pairs,
                 Group& winning_meld, Group& winning_pair,
                 const std::function<bool(std::span<const Group>)>& visit, std::uint64_t limit,
                 std::uint64_t& visited) const;
  /// One realisation's groups in abstract_groups() order, into composed_ (reused).
  std::span<const Group> compose(const std::vector<Group>& melds, const std::vector<Group>& pairs,
                                 const Group& winning_meld, const Group& winning_pair) const;

  const ReadingContext* context_;
  const Interpretation* interpretation_;
  std::vector<int> abstract_;
  int winning_index_ = -1;
  State start_;
  bool only_wildcards_ = false;  ///< the only abstract group is an N-wildcards group
  TileCounts capacity_{};        ///< copies left per tile for stand-ins
  TileMask meld_tiles_ = 0;      ///< tiles an abstract meld may use
  TileMask pair_tiles_ = 0;      ///< tiles an abstract pair may be
  bool chows_ = true;            ///< chows allowed (not in pairs forms)
  bool distinct_pairs_ = false;  ///< at most one pair per tile kind
  int lacking_needed_ = 0;       ///< sequence suits a winning hand must lack
  unsigned sequence_suits_ = 0;  ///< bit s: suit s forms sequences
  Group meld_template_;          ///< an abstract meld's group (class, flags)
  Group pair_template_;
  Group winning_meld_template_;
  Group winning_pair_template_;
  mutable std::unordered_map<std::uint64_t, std::uint64_t> memo_;
  mutable std::vector<Group> composed_;  ///< the realisation list() visits (reused)
};

}  // namespace meldgraph
