/// The queries: table-speed answers where the rule set and the hand allow them, the exact search
/// (Decomposition, compute_shanten, compute_waits) everywhere else. The two must agree on every
/// hand; tests/test_fast_path.cpp cross-checks them and docs/tables.md lists what is modelled.
///
/// Each fast path returns Answer::unknown for anything it does not model, and the caller then
/// runs the search. What is modelled is a whitelist (form_support, hand checks in each query):
/// a new rule feature or form type falls back until it is added there.
///
/// The standard form by suit tables (suit_tables.hpp). With f0(s), f1(s) the fewest wildcards
/// that make suit s melds only and melds plus the pair, a hand with W usable wildcards wins when
///   sum f0 + min(2, min over s of f1(s) - f0(s)) <= W
/// (the 2 is a pair of wildcards): any leftover wildcards form whole melds, since the hand's
/// size fixes their number modulo 3, and every completion of a suit that uses more wildcards
/// than its least is that least plus wildcard-only melds. Shanten: with U usable wildcards the
/// exchanges of a target W are |W| - kept - U (a wildcard fills any slot; shanten.cpp's only
/// limit is that slots beyond a tile's copies, "overflow", are wildcards, at most U, none when
/// capped). The most naturals a target of M melds and one pair keeps is the best split of
/// (melds, pair) over the suits of kept(suit, m, p), with overflow rows (OverflowKept) for the
/// rare keys that keep more beyond the copies; the shanten is 3M + 2 - kept - U - 1.
///
/// Per hand the work is a View (the counts read in place as eight masked words, each suit's key
/// by SWAR base 5), a few table reads prefetched right after the keys, and word-wide tests for
/// the pairs and set forms. Waits read one neighbour row per suit (the win entries of the key
/// plus each rank) and compare nine entries with the budget eight bytes at a time. Everything
/// that depends only on the rule set is in the Plan, built once; nothing on the fast paths
/// allocates or throws.

#include "meldgraph/queries.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "meldgraph/decomposition.hpp"
#include "meldgraph/shanten.hpp"
#include "meldgraph/suit_tables.hpp"
#include "special_forms.hpp"
#include "swar.hpp"

namespace meldgraph {
namespace {

enum class Answer : std::uint8_t { no, yes, unknown };

/// Most meldable suits a plan handles (standard sets have four).
constexpr std::size_t kMaxPlanSuits = kMaxBudgetSuits;
/// Words of eight tile counts in a TileCounts.
constexpr std::size_t kWords = kMaxTileKinds / 8;
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
  const FormSpec* spec = nullptr;
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
/// form is the least over the choices, as in shanten.cpp (ConstrainedSolver).
struct Exclusion {
  unsigned suits = 0;  ///< bit s: plan.suits[s] is lacked
  TileMask tiles = 0;  ///< the lacked suits' tiles
  /// 0xFF on each meldable tile a target may hold, eight tiles a word.
  std::array<std::uint64_t, kWords> keep{};
  int kinds = 0;  ///< meldable kinds left, of two copies or more (room for the pairs form)
};

/// Everything derived once per rule set.
struct Plan {
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

// What the tables model, as RuleFeatures (rules.hpp) the rule set's are compared with: a
// feature added to RuleFeature later is in none of these, so it falls back until modelled here.

/// Rule features no query's tables model: the rule set falls back for every hand. Forbidden
/// tiles change both what the naturals may form and what a wildcard may stand for; suits of no
/// table shape, or more of them than a plan holds, have no tables.
constexpr RuleFeatures kTablesDecline = {RuleFeature::forbidden_tiles, RuleFeature::irregular_suits,
                                         RuleFeature::many_suits};
static_assert(static_cast<unsigned>(RuleFeature::count_) == 29,
              "a new RuleFeature: decide how the tables model it (here and in form_support)");
/// The features is_win checks per hand beside the forms (its prologue); without any of them the
/// prologue is the size checks alone (Plan::plain_win).
constexpr RuleFeatures kWinPrologue = {RuleFeature::restricted_stand_ins,
                                       RuleFeature::missing_suits, RuleFeature::max_in_win,
                                       RuleFeature::capped_copies};
/// Per form type, the form features its tables model (RuleSet::form_features).
constexpr RuleFeatures kMeldsModelled = {RuleFeature::melds_form,
                                         RuleFeature::form_without_wildcards};
constexpr RuleFeatures kPairsModelled = {
    RuleFeature::pairs_form, RuleFeature::form_without_wildcards, RuleFeature::pungs_beside_pairs,
    RuleFeature::four_not_two_pairs};
constexpr RuleFeatures kSetModelled = {RuleFeature::set_form, RuleFeature::form_without_wildcards};
constexpr RuleFeatures kWildcardsModelled = {RuleFeature::wildcards_form,
                                             RuleFeature::form_without_wildcards};

/// The whitelist: what the tables model of each form type, by the form's features (the knitted
/// and singles forms are SpecialForm's). Unknown types (added after this was written) are not
/// modelled.
FormPlan form_support(const Plan& plan, const RuleSet& rules, std::size_t index) {
  const FormSpec& form = rules.forms()[index];
  const RuleFeatures features = rules.form_features(index);
  FormPlan result;
  result.spec = &form;
  switch (form.type) {
    case FormType::melds:
      result.win = features.within(kMeldsModelled);
      result.shanten = result.win;
      break;
    case FormType::pairs:
      // Wildcard pairs on fresh kinds assume four copies of every tile.
      result.win =
          features.within(kPairsModelled) && !rules.features().has(RuleFeature::copies_not_four);
      // Pungs beside the pairs (taiwan's 嚦咕嚦咕): form_cost prices one pung, without usable
      // wildcards.
      result.shanten = result.win && form.pungs <= 1 &&
                       static_cast<int>(plan.meldable) >= rules.hand_tiles() + form.pairs;
      break;
    case FormType::set: {
      bool ok = features.within(kSetModelled);
      for (const TileId t : form.set_tiles) {
        ok = ok && t < plan.meldable && plan.copies[t] >= 2;
        if (ok) result.set |= tile_bit(t);
      }
      for (TileId t = 0; ok && t < plan.meldable; ++t) {
        if ((result.set & tile_bit(t)) == 0) {
          result.outside[t / 8] |= std::uint64_t{0xFF} << (8 * (t % 8));
        } else {
          result.set_ones[t / 8] |= std::uint64_t{1} << (8 * (t % 8));
        }
      }
      result.set_size = std::popcount(result.set);
      result.win = ok;
      result.shanten = ok;
      break;
    }
    case FormType::wildcards:
      result.win = features.within(kWildcardsModelled);
      result.shanten = result.win;
      break;
    default:
      break;
  }
  return result;
}

/// Rank of a form's is_win test by cost (Plan::win_forms): word tests before table reads.
int win_cost(const FormPlan& fp) {
  if (!fp.win) return 0;  // only marks the answer unknown
  switch (fp.spec->type) {
    case FormType::wildcards:
      return 0;
    case FormType::pairs:
      return 1;
    case FormType::set:
      return 2;
    case FormType::melds:
      return 3;
    default:
      return 4;
  }
}

/// is_win's gate (Plan::WinGate) from the forms.
void build_gate(Plan& plan) {
  Plan::WinGate& gate = plan.gate;
  gate.on = plan.win_ok && plan.plain_win && !plan.win_forms.empty();
  gate.outside.fill(~std::uint64_t{0});
  for (const FormPlan& fp : plan.forms) {
    const FormSpec& form = *fp.spec;
    gate.on = gate.on && fp.win;
    if (form.hand_tiles != 0) {
      gate.on = gate.on && (gate.whole_size == 0 || gate.whole_size == form.hand_tiles);
      gate.whole_size = form.hand_tiles;
    }
    switch (form.type) {
      case FormType::melds:
        gate.on = gate.on && form.hand_tiles == 0;
        gate.melds = true;
        gate.melds_tame = gate.melds_tame || !form.wildcards;
        break;
      case FormType::pairs:
        gate.pairs = true;
        gate.pairs_pungs = std::max<int>(gate.pairs_pungs, form.pungs);
        break;
      case FormType::set:
        gate.set = true;
        for (std::size_t w = 0; w < kWords; ++w) gate.outside[w] &= fp.outside[w];
        break;
      case FormType::wildcards:
        // A `wildcards` form that may not use its wildcards never wins by them (is_win's loop
        // skips it): it takes no part in the gate's yes.
        if (!form.wildcards) break;
        if (form.hand_tiles == 0) {
          gate.wildcards_any = std::min<int>(gate.wildcards_any, form.count);
        } else {
          gate.wildcards_whole = std::min<int>(gate.wildcards_whole, form.count);
        }
        break;
      default:
        gate.on = false;
        break;
    }
  }
}

std::shared_ptr<const Plan> build_plan(const RuleSet& rules) {
  auto plan = std::make_shared<Plan>();
  const RuleFeatures features = rules.features();
  plan->capped = features.has(RuleFeature::capped_copies);
  plan->max_in_win = rules.wildcards().max_in_win;
  plan->missing_suits = rules.missing_suits();
  plan->hand_tiles = rules.hand_tiles();
  plan->jokers = rules.wildcards().jokers;
  plan->exhausted_waits = features.has(RuleFeature::exhausted_waits);
  plan->meldable = rules.meldable_count();
  for (TileId t = 0; t < rules.tile_count(); ++t) plan->copies[t] = rules.tile(t).copies;
  int copies3 = 0;
  for (TileId t = 0; t < plan->meldable; ++t) {
    const TileInfo& info = rules.tile(t);
    plan->meldable_mask |= tile_bit(t);
    if (info.copies >= 2) plan->copies2_mask |= tile_bit(t);
    if (info.copies >= 3) plan->copies3_mask |= tile_bit(t);
    copies3 += info.copies >= 3 ? 1 : 0;
  }
  plan->all_copies4 = !features.has(RuleFeature::copies_not_four);
  plan->capped_ample = copies3 >= kAmpleKinds;
  // The suits as the rule set lays them out; kTablesDecline covers their shapes and number.
  plan->suits_ok = (features & kTablesDecline).empty();
  // Keys are read nine ranks at a time from a kMaxTileKinds array (make_view).
  if (std::size_t{plan->meldable} + kTableMaxRanks > kMaxTileKinds) plan->suits_ok = false;
  for (const SuitLayout& layout : rules.suit_layouts()) {
    SuitPlan sp;
    sp.first = layout.first;
    sp.ranks = layout.ranks;
    sp.sequence_suit = layout.sequences;
    if (plan->suits_ok) {
      sp.tables = &SuitTables::of(SuitShape{layout.ranks, layout.sequences, layout.copies});
      for (int r = 0; r < sp.ranks; ++r) {
        sp.steps[static_cast<std::size_t>(r)] = sp.tables->step(r);
      }
    }
    for (int r = 0; r < sp.ranks; ++r) {
      plan->suit_of[layout.first + r] = static_cast<std::uint8_t>(plan->suits.size());
      plan->rank_of[layout.first + r] = static_cast<std::uint8_t>(r);
    }
    plan->suits.push_back(sp);
  }
  // Restricted stand-ins (wildcards.stand_ins): the tables assume a wildcard may stand for any
  // tile, so only hands holding no wildcard are answered (there the restriction is moot).
  plan->restricted = features.has(RuleFeature::restricted_stand_ins);
  plan->open_kinds = std::popcount(plan->copies3_mask);
  for (TileId t = 0; t < plan->meldable; ++t) {
    plan->meldable_bytes[t / 8] |= std::uint64_t{0xFF} << (8 * (t % 8));
    plan->copies_bytes[t / 8] |= std::uint64_t{plan->copies[t]} << (8 * (t % 8));
  }
  plan->suit_count = plan->suits_ok ? plan->suits.size() : 0;
  for (std::size_t s = 0; s < plan->suit_count; ++s) {
    const SuitPlan& sp = plan->suits[s];
    plan->suit_first[s] = sp.first;
    plan->suit_ranks[s] = static_cast<std::uint8_t>(sp.ranks);
    const int low = std::min(sp.ranks, 8);
    plan->rank_bytes[s] = low == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * low)) - 1;
    plan->step8[s] = sp.ranks == 9 ? sp.steps[8] : 0;
    plan->ninth[s] = sp.ranks == 9 ? 1 : 0;
    for (int r = 0; r < sp.ranks; ++r) {
      plan->suit_masks[s] |= tile_bit(static_cast<TileId>(sp.first + r));
      plan->suit_vector_masks[s][static_cast<std::size_t>(r)] = 0xFF;
    }
  }
  plan->win_ok = plan->suits_ok && (!plan->capped || plan->capped_ample);
  plan->plain_win = (features & kWinPrologue).empty();
  plan->waits_ok = plan->win_ok;
  plan->shanten_ok = plan->suits_ok;
  if (plan->missing_suits != 0 && plan->suit_count != 0) {
    const auto count = static_cast<unsigned>(plan->suit_count);
    for (unsigned subset = 0; subset < (1U << count); ++subset) {
      bool sequences = true;
      for (unsigned s = 0; s < count; ++s) {
        if ((subset >> s & 1U) != 0) sequences = sequences && plan->suits[s].sequence_suit;
      }
      if (!sequences || std::popcount(subset) != plan->missing_suits) continue;
      Exclusion ex;
      ex.suits = subset;
      for (TileId t = 0; t < plan->meldable; ++t) {
        if ((subset >> plan->suit_of[t] & 1U) != 0) {
          ex.tiles |= tile_bit(t);
        } else {
          ex.keep[t / 8] |= std::uint64_t{0xFF} << (8 * (t % 8));
        }
      }
      ex.kinds = std::popcount(plan->copies2_mask & ~ex.tiles);
      plan->exclusions.push_back(ex);
    }
  }
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (!form.enabled) continue;
    FormPlan fp = form_support(*plan, rules, f);
    fp.index = f;
    if (form.type == FormType::knitted || form.type == FormType::singles) {
      fp.special = detail::SpecialForm(rules, f);
      fp.win = fp.special.modelled();
      fp.shanten = fp.win && fp.special.shanten_modelled();  // form_cost: knitted, singles
    }
    plan->waits_ok = plan->waits_ok && fp.win;
    plan->shanten_ok = plan->shanten_ok && fp.shanten;
    plan->forms.push_back(fp);
    plan->open_standard = plan->open_standard ||
                          (form.type == FormType::melds && form.hand_tiles == 0 && form.pairs == 1);
  }
  // plan->forms is complete: pointers into it stay valid.
  for (std::size_t f = 0; f < plan->forms.size(); ++f) {
    const FormPlan& fp = plan->forms[f];
    plan->win_forms.push_back(WinForm{fp.spec->type, fp.spec->hand_tiles, fp.win,
                                      fp.spec->wildcards, fp.spec->count, &fp});
    if (fp.spec->type == FormType::wildcards && f < 256) {
      plan->wildcard_forms.push_back(static_cast<std::uint8_t>(f));
    }
  }
  for (const WinForm& wf : plan->win_forms) {
    if (wf.type != FormType::melds) plan->wait_forms.push_back(wf);
  }
  for (const WinForm& wf : plan->win_forms) {
    if (wf.type == FormType::melds) plan->wait_forms.push_back(wf);
  }
  std::stable_sort(
      plan->win_forms.begin(), plan->win_forms.end(),
      [](const WinForm& a, const WinForm& b) { return win_cost(*a.plan) < win_cost(*b.plan); });
  build_gate(*plan);
  return plan;
}

