#pragma once
/// What a reading's patterns are worth: the value sections of `scoring` (fu, dora, points,
/// limits, payments), frozen at load, and the value of one reading. docs/scoring.md, "Values",
/// describes the keys.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "meldgraph/model/tiles.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"

namespace meldgraph {

struct ScoringRules;
struct ScoreFeatures;

/// Where a part of the fu comes from.
enum class FuSource : std::uint8_t {
  base,        ///< 副底: 20
  closed_ron,  ///< 門前加符: a closed hand won on a discard
  self_draw,   ///< 自摸符
  meld,        ///< a pung or kong, by kind, openness, terminal or honour
  pair,        ///< a pair of value tiles
  wait,        ///< closed, edge or single wait
  open_pinfu,  ///< an open hand with no fu beyond the base, raised
  fixed,       ///< a form's fixed fu (seven pairs: 25)
  rounding,    ///< rounded up to the next 10
};

/// One part of a reading's fu, 8 bytes: where it comes from, how much, and from which group.
struct FuPart {
  FuSource source = FuSource::base;
  std::int8_t group = -1;  ///< the group it comes from (meld, pair, wait), else -1
  std::int32_t fu = 0;     ///< a meld may be worth up to 100 x 8^3 under the rule file's bounds
};

/// A reading's fu parts, in the order compute_fu adds them: a fixed array, so that filling them
/// is a store and a count (no vector growth check on the scorer's hot path). At most one fixed
/// part, or the base, how the hand won, one part per group (kMaxFeatureGroups), the wait,
/// rounding and an open hand's minimum: kCapacity bounds them all.
class FuParts {
 public:
  static constexpr std::size_t kCapacity = 24;

  void clear() { size_ = 0; }
  /// Appends `part` when `keep`, without a branch: the slot is written either way (compute_fu
  /// leaves out parts of 0 fu, which vary group to group and would mispredict). The caller
  /// offers at most kCapacity parts (compute_fu's steps do), kept or not.
  void push_back_if(const FuPart& part, bool keep) {
    parts_[size_] = part;
    size_ += keep ? 1U : 0U;
  }

  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] const FuPart& operator[](std::size_t i) const { return parts_[i]; }
  [[nodiscard]] const FuPart& back() const { return parts_[size_ - 1]; }
  [[nodiscard]] const FuPart* begin() const { return parts_.data(); }
  [[nodiscard]] const FuPart* end() const { return parts_.data() + size_; }

 private:
  std::array<FuPart, kCapacity> parts_{};
  std::size_t size_ = 0;
};

/// The fu of a reading (`scoring.fu`; docs/scoring.md, "Values"). Melds: a pung is worth `pung`,
/// times `concealed` when concealed, times `terminal_or_honour` when of those tiles, times `kong`
/// when a kong (riichi: open simple pung 2, concealed terminal kong 32).
struct FuRules {
  bool enabled = false;  ///< the rule set counts fu (the key `fu` is given)
  std::int16_t base = 20;
  std::int16_t closed_ron = 10;  ///< a closed hand won on a discard
  std::int16_t self_draw = 2;
  /// Patterns (indices into PatternRules::patterns) with which a self-draw earns no fu (pinfu).
  std::vector<std::uint16_t> no_self_draw_fu_with;
  std::int16_t pung = 2;
  std::int16_t concealed = 2;           ///< factor
  std::int16_t terminal_or_honour = 2;  ///< factor
  std::int16_t kong = 4;                ///< factor
  std::int16_t pair_dragon = 2;
  std::int16_t pair_seat_wind = 2;
  std::int16_t pair_round_wind = 2;
  /// A pair of the wind that is both the seat and the round wind (replaces the sum of both).
  std::int16_t pair_double_wind = 4;
  /// Fu of the winning group's wait, by WaitShape (none, two_sided, closed, edge, single,
  /// dual_pung, set_tile, any).
  std::array<std::int16_t, 8> wait{};
  /// An open hand scores at least this (riichi: an open pinfu shape is 30); 0: no minimum.
  std::int16_t open_minimum = 0;
  /// By form index (RuleSet::forms()): the form's fixed fu (seven pairs 25), or 0: computed.
  std::vector<std::int16_t> fixed;
  std::int16_t round_to = 10;  ///< 1: no rounding

