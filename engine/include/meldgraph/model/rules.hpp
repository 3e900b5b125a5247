#pragma once
/// The immutable, validated rule set. Rule files are read once (loader/loader.hpp; its yaml.cpp is
/// the only place that knows YAML); everything else sees `const RuleSet&`.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "meldgraph/model/derived_facts.hpp"
#include "meldgraph/model/tile_table.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph {

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
  /// The tile chosen per hand may be a bonus kind (a flower turned up as Fuzhou's gold).
  bool per_hand_bonus = false;
  /// Each wildcard of a bonus kind held also counts as one of the hand's flowers when scored
  /// (the gold that is a flower scores as a flower too); it stays a wildcard in the hand.
  bool bonus_as_flowers = false;
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

/// What players may claim or declare beside the hand, as the notation's declared melds and the
/// context's `set_aside` field give it (docs/rules.md, "`calls`").
struct CallRules {
  /// A chow may be claimed (from the previous player). Japanese three-player (sanma) forbids it:
  /// a declared chow is then an error of the hand.
  bool chows = true;
  /// The tile that may be set aside beside the hand as a bonus, replaced by a draw (sanma's kita,
  /// 抜きドラ: the North); kNoTile when none may.
  TileId set_aside = kNoTile;
  /// How many copies of it a player may set aside in one hand.
  std::uint8_t set_aside_max = 0;
  /// A win on the tile drawn to replace a set-aside tile counts as a win after a kong (the
  /// `after_kong` flag, rinshan), as on Mahjong Soul; false: such a win is a plain self-draw.
  bool set_aside_after_kong = true;
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
  /// the scorer lists readings under a view of the rules with it enabled.
  bool scored_only = false;

  static constexpr std::uint8_t kInheritWildcardCap = 0xFF;
};

/// A rule feature a fast path may or may not model. Each fast path (the queries' tables in
/// queries/plan.cpp, the special-form checks, the interpretation lister) states the features it
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
  irregular_suits,  ///< some meldable suit is not regular (SuitLayout::regular)
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

class RuleSet;

/// A section of a rule file that a layer above the model reads (scoring's `scoring:`), frozen at
/// load and kept in the rule set (RuleSet::section). The model knows only its key and that it
/// writes itself back; the layer that reads it (loader/loader.hpp: SectionReader) knows the rest.
class RuleSection {
 public:
  RuleSection() = default;
  RuleSection(const RuleSection&) = delete;
  RuleSection& operator=(const RuleSection&) = delete;
  virtual ~RuleSection() = default;
  /// Appends the section as YAML that loads back unchanged (`rules dump`): its key line
  /// (`scoring:`) and its keys below it.
  virtual void write_yaml(const RuleSet& rules, std::string& out) const = 0;
};

/// The validated rule set. Construction derives the facts every layer reads, once; the layers
/// above derive their own on first use (derived()).
class RuleSet {
 public:
  /// Everything a rule file says, already checked field by field by the loader.
  struct Data {
    std::string name;
    std::string description;
    std::string source;            ///< file or built-in name it was loaded from
    std::vector<SuitInfo> suits;   ///< meldable suits first is not required; any order
    std::uint8_t hand_tiles = 14;  ///< tiles of a complete hand, 3n + 2, at most 17
    /// Players at the table, 3 or 4: their seats are the first `players` winds (E, S, W under
    /// three), which the context's seat wind and discarder and the declared melds' sources obey.
    std::uint8_t players = 4;
    CallRules calls;
    /// A tile of which the hand holds every copy still counts as a wait (engines disagree).
    bool exhausted_waits = false;
    /// A winning hand holds no tile of at least this many sequence suits (Sichuan's 缺一门: 1).
    std::uint8_t missing_suits = 0;
    /// Tiles a winning hand may not hold, natural or stood for (Wuhan's red dragons, laid out as
    /// kongs when drawn); they are never in declared melds nor indicators.
    TileMask forbidden_tiles = 0;
    WildcardRules wildcards;
    std::vector<FormSpec> forms;
    /// The sections read by the layers above the model, by key, in the order they were read
    /// (a rule set without a `scoring` section only analyses shapes).
    std::vector<std::pair<std::string, std::shared_ptr<const RuleSection>>> sections;
  };

  /// Lays out the tile table from `data.suits` and derives the rule set's facts. Throws
  /// RuleError on contradictions the loader could not see.
  explicit RuleSet(Data data);
  /// The same, with the tile table already laid out from `data.suits` (the loader's, built for
  /// the sections read after the tiles).
  RuleSet(TileTable tiles, Data data);

