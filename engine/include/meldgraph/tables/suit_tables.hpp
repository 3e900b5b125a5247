#pragma once
/// Lookup tables over the count patterns of one suit, the basis of the table-speed queries
/// (queries/). docs/tables.md describes them, their sizes and what they answer.
///
/// A suit *shape* is what the tables depend on: the number of ranks (consecutive ranks when the
/// suit has sequences), whether chows are allowed, and the copies of each tile. A suit's *key* is
/// its natural concealed counts read as a base-5 number, rank 0 lowest: sum of count[r] * 5^r.
/// Every shape with at most 9 ranks and at most 4 copies has a table; rule sets share the tables
/// of equal shapes (a process-wide cache, built on first use, safe under concurrent first use).

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <stop_token>
#include <vector>

namespace meldgraph {

struct SuitShape {
  int ranks = 9;          ///< 1..9 tiles in the suit
  bool sequences = true;  ///< chows of three consecutive ranks are groups
  int copies = 4;         ///< copies of each tile, 1..4

  friend bool operator==(const SuitShape&, const SuitShape&) = default;
};

/// Most ranks and copies a table can hold (the key is base 5 over at most 9 digits).
inline constexpr int kTableMaxRanks = 9;
inline constexpr int kTableMaxCopies = 4;
/// Melds per suit the shanten table covers: a 17-tile hand has five.
inline constexpr int kTableMaxMelds = 5;
/// Saturated value of the win table: "15 or more wildcards", more than any hand can hold with
/// such a suit (a suit of k natural tiles needs at most 2k + 1 wildcards, and k + wildcards <= 17).
inline constexpr int kWinSaturated = 15;
/// Most wildcards a hand may hold for the packed win table to answer it (SuitTables::win_packed).
inline constexpr int kPackedMaxWildcards = 8;
/// Wildcards that make n natural tiles of a suit into melds only, modulo 3: f0 = -n (mod 3).
constexpr int melds_residue(int n) {
  return (3 - n % 3) % 3;
}
/// The same for melds and one pair: f1 = 2 - n (mod 3).
constexpr int pair_residue(int n) {
  return (5 - n % 3) % 3;
}
/// Bytes per key of the shanten table: kept for (pairs p in 0..1, melds m in 0..5) at
/// p * (kTableMaxMelds + 1) + m; kKeptNone means no such placement fits the suit at all.
inline constexpr std::size_t kKeptStride = std::size_t{2} * (kTableMaxMelds + 1);
/// Bytes after the last kept row (of SuitTables::kept and of OverflowKept::rows), so that a
/// reader may load any row as 16 bytes at once.
inline constexpr std::size_t kKeptPadding = 16 - kKeptStride;
/// The shanten table's "does not fit": so negative that adding it to the kept of every other
/// suit (at most 17 tiles in all) stays negative, which lets (max, +) run without branches.
inline constexpr std::int8_t kKeptNone = -64;
/// Bytes per key of the wait rows (SuitTables::wait_rows), and the padding after the last row
/// that lets a reader load any row as eight bytes.
inline constexpr std::size_t kWaitRowBytes = 6;
inline constexpr std::size_t kWaitRowPadding = 8 - kWaitRowBytes;
/// Bit fields of a wait row: four planes of nine bits (bit r for rank r), the key's own win
/// entry as packed values decode it, and the residues of one more tile.
inline constexpr int kWaitPlaneA0 = 0;      ///< bit 0 of a(key + 5^r)
inline constexpr int kWaitPlaneA1 = 9;      ///< bit 1 of a(key + 5^r)
inline constexpr int kWaitPlaneB0 = 18;     ///< bit 0 of b(key + 5^r)
inline constexpr int kWaitPlaneB1 = 27;     ///< bit 1 of b(key + 5^r)
inline constexpr int kWaitEntry = 36;       ///< 8 bits: f0 | f1 << 4 of the key, capped as decoded
inline constexpr int kWaitDrawnMelds = 44;  ///< 2 bits: melds_residue(n + 1)
inline constexpr int kWaitDrawnPair = 46;   ///< 2 bits: pair_residue(n + 1)
/// Bytes per key of the neighbour table: one win entry per rank.
inline constexpr std::size_t kNeighbourStride = kTableMaxRanks;
/// Most natural tiles of one suit in a hand (hands hold at most 17 tiles): keys with more are
/// never asked about, so the builds leave them out.
inline constexpr int kMaxSuitTiles = 17;
/// Most overflow the overflow rows tell apart (a hand holds at most 17 tiles, so at most 16
/// wildcards beside a natural one).
inline constexpr int kMaxOverflow = 16;

/// Thrown out of a table build on a thread whose builds may be abandoned (AbandonableTableBuilds)
/// once its stop has been requested. The part being built is left unbuilt, not half-built: every
/// build starts by assigning its whole output, and its once-flag stays unset, so the next request
/// for it, on any thread, builds it from the start.
struct TableBuildAbandoned : std::exception {
  [[nodiscard]] const char* what() const noexcept override { return "table build abandoned"; }
};

/// While one lives, the table builds its thread runs poll `stop` (every few thousand keys, a few
/// hundred times in a nine-rank build) and throw TableBuildAbandoned once a stop is requested.
/// For a thread that builds tables ahead of need (`batch --answers-from auto`), so that the run
/// can end without waiting for a build nobody will read. Other threads' builds are never
/// abandoned. Not nestable.
class AbandonableTableBuilds {
 public:
  explicit AbandonableTableBuilds(std::stop_token stop);
  ~AbandonableTableBuilds();
  AbandonableTableBuilds(const AbandonableTableBuilds&) = delete;
  AbandonableTableBuilds& operator=(const AbandonableTableBuilds&) = delete;