const Plan& plan_of(const RuleSet& rules) {
  RuleSet::Derived& derived = rules.derived();
  if (const void* ready = derived.ready.load(std::memory_order_acquire)) {
    return *static_cast<const Plan*>(ready);
  }
  std::call_once(derived.once, [&] {
    derived.value = build_plan(rules);
    derived.ready.store(derived.value.get(), std::memory_order_release);
  });
  return *static_cast<const Plan*>(derived.value.get());
}

// The hand as the fast paths see it -----------------------------------------------------------

using swar::gather_high_bits;
using swar::kHigh;
using swar::kOnes;
using swar::load_word;

/// Sum of the bytes of a word whose bytes add up to less than 256.
constexpr int byte_sum(std::uint64_t x) {
  return static_cast<int>((x * kOnes) >> 56);
}

/// High bit of each byte of `x` (bytes below 128) that is at least `bound` (1..16).
constexpr std::uint64_t bytes_at_least(std::uint64_t x, int bound) {
  return ((x | kHigh) - static_cast<std::uint64_t>(bound) * kOnes) & kHigh;
}

/// Base 5 of eight digits, byte 0 lowest: pairs, then quads, then the two halves (each step's
/// lanes hold the partial sums without overflow: 24, 624, 390624).
constexpr std::uint32_t base5(std::uint64_t x) {
  constexpr std::uint64_t kLanes16 = 0x00FF00FF00FF00FFULL;
  constexpr std::uint64_t kLanes32 = 0x0000FFFF0000FFFFULL;
  const std::uint64_t pairs = (x & kLanes16) + ((x >> 8) & kLanes16) * 5;
  const std::uint64_t quads = (pairs & kLanes32) + ((pairs >> 16) & kLanes32) * 25;
  return static_cast<std::uint32_t>((quads & 0xFFFFFFFFULL) + (quads >> 32) * 625);
}

struct View {
  /// Natural concealed counts by tile kind, read only below plan.meldable: the hand's own counts,
  /// or `own` when a meldable kind is wild (its count zeroed). Keys are read straight from here:
  /// reading back a copy just written would stall on store forwarding.
  const std::uint8_t* counts = nullptr;
  /// The same eight tiles a word, zero past the meldable tiles.
  std::array<std::uint64_t, kWords> words;
  int concealed = 0;           ///< concealed tiles, wildcards included
  int size = 0;                ///< concealed plus three per declared meld
  int wildcards = 0;           ///< concealed jokers and wild tiles
  bool wild_meldable = false;  ///< some meldable kind is wild in this hand
  int odd = 0;                 ///< kinds of an odd natural count (the pairs form's first test)
  std::array<std::uint32_t, kMaxPlanSuits> keys;
  TileCounts own;
  /// Room for the suits' 16-byte reads past the last counts (melds_need): `counts` is either a
  /// Hand's counts, followed by more of the hand (hand.hpp), or `own`, followed by this.
  std::array<std::uint8_t, 16> own_tail{};

  [[nodiscard]] std::uint64_t word(std::size_t w) const { return words[w]; }
};

/// The suits' keys of a view's counts: base 5 of ranks 0..7, two suits a vector (SSE2) or
/// SWAR, plus the ninth rank's step.
void make_keys(const Plan& plan, View& view) {
#if defined(__SSE2__)
  // Digit pairs in 16-bit lanes (d + 5 d'), then pmaddwd folds pairs of lanes with weights
  // (1, 25) and, packed back to 16 bits (at most 624), with (1, 625). A padding suit past an
  // odd count has no ranks: its key is 0 and lands in an unused slot.
  const __m128i low_bytes = _mm_set1_epi16(0x00FF);
  const __m128i five = _mm_set1_epi16(5);
  const __m128i by25 = _mm_set1_epi32(25 << 16 | 1);
  const __m128i by625 = _mm_set1_epi32(625 << 16 | 1);
  for (std::size_t s = 0; s < plan.suit_count; s += 2) {
    const std::size_t first_a = plan.suit_first[s];
    const std::size_t first_b = plan.suit_first[s + 1];
    const std::uint64_t a = load_word(view.counts + first_a) & plan.rank_bytes[s];
    const std::uint64_t b = load_word(view.counts + first_b) & plan.rank_bytes[s + 1];
    const __m128i x = _mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a));
    const __m128i pairs =
        _mm_add_epi16(_mm_and_si128(x, low_bytes), _mm_mullo_epi16(_mm_srli_epi16(x, 8), five));
    const __m128i quads = _mm_madd_epi16(pairs, by25);
    const __m128i keys = _mm_madd_epi16(_mm_packs_epi32(quads, quads), by625);
    view.keys[s] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(keys)) +
                   view.counts[first_a + 8] * plan.step8[s];
    view.keys[s + 1] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(keys, 4))) +
                       view.counts[first_b + 8] * plan.step8[s + 1];
  }
#else
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    const std::size_t first = plan.suit_first[s];
    // The ninth rank's step is zero for shorter suits; counts has room past the last suit.
    view.keys[s] = base5(load_word(view.counts + first) & plan.rank_bytes[s]) +
                   view.counts[first + 8] * plan.step8[s];
  }
#endif
}

/// The view of a hand: word-wide masking and sums, and (`keys`) the suits' keys. is_win leaves
/// the keys to melds_win, which most hands never reach with a table read.
void make_view(const Plan& plan, const Hand& hand, View& view, bool keys = true) {
  view.counts = hand.counts.data();
  int wild = hand.jokers;
  view.wild_meldable = false;
  if (hand.wild_tiles != 0) {
    for (TileMask bits = hand.wild_tiles; bits != 0; bits &= bits - 1) {
      const auto t = static_cast<std::size_t>(std::countr_zero(bits));
      wild += hand.counts[t];
      if (t < plan.meldable) {
        if (!view.wild_meldable) {
          std::memcpy(view.own.data(), hand.counts.data(), kMaxTileKinds);
          view.counts = view.own.data();
          view.wild_meldable = true;
        }
        view.own[t] = 0;
      }
    }
  }
#if defined(__SSE2__)
  // Sixteen counts a vector: the sums of the masked counts and of their low bits by psadbw (a
  // byte of the added vectors is at most 4 * 4).
  static_assert(kMaxTileKinds == 64, "four vectors of counts");
  const __m128i ones = _mm_set1_epi8(1);
  __m128i sum = _mm_setzero_si128();
  __m128i odd = _mm_setzero_si128();
  for (std::size_t q = 0; q < 4; ++q) {
    const __m128i x = _mm_and_si128(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(view.counts) + q),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(plan.meldable_bytes.data()) + q));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(view.words.data()) + q, x);
    sum = _mm_add_epi8(sum, x);
    odd = _mm_add_epi8(odd, _mm_and_si128(x, ones));
  }
  const __m128i sums = _mm_sad_epu8(_mm_unpacklo_epi64(sum, odd), _mm_setzero_si128());
  const __m128i sums_high = _mm_sad_epu8(_mm_unpackhi_epi64(sum, odd), _mm_setzero_si128());
  const __m128i both = _mm_add_epi64(sums, sums_high);  // lane 0: naturals, lane 1: odd kinds
  view.odd = _mm_cvtsi128_si32(_mm_unpackhi_epi64(both, both));
  const int naturals = _mm_cvtsi128_si32(both);
