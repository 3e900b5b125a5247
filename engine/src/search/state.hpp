#pragma once
/// The values the one search works on (driver.hpp): the state (the graph's memo key), what
/// the search reads of a rule set (SearchPlan) and of a hand (HandStart), the groups each form
/// needs, and the template helpers of the melds step.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "form_search.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/tables/suit_tables.hpp"

namespace meldgraph::search {

/// A search state. Fields past the rule set's tile count stay zero, so whole-array comparison and
/// hashing are exact (the graph's memo key).
struct State {
  TileCounts remaining{};  ///< natural tiles still to place
  TileCounts standins{};   ///< wildcards placed per tile; tracked only when copies are capped
  /// Wildcards still to place, per class (WildcardClasses).
  std::array<std::uint8_t, kMaxWildcardClasses> wildcards{};
  std::uint8_t melds = 0;  ///< melds still needed (set forms: singles still needed)
  std::uint8_t pairs = 0;  ///< pairs still needed
  /// Wildcard-only groups of restricted wildcards: the lowest tile the next one may start at.
  std::uint8_t anchor = 0;
  /// With hand.missing_suits: bit s set when a group holds a tile (natural or stand-in) of suit
  /// s; zero otherwise, so that states merge as without the rule.
  std::uint8_t suits_used = 0;
  /// Meld forms: groups at the same lowest tile come in non-decreasing order of order_key; this
  /// is the least key still allowed. Wildcard-only groups: the key at the anchor. Singles forms:
  /// the pattern so far (singles_step).
  std::uint16_t min_key = 0;
  /// Set forms: index of the next set tile. Knitted forms: knit phase (0-2: the suit whose knit
  /// group comes next, 3: melds) + 4 * the knit classes used. Singles forms: the lowest tile id a
  /// group may still take (one past the last one placed).
  std::uint8_t cursor = 0;
  Winning winning = Winning::placed;  ///< whether the winning tile still has to be placed

  friend bool operator==(const State&, const State&) = default;
};

struct StateHash {
  std::size_t operator()(const State& state) const {
    // FNV-1a over the bytes; the struct has no padding (all members are bytes).
    static_assert(sizeof(State) == 2 * kMaxTileKinds + kMaxWildcardClasses + 8);
    const auto* bytes = reinterpret_cast<const unsigned char*>(&state);
    std::uint64_t hash = 1469598103934665603ULL;
    for (std::size_t i = 0; i < sizeof(State); ++i) hash = (hash ^ bytes[i]) * 1099511628211ULL;
    return static_cast<std::size_t>(hash);
  }
};

/// Knitted forms place one knit group per sequence suit before their melds.
inline constexpr int kKnitPhases = kKnitClasses;
/// Suits the pruning tables handle (standard sets have four).
inline constexpr std::size_t kMaxPruneSuits = 8;

/// What the search reads of a rule set, derived once per consumer: the tile table, the
/// restrictions and, optionally, the pruning tables.
struct SearchPlan {
  /// `tables`: look up the per-suit win tables for pruning (built on first use, process-wide;
  /// the lister takes them, a one-off Decomposition does without).
  SearchPlan(const RuleSet& rule_set, bool tables);

  const RuleSet* rules;
  TileId meldable = 0;
  TileMask meldable_mask = 0;
  TileMask forbidden = 0;
  int missing_suits = 0;
  bool capped = false;  ///< !wildcards.exceed_copies: natural copies plus stand-ins capped
  std::array<TileId, kMaxTileKinds> next{};
  std::array<TileId, kMaxTileKinds> previous{};
  std::array<std::uint8_t, kMaxTileKinds> copies{};
  std::array<std::uint8_t, kMaxTileKinds> suit{};  ///< RuleSet suit index of each tile
  std::vector<std::size_t> sequence_suits;         ///< knit suits, in order (missing suits too)
  std::vector<TileMask> suit_tiles;                ///< per RuleSet suit: its meldable tiles
  std::vector<TileMask> set_masks;                 ///< per form: a set form's tiles, else 0
  /// Knitted forms: [phase][knit class][slot] the tile of rank knit + 1 + 3 slot of the phase's
  /// suit (valid when three sequence suits exist).
  std::array<std::array<std::array<TileId, 3>, kKnitClasses>, kKnitPhases> knit_tiles{};
  // The pruning tables: one per run of same-suit meldable tiles, when every one has a table shape.
  bool tables_ok = false;
  std::size_t suit_count = 0;
  std::array<const std::uint8_t*, kMaxPruneSuits> win_table{};
  std::array<std::uint8_t, kMaxTileKinds> prune_suit{};
  std::array<std::uint32_t, kMaxTileKinds> step_of{};
};

/// The pruning keys of some natural counts: per prune suit its base-5 key, the win-table entry
/// (low nibble f0, high nibble f1) and the sum of the f0.
struct PruneKeys {
  std::array<std::uint32_t, kMaxPruneSuits> keys{};
  std::array<std::uint8_t, kMaxPruneSuits> f{};
  int sum0 = 0;
};
/// `counts` must be within each tile's copies (the tables' range); `mask` its non-zero kinds.
PruneKeys prune_keys(const SearchPlan& plan, const TileCounts& counts, TileMask mask);

/// The wildcard classes as the search reads them (WildcardClasses without the sources).
struct ClassView {
  int count = 0;
  std::array<TileMask, kMaxWildcardClasses> masks{};  ///< already without forbidden tiles
  int unrestricted = -1;
  int winning = -1;
};

/// What one hand brings to the search of each of its forms.
struct HandStart {
  const TileCounts* naturals = nullptr;  ///< natural concealed tiles (the root's remaining)
  TileMask natural_mask = 0;             ///< non-zero kinds of *naturals
  int natural_odd = 0;                   ///< odd counts of *naturals
  /// Natural copies held, declared melds included (copy caps, distinct abstract pairs): read
  /// only when copies are capped or the hand holds wildcards.
  const TileCounts* held = nullptr;
  const PruneKeys* prune = nullptr;  ///< keys of *naturals, or nullptr: no table pruning
  ClassView classes;
  std::array<std::uint8_t, kMaxWildcardClasses> class_held{};  ///< wildcards per class
  int wildcards = 0;                                           ///< concealed wildcards, every class
  TileId winning_tile = kNoTile;      ///< the natural winning tile, or kNoTile
  Winning winning = Winning::placed;  ///< where the winning tile starts
  std::uint8_t declared_suits = 0;    ///< suits of the declared melds (hand.missing_suits)

