#pragma once
/// Fast checks for the `knitted` (组合龙) and `singles` (全不靠, 七星不靠, 十六不搭) forms: whether
/// a complete hand has an interpretation in one such form, and which natural tiles complete a hand
/// one tile short in it, without the graph search. Each answer is exactly the search's
/// (search/driver_steps.hpp: expand_knit, expand_singles, singles_step) on the hands
/// and rule sets it models, and `unknown` everywhere else (a whitelist: the caller then runs the
/// search). No allocation, exception or lock on the query paths;
/// tests/engine/test_special_forms.cpp checks both against the search.
///
/// What is modelled (SpecialForm's constructor decides per rule set, the queries per hand):
///   - knitted: `pairs` 1 and no `pair_tiles`; the three sequence suits of ranks 1-9 the loader
///     demands; every meldable suit of a suit-table shape (at most 9 ranks, one copy count 1-4,
///     chained sequence ranks), at most 8 suits; declared melds (they only lower the melds the
///     concealed rest must form); held wildcards when stand-ins are unrestricted, copies may be
///     exceeded and `pair_wildcards` is `any`, fewer than 15 of them.
///   - singles: both `suits` patterns (knitted; gapped with any `gap` and rank lists), `pairs`,
///     `honours`, `require`, `size`; held wildcards when stand-ins are unrestricted and either
///     copies may be exceeded or every meldable tile has two copies or more.
///   - both: `wildcards: false` on the form, `wildcards.max_in_win`, `exhausted_waits` (a wait
///     whose draw would put more copies in the concealed hand than a tile has falls back).
/// Falls back (unknown): `hand.forbidden_tiles`, `hand.missing_suits`, restricted stand-ins or
/// capped copies with held wildcards (see above), disabled forms, other form types, hand sizes
/// the search rejects. A field added to FormSpec, WildcardRules or RuleSet::Data later is not
/// seen here: whoever adds one must make the constructor decline it (or model it).
///
/// Why it is exact. Knitted: a knit slot whose tile the hand holds can take a natural copy,
/// since a wildcard there with the natural copy in the rest is the same as the natural in the
/// knit and the wildcard in the rest, where an unrestricted, uncapped wildcard can play the
/// natural's part. So for each of the six assignments σ of 147/258/369 to the three suits, the
/// holes (knit tiles not held) take one wildcard each and the rest (the hand less one copy of
/// each held knit tile) must be melds and one pair with the wildcards left: the standard form's
/// suit-table test (queries/win.cpp): Σ f0 + min(2, min_s f1(s) − f0(s)) ≤ W'. Singles: a win is a
/// set T of k = size − pairs distinct tiles, each held at most twice, with `pairs` of them
/// doubled; so every count is at most 2, at most `pairs` tiles are held twice, and the held and
/// required tiles X must extend to a valid pattern of exactly k tiles: |X| ≤ k ≤ the largest
/// valid pattern containing X (patterns are closed under subsets, so every size between is
/// reached). Wildcards fill the rest of T and of the pairs: their number is the size less the
/// naturals either way.
///
/// Shanten (shanten/knitted_costs.cpp: knitted_exchanges, singles_exchanges; exchanges = shanten +
/// 1 = |target| − naturals kept − usable wildcards). Singles, a concealed hand of the form's size
/// (singles_kept): a target keeps |T ∩ H1| + min(pairs, |T ∩ H2|) (H1, H2: kinds held once,
/// twice), maximised over the valid T of exactly size − pairs tiles holding the required ones;
/// with two copies of every meldable tile (shanten_modelled) no slot of a target lies beyond the
/// copies, so the wildcards fill any slot and the formula is the search's. The knitted form is
/// priced in queries/shanten.cpp (knitted_cost, from the kept rows); this class gives it the knit
/// suits (knit_first) and says whether their copies allow it (four copies: shanten_modelled).
///
/// How the queries and the lister use the checks. The query plan (queries/plan.cpp) makes one
/// SpecialForm per knitted or singles form; modelled() makes the form's win and waits answered
/// by the tables, and shanten_modelled() its shanten. is_win (queries/win.cpp) asks win(),
/// wait_mask (queries/waits.cpp) asks waits() with its drawable candidates (natural meldable
/// kinds, not wild, with a copy not held anywhere) and keeps the tiles its other refusals
/// allow; an `unknown` from either sends the hand to the search. The shanten query
/// (queries/shanten.cpp) prices the knitted form itself from the kept rows, with knit_first(),
/// and a singles form by singles_kept(). The lister (search/listing.cpp) asks win() of each
/// hand as a gate: a form whose answer is `no` is not walked. Both callers pass the counts'
/// summary (SpecialHand::pairs_held, kinds_held) when they have it, which rules most hands out
/// before any mask is made.
///
/// Cost (Release -O3, no -march, one thread): a hand far from the form (most hands) costs about
/// 8 ns per singles form and 12 ns (win) or 16 ns (waits) per knitted form; ready hands of these
/// forms, which read the knit's suit tables, about 125 ns. The knitted checks build the
/// uncapped win table (and, for waits, the neighbour table) of each suit shape on first use
/// (build_tables): the ones the standard form uses unless the rule set caps copies.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/tables/suit_tables.hpp"