#else
  std::uint64_t sum = 0;  // bytes of at most 8 * 4 each, adding up to the naturals (<= 17)
  std::uint64_t odd = 0;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = load_word(view.counts + 8 * w) & plan.meldable_bytes[w];
    view.words[w] = x;
    sum += x;
    odd += x & kOnes;
  }
  view.odd = byte_sum(odd);
  const int naturals = byte_sum(sum);
#endif
  view.wildcards = wild;
  view.concealed = naturals + wild;
  view.size = view.concealed + 3 * hand.meld_count;
  if (keys) make_keys(plan, view);
}

/// Natural tiles in declared melds, by kind.
TileCounts declared_naturals(const Hand& hand) {
  TileCounts declared{};
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    const Group& meld = hand.melds[m];
    for (int slot = 0; slot < meld.size; ++slot) {
      if (!meld.is_wild(slot)) ++declared[meld.tiles[static_cast<std::size_t>(slot)]];
    }
  }
  return declared;
}

/// Sequence suits holding a tile anywhere (concealed, wild kinds included, or declared), as
/// Decomposition's missing-suits check counts them; bit s for plan.suits[s].
unsigned present_suits(const Plan& plan, const Hand& hand) {
  // The meldable kinds held, eight counts a word: a byte b >= 1 keeps the high bit of
  // (b | 0x80) - 1 (counts are far below 128, so no byte borrows).
  TileMask held = 0;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = load_word(hand.counts.data() + 8 * w) & plan.meldable_bytes[w];
    held |= gather_high_bits(((x | kHigh) - kOnes) & kHigh) << (8 * w);
  }
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    const Group& meld = hand.melds[m];
    for (int slot = 0; slot < meld.size; ++slot) {
      if (!meld.is_wild(slot)) held |= tile_bit(meld.tiles[static_cast<std::size_t>(slot)]);
    }
  }
  held &= plan.meldable_mask;
  unsigned present = 0;
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    if ((held & plan.suit_masks[s]) != 0) present |= 1U << s;
  }
  return present;
}

int lacking_suits(const Plan& plan, unsigned present) {
  int lacking = 0;
  for (std::size_t s = 0; s < plan.suits.size(); ++s) {
    if (plan.suits[s].sequence_suit && (present >> s & 1U) == 0) ++lacking;
  }
  return lacking;
}

/// Whether a form applies to a concealed size (whole-hand forms: their size, no declared meld).
bool applies(const FormSpec& form, int concealed, const Hand& hand) {
  return form.hand_tiles == 0 || (form.hand_tiles == concealed && hand.meld_count == 0);
}

/// Natural counts of the meldable tiles, tallied for the pairs and set forms.
struct Tally {
  std::array<int, 5> by_count{};  ///< kinds holding 0..4 natural copies
  TileMask nonzero = 0;
};

/// Counted eight tiles at a time by bit planes (counts are 0..4: 4 is the only one with bit 2).
Tally tally(const View& view) {
  std::uint64_t ones = 0;
  std::uint64_t twos = 0;
  std::uint64_t threes = 0;
  std::uint64_t fours = 0;
  Tally result;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = view.word(w);
    const std::uint64_t b0 = x & kOnes;
    const std::uint64_t b1 = (x >> 1) & kOnes;
    const std::uint64_t b2 = (x >> 2) & kOnes;
    ones += b0 & ~b1;
    twos += b1 & ~b0;
    threes += b0 & b1;
    fours += b2;
    result.nonzero |= gather_high_bits(((b0 | b1 | b2) * 0x80) & kHigh) << (8 * w);
  }
  result.by_count[1] = byte_sum(ones);
  result.by_count[2] = byte_sum(twos);
  result.by_count[3] = byte_sum(threes);
  result.by_count[4] = byte_sum(fours);
  result.by_count[0] = static_cast<int>(kMaxTileKinds) - result.by_count[1] - result.by_count[2] -
                       result.by_count[3] - result.by_count[4];
  return result;
}

/// Whether some kind holds four natural copies.
bool any_four(const View& view) {
  std::uint64_t four = 0;
  for (std::size_t w = 0; w < kWords; ++w) four |= view.word(w) & (kOnes << 2);
  return four != 0;
}

/// A pairs form (seven pairs; pungs beside them) by the counts alone.
Answer pairs_win(const Plan& plan, const FormSpec& form, const Tally& tally, int wildcards) {
  const int ones = tally.by_count[1];
  const int threes = tally.by_count[3];
  const int fours = tally.by_count[4];
  if (wildcards == 0) {
    // Every tile is a pair, a pung (three) or, when allowed, two pairs (four).
    if (ones > 0 || (fours > 0 && !form.four_as_two_pairs)) return Answer::no;
    return threes == form.pungs ? Answer::yes : Answer::no;
  }
  if (form.pungs != 0) return Answer::unknown;
  if (form.four_as_two_pairs) {
    // Each odd count takes one wildcard; the rest pair up as wildcard pairs, which always fit.
    if (plan.capped && !plan.capped_ample) return Answer::unknown;
    return ones + threes <= wildcards ? Answer::yes : Answer::no;
  }
  if (threes + fours > 0 || ones > wildcards) return Answer::no;
  // Wildcard pairs need kinds no natural tile holds (with room for two copies when capped).
  const TileMask room = plan.capped ? plan.copies2_mask : plan.meldable_mask;
  const int free_kinds = std::popcount(room & ~tally.nonzero);
  return (wildcards - ones) / 2 <= free_kinds ? Answer::yes : Answer::no;
}

/// pairs_win with the common refusals first: every win of the form has ones + threes within
/// the wildcards and pungs (see pairs_win), so most hands need only the odd kinds counted.
Answer pairs_win_quick(const Plan& plan, const FormSpec& form, const View& view, int wildcards) {
  const int odd = view.odd;
  if (odd > wildcards + form.pungs) return Answer::no;
  if (wildcards == 0 && form.pungs == 0) {
    return form.four_as_two_pairs || !any_four(view) ? Answer::yes : Answer::no;
  }
  // pairs_win's own test here is "ones + threes <= W", and ones + threes is odd: passed above.
  if (form.pungs == 0 && form.four_as_two_pairs && (!plan.capped || plan.capped_ample)) {
    return Answer::yes;
  }
  return pairs_win(plan, form, tally(view), wildcards);
}

/// Whether a natural tile of the view lies on a byte of `bytes` (eight tiles a word).
bool any_on(const View& view, const std::array<std::uint64_t, kWords>& bytes) {
#if defined(__SSE2__)
  __m128i any = _mm_setzero_si128();
  for (std::size_t q = 0; q < kWords / 2; ++q) {
    any = _mm_or_si128(
        any, _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(view.words.data()) + q),
                           _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes.data()) + q)));
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi8(any, _mm_setzero_si128())) != 0xFFFF;
#else
  std::uint64_t any = 0;
  for (std::size_t w = 0; w < kWords; ++w) any |= view.word(w) & bytes[w];
  return any != 0;
#endif
}

/// Whether a natural tile lies outside a set form's tiles.
bool outside_set(const FormPlan& fp, const View& view) {
  return any_on(view, fp.outside);
}

/// A set form (thirteen orphans): naturals only on the set, at most two of a tile and one pair.
Answer set_win(const FormPlan& fp, const View& view) {
  if (outside_set(fp, view)) return Answer::no;
  int doubles = 0;
  for (TileMask bits = fp.set; bits != 0; bits &= bits - 1) {
    const int n = view.counts[static_cast<std::size_t>(std::countr_zero(bits))];
    if (n > 2) return Answer::no;
    doubles += n == 2 ? 1 : 0;
  }
  return doubles > 1 ? Answer::no : Answer::yes;
}

/// kNeed[n] = -n mod 3: the wildcards that make n naturals of a suit into melds, modulo 3.
constexpr std::array<std::uint8_t, 64> kNeed = [] {
  std::array<std::uint8_t, 64> need{};
  for (std::size_t n = 0; n < need.size(); ++n) {
    need[n] = static_cast<std::uint8_t>(melds_residue(static_cast<int>(n)));
  }
  return need;
}();

/// kPairNeed[n] = (2 - n) mod 3: the same for melds and one pair.
constexpr std::array<std::uint8_t, 64> kPairNeed = [] {
  std::array<std::uint8_t, 64> need{};
  for (std::size_t n = 0; n < need.size(); ++n) {
    need[n] = static_cast<std::uint8_t>(pair_residue(static_cast<int>(n)));
  }
  return need;
}();

/// The naturals of suit s (at most 4 * 9: below 64).
std::size_t suit_naturals(const Plan& plan, const std::uint8_t* counts, std::size_t s) {
  const std::size_t first = plan.suit_first[s];
  return static_cast<std::size_t>(byte_sum(load_word(counts + first) & plan.rank_bytes[s]) +
                                  counts[first + 8] * plan.ninth[s]) &
         63U;
}

/// Σ over the suits of -n mod 3, n the suit's naturals: a lower bound of the wildcards that
/// make every suit into melds (melds_win). `counts` must be readable 16 bytes past the last
/// suit's first tile (View::own_tail).
int melds_need(const Plan& plan, const std::uint8_t* counts) {
#if defined(__SSE2__)
  // Four suits at a time (the masks are padded with empty ones): psadbw sums each suit's masked
  // counts into the two halves of a vector, the halves added give the suit's n in one 16-bit
  // lane, and -n mod 3 comes from n - 3 * (n / 3), n / 3 as the high half of n * 0x5556 (exact
  // for n < 64). Lanes without a suit stay zero and add nothing.
  const __m128i zero = _mm_setzero_si128();
  const __m128i three = _mm_set1_epi16(3);
  const auto suit = [&](std::size_t i) {
    const __m128i x =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts + plan.suit_first[i]));
    const __m128i mask =
        _mm_load_si128(reinterpret_cast<const __m128i*>(plan.suit_vector_masks[i].data()));
    return _mm_sad_epu8(_mm_and_si128(x, mask), zero);
  };
  __m128i need = zero;
  for (std::size_t s = 0; s < plan.suit_count; s += 4) {
    const __m128i a = suit(s);
    const __m128i b = suit(s + 1);
    const __m128i c = suit(s + 2);
    const __m128i d = suit(s + 3);
    // 64-bit lanes [n_a, n_b] and [n_c, n_d]; then n_c, n_d moved up one 16-bit lane.
    const __m128i ab = _mm_add_epi64(_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b));
    const __m128i cd = _mm_add_epi64(_mm_unpacklo_epi64(c, d), _mm_unpackhi_epi64(c, d));
    const __m128i n = _mm_or_si128(ab, _mm_slli_epi64(cd, 16));
    const __m128i r =
        _mm_sub_epi16(n, _mm_mullo_epi16(_mm_mulhi_epu16(n, _mm_set1_epi16(0x5556)), three));
    need = _mm_add_epi16(need, _mm_andnot_si128(_mm_cmpeq_epi16(r, zero), _mm_sub_epi16(three, r)));
  }
  // Each lane is below 256: the byte sums of the two halves are the lanes' sums.
  const __m128i halves = _mm_sad_epu8(need, zero);
  return _mm_cvtsi128_si32(halves) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(halves, halves));
