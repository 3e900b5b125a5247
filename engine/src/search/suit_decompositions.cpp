/// The table path's per-suit paths (suit_decompositions.hpp): found by the one search on the
/// suit's tiles alone, kept in a memo per thread keyed by what they depend on.

#include "suit_decompositions.hpp"

#include <bit>
#include <cstring>
#include <span>

#include "driver.hpp"
#include "meldgraph/support/bits.hpp"
#include "meldgraph/support/swar.hpp"

namespace meldgraph::search {
namespace {

/// What the table path models, as RuleFeatures (rules.hpp) the rule set's are compared with: a
/// feature added to RuleFeature later is in neither, so it is walked until modelled here.
/// Of the tile set: suits of table shape, at most kMaxSuits of them (irregular_suits and
/// many_suits unmodelled); every other rule-set feature is about wildcards (the path takes no
/// hand holding one), forbidden tiles and missing suits (the lister's gates before any form) or
/// copies (counts beyond them are walked).
constexpr RuleFeatures kTileSetDecline = {RuleFeature::irregular_suits, RuleFeature::many_suits};
/// Of a form: a melds form of one pair; its pair tiles are in the key, pair wildcards and a
/// wildcard cap moot (the path takes hands without wildcards).
constexpr RuleFeatures kFormModelled = {
    RuleFeature::melds_form, RuleFeature::pair_tiles, RuleFeature::pair_wildcards,
    RuleFeature::form_without_wildcards, RuleFeature::form_wildcard_cap};
static_assert(static_cast<unsigned>(RuleFeature::count_) == 30,
              "a new RuleFeature: decide whether the table path models it");

/// Key fields: counts 3 bits a rank (27 bits), winning rank + 1 (4), ranks (4), sequences (1),
/// the pair's ranks (9).
constexpr unsigned kWinningShift = 27;
constexpr unsigned kRanksShift = 31;
constexpr unsigned kSequencesShift = 35;
constexpr unsigned kPairShift = 36;

}  // namespace

/// The thread's memo: every lister of the thread shares it (keys hold no rule-set identity).
/// Open addressing over a power-of-two table, half full at most; key 0 marks an empty slot (a
/// key always holds its suit's rank count, so it is never 0).
class SuitMemo {
 public:
  /// The paths stored under `key`, or nullptr.
  [[nodiscard]] const SuitPaths* find(std::uint64_t key) const {
    if (keys_.empty()) return nullptr;
    for (std::size_t at = slot(key);; at = (at + 1) & mask_) {
      if (keys_[at] == key) return &values_[at];
      if (keys_[at] == 0) return nullptr;
    }
  }
  void insert(std::uint64_t key, const SuitPaths& paths) {
    if (2 * (size_ + 1) > keys_.size()) grow();
    std::size_t at = slot(key);
    while (keys_[at] != 0) at = (at + 1) & mask_;
    keys_[at] = key;
    values_[at] = paths;
    ++size_;
  }
  void clear() {
    keys_.clear();
    values_.clear();
    size_ = 0;
    groups.clear();
  }

  std::vector<Group> groups;  ///< every stored path's groups, tiles relative to the suit
  int listings = 0;           ///< SuitDecompositions::Listing objects alive

 private:
  [[nodiscard]] std::size_t slot(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
  }
  void grow() {
    std::vector<std::uint64_t> keys = std::move(keys_);
    std::vector<SuitPaths> values = std::move(values_);
    const std::size_t capacity = keys.empty() ? 1024 : 2 * keys.size();
    keys_.assign(capacity, 0);
    values_.assign(capacity, SuitPaths{});
    mask_ = capacity - 1;
    shift_ = 64U - static_cast<unsigned>(std::countr_zero(capacity));
    size_ = 0;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      if (keys[k] != 0) insert(keys[k], values[k]);
    }
  }

  std::vector<std::uint64_t> keys_;
  std::vector<SuitPaths> values_;
  std::size_t mask_ = 0;
  unsigned shift_ = 64;
  std::size_t size_ = 0;
};

namespace {

SuitMemo& thread_memo() {
  thread_local SuitMemo instance;
  return instance;
}

/// The search's consumer on one suit: each complete path's groups appended to the store.
struct SuitSink {
  using Result = bool;
  static constexpr bool kMemo = false;
  struct Frame {};

  std::vector<Group> path;
  std::vector<Group>* out = nullptr;
  TileId first = 0;  ///< the suit's first tile, taken off the stored tiles
  std::uint32_t found = 0;

  static const bool* find(const State& /*state*/) { return nullptr; }
  bool goal() {
    for (Group group : path) {
      for (int s = 0; s < group.size; ++s) {
        group.tiles[static_cast<std::size_t>(s)] =
            static_cast<TileId>(group.tiles[static_cast<std::size_t>(s)] - first);
      }
      out->push_back(group);
    }
    ++found;
    return true;
  }
  static bool dead() { return true; }
  static Frame open(const State& /*state*/) { return {}; }
  void enter(const Group& group) { path.push_back(group); }
  void leave() { path.pop_back(); }
  static bool child(Frame& /*frame*/, const Group& /*group*/, bool go_on) { return go_on; }
  static bool close(Frame& /*frame*/, const State& /*state*/, bool go_on) { return go_on; }
};

}  // namespace

/// The search on one suit's tiles: a hand of no wildcards, no declared melds, no pruning.
struct SuitDecompositions::Walk {
  explicit Walk(const SearchPlan& plan) : search(plan, sink) {}
  SuitSink sink;
  FormSearch<SuitSink, false> search;
  TileCounts naturals{};
  TileCounts held{};  ///< read by the search only for wildcards: none here
  HandStart start;
};