namespace meldgraph::detail {

/// The answer of a fast check: `unknown` means the search must answer.
enum class SpecialAnswer : std::uint8_t { no, yes, unknown };

/// Per 9-bit rank mask of a suit (bit r: rank r + 1), how many of its ranks fall in each knit
/// class (147, 258, 369), a nibble each (class c at bits 4c..4c+3): the knitted form's counts
/// per class come from one lookup per suit.
inline constexpr std::array<std::uint16_t, std::size_t{1} << 9> kRanksByClass = [] {
  std::array<std::uint16_t, std::size_t{1} << 9> by_class{};
  for (std::size_t m = 0; m < by_class.size(); ++m) {
    for (std::size_t r = 0; r < 9; ++r) {
      if ((m >> r & 1U) != 0) {
        by_class[m] = static_cast<std::uint16_t>(by_class[m] + (1U << (4 * (r % 3))));
      }
    }
  }
  return by_class;
}();

/// A hand as the special-form checks read it.
struct SpecialHand {
  /// Natural concealed counts by tile kind: kMaxTileKinds readable bytes (only the meldable
  /// kinds are read); a wild meldable kind must read 0 (its concealed copies are wildcards, in
  /// `wildcards`); each count at most the tile's copies. Hand::natural_counts, or the queries'
  /// View::counts.
  const std::uint8_t* counts = nullptr;
  /// Concealed wildcards: jokers plus the concealed tiles of every wild kind, bonus wild kinds
  /// included (Hand::wildcard_count, View::wildcards).
  int wildcards = 0;
  /// Declared melds (Hand::meld_count), each counting three tiles of the hand's size.
  int declared = 0;
  /// What the caller already knows of `counts` (kNotGiven: nothing): the kinds held exactly
  /// twice, or kHeldThrice when some kind is held three times or more. A singles form, which
  /// holds no kind thrice and at most its pairs twice, then rules most hands out before it
  /// reads their counts (the lister knows this of every hand from its own pass over them).
  static constexpr int kNotGiven = -1;
  static constexpr int kHeldThrice = -2;
  int pairs_held = kNotGiven;
  /// With pairs_held given: the kinds `counts` holds (a knitted form's knit must be among them
  /// when there is no wildcard).
  TileMask kinds_held = 0;

  /// Gives pairs_held and kinds_held from the counts eight kinds a word (`words`: every
  /// meldable kind, zero past them, each count below 128), for a caller without them at hand.
  void summarise(std::span<const std::uint64_t> words);
};

/// The natural tiles compute_waits considers drawing for a hand: meldable, not of a wild kind,
/// and (unless `hand.exhausted_waits`) with a copy not held concealed or in a declared meld.
[[nodiscard]] TileMask wait_candidates(const RuleSet& rules, const Hand& hand);

/// The fast checks of one `knitted` or `singles` form of one rule set. Built once per rule set
/// and form (it reads the rule set and fetches the suit tables' pointers; it holds no reference
/// to the rule set afterwards); a default-constructed one models nothing. Copyable, about 5 KB.
class SpecialForm {
 public:
  SpecialForm() = default;
  /// `form` indexes rules.forms(). Models nothing when the form or the rule set uses anything
  /// the checks do not model (see the file comment).
  SpecialForm(const RuleSet& rules, std::size_t form);

  /// Whether the checks may answer for this form at all (a hand may still get `unknown`).
  [[nodiscard]] bool modelled() const { return kind_ != Kind::none; }

  /// Whether a complete hand (its size, concealed plus three per declared meld, 3n+2 and at most
  /// the rule set's hand size; else unknown) has an interpretation in the form: exactly
  /// `!graph.empty()` for the form's graph of `Decomposition(rules, hand)`, the hand holding no
  /// forbidden tile (the rule set has none when this is modelled).
  [[nodiscard]] SpecialAnswer win(const SpecialHand& hand) const;

  /// For a hand one tile short (size 3n+1, plus one at most the hand size; else unknown): into
  /// `mask`, the tiles t of `candidates` such that the hand plus a natural t wins in the form,
  /// which is compute_waits' tiles whose `forms` list this form when `candidates` is
  /// wait_candidates(). `mask` means something only when the answer is `yes`. Unknown when the hand
  /// is not modelled, or when a candidate the hand already holds at its copies (exhausted waits)
  /// could matter.
  [[nodiscard]] SpecialAnswer waits(const SpecialHand& hand, TileMask candidates,
                                    TileMask& mask) const;

