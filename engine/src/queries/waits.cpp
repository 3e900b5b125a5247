/// wait_mask from the tables: the standard form's waits read one wait row per suit (the win
/// entries of the key plus each rank, SuitTables::wait_rows) and compare nine entries with the
/// suit's budget at once; the other forms test each drawable tile by counts.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fast_paths.hpp"
#include "form_tests.hpp"
#include "hand_view.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/support/bits.hpp"

namespace meldgraph::detail {
namespace {

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
    // copies >= x + 1: x + 1 is a valid bound, as a hand's counts are within their copies
    // (at most 4 where the plan answers waits).
    result |= gather_high_bits(bytes_at_least(plan.copies_bytes[w], x + kOnes)) << (8 * w);
  }
#endif
  return result;
}

/// The ranks whose field in a wait row's planes (`low`, `high`: bits 0 and 1 of the field, by
/// rank) is at most t, for t from -1 (threes_within) on, without a branch on t: which threes a
/// draw may add varies from suit to suit and hand to hand.
unsigned ranks_at_most(unsigned low, unsigned high, int t) {
  const std::array<unsigned, 5> at_most = {0U,             // t = -1: no field
                                           ~low & ~high,   // t = 0: the fields of 0
                                           ~high,          // t = 1: 0 and 1
                                           ~(low & high),  // t = 2: all but 3
                                           ~0U};           // t >= 3: every field
  const int index = std::min(t, 3) + 1;
  return at_most[static_cast<std::size_t>(index)] & 0x1FFU;  // index 0..4: t >= -1
}

/// The most threes a packed field may hold and the suit still complete: the largest k with
/// residue + 3k <= budget (budget at most kPackedMaxWildcards, so k <= 2), or -1 when even the
/// residue is over it.
int threes_within(int budget, int residue) {
  const int room = budget - residue;
  return room < 0 ? -1 : room / 3;
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
    for (const int r : set_bits((allowed >> first) & ((TileMask{1} << plan.suit_ranks[s]) - 1))) {
      const unsigned entry =
          tables[s][view.keys[s] + plan.suits[s].steps[static_cast<std::size_t>(r)]];
      if (static_cast<int>(entry >> 4) <= budget1 || static_cast<int>(entry & 15U) <= budget0) {
        mask |= TileMask{1} << (first + static_cast<std::size_t>(r));
      }
    }
  }
  return mask;
}

/// The hand checks of the wait fast path, after make_view; false: the search answers (or
/// throws, for a size it rejects).
bool waits_modelled(const Plan& plan, const Hand& hand, const View& view) {
  if (view.size % 3 != 1 || view.size > plan.hand_tiles) return false;
  if (view.wildcards >= kWinSaturated) return false;
  if (plan.restricted && view.wildcards != 0) return false;
  if (plan.capped && hand.meld_count != 0) return false;
  return plan.missing_suits == 0 || (hand.meld_count == 0 && view.wildcards == 0 &&
                                     (hand.wild_tiles & plan.meldable_mask) == 0);
}

/// Whether a `wildcards` form that the held wildcards already complete applies to the hand
/// plus a draw: then every drawable candidate is a wait, whatever the other forms say, and no
/// table is read (every form adds only drawable candidates to the mask).
bool wildcards_complete(const Plan& plan, const Hand& hand, const View& view, int target) {
  return std::any_of(plan.wildcard_forms.begin(), plan.wildcard_forms.end(), [&](std::uint8_t f) {
    const FormSpec& form = plan.forms[f].spec;
    const int wildcards = form_wildcards(form, view.wildcards);
    return applies(form, target, hand) && wildcards >= 0 && wildcards >= form.count;
  });
}

/// Drawable candidates: natural meldable kinds with a copy not held anywhere.
TileMask drawable_kinds(const Plan& plan, const Hand& hand, const View& view) {
  TileMask candidates = unfilled_kinds(plan, view) & ~hand.wild_tiles;
  if (hand.meld_count != 0) {
    const TileCounts declared = declared_naturals(hand);
    for (TileId t = 0; t < plan.meldable; ++t) {
      if (hand.counts[t] + declared[t] >= plan.copies[t]) candidates &= ~tile_bit(t);
    }
  }
  return candidates;
}

/// The candidates whose draw may win at all: none past max_in_win, and under
/// hand.missing_suits only draws into a suit that leaves enough suits lacking.
TileMask allowed_draws(const Plan& plan, const Hand& hand, const View& view, TileMask candidates) {
  if (plan.max_in_win != 0 && view.wildcards > plan.max_in_win) return 0;
  TileMask allowed = candidates;
  if (plan.missing_suits != 0) {
    const unsigned present = present_suits(plan, hand);
    for (std::size_t s = 0; s < plan.suit_count; ++s) {
      if (lacking_suits(plan, present | (1U << s)) < plan.missing_suits) {
        allowed &= ~plan.suit_masks[s];
      }
    }
  }
  return allowed;
}

