/// Suit tables: built by dynamic programmes over the keys of a suit shape, each key's value read
/// from keys already done, so a table costs a few lookups per key. Every pass walks the keys
/// through walk_keys (in the order its recurrence needs, over the keys it needs), so that each
/// builder below states only its recurrence.
///
///   complete  ascending keys: the lowest tile of a complete pattern is in a pair, a pung or a
///             chow it starts, and the rest is complete (with one pair fewer for the pair).
///   win, uncapped  ascending keys: the lowest natural tile is in some group, as the exact
///             search takes it (search/driver.hpp): pair NN/NW, pung NNN/NNW/NWW, or a chow
///             holding it first, in the middle or last (wildcards below it: lower ranks hold no
///             natural); the rest, one natural tile fewer at least, is a smaller key.
///   win, capped  descending keys: the fewest wildcards = the fewest tiles to add, one tile at a
///             time within the copies, before the pattern is complete.
///   packed win, wait rows  per key (every key), the win entries re-coded: the key's own and,
///             for the wait rows, those of key + 5^r for each rank r (see suit_tables.hpp).
///   neighbours  per key, the win entries of key + 5^r for each rank r (0xFF past the ranks or
///             where rank r is full): what a wait query reads, in one place.
///   kept      A(m, p), the patterns some complete placement of m melds and p pairs within the
///             copies contains, by descending keys (a pattern is in A when it is complete with m
///             melds and p pairs, or when adding some tile within the copies gives a pattern in
///             A); then kept(n) = |n| when n is in A, else the best of n less one tile, by
///             ascending keys.
///   overflow  (exceed_copies) G(m, p, n), the least overflow (slots beyond the copies) of a
///             complete placement of m melds and p pairs that contains n: every placement is
///             listed (for nine ranks the 20,349 multisets of at most five melds, each with no
///             pair or a pair on any rank), its key the counts cut at the copies, and G is closed
///             downwards by descending keys; then for each overflow o that G takes, kept_o(n) =
///             |n| when G(n) <= o, else the best of n less one tile, by ascending keys. A
///             placement holds at most 17 tiles, so both passes visit only the keys of at most
///             kMaxSuitTiles tiles. Only the changes against o - 1 are kept.

#include "meldgraph/tables/suit_tables.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <map>
#include <new>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "meldgraph/support/bits.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace meldgraph {

namespace {
/// Blocks from this size up are table blocks: aligned to and rounded up to kHugePage.
constexpr std::size_t kTableBlockMin = std::size_t{1} << 20;
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}  // namespace

void* allocate_table_bytes(std::size_t bytes) {
  if (bytes < kTableBlockMin) return ::operator new(bytes);
  const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* p = std::aligned_alloc(kHugePage, rounded);
  if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Only advice: without huge pages the table works the same, a little slower.
  (void)madvise(p, rounded, MADV_HUGEPAGE);
#endif
  return p;
}

void free_table_bytes(void* p, std::size_t bytes) {
  if (bytes < kTableBlockMin) {
    ::operator delete(p);
  } else {
    std::free(p);  // NOLINT(cppcoreguidelines-no-malloc): paired with aligned_alloc
  }
}

namespace {

constexpr int kBase = 5;
constexpr int kInfinity = 255;

/// The stop the calling thread's builds poll (AbandonableTableBuilds), or null: not abandonable.
thread_local const std::stop_token* abandon_on_stop = nullptr;

/// A build's poll, on every key of its passes: one test in 16,384 keys reads the stop.
void poll_abandon(std::uint32_t key) {
  constexpr std::uint32_t kPollMask = (1U << 14) - 1;
  if ((key & kPollMask) == 0 && abandon_on_stop != nullptr && abandon_on_stop->stop_requested()) {
    throw TableBuildAbandoned{};
  }
}

/// The digits of a key, rank 0 first, and their sum, stepped like an odometer from key to key:
/// a pass over the keys reads every key's digits without a division per digit (a digit array
/// per key would cost more memory than the tables). Digits past the shape's ranks are 0, since
/// keys stay below 5^ranks.
struct KeyDigits {
  std::array<int, kTableMaxRanks> digits{};
  int sum = 0;