  /// Builds the suit tables win() (and, with `waits`, waits()) read, which they otherwise build
  /// on first use (build_query_tables).
  void build_tables(bool waits) const;

  // Shanten (form_cost, queries/shanten.cpp, prices these forms; see "Shanten" above).

  /// Whether the shanten query may price the form's shanten from the tables: a modelled singles
  /// form whose meldable tiles all have two copies or more, or a modelled knitted form whose
  /// knit suits have four copies. Hands add their own conditions.
  [[nodiscard]] bool shanten_modelled() const { return shanten_; }
  /// Knitted: the first tile (rank 1) of each knit suit, in suit order.
  [[nodiscard]] const std::array<TileId, kKnitClasses>& knit_first() const { return knit_first_; }
  /// Singles (shanten_modelled): the most natural tiles a target of the form keeps (a set T of
  /// `size − pairs` distinct tiles the pattern admits, the required ones among them, `pairs` of
  /// them doubled: kept = Σ over T of min(demand, held)), or −1 when no target exists.
  /// `counts` as SpecialHand::counts. The shanten is size − kept − usable wildcards − 1 for a
  /// concealed hand of the form's size (plus one for a hand one tile short).
  [[nodiscard]] int singles_kept(const std::uint8_t* counts) const;

 private:
  enum class Kind : std::uint8_t { none, knitted, singles_knitted, singles_gapped };

  /// Most meldable suits (the query plans handle as many).
  static constexpr std::size_t kMaxSuits = 8;
  /// Words of eight counts in a TileCounts.
  static constexpr std::size_t kWords = kMaxTileKinds / 8;
  /// Subsets of the ranks of one suit (at most 9 ranks).
  static constexpr std::size_t kRankSubsets = std::size_t{1} << kTableMaxRanks;
  /// Assignments of the three knit classes to the three knit suits.
  static constexpr std::size_t kPermutations = 6;

  /// One meldable suit, for the knitted form's suit tables.
  struct Suit {
    TileId first = 0;
    std::uint8_t ranks = 0;
    const SuitTables* tables = nullptr;
  };

  /// What the constructor's steps share of the rule set's meldable tiles.
  struct TileFacts {
    bool copies2 = true;          ///< every meldable tile has two copies or more
    TileMask sequence_tiles = 0;  ///< the meldable tiles of sequence suits
  };
  // The constructor's steps: the rule set's scalars and tile bytes (every form), then the form's
  // own (each sets kind_ last, and only when it models the form).
  TileFacts read_tiles(const RuleSet& rules, const FormSpec& form);
  void model_knitted(const RuleSet& rules, std::size_t index);
  void model_singles(const RuleSet& rules, const FormSpec& form, const TileFacts& tiles);
  /// knit_ and knit_tiles_: the nine knit tiles of each assignment.
  void set_knit(const std::array<TileId, kKnitClasses>& knit_first);
  /// Knitted singles: classes_of_ and assignable_.
  void build_class_tables();
  /// Gapped singles: room_ and patterns_, for ranks at least `gap` apart.
  void build_gap_tables(const RuleSet& rules, int gap);

  /// What the checks read of the counts, eight tiles a word.
  struct Held {
    TileMask one = 0;     ///< kinds held at least once (only when asked for)
    TileMask two = 0;     ///< kinds held at least twice (only when asked for)
    TileMask full = 0;    ///< kinds held at all their copies (only when asked for)
    int doubles = 0;      ///< kinds held at least twice (only when asked for)
    bool triple = false;  ///< some kind is held three times or more (only when asked for)
    int naturals = 0;
  };
  /// The natural count always; the masks `one`, `two` and `full` (each a gather per word) and
  /// the repeats (`doubles`, `triple`) when the template arguments ask for them.
  template <bool kOne, bool kTwo, bool kFull, bool kRepeats>
  [[nodiscard]] Held held(const std::uint8_t* counts) const;
  /// The concealed tiles of a hand whose size (concealed plus three per declared meld) is 3n+2
  /// (`short_by` 0: win) or 3n+1 (`short_by` 1: waits) and, with `short_by` more tiles, at most
  /// the rule set's hand size; −1 for any other size (the search throws: unknown).
  [[nodiscard]] int sized_concealed(const SpecialHand& hand, const Held& held, int short_by) const;

  /// From the caller's summary of a hand without wildcards (SpecialHand::pairs_held; false
  /// without one): every arrangement of the knit lacks more than `holes` (0 or 1) of its
  /// tiles.
  [[nodiscard]] bool knit_out_of_reach(const SpecialHand& hand, int holes) const;
  /// From the same summary: the hand holds a kind thrice, or more pairs than the form has.
  [[nodiscard]] bool too_many_repeats(const SpecialHand& hand) const;