/// A pairs form's waits among `allowed` (less those already in `mask`), into `mask`; unknown
/// when pairs_win cannot answer a draw.
Answer pairs_waits(const Plan& plan, const FormSpec& form, const View& view, TileMask allowed,
                   TileMask& mask) {
  const int wildcards = view.wildcards;
  // A draw changes ones + threes by one at most, and a win needs them within the wildcards
  // and pungs (pairs_win): most hands are out of reach at once.
  if (view.odd - 1 > wildcards + form.pungs) return Answer::yes;
  if (form.pungs == 0 && form.four_as_two_pairs && (!plan.capped || plan.capped_ample)) {
    // pairs_win here is "ones + threes <= W" (no odd kind at all without wildcards): a draw
    // onto an odd count lowers that number by one, onto an even count raises it. Bit 0 of
    // each count byte, moved to the byte's high bit, gathers the odd kinds.
    TileMask odd_kinds = 0;
    for (std::size_t w = 0; w < kWords; ++w) {
      odd_kinds |= gather_high_bits((view.word(w) & kOnes) << 7) << (8 * w);
    }
    if (view.odd - 1 <= wildcards) mask |= allowed & odd_kinds;
    if (view.odd + 1 <= wildcards) mask |= allowed & ~odd_kinds;
    return Answer::yes;
  }
  const Tally counts = tally(view);
  for (const int t : set_bits(allowed & ~mask)) {
    Tally drawn = counts;
    const int n = std::min<int>(view.counts[t], 4);
    --drawn.by_count[static_cast<std::size_t>(n)];
    ++drawn.by_count[static_cast<std::size_t>(std::min(n + 1, 4))];
    drawn.nonzero |= tile_bit(static_cast<TileId>(t));
    const Answer here = pairs_win(plan, form, drawn, wildcards);
    if (here == Answer::unknown) return Answer::unknown;
    if (here == Answer::yes) mask |= tile_bit(static_cast<TileId>(t));
  }
  return Answer::yes;
}

/// A set form's waits among `allowed` (less those already in `mask`), into `mask`.
void set_waits(const FormPlan& fp, const View& view, TileMask allowed, TileMask& mask) {
  if (outside_set(fp, view)) return;  // a tile outside the set stays
  int doubles = 0;
  bool over = false;
  for (const int t : set_bits(fp.set)) {
    const int n = view.counts[t];
    over = over || n > 2;
    doubles += n >= 2 ? 1 : 0;
  }
  if (over || doubles > 1) return;
  // Drawn t completes when it makes no third copy and no second pair.
  for (const int t : set_bits(allowed & fp.set & ~mask)) {
    const int n = view.counts[t];
    if (n == 0 || (n == 1 && doubles == 0)) mask |= tile_bit(static_cast<TileId>(t));
  }
}

/// A knitted or singles form's waits among `candidates`, the `allowed` ones into `mask`;
/// unknown when SpecialForm::waits cannot answer. `summary` is the counts' summary for the
/// special forms of a hand without wildcards, made on first use.
Answer special_waits(const FormPlan& fp, const Hand& hand, const View& view, TileMask candidates,
                     TileMask allowed, SpecialHand& summary, TileMask& mask) {
  TileMask here = 0;
  SpecialHand special{view.counts, view.wildcards, hand.meld_count};
  if (view.wildcards == 0) {
    // The summary the special forms rule most hands out by (SpecialHand::pairs_held): read
    // once off the view's words for every special form of the rule set.
    if (summary.pairs_held == SpecialHand::kNotGiven) summary.summarise(view.words);
    special.pairs_held = summary.pairs_held;
    special.kinds_held = summary.kinds_held;
  }
  const SpecialAnswer answer = fp.special.waits(special, candidates, here);
  if (answer == SpecialAnswer::unknown) return Answer::unknown;
  mask |= here & allowed;
  return Answer::yes;
}