  /// At key k (one division per digit, once per pass).
  explicit KeyDigits(std::uint32_t key = 0) {
    for (int& digit : digits) {
      digit = static_cast<int>(key % kBase);
      key /= kBase;
      sum += digit;
    }
  }
  /// From key k to key k + 1.
  void advance() {
    for (int& digit : digits) {
      if (digit < kBase - 1) {
        ++digit;
        ++sum;
        return;
      }
      sum -= digit;
      digit = 0;
    }
  }
  /// From key k to key k - 1 (from 5^9, which the digits hold as 0, to 5^9 - 1).
  void retreat() {
    for (int& digit : digits) {
      if (digit > 0) {
        --digit;
        --sum;
        return;
      }
      sum += kBase - 1;
      digit = kBase - 1;
    }
  }

  /// The count of rank index r; 0 past the ranks.
  [[nodiscard]] int at(int rank) const {
    return rank < kTableMaxRanks ? digits[static_cast<std::size_t>(rank)] : 0;
  }
  /// The lowest rank index held (the key is not 0).
  [[nodiscard]] int lowest() const {
    int rank = 0;
    while (digits[static_cast<std::size_t>(rank)] == 0) ++rank;
    return rank;
  }
  /// Whether every count is within `copies`.
  [[nodiscard]] bool within(int copies) const {
    return std::all_of(digits.begin(), digits.end(), [copies](int n) { return n <= copies; });
  }
};

/// Whether a key of `tiles` tiles is ever read: a hand holds at most kMaxSuitTiles natural tiles
/// of a suit, and the wait rows read one more than a hand one tile short holds, so no reader asks
/// about a key of more. The builds leave those keys at their initial values (saturated, or
/// kKeptNone): every entry of a key in reach is still exact, since it is read from keys of fewer
/// tiles (uncapped win, kept rows), or from keys of more tiles on the way to a complete pattern
/// of at most n + f tiles (capped win, A(m, p) of at most 5 melds and a pair), and an entry whose
/// pattern would pass kMaxSuitTiles tiles is more than any hand's wildcards (n + f > 17).
constexpr bool in_reach(int tiles) {
  return tiles <= kMaxSuitTiles;
}

/// The order a pass visits the keys in, which its recurrence needs: ascending when a key's value
/// is read from keys of fewer tiles (key - 5^r, visited before it), descending when from keys of
/// more (key + 5^r).
enum class KeyOrder : std::uint8_t { ascending, descending };

/// The keys a pass visits; the others keep the value the build assigned them first.
enum class KeySet : std::uint8_t {
  every,      ///< every key below 5^ranks
  in_reach,   ///< at most kMaxSuitTiles tiles (in_reach), every count within the copies
  one_short,  ///< as in_reach with a tile to spare: the keys whose neighbours are in reach
};

/// The one walk of the builds over a shape's keys: step(key, digits) for each key of `kSet`, in
/// `kOrder`, polling the stop on every key. Each builder is a step stating its recurrence.
template <KeyOrder kOrder, KeySet kSet, class Step>
void walk_keys(const SuitTables& tables, Step&& step) {
  const auto count = static_cast<std::uint32_t>(tables.key_count());
  const int copies = tables.shape().copies;
  const auto visit = [&](std::uint32_t key, const KeyDigits& digits) {
    poll_abandon(key);
    if constexpr (kSet != KeySet::every) {
      constexpr int kSpare = kSet == KeySet::one_short ? 1 : 0;
      if (!in_reach(digits.sum + kSpare) || !digits.within(copies)) return;
    }
    step(key, digits);
  };
  if constexpr (kOrder == KeyOrder::ascending) {
    KeyDigits digits;
    for (std::uint32_t key = 0; key < count; ++key, digits.advance()) visit(key, digits);
  } else {
    KeyDigits digits(count);
    for (std::uint32_t key = count; key-- > 0;) {
      digits.retreat();
      visit(key, digits);
    }
  }
}

/// The win table's bytes: f0 in the low nibble, f1 in the high one.
void pack_win_entries(const std::vector<std::uint8_t>& f0, const std::vector<std::uint8_t>& f1,
                      TableVector<std::uint8_t>& out) {
  out.resize(f0.size());
  for (std::size_t key = 0; key < f0.size(); ++key) {
    out[key] = static_cast<std::uint8_t>(f0[key] | (f1[key] << 4));
  }
}

}  // namespace

AbandonableTableBuilds::AbandonableTableBuilds(std::stop_token stop) : stop_(std::move(stop)) {
  abandon_on_stop = &stop_;
}

AbandonableTableBuilds::~AbandonableTableBuilds() {
  abandon_on_stop = nullptr;
}