  /// Derived from the keys above when they are read (derive_tables), so that a group's fu is a
  /// lookup rather than a branch on each factor: a pung's or kong's fu by kMeldFuOpen,
  /// kMeldFuTerminal and kMeldFuKong (at most 100 x 8^3), and a pair's wind fu by kPairFuSeat
  /// and kPairFuRound (0, the seat's, the round's, the double wind's).
  std::array<std::int32_t, 8> meld_fu{};
  std::array<std::int16_t, 4> pair_wind_fu{};
  static constexpr unsigned kMeldFuOpen = 1;
  static constexpr unsigned kMeldFuTerminal = 2;
  static constexpr unsigned kMeldFuKong = 4;
  static constexpr unsigned kPairFuSeat = 1;
  static constexpr unsigned kPairFuRound = 2;

  /// Sets meld_fu and pair_wind_fu from the keys.
  void derive_tables() {
    for (unsigned i = 0; i < meld_fu.size(); ++i) {
      std::int32_t fu = pung;
      if ((i & kMeldFuOpen) == 0) fu *= concealed;
      if ((i & kMeldFuTerminal) != 0) fu *= terminal_or_honour;
      if ((i & kMeldFuKong) != 0) fu *= kong;
      meld_fu[i] = fu;
    }
    pair_wind_fu = {0, pair_seat_wind, pair_round_wind, pair_double_wind};
  }
};

/// Dora (`scoring.dora`): each face of the hand that an indicator names counts `per_tile` units per
/// tile held; red fives count `red_five` each.
struct DoraRules {
  bool enabled = false;
  std::int16_t per_tile = 1;
  enum class Ura : std::uint8_t { with_riichi, always, never };
  Ura ura = Ura::with_riichi;
  std::int16_t red_five = 0;
  /// Dora each tile set aside beside the hand counts (calls.set_aside: sanma's kita, 抜きドラ);
  /// the indicators name set-aside tiles as they name the hand's.
  std::int16_t set_aside = 1;
  /// The dora an indicator names, by indicator TileId: the next tile in its rank group's cycle
  /// (RuleSet::indicated_tile with groups: 9 -> 1, winds E S W N E, dragons 5z 6z 7z 5z).
  std::array<TileId, kMaxTileKinds> dora_of{};
};

/// One limit of the points table: reached at `units` (or, when `base_at` is not 0, when the
/// computed base reaches it), it sets the base to `base`.
struct LimitRow {
  std::string name;  ///< mangan, haneman, ...
  std::int32_t units = 0;
  std::int64_t base_at = 0;
  std::int64_t base = 0;
};

/// How the base points come from units (and fu).
enum class BaseFormula : std::uint8_t {
  none,         ///< no points: the rule set only names patterns
  fu_doubling,  ///< fu x 2^(2 + units) (riichi)
  doubling,     ///< start x 2^units (faan doubling, Sichuan)
  linear,       ///< start + per_unit x units (Taiwan's base plus per tai)
  table,        ///< table[units], the last entry beyond the table (Hong Kong)
  units,        ///< the units themselves (MCR: points = fan)
};

/// `scoring.points`: the base, its limits, yakuman.
/// `points.starts`: the formula's `start` for a reading in which one of `patterns` (indices
/// into PatternRules::patterns) counts (Wuhan: a big win, 大胡, starts at 5 where a small win,
/// 屁胡, starts at 1).
struct StartRule {
  std::vector<std::uint16_t> patterns;
  std::int64_t start = 0;
};

