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
/// than its least is that least plus wildcard-only melds. Shanten without usable wildcards:
/// the most naturals a target of M melds and one pair keeps is the best split of (melds, pair)
/// over the suits of kept(suit, m, p), and the shanten is 3M + 2 - kept - 1.

#include "meldgraph/queries.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/shanten.hpp"
#include "meldgraph/suit_tables.hpp"

namespace meldgraph {
namespace {

enum class Answer : std::uint8_t { no, yes, unknown };

/// Most meldable suits a plan handles (standard sets have four).
constexpr std::size_t kMaxPlanSuits = 8;
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
  std::vector<SuitPlan> suits;
  std::array<std::uint8_t, kMaxTileKinds> suit_of{};  ///< meldable tile -> index into suits
  std::array<std::uint8_t, kMaxTileKinds> rank_of{};  ///< meldable tile -> rank index
  std::array<std::uint8_t, kMaxTileKinds> copies{};   ///< every tile kind's copies
  std::vector<FormPlan> forms;

  // The suits' tables, fetched (and built) on first use; `*_ready` is the lock-free read.
  mutable std::once_flag win_once;
  mutable std::atomic<bool> win_ready{false};
  mutable std::array<const std::uint8_t*, kMaxPlanSuits> win_tables{};
  mutable std::once_flag kept_once;
  mutable std::atomic<bool> kept_ready{false};
  mutable std::array<const std::uint8_t*, kMaxPlanSuits> kept_tables{};