SuitTables::SuitTables(SuitShape shape) : shape_(shape) {
  if (shape.ranks < 1 || shape.ranks > kTableMaxRanks || shape.copies < 1 ||
      shape.copies > kTableMaxCopies) {
    throw std::invalid_argument("suit shape outside the tables' range");
  }
  steps_[0] = 1;
  for (std::size_t r = 1; r <= kTableMaxRanks; ++r) steps_[r] = steps_[r - 1] * kBase;
  key_count_ = steps_[static_cast<std::size_t>(shape.ranks)];
}

const SuitTables& SuitTables::of(SuitShape shape) {
  static std::mutex mutex;
  static std::map<std::tuple<int, bool, int>, std::unique_ptr<SuitTables>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[{shape.ranks, shape.sequences, shape.copies}];
  if (!slot) slot = std::make_unique<SuitTables>(shape);
  return *slot;
}

std::size_t SuitTables::memory_bytes() const {
  return complete_.capacity() + win_[0].capacity() + win_[1].capacity() +
         win_packed_[0].capacity() + win_packed_[1].capacity() + wait_rows_[0].capacity() +
         wait_rows_[1].capacity() + neighbours_[0].capacity() + neighbours_[1].capacity() +
         kept_.capacity() + overflow_.rows.capacity() +
         overflow_.gain_bits.capacity() * sizeof(std::uint64_t) +
         overflow_.gain_ranks.capacity() * sizeof(std::uint32_t);
}

const std::vector<std::uint8_t>& SuitTables::complete() const {
  std::call_once(complete_once_, [this] {
    std::vector<std::uint8_t> c(key_count_, 0);
    c[0] = 1;  // no tile: melds only (none of them)
    walk_keys<KeyOrder::ascending, KeySet::in_reach>(
        *this, [&](std::uint32_t key, const KeyDigits& digits) {
          if (key == 0) return;
          const int i = digits.lowest();
          const std::uint32_t s = step(i);
          const int a = digits.at(i);
          unsigned v = 0;
          if (a >= 3) v |= c[key - 3 * s] & 3U;
          if (shape_.sequences && i + 2 < shape_.ranks && digits.at(i + 1) > 0 &&
              digits.at(i + 2) > 0) {
            v |= c[key - s - step(i + 1) - step(i + 2)] & 3U;
          }
          if (a >= 2 && (c[key - 2 * s] & 1U) != 0) v |= 2U;
          c[key] = static_cast<std::uint8_t>(v);
        });
    complete_ = std::move(c);
  });
  return complete_;
}

void SuitTables::build_win_uncapped(TableVector<std::uint8_t>& out) const {
  std::vector<std::uint8_t> f0(key_count_, kWinSaturated);
  std::vector<std::uint8_t> f1(key_count_, kWinSaturated);
  f0[0] = 0;
  f1[0] = 2;  // a pair of wildcards
  walk_keys<KeyOrder::ascending, KeySet::in_reach>(
      *this, [&](std::uint32_t key, const KeyDigits& digits) {
        if (key == 0) return;
        const int i = digits.lowest();
        const std::uint32_t s = step(i);
        const int a = digits.at(i);
        int best0 = kInfinity;
        int best1 = kInfinity;
        // A meld holding the lowest tile, `wild` wildcards, leaving `rest`.
        const auto meld = [&](std::uint32_t rest, int wild) {
          best0 = std::min(best0, wild + f0[rest]);
          best1 = std::min(best1, wild + f1[rest]);
        };
        if (a >= 3) meld(key - 3 * s, 0);
        if (a >= 2) meld(key - 2 * s, 1);
        meld(key - s, 2);
        if (a >= 2) best1 = std::min(best1, static_cast<int>(f0[key - 2 * s]));
        best1 = std::min(best1, 1 + f0[key - s]);
        if (shape_.sequences) {
          const int b = digits.at(i + 1);
          const int c = digits.at(i + 2);
          if (i + 2 < shape_.ranks) {
            for (int n1 = 0; n1 <= std::min(b, 1); ++n1) {
              for (int n2 = 0; n2 <= std::min(c, 1); ++n2) {
                meld(key - s - static_cast<std::uint32_t>(n1) * step(i + 1) -
                         static_cast<std::uint32_t>(n2) * step(i + 2),
                     2 - n1 - n2);
              }
            }
          }
          if (i >= 1 && i + 1 < shape_.ranks) {
            for (int n1 = 0; n1 <= std::min(b, 1); ++n1) {
              meld(key - s - static_cast<std::uint32_t>(n1) * step(i + 1), 2 - n1);
            }
          }
          if (i >= 2) meld(key - s, 2);
        }
        f0[key] = static_cast<std::uint8_t>(std::min(best0, kWinSaturated));
        f1[key] = static_cast<std::uint8_t>(std::min(best1, kWinSaturated));
      });
  pack_win_entries(f0, f1, out);
}