#else
  int need = 0;
  for (std::size_t s = 0; s < plan.suit_count; ++s) need += kNeed[suit_naturals(plan, counts, s)];
  return need;
#endif
}

/// Whether the suits' residues leave the standard form in reach of the wildcards: a suit of n
/// naturals made into melds takes f0 = -n mod 3 wildcards or more (f0 + n is a multiple of 3),
/// and melds plus the pair f1 = (2 - n) mod 3 or more. So sum f0 + min(2, min (f1 - f0)) is at
/// least need + 2, or need - 1 when some suit has n mod 3 = 1 or 2 (there f1 - f0 is -1 or
/// more: 1 - 2 and 0 - 1). It refuses most random hands without a table read.
bool melds_in_reach(const Plan& plan, const std::uint8_t* counts, int wildcards) {
  const int need = melds_need(plan, counts);
  return need + (need != 0 ? -1 : 2) <= wildcards;
}

/// The standard form from the suits' win entries (the residue bound already passed): computes
/// the view's keys.
bool melds_complete(const Plan& plan, View& view, int wildcards) {
  make_keys(plan, view);
  int sum0 = 0;
  int delta = 2;
  if (wildcards <= kPackedMaxWildcards) {
    // The packed tables (half the bytes, so fewer cache misses): each entry is its residue
    // from the suit's size plus threes (SuitTables::win_packed).
    const auto& packed = plan.win_packed();
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      const std::uint32_t key = view.keys[s];
      const unsigned nibble = (packed[s][key >> 1] >> ((key & 1U) << 2)) & 15U;
      const std::size_t n = suit_naturals(plan, view.counts, s);
      const int f0 = kNeed[n] + 3 * static_cast<int>(nibble & 3U);
      const int f1 = kPairNeed[n] + 3 * static_cast<int>(nibble >> 2);
      sum0 += f0;
      delta = std::min(delta, f1 - f0);
    }
    return sum0 + delta <= wildcards;
  }
  const auto& tables = plan.win();
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    const unsigned entry = tables[s][view.keys[s]];
    const int f0 = static_cast<int>(entry & 15U);
    sum0 += f0;
    delta = std::min(delta, static_cast<int>(entry >> 4) - f0);
  }
  return sum0 + delta <= wildcards;
}

/// The standard form: the residue bound, then the win entries (see the file comment).
bool melds_win(const Plan& plan, View& view, int wildcards) {
  if (!melds_in_reach(plan, view.counts, wildcards)) return false;
  return melds_complete(plan, view, wildcards);
}

/// Starts loading a table row that is read a little later: the rows of random keys miss the
/// caches, and the checks in between hide the latency.
inline void prefetch(const void* address) {
  __builtin_prefetch(address);
}

/// Wildcards the form may use, or -1 when the hand's wildcards keep it from matching.
int form_wildcards(const FormSpec& form, int wildcards) {
  return !form.wildcards && wildcards > 0 ? -1 : wildcards;
}

/// The special-form checks' answer as the fast paths' (the same three values).
Answer answer_of(detail::SpecialAnswer answer) {
  switch (answer) {
    case detail::SpecialAnswer::no:
      return Answer::no;
    case detail::SpecialAnswer::yes:
      return Answer::yes;
    case detail::SpecialAnswer::unknown:
      break;
  }
  return Answer::unknown;
}

/// is_win's gate (Plan::WinGate), straight from the hand's counts: no when every form's cheapest
/// refusal refuses it (one branch for them all), yes when a `wildcards` form takes it, unknown
/// otherwise and whenever the gate does not apply (declared melds, wild tile kinds, a size the
/// forms do not take): the forms' own tests decide.
Answer gate_answer(const Plan& plan, const Hand& hand) {
  const Plan::WinGate& gate = plan.gate;
  if (hand.meld_count != 0 || hand.wild_tiles != 0) return Answer::unknown;
  const int wildcards = hand.jokers;
  int naturals = 0;
  int odd = 0;
  bool outside = false;
#if defined(__SSE2__)
  const __m128i ones = _mm_set1_epi8(1);
  __m128i sum = _mm_setzero_si128();
  __m128i odd_bytes = _mm_setzero_si128();
  __m128i out = _mm_setzero_si128();
  for (std::size_t q = 0; q < 4; ++q) {
    const __m128i x = _mm_and_si128(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(hand.counts.data()) + q),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(plan.meldable_bytes.data()) + q));
    sum = _mm_add_epi8(sum, x);
    odd_bytes = _mm_add_epi8(odd_bytes, _mm_and_si128(x, ones));
    out = _mm_or_si128(
        out, _mm_and_si128(
                 x, _mm_loadu_si128(reinterpret_cast<const __m128i*>(gate.outside.data()) + q)));
  }
  const __m128i low = _mm_sad_epu8(_mm_unpacklo_epi64(sum, odd_bytes), _mm_setzero_si128());
  const __m128i high = _mm_sad_epu8(_mm_unpackhi_epi64(sum, odd_bytes), _mm_setzero_si128());
  const __m128i both = _mm_add_epi64(low, high);  // lane 0: naturals, lane 1: odd kinds
  naturals = _mm_cvtsi128_si32(both);
  odd = _mm_cvtsi128_si32(_mm_unpackhi_epi64(both, both));
  outside = _mm_movemask_epi8(_mm_cmpeq_epi8(out, _mm_setzero_si128())) != 0xFFFF;
#else
  std::uint64_t sum = 0;
  std::uint64_t odd_bytes = 0;
  std::uint64_t out = 0;
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::uint64_t x = load_word(hand.counts.data() + 8 * w) & plan.meldable_bytes[w];
    sum += x;
    odd_bytes += x & kOnes;
    out |= x & gate.outside[w];
  }
  naturals = byte_sum(sum);
  odd = byte_sum(odd_bytes);
  outside = out != 0;
#endif
  const int size = naturals + wildcards;
  if (size % 3 != 2 || size > plan.hand_tiles || wildcards >= kWinSaturated) {
    return Answer::unknown;
  }
  const bool whole = size == gate.whole_size;
  if (wildcards >= gate.wildcards_any || (whole && wildcards >= gate.wildcards_whole)) {
    return Answer::yes;
  }
  const bool others =
      (gate.pairs & whole & (odd <= wildcards + gate.pairs_pungs)) | (gate.set & whole & !outside);
  if (others) return Answer::unknown;
  if (!gate.melds) return Answer::no;
  if (!melds_in_reach(plan, hand.counts.data(), wildcards)) return Answer::no;
  // Only the melds forms are left, and their test needs nothing else of the hand: the counts
  // (no wild kind here) and the wildcards. A form without wildcards is the forms' loop's.
  if (gate.melds_tame && wildcards != 0) return Answer::unknown;
  View view;
  view.counts = hand.counts.data();
  return melds_complete(plan, view, wildcards) ? Answer::yes : Answer::no;
}

Answer fast_is_win(const Plan& plan, const Hand& hand) {
  if (!plan.win_ok) return Answer::unknown;
  if (plan.gate.on) {
    const Answer gated = gate_answer(plan, hand);
    if (gated != Answer::unknown) return gated;
  }
  View view;
  make_view(plan, hand, view, false);
  if (view.size % 3 != 2 || view.size > plan.hand_tiles) return Answer::unknown;  // it throws
  if (view.wildcards >= kWinSaturated) return Answer::unknown;
  bool refused = false;
  if (!plan.plain_win) {
    if (plan.restricted && view.wildcards != 0) return Answer::unknown;  // restricted stand-ins
    // Which suits a wildcard touches is the search's business (abstract groups keep a suit
    // free, a wild kind's own suit is not held by it): modelled only for hands without them.
    if (plan.missing_suits != 0 && view.wildcards != 0) return Answer::unknown;
    if (plan.capped && hand.meld_count != 0) return Answer::unknown;  // declared copies cap
    refused = (plan.max_in_win != 0 && view.wildcards > plan.max_in_win) ||
              (plan.missing_suits != 0 &&
               lacking_suits(plan, present_suits(plan, hand)) < plan.missing_suits);
  }
  Answer answer = Answer::no;
  for (const WinForm& wf : plan.win_forms) {
    // applies() and form_wildcards() on the copied fields.
    if (wf.hand_tiles != 0 && (wf.hand_tiles != view.concealed || hand.meld_count != 0)) continue;
    if (refused && wf.type != FormType::wildcards) continue;
    if (!wf.modelled) {
      // Only the search knows this form; another form may still win here.
      answer = Answer::unknown;
      continue;
    }
    if (!wf.wildcards && view.wildcards > 0) continue;
    const int wildcards = view.wildcards;
    Answer here = Answer::no;
    switch (wf.type) {
      case FormType::melds:
        here = melds_win(plan, view, wildcards) ? Answer::yes : Answer::no;
        break;
      case FormType::pairs:
        here = pairs_win_quick(plan, *wf.plan->spec, view, wildcards);
        break;
      case FormType::set:
        here = set_win(*wf.plan, view);
        break;
      case FormType::wildcards:
        here = wildcards >= wf.count ? Answer::yes : Answer::no;
        break;
      case FormType::knitted:
      case FormType::singles:
        here = answer_of(wf.plan->special.win({view.counts, view.wildcards, hand.meld_count}));
        break;
      default:
        here = Answer::unknown;
        break;
    }
    if (here == Answer::yes) return Answer::yes;
    if (here == Answer::unknown) answer = Answer::unknown;
  }
  return answer;
}

// Waits ---------------------------------------------------------------------------------------

/// Natural meldable kinds with a copy not held in the concealed hand, by words of counts.
TileMask unfilled_kinds(const Plan& plan, const View& view) {
  TileMask result = 0;
#if defined(__SSE2__)
  // Sixteen kinds a vector: copies > count (signed compare; both are small) as a bit mask.
  for (std::size_t q = 0; q < kWords / 2; ++q) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(view.words.data()) + q);
    const __m128i copies =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(plan.copies_bytes.data()) + q);
    result |= TileMask{static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(copies, x)))}
              << (16 * q);
  }
#else
  for (std::size_t w = 0; w < kWords; ++w) {
    // Wild kinds read as zero here (or as their count); the caller removes them.
    const std::uint64_t x = view.word(w);
    // copies - x - 1 >= 0 exactly where x < copies: the high bit stays set (no byte borrows).
    const std::uint64_t below = ((plan.copies_bytes[w] | kHigh) - x - kOnes) & kHigh;
    result |= gather_high_bits(below) << (8 * w);
  }