SuitDecompositions::SuitDecompositions(const SearchPlan& plan) : plan_(plan) {
  const RuleSet& rules = *plan.rules;
  modelled_.assign(rules.forms().size(), false);
  const std::span<const SuitLayout> layouts = rules.suit_layouts();
  // The rule set's features among those declined: none.
  const RuleFeatures declined =
      rules.features().without(RuleFeatures::all().without(kTileSetDecline));
  bool tile_set = declined.empty() && layouts.size() <= kMaxSuits;
  for (const SuitLayout& layout : layouts) {
    // The word of counts is loaded at the suit's first tile; counts fit 3 bits (copies <= 4).
    tile_set = tile_set && layout.regular && layout.ranks <= 9 &&
               std::size_t{layout.first} + 8 <= kMaxTileKinds;
  }
  if (!tile_set) return;
  for (const SuitLayout& layout : layouts) {
    Suit suit;
    for (int r = 0; r < layout.ranks; ++r) {
      suit.mask |= tile_bit(static_cast<TileId>(layout.first + r));
    }
    suit.first = layout.first;
    const int in_word = layout.ranks < 8 ? layout.ranks : 8;
    suit.bytes = in_word == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * in_word)) - 1;
    suit.ninth = layout.ranks == 9;
    suit.shape = std::uint64_t{layout.ranks} << kRanksShift | std::uint64_t{layout.chows ? 1U : 0U}
                                                                  << kSequencesShift;
    suits_.push_back(suit);
  }
  pair_keys_.assign(rules.forms().size() * suits_.size(), 0);
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    modelled_[f] = form.enabled && form.type == FormType::melds && form.pairs == 1 &&
                   rules.form_features(f).within(kFormModelled);
    for (std::size_t s = 0; s < suits_.size(); ++s) {
      std::uint64_t ranks = 0;
      for (int r = 0; r < layouts[s].ranks; ++r) {
        const auto t = static_cast<TileId>(layouts[s].first + r);
        if (form.pair_tiles == 0 || (form.pair_tiles & tile_bit(t)) != 0) ranks |= 1U << r;
      }
      pair_keys_[f * suits_.size() + s] = suits_[s].shape | ranks << kPairShift;
    }
  }
}

SuitDecompositions::~SuitDecompositions() = default;

SuitDecompositions::Listing::Listing() : memo_(thread_memo()) {
  if (memo_.listings++ == 0 && memo_.groups.size() > kMaxStoredGroups) memo_.clear();
}
SuitDecompositions::Listing::~Listing() {
  --memo_.listings;
}

SuitPaths SuitDecompositions::find(const Listing& listing, std::size_t form, std::size_t suit,
                                   const TileCounts& naturals, TileId winning_tile) {
  const Suit& info = suits_[suit];
  std::uint64_t x = swar::load_word(naturals.data() + info.first) & info.bytes;
  int tiles = swar::byte_sum(x);
  if (info.ninth) tiles += naturals[info.first + 8];
  if (tiles % 3 == 1) return {};
  // The counts packed 3 bits a rank: bytes to 6-bit pairs, 12-bit quads, then 24 bits.
  x = (x | (x >> 5)) & 0x003F003F003F003FULL;
  x = (x | (x >> 10)) & 0x00000FFF00000FFFULL;
  x = (x | (x >> 20)) & 0xFFFFFFULL;
  if (info.ninth) x |= std::uint64_t{naturals[info.first + 8]} << 24;
  // The key holds the winning tile's rank + 1 when it is of this suit, else 0.
  const bool wins_here = winning_tile < kMaxTileKinds && (info.mask & tile_bit(winning_tile)) != 0;
  const std::uint64_t winning = wins_here ? std::uint64_t{winning_tile} - info.first + 1 : 0;
  const std::uint64_t key = x | winning << kWinningShift | pair_keys_[form * suits_.size() + suit];
  SuitMemo& m = listing.memo_;
  if (const SuitPaths* found = m.find(key)) return *found;
  const int pairs = tiles % 3 == 2 ? 1 : 0;
  const SuitPaths paths = search(m, form, suit, naturals, wins_here ? winning_tile : kNoTile,
                                 (tiles - 2 * pairs) / 3, pairs);
  m.insert(key, paths);
  return paths;
}

const Group* SuitDecompositions::stored_groups(const Listing& listing) {
  return listing.memo_.groups.data();
}

SuitPaths SuitDecompositions::search(SuitMemo& m, std::size_t form, std::size_t suit,
                                     const TileCounts& naturals, TileId winning_tile, int melds,
                                     int pairs) {
  if (!walk_) walk_ = std::make_unique<Walk>(plan_);
  Walk& walk = *walk_;
  walk.naturals = TileCounts{};
  HandStart& start = walk.start;
  start = HandStart{};
  for (const int t : set_bits(suits_[suit].mask)) {
    walk.naturals[t] = naturals[t];
    if (naturals[t] != 0) start.natural_mask |= tile_bit(static_cast<TileId>(t));
    start.natural_odd += naturals[t] & 1;
  }
  start.naturals = &walk.naturals;
  start.held = &walk.held;
  start.winning_tile = winning_tile;
  start.winning = winning_tile != kNoTile ? Winning::natural : Winning::placed;
  SuitPaths paths;
  paths.offset = static_cast<std::uint32_t>(m.groups.size());
  paths.size = static_cast<std::uint8_t>(melds + pairs);
  paths.pairs = static_cast<std::uint8_t>(pairs);
  walk.sink.path.clear();
  walk.sink.out = &m.groups;
  walk.sink.first = suits_[suit].first;
  walk.sink.found = 0;
  (void)walk.search.run(form, start, melds, pairs);
  paths.count = walk.sink.found;
  return paths;
}

}  // namespace meldgraph::search
