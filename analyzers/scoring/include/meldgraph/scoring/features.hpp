#pragma once
/// The feature record of one reading: everything a scoring pattern or a fu rule reads, computed
/// once per reading (and once per realisation of its wildcard-only groups) so that each pattern's
/// condition is a few integer and bit tests. Built by make_score_features from a Reading and the
/// hand's ReadingContext (features.cpp); docs/scoring.md, "The feature record",
/// describes every field. Patterns never see the Reading itself, nor the search.

#include <array>
#include <cstdint>
#include <span>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph {

/// GroupFeature::flags bits.
inline constexpr std::uint16_t kFeatureOpen = 1U << 0;       ///< counts as open (ReadingGroup)
inline constexpr std::uint16_t kFeatureDeclared = 1U << 1;   ///< a declared meld
inline constexpr std::uint16_t kFeatureWinning = 1U << 2;    ///< holds the winning tile
inline constexpr std::uint16_t kFeatureByDiscard = 1U << 3;  ///< completed by a discard
inline constexpr std::uint16_t kFeatureWild = 1U << 4;       ///< holds a wildcard
inline constexpr std::uint16_t kFeatureAbstract = 1U << 5;   ///< wildcard-only, not realised
inline constexpr std::uint16_t kFeatureConcealedKong = 1U << 6;
inline constexpr std::uint16_t kFeatureAddedKong = 1U << 7;
/// Every slot is a wildcard (a wildcard-only group, realised or not: Fuzhou's 金雀, two golds as
/// the pair).
inline constexpr std::uint16_t kFeatureAllWild = 1U << 8;
/// Bits 9-10: the MeldSource of a declared meld (who it was claimed from; pao reads it).
inline constexpr int kFeatureSourceShift = 9;

/// One group as patterns see it: its kind, the faces it counts as (wildcards as what they stand
/// for; a realised abstract group as its realisation), its suit and lowest rank, and flags.
/// Invariant: for a non-abstract group, `faces` is not 0 and `low` is its lowest face.
struct GroupFeature {
  GroupKind kind = GroupKind::pair;
  std::uint8_t suit = 0xFF;    ///< index into RuleSet::suits(), 0xFF for abstract groups
  std::uint8_t rank = 0;       ///< rank of `low` (a chow's lowest rank), 0 for abstract groups
  TileId low = kNoTile;        ///< lowest face
  std::uint16_t flags = 0;     ///< kFeature* bits
  std::uint8_t wildcards = 0;  ///< wildcard slots
  std::uint8_t size = 0;       ///< tiles
  TileMask faces = 0;

  [[nodiscard]] bool has(std::uint16_t flag) const { return (flags & flag) != 0; }
  [[nodiscard]] MeldSource source() const {
    return static_cast<MeldSource>((flags >> kFeatureSourceShift) & 3U);
  }
};

/// Most groups a reading may have (a 17-tile singles form is 17 singles).
inline constexpr std::size_t kMaxFeatureGroups = 18;
/// GroupKind values (pair ... knit), and the flag bits ScoreFeatures::flag_groups indexes.
inline constexpr std::size_t kGroupKindCount = 9;
inline constexpr std::size_t kIndexedFeatureFlags = 9;
static_assert(kMaxFeatureGroups <= 32, "group indices fit the index masks");
static_assert(static_cast<std::size_t>(GroupKind::knit) + 1 == kGroupKindCount);
static_assert(kFeatureAllWild == 1U << (kIndexedFeatureFlags - 1));
/// ScoreFeatures::kind_counts: the bits of one kind's field, and the field of kind k at 6k.
inline constexpr unsigned kKindCountBits = 6;
static_assert(kMaxFeatureGroups < (1U << kKindCountBits) && kGroupKindCount * kKindCountBits <= 64);

/// The record of one reading under its hand's context. Plain data, no allocation.
struct ScoreFeatures {
  const RuleSet* rules = nullptr;
  const WinContext* win = nullptr;
  std::size_t form = 0;  ///< index into RuleSet::forms()
  FormType form_type = FormType::melds;
  std::array<GroupFeature, kMaxFeatureGroups> groups{};
  std::uint8_t group_count = 0;
  int winning_group = -1;
  WaitShape wait = WaitShape::none;
  /// The hand's context (what `win` points into), for the facts computed on demand.
  const ReadingContext* context = nullptr;
  TileId winning_tile = kNoTile;  ///< the face the winning tile counts as
  bool winning_red = false;       ///< the winning tile is a red five