void SuitTables::build_win_capped(TableVector<std::uint8_t>& out) const {
  const std::vector<std::uint8_t>& c = complete();
  std::vector<std::uint8_t> f0(key_count_, kWinSaturated);
  std::vector<std::uint8_t> f1(key_count_, kWinSaturated);
  walk_keys<KeyOrder::descending, KeySet::in_reach>(
      *this, [&](std::uint32_t key, const KeyDigits& digits) {
        int best0 = (c[key] & 1) != 0 ? 0 : kInfinity;
        int best1 = (c[key] & 2) != 0 ? 0 : kInfinity;
        for (int i = 0; i < shape_.ranks; ++i) {
          if (digits.at(i) >= shape_.copies) continue;
          const std::uint32_t up = key + step(i);
          best0 = std::min(best0, f0[up] + 1);
          best1 = std::min(best1, f1[up] + 1);
        }
        f0[key] = static_cast<std::uint8_t>(std::min(best0, kWinSaturated));
        f1[key] = static_cast<std::uint8_t>(std::min(best1, kWinSaturated));
      });
  pack_win_entries(f0, f1, out);
}

void SuitTables::build_kept(TableVector<std::int8_t>& out) const {
  const std::vector<std::uint8_t>& c = complete();
  constexpr int kWidth = kTableMaxMelds + 1;
  // A(m, p) membership, bit p * kWidth + m: by descending keys, each key in A when complete
  // with m melds and p pairs, or when one more tile (within the copies) is.
  std::vector<std::uint16_t> members(key_count_, 0);
  walk_keys<KeyOrder::descending, KeySet::in_reach>(*this, [&](std::uint32_t key,
                                                               const KeyDigits& digits) {
    unsigned bits = 0;
    if ((c[key] & 1) != 0 && digits.sum % 3 == 0 && digits.sum / 3 <= kTableMaxMelds) {
      bits |= 1U << (digits.sum / 3);
    }
    if ((c[key] & 2) != 0 && (digits.sum - 2) % 3 == 0 && (digits.sum - 2) / 3 <= kTableMaxMelds) {
      bits |= 1U << (kWidth + (digits.sum - 2) / 3);
    }
    for (int i = 0; i < shape_.ranks; ++i) {
      if (digits.at(i) < shape_.copies) bits |= members[key + step(i)];
    }
    members[key] = static_cast<std::uint16_t>(bits);
  });
  // kept(n): |n| where n is in A, else the best of n less one tile, by ascending keys.
  out.assign(key_count_ * kKeptStride + kKeptPadding, kKeptNone);
  walk_keys<KeyOrder::ascending, KeySet::in_reach>(
      *this, [&](std::uint32_t key, const KeyDigits& digits) {
        std::array<std::int8_t, kKeptStride> row{};
        row.fill(kKeptNone);
        for (int i = 0; i < shape_.ranks; ++i) {
          if (digits.at(i) == 0) continue;
          const std::int8_t* below = &out[(key - step(i)) * kKeptStride];
          for (std::size_t b = 0; b < kKeptStride; ++b) row[b] = std::max(row[b], below[b]);
        }
        for (std::size_t b = 0; b < kKeptStride; ++b) {
          if ((members[key] >> b & 1U) != 0) row[b] = static_cast<std::int8_t>(digits.sum);
        }
        std::copy(row.begin(), row.end(), &out[key * kKeptStride]);
      });
}