  /// The hand's facts both consumers derive alike: the classes (their masks without the
  /// forbidden tiles) and wildcard counts, the winning tile, and the declared melds' suits (under
  /// hand.missing_suits; a declared meld touches its first tile's suit).
  void set_classes(const WildcardClasses& all, TileMask forbidden);
  void set_hand(const RuleSet& rules, const Hand& hand);
};

/// Natural copies held, declared melds included, for copy caps: a wild kind's concealed copies
/// are wildcards, its copies inside declared melds the tiles they are; zero past the meldable
/// tiles.
TileCounts held_naturals(const RuleSet& rules, const Hand& hand);

/// How many melds and pairs form `form` needs of a hand of `concealed` concealed tiles with
/// `declared` declared melds and `wildcards` concealed wildcards; false when the form cannot
/// apply at all (whole-hand forms with declared melds or of another size, wildcards in a form
/// without them, knitted hands too small). The N-wildcards form needs neither.
inline bool form_needs(const FormSpec& form, int concealed, int declared, int wildcards, int& melds,
                       int& pairs) {
  // Pairs and set forms are whole-hand shapes: every tile concealed, no declared meld.
  if (form.hand_tiles != 0 && (form.hand_tiles != concealed || declared != 0)) return false;
  if (!form.wildcards && wildcards > 0) return false;
  melds = 0;
  pairs = 0;
  switch (form.type) {
    case FormType::wildcards:
      return true;
    case FormType::melds:
      pairs = form.pairs;
      // The meld count is a byte (a form whose pairs exceed the hand wraps, and cannot match).
      melds = static_cast<std::uint8_t>((concealed - 2 * form.pairs) / 3);
      return true;
    case FormType::knitted: {
      const int rest = concealed - 3 * kKnitPhases - 2 * form.pairs;
      if (rest < 0 || rest % 3 != 0) return false;
      pairs = form.pairs;
      melds = rest / 3;
      return true;
    }
    case FormType::singles:
      pairs = form.pairs;
      melds = static_cast<std::uint8_t>(form.hand_tiles - 2 * form.pairs);
      return true;
    case FormType::pairs:
      pairs = form.pairs;
      melds = form.pungs;
      return true;
    case FormType::set:
      melds = static_cast<int>(form.set_tiles.size());
      pairs = 1;
      return true;
  }
  return false;
}

// Templates, the driver's code ----------------------------------------------------------------

/// The templates a state with 0, 1 and 2 or more wildcards left can use: indices into kTemplates
/// of the templates with at most N wildcard slots, in template order.
template <std::size_t N, int MaxWild>
constexpr std::array<std::uint8_t, N> templates_with_at_most() {
  std::array<std::uint8_t, N> out{};
  std::size_t n = 0;
  for (std::size_t index = 0; index < kTemplates.size(); ++index) {
    if (kTemplates[index].wild_count <= MaxWild) out[n++] = static_cast<std::uint8_t>(index);
  }
  return out;
}
inline constexpr std::array<std::uint8_t, 3> kTemplatesWithout = templates_with_at_most<3, 0>();
inline constexpr std::array<std::uint8_t, 8> kTemplatesWithOne = templates_with_at_most<8, 1>();
inline constexpr std::array<std::uint8_t, 12> kTemplatesAll = templates_with_at_most<12, 2>();

/// Group::wild_classes with every one of `size` slots of class `cls`.
constexpr std::uint8_t uniform_classes(int cls, int size) {
  unsigned code = 0;
  for (int slot = 0; slot < size && slot < 4; ++slot) {
    code |= static_cast<unsigned>(cls) << (2 * slot);
  }
  return static_cast<std::uint8_t>(code);
}

/// Whether wildcard slots of one tile take their classes in non-decreasing order, so that a
/// multiset of classes is placed once.
constexpr bool classes_canonical(const Group& group) {
  for (int slot = 1; slot < group.size; ++slot) {
    if (group.is_wild(slot) && group.is_wild(slot - 1) &&
        group.tiles[static_cast<std::size_t>(slot)] ==
            group.tiles[static_cast<std::size_t>(slot - 1)] &&
        group.wild_class(slot) < group.wild_class(slot - 1)) {
      return false;
    }
  }
  return true;
}

}  // namespace meldgraph::search