#endif
  return result;
}

/// The ranks whose field in a wait row's planes (`low`, `high`: bits 0 and 1 of the field, by
/// rank) is at most t, for t in -1..2, without branches.
unsigned ranks_at_most(unsigned low, unsigned high, int t) {
  const unsigned not_low = ~low;
  const unsigned not_high = ~high;
  const unsigned at0 = 0U - static_cast<unsigned>(t == 0);
  const unsigned at1 = 0U - static_cast<unsigned>(t == 1);
  const unsigned at2 = 0U - static_cast<unsigned>(t == 2);
  return ((not_low & not_high & at0) | (not_high & at1) | ((not_low | not_high) & at2)) & 0x1FFU;
}

/// The largest multiple count k of three with residue + 3k <= budget (budget at most
/// kPackedMaxWildcards), or -1 when even the residue is over it: the most threes a packed field
/// may hold and complete.
int threes_within(int budget, int residue) {
  // room / 3 for room in 0..8 is (room * 11) >> 5; a negative room is -1 (any budget below
  // -16 reads the same).
  const int room = std::max(budget - residue, -16);
  return room < 0 ? -1 : (room * 11) >> 5;
}

/// The standard form's waits from the wait rows, for at most kPackedMaxWildcards wildcards:
/// the suits' own entries give the budgets (wait_budgets), and each suit's planes the ranks
/// whose draw keeps within them.
TileMask melds_waits(const Plan& plan, const View& view, int wildcards, TileMask allowed) {
  static_assert(kMaxBudgetSuits >= kMaxPlanSuits, "one budget per suit");
  const auto& rows = plan.wait_rows();
  const std::size_t count = plan.suit_count;
  std::array<std::uint64_t, kMaxPlanSuits> row{};
  std::array<std::uint8_t, kMaxBudgetSuits> entries{};
  for (std::size_t s = 0; s < count; ++s) {
    row[s] = load_word(rows[s] + std::size_t{view.keys[s]} * kWaitRowBytes);
    entries[s] = static_cast<std::uint8_t>(row[s] >> kWaitEntry);
  }
  std::array<WaitBudget, kMaxBudgetSuits> budgets;
  wait_budgets(entries, count, wildcards, budgets);
  TileMask mask = 0;
  for (std::size_t s = 0; s < count; ++s) {
    if (budgets[s].pair_here < 0 && budgets[s].pair_elsewhere < 0) continue;
    const std::size_t first = plan.suit_first[s];
    const auto suit_allowed =
        static_cast<unsigned>((allowed >> first) & ((TileMask{1} << plan.suit_ranks[s]) - 1));
    // A drawn tile makes n + 1 naturals: the neighbours' fields count threes above its residues.
    const int threes0 =
        threes_within(budgets[s].pair_elsewhere, static_cast<int>(row[s] >> kWaitDrawnMelds & 3U));
    const int threes1 =
        threes_within(budgets[s].pair_here, static_cast<int>(row[s] >> kWaitDrawnPair & 3U));
    const std::uint64_t r = row[s];
    const auto plane = [r](int at) { return static_cast<unsigned>(r >> at) & 0x1FFU; };
    const unsigned ranks = ranks_at_most(plane(kWaitPlaneA0), plane(kWaitPlaneA1), threes0) |
                           ranks_at_most(plane(kWaitPlaneB0), plane(kWaitPlaneB1), threes1);
    mask |= TileMask{ranks & suit_allowed} << first;
  }
  return mask;
}

/// The standard form's waits for hands of more wildcards than the packed tables answer: the
/// budgets from the win table, then each allowed rank's entry with the tile drawn.
TileMask melds_waits_wild(const Plan& plan, const View& view, int wildcards, TileMask allowed) {
  const auto& tables = plan.win();
  const std::size_t count = plan.suit_count;
  std::array<std::uint8_t, kMaxBudgetSuits> entries{};
  for (std::size_t s = 0; s < count; ++s) entries[s] = tables[s][view.keys[s]];
  std::array<WaitBudget, kMaxBudgetSuits> budgets;
  wait_budgets(entries, count, wildcards, budgets);
  TileMask mask = 0;
  for (std::size_t s = 0; s < count; ++s) {
    const int budget1 = budgets[s].pair_here;
    const int budget0 = budgets[s].pair_elsewhere;
    if (budget1 < 0 && budget0 < 0) continue;
    const std::size_t first = plan.suit_first[s];
    // `allowed` holds only kinds with a copy left: key + 5^r never carries.
    for (TileMask bits = (allowed >> first) & ((TileMask{1} << plan.suit_ranks[s]) - 1); bits != 0;
         bits &= bits - 1) {
      const auto r = static_cast<std::size_t>(std::countr_zero(bits));
      const unsigned entry = tables[s][view.keys[s] + plan.suits[s].steps[r]];
      if (static_cast<int>(entry >> 4) <= budget1 || static_cast<int>(entry & 15U) <= budget0) {
        mask |= TileMask{1} << (first + r);
      }
    }
  }
  return mask;
}

Answer fast_wait_mask(const Plan& plan, const Hand& hand, TileMask& mask) {
  if (!plan.waits_ok || plan.exhausted_waits) return Answer::unknown;
  View view;
  make_view(plan, hand, view);
  if (view.size % 3 != 1 || view.size > plan.hand_tiles) return Answer::unknown;  // it throws
  if (view.wildcards >= kWinSaturated) return Answer::unknown;
  if (plan.restricted && view.wildcards != 0) return Answer::unknown;
  if (plan.capped && hand.meld_count != 0) return Answer::unknown;
  if (plan.missing_suits != 0 && (hand.meld_count != 0 || view.wildcards != 0 ||
                                  (hand.wild_tiles & plan.meldable_mask) != 0)) {
    return Answer::unknown;
  }
  // Every form adds only drawable candidates to the mask, and a `wildcards` form that the held
  // wildcards already complete adds them all: then the answer is the candidates, whatever the
  // other forms say, and no table is read.
  const int target = view.concealed + 1;
  bool all_candidates = false;
  for (const std::uint8_t f : plan.wildcard_forms) {
    const FormSpec& form = *plan.forms[f].spec;
    const int wildcards = form_wildcards(form, view.wildcards);
    all_candidates = all_candidates ||
                     (applies(form, target, hand) && wildcards >= 0 && wildcards >= form.count);
  }
  if (!all_candidates && view.wildcards <= kPackedMaxWildcards) {
    const auto& rows = plan.wait_rows();
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      prefetch(rows[s] + std::size_t{view.keys[s]} * kWaitRowBytes);
    }
  }
  // compute_waits throws when no form can complete the hand; a standard form over plenty of
  // kinds always can.
  const int open_kinds = (hand.wild_tiles & plan.copies3_mask) == 0
                             ? plan.open_kinds
                             : std::popcount(plan.copies3_mask & ~hand.wild_tiles);
  if (!plan.open_standard || (target - 2) % 3 != 0 || open_kinds < 17) return Answer::unknown;

  // Drawable candidates: natural meldable kinds with a copy not held anywhere.
  TileMask candidates = unfilled_kinds(plan, view) & ~hand.wild_tiles;
  if (hand.meld_count != 0) {
    const TileCounts declared = declared_naturals(hand);
    for (TileId t = 0; t < plan.meldable; ++t) {
      if (hand.counts[t] + declared[t] >= plan.copies[t]) candidates &= ~tile_bit(t);
    }
  }
  if (all_candidates) {
    mask = candidates;
    return Answer::yes;
  }
  TileMask allowed = candidates;
  if (plan.max_in_win != 0 && view.wildcards > plan.max_in_win) allowed = 0;
  if (plan.missing_suits != 0) {
    // A draw into suit s may win only when enough suits are still lacking with s held.
    const unsigned present = present_suits(plan, hand);
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      if (lacking_suits(plan, present | (1U << s)) < plan.missing_suits) {
        allowed &= ~plan.suit_masks[s];
      }
    }
  }

  mask = 0;
  for (const WinForm& wf : plan.wait_forms) {
    // applies() and form_wildcards() on the copied fields.
    if (wf.hand_tiles != 0 && (wf.hand_tiles != target || hand.meld_count != 0)) continue;
    if (!wf.wildcards && view.wildcards > 0) continue;
    const FormPlan& fp = *wf.plan;
    const FormSpec& form = *fp.spec;
    const int wildcards = view.wildcards;
    switch (wf.type) {
      case FormType::wildcards:
        if (wildcards >= wf.count) mask |= candidates;
        break;
      case FormType::melds:
        if (allowed == 0) break;
        mask |= wildcards <= kPackedMaxWildcards ? melds_waits(plan, view, wildcards, allowed)
                                                 : melds_waits_wild(plan, view, wildcards, allowed);
        break;
      case FormType::pairs: {
        // A draw changes ones + threes by one at most, and a win needs them within the
        // wildcards and pungs (pairs_win): most hands are out of reach at once.
        if (view.odd - 1 > wildcards + form.pungs) break;
        if (form.pungs == 0 && form.four_as_two_pairs && (!plan.capped || plan.capped_ample)) {
          // pairs_win here is "ones + threes <= W" (no odd kind at all without wildcards): a
          // draw onto an odd count lowers that number by one, onto an even count raises it.
          TileMask odd_kinds = 0;
          for (std::size_t w = 0; w < kWords; ++w) {
            odd_kinds |= gather_high_bits((view.word(w) & kOnes) << 7) << (8 * w);
          }
          if (view.odd - 1 <= wildcards) mask |= allowed & odd_kinds;
          if (view.odd + 1 <= wildcards) mask |= allowed & ~odd_kinds;
          break;
        }
        const Tally counts = tally(view);
        for (TileMask bits = allowed & ~mask; bits != 0; bits &= bits - 1) {
          const auto t = static_cast<TileId>(std::countr_zero(bits));
          Tally drawn = counts;
          const int n = std::min<int>(view.counts[t], 4);
          --drawn.by_count[static_cast<std::size_t>(n)];
          ++drawn.by_count[static_cast<std::size_t>(std::min(n + 1, 4))];
          drawn.nonzero |= tile_bit(t);
          const Answer here = pairs_win(plan, form, drawn, wildcards);
          if (here == Answer::unknown) return Answer::unknown;
          if (here == Answer::yes) mask |= tile_bit(t);
        }
        break;
      }
      case FormType::set: {
        if (outside_set(fp, view)) break;  // a tile outside the set stays
        int doubles = 0;
        bool over = false;
        for (TileMask bits = fp.set; bits != 0; bits &= bits - 1) {
          const int n = view.counts[static_cast<std::size_t>(std::countr_zero(bits))];
          over = over || n > 2;
          doubles += n >= 2 ? 1 : 0;
        }
        if (over || doubles > 1) break;
        // Drawn t completes when it makes no third copy and no second pair.
        for (TileMask bits = allowed & fp.set & ~mask; bits != 0; bits &= bits - 1) {
          const auto t = static_cast<TileId>(std::countr_zero(bits));
          const int n = view.counts[t];
          if (n == 0 || (n == 1 && doubles == 0)) mask |= tile_bit(t);
        }
        break;
      }
      case FormType::knitted:
      case FormType::singles: {
        TileMask here = 0;
        const detail::SpecialAnswer answer =
            fp.special.waits({view.counts, view.wildcards, hand.meld_count}, candidates, here);
        if (answer == detail::SpecialAnswer::unknown) return Answer::unknown;
        mask |= here & allowed;
        break;
      }
      default:
        return Answer::unknown;
    }
  }
  return Answer::yes;
}