namespace {

/// A complete placement within one suit, cut at the copies: its key, its (melds, pairs) cell of
/// the kept row and its overflow.
struct Placement {
  std::uint32_t key = 0;
  std::uint8_t cell = 0;
  std::uint8_t overflow = 0;
};

/// One change of an overflow kept value: from overflow `overflow` on, (key, cell) keeps `kept`.
struct OverflowChange {
  std::uint32_t key = 0;
  std::uint8_t cell = 0;
  std::uint8_t overflow = 0;
  std::int8_t kept = 0;
};

/// The meld types of a shape, as the ranks of their three tiles: a pung on each rank, a chow on
/// each start.
std::vector<std::array<int, 3>> meld_types(const SuitShape& shape) {
  std::vector<std::array<int, 3>> melds;
  melds.reserve(2 * static_cast<std::size_t>(shape.ranks));
  for (int r = 0; r < shape.ranks; ++r) melds.push_back({r, r, r});
  if (shape.sequences) {
    for (int r = 0; r + 2 < shape.ranks; ++r) melds.push_back({r, r + 1, r + 2});
  }
  return melds;
}

/// Every multiset of at most kTableMaxMelds melds (types from `first` on), each with no pair or
/// a pair on each rank.
void list_placements(const SuitTables& tables, const std::vector<std::array<int, 3>>& melds,
                     std::size_t first, int count, std::array<int, kTableMaxRanks>& demand,
                     std::vector<Placement>& out) {
  const SuitShape& shape = tables.shape();
  for (int pair = -1; pair < shape.ranks; ++pair) {
    if (pair >= 0) demand[static_cast<std::size_t>(pair)] += 2;
    std::uint32_t key = 0;
    int overflow = 0;
    for (int r = 0; r < shape.ranks; ++r) {
      const int d = demand[static_cast<std::size_t>(r)];
      key += static_cast<std::uint32_t>(std::min(d, shape.copies)) * tables.step(r);
      overflow += std::max(0, d - shape.copies);
    }
    if (overflow <= kMaxOverflow) {
      const int cell = (pair >= 0 ? kTableMaxMelds + 1 : 0) + count;
      out.push_back({key, static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(overflow)});
    }
    if (pair >= 0) demand[static_cast<std::size_t>(pair)] -= 2;
  }
  if (count == kTableMaxMelds) return;
  for (std::size_t i = first; i < melds.size(); ++i) {
    for (const int r : melds[i]) {
      if (r >= 0) ++demand[static_cast<std::size_t>(r)];
    }
    list_placements(tables, melds, i, count + 1, demand, out);
    for (const int r : melds[i]) {
      if (r >= 0) --demand[static_cast<std::size_t>(r)];
    }
  }
}

/// The keys the overflow passes visit: a placement holds at most 5 melds and a pair, 17 tiles,
/// so do the keys G is finite on, and the keys queried; each is decoded once.
struct ReachableKeys {
  std::vector<std::uint32_t> ascending;  ///< the keys in reach (KeySet::in_reach), ascending
  std::vector<std::uint8_t> tiles;       ///< by key: its tiles (kInfinity out of reach)
  std::vector<std::uint16_t> may_gain;   ///< by key: bit r, rank r holds fewer than its copies
  std::vector<std::uint16_t> may_lose;   ///< by key: bit r, rank r holds a tile
};

ReachableKeys reachable_keys(const SuitTables& tables) {
  ReachableKeys out;
  const std::size_t count = tables.key_count();
  const SuitShape& shape = tables.shape();
  out.tiles.assign(count, kInfinity);
  out.may_gain.assign(count, 0);
  out.may_lose.assign(count, 0);
  walk_keys<KeyOrder::ascending, KeySet::in_reach>(
      tables, [&](std::uint32_t key, const KeyDigits& digits) {
        out.ascending.push_back(key);
        out.tiles[key] = static_cast<std::uint8_t>(digits.sum);
        unsigned gain = 0;
        unsigned lose = 0;
        for (int r = 0; r < shape.ranks; ++r) {
          if (digits.at(r) < shape.copies) gain |= 1U << r;
          if (digits.at(r) > 0) lose |= 1U << r;
        }
        out.may_gain[key] = static_cast<std::uint16_t>(gain);
        out.may_lose[key] = static_cast<std::uint16_t>(lose);
      });
  return out;
}

/// Most bytes of overflow rows a shape may hold; past it the shape's rows are not built.
constexpr std::size_t kMaxOverflowBytes = std::size_t{32} << 20;

/// The overflow rows' build (SuitTables::build_overflow_kept), cell by cell of the kept row:
/// G of the cell (least_overflow), then the changes of its kept values with the overflow
/// (add_changes); once every cell is done, the rows (pack).
class OverflowBuild {
 public:
  explicit OverflowBuild(const SuitTables& tables)
      : tables_(tables),
        keys_(reachable_keys(tables)),
        least_(tables.key_count()),
        previous_(tables.key_count()),
        current_(tables.key_count()) {
    std::array<int, kTableMaxRanks> demand{};
    list_placements(tables, meld_types(tables.shape()), 0, 0, demand, placements_);
  }