  // knitted
  [[nodiscard]] SpecialAnswer knitted_win(const SpecialHand& hand, const Held& held) const;
  [[nodiscard]] SpecialAnswer knitted_waits(const SpecialHand& hand, const Held& held,
                                            TileMask candidates, TileMask& mask) const;
  /// The suits' keys of the counts; false when some count exceeds its suit table's copies.
  [[nodiscard]] bool base_keys(const std::uint8_t* counts,
                               std::array<std::uint32_t, kMaxSuits>& keys) const;
  /// `keys` (base_keys) less one copy of each knit tile of assignment `p` that `held` holds.
  void rest_keys(const Held& held, std::size_t p, std::array<std::uint32_t, kMaxSuits>& keys) const;
  /// The standard form's test over the suits' win entries (see the file comment).
  [[nodiscard]] bool rest_wins(const std::array<std::uint32_t, kMaxSuits>& keys,
                               int wildcards) const;

  // singles: `held` holds the sums only; the masks are read once the sums allow the form.
  [[nodiscard]] SpecialAnswer singles_win(const SpecialHand& hand, const Held& held) const;
  [[nodiscard]] SpecialAnswer singles_waits(const SpecialHand& hand, const Held& held,
                                            TileMask candidates, TileMask& mask) const;
  /// The most sequence-suit tiles of a valid pattern holding, in each sequence suit s, the
  /// ranks of subset `masks[s]` (bit r: the suit's rank index r); -1 when no valid pattern
  /// holds them. Honours are not counted (every allowed honour always fits).
  [[nodiscard]] int pattern_room(const std::array<std::uint16_t, kMaxSuits>& masks) const;
  [[nodiscard]] int knitted_singles_kept(TileMask one, TileMask two) const;
  [[nodiscard]] int gapped_singles_kept(TileMask one, TileMask two) const;

  Kind kind_ = Kind::none;
  bool shanten_ = false;  ///< shanten_modelled()
  TileId meldable_ = 0;
  int hand_tiles_ = 0;  ///< the rule set's hand size
  int max_in_win_ = 0;
  bool form_wildcards_ = true;  ///< the form lets wildcards stand in
  bool wild_ok_ = false;        ///< held wildcards are modelled
  std::size_t words_ = 0;       ///< words of counts holding the meldable kinds
  std::array<std::uint64_t, kWords> meldable_bytes_{};
  std::array<std::uint64_t, kWords> copies_bytes_{};  ///< each meldable kind's copies

  // Knitted: every meldable suit (for the rest's melds) and the knit.
  std::size_t suit_count_ = 0;
  std::array<Suit, kMaxSuits> suits_{};
  std::array<std::uint8_t, kMaxTileKinds> suit_of_{};  ///< meldable tile -> index into suits_
  /// The nine knit tiles of each assignment of classes to the knit suits (knitted singles too).
  std::array<TileMask, kPermutations> knit_{};
  /// The same nine tiles as ids, for the rest's keys.
  std::array<std::array<TileId, 9>, kPermutations> knit_tiles_{};
  std::array<TileId, kKnitClasses> knit_first_{};  ///< knit_first()

  // Singles.
  int size_ = 0;      ///< tiles of the form
  int pairs_ = 0;     ///< tiles held twice
  int distinct_ = 0;  ///< size_ - pairs_
  TileMask honours_ = 0;
  int honour_count_ = 0;
  TileMask required_ = 0;
  TileMask allowed_ = 0;  ///< honours_ plus every sequence-suit tile
  std::size_t seq_count_ = 0;
  std::array<TileId, kMaxSuits> seq_first_{};
  std::array<std::uint8_t, kMaxSuits> seq_ranks_{};
  /// Knitted: classes (bit c for 147/258/369) each rank subset fits; 7 for the empty subset.
  std::array<std::uint8_t, kRankSubsets> classes_of_{};
  /// Knitted: whether the three suits' class sets (3 bits each) admit distinct classes.
  std::array<bool, kRankSubsets> assignable_{};
  /// Gapped: per sequence suit and rank subset, the largest valid superset's size, or -1 when
  /// the subset itself breaks the gap.
  std::array<std::array<std::int8_t, kRankSubsets>, kMaxSuits> room_{};
  /// Gapped, for the shanten: per sequence suit, its valid rank subsets holding the suit's
  /// required ranks (each subset of a valid pattern is one), the largest first.
  std::array<std::vector<std::uint16_t>, kMaxSuits> patterns_{};
  TileMask required_honours_ = 0;  ///< required_ outside the sequence suits
};

}  // namespace meldgraph::detail