// Shanten -------------------------------------------------------------------------------------

/// One kept row per suit (kKeptStride bytes: kept by (pairs, melds) in the suit).
using KeptRows = std::array<const std::int8_t*, kMaxPlanSuits>;

#if defined(__SSE2__)

/// The (max, +) combination of kept rows runs on 16 bytes at once (SSE2, in every x86-64): a
/// row's 12 cells are lanes 0..5 (no pair, 0..5 melds) and 6..11 (the pair), held *biased* as
/// kept + 64, so that kKeptNone is 0, unsigned saturating arithmetic never wraps, and a lane
/// shifted in from outside (a zero) is "none". Biased sums: (a + b) - 64, saturating at 0, which
/// keeps every sum through a "none" below 64 (real kept negative), as the scalar form did.
constexpr int kKeptBias = -kKeptNone;
static_assert(kKeptBias == 64 && kKeptStride == 12, "the lanes below assume these");

inline __m128i load_kept_row(const std::int8_t* row) {
  // Rows are padded (kKeptPadding): 16 bytes may be read from any row.
  const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row));
  return _mm_add_epi8(raw, _mm_set1_epi8(static_cast<char>(kKeptBias)));
}

inline __m128i kept_plus(__m128i a, __m128i b) {
  return _mm_subs_epu8(_mm_adds_epu8(a, b), _mm_set1_epi8(static_cast<char>(kKeptBias)));
}

/// Lanes 6 .. 6 + K - 1 cleared: after shifting combined cells by K lanes, those hold no-pair
/// cells that crossed into the pair half.
template <int K>
inline __m128i clear_crossed(__m128i x) {
  if constexpr (K == 0) return x;
  alignas(16) static constexpr std::array<std::uint8_t, 16> kKeep = [] {
    std::array<std::uint8_t, 16> keep{};
    for (int lane = 0; lane < 16; ++lane) keep[lane] = (lane >= 6 && lane < 6 + K) ? 0 : 0xFF;
    return keep;
  }();
  return _mm_and_si128(x, _mm_load_si128(reinterpret_cast<const __m128i*>(kKeep.data())));
}

/// Byte k of a row, broadcast, from the row's bytes doubled into 16-bit lanes (`low`: bytes
/// 0..7, `high`: 8..15): two shuffles, where a byte load and broadcast would take six operations.
template <int K>
inline __m128i broadcast_lane(__m128i low, __m128i high) {
  if constexpr (K < 4) {
    return _mm_shuffle_epi32(_mm_shufflelo_epi16(low, K * 0x55), 0);
  } else if constexpr (K < 8) {
    return _mm_shuffle_epi32(_mm_shufflehi_epi16(low, (K - 4) * 0x55), 0xFF);
  } else if constexpr (K < 12) {
    return _mm_shuffle_epi32(_mm_shufflelo_epi16(high, (K - 8) * 0x55), 0);
  } else {
    return _mm_shuffle_epi32(_mm_shufflehi_epi16(high, (K - 12) * 0x55), 0xFF);
  }
}

/// next[p][m] = max over k <= m of best[p][m - k] + row[0][k], and for the pair also
/// best[0][m - k] + row[1][k]: terms K..M of the combination of `best` with a (biased) row.
template <int K, int M>
inline __m128i combine_terms(__m128i next, __m128i best, __m128i low, __m128i high) {
  if constexpr (K > M) {
    return next;
  } else {
    const __m128i r0 = broadcast_lane<K>(low, high);
    const __m128i r1 = broadcast_lane<6 + K>(low, high);
    // Lane m (and 6 + m) of the shift holds best[.][m - K]; the pair half's crossed lanes are
    // cleared. Shifted by 6 + K, the pair half holds best[0][m - K] and the rest is zero.
    const __m128i same = clear_crossed<K>(_mm_slli_si128(best, K));
    const __m128i cross = _mm_slli_si128(best, 6 + K);
    next = _mm_max_epu8(next, kept_plus(same, r0));
    next = _mm_max_epu8(next, kept_plus(cross, r1));
    return combine_terms<K + 1, M>(next, best, low, high);
  }
}

/// The (max, +) combination of two biased rows (or combined rows): every cell up to M melds.
template <int M>
inline __m128i combine_rows(__m128i best, __m128i row) {
  return combine_terms<0, M>(_mm_setzero_si128(), best, _mm_unpacklo_epi8(row, row),
                             _mm_unpackhi_epi8(row, row));
}

/// The suits [first, end) combined, biased.
template <int M>
inline __m128i combine_range(const KeptRows& rows, std::size_t first, std::size_t end) {
  __m128i best = load_kept_row(rows[first]);
  for (std::size_t s = first + 1; s < end; ++s)
    best = combine_rows<M>(best, load_kept_row(rows[s]));
  return best;
}

/// Most naturals the standard form (one pair, M melds) keeps, from one kept row per suit
/// combined by (max, +) over (melds, pair) splits; negative when no target fits. The suits are
/// combined in two halves, independent chains the processor overlaps, and only the one cell of
/// M melds and the pair is taken from the two. M is a template argument so that the
/// combination unrolls into straight-line SIMD code.
template <int M>
int melds_kept(const KeptRows& rows, std::size_t n) {
  constexpr std::size_t kPairLane = kTableMaxMelds + 1;
  if (n == 1) return rows[0][kPairLane + M];
  const std::size_t half = n / 2;
  alignas(16) std::array<std::uint8_t, 16> left;
  alignas(16) std::array<std::uint8_t, 16> right;
  _mm_store_si128(reinterpret_cast<__m128i*>(left.data()), combine_range<M>(rows, 0, half));
  _mm_store_si128(reinterpret_cast<__m128i*>(right.data()), combine_range<M>(rows, half, n));
  int kept = 0;  // biased twice: below 2 * kKeptBias is "none"
  for (std::size_t k = 0; k <= M; ++k) {
    kept = std::max(kept, left[M - k] + right[kPairLane + k]);
    kept = std::max(kept, left[kPairLane + M - k] + right[k]);
  }
  return kept - 2 * kKeptBias;
}

#else

/// Most naturals the standard form (one pair, M melds) keeps, from one kept row per suit
/// combined by (max, +) over (melds, pair) splits; negative when no target fits. Rows hold
/// kKeptNone where a split does not fit, so sums through such a cell stay negative (the other
/// suits keep at most 17 tiles) and no branch is needed. Without SSE2, one cell at a time.
template <int M>
int melds_kept(const KeptRows& rows, std::size_t n) {
  constexpr std::size_t kWidth = kTableMaxMelds + 1;
  constexpr auto kCells = static_cast<std::size_t>(M) + 1;
  std::array<int, kCells> best0;
  std::array<int, kCells> best1;
  const std::int8_t* row = rows[0];
  for (std::size_t m = 0; m < kCells; ++m) {
    best0[m] = row[m];
    best1[m] = row[kWidth + m];
  }
  if (n == 1) return best1[M];
  for (std::size_t s = 1; s + 1 < n; ++s) {
    row = rows[s];
    std::array<int, kCells> next0;
    std::array<int, kCells> next1;
    for (std::size_t m = 0; m < kCells; ++m) {
      int v0 = kKeptNone;
      int v1 = kKeptNone;
      for (std::size_t k = 0; k <= m; ++k) {
        v0 = std::max(v0, best0[m - k] + row[k]);
        v1 = std::max(v1, std::max(best0[m - k] + row[kWidth + k], best1[m - k] + row[k]));
      }
      next0[m] = v0;
      next1[m] = v1;
    }
    best0 = next0;
    best1 = next1;
  }
  row = rows[n - 1];
  int kept = kKeptNone;
  for (std::size_t k = 0; k < kCells; ++k) {
    kept = std::max(kept, std::max(best0[M - k] + row[kWidth + k], best1[M - k] + row[k]));
  }
  return kept;
}

#endif

/// melds_kept for a meld count known at run time.
int melds_kept_of(int melds, const KeptRows& rows, std::size_t n) {
  static_assert(kTableMaxMelds == 5, "one case per meld count");
  switch (melds) {
    case 0:
      return melds_kept<0>(rows, n);
    case 1:
      return melds_kept<1>(rows, n);
    case 2:
      return melds_kept<2>(rows, n);
    case 3:
      return melds_kept<3>(rows, n);
    case 4:
      return melds_kept<4>(rows, n);
    case 5:
      return melds_kept<5>(rows, n);
    default:
      return kKeptNone;
  }
}

/// What fast_shanten needs to know of a hand once, whichever forms it prices.
struct ShantenHand {
  View view;
  int target = 0;
  /// The kept rows (overflow 0) of the suits a target may use: every suit, or under
  /// hand.missing_suits those of the choice being priced (row_suit: their plan indices).
  KeptRows rows{};
  std::size_t row_count = 0;
  std::array<std::uint8_t, kMaxPlanSuits> row_suit{};
  const Exclusion* exclusion = nullptr;  ///< the lacked suits being priced (missing_suits)
};

/// The hand checks of the shanten fast path; false: the search answers.
bool shanten_hand(const Plan& plan, const Hand& hand, ShantenHand& out) {
  if (!plan.shanten_ok || plan.forms.size() > 32) return false;
  if (hand.meld_count != 0) return false;
  if (plan.missing_suits != 0 && plan.exclusions.empty()) return false;
  make_view(plan, hand, out.view);
  const View& view = out.view;
  // A wild meldable kind has no natural copy to keep: its slots are wildcard-only, which the
  // kept tables (natural limit = copies) do not model.
  if (view.wild_meldable) return false;
  if (plan.restricted && view.wildcards != 0) return false;
  if (view.size < 1 || view.size > plan.hand_tiles || view.size % 3 == 0) return false;
  out.target = view.concealed + (view.size % 3 == 2 ? 0 : 1);
  const auto& tables = plan.kept();
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    out.rows[s] = tables[s] + std::size_t{view.keys[s]} * kKeptStride;
    prefetch(out.rows[s]);
  }
  out.row_count = plan.suit_count;
  return true;
}

constexpr int kDeclined = -1;  ///< a form_cost result: the search must answer