  /// The changes of one cell; false once they pass kMaxOverflowBytes (no rows then).
  bool add_cell(std::size_t cell) { return add_changes(cell, least_overflow(cell)); }

  /// The rows from the changes, or `out` left unavailable when they would pass the bound.
  void pack(OverflowKept& out) const;

 private:
  /// G of the cell into least_: the least overflow of a placement of the cell's melds and
  /// pairs containing each key, kInfinity where none does. Returns the overflows
  /// 1..kMaxOverflow that G takes (bit o).
  std::uint32_t least_overflow(std::size_t cell);
  /// The changes of the cell's kept values at each overflow o that G takes, against the value
  /// at the overflow before: kept_o(n) = |n| when G(n) <= o, else the best of n less one tile,
  /// by ascending keys. Appended to changes_ by rising overflow; false once they pass
  /// kMaxOverflowBytes.
  bool add_changes(std::size_t cell, std::uint32_t overflows);

  const SuitTables& tables_;
  std::vector<Placement> placements_;
  ReachableKeys keys_;
  std::vector<std::uint8_t> least_;      ///< G of the cell being built, by key
  std::vector<std::int8_t> previous_;    ///< kept at the overflow before, by key
  std::vector<std::int8_t> current_;     ///< kept at the overflow being built, by key
  std::vector<OverflowChange> changes_;  ///< by cell, then by rising overflow
  int depth_ = 0;                        ///< the highest overflow with a change
};

std::uint32_t OverflowBuild::least_overflow(std::size_t cell) {
  std::fill(least_.begin(), least_.end(), std::uint8_t{kInfinity});
  for (const Placement& placement : placements_) {
    if (placement.cell != cell) continue;
    least_[placement.key] = std::min(least_[placement.key], placement.overflow);
  }
  // Closed downwards, by descending keys: a pattern inside one a placement contains is
  // contained as well. A key one tile above a key in reach is in reach or holds no placement
  // (kInfinity either way).
  std::uint32_t overflows = 0;
  for (auto it = keys_.ascending.rbegin(); it != keys_.ascending.rend(); ++it) {
    const std::uint32_t key = *it;
    poll_abandon(key);
    std::uint8_t g = least_[key];
    for (const int r : set_bits(keys_.may_gain[key])) {
      g = std::min(g, least_[key + tables_.step(r)]);
    }
    least_[key] = g;
    if (g >= 1 && g <= kMaxOverflow) overflows |= 1U << g;
  }
  return overflows;
}

bool OverflowBuild::add_changes(std::size_t cell, std::uint32_t overflows) {
  const std::int8_t* kept0 = tables_.kept();
  for (const std::uint32_t key : keys_.ascending) {
    previous_[key] = kept0[std::size_t{key} * kKeptStride + cell];
  }
  for (const int o : set_bits(overflows)) {
    for (const std::uint32_t key : keys_.ascending) {
      poll_abandon(key);
      std::int8_t k = kKeptNone;
      if (least_[key] <= o) {
        k = static_cast<std::int8_t>(keys_.tiles[key]);
      } else {
        // The keys one tile below are in reach and visited before this one.
        for (const int r : set_bits(keys_.may_lose[key])) {
          k = std::max(k, current_[key - tables_.step(r)]);
        }
      }
      current_[key] = k;
      if (k != previous_[key]) {
        changes_.push_back({key, static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(o), k});
        depth_ = std::max(depth_, o);
        previous_[key] = k;
      }
    }
    if (changes_.size() * sizeof(OverflowChange) > kMaxOverflowBytes) return false;
  }
  return true;
}

void OverflowBuild::pack(OverflowKept& out) const {
  const std::int8_t* kept0 = tables_.kept();
  const std::size_t words = (tables_.key_count() + 63) / 64;
  out.depth = depth_;
  out.gain_bits.assign(words, 0);
  out.gain_ranks.assign(words, 0);
  for (const OverflowChange& change : changes_) {
    out.gain_bits[change.key >> 6] |= std::uint64_t{1} << (change.key & 63U);
  }
  std::uint32_t before = 0;
  for (std::size_t w = 0; w < words; ++w) {
    out.gain_ranks[w] = before;
    before += static_cast<std::uint32_t>(std::popcount(out.gain_bits[w]));
  }
  const std::size_t stride = static_cast<std::size_t>(depth_) * kKeptStride;
  if (std::size_t{before} * stride > kMaxOverflowBytes) {
    out = OverflowKept{};
    return;
  }
  out.rows.assign(std::size_t{before} * stride + kKeptPadding, kKeptNone);
  // The rows of a gain key, writable (rows_of is the readers' const view).
  const auto rows_at = [&out](std::uint32_t key) {
    const std::int8_t* rows = out.rows_of(key);
    return out.rows.data() + (rows - out.rows.data());
  };
  // Each gain key's rows start as its overflow-0 row; each change holds from its overflow on.
  for (std::size_t w = 0; w < words; ++w) {
    for (const int bit : set_bits(out.gain_bits[w])) {
      const auto key = static_cast<std::uint32_t>(64 * w + static_cast<std::size_t>(bit));
      std::int8_t* rows = rows_at(key);
      for (int o = 0; o < depth_; ++o) {
        std::copy_n(&kept0[std::size_t{key} * kKeptStride], kKeptStride,
                    rows + static_cast<std::size_t>(o) * kKeptStride);
      }
    }
  }
  for (const OverflowChange& change : changes_) {
    std::int8_t* rows = rows_at(change.key);
    for (int o = change.overflow; o <= depth_; ++o) {
      rows[static_cast<std::size_t>(o - 1) * kKeptStride + change.cell] = change.kept;
    }
  }
  out.available = true;
}

}  // namespace