/// `points.floors`: a reading in which one of `patterns` counts wins (the pattern is a yaku of
/// its own) and its base is at least the base of the limit row `limit` (an index into
/// PointsRules::limits); when the other patterns do not reach the minimum by themselves, the
/// base is that row's exactly (EMA's 人和: a mangan, or the hand's own value when higher).
struct FloorRule {
  std::vector<std::uint16_t> patterns;
  std::size_t limit = 0;
};

struct PointsRules {
  BaseFormula formula = BaseFormula::none;
  std::int64_t start = 0;
  /// Rows in order; the last whose patterns count sets the start, none: `start`.
  std::vector<StartRule> starts;
  std::int64_t per_unit = 0;
  std::vector<std::int64_t> table;
  std::vector<LimitRow> limits;   ///< ascending by units
  std::vector<FloorRule> floors;  ///< the first whose patterns count applies
  /// Kazoe yakuman: this many units (without a limit pattern) count as one yakuman; 0: never.
  std::int32_t kazoe = 0;
  /// A base from this value below the first limit is raised to it (kiriage mangan: 1920); 0: off.
  std::int64_t round_up_from = 0;
  /// The most the patterns' factors multiply the base by together (封顶 in 番: 8 is three
  /// doublings); 0: no cap.
  std::int64_t factor_cap = 0;
  std::int64_t yakuman_base = 0;  ///< base of one yakuman
  /// points.yakuman.name: what a limit pattern's limit is called in the output (`limit`, the
  /// text's "1x NAME"): riichi's `yakuman` (multiples `double_yakuman`, `triple_yakuman`, a
  /// count reached `kazoe_yakuman`), Guangdong's `ding_fen` (定分, a fixed score).
  std::string yakuman_name = "yakuman";
  bool yakuman_stack = true;   ///< several limit patterns add up
  bool double_yakuman = true;  ///< a pattern's multiplicity above 1 counts; false: 1
};

/// Liability (pao): who fed the last meld of `tiles` pays for `pattern`.
struct PaoRule {
  std::uint16_t pattern = 0;  ///< index into PatternRules::patterns
  TileMask tiles = 0;         ///< the melds that make it (dragons, winds)
};

/// `scoring.payments`, in multiples of the base, rounded up to `round_to`.
struct PaymentRules {
  bool enabled = false;
  std::int32_t discard_dealer = 6;  ///< the discarder pays a dealer's win
  std::int32_t discard_other = 4;   ///< the discarder pays a non-dealer's win
  /// On a discard, each player other than the discarder pays this too (Hong Kong's 半銃,
  /// everyone pays: discarder 2, the others 1); 0: the discarder pays all (riichi, 全銃).
  std::int32_t discard_others_dealer = 0;  ///< for a dealer's win
  std::int32_t discard_others_other = 0;   ///< for a non-dealer's win
  std::int32_t self_draw_dealer_wins = 2;  ///< each pays a dealer's self-draw
  std::int32_t self_draw_dealer_pays = 2;  ///< the dealer pays a non-dealer's self-draw
  std::int32_t self_draw_other_pays = 1;   ///< each non-dealer pays a non-dealer's self-draw
  std::int32_t round_to = 100;
  std::int32_t honba_discard = 0;    ///< per counter, from the discarder
  std::int32_t honba_self_draw = 0;  ///< per counter, from each payer
  std::int32_t riichi_stick = 0;     ///< each stick on the table, to the winner
  /// Points every player but the winner pays besides the base's share (MCR's 8: the discarder
  /// pays fan + 8, the others 8 each), on a discard and on a self-draw (Sichuan's 自摸加底 has
  /// only the second).
  std::int32_t flat_discard = 0;
  std::int32_t flat_self_draw = 0;
  /// When the dealer pays a non-dealer's win (deals in, or pays a share of a self-draw), the
  /// dealer's share is computed as if the reading had this many more units, and per_honba more
  /// for each of the dealer's repeat counters (Taiwan's 莊家 and 連莊拉莊 on the paying side:
  /// 1 + 2n tai). 0: every payer pays on the reading's own units.
  std::int32_t dealer_pays_units = 0;
  std::int32_t dealer_pays_per_honba = 0;
  /// Under fewer than four players (RuleSet::players), what becomes of the absent player's
  /// share of a self-draw: `lost`, not paid (tsumo loss, ツモ損); `split`, half of it added to
  /// each payer's (north bisection, 北家折半).
  enum class AbsentShare : std::uint8_t { lost, split };
  AbsentShare absent_share = AbsentShare::lost;
  std::vector<PaoRule> pao;
};

