#pragma once
/// The immutable, validated rule set. Rule files are read once (rules_yaml.cpp is the only place
/// that knows YAML); everything else sees `const RuleSet&`.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "meldgraph/tiles.hpp"

namespace meldgraph {

/// A suit (or honour or bonus family) of the tile set, as declared.
struct SuitInfo {
  char letter = 0;                  ///< notation letter: m, p, s, z, f, ...
  std::string name;                 ///< human name ("characters")
  std::vector<std::uint8_t> ranks;  ///< ascending, each 1..9
  bool sequences = false;           ///< chows of consecutive ranks are allowed
  bool bonus = false;               ///< bonus tiles: set aside, never in groups
  std::uint8_t copies = 4;          ///< physical copies of each tile
  std::uint8_t red_fives = 0;       ///< copies of rank 5 that are red (written 0)
  /// Named rank groups, for example winds = 1..4 and dragons = 5..7 of the honours.
  std::vector<std::pair<std::string, std::vector<std::uint8_t>>> groups;
};

/// Wildcards chosen per game by an indicator tile: the tile after the indicator is wild.
struct IndicatorRules {
  bool enabled = false;
  /// The cycle the next tile is taken in: false, the whole suit (9 wraps to 1, 7z to 1z);
  /// true, the named rank group holding the indicator (winds 4z to 1z, dragons 7z to 5z).
  bool by_group = true;
  /// Both the indicator and the next tile are wild (Tianjin).
  bool include_indicator = false;
  /// Explicit cycles, each in order, taking precedence for the tiles they hold (Chinese tables
  /// turn the dragons Red -> Green -> White: {7z, 6z, 5z}).
  std::vector<std::vector<TileId>> cycles;
};

/// How wildcards behave.
struct WildcardRules {
  std::uint8_t jokers = 0;    ///< generic jokers `*` in the set; 0 forbids them in hands
  std::vector<TileId> tiles;  ///< tile kinds that are wild in every hand
  bool per_hand = false;      ///< a wildcard tile may be chosen per hand (`--wild 5m`)
  /// A wildcard may stand for a tile of which the hand's natural tiles plus the other stand-ins
  /// already use every copy.
  bool exceed_copies = true;
  /// Wildcards may stand in declared (exposed) melds and concealed kongs.
  bool in_melds = false;
  IndicatorRules indicator;
  /// A winning hand may hold at most this many wildcards (Wuhan); 0: no limit. The `wildcards`
  /// form (N wildcards win at once) is exempt.
  std::uint8_t max_in_win = 0;
  /// A wildcard tile standing for its own face counts as natural (归位): such a win can still be
  /// hard. Otherwise every wildcard counts as a stand-in.
  bool natural_use = false;
  /// What each wildcard may stand for (wildcards.stand_ins), resolved at load into masks over
  /// the meldable tiles: `joker_stand_ins` for `*`, `tile_stand_ins[t]` for tile kind t when it
  /// is wild (fixed, per hand or by indicator). A mask of every meldable tile is unrestricted.
  TileMask joker_stand_ins = 0;
  std::array<TileMask, kMaxTileKinds> tile_stand_ins{};
  /// Some wildcard may stand for fewer than every meldable tile.
  bool restricted = false;
};

/// The shapes a winning hand may take.
enum class FormType : std::uint8_t {
  melds,      ///< n melds (pung or chow) and `pairs` pairs: the standard hand
  pairs,      ///< pairs, and optionally a few pungs (seven pairs; 嚦咕嚦咕)
  set,        ///< each tile of a set once, plus one more of any of them (thirteen orphans)
  wildcards,  ///< holding `count` wildcards wins at once
  /// The knitted straight (组合龙): 147, 258 and 369 each in a different sequence suit as three
  /// `knit` groups, plus melds and `pairs` pairs for the rest of the hand.
  knitted,
  /// Distinct single tiles (全不靠, 七星不靠, 十六不搭): `hand_tiles` tiles, `pairs` of them
  /// doubled, drawn from `single_tiles` and from the sequence suits as `singles_suits` says.
  singles,
};

/// Which tiles of the sequence suits a `singles` form may hold.
enum class SinglesSuits : std::uint8_t {
  knitted,  ///< each suit only ranks of one of 147, 258, 369, a different one per suit (全不靠)
  gapped,   ///< within a suit, ranks at least `gap` apart (十六不搭); suits independent
};

/// What wildcards may do in a form's pairs.
enum class PairWildcards : std::uint8_t {
  any,           ///< wildcards may be in a pair, even make it alone
  with_natural,  ///< a wildcard may complete a natural tile's pair, never two wildcards alone
  none,          ///< no wildcard in a pair
};

/// One named winning form. Results name the form that matched.
struct FormSpec {
  std::string name;
  FormType type = FormType::melds;
  bool enabled = true;
  bool wildcards = true;          ///< wildcards may be used inside this form
  std::uint8_t pairs = 1;         ///< melds: pairs in the hand; pairs: how many pairs
  bool four_as_two_pairs = true;  ///< pairs: four of a kind may count as two pairs
  /// pairs: pungs beside the pairs (Taiwan's 嚦咕嚦咕: one pung and seven pairs in 17 tiles).
  std::uint8_t pungs = 0;
  std::vector<TileId> set_tiles;                      ///< set: the required tiles, ascending
  std::uint8_t count = 4;                             ///< wildcards: wildcards needed
  PairWildcards pair_wildcards = PairWildcards::any;  ///< melds and pairs forms
  /// melds: tiles the pair may be (2, 5 or 8 in Changsha and Wuhan); 0 allows every tile.
  TileMask pair_tiles = 0;
  /// Tiles the (concealed) hand must hold for the form to apply; for `melds` and `knitted` it is
  /// 0, meaning any size the groups fit, up to the hand size.
  std::uint8_t hand_tiles = 0;
  /// singles: tiles of suits without sequences (honours) the singles may be.
  TileMask single_tiles = 0;
  SinglesSuits singles_suits = SinglesSuits::knitted;  ///< singles: sequence-suit tiles allowed
  std::uint8_t gap = 3;   ///< singles, gapped: least rank difference within a suit
  TileMask required = 0;  ///< singles: tiles every winning hand holds (七星不靠: the honours)
  /// `max_wildcards`: the most wildcards a win of this form holds, overriding
  /// `wildcards.max_in_win` for it (kInheritWildcardCap: that key's; 0: no limit). Read through
  /// form_wildcard_cap().
  std::uint8_t max_wildcards = kInheritWildcardCap;
  /// `scored_only`: the form is left to the scorer (Wuhan's big wins: melds and any pair, won
  /// only when a pattern of `scoring.minimum.forms` counts). In a frozen RuleSet such a form has
  /// `enabled` false, so that the shape search (win, waits, shanten, the tables) never sees it;
  /// RuleSet::scoring_view() is the same rule set with it enabled, which the scorer lists.
  bool scored_only = false;