/// Most naturals the standard form keeps when up to `usable` slots may lie beyond the copies
/// (exceed_copies: a held wildcard fills each), kDeclined when some suit's overflow rows are not
/// built. Overflow adds up over the suits, so this is the best over every split of `usable`
/// among the suits whose key gains from it (rare: a tile held four times, see OverflowKept);
/// the other suits keep their overflow-0 row at any overflow. `base` and `keys`: the suits'
/// overflow-0 rows (by sh's row order) and keys (by plan suit), sh.rows and sh.view.keys but
/// for the knitted form's rest.
int overflow_melds_kept(const Plan& plan, const ShantenHand& sh, const KeptRows& base,
                        const std::array<std::uint32_t, kMaxPlanSuits>& keys, int melds,
                        int usable) {
  const auto& tables = plan.overflow();
  const std::size_t n = sh.row_count;
  std::array<const std::int8_t*, kMaxPlanSuits> gain_rows{};
  std::array<std::size_t, kMaxPlanSuits> gain_suit{};  // index into sh.rows
  std::array<int, kMaxPlanSuits> depth{};
  std::size_t gains = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t s = sh.exclusion != nullptr ? sh.row_suit[i] : i;
    const OverflowKept& table = *tables[s];
    if (!table.available) return kDeclined;
    if (table.depth == 0) continue;
    const std::int8_t* rows = table.rows_of(keys[s]);
    if (rows == nullptr) continue;
    gain_rows[gains] = rows;
    gain_suit[gains] = i;
    depth[gains] = std::min(table.depth, usable);
    ++gains;
  }
  if (gains == 0) return melds_kept_of(melds, base, n);
  // Every split (o_0, ..., o_{gains-1}) with o_i <= depth_i and sum <= usable, by an odometer.
  std::array<int, kMaxPlanSuits> split{};
  KeptRows rows = base;
  int best = kKeptNone;
  while (true) {
    int total = 0;
    for (std::size_t g = 0; g < gains; ++g) {
      total += split[g];
      rows[gain_suit[g]] =
          split[g] == 0 ? base[gain_suit[g]]
                        : gain_rows[g] + static_cast<std::size_t>(split[g] - 1) * kKeptStride;
    }
    if (total <= usable) best = std::max(best, melds_kept_of(melds, rows, n));
    std::size_t g = 0;
    while (g < gains && split[g] == depth[g]) split[g++] = 0;
    if (g == gains) break;
    ++split[g];
  }
  return best;
}

/// Wildcards a form may use in a target: none for `wildcards: false`, at most max_in_win.
int usable_wildcards(const Plan& plan, const FormSpec& form, int wildcards) {
  if (!form.wildcards) return 0;
  return plan.max_in_win == 0 ? wildcards : std::min(wildcards, plan.max_in_win);
}

/// Most naturals the rest of the knit keeps, one pair and `melds` (0 or 1) melds, from one kept
/// row per suit (overflow 0): the meld and the pair in one suit, or in two (scalar, as the
/// (max, +) combination of melds_kept_of: a suit placing nothing keeps 0).
int rest_kept(const KeptRows& rows, std::size_t n, int melds) {
  constexpr std::size_t kPair = kTableMaxMelds + 1;
  int best = kKeptNone;
  if (melds == 0) {
    for (std::size_t s = 0; s < n; ++s) best = std::max(best, static_cast<int>(rows[s][kPair]));
    return best;
  }
  // The best meld-only and pair-only suits, and the runners-up, for the split across suits.
  int meld1 = kKeptNone;
  int meld2 = kKeptNone;
  int pair1 = kKeptNone;
  int pair2 = kKeptNone;
  std::size_t meld_suit = n;
  std::size_t pair_suit = n;
  for (std::size_t s = 0; s < n; ++s) {
    const int meld = rows[s][1];
    const int pair = rows[s][kPair];
    best = std::max(best, static_cast<int>(rows[s][kPair + 1]));
    if (meld > meld1) {
      meld2 = meld1;
      meld1 = meld;
      meld_suit = s;
    } else {
      meld2 = std::max(meld2, meld);
    }
    if (pair > pair1) {
      pair2 = pair1;
      pair1 = pair;
      pair_suit = s;
    } else {
      pair2 = std::max(pair2, pair);
    }
  }
  const int split = meld_suit != pair_suit ? meld1 + pair1 : std::max(meld1 + pair2, meld2 + pair1);
  return std::max(best, split);
}

/// Exchanges of the knitted form (组合龙), as shanten.cpp's knitted_exchanges: per assignment
/// of 147/258/369 to the knit suits, the knit keeps one copy of each of its tiles the hand
/// holds, the rest of the target (M melds and the pair) keeps what the kept rows give for the
/// hand less those copies (overflow rows with usable wildcards, uncapped), and the exchanges
/// are target − both − usable. Exact while the rest never asks a knit tile for more than the
/// three copies the knit leaves: four copies and M ≤ 1, where a meld and the pair ask one tile
/// 0, 1, 2, 3 or 5 times, and 5 (a pung and the pair on one tile, overflow) keeps no more than
/// the pung with the pair on another tile. Declined: M ≥ 2 (17-tile targets: a pung and a chow
/// could ask a knit tile four times), `pair_wildcards` other than `any` with usable wildcards
/// (the knit suits' copies are checked by SpecialForm::shanten_modelled).
int knitted_cost(const Plan& plan, const FormPlan& fp, const ShantenHand& sh, int usable) {
  const int rest = sh.target - 3 * kKnitClasses - 2;
  if (rest < 0 || rest % 3 != 0) return kNoShanten;
  const int melds = rest / 3;
  if (melds > 1 || sh.exclusion != nullptr) return kDeclined;
  if (usable > 0 && fp.spec->pair_wildcards != PairWildcards::any) return kDeclined;
  const bool overflow = usable > 0 && !plan.capped;
  const View& view = sh.view;
  const auto& tables = plan.kept();
  const auto& first = fp.special.knit_first();
  // Per knit suit k and class c: the copies the knit keeps and the rest's key, from the suit's
  // held ranks (a 9-bit mask; the knit suits are ranks 1-9, so rank r's key step is 5^r).
  constexpr std::size_t kClasses = kKnitClasses;
  constexpr std::size_t kMasks = std::size_t{1} << 9;
  // detail::kRanksByClass[mask]: the held ranks of each class; kSteps[c][mask]: their key steps.
  static constexpr std::array<std::array<std::uint32_t, kMasks>, kClasses> kSteps = [] {
    std::array<std::array<std::uint32_t, kMasks>, kClasses> steps{};
    for (std::size_t m = 0; m < kMasks; ++m) {
      std::uint32_t step = 1;
      for (std::size_t r = 0; r < 9; ++r, step *= 5) {
        if ((m >> r & 1U) != 0) steps[r % 3][m] += step;
      }
    }
    return steps;
  }();
  TileMask one = 0;  // the kinds held
  for (std::size_t w = 0; w < kWords; ++w) {
    one |= gather_high_bits(bytes_at_least(view.word(w), 1)) << (8 * w);
  }
  std::array<std::array<int, kClasses>, kClasses> knit{};
  std::array<std::array<std::uint32_t, kClasses>, kClasses> rest_keys{};
  std::array<std::size_t, kClasses> suit{};
  for (std::size_t k = 0; k < kClasses; ++k) {
    const std::size_t s = plan.suit_of[first[k]];
    suit[k] = s;
    const auto ranks = static_cast<std::size_t>((one >> first[k]) & (kMasks - 1));
    for (std::size_t c = 0; c < kClasses; ++c) {
      knit[k][c] = (detail::kRanksByClass[ranks] >> (4 * c)) & 15;
      rest_keys[k][c] = view.keys[s] - kSteps[c][ranks];
    }
  }
  const auto row_of = [&](std::size_t p, std::size_t k) {
    const auto c = static_cast<std::size_t>(kKnitAssignments[p][k]);
    return tables[suit[k]] + std::size_t{rest_keys[k][c]} * kKeptStride;
  };
  // Assignments by the knit's kept, most first, so that the bound ends the loop early (on
  // random mcr hands after 1.4 assignments on average: only the first two are prefetched).
  constexpr std::size_t kAssignments = kKnitAssignments.size();
  std::array<int, kAssignments> total{};
  std::array<std::size_t, kAssignments> order{};
  for (std::size_t p = 0; p < kAssignments; ++p) {
    for (std::size_t k = 0; k < kClasses; ++k) {
      total[p] += knit[k][static_cast<std::size_t>(kKnitAssignments[p][k])];
    }
    std::size_t i = p;
    for (; i > 0 && total[order[i - 1]] < total[p]; --i) order[i] = order[i - 1];
    order[i] = p;
  }
  for (std::size_t k = 0; k < kClasses; ++k) {
    prefetch(row_of(order[0], k));
    prefetch(row_of(order[1], k));
  }
  // The whole hand's kept bounds the rest's under every assignment (fewer tiles keep less).
  const int bound = overflow ? overflow_melds_kept(plan, sh, sh.rows, view.keys, melds, usable)
                             : rest_kept(sh.rows, sh.row_count, melds);
  if (bound == kDeclined) return kDeclined;
  if (bound < 0) return kNoShanten;
  int best = kKeptNone;
  for (const std::size_t p : order) {
    if (total[p] + bound <= best) break;
    KeptRows rows = sh.rows;
    for (std::size_t k = 0; k < kClasses; ++k) rows[suit[k]] = row_of(p, k);
    int kept = 0;
    if (overflow) {
      std::array<std::uint32_t, kMaxPlanSuits> keys = view.keys;
      for (std::size_t k = 0; k < kClasses; ++k) {
        keys[suit[k]] = rest_keys[k][static_cast<std::size_t>(kKnitAssignments[p][k])];
      }
      kept = overflow_melds_kept(plan, sh, rows, keys, melds, usable);
    } else {
      kept = rest_kept(rows, sh.row_count, melds);
    }
    if (kept == kDeclined) return kDeclined;
    if (kept >= 0) best = std::max(best, total[p] + kept);
  }
  if (best < 0) return kNoShanten;
  return sh.target - best - usable;
}

/// Exchanges of a pairs form with one pung beside the pairs (taiwan's 嚦咕嚦咕: seven pairs and
/// a pung), or kDeclined. Without usable wildcards a target holds the pung and the pairs on
/// distinct kinds (a pung and a pair of one kind would be five copies), so it keeps min(3, n) of
/// the pung's kind and, of every other kind, what its pairs keep: min(2, n) for one pair, or
/// with four of a kind as two pairs n's pairs and a single toward one more. The pung goes on a
/// kind held 4, 3, 2, 1 or 0 times (the best of each count is alike), and the pairs take the
/// best of the other kinds: full pairs first, then singles (fresh kinds abound, form_support).
/// With usable wildcards a slot beyond the copies could put both on one kind: the search
/// answers.
int pairs_and_pung_cost(const FormSpec& form, const View& view, const ShantenHand& sh, int usable) {
  if (usable != 0 || sh.exclusion != nullptr || form.pungs != 1) return kDeclined;
  const Tally counts = tally(view);
  const std::array<int, 5>& by = counts.by_count;
  const int pairs = form.pairs;
  const auto pairs_kept = [pairs](int full_pairs, int singles) {
    const int full = std::min(pairs, full_pairs);
    return 2 * full + std::min(pairs - full, singles);
  };
  // Full pairs and singles of each count when no pung takes the kind.
  const bool split = form.four_as_two_pairs;
  const std::array<int, 5> full_of = {0, 0, 1, 1, split ? 2 : 1};
  const std::array<int, 5> single_of = {0, 1, 0, split ? 1 : 0, 0};
  int full_pairs = 0;
  int singles = 0;
  for (std::size_t n = 1; n <= 4; ++n) {
    full_pairs += by[n] * full_of[n];
    singles += by[n] * single_of[n];
  }
  int kept = pairs_kept(full_pairs, singles);  // the pung on a fresh kind
  for (std::size_t n = 1; n <= 4; ++n) {
    if (by[n] == 0) continue;
    kept = std::max(kept, std::min(3, static_cast<int>(n)) +
                              pairs_kept(full_pairs - full_of[n], singles - single_of[n]));
  }
  return sh.target - kept;
}