/// `scoring.minimum.forms.NAME`: a reading of that form wins only when one of `patterns`
/// (indices into PatternRules::patterns) counts; else it is not a win, for `reason`. Wuhan's big
/// wins: the scored_only form of melds and any pair wins as 清一色, 碰碰胡, ... only.
struct FormMinimum {
  std::vector<std::uint16_t> patterns;  ///< empty: the form has no such rule
  std::string reason;
};

/// `scoring.minimum`: what makes a win.
struct MinimumRules {
  std::int32_t units = 0;                ///< of the patterns (dora never count), or a limit pattern
  std::vector<std::uint16_t> excluding;  ///< patterns that do not count towards it
  std::string reason = "no yaku";
  /// By form index (RuleSet::forms()), sized to the forms when `forms` is given, else empty.
  std::vector<FormMinimum> forms;
};

/// Every value rule of a rule set.
struct ValueRules {
  FuRules fu;
  DoraRules dora;
  PointsRules points;
  PaymentRules payments;
  MinimumRules minimum;
};

/// The value of one reading.
struct ReadingValue {
  std::int32_t units = 0;  ///< han / fan / faan / tai of the patterns, dora included
  std::int32_t fu = 0;     ///< 0 where the rule set has no fu
  FuParts fu_parts;
  std::int32_t dora = 0;     ///< from indicators
  std::int32_t ura = 0;      ///< ura-dora (riichi only)
  std::int32_t red = 0;      ///< red fives
  std::uint8_t yakuman = 0;  ///< total limit multiplicity
  std::string limit;         ///< `mangan` ... `yakuman`, empty below the limits
  /// The limit was counted from units (riichi's kazoe yakuman), not reached by a limit pattern.
  bool counted_limit = false;
  std::int64_t base = 0;    ///< base points (riichi: fu x 2^(2 + han), or the limit's)
  std::int64_t points = 0;  ///< the winner's score before counters
  /// What each seat pays (negative) or takes (positive), counters included, by seat wind E S W N.
  std::array<std::int64_t, 4> payments{};
  /// The payment rules that placed `payments` (kPaid* bits): who paid besides the plain shares.
  std::uint8_t payment_rules = 0;
  std::int8_t liable_seat = -1;  ///< with kPaidByLiable: the seat that paid for its liability
  /// The reading meets the rule set's minimum to win (riichi: one yaku, dora not counting).
  bool wins = false;
  std::string no_win_reason;  ///< why not, when `wins` is false ("no yaku")
};

/// ReadingValue::payment_rules: the rules that decided who paid.
inline constexpr std::uint8_t kPaidByLiable = 1;      ///< pao: the liable player paid a yakuman
inline constexpr std::uint8_t kPaidDiscarderAll = 2;  ///< a discard: the discarder paid it all
inline constexpr std::uint8_t kPaidByEveryone = 4;    ///< a discard: the others paid a share too
inline constexpr std::uint8_t kPaidTsumoLoss = 8;     ///< three players: the absent share is lost
inline constexpr std::uint8_t kPaidNorthSplit = 16;   ///< three players: the absent share split

/// The value of a reading whose counted patterns are `hits` (evaluate_patterns), under the
/// reading's features (its context included). `out` is overwritten.
void compute_value(const ScoringRules& rules, const ScoreFeatures& features,
                   std::span<const PatternHit> hits, ReadingValue& out);

}  // namespace meldgraph