  /// The hand's tiles by face (wildcards counted as what they stand for; abstract groups not
  /// counted), declared melds included, kongs as four.
  TileCounts counts{};
  TileMask faces = 0;            ///< every face in `counts`
  TileMask concealed_faces = 0;  ///< faces of groups not declared
  std::uint8_t suits_used = 0;   ///< bit s: some face of sequence suit s (RuleSet::suits())
  bool honours_used = false;
  bool closed_hand = true;  ///< no exposed declared meld (concealed kongs keep a hand closed)

  /// Value tiles of this context: the seat and round wind tiles (kNoTile when the rule set has no
  /// winds), and the dragons.
  TileId seat_wind_tile = kNoTile;
  TileId round_wind_tile = kNoTile;

  /// The groups indexed, so that most group filters are a few mask tests: bit g of
  /// kind_groups[k] is set when groups[g].kind is GroupKind k, bit g of flag_groups[b] when
  /// groups[g] has flag bit b (kFeatureOpen ... kFeatureAddedKong). Kept in step with `groups`
  /// by make_score_features and realise_group.
  std::array<std::uint32_t, kGroupKindCount> kind_groups{};
  std::array<std::uint32_t, kIndexedFeatureFlags> flag_groups{};
  /// How many groups of each kind, packed: GroupKind k's count in the 6 bits from bit 6k (at
  /// most kMaxFeatureGroups, so no field overflows), kept in step with kind_groups. The compiled
  /// conditions count the groups of several kinds with one mask and one multiplication.
  std::uint64_t kind_counts = 0;

  std::uint8_t wildcards = 0;       ///< wildcard slots in every group, declared included
  std::uint8_t soft_wildcards = 0;  ///< Interpretation::soft_wildcards
  std::uint8_t red_fives = 0;       ///< red fives held (natural, or red copies of wild fives)

  /// ReadingContext::has_waits: the hand has a winning tile, so waits_before() is its wait set;
  /// false without a context. Computed on the first call for the hand.
  [[nodiscard]] bool has_waits() const { return context != nullptr && context->has_waits(); }
  /// The hand before the win waits on these tiles (ReadingContext::waits_before, computed on
  /// the first call for the hand); 0 without a context or when !has_waits().
  [[nodiscard]] TileMask waits_before() const {
    return context != nullptr ? context->waits_before() : 0;
  }
  /// ReadingContext::only_wait: the winning tile was the only wait; false without a context.
  [[nodiscard]] bool only_wait() const { return context != nullptr && context->only_wait(); }

  [[nodiscard]] std::span<const GroupFeature> group_span() const {
    return {groups.data(), group_count};
  }
};

/// Fills `out` with the record of `reading`, a reading of `context.hand` (abstract groups stay
/// abstract: kFeatureAbstract, no faces). Allocation-free; `out` is overwritten.
void make_score_features(const ReadingContext& context, const Reading& reading, ScoreFeatures& out);
/// The same record, made from the interpretation itself for a plain hand (ReadingContext::plain:
/// no wildcard, no red five in a declared meld), whose reading is its interpretation's groups as
/// they are: the scorer scores such a hand without making its readings (ScoredReading::reading()
/// makes one when asked). Throws std::logic_error when the context is not plain.
void make_score_features(const ReadingContext& context, const Interpretation& interpretation,
                         ScoreFeatures& out);

/// Gives abstract group `group` of `features` the concrete meaning `concrete` (one group of a
/// Realisations listing, in the order of its abstract_groups()): kind, faces, suit, rank and
/// size as a concrete group of those tiles would have, kFeatureAbstract cleared (the group stays
/// kFeatureWild), its tiles added to the hand's counts, faces, suits and honours, and the winning
/// tile set when the group holds it. Realise every abstract group of a record before evaluating
/// patterns over it. Allocation-free. Throws std::logic_error when the group is not abstract.
void realise_group(ScoreFeatures& features, std::size_t group, const Group& concrete,
                   const RuleSet& rules);

}  // namespace meldgraph
