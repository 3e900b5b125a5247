#pragma once
/// The fast queries' plan: everything the table paths (win.cpp, waits.cpp, shanten.cpp) derive
/// once per rule set, on its first query, and keep with it (query_plan(), RuleSet::derived;
/// plan.cpp). Which rule features and forms the tables model is decided there, by
/// comparing RuleSet::features() with constants of what each path models (docs/tables.md); the
/// suit tables themselves are fetched, and built, on first use by the accessors below.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/tables/special_forms.hpp"
#include "meldgraph/tables/suit_tables.hpp"

namespace meldgraph::detail {

enum class Answer : std::uint8_t { no, yes, unknown };

/// Most meldable suits a plan handles (standard sets have four).
constexpr std::size_t kMaxPlanSuits = kMaxBudgetSuits;
/// Words of eight tile counts in a TileCounts.
constexpr std::size_t kWords = kMaxTileKinds / 8;
/// QueryPlan::five_copies_neighbours when no form holds five copies of a tile without a pung.
constexpr int kFiveCopiesNever = 1 << 20;
/// Meldable kinds with three copies or more that make abstract groups always realizable under
/// capped copies: a hand touches at most 17 kinds and holds at most 6 groups.
constexpr int kAmpleKinds = 17 + 6;

struct SuitPlan {
  TileId first = 0;
  int ranks = 0;
  bool sequence_suit = false;  ///< counted by hand.missing_suits
  const SuitTables* tables = nullptr;
  std::array<std::uint32_t, kTableMaxRanks> steps{};
};

/// What the tables answer for one enabled form, whatever the hand (hands add their own checks).
struct FormPlan {
  std::size_t index = 0;
  FormSpec spec;  ///< a copy: the plan holds no pointer into its RuleSet
  bool win = false;
  bool shanten = false;  ///< for hands where the form can use no wildcard
  TileMask set = 0;      ///< set form: its tiles
  /// Set form: bytes of the meldable tiles outside the set, eight tiles a word (a natural tile
  /// there rules the form out, the common case, in a few word operations).
  std::array<std::uint64_t, kMaxTileKinds / 8> outside{};
  /// Set form: 0x01 on each set tile, eight tiles a word (its shanten counts held set tiles and
  /// doubled ones by word operations), and the number of set tiles.
  std::array<std::uint64_t, kMaxTileKinds / 8> set_ones{};
  int set_size = 0;
  /// Knitted and singles forms: their own checks (special_forms.hpp), win and waits only.
  detail::SpecialForm special;
};

/// A form as is_win's loop reads it (Plan::win_forms).
struct WinForm {
  FormType type = FormType::melds;
  std::uint8_t hand_tiles = 0;  ///< FormSpec::hand_tiles: 0 for any size
  bool modelled = false;        ///< FormPlan::win
  bool wildcards = true;        ///< FormSpec::wildcards
  std::uint8_t count = 0;       ///< FormSpec::count (wildcards form)
  const FormPlan* plan = nullptr;
};

/// One choice of the sequence suits a target lacks under hand.missing_suits: the shanten of a
/// form is the least over the choices, as in the search (shanten/solver.hpp, ConstrainedSolver).
struct Exclusion {
  unsigned suits = 0;  ///< bit s: plan.suits[s] is lacked
  TileMask tiles = 0;  ///< the lacked suits' tiles
  /// 0xFF on each meldable tile a target may hold, eight tiles a word.
  std::array<std::uint64_t, kWords> keep{};
  int kinds = 0;  ///< meldable kinds left, of two copies or more (room for the pairs form)
};

/// Everything the fast queries derive once per rule set (query_plan()).
// NOLINTNEXTLINE(clang-analyzer-optin.performance.Padding): one per rule set, members by role
struct QueryPlan {
  bool suits_ok = true;  ///< every meldable suit has a table shape
  /// The standard form's tables apply (suits_ok, and capped copies leave room for wildcard
  /// groups); forms are checked one by one, and a win in a modelled form is a win.
  bool win_ok = true;
  bool waits_ok = true;  ///< win_ok and every enabled form's win is modelled
  bool shanten_ok = true;
  bool capped = false;       ///< !wildcards.exceed_copies
  bool capped_ample = true;  ///< abstract groups always fit under capped copies
  bool all_copies4 = true;   ///< every meldable tile has four copies
  int max_in_win = 0;
  int missing_suits = 0;
  int hand_tiles = 14;
  int jokers = 0;
  bool exhausted_waits = false;
  /// A fifth copy of a tile held four times concealed (exhausted_wait_mask) wins without a pung
  /// of it only as pairs and chows through it; a win so needs at least this many other concealed
  /// tiles within two ranks of it in a sequence suit (kFiveCopiesNever: no form holds five copies
  /// without a pung; 0: some form might, and the search decides every such tile).
  int five_copies_neighbours = 0;
  TileId meldable = 0;
  TileMask meldable_mask = 0;
  TileMask copies2_mask = 0;  ///< meldable kinds of two copies or more
  TileMask copies3_mask = 0;  ///< meldable kinds of three copies or more
  bool restricted = false;    ///< some wildcard stands in for fewer than every tile
  /// No rule that is_win checks beside the forms: no restricted stand-ins, no missing suits, no
  /// max_in_win, uncapped copies (so its prologue is the size checks alone).
  bool plain_win = false;
  bool open_standard = false;  ///< an enabled melds form of any size with one pair
  int open_kinds = 0;          ///< meldable kinds of three copies or more
  std::vector<SuitPlan> suits;
  // The suits flat, for the per-hand loops (make_view).
  std::size_t suit_count = 0;
  std::array<std::uint8_t, kMaxPlanSuits> suit_first{};
  std::array<std::uint8_t, kMaxPlanSuits> suit_ranks{};
  std::array<std::uint64_t, kMaxPlanSuits> rank_bytes{};  ///< bytes of ranks 0..7 in the suit
  std::array<std::uint32_t, kMaxPlanSuits> step8{};       ///< 5^8 for nine ranks, else 0
  std::array<std::uint8_t, kMaxPlanSuits> ninth{};        ///< 1 for nine ranks, else 0
  std::array<TileMask, kMaxPlanSuits> suit_masks{};       ///< the tiles of each suit
  std::array<std::uint64_t, kWords> meldable_bytes{};     ///< 0xFF on each meldable tile
  std::array<std::uint64_t, kWords> copies_bytes{};       ///< copies of each meldable tile
  std::array<std::uint8_t, kMaxTileKinds> suit_of{};      ///< meldable tile -> index into suits
  std::array<std::uint8_t, kMaxTileKinds> rank_of{};      ///< meldable tile -> rank index
  std::array<std::uint8_t, kMaxTileKinds> copies{};       ///< every tile kind's copies
  std::vector<FormPlan> forms;
  /// is_win's forms, cheapest test first: a yes from any form is the answer, so the order
  /// changes only how soon it is found (and a hand with enough wildcards for a `wildcards` form
  /// never reads a table). What the loop tests is copied here, in a few bytes per form.
  std::vector<WinForm> win_forms;
  /// is_win's gate: one test, without branches per form, that no form can win a hand (without
  /// declared melds) by its cheapest refusal: the residue bound of the melds forms, the odd
  /// kinds of the pairs forms, a natural tile outside every set form, too few wildcards for a
  /// `wildcards` form. Every part over-approximates (a "maybe" goes on to the forms' own tests),
  /// so a closed gate is a no. Set only when every form is of those four types and modelled, and
  /// the whole-hand forms share one size.
  struct WinGate {
    bool on = false;
    int whole_size = 0;  ///< the size of the whole-hand forms (pairs, set)
    bool melds = false;
    bool melds_tame = false;  ///< some melds form takes no wildcards (`wildcards: false`)
    bool pairs = false;
    int pairs_pungs = 0;  ///< most pungs beside a pairs form's pairs
    bool set = false;
    std::array<std::uint64_t, kWords> outside{};  ///< tiles outside every set form
    /// Fewest wildcards of a `wildcards` form of any size, and of the whole-hand size.
    int wildcards_any = kWinSaturated;
    int wildcards_whole = kWinSaturated;
  } gate;
  /// Per suit, 0xFF on its ranks, read from the suit's first tile (the residue bound); suits are
  /// padded to a multiple of four with empty masks.
  alignas(16) std::array<std::array<std::uint8_t, 16>, kMaxPlanSuits> suit_vector_masks{};
  /// wait_mask's order of the forms: the melds forms last, so that the wait rows prefetched
  /// at the start arrive while the other forms are tested (the answer is their union).
  std::vector<WinForm> wait_forms;
  /// The `wildcards` forms (indices into `forms`): wait_mask's shortcut.
  std::vector<std::uint8_t> wildcard_forms;
  /// hand.missing_suits: every choice of lacked suits (empty without the rule, or when the rule
  /// cannot be met: the search answers).
  std::vector<Exclusion> exclusions;