void SuitTables::build_overflow_kept(OverflowKept& out) const {
  OverflowBuild build(*this);
  for (std::size_t cell = 0; cell < kKeptStride; ++cell) {
    if (!build.add_cell(cell)) return;  // unavailable
  }
  build.pack(out);
}

const OverflowKept& SuitTables::overflow_kept() const {
  std::call_once(overflow_once_, [this] { build_overflow_kept(overflow_); });
  return overflow_;
}

const std::uint8_t* SuitTables::win(bool capped) const {
  const std::size_t index = capped ? 1 : 0;
  std::call_once(win_once_[index], [this, capped, index] {
    if (capped) {
      build_win_capped(win_[index]);
    } else {
      build_win_uncapped(win_[index]);
    }
  });
  return win_[index].data();
}

const std::uint8_t* SuitTables::win_packed(bool capped) const {
  const std::size_t index = capped ? 1 : 0;
  std::call_once(win_packed_once_[index], [this, capped, index] {
    const std::uint8_t* win_entries = win(capped);
    TableVector<std::uint8_t>& out = win_packed_[index];
    // A key out of reach holds a saturated entry (15 or more for both values), whose threes
    // cap at 3 whatever its residues: nibble 15. Only the keys in reach are worked out.
    out.assign((key_count_ + 1) / 2, 0xFF);
    walk_keys<KeyOrder::ascending, KeySet::in_reach>(
        *this, [&](std::uint32_t key, const KeyDigits& digits) {
          const int f0 = win_entries[key] & 15;
          const int f1 = win_entries[key] >> 4;
          // A saturated entry (15) caps: 15 - residue >= 13.
          const int a = std::min(3, (f0 - melds_residue(digits.sum)) / 3);
          const int b = std::min(3, (f1 - pair_residue(digits.sum)) / 3);
          const unsigned shift = key % 2 * 4;
          std::uint8_t& byte = out[key / 2];
          byte = static_cast<std::uint8_t>((byte & ~(15U << shift)) |
                                           static_cast<unsigned>(a | b << 2) << shift);
        });
  });
  return win_packed_[index].data();
}

namespace {

/// The wait row of a key of `sum` tiles whose own entry and every neighbour's are saturated
/// (nibble 15): a key out of reach, or one holding more than the copies of some rank.
std::uint64_t saturated_wait_row(int sum) {
  const auto f0 = static_cast<std::uint64_t>(melds_residue(sum)) + 9;
  const auto f1 = static_cast<std::uint64_t>(pair_residue(sum)) + 9;
  constexpr std::uint64_t kRanks = (std::uint64_t{1} << kTableMaxRanks) - 1;
  return (f0 | f1 << 4) << kWaitEntry |
         static_cast<std::uint64_t>(melds_residue(sum + 1)) << kWaitDrawnMelds |
         static_cast<std::uint64_t>(pair_residue(sum + 1)) << kWaitDrawnPair |
         kRanks << kWaitPlaneA0 | kRanks << kWaitPlaneA1 | kRanks << kWaitPlaneB0 |
         kRanks << kWaitPlaneB1;
}

}  // namespace