/// The union of the forms' waits into `mask` (plan.wait_forms: the melds forms last, so that
/// the wait rows prefetched before arrive while the others are tested); unknown when a form
/// cannot answer.
Answer forms_waits(const Plan& plan, const Hand& hand, const View& view, TileMask candidates,
                   TileMask allowed, TileMask& mask) {
  const int target = view.concealed + 1;
  const int wildcards = view.wildcards;
  mask = 0;
  SpecialHand summary;
  for (const WinForm& wf : plan.wait_forms) {
    // applies() and form_wildcards() on the copied fields.
    if (wf.hand_tiles != 0 && (wf.hand_tiles != target || hand.meld_count != 0)) continue;
    if (!wf.wildcards && wildcards > 0) continue;
    const FormPlan& fp = *wf.plan;
    Answer answer = Answer::yes;
    switch (wf.type) {
      case FormType::wildcards:
        if (wildcards >= wf.count) mask |= candidates;
        break;
      case FormType::melds:
        if (allowed == 0) break;
        mask |= wildcards <= kPackedMaxWildcards ? melds_waits(plan, view, wildcards, allowed)
                                                 : melds_waits_wild(plan, view, wildcards, allowed);
        break;
      case FormType::pairs:
        answer = pairs_waits(plan, fp.spec, view, allowed, mask);
        break;
      case FormType::set:
        set_waits(fp, view, allowed, mask);
        break;
      case FormType::knitted:
      case FormType::singles:
        answer = special_waits(fp, hand, view, candidates, allowed, summary, mask);
        break;
      default:
        answer = Answer::unknown;
        break;
    }
    if (answer == Answer::unknown) return Answer::unknown;
  }
  return Answer::yes;
}

}  // namespace

Answer fast_wait_mask(const QueryPlan& plan, const Hand& hand, TileMask& mask) {
  if (!plan.waits_ok || plan.exhausted_waits) return Answer::unknown;
  View view;
  make_view(plan, hand, view);
  if (!waits_modelled(plan, hand, view)) return Answer::unknown;
  const int target = view.concealed + 1;
  const bool all_candidates = wildcards_complete(plan, hand, view, target);
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
  const TileMask candidates = drawable_kinds(plan, hand, view);
  if (all_candidates) {
    mask = candidates;
    return Answer::yes;
  }
  return forms_waits(plan, hand, view, candidates, allowed_draws(plan, hand, view, candidates),
                     mask);
}

}  // namespace meldgraph::detail

