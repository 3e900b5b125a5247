#pragma once
/// The lister's table path: the interpretations of a melds form of a hand without wildcards as
/// a product of per-suit decompositions, each suit's found once by the search itself.
///
/// Why it is exact. Without wildcards every group of a melds form lies in one suit, and the
/// search (driver.hpp) always takes its groups at the lowest natural tile left, so a path
/// places the whole of the lowest suit, then the next, and so on; its order keys start afresh at
/// each suit (min_key falls to 0 when a tile is used up), a winning-tile mark can only land in
/// the winning tile's suit, and a suit of n tiles holds the pair exactly when n % 3 == 2 (a
/// form of one pair). So the form's paths are the product of each suit's paths, in the order
/// "first suit slowest", and each suit's paths are those of the same FormSearch run on that
/// suit's tiles alone. The table runs exactly that search on a miss and keeps its paths; it
/// holds no rule of its own (docs/engine.md, "The table path").
///
/// What a suit's paths depend on, and so the memo's key: the suit's counts, its rank count and
/// whether it has sequences (a table-shaped suit's links follow from these), the ranks its pair
/// may be (the form's pair_tiles) and the winning tile's rank. Paths are stored with tiles
/// relative to the suit's first tile, so one memo per thread serves every lister and rule set
/// of that thread (a scorer made per batch line included), with no lock.
///
/// What it models is stated once, as RuleFeatures, and compared with the rule set's: melds forms
/// with one pair (pair tiles and pair wildcards allowed, the latter moot without wildcards),
/// suits of table shape (at most 9 ranks of at most 4 copies), at most 8 suits. The lister
/// takes the path only for hands without wildcards whose every count is within its copies and
/// whose natural winning tile, if any, is held; everything else is walked.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "state.hpp"

namespace meldgraph::search {

class SuitMemo;  ///< the thread's memo of suits' paths (suit_decompositions.cpp)

/// The paths of one suit's tiles under one form: `count` paths of `size` groups each (`pairs` of
/// them the pair), stored one after another from `offset` in the thread's memo, tiles relative
/// to the suit's first tile.
struct SuitPaths {
  std::uint32_t offset = 0;
  std::uint32_t count = 0;
  std::uint8_t size = 0;
  std::uint8_t pairs = 0;
};

/// Per-suit paths of melds forms for one lister: which forms and suits it takes, and the
/// thread's memo (found by this lister's search on a miss). Not thread-safe, as the lister.
class SuitDecompositions {
 public:
  /// The most suits (SuitLayouts) the table path takes.
  static constexpr std::size_t kMaxSuits = 8;
  /// The thread memo's bound in groups (about 9 MB); past it the memo starts afresh, between
  /// listings. Complete hands of the usual suits stay far below it.
  static constexpr std::size_t kMaxStoredGroups = std::size_t{1} << 20;

  explicit SuitDecompositions(const SearchPlan& plan);
  ~SuitDecompositions();
  SuitDecompositions(const SuitDecompositions&) = delete;
  SuitDecompositions& operator=(const SuitDecompositions&) = delete;

  /// Whether form `form` is one the table path models (false for every form when the tile set
  /// is not modelled).
  [[nodiscard]] bool models(std::size_t form) const {
    return form < modelled_.size() && modelled_[form];
  }
  /// The suits (SuitLayouts, in tile-id order) and each one's tiles.
  [[nodiscard]] std::size_t suit_count() const { return suits_.size(); }
  [[nodiscard]] TileMask suit_mask(std::size_t suit) const { return suits_[suit].mask; }

  /// A listing by the table path, while it lasts: the memo is emptied (when over its bound)
  /// only when no listing of the thread is under way, so paths found stay valid meanwhile.
  /// It holds the thread's memo, found once: a thread_local reached from a shared object (the
  /// Python module) costs a call to __tls_get_addr each time.
  class Listing {
   public:
    Listing();
    ~Listing();
    Listing(const Listing&) = delete;
    Listing& operator=(const Listing&) = delete;

   private:
    friend class SuitDecompositions;
    SuitMemo& memo_;
  };

  /// The paths of suit `suit`'s tiles in `naturals` (every count within its copies, some tile of
  /// the suit held) under form `form` (models(form)), with the natural winning tile
  /// `winning_tile` to be marked when it is of this suit (kNoTile: none): n tiles make n / 3
  /// melds and, when n % 3 == 2, the pair; none when n % 3 == 1. Only during a Listing.
  [[nodiscard]] SuitPaths find(const Listing& listing, std::size_t form, std::size_t suit,
                               const TileCounts& naturals, TileId winning_tile);
  /// The groups of every path stored, which SuitPaths::offset indexes. A find that misses may
  /// move them: read this after the last find of a listing.
  [[nodiscard]] static const Group* stored_groups(const Listing& listing);
  /// Path `k` of `paths` of suit `suit` into `out` (size groups), tiles made absolute; `stored`
  /// is stored_groups(). Inline: the lister copies a path per suit of every interpretation.
  void copy_path(const Group* stored, const SuitPaths& paths, std::uint32_t k, std::size_t suit,
                 Group* out) const {
    const Group* from = stored + paths.offset + std::size_t{k} * paths.size;
    // The suit's first tile added to the slots held (one byte each, no carry: ids stay below
    // 64), the empty slots (kNoTile) left alone.
    static_assert(std::endian::native == std::endian::little, "tiles[0] is the low byte");
    const std::uint32_t add = std::uint32_t{suits_[suit].first} * 0x01010101U;
    for (std::size_t g = 0; g < paths.size; ++g) {
      Group group = from[g];
      std::uint32_t tiles = 0;
      std::memcpy(&tiles, group.tiles.data(), sizeof tiles);
      const std::uint32_t held = group.size >= 4 ? ~0U : (1U << (8U * group.size)) - 1U;
      tiles += add & held;
      std::memcpy(group.tiles.data(), &tiles, sizeof tiles);
      out[g] = group;
    }
  }

 private:
  struct Walk;  ///< the search on one suit (suit_decompositions.cpp)
  struct Suit {
    TileMask mask = 0;
    TileId first = 0;
    std::uint64_t bytes = 0;  ///< its ranks' bytes in a word loaded at `first` (at most 8)
    bool ninth = false;       ///< a ninth rank, past the word
    std::uint64_t shape = 0;  ///< ranks and sequences, placed in the key
  };

  SuitPaths search(SuitMemo& memo, std::size_t form, std::size_t suit,
                   const TileCounts& naturals, TileId winning_tile, int melds, int pairs);

  const SearchPlan& plan_;
  std::vector<std::uint8_t>
      modelled_;  ///< per form: 1 when modelled (a byte: read per form listed)
  std::vector<Suit> suits_;
  /// Per form and suit (form * suit_count() + suit): the ranks the pair may be, in the key.
  std::vector<std::uint64_t> pair_keys_;
  std::unique_ptr<Walk> walk_;  ///< built on the first miss
};

}  // namespace meldgraph::search