  [[nodiscard]] const std::string& name() const { return data_.name; }
  [[nodiscard]] const std::string& description() const { return data_.description; }
  [[nodiscard]] const std::string& source() const { return data_.source; }
  [[nodiscard]] const std::vector<SuitInfo>& suits() const { return data_.suits; }
  [[nodiscard]] std::uint8_t hand_tiles() const { return data_.hand_tiles; }
  [[nodiscard]] bool exhausted_waits() const { return data_.exhausted_waits; }
  [[nodiscard]] int players() const { return data_.players; }
  [[nodiscard]] const CallRules& calls() const { return data_.calls; }
  [[nodiscard]] int missing_suits() const { return data_.missing_suits; }
  [[nodiscard]] TileMask forbidden_tiles() const { return data_.forbidden_tiles; }
  [[nodiscard]] const WildcardRules& wildcards() const { return data_.wildcards; }
  [[nodiscard]] const std::vector<FormSpec>& forms() const { return data_.forms; }
  [[nodiscard]] const Data& data() const { return data_; }
  /// The section read under `key`, or null when the rule set has none.
  [[nodiscard]] const RuleSection* section(std::string_view key) const;

  /// The tile table (tile_table.hpp); the accessors below read it.
  [[nodiscard]] const TileTable& tile_table() const { return table_; }
  /// Every tile kind; meldable ones are [0, meldable_count()).
  [[nodiscard]] std::span<const TileInfo> tiles() const { return table_.tiles(); }
  [[nodiscard]] const TileInfo& tile(TileId id) const { return table_.tile(id); }
  [[nodiscard]] TileId tile_count() const { return table_.tile_count(); }
  [[nodiscard]] TileId meldable_count() const { return table_.meldable_count(); }
  /// The tile of suit `letter` and `rank`, or kNoTile.
  [[nodiscard]] TileId find_tile(char letter, int rank) const {
    return table_.find_tile(letter, rank);
  }
  /// Index into suits() of the suit with this letter, or -1.
  [[nodiscard]] int find_suit(char letter) const { return table_.find_suit(letter); }
  /// Terminal, honour, wind, dragon and simple tiles, and each suit's tiles (TileClasses).
  [[nodiscard]] const TileClasses& tile_classes() const { return table_.tile_classes(); }
  /// The meldable suits as the tables lay them out, in tile-id order (SuitLayout).
  [[nodiscard]] std::span<const SuitLayout> suit_layouts() const { return table_.suit_layouts(); }
  /// The suits a knit spreads over (KnitSuits).
  [[nodiscard]] const KnitSuits& knit_suits() const { return table_.knit_suits(); }

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
  /// Every feature the rule set uses: its own and its enabled forms' (RuleFeature).
  [[nodiscard]] RuleFeatures features() const { return features_; }
  /// The features of form `index` (type, pair rules, ...); none for a disabled form.
  [[nodiscard]] RuleFeatures form_features(std::size_t index) const {
    return form_features_[index];
  }
  /// Whether some form is left to the scorer (FormSpec::scored_only): switched off here, it is
  /// enabled in the scorer's view of the rules.
  [[nodiscard]] bool has_scored_only_forms() const;

  /// The fact `fact` of these rules, derived on first use by the layer that defines it and kept
  /// with them (derived_facts.hpp). A copy shares the facts derived before it was made.
  template <class Fact, std::size_t Slot>
  [[nodiscard]] const Fact& derived(const DerivedFact<Fact, Slot>& fact) const {
    if (derived_.holds(Slot, &fact)) [[likely]] {
      return *static_cast<const Fact*>(derived_.fact_in(Slot));
    }
    return *static_cast<const Fact*>(derived_.add(Slot, &fact, &derive_erased<Fact, Slot>, *this));
  }

 private:
  /// `fact`'s derive function behind the type-erased signature DerivedFacts::add takes.
  template <class Fact, std::size_t Slot>
  static std::shared_ptr<const void> derive_erased(const void* fact, const RuleSet& rules) {
    return static_cast<const DerivedFact<Fact, Slot>*>(fact)->derive(rules);
  }
  void derive_features();

  Data data_;
  TileTable table_;
  TileMask fixed_wild_ = 0;
  RuleFeatures features_;
  std::vector<RuleFeatures> form_features_;
  mutable DerivedFacts derived_;  ///< a copy holds the facts derived before it
};

/// The most wildcards a win of `form` may hold under `rules`: 0 (no limit) for the `wildcards`
/// form (N wildcards win at once, exempt), else the form's `max_wildcards` when it gives one,
/// else `wildcards.max_in_win` (0: no limit).
[[nodiscard]] inline int form_wildcard_cap(const RuleSet& rules, const FormSpec& form) {
  if (form.type == FormType::wildcards) return 0;
  if (form.max_wildcards != FormSpec::kInheritWildcardCap) return form.max_wildcards;
  return rules.wildcards().max_in_win;
}

}  // namespace meldgraph