namespace meldgraph {

TileMask wait_mask(const RuleSet& rules, const Hand& hand) {
  TileMask fast = 0;
  if (detail::fast_wait_mask(detail::query_plan(rules), hand, fast) == detail::Answer::yes) {
    return fast;
  }
  return search_wait_mask(rules, hand);
}

namespace {

/// The meldable suit holding `tile`, nullptr when none does.
const SuitLayout* suit_of(const RuleSet& rules, TileId tile) {
  for (const SuitLayout& suit : rules.suit_layouts()) {
    if (tile >= suit.first && tile < suit.first + suit.ranks) return &suit;
  }
  return nullptr;
}

/// Concealed tiles other than `tile` within two ranks of it in its (regular, sequence) suit.
int tiles_near(const SuitLayout& suit, const Hand& hand, TileId tile) {
  const int low = std::max<int>(suit.first, tile - 2);
  const int high = std::min<int>(suit.first + suit.ranks - 1, tile + 2);
  int near = 0;
  for (int t = low; t <= high; ++t) {
    if (t != tile) near += hand.counts[static_cast<TileId>(t)];
  }
  return near;
}

/// Declares a pung of `first` (concealed) or the chow from `first` beside the hand's melds; the
/// caller has taken its tiles out of the counts.
void declare(Hand& hand, GroupKind kind, TileId first) {
  Group& meld = hand.melds[hand.meld_count++];
  meld.kind = kind;
  meld.size = 3;
  meld.flags = kGroupDeclared | (kind == GroupKind::pung ? kGroupConcealed : 0);
  const int step = kind == GroupKind::chow ? 1 : 0;
  meld.tiles = {first, static_cast<TileId>(first + step), static_cast<TileId>(first + 2 * step),
                kNoTile};
}

/// Whether `drawn` (the hand and the fifth copy of `tile`) wins with three chows through the
/// tile: each choice of three chows (of the up to three through it, repeats allowed) that the
/// hand holds, declared, and the fast win test on the rest. A win with three chows through the
/// tile holds them, and the rest wins around them; a win of the rest is a win of the hand.
detail::Answer three_chows_win(const detail::QueryPlan& plan, const SuitLayout& suit,
                               const Hand& drawn, TileId tile) {
  const int lowest = std::max<int>(suit.first, tile - 2);
  const int highest = std::min<int>(suit.first + suit.ranks - 3, tile);
  detail::Answer answer = detail::Answer::no;
  std::array<int, 3> chows{};  // how many of the chows starting at lowest + i
  const int starts = highest - lowest + 1;
  for (chows[0] = 0; chows[0] <= 3; ++chows[0]) {
    for (chows[1] = 0; chows[0] + chows[1] <= 3; ++chows[1]) {
      chows[2] = 3 - chows[0] - chows[1];
      bool fits = true;  // no chow past the suit's ranks
      for (int i = std::max(starts, 0); i < 3; ++i) {
        fits = fits && chows[static_cast<std::size_t>(i)] == 0;
      }
      if (!fits) continue;
      Hand rest = drawn;
      bool held = true;
      for (int i = 0; i < starts && held; ++i) {
        for (int k = 0; k < chows[static_cast<std::size_t>(i)]; ++k) {
          const auto first = static_cast<TileId>(lowest + i);
          for (int r = 0; r < 3; ++r) {
            auto& count = rest.counts[static_cast<TileId>(first + r)];
            held = held && count != 0;
            if (count != 0) --count;
          }
          declare(rest, GroupKind::chow, first);
        }
      }
      if (!held) continue;
      const detail::Answer here = detail::fast_is_win(plan, rest);
      if (here == detail::Answer::yes) return here;
      if (here == detail::Answer::unknown) answer = here;
    }
  }
  return answer;
}

/// Whether the hand, holding every one of the four copies of `tile` concealed and no wildcard,
/// wins with a fifth copy drawn. Five copies hold a pung of the tile, or (without one) lie in
/// pairs and chows through it, at least QueryPlan::five_copies_neighbours / 2 chows. The first
/// is the fast win test on the hand with three copies declared as a concealed pung (the same
/// melds; the whole-hand forms it then skips hold no five copies with a pung but the pairs forms
/// with pungs, whose rule sets have five_copies_neighbours 0). The second needs that many tiles
/// near the tile; when the hand has them and every such win holds three chows through it, they
/// are declared in turn (three_chows_win), else the search decides.
detail::Answer five_copies_win(const detail::QueryPlan& plan, const RuleSet& rules,
                               const Hand& hand, TileId tile) {
  constexpr int kThreeChowsNear = 6;
  if (plan.five_copies_neighbours == 0 || hand.meld_count >= kMaxDeclaredMelds ||
      hand.may_hold_wildcards() || rules.tile(tile).copies != 4) {
    return detail::Answer::unknown;
  }
  Hand drawn = hand;
  ++drawn.counts[tile];
  Hand pung = drawn;
  pung.counts[tile] -= 3;
  declare(pung, GroupKind::pung, tile);
  const detail::Answer with_pung = detail::fast_is_win(plan, pung);
  if (with_pung != detail::Answer::no) return with_pung;
  const SuitLayout* suit = suit_of(rules, tile);
  if (suit == nullptr || !suit->regular) return detail::Answer::unknown;
  if (!suit->sequences || tiles_near(*suit, hand, tile) < plan.five_copies_neighbours) {
    return detail::Answer::no;
  }
  if (plan.five_copies_neighbours < kThreeChowsNear ||
      hand.meld_count + 3 > static_cast<int>(kMaxDeclaredMelds)) {
    return detail::Answer::unknown;
  }
  return three_chows_win(plan, *suit, drawn, tile);
}

}  // namespace

TileMask exhausted_wait_mask(const RuleSet& rules, const Hand& hand) {
  const TileCounts held = hand.held_counts();
  TileMask exhausted = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) continue;  // drawing a wild tile draws a wildcard
    if (held[t] >= rules.tile(t).copies) exhausted |= tile_bit(t);
  }
  if (exhausted == 0) return 0;
  // A copy drawn beside copies held in declared melds (a declared kong) keeps the concealed
  // counts within the lookup tables' keys, and the fast win test answers it; a fifth copy beside
  // four concealed ones is answered by five_copies_win, and the search decides what it cannot.
  const detail::QueryPlan& plan = detail::query_plan(rules);
  TileMask mask = 0;
  TileMask searched = 0;
  Hand drawn = hand;
  for (const int t : set_bits(exhausted)) {
    const auto tile = static_cast<TileId>(t);
    detail::Answer answer = detail::Answer::unknown;
    if (hand.counts[tile] < rules.tile(tile).copies) {
      ++drawn.counts[tile];
      answer = detail::fast_is_win(plan, drawn);
      --drawn.counts[tile];
    } else {
      answer = five_copies_win(plan, rules, hand, tile);
    }
    if (answer == detail::Answer::yes) mask |= tile_bit(tile);
    if (answer == detail::Answer::unknown) searched |= tile_bit(tile);
  }
  return searched == 0 ? mask : mask | compute_exhausted_waits(rules, hand, searched);
}

TileMask search_wait_mask(const RuleSet& rules, const Hand& hand) {
  TileMask mask = 0;
  for (const WaitTile& wait : compute_waits(rules, hand, nullptr).tiles) {
    mask |= tile_bit(wait.tile);
  }
  return mask;
}

}  // namespace meldgraph