  [[nodiscard]] const std::array<const std::uint8_t*, kMaxPlanSuits>& win() const {
    if (!win_ready.load(std::memory_order_acquire)) {
      std::call_once(win_once, [this] {
        for (std::size_t s = 0; s < suits.size(); ++s) {
          win_tables[s] = suits[s].tables->win(capped);
        }
        win_ready.store(true, std::memory_order_release);
      });
    }
    return win_tables;
  }
  [[nodiscard]] const std::array<const std::uint8_t*, kMaxPlanSuits>& kept() const {
    if (!kept_ready.load(std::memory_order_acquire)) {
      std::call_once(kept_once, [this] {
        for (std::size_t s = 0; s < suits.size(); ++s) kept_tables[s] = suits[s].tables->kept();
        kept_ready.store(true, std::memory_order_release);
      });
    }
    return kept_tables;
  }
};

/// The whitelist: what the tables model of each form type. Unknown types (added after this was
/// written) are not modelled.
FormPlan form_support(const Plan& plan, const RuleSet& rules, const FormSpec& form) {
  FormPlan result;
  result.spec = &form;
  const bool plain_pairs = form.pair_tiles == 0 && form.pair_wildcards == PairWildcards::any;
  switch (form.type) {
    case FormType::melds:
      result.win = plain_pairs && form.pairs == 1;
      result.shanten = result.win;
      break;
    case FormType::pairs:
      result.win = plain_pairs && plan.all_copies4;
      result.shanten = result.win && form.pungs == 0 &&
                       static_cast<int>(plan.meldable) >= rules.hand_tiles() + form.pairs;
      break;
    case FormType::set: {
      bool ok = true;
      for (const TileId t : form.set_tiles) ok = ok && t < plan.meldable && plan.copies[t] >= 2;
      result.win = ok;
      result.shanten = ok;
      break;
    }
    case FormType::wildcards:
      result.win = true;
      result.shanten = true;
      break;
    default:
      break;
  }
  return result;
}

std::shared_ptr<const Plan> build_plan(const RuleSet& rules) {
  auto plan = std::make_shared<Plan>();
  plan->capped = !rules.wildcards().exceed_copies;
  plan->max_in_win = rules.wildcards().max_in_win;
  plan->missing_suits = rules.missing_suits();
  plan->hand_tiles = rules.hand_tiles();
  plan->jokers = rules.wildcards().jokers;
  plan->exhausted_waits = rules.exhausted_waits();
  plan->meldable = rules.meldable_count();
  for (TileId t = 0; t < rules.tile_count(); ++t) plan->copies[t] = rules.tile(t).copies;
  int copies3 = 0;
  for (TileId t = 0; t < plan->meldable; ++t) {
    const TileInfo& info = rules.tile(t);
    plan->meldable_mask |= tile_bit(t);
    if (info.copies >= 2) plan->copies2_mask |= tile_bit(t);
    if (info.copies >= 3) plan->copies3_mask |= tile_bit(t);
    copies3 += info.copies >= 3 ? 1 : 0;
    plan->all_copies4 = plan->all_copies4 && info.copies == 4;
    const bool first = t == 0 || info.suit != rules.tile(static_cast<TileId>(t - 1)).suit;
    if (first) {
      const SuitInfo& suit = rules.suits()[info.suit];
      SuitPlan sp;
      sp.first = t;
      sp.sequence_suit = suit.sequences && !suit.bonus;
      plan->suits.push_back(sp);
    }
    SuitPlan& sp = plan->suits.back();
    plan->suit_of[t] = static_cast<std::uint8_t>(plan->suits.size() - 1);
    plan->rank_of[t] = static_cast<std::uint8_t>(sp.ranks);
    ++sp.ranks;
  }
  plan->capped_ample = copies3 >= kAmpleKinds;
  if (plan->suits.size() > kMaxPlanSuits) plan->suits_ok = false;
  // Keys are read nine ranks at a time from a kMaxTileKinds array (make_view).
  if (std::size_t{plan->meldable} + kTableMaxRanks > kMaxTileKinds) plan->suits_ok = false;
  for (SuitPlan& sp : plan->suits) {
    if (!plan->suits_ok) break;
    const TileInfo& info = rules.tile(sp.first);
    const SuitInfo& suit = rules.suits()[info.suit];
    bool ok = sp.ranks <= kTableMaxRanks;
    for (int r = 0; ok && r < sp.ranks; ++r) {
      const TileInfo& tile = rules.tile(static_cast<TileId>(sp.first + r));
      ok = tile.copies == info.copies && tile.copies >= 1 && tile.copies <= kTableMaxCopies;
      // A sequence suit's tiles must chain rank by rank, as the table's chows assume.
      if (suit.sequences && r + 1 < sp.ranks) ok = ok && tile.next == sp.first + r + 1;
      if (!suit.sequences) ok = ok && tile.next == kNoTile;
    }
    if (!ok) {
      plan->suits_ok = false;
      break;
    }
    sp.tables = &SuitTables::of(SuitShape{sp.ranks, suit.sequences, info.copies});
    for (int r = 0; r < sp.ranks; ++r) sp.steps[static_cast<std::size_t>(r)] = sp.tables->step(r);
  }
  plan->win_ok = plan->suits_ok && (!plan->capped || plan->capped_ample);
  plan->waits_ok = plan->win_ok;
  plan->shanten_ok = plan->suits_ok;
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (!form.enabled) continue;
    FormPlan fp = form_support(*plan, rules, form);
    fp.index = f;
    plan->waits_ok = plan->waits_ok && fp.win;
    plan->shanten_ok = plan->shanten_ok && fp.shanten;
    plan->forms.push_back(fp);
  }
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

struct View {
  int concealed = 0;           ///< concealed tiles, wildcards included
  int size = 0;                ///< concealed plus three per declared meld
  int wildcards = 0;           ///< concealed jokers and wild tiles
  bool wild_meldable = false;  ///< some meldable kind is wild in this hand
  TileCounts naturals{};       ///< natural concealed meldable tiles
  std::array<std::uint32_t, kMaxPlanSuits> keys{};
};

void make_view(const Plan& plan, const Hand& hand, View& view) {
  const TileMask wild_meldable = hand.wild_tiles & plan.meldable_mask;
  view.wild_meldable = wild_meldable != 0;
  std::memcpy(view.naturals.data(), hand.counts.data(), plan.meldable);
  // Byte sums eight at a time (a hand's counts add up to far less than 256 per word).
  int total = 0;
  for (std::size_t w = 0; w < kMaxTileKinds / 8; ++w) {
    std::uint64_t x = 0;
    std::memcpy(&x, view.naturals.data() + 8 * w, 8);
    total += static_cast<int>((x * 0x0101010101010101ULL) >> 56);
  }
  int wild = hand.jokers;
  for (TileMask bits = hand.wild_tiles; bits != 0; bits &= bits - 1) {
    const auto t = static_cast<TileId>(std::countr_zero(bits));
    wild += hand.counts[t];
    if (t < plan.meldable) {
      view.naturals[t] = 0;  // a wildcard, still counted in `total`
    } else {
      total += hand.counts[t];  // a wild bonus kind is concealed too
    }
  }
  view.wildcards = wild;
  view.concealed = total + hand.jokers;
  view.size = view.concealed + 3 * hand.meld_count;
  for (std::size_t s = 0; s < plan.suits.size(); ++s) {
    const SuitPlan& sp = plan.suits[s];
    // Steps past the suit's ranks are zero, so a fixed nine-rank loop (unrolled) reads the tiles
    // of the next suit times zero; naturals has room past the last suit.
    const std::uint8_t* counts = view.naturals.data() + sp.first;
    std::uint32_t key = 0;
    for (std::size_t r = 0; r < kTableMaxRanks; ++r) key += counts[r] * sp.steps[r];
    view.keys[s] = key;
  }
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
  unsigned present = 0;
  const TileCounts declared = declared_naturals(hand);
  for (TileId t = 0; t < plan.meldable; ++t) {
    if (hand.counts[t] + declared[t] != 0) present |= 1U << plan.suit_of[t];
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
  std::array<int, 5> by_count{};  ///< kinds holding 0..4 natural copies (more counts as 4)
  TileMask nonzero = 0;
};

/// High bit of each byte of `x` that equals zero (exact, no borrow between bytes).
constexpr std::uint64_t zero_bytes(std::uint64_t x) {
  constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  return ~(((x & kLow7) + kLow7) | x | kLow7);
}

/// Eight high bits (one per byte) gathered into the low byte.
constexpr std::uint64_t gather_high_bits(std::uint64_t high) {
  return ((high >> 7) * 0x0102040810204080ULL) >> 56;
}

/// Counted eight tiles at a time: `naturals` is zero past the meldable tiles and no count
/// exceeds 4 (the copies of a table suit).
Tally tally(const TileCounts& naturals) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  Tally result;
  for (std::size_t w = 0; w < kMaxTileKinds / 8; ++w) {
    std::uint64_t x = 0;
    std::memcpy(&x, naturals.data() + 8 * w, 8);
    const std::uint64_t zero = zero_bytes(x);
    result.nonzero |= (gather_high_bits(zero) ^ 0xFFU) << (8 * w);
    for (std::uint64_t v = 1; v <= 4; ++v) {
      // Bytes equal to v, counted by summing their flags (no popcount instruction is assumed).
      const std::uint64_t flags = zero_bytes(x ^ (v * kOnes)) >> 7;
      result.by_count[v] += static_cast<int>((flags * kOnes) >> 56);
    }
  }
  result.by_count[0] = static_cast<int>(kMaxTileKinds) - result.by_count[1] - result.by_count[2] -
                       result.by_count[3] - result.by_count[4];
  return result;
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

/// A set form (thirteen orphans): naturals only on the set, at most two of a tile and one pair.
Answer set_win(const FormSpec& form, const TileCounts& naturals, TileMask nonzero) {
  TileMask set = 0;
  int doubles = 0;
  for (const TileId t : form.set_tiles) {
    set |= tile_bit(t);
    if (naturals[t] > 2) return Answer::no;
    doubles += naturals[t] == 2 ? 1 : 0;
  }
  if ((nonzero & ~set) != 0 || doubles > 1) return Answer::no;
  return Answer::yes;
}

/// The standard form from the suits' win entries: see the file comment.
bool melds_win(const std::uint8_t* entries, std::size_t suits, int wildcards) {
  int sum0 = 0;
  int delta = 2;
  for (std::size_t s = 0; s < suits; ++s) {
    const int f0 = entries[s] & 15;
    const int f1 = entries[s] >> 4;
    sum0 += f0;
    delta = std::min(delta, f1 - f0);
  }
  return sum0 + delta <= wildcards;
}

/// Wildcards the form may use, or -1 when the hand's wildcards keep it from matching.
int form_wildcards(const FormSpec& form, int wildcards) {
  return !form.wildcards && wildcards > 0 ? -1 : wildcards;
}

Answer fast_is_win(const Plan& plan, const Hand& hand) {
  if (!plan.win_ok) return Answer::unknown;
  View view;
  make_view(plan, hand, view);
  if (view.size % 3 != 2 || view.size > plan.hand_tiles) return Answer::unknown;  // it throws
  if (view.wildcards >= kWinSaturated) return Answer::unknown;
  if (plan.capped && hand.meld_count != 0) return Answer::unknown;  // declared copies cap
  const bool refused = (plan.max_in_win != 0 && view.wildcards > plan.max_in_win) ||
                       (plan.missing_suits != 0 &&
                        lacking_suits(plan, present_suits(plan, hand)) < plan.missing_suits);
  bool have_tally = false;
  Tally counts;
  Answer answer = Answer::no;
  for (const FormPlan& fp : plan.forms) {
    const FormSpec& form = *fp.spec;
    if (!applies(form, view.concealed, hand)) continue;
    if (refused && form.type != FormType::wildcards) continue;
    if (!fp.win) {
      // Only the search knows this form; another form may still win here.
      answer = Answer::unknown;
      continue;
    }
    const int wildcards = form_wildcards(form, view.wildcards);
    if (wildcards < 0) continue;
    Answer here = Answer::no;
    switch (form.type) {
      case FormType::melds: {
        const auto& tables = plan.win();
        std::array<std::uint8_t, kMaxPlanSuits> entries{};
        for (std::size_t s = 0; s < plan.suits.size(); ++s) entries[s] = tables[s][view.keys[s]];
        here = melds_win(entries.data(), plan.suits.size(), wildcards) ? Answer::yes : Answer::no;
        break;
      }
      case FormType::pairs:
        if (!have_tally) counts = tally(view.naturals);
        have_tally = true;
        here = pairs_win(plan, form, counts, wildcards);
        break;
      case FormType::set:
        if (!have_tally) counts = tally(view.naturals);
        have_tally = true;
        here = set_win(form, view.naturals, counts.nonzero);
        break;
      case FormType::wildcards:
        here = wildcards >= form.count ? Answer::yes : Answer::no;
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

Answer fast_wait_mask(const Plan& plan, const Hand& hand, TileMask& mask) {
  if (!plan.waits_ok || plan.exhausted_waits) return Answer::unknown;
  View view;
  make_view(plan, hand, view);
  if (view.size % 3 != 1 || view.size > plan.hand_tiles) return Answer::unknown;  // it throws
  if (view.wildcards >= kWinSaturated) return Answer::unknown;
  if (plan.capped && hand.meld_count != 0) return Answer::unknown;
  if (plan.missing_suits != 0 && hand.meld_count != 0) return Answer::unknown;
  // compute_waits throws when no form can complete the hand; a standard form over plenty of
  // kinds always can.
  const int open_kinds = std::popcount(plan.copies3_mask & ~hand.wild_tiles);
  bool reachable = false;
  const int target = view.concealed + 1;
  for (const FormPlan& fp : plan.forms) {
    const FormSpec& form = *fp.spec;
    reachable = reachable || (form.type == FormType::melds && form.hand_tiles == 0 &&
                              form.pairs == 1 && (target - 2) % 3 == 0 && open_kinds >= 17);
  }
  if (!reachable) return Answer::unknown;

  // Drawable candidates: natural meldable kinds with a copy not held anywhere.
  TileMask candidates = plan.meldable_mask & ~hand.wild_tiles;
  TileCounts declared{};
  if (hand.meld_count != 0) declared = declared_naturals(hand);
  for (TileId t = 0; t < plan.meldable; ++t) {
    if (hand.counts[t] + declared[t] >= plan.copies[t]) candidates &= ~tile_bit(t);
  }
  const bool too_many = plan.max_in_win != 0 && view.wildcards > plan.max_in_win;
  unsigned present = 0;
  if (plan.missing_suits != 0) present = present_suits(plan, hand);

  // Candidates whose suit choice still lacks enough suits once they are drawn.
  TileMask allowed = candidates;
  if (too_many) allowed = 0;
  if (plan.missing_suits != 0) {
    for (TileId t = 0; t < plan.meldable; ++t) {
      const unsigned with = present | (1U << plan.suit_of[t]);
      if (lacking_suits(plan, with) < plan.missing_suits) allowed &= ~tile_bit(t);
    }
  }

  mask = 0;
  bool have_tally = false;
  Tally counts;
  for (const FormPlan& fp : plan.forms) {
    const FormSpec& form = *fp.spec;
    if (!applies(form, target, hand)) continue;
    const int wildcards = form_wildcards(form, view.wildcards);
    if (wildcards < 0) continue;
    switch (form.type) {
      case FormType::wildcards:
        if (wildcards >= form.count) mask |= candidates;
        break;
      case FormType::melds: {
        if (allowed == 0) break;
        const auto& tables = plan.win();
        const std::size_t n = plan.suits.size();
        std::array<std::uint8_t, kMaxPlanSuits> entries{};
        int sum0 = 0;
        // The two least f1 - f0 over the suits, so that "every other suit" is one comparison.
        int best = 2;
        int second = 2;
        std::size_t best_suit = n;
        for (std::size_t s = 0; s < n; ++s) {
          entries[s] = tables[s][view.keys[s]];
          const int f0 = entries[s] & 15;
          const int delta = (entries[s] >> 4) - f0;
          sum0 += f0;
          if (delta < best) {
            second = best;
            best = delta;
            best_suit = s;
          } else if (delta < second) {
            second = delta;
          }
        }
        for (std::size_t s = 0; s < n; ++s) {
          const int others0 = sum0 - (entries[s] & 15);
          const int other_delta = s == best_suit ? second : best;
          // The drawn suit's entries are at least 0: no tile of it can do better than this.
          if (others0 + std::min(0, other_delta) > wildcards) continue;
          const SuitPlan& sp = plan.suits[s];
          const std::uint8_t* table = tables[s];
          for (int r = 0; r < sp.ranks; ++r) {
            const auto t = static_cast<TileId>(sp.first + r);
            if ((allowed & tile_bit(t)) == 0) continue;
            const std::uint8_t entry = table[view.keys[s] + sp.steps[static_cast<std::size_t>(r)]];
            const int f0 = entry & 15;
            const int f1 = entry >> 4;
            if (others0 + f1 <= wildcards || others0 + f0 + other_delta <= wildcards) {
              mask |= tile_bit(t);
            }
          }
        }
        break;
      }
      case FormType::pairs: {
        if (!have_tally) counts = tally(view.naturals);
        have_tally = true;
        // A draw changes ones + threes by one at most, and a win needs them within the
        // wildcards and pungs (pairs_win): most hands are out of reach at once.
        if (counts.by_count[1] + counts.by_count[3] - 1 > wildcards + form.pungs) break;
        for (TileMask bits = allowed & ~mask; bits != 0; bits &= bits - 1) {
          const auto t = static_cast<TileId>(std::countr_zero(bits));
          Tally drawn = counts;
          const int n = std::min<int>(view.naturals[t], 4);
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
        if (!have_tally) counts = tally(view.naturals);
        have_tally = true;
        TileMask set = 0;
        for (const TileId t : form.set_tiles) set |= tile_bit(t);
        if ((counts.nonzero & ~set) != 0) break;  // a tile outside the set stays
        for (TileMask bits = allowed & set & ~mask; bits != 0; bits &= bits - 1) {
          const auto t = static_cast<TileId>(std::countr_zero(bits));
          TileCounts drawn = view.naturals;
          ++drawn[t];
          if (set_win(form, drawn, counts.nonzero | tile_bit(t)) == Answer::yes) {
            mask |= tile_bit(t);
          }
        }
        break;
      }
      default:
        return Answer::unknown;
    }
  }
  return Answer::yes;
}

// Shanten -------------------------------------------------------------------------------------

constexpr int kImpossible = -1000;

/// Least exchanges of the standard form (one pair, `melds` melds) for a hand of no usable
/// wildcard, from the suits' kept rows; kNoShanten when no target fits.
int melds_exchanges(const Plan& plan, const View& view, int melds) {
  const auto& tables = plan.kept();
  constexpr int kWidth = kTableMaxMelds + 1;
  // best[p * kWidth + m]: most naturals kept by m melds and p pairs in the suits so far.
  std::array<int, kKeptStride> best{};
  best.fill(kImpossible);
  best[0] = 0;
  const std::size_t n = plan.suits.size();
  for (std::size_t s = 0; s < n; ++s) {
    const std::uint8_t* row = tables[s] + std::size_t{view.keys[s]} * kKeptStride;
    std::array<int, kKeptStride> next{};
    next.fill(kImpossible);
    const bool last = s + 1 == n;
    for (int p = last ? 1 : 0; p <= 1; ++p) {
      for (int m = last ? melds : 0; m <= melds; ++m) {
        int value = kImpossible;
        for (int p1 = 0; p1 <= p; ++p1) {
          for (int m1 = 0; m1 <= m; ++m1) {
            const int before = best[static_cast<std::size_t>(p1 * kWidth + m1)];
            const int here = row[static_cast<std::size_t>((p - p1) * kWidth + (m - m1))];
            if (before < 0 || here == 0) continue;
            value = std::max(value, before + here - 1);
          }
        }
        next[static_cast<std::size_t>(p * kWidth + m)] = value;
      }
    }
    best = next;
  }
  const int kept = best[static_cast<std::size_t>(kWidth + melds)];
  if (kept < 0) return kNoShanten;
  return 3 * melds + 2 - kept;
}

/// Shanten by form (kNoShanten where a form does not apply or cannot complete), for hands the
/// tables model; unknown otherwise.
Answer fast_shanten(const Plan& plan, const RuleSet& rules, const Hand& hand,
                    std::array<int, 32>& by_form) {
  if (!plan.shanten_ok || plan.forms.size() > by_form.size()) return Answer::unknown;
  if (plan.missing_suits != 0 || hand.meld_count != 0) return Answer::unknown;
  View view;
  make_view(plan, hand, view);
  if (view.wild_meldable) return Answer::unknown;
  if (view.size < 1 || view.size > plan.hand_tiles || view.size % 3 == 0) return Answer::unknown;
  const int target = view.concealed + (view.size % 3 == 2 ? 0 : 1);
  bool any = false;
  bool have_tally = false;
  Tally counts;
  for (std::size_t i = 0; i < plan.forms.size(); ++i) {
    const FormSpec& form = *plan.forms[i].spec;
    const bool whole_hand = form.hand_tiles == target && hand.meld_count == 0;
    const bool uses_wildcards = form.wildcards && view.wildcards > 0;
    int cost = kNoShanten;
    switch (form.type) {
      case FormType::wildcards: {
        int supply = plan.jokers;
        for (TileMask bits = hand.wild_tiles; bits != 0; bits &= bits - 1) {
          supply += plan.copies[static_cast<std::size_t>(std::countr_zero(bits))];
        }
        if (form.count > target || supply < form.count) break;
        cost = std::max(target - view.concealed, form.count - view.wildcards);
        break;
      }
      case FormType::melds: {
        if (target < 2 || (target - 2) % 3 != 0) break;
        if (uses_wildcards) return Answer::unknown;
        cost = melds_exchanges(plan, view, (target - 2) / 3);
        break;
      }
      case FormType::pairs: {
        if (!whole_hand) break;
        if (uses_wildcards) return Answer::unknown;
        if (!have_tally) counts = tally(view.naturals);
        have_tally = true;
        const int pairs = form.pairs;
        const auto& c = counts.by_count;
        const int twos = form.four_as_two_pairs ? c[2] + c[3] + 2 * c[4] : c[2] + c[3] + c[4];
        const int ones = form.four_as_two_pairs ? c[1] + c[3] : c[1];
        const int full = std::min(pairs, twos);
        cost = 2 * pairs - 2 * full - std::min(pairs - full, ones);
        break;
      }
      case FormType::set: {
        if (!whole_hand) break;
        if (uses_wildcards) return Answer::unknown;
        int missing = 0;
        bool doubled = false;
        for (const TileId t : form.set_tiles) {
          missing += view.naturals[t] == 0 ? 1 : 0;
          doubled = doubled || view.naturals[t] >= 2;
        }
        cost = missing + (doubled ? 0 : 1);
        break;
      }
      default:
        return Answer::unknown;
    }
    by_form[i] = cost >= kNoShanten ? kNoShanten : cost - 1;
    any = any || cost < kNoShanten;
  }
  (void)rules;
  return any ? Answer::yes : Answer::unknown;  // no form at all: the search throws
}

}  // namespace

bool is_win(const RuleSet& rules, const Hand& hand) {
  const Answer fast = fast_is_win(plan_of(rules), hand);
  if (fast != Answer::unknown) return fast == Answer::yes;
  return Decomposition(rules, hand).wins();
}

int shanten_number(const RuleSet& rules, const Hand& hand) {
  std::array<int, 32> by_form{};
  const Plan& plan = plan_of(rules);
  if (fast_shanten(plan, rules, hand, by_form) == Answer::yes) {
    int best = kNoShanten;
    for (std::size_t i = 0; i < plan.forms.size(); ++i) best = std::min(best, by_form[i]);
    return best;
  }
  return compute_shanten(rules, hand).shanten;
}

int form_shanten(const RuleSet& rules, const Hand& hand, std::size_t form) {
  std::array<int, 32> by_form{};
  const Plan& plan = plan_of(rules);
  if (fast_shanten(plan, rules, hand, by_form) == Answer::yes) {
    for (std::size_t i = 0; i < plan.forms.size(); ++i) {
      if (plan.forms[i].index == form) return by_form[i];
    }
    return kNoShanten;
  }
  for (const FormShanten& entry : compute_shanten(rules, hand).by_form) {
    if (entry.form == form) return entry.shanten;
  }
  return kNoShanten;
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
      return fast_shanten(plan, rules, hand, by_form) == Answer::yes;
    }
    case Query::waits: {
      TileMask mask = 0;
      return fast_wait_mask(plan, hand, mask) == Answer::yes;
    }
  }
  return false;
}

}  // namespace meldgraph