/// Exchanges (shanten + 1) of one modelled form, kNoShanten where it cannot apply or complete,
/// kDeclined where the tables do not model this hand.
///
/// With U usable wildcards, every slot of a target the naturals held do not fill is a draw or a
/// wildcard, so the exchanges are (target size - naturals kept) - U. The wildcards fill any slot;
/// the only limit is the definition's (shanten.cpp): slots beyond a tile's copies (overflow) are
/// wildcards, at most U of them, and none at all with capped copies. The pairs and set forms
/// never gain from overflow (a tile keeps at most its copies, which two pairs or the set's one
/// or two copies already reach, and fresh kinds abound), so their kept is the natural one; the
/// melds form reads the overflow rows.
int form_cost(const Plan& plan, const Hand& hand, const FormPlan& fp, const ShantenHand& sh) {
  const FormSpec& form = *fp.spec;
  const View& view = sh.view;
  const int target = sh.target;
  const bool whole_hand = form.hand_tiles == target && hand.meld_count == 0;
  const int usable = usable_wildcards(plan, form, view.wildcards);
  switch (form.type) {
    case FormType::wildcards: {
      int supply = plan.jokers;
      for (TileMask bits = hand.wild_tiles; bits != 0; bits &= bits - 1) {
        supply += plan.copies[static_cast<std::size_t>(std::countr_zero(bits))];
      }
      if (form.count > target || supply < form.count) return kNoShanten;
      return std::max(target - view.concealed, form.count - view.wildcards);
    }
    case FormType::melds: {
      if (target < 2 || (target - 2) % 3 != 0) return kNoShanten;
      const int melds = (target - 2) / 3;
      int kept = kKeptNone;  // stays so when every suit is lacked: not even the pair fits
      if (sh.row_count != 0 && (usable == 0 || plan.capped)) {
        kept = melds_kept_of(melds, sh.rows, sh.row_count);
      } else if (sh.row_count != 0) {
        kept = overflow_melds_kept(plan, sh, sh.rows, sh.view.keys, melds, usable);
        if (kept == kDeclined) return kDeclined;
      }
      if (kept < 0) return kNoShanten;
      return target - kept - usable;
    }
    case FormType::pairs: {
      if (!whole_hand) return kNoShanten;
      if (form.pungs != 0) return pairs_and_pung_cost(form, view, sh, usable);
      // Kept: a full pair from each kind of two copies or more (two from four, when four of a
      // kind is two pairs), then one tile from each single, up to the pairs. Exact when the
      // kinds a target may use (all of four copies, form_support) are at least the pairs: the
      // kinds held are at most twos + ones, so the pairs left over always find fresh kinds.
      const std::uint64_t* keep = sh.exclusion != nullptr ? sh.exclusion->keep.data() : nullptr;
      if (keep != nullptr && sh.exclusion->kinds < form.pairs) return kDeclined;
      int twos = 0;
      int ones = 0;
      if (form.four_as_two_pairs) {
        // Pairs are the counts halved, singles the odd counts: (naturals - odd) / 2 and odd.
        int naturals = view.concealed - view.wildcards;
        int odd = view.odd;
        if (keep != nullptr) {
          std::uint64_t sum = 0;
          std::uint64_t odd_bytes = 0;
          for (std::size_t w = 0; w < kWords; ++w) {
            const std::uint64_t x = view.word(w) & keep[w];
            sum += x;
            odd_bytes += x & kOnes;
          }
          naturals = byte_sum(sum);
          odd = byte_sum(odd_bytes);
        }
        twos = (naturals - odd) / 2;
        ones = odd;
      } else {
        std::uint64_t at_least_two = 0;
        std::uint64_t single = 0;
        for (std::size_t w = 0; w < kWords; ++w) {
          const std::uint64_t x = keep != nullptr ? view.word(w) & keep[w] : view.word(w);
          const std::uint64_t high = ((x >> 1) | (x >> 2)) & kOnes;  // counts 2..4
          at_least_two += high;
          single += x & kOnes & ~high;
        }
        twos = byte_sum(at_least_two);
        ones = byte_sum(single);
      }
      const int pairs = form.pairs;
      const int full = std::min(pairs, twos);
      return 2 * pairs - 2 * full - std::min(pairs - full, ones) - usable;
    }
    case FormType::set: {
      if (!whole_hand) return kNoShanten;
      // A lacked suit holds no target tile: a set touching it cannot complete.
      if (sh.exclusion != nullptr && (fp.set & sh.exclusion->tiles) != 0) return kNoShanten;
      // Kept: one of each set tile held, and a second of one held twice or more.
      std::uint64_t held = 0;
      std::uint64_t doubled = 0;
      for (std::size_t w = 0; w < kWords; ++w) {
        const std::uint64_t x = view.word(w);
        held += (x | (x >> 1) | (x >> 2)) & fp.set_ones[w];
        doubled |= ((x >> 1) | (x >> 2)) & fp.set_ones[w];
      }
      const int missing = fp.set_size - byte_sum(held);
      return missing + (doubled != 0 ? 0 : 1) - usable;
    }
    case FormType::knitted:
      return knitted_cost(plan, fp, sh, usable);
    case FormType::singles: {
      // A whole-hand shape; SpecialForm::singles_kept says how much a target keeps.
      if (!whole_hand) return kNoShanten;
      if (sh.exclusion != nullptr) return kDeclined;
      const int kept = fp.special.singles_kept(view.counts);
      return kept < 0 ? kNoShanten : target - kept - usable;
    }
    default:
      return kDeclined;
  }
}

/// Shanten by form for hands the tables model, each passed to visit(form position, shanten)
/// (kNoShanten where a form does not apply or cannot complete); unknown otherwise, possibly after
/// some visits (the caller then discards them).
template <class Visit>
Answer fast_shanten(const Plan& plan, const Hand& hand, Visit&& visit) {
  ShantenHand sh;
  if (!shanten_hand(plan, hand, sh)) return Answer::unknown;
  bool any = false;
  if (plan.missing_suits == 0) {
    for (std::size_t i = 0; i < plan.forms.size(); ++i) {
      const int cost = form_cost(plan, hand, plan.forms[i], sh);
      if (cost == kDeclined) return Answer::unknown;
      visit(i, cost >= kNoShanten ? kNoShanten : cost - 1);
      any = any || cost < kNoShanten;
    }
    return any ? Answer::yes : Answer::unknown;  // no form at all: the search throws
  }
  // hand.missing_suits: per form, the least over the choices of lacked suits.
  std::array<int, 32> least;
  least.fill(kNoShanten);
  const KeptRows rows = sh.rows;
  for (const Exclusion& ex : plan.exclusions) {
    // A lacked suit places nothing and keeps nothing: it leaves the combination.
    sh.exclusion = &ex;
    sh.row_count = 0;
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      if ((ex.suits >> s & 1U) != 0) continue;
      sh.rows[sh.row_count] = rows[s];
      sh.row_suit[sh.row_count++] = static_cast<std::uint8_t>(s);
    }
    for (std::size_t i = 0; i < plan.forms.size(); ++i) {
      const int cost = form_cost(plan, hand, plan.forms[i], sh);
      if (cost == kDeclined) return Answer::unknown;
      least[i] = std::min(least[i], cost);
    }
  }
  for (std::size_t i = 0; i < plan.forms.size(); ++i) {
    visit(i, least[i] >= kNoShanten ? kNoShanten : least[i] - 1);
    any = any || least[i] < kNoShanten;
  }
  return any ? Answer::yes : Answer::unknown;
}

/// Shanten by form into `by_form` (kNoShanten where a form does not apply or cannot complete).
Answer fast_shanten(const Plan& plan, const Hand& hand, std::array<int, 32>& by_form) {
  return fast_shanten(plan, hand, [&](std::size_t i, int shanten) { by_form[i] = shanten; });
}

}  // namespace

bool is_win(const RuleSet& rules, const Hand& hand) {
  const Answer fast = fast_is_win(plan_of(rules), hand);
  if (fast != Answer::unknown) return fast == Answer::yes;
  return Decomposition(rules, hand).wins();
}

int shanten_number(const RuleSet& rules, const Hand& hand) {
  int best = kNoShanten;
  const auto keep_least = [&best](std::size_t, int shanten) { best = std::min(best, shanten); };
  if (fast_shanten(plan_of(rules), hand, keep_least) == Answer::yes) return best;
  return compute_shanten(rules, hand).shanten;
}

int form_shanten(const RuleSet& rules, const Hand& hand, std::size_t form) {
  const Plan& plan = plan_of(rules);
  // One form priced alone: when it completes, some form applies, so the search would not throw
  // and its entry for this form is this one.
  ShantenHand sh;
  if (plan.missing_suits == 0 && shanten_hand(plan, hand, sh)) {
    for (const FormPlan& fp : plan.forms) {
      if (fp.index != form) continue;
      const int cost = form_cost(plan, hand, fp, sh);
      if (cost != kDeclined && cost < kNoShanten) return cost - 1;
      break;
    }
  }
  std::array<int, 32> by_form{};
  if (fast_shanten(plan, hand, by_form) == Answer::yes) {
    for (std::size_t i = 0; i < plan.forms.size(); ++i) {
      if (plan.forms[i].index == form) return by_form[i];
    }
    return kNoShanten;
  }
  return compute_shanten(rules, hand).of_form(form, kNoShanten);
}

TileMask wait_mask(const RuleSet& rules, const Hand& hand) {
  TileMask fast = 0;
  if (fast_wait_mask(plan_of(rules), hand, fast) == Answer::yes) return fast;
  TileMask mask = 0;
  for (const WaitTile& wait : compute_waits(rules, hand, nullptr).tiles)
    mask |= tile_bit(wait.tile);
  return mask;
}

bool answered_by_tables(const RuleSet& rules, const Hand& hand, Query query) {
  const Plan& plan = plan_of(rules);
  switch (query) {
    case Query::win:
      return fast_is_win(plan, hand) != Answer::unknown;
    case Query::shanten: {
      std::array<int, 32> by_form{};
      return fast_shanten(plan, hand, by_form) == Answer::yes;
    }
    case Query::waits: {
      TileMask mask = 0;
      return fast_wait_mask(plan, hand, mask) == Answer::yes;
    }
  }
  return false;
}

}  // namespace meldgraph