  static constexpr std::uint8_t kInheritWildcardCap = 0xFF;
};

/// The knit classes of the 9-rank sequence suits: ranks 1-4-7, 2-5-8, 3-6-9.
inline constexpr int kKnitClasses = 3;
/// The class of a rank (1..9) in the knit: 0 for 1-4-7, 1 for 2-5-8, 2 for 3-6-9.
[[nodiscard]] constexpr int knit_class(int rank) {
  return (rank - 1) % kKnitClasses;
}
/// The six ways to give the three knit suits distinct classes (147, 258, 369): entry p, k is
/// the class of knit suit k (KnitSuits) under assignment p. The search, the shanten programme
/// and the fast checks all take them in this order.
inline constexpr std::array<std::array<int, kKnitClasses>, 6> kKnitAssignments = {
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

/// Tile classes scorers read, as masks over the meldable tiles, derived once from the tile set:
/// honours are the tiles of suits without sequences; terminals the lowest and highest rank of each
/// sequence suit (1 and 9); simples the other sequence-suit tiles; winds and dragons the honour
/// tiles of the suit groups named `winds` and `dragons`. `of_suit[s]` holds the tiles of suit s.
struct TileClasses {
  TileMask terminals = 0;
  TileMask honours = 0;
  TileMask simples = 0;
  TileMask winds = 0;
  TileMask dragons = 0;
  TileMask terminals_or_honours = 0;
  std::vector<TileMask> of_suit;
  /// The tile of each wind, E S W N (Wind's order): the rank at that position of the first rank
  /// group named `winds` of four or more ranks; kNoTile when the rule set names none.
  std::array<TileId, 4> wind_tiles{kNoTile, kNoTile, kNoTile, kNoTile};

  [[nodiscard]] static bool in(TileMask mask, TileId tile) { return (mask & tile_bit(tile)) != 0; }
};

/// A meldable suit as the lookup tables lay it out (suit_tables.hpp, queries, the special-form
/// checks, the lister's pruning): its tiles are the ids [first, first + ranks), ascending by rank.
/// Derived once per rule set (RuleSet::suit_layouts), meldable suits in tile-id order.
struct SuitLayout {
  std::uint8_t suit = 0;    ///< index into RuleSet::suits()
  TileId first = 0;         ///< the suit's lowest tile
  std::uint8_t ranks = 0;   ///< tiles in the suit
  bool sequences = false;   ///< chows of consecutive ranks are allowed
  std::uint8_t copies = 0;  ///< copies of every tile of the suit, 0 when they differ
  /// A suit table models it (SuitShape): at most kTableMaxRanks ranks, one copy count of 1 to
  /// kTableMaxCopies, and, with sequences, each tile's next the following id (no rank gap) and
  /// none after the last; without sequences no tile has a next.
  bool table_shape = false;
};

/// The suits a knit (组合龙, 全不靠) spreads over: the non-bonus sequence suits in declaration
/// order. `complete` when there are exactly three, each of ranks 1-9 (what a knitted form needs,
/// as the loader demands for it); then knit suit k's tile of rank r is `first[k] + r - 1`.
struct KnitSuits {
  std::vector<std::size_t> suits;  ///< indices into RuleSet::suits()
  bool complete = false;
  std::array<TileId, kKnitClasses> first{};

  [[nodiscard]] TileId tile(std::size_t k, int rank) const {
    return static_cast<TileId>(first[k] + rank - 1);
  }
};

/// A rule feature a fast path may or may not model. Each fast path (the queries' tables in
/// query_plan.cpp, the special-form checks, the interpretation lister) states the features it
/// models as one constant RuleFeatures value and compares the rule set's (RuleSet::features)
/// with it, so a feature added here is unmodelled everywhere until a fast path lists it.
/// docs/tables.md says which path models which feature.
enum class RuleFeature : std::uint8_t {
  // Wildcards.
  jokers,                ///< wildcards.jokers > 0
  fixed_wild_tiles,      ///< wildcards.tiles: kinds wild in every hand
  per_hand_wild,         ///< wildcards.per_hand: a kind chosen per hand (--wild)
  indicator_wild,        ///< wildcards.indicator.enabled
  wild_meldable_kinds,   ///< some meldable kind may be wild (fixed, per hand or by indicator)
  restricted_stand_ins,  ///< wildcards.stand_ins: some wildcard stands for fewer than all tiles
  capped_copies,         ///< wildcards.exceed_copies false
  wildcards_in_melds,    ///< wildcards.in_melds
  max_in_win,            ///< wildcards.max_in_win > 0
  natural_use,           ///< wildcards.natural_use
  form_wildcard_cap,     ///< a form's own max_wildcards (it overrides wildcards.max_in_win)
  // The hand.
  exhausted_waits,  ///< hand.exhausted_waits
  missing_suits,    ///< hand.missing_suits > 0
  forbidden_tiles,  ///< hand.forbidden_tiles
  // The tile set.
  copies_not_four,  ///< some meldable tile has other than four copies
  irregular_suits,  ///< some meldable suit has no table shape (SuitLayout::table_shape)
  many_suits,       ///< more than 8 meldable suits
  // Forms, for the enabled ones (RuleSet::form_features gives them per form).
  melds_form,              ///< type melds
  pairs_form,              ///< type pairs
  set_form,                ///< type set
  wildcards_form,          ///< type wildcards
  knitted_form,            ///< type knitted
  singles_form,            ///< type singles
  form_without_wildcards,  ///< a form with `wildcards: false`
  pair_tiles,              ///< a form restricts its pair's tiles (pair_tiles)
  pair_wildcards,          ///< pair_wildcards other than `any`
  several_pairs,           ///< a melds or knitted form with `pairs` other than 1
  pungs_beside_pairs,      ///< a pairs form with `pungs`
  four_not_two_pairs,      ///< a pairs form with four_as_two_pairs false
  set_unmeldable_tiles,    ///< a set form naming a tile that is not meldable
  count_,                  ///< number of features (not one)
};

/// A set of RuleFeature, as one value: what a rule set uses, or what a fast path models.
class RuleFeatures {
 public:
  constexpr RuleFeatures() = default;
  constexpr RuleFeatures(std::initializer_list<RuleFeature> features) {
    for (const RuleFeature f : features) add(f);
  }
  /// Every feature (the start of "all but ..." constants).
  [[nodiscard]] static constexpr RuleFeatures all() {
    RuleFeatures result;
    result.bits_ = (std::uint64_t{1} << static_cast<unsigned>(RuleFeature::count_)) - 1;
    return result;
  }

  constexpr void add(RuleFeature f) { bits_ |= bit(f); }
  [[nodiscard]] constexpr bool has(RuleFeature f) const { return (bits_ & bit(f)) != 0; }
  [[nodiscard]] constexpr bool empty() const { return bits_ == 0; }
  /// Whether every feature here is in `modelled`.
  [[nodiscard]] constexpr bool within(RuleFeatures modelled) const {
    return (bits_ & ~modelled.bits_) == 0;
  }
  /// The features here that are not in `other`.
  [[nodiscard]] constexpr RuleFeatures without(RuleFeatures other) const {
    RuleFeatures result;
    result.bits_ = bits_ & ~other.bits_;
    return result;
  }
  [[nodiscard]] constexpr RuleFeatures operator|(RuleFeatures other) const {
    RuleFeatures result;
    result.bits_ = bits_ | other.bits_;
    return result;
  }
  [[nodiscard]] constexpr RuleFeatures operator&(RuleFeatures other) const {
    RuleFeatures result;
    result.bits_ = bits_ & other.bits_;
    return result;
  }
  constexpr RuleFeatures& operator|=(RuleFeatures other) {
    bits_ |= other.bits_;
    return *this;
  }
  friend constexpr bool operator==(RuleFeatures, RuleFeatures) = default;

 private:
  static constexpr std::uint64_t bit(RuleFeature f) {
    return std::uint64_t{1} << static_cast<unsigned>(f);
  }
  std::uint64_t bits_ = 0;
};

/// The name of a feature as docs/tables.md writes it (`restricted_stand_ins`).
[[nodiscard]] std::string_view feature_name(RuleFeature feature);
/// The names of a set's features, comma-separated, in enum order ("" for none).
[[nodiscard]] std::string feature_names(RuleFeatures features);

struct ScoringRules;  // the `scoring` section (scoring_rules.hpp)

namespace detail {
struct QueryPlan;  // queries' tables and form plans (engine/src/query_plan.hpp)
}

/// The validated rule set. Construction derives the tile table and lookup tables once.
class RuleSet {
 public:
  /// Everything a rule file says, already checked field by field by the loader.
  struct Data {
    std::string name;
    std::string description;
    std::string source;            ///< file or built-in name it was loaded from
    std::vector<SuitInfo> suits;   ///< meldable suits first is not required; any order
    std::uint8_t hand_tiles = 14;  ///< tiles of a complete hand, 3n + 2, at most 17
    /// A tile of which the hand holds every copy still counts as a wait (engines disagree).
    bool exhausted_waits = false;
    /// A winning hand holds no tile of at least this many sequence suits (Sichuan's 缺一门: 1).
    std::uint8_t missing_suits = 0;
    /// Tiles a winning hand may not hold, natural or stood for (Wuhan's red dragons, laid out as
    /// kongs when drawn); they are never in declared melds nor indicators.
    TileMask forbidden_tiles = 0;
    WildcardRules wildcards;
    std::vector<FormSpec> forms;
    /// The `scoring` section, or null when the rule set has none (it then only analyses shapes).
    std::shared_ptr<const ScoringRules> scoring;
  };

  /// Derives the tile table. Throws RuleError on contradictions the loader could not see.
  explicit RuleSet(Data data);

  [[nodiscard]] const std::string& name() const { return data_.name; }
  [[nodiscard]] const std::string& description() const { return data_.description; }
  [[nodiscard]] const std::string& source() const { return data_.source; }
  [[nodiscard]] const std::vector<SuitInfo>& suits() const { return data_.suits; }
  [[nodiscard]] std::uint8_t hand_tiles() const { return data_.hand_tiles; }
  [[nodiscard]] bool exhausted_waits() const { return data_.exhausted_waits; }
  [[nodiscard]] int missing_suits() const { return data_.missing_suits; }
  [[nodiscard]] TileMask forbidden_tiles() const { return data_.forbidden_tiles; }
  [[nodiscard]] const WildcardRules& wildcards() const { return data_.wildcards; }
  [[nodiscard]] const std::vector<FormSpec>& forms() const { return data_.forms; }
  [[nodiscard]] const Data& data() const { return data_; }
  /// The scoring rules, or null when the rule set declares none (scoring_rules.hpp).
  [[nodiscard]] const ScoringRules* scoring() const { return data_.scoring.get(); }

  /// Every tile kind; meldable ones are [0, meldable_count()).
  [[nodiscard]] std::span<const TileInfo> tiles() const { return tiles_; }
  [[nodiscard]] const TileInfo& tile(TileId id) const { return tiles_[id]; }
  [[nodiscard]] TileId tile_count() const { return static_cast<TileId>(tiles_.size()); }
  [[nodiscard]] TileId meldable_count() const { return meldable_count_; }

  /// The tile of suit `letter` and `rank`, or kNoTile.
  [[nodiscard]] TileId find_tile(char letter, int rank) const;
  /// Index into suits() of the suit with this letter, or -1.
  [[nodiscard]] int find_suit(char letter) const;
  /// Tile kinds wild in every hand under these rules.
  [[nodiscard]] TileMask fixed_wild_tiles() const { return fixed_wild_; }
  /// The tile after `tile` in its indicator cycle (see IndicatorRules); `tile` must be meldable.
  [[nodiscard]] TileId indicated_tile(TileId tile) const;
  /// Whether `tile` may be turned up as an indicator: a meldable tile, neither it nor the tile it
  /// points to forbidden (hand.forbidden_tiles); a forbidden one is drawn again.
  [[nodiscard]] bool can_indicate(TileId tile) const;
  /// The tile kinds indicator `tile` makes wild: the tile after it, and with include_indicator
  /// the indicator's own kind. `tile` must pass can_indicate.
  [[nodiscard]] TileMask indicator_wild_tiles(TileId tile) const;
  /// Terminal, honour, wind, dragon and simple tiles, and each suit's tiles (TileClasses).
  [[nodiscard]] const TileClasses& tile_classes() const { return classes_; }
  /// The meldable suits as the tables lay them out, in tile-id order (SuitLayout).
  [[nodiscard]] std::span<const SuitLayout> suit_layouts() const { return layouts_; }
  /// The suits a knit spreads over (KnitSuits).
  [[nodiscard]] const KnitSuits& knit_suits() const { return knit_suits_; }
  /// Every feature the rule set uses: its own and its enabled forms' (RuleFeature).
  [[nodiscard]] RuleFeatures features() const { return features_; }
  /// The features of form `index` (type, pair rules, ...); none for a disabled form.
  [[nodiscard]] RuleFeatures form_features(std::size_t index) const {
    return form_features_[index];
  }

  /// The rule set the scorer lists readings under: this one with its `scored_only` forms
  /// enabled (the same forms, by index, and the same scoring rules), or this one itself when it
  /// has none (FormSpec::scored_only).
  [[nodiscard]] const RuleSet& scoring_view() const {
    return scoring_view_ != nullptr ? *scoring_view_ : *this;
  }

  /// The fast queries' plan (engine/src/query_plan.hpp: what the tables model of these rules,
  /// and the layout the per-hand paths read), built with the rule set; its suit tables are
  /// fetched on first use. Copies share it: it holds no pointer into the rule set.
  [[nodiscard]] const detail::QueryPlan& query_plan() const { return *query_plan_; }

 private:
  void derive_tile_classes();
  void derive_suit_layouts();
  void derive_knit_suits();
  void derive_features();

  Data data_;
  std::vector<TileInfo> tiles_;
  TileId meldable_count_ = 0;
  TileMask fixed_wild_ = 0;
  TileClasses classes_;
  std::vector<SuitLayout> layouts_;
  KnitSuits knit_suits_;
  RuleFeatures features_;
  std::vector<RuleFeatures> form_features_;
  std::shared_ptr<const detail::QueryPlan> query_plan_;
  std::shared_ptr<const RuleSet> scoring_view_;                 ///< null: no scored_only form
  std::array<TileId, std::size_t{128} * 10> by_letter_rank_{};  ///< [letter * 10 + rank] -> TileId
};

/// The most wildcards a win of `form` may hold under `rules`: 0 (no limit) for the `wildcards`
/// form (N wildcards win at once, exempt), else the form's `max_wildcards` when it gives one,
/// else `wildcards.max_in_win` (0: no limit).
[[nodiscard]] inline int form_wildcard_cap(const RuleSet& rules, const FormSpec& form) {
  if (form.type == FormType::wildcards) return 0;
  if (form.max_wildcards != FormSpec::kInheritWildcardCap) return form.max_wildcards;
  return rules.wildcards().max_in_win;
}

/// The rule set used when none is named.
inline constexpr std::string_view kDefaultRules = "laizi";

/// Names of the rule sets compiled into the binary, sorted.
[[nodiscard]] std::vector<std::string> builtin_rule_names();

/// Loads a built-in rule set by name, or a rule file when `name_or_path` names a file
/// (contains '/' or ends in .yaml/.yml). Throws RuleError naming file, line and column.
[[nodiscard]] RuleSet load_rules(std::string_view name_or_path);

/// Loads rules from YAML text; `origin` names it in errors. `extends:` may name built-in rule sets
/// or files relative to the current directory.
[[nodiscard]] RuleSet load_rules_from_string(std::string_view yaml, std::string_view origin);

/// The effective rules (after `extends:`) as a complete YAML document that loads back unchanged.
[[nodiscard]] std::string dump_rules(const RuleSet& rules);

}  // namespace meldgraph