  // The suits' tables, fetched (and built) on first use; `*_ready` is the lock-free read.
  mutable std::once_flag win_once;
  mutable std::atomic<bool> win_ready{false};
  mutable std::array<const std::uint8_t*, kMaxPlanSuits> win_tables{};
  mutable std::array<const std::uint8_t*, kMaxPlanSuits> win_packed_tables{};
  mutable std::once_flag wait_rows_once;
  mutable std::atomic<bool> wait_rows_ready{false};
  mutable std::array<const std::uint8_t*, kMaxPlanSuits> wait_rows_tables{};
  mutable std::once_flag kept_once;
  mutable std::atomic<bool> kept_ready{false};
  mutable std::array<const std::int8_t*, kMaxPlanSuits> kept_tables{};
  mutable std::once_flag overflow_once;
  mutable std::atomic<bool> overflow_ready{false};
  mutable std::array<const OverflowKept*, kMaxPlanSuits> overflow_tables{};

  [[nodiscard]] const std::array<const std::uint8_t*, kMaxPlanSuits>& win() const {
    if (!win_ready.load(std::memory_order_acquire)) {
      std::call_once(win_once, [this] {
        for (std::size_t s = 0; s < suits.size(); ++s) {
          win_tables[s] = suits[s].tables->win(capped);
          win_packed_tables[s] = suits[s].tables->win_packed(capped);
        }
        win_ready.store(true, std::memory_order_release);
      });
    }
    return win_tables;
  }
  /// The suits' packed win tables (SuitTables::win_packed), built with the win tables.
  [[nodiscard]] const std::array<const std::uint8_t*, kMaxPlanSuits>& win_packed() const {
    static_cast<void>(win());
    return win_packed_tables;
  }
  [[nodiscard]] const std::array<const std::uint8_t*, kMaxPlanSuits>& wait_rows() const {
    if (!wait_rows_ready.load(std::memory_order_acquire)) {
      std::call_once(wait_rows_once, [this] {
        for (std::size_t s = 0; s < suits.size(); ++s) {
          wait_rows_tables[s] = suits[s].tables->wait_rows(capped);
        }
        wait_rows_ready.store(true, std::memory_order_release);
      });
    }
    return wait_rows_tables;
  }
  /// The suits' kept tables with overflow: built only for uncapped rule sets, on the first hand
  /// whose wildcards a melds form may use.
  [[nodiscard]] const std::array<const OverflowKept*, kMaxPlanSuits>& overflow() const {
    if (!overflow_ready.load(std::memory_order_acquire)) {
      std::call_once(overflow_once, [this] {
        for (std::size_t s = 0; s < suits.size(); ++s) {
          overflow_tables[s] = &suits[s].tables->overflow_kept();
        }
        overflow_ready.store(true, std::memory_order_release);
      });
    }
    return overflow_tables;
  }
  [[nodiscard]] const std::array<const std::int8_t*, kMaxPlanSuits>& kept() const {
    if (!kept_ready.load(std::memory_order_acquire)) {
      std::call_once(kept_once, [this] {
        for (std::size_t s = 0; s < suits.size(); ++s) kept_tables[s] = suits[s].tables->kept();
        kept_ready.store(true, std::memory_order_release);
      });
    }
    return kept_tables;
  }
};

/// The short name the query files use.
using Plan = QueryPlan;

/// The plan of a rule set (called once per rule set, through query_plan()).
[[nodiscard]] std::shared_ptr<const QueryPlan> build_plan(const RuleSet& rules);

/// The plan of `rules`, built on its first query and kept with the rule set (RuleSet::derived).
inline constexpr DerivedFact<QueryPlan, 0> kQueryPlan{&build_plan};
[[nodiscard]] inline const QueryPlan& query_plan(const RuleSet& rules) {
  return rules.derived(kQueryPlan);
}

}  // namespace meldgraph::detail