const std::uint8_t* SuitTables::wait_rows(bool capped) const {
  const std::size_t index = capped ? 1 : 0;
  std::call_once(wait_rows_once_[index], [this, capped, index] {
    const std::uint8_t* packed = win_packed(capped);
    const auto nibble = [packed](std::uint32_t key) -> std::uint64_t {
      return (packed[key / 2] >> (key % 2 * 4)) & 15U;
    };
    // A key out of reach, or past the copies of a rank, is saturated and so is every key of
    // one more tile: its row depends on its size alone. Those are most keys of a nine-rank
    // suit (5^9 keys, 886,400 of them in reach), so only the others are worked out.
    std::array<std::uint64_t, kTableMaxRanks * kTableMaxCopies + 1> saturated{};
    for (std::size_t n = 0; n < saturated.size(); ++n) {
      saturated[n] = saturated_wait_row(static_cast<int>(n));
    }
    TableVector<std::uint8_t>& out = wait_rows_[index];
    out.assign(key_count_ * kWaitRowBytes + kWaitRowPadding, 0);
    walk_keys<KeyOrder::ascending, KeySet::every>(*this, [&](std::uint32_t key,
                                                             const KeyDigits& digits) {
      const int sum = digits.sum;
      std::uint64_t row = saturated[static_cast<std::size_t>(sum)];
      if (in_reach(sum) && digits.within(shape_.copies)) {
        const std::uint64_t own = nibble(key);
        const std::uint64_t f0 = static_cast<std::uint64_t>(melds_residue(sum)) + 3 * (own & 3U);
        const std::uint64_t f1 = static_cast<std::uint64_t>(pair_residue(sum)) + 3 * (own >> 2);
        row = (f0 | f1 << 4) << kWaitEntry |
              static_cast<std::uint64_t>(melds_residue(sum + 1)) << kWaitDrawnMelds |
              static_cast<std::uint64_t>(pair_residue(sum + 1)) << kWaitDrawnPair;
        // A key of kMaxSuitTiles tiles: every neighbour is out of reach (saturated), so every
        // plane says "never completes", as reading them would.
        const bool reach = in_reach(sum + 1);
        for (int r = 0; r < kTableMaxRanks; ++r) {
          // Past the ranks, or a full rank (key + 5^r would carry): never completes.
          const bool open = reach && r < shape_.ranks && digits.at(r) < shape_.copies;
          const std::uint64_t entry = open ? nibble(key + step(r)) : std::uint64_t{15};
          row |= (entry & 1U) << (kWaitPlaneA0 + r) | (entry >> 1 & 1U) << (kWaitPlaneA1 + r) |
                 (entry >> 2 & 1U) << (kWaitPlaneB0 + r) | (entry >> 3 & 1U) << (kWaitPlaneB1 + r);
        }
      }
      for (std::size_t b = 0; b < kWaitRowBytes; ++b) {
        out[std::size_t{key} * kWaitRowBytes + b] = static_cast<std::uint8_t>(row >> (8 * b));
      }
    });
  });
  return wait_rows_[index].data();
}

const std::uint8_t* SuitTables::neighbours(bool capped) const {
  const std::size_t index = capped ? 1 : 0;
  std::call_once(neighbours_once_[index], [this, capped, index] {
    const std::uint8_t* win_entries = win(capped);
    TableVector<std::uint8_t>& out = neighbours_[index];
    out.assign(key_count_ * kNeighbourStride, 0xFF);
    // Neighbours of kMaxSuitTiles + 1 tiles or more are out of reach: 0xFF, as reading them.
    walk_keys<KeyOrder::ascending, KeySet::one_short>(
        *this, [&](std::uint32_t key, const KeyDigits& digits) {
          std::uint8_t* row = &out[std::size_t{key} * kNeighbourStride];
          for (int r = 0; r < shape_.ranks; ++r) {
            // A full rank has no neighbour: key + 5^r would carry into the next digit.
            if (digits.at(r) >= shape_.copies) continue;
            row[static_cast<std::size_t>(r)] = win_entries[key + step(r)];
          }
        });
  });
  return neighbours_[index].data();
}

const std::int8_t* SuitTables::kept() const {
  std::call_once(kept_once_, [this] { build_kept(kept_); });
  return kept_.data();
}

}  // namespace meldgraph