 private:
  std::stop_token stop_;
};

/// TableAllocator's two halves, in suit_tables.cpp: the size decides which kind of block it is.
[[nodiscard]] void* allocate_table_bytes(std::size_t bytes);
void free_table_bytes(void* p, std::size_t bytes);

/// Allocator of the large tables: blocks of a megabyte or more are aligned to 2 MB and offered
/// to the kernel for transparent huge pages (where it supports them), since the queries read
/// them at random keys: with 4 KB pages nearly every read of the 17.6 MB neighbour table missed
/// the TLB. Smaller blocks come from operator new.
template <class T>
struct TableAllocator {
  using value_type = T;
  TableAllocator() = default;
  template <class U>
  explicit TableAllocator(const TableAllocator<U>& /*other*/) {}

  [[nodiscard]] T* allocate(std::size_t n) {
    return static_cast<T*>(allocate_table_bytes(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) { free_table_bytes(p, n * sizeof(T)); }

  template <class U>
  friend bool operator==(const TableAllocator&, const TableAllocator<U>&) {
    return true;
  }
};

/// A table's storage (see TableAllocator).
template <class T>
using TableVector = std::vector<T, TableAllocator<T>>;

/// The shanten table of a shape extended by *overflow*: when a held wildcard may stand for a copy
/// beyond the copies (`exceed_copies: true`), a target may demand more copies of a tile than the
/// set holds, each slot beyond them filled by a wildcard. kept(key, m, p, o) is the most naturals
/// a placement of m melds and p pairs within the suit keeps when at most o slots in all lie beyond
/// the copies (o = 0 is SuitTables::kept()). It grows with o only for few keys (a 9-rank suit of
/// four copies: 10,170 keys, each by one tile at o = 1; honours: keys with a tile held four
/// times, up to o = 5), so only those keys have rows, found through a bitmap and its ranks.
struct OverflowKept {
  /// False when the rows would pass the size bound (exotic shapes of one or two copies): the
  /// queries then fall back for hands whose wildcards could overflow.
  bool available = false;
  /// Every kept value at overflow o >= depth equals the one at depth.
  int depth = 0;
  std::vector<std::uint64_t> gain_bits;   ///< bit key: kept grows with overflow for some cell
  std::vector<std::uint32_t> gain_ranks;  ///< gain keys before each word of gain_bits
  /// Per gain key in key order, `depth` rows of kKeptStride: kept at o = 1, ..., depth.
  std::vector<std::int8_t> rows;

  /// The key's rows (kept at o = 1..depth), or null when no cell of the key grows with o.
  [[nodiscard]] const std::int8_t* rows_of(std::uint32_t key) const {
    const std::uint64_t word = gain_bits[key >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (key & 63U);
    if ((word & bit) == 0) return nullptr;
    const std::size_t index =
        gain_ranks[key >> 6] + static_cast<std::size_t>(std::popcount(word & (bit - 1)));
    return rows.data() + index * static_cast<std::size_t>(depth) * kKeptStride;
  }
};

/// The tables of one suit shape. Each part is built on its first request.
class SuitTables {
 public:
  explicit SuitTables(SuitShape shape);
  SuitTables(const SuitTables&) = delete;
  SuitTables& operator=(const SuitTables&) = delete;

  /// The process-wide tables of a shape (ranks <= 9, copies <= 4).
  [[nodiscard]] static const SuitTables& of(SuitShape shape);

  [[nodiscard]] const SuitShape& shape() const { return shape_; }
  [[nodiscard]] std::size_t key_count() const { return key_count_; }
  /// 5^r: the key step of one tile of rank index r.
  [[nodiscard]] std::uint32_t step(int rank) const {
    return steps_[static_cast<std::size_t>(rank)];
  }

  /// Win table: for each key, the fewest wildcards that turn the suit's naturals into melds only
  /// (low nibble) and into melds plus one pair (high nibble), saturated at kWinSaturated.
  /// `capped`: a wildcard may not stand for a copy beyond the tile's copies (natural copies plus
  /// stand-ins within the copies); otherwise it may. Keys with a count above the copies, and keys
  /// of more than kMaxSuitTiles tiles (which no hand holds), hold saturated values; a capped
  /// entry f of a key of n tiles is exact when n + f <= kMaxSuitTiles, and otherwise may read
  /// higher: no hand of n naturals in the suit holds f wildcards then (docs/tables.md, "Keys out
  /// of reach").
  [[nodiscard]] const std::uint8_t* win(bool capped) const;

  /// Packed win table: the win table in four bits a key, two keys a byte (key k in byte k / 2,
  /// the low nibble for even k). The wildcards a suit of n naturals needs are fixed modulo 3
  /// (melds_residue, pair_residue), so a nibble holds only how many threes lie above them:
  /// bits 0-1 a = (f0 - melds_residue(n)) / 3 and bits 2-3 b = (f1 - pair_residue(n)) / 3, each
  /// capped at 3. A capped value reads as its residue + 9, a lower bound; every value up to 8
  /// reads exactly. A hand completes when some sum of such values (one per suit) is at most its
  /// wildcards, so for hands of at most kPackedMaxWildcards wildcards no value of 9 or more can
  /// decide, and the answer equals the win table's. Half the win table's bytes: the 977 KB of a
  /// nine-rank suit stay in a 1 MB second-level cache, where the 1.95 MB of bytes did not.
  [[nodiscard]] const std::uint8_t* win_packed(bool capped) const;

  /// Wait rows: all a wait query reads for a suit, in kWaitRowBytes per key (little-endian,
  /// fields kWait*): as bit planes, the packed entries (win_packed) of the keys with one more
  /// tile of each rank r, (3, 3) where r is past the ranks or already holds every copy; the
  /// key's own entry f0 | f1 << 4 as the packed table decodes it (a capped value as residue +
  /// 9); and the residues of n + 1 naturals, which the planes' threes count from. Planes put
  /// the nine ranks of one bit side by side, so a test "a <= t" on all ranks is a few word
  /// operations whose result is already a mask of ranks. The same exactness as win_packed: for
  /// hands of at most kPackedMaxWildcards wildcards. A nine-rank suit takes 11.7 MB, where the
  /// neighbour rows of win entries took 17.6 MB and a second table's read per suit.
  [[nodiscard]] const std::uint8_t* wait_rows(bool capped) const;

  /// Neighbour table: for each key, kNeighbourStride bytes: at r, the win entry of the key with
  /// one more tile of rank r (key + 5^r), or 0xFF (both nibbles saturated: never completes)
  /// where r is past the suit's ranks or the key already holds every copy of rank r. One row is
  /// what a wait query reads for a suit, instead of nine scattered win entries.
  [[nodiscard]] const std::uint8_t* neighbours(bool capped) const;

  /// Shanten table: for each key, kKeptStride bytes: the most natural tiles of the suit that a
  /// placement of exactly m melds and p pairs within the suit (no tile beyond its copies) can
  /// keep; kKeptNone where m melds and p pairs do not fit the suit.
  [[nodiscard]] const std::int8_t* kept() const;

  /// The shanten table with overflow (see OverflowKept), for shapes whose wildcards may stand
  /// beyond the copies.
  [[nodiscard]] const OverflowKept& overflow_kept() const;

  /// Bytes held by the parts built so far.
  [[nodiscard]] std::size_t memory_bytes() const;

 private:
  /// Bit 0: the counts are exactly melds; bit 1: exactly melds and one pair.
  [[nodiscard]] const std::vector<std::uint8_t>& complete() const;
  void build_win_uncapped(TableVector<std::uint8_t>& out) const;
  void build_win_capped(TableVector<std::uint8_t>& out) const;
  void build_kept(TableVector<std::int8_t>& out) const;
  void build_overflow_kept(OverflowKept& out) const;

  SuitShape shape_;
  std::size_t key_count_ = 1;
  std::array<std::uint32_t, kTableMaxRanks + 1> steps_{};

  mutable std::once_flag complete_once_;
  mutable std::vector<std::uint8_t> complete_;
  mutable std::array<std::once_flag, 2> win_once_;
  mutable std::array<TableVector<std::uint8_t>, 2> win_;
  mutable std::array<std::once_flag, 2> win_packed_once_;
  mutable std::array<TableVector<std::uint8_t>, 2> win_packed_;
  mutable std::array<std::once_flag, 2> wait_rows_once_;
  mutable std::array<TableVector<std::uint8_t>, 2> wait_rows_;
  mutable std::array<std::once_flag, 2> neighbours_once_;
  mutable std::array<TableVector<std::uint8_t>, 2> neighbours_;
  mutable std::once_flag kept_once_;
  mutable TableVector<std::int8_t> kept_;
  mutable std::once_flag overflow_once_;
  mutable OverflowKept overflow_;
};

/// Most suits wait_budgets takes (the plans' limit).
inline constexpr std::size_t kMaxBudgetSuits = 8;

/// What a draw into one suit must reach for the standard form (melds and one pair) to complete.
struct WaitBudget {
  int pair_here = 0;       ///< the suit's new f1 (melds and the pair) at most this
  int pair_elsewhere = 0;  ///< or its new f0 (melds only) at most this
};

/// The budgets of a wait query, from the suits' win entries (f0 low nibble, f1 high) and the
/// usable wildcards: drawing into suit s leaves the other suits' entries as they are, so the hand
/// completes when Σ_{other} f0 + f1'(s) <= W, or Σ_{other} f0 + f0'(s) + d <= W with d the least
/// f1 − f0 over the other suits, at most 2 (a pair of wildcards). The two least f1 − f0 are kept,
/// so "the other suits" is one comparison per suit. `count` <= kMaxBudgetSuits. Always inlined:
/// every wait query runs it, and a call costs about what its body does (GCC leaves it out of
/// line once the wait query's steps are inlined around it).
[[gnu::always_inline]] inline void wait_budgets(
    const std::array<std::uint8_t, kMaxBudgetSuits>& entries, std::size_t count, int wildcards,
    std::array<WaitBudget, kMaxBudgetSuits>& out) {
  int sum0 = 0;
  int best = 2;
  int second = 2;
  std::size_t best_suit = count;
  // Without branches (min, max and a conditional move): which suit holds the least f1 - f0 is
  // as random as the hands.
  for (std::size_t s = 0; s < count; ++s) {
    const int f0 = entries[s] & 15;
    const int delta = (entries[s] >> 4) - f0;
    sum0 += f0;
    second = std::min(second, std::max(best, delta));
    best_suit = delta < best ? s : best_suit;
    best = std::min(best, delta);
  }
  for (std::size_t s = 0; s < count; ++s) {
    out[s].pair_here = wildcards - (sum0 - (entries[s] & 15));
    out[s].pair_elsewhere = out[s].pair_here - (s == best_suit ? second : best);
  }
}

}  // namespace meldgraph
