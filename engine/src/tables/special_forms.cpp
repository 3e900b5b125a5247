/// Fast checks for the knitted and singles forms; special_forms.hpp says what they model and why
/// they agree with the search.
#include "meldgraph/tables/special_forms.hpp"

#include "meldgraph/support/bits.hpp"
#include "meldgraph/support/swar.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace meldgraph::detail {
namespace {

using swar::byte_sum;
using swar::bytes_at_least;
using swar::count_bits;
using swar::gather_high_bits;
using swar::kHigh;
using swar::kOnes;
using swar::load_word;

/// The three knit classes in the order of each assignment to the three knit suits.
constexpr const auto& kAssignments = kKnitAssignments;

/// Least unsaturated win-table budget: hands with this many wildcards are not modelled.
constexpr int kMostWildcards = kWinSaturated - 1;

}  // namespace

TileMask wait_candidates(const RuleSet& rules, const Hand& hand) {
  const TileCounts held = hand.held_counts();
  TileMask candidates = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) continue;  // drawing it draws a wildcard
    if (rules.exhausted_waits() || held[t] < rules.tile(t).copies) candidates |= tile_bit(t);
  }
  return candidates;
}

/// Rule features neither special form models (SpecialForm declines the rule set): both change
/// what the naturals may form and what a wildcard may stand for.
constexpr RuleFeatures kSpecialDecline = {RuleFeature::forbidden_tiles, RuleFeature::missing_suits};
static_assert(static_cast<unsigned>(RuleFeature::count_) == 30,
              "a new RuleFeature: decide whether the special-form checks model it");
/// The knitted form's own features its checks model (RuleSet::form_features); pair_wildcards
/// only keeps held wildcards out (wild_ok_).
constexpr RuleFeatures kKnittedModelled = {
    RuleFeature::knitted_form, RuleFeature::form_without_wildcards, RuleFeature::pair_wildcards};
/// The rule set's features under which a wildcard may take a natural's part anywhere in the
/// knitted form (so held wildcards are modelled): none of these.
constexpr RuleFeatures kKnittedWildDecline = {RuleFeature::restricted_stand_ins,
                                              RuleFeature::capped_copies};
/// The knitted form reads every meldable suit by its suit table: none of these either.
constexpr RuleFeatures kKnittedSuitsDecline = {RuleFeature::irregular_suits,
                                               RuleFeature::many_suits};

SpecialForm::SpecialForm(const RuleSet& rules, std::size_t index) {
  if (index >= rules.forms().size()) return;
  const FormSpec& form = rules.forms()[index];
  if (!form.enabled || (form.type != FormType::knitted && form.type != FormType::singles)) return;
  if (!(rules.features() & kSpecialDecline).empty()) return;
  const TileFacts tiles = read_tiles(rules, form);
  if (form.type == FormType::knitted) {
    model_knitted(rules, index);
  } else {
    model_singles(rules, form, tiles);
  }
}

SpecialForm::TileFacts SpecialForm::read_tiles(const RuleSet& rules, const FormSpec& form) {
  meldable_ = rules.meldable_count();
  words_ = (std::size_t{meldable_} + 7) / 8;
  hand_tiles_ = rules.hand_tiles();
  max_in_win_ = form_wildcard_cap(rules, form);
  form_wildcards_ = form.wildcards;
  TileFacts facts;
  for (TileId t = 0; t < meldable_; ++t) {
    const TileInfo& info = rules.tile(t);
    facts.copies2 = facts.copies2 && info.copies >= 2;
    meldable_bytes_[t / 8] |= std::uint64_t{0xFF} << (8 * (t % 8));
    copies_bytes_[t / 8] |= std::uint64_t{info.copies} << (8 * (t % 8));
    if (rules.suits()[info.suit].sequences) facts.sequence_tiles |= tile_bit(t);
  }
  return facts;
}

void SpecialForm::set_knit(const std::array<TileId, kKnitClasses>& knit_first) {
  for (std::size_t p = 0; p < kPermutations; ++p) {
    std::size_t n = 0;
    for (std::size_t k = 0; k < kKnitClasses; ++k) {
      for (int slot = 0; slot < 3; ++slot) {
        const auto tile = static_cast<TileId>(knit_first[k] + kAssignments[p][k] + 3 * slot);
        knit_[p] |= tile_bit(tile);
        knit_tiles_[p][n++] = tile;
      }
    }
  }
}

void SpecialForm::model_knitted(const RuleSet& rules, std::size_t index) {
  const RuleFeatures features = rules.features();
  // The knit suits, as the search takes them (RuleSet::knit_suits).
  const KnitSuits& knit = rules.knit_suits();
  if (!knit.complete || !rules.form_features(index).within(kKnittedModelled)) return;
  // Every meldable suit by its suit table, as the queries read the standard form.
  if (!(features & kKnittedSuitsDecline).empty()) return;
  for (const SuitLayout& layout : rules.suit_layouts()) {
    for (int r = 0; r < layout.ranks; ++r) {
      suit_of_[layout.first + r] = static_cast<std::uint8_t>(suit_count_);
    }
    suits_[suit_count_++] =
        Suit{layout.first, layout.ranks,
             &SuitTables::of(SuitShape{layout.ranks, layout.chows, layout.copies})};
  }
  set_knit(knit.first);
  // Wildcards: unrestricted and uncapped, so that one may take a natural's part anywhere;
  // pairs of wildcards allowed, as the suit tables count them.
  wild_ok_ = (features & kKnittedWildDecline).empty() &&
             !rules.form_features(index).has(RuleFeature::pair_wildcards);
  knit_first_ = knit.first;
  // Shanten: with four copies the rest of one meld and the pair never asks more of a knit
  // tile than the three copies the knit leaves (see queries/shanten.cpp, knitted_cost).
  shanten_ = std::all_of(knit.first.begin(), knit.first.end(),
                         [&rules](TileId first) { return rules.tile(first).copies == 4; });
  kind_ = Kind::knitted;
}

void SpecialForm::model_singles(const RuleSet& rules, const FormSpec& form,
                                const TileFacts& tiles) {
  size_ = form.hand_tiles;
  pairs_ = form.pairs;
  distinct_ = size_ - pairs_;
  if (size_ < 2 || distinct_ < pairs_) return;
  honours_ = form.single_tiles & rules.tile_classes().honours;
  honour_count_ = count_bits(honours_);
  required_ = form.required;
  allowed_ = honours_ | tiles.sequence_tiles;
  for (const SuitLayout& layout : rules.suit_layouts()) {
    if (!layout.sequences) continue;
    if (seq_count_ == kMaxSuits || layout.ranks > kTableMaxRanks) return;
    seq_first_[seq_count_] = layout.first;
    seq_ranks_[seq_count_++] = layout.ranks;
  }
  if (form.singles_suits == SinglesSuits::knitted) {
    const KnitSuits& knit = rules.knit_suits();
    if (!knit.complete || seq_count_ != kKnitClasses) return;
    set_knit(knit.first);  // the shanten's patterns
    build_class_tables();
    kind_ = Kind::singles_knitted;
  } else {
    build_gap_tables(rules, form.gap);
    kind_ = Kind::singles_gapped;
  }
  required_honours_ = required_ & ~tiles.sequence_tiles;
  // A singles form's tile is held at most twice: capped copies matter only below two copies.
  const RuleFeatures features = rules.features();
  wild_ok_ = !features.has(RuleFeature::restricted_stand_ins) &&
             (!features.has(RuleFeature::capped_copies) || tiles.copies2);
  // Shanten: with two copies of every tile no target needs a slot beyond the copies.
  shanten_ = tiles.copies2;
}

void SpecialForm::build_class_tables() {
  for (std::size_t subset = 0; subset < kRankSubsets; ++subset) {
    std::uint8_t classes = 7;
    for (int r = 0; r < 9; ++r) {
      if ((subset >> r & 1U) != 0) classes &= static_cast<std::uint8_t>(1U << knit_class(r + 1));
    }
    classes_of_[subset] = classes;
  }
  // Three suits' class sets: distinct classes exist when some assignment fits all three.
  for (std::size_t sets = 0; sets < kRankSubsets; ++sets) {
    assignable_[sets] =
        std::any_of(kAssignments.begin(), kAssignments.end(), [sets](const auto& assignment) {
          for (std::size_t k = 0; k < kKnitClasses; ++k) {
            if ((sets >> (3 * k + static_cast<std::size_t>(assignment[k])) & 1U) == 0) return false;
          }
          return true;
        });
  }
}

void SpecialForm::build_gap_tables(const RuleSet& rules, int gap) {
  for (std::size_t s = 0; s < seq_count_; ++s) {
    const int ranks = seq_ranks_[s];
    const auto subsets = std::size_t{1} << ranks;
    // Whether a rank subset of the suit keeps its ranks `gap` or more apart.
    const auto valid = [&](std::size_t subset) {
      int last = -1;
      for (const int r : set_bits(subset)) {
        const int rank = rules.tile(static_cast<TileId>(seq_first_[s] + r)).rank;
        if (last >= 0 && rank - last < gap) return false;
        last = rank;
      }
      return true;
    };
    room_[s].fill(-1);
    const auto required =
        static_cast<std::size_t>((required_ >> seq_first_[s]) & ((TileMask{1} << ranks) - 1));
    for (std::size_t pattern = 0; pattern < subsets; ++pattern) {
      if (!valid(pattern)) continue;
      if ((pattern & required) == required) {
        patterns_[s].push_back(static_cast<std::uint16_t>(pattern));
      }
      const auto size = static_cast<std::int8_t>(count_bits(pattern));
      // Every subset of a valid pattern is valid: it has room for the pattern at least.
      for (std::size_t sub = pattern;; sub = (sub - 1) & pattern) {
        room_[s][sub] = std::max(room_[s][sub], size);
        if (sub == 0) break;
      }
    }
    // Largest first: a hand's best subset of a suit is usually among the first.
    std::stable_sort(
        patterns_[s].begin(), patterns_[s].end(),
        [](std::uint16_t a, std::uint16_t b) { return count_bits(a) > count_bits(b); });
  }
}

int SpecialForm::sized_concealed(const SpecialHand& hand, const Held& held, int short_by) const {
  const int concealed = held.naturals + hand.wildcards;
  const int size = concealed + 3 * hand.declared;
  if (size % 3 != 2 - short_by || size + short_by > hand_tiles_) return -1;
  return concealed;
}

template <bool kOne, bool kTwo, bool kFull, bool kRepeats>
SpecialForm::Held SpecialForm::held(const std::uint8_t* counts) const {
  Held result;
  std::uint64_t sum = 0;
  std::uint64_t doubles = 0;  // one per byte held twice or more: at most 8 * 8 per byte
  std::uint64_t threes = 0;
  for (std::size_t w = 0; w < words_; ++w) {
    const std::uint64_t x = load_word(counts + 8 * w) & meldable_bytes_[w];
    const std::size_t shift = 8 * w;
    const std::uint64_t twos = bytes_at_least(x, 2 * kOnes);
    if constexpr (kOne) result.one |= gather_high_bits(bytes_at_least(x, kOnes)) << shift;
    if constexpr (kRepeats) {
      doubles += twos >> 7;
      threes |= bytes_at_least(x, 3 * kOnes);
    }
    if constexpr (kTwo) result.two |= gather_high_bits(twos) << shift;
    if constexpr (kFull) {
      // Past the meldable kinds both words are zero, and 0 >= 0 must not count as full.
      result.full |=
          gather_high_bits(bytes_at_least(x, copies_bytes_[w]) & (meldable_bytes_[w] & kHigh))
          << shift;
    }
    sum += x;
  }
  result.doubles = byte_sum(doubles);
  result.triple = threes != 0;
  result.naturals = byte_sum(sum);
  return result;
}

void SpecialForm::build_tables(bool waits) const {
  // Only the knitted form reads suit tables: its rest as the standard form, from the uncapped
  // win entries, and its waits from their neighbour rows.
  if (kind_ != Kind::knitted) return;
  for (std::size_t s = 0; s < suit_count_; ++s) {
    static_cast<void>(suits_[s].tables->win(false));
    if (waits) static_cast<void>(suits_[s].tables->neighbours(false));
  }
}

void SpecialHand::summarise(std::span<const std::uint64_t> words) {
  std::uint64_t twos = 0;  // one per byte held twice or more: at most 8 per byte
  std::uint64_t threes = 0;
  kinds_held = 0;
  for (std::size_t w = 0; w < words.size(); ++w) {
    const std::uint64_t x = words[w];
    kinds_held |= gather_high_bits(bytes_at_least(x, kOnes)) << (8 * w);
    twos += bytes_at_least(x, 2 * kOnes) >> 7;
    threes |= bytes_at_least(x, 3 * kOnes);
  }
  pairs_held = threes != 0 ? kHeldThrice : byte_sum(twos);
}

bool SpecialForm::knit_out_of_reach(const SpecialHand& hand, int holes) const {
  if (hand.wildcards != 0 || hand.pairs_held == SpecialHand::kNotGiven) return false;
  return std::none_of(knit_.begin(), knit_.end(), [&](TileMask knit) {
    const TileMask missing = knit & ~hand.kinds_held;
    return holes == 0 ? missing == 0 : (missing & (missing - 1)) == 0;  // none, or one
  });
}

bool SpecialForm::too_many_repeats(const SpecialHand& hand) const {
  return hand.wildcards == 0 && (hand.pairs_held == SpecialHand::kHeldThrice ||
                                 hand.pairs_held > static_cast<int>(pairs_));
}

SpecialAnswer SpecialForm::win(const SpecialHand& hand) const {
  switch (kind_) {
    case Kind::none:
      return SpecialAnswer::unknown;
    case Kind::knitted:
      // knitted_win's first test of a hand without wildcards: some arrangement of the knit held
      // whole.
      if (knit_out_of_reach(hand, 0)) return SpecialAnswer::no;
      return knitted_win(hand, held<true, false, false, false>(hand.counts));
    case Kind::singles_knitted:
    case Kind::singles_gapped:
      // singles_win's test of the counts: no mask is made.
      if (too_many_repeats(hand)) return SpecialAnswer::no;
      break;
  }
  // The masks only once the counts leave the form possible (most hands do not).
  return singles_win(hand, held<false, false, false, true>(hand.counts));
}

SpecialAnswer SpecialForm::waits(const SpecialHand& hand, TileMask candidates,
                                 TileMask& mask) const {
  // The hands no draw completes are answered before any mask is made, by win()'s tests of the
  // caller's summary: the knitted form when no arrangement of the knit lacks at most one tile
  // (the draw fills one hole), a singles form when the hand holds a kind thrice or more pairs
  // than the form has. Both answers are those of the full checks below for a hand of the size
  // they take (the fast wait query's).
  switch (kind_) {
    case Kind::none:
      return SpecialAnswer::unknown;
    case Kind::knitted:
      if (knit_out_of_reach(hand, 1)) {
        mask = 0;
        return SpecialAnswer::yes;
      }
      return knitted_waits(hand, held<true, false, true, false>(hand.counts), candidates, mask);
    case Kind::singles_knitted:
    case Kind::singles_gapped:
      if (too_many_repeats(hand)) {
        mask = 0;
        return SpecialAnswer::yes;
      }
      break;
  }
  return singles_waits(hand, held<false, false, false, true>(hand.counts), candidates, mask);
}

// Knitted ------------------------------------------------------------------------------------

bool SpecialForm::base_keys(const std::uint8_t* counts,
                            std::array<std::uint32_t, kMaxSuits>& keys) const {
  for (std::size_t s = 0; s < suit_count_; ++s) {
    const Suit& suit = suits_[s];
    const int copies = suit.tables->shape().copies;
    std::uint32_t key = 0;
    for (int r = suit.ranks - 1; r >= 0; --r) {
      const int n = counts[suit.first + r];
      if (n > copies) return false;
      key = key * 5 + static_cast<std::uint32_t>(n);
    }
    keys[s] = key;
  }
  return true;
}

void SpecialForm::rest_keys(const Held& held, std::size_t p,
                            std::array<std::uint32_t, kMaxSuits>& keys) const {
  for (const TileId t : knit_tiles_[p]) {
    if ((held.one & tile_bit(t)) == 0) continue;
    const Suit& suit = suits_[suit_of_[t]];
    keys[suit_of_[t]] -= suit.tables->step(t - suit.first);
  }
}

bool SpecialForm::rest_wins(const std::array<std::uint32_t, kMaxSuits>& keys, int wildcards) const {
  int sum0 = 0;
  int delta = 2;  // a pair of wildcards
  for (std::size_t s = 0; s < suit_count_; ++s) {
    const unsigned entry = suits_[s].tables->win(false)[keys[s]];
    const int f0 = static_cast<int>(entry & 15U);
    sum0 += f0;
    delta = std::min(delta, static_cast<int>(entry >> 4) - f0);
  }
  return sum0 + delta <= wildcards;
}

SpecialAnswer SpecialForm::knitted_win(const SpecialHand& hand, const Held& held) const {
  const int wildcards = hand.wildcards;
  const int concealed = sized_concealed(hand, held, 0);
  if (concealed < 0) return SpecialAnswer::unknown;  // the search throws
  // The knit is concealed: three knit groups and the pair leave melds for the rest.
  const int rest = concealed - 3 * kKnitClasses - 2;
  if (rest < 0 || rest % 3 != 0) return SpecialAnswer::no;
  if (wildcards > 0) {
    if (!form_wildcards_ || (max_in_win_ != 0 && wildcards > max_in_win_)) {
      return SpecialAnswer::no;
    }
    if (!wild_ok_ || wildcards > kMostWildcards) return SpecialAnswer::unknown;
  }
  std::array<std::uint32_t, kMaxSuits> base{};
  bool keyed = false;
  for (std::size_t p = 0; p < kPermutations; ++p) {
    const TileMask missing = knit_[p] & ~held.one;
    // Without wildcards (the common case) every knit tile must be held: no count needed.
    if (missing != 0 && (wildcards == 0 || count_bits(missing) > wildcards)) continue;
    const int holes = count_bits(missing);
    if (!keyed) {
      if (!base_keys(hand.counts, base)) return SpecialAnswer::unknown;
      keyed = true;
    }
    std::array<std::uint32_t, kMaxSuits> keys = base;
    rest_keys(held, p, keys);
    if (rest_wins(keys, wildcards - holes)) return SpecialAnswer::yes;
  }
  return SpecialAnswer::no;
}

SpecialAnswer SpecialForm::knitted_waits(const SpecialHand& hand, const Held& held,
                                         TileMask candidates, TileMask& mask) const {
  const int wildcards = hand.wildcards;
  const int concealed = sized_concealed(hand, held, 1);
  if (concealed < 0) return SpecialAnswer::unknown;
  const int rest = concealed + 1 - 3 * kKnitClasses - 2;
  if (rest < 0 || rest % 3 != 0) {
    mask = 0;
    return SpecialAnswer::yes;
  }
  if (wildcards > 0) {
    if (!form_wildcards_ || (max_in_win_ != 0 && wildcards > max_in_win_)) {
      mask = 0;
      return SpecialAnswer::yes;
    }
    if (!wild_ok_ || wildcards > kMostWildcards) return SpecialAnswer::unknown;
  }
  // A draw beyond a tile's copies (exhausted waits) is past the tables' keys.
  if ((candidates & held.full) != 0) return SpecialAnswer::unknown;
  TileMask result = 0;
  std::array<std::uint32_t, kMaxSuits> base{};
  bool keyed = false;
  for (std::size_t p = 0; p < kPermutations; ++p) {
    const TileMask holes_mask = knit_[p] & ~held.one;
    // Without wildcards at most one hole, found without counting.
    if (wildcards == 0 && (holes_mask & (holes_mask - 1)) != 0) continue;
    const int holes = count_bits(holes_mask);
    // A draw fills one hole at most; the others take a wildcard each.
    if (holes > wildcards + 1) continue;
    if (!keyed) {
      if (!base_keys(hand.counts, base)) return SpecialAnswer::unknown;
      keyed = true;
    }
    std::array<std::uint32_t, kMaxSuits> keys = base;
    rest_keys(held, p, keys);
    // Drawing a hole's tile: the knit takes it, the rest stays and keeps one more wildcard.
    if (holes > 0 && (candidates & holes_mask & ~result) != 0 &&
        rest_wins(keys, wildcards - holes + 1)) {
      result |= holes_mask;
    }
    if (holes > wildcards) continue;
    // Any other draw goes to the rest (a drawn hole tile there, with a wildcard in the hole,
    // is covered by the case above): the standard form's waits of the rest with the wildcards
    // the holes leave, read from the neighbour rows (as the wait query reads its wait rows).
    const int budget = wildcards - holes;
    static_assert(kMaxSuits <= kMaxBudgetSuits);
    std::array<std::uint8_t, kMaxBudgetSuits> entries{};
    for (std::size_t s = 0; s < suit_count_; ++s) {
      entries[s] = suits_[s].tables->win(false)[keys[s]];
    }
    std::array<WaitBudget, kMaxBudgetSuits> budgets;
    wait_budgets(entries, suit_count_, budget, budgets);
    for (std::size_t s = 0; s < suit_count_; ++s) {
      const Suit& suit = suits_[s];
      const int budget1 = budgets[s].pair_here;
      const int budget0 = budgets[s].pair_elsewhere;
      if (budget1 < 0 && budget0 < 0) continue;
      const std::uint8_t* row =
          suit.tables->neighbours(false) + std::size_t{keys[s]} * kNeighbourStride;
      for (int r = 0; r < suit.ranks; ++r) {
        const unsigned entry = row[r];
        if (static_cast<int>(entry >> 4) <= budget1 || static_cast<int>(entry & 15U) <= budget0) {
          result |= tile_bit(static_cast<TileId>(suit.first + r));
        }
      }
    }
  }
  mask = result & candidates;
  return SpecialAnswer::yes;
}

// Singles ------------------------------------------------------------------------------------

int SpecialForm::pattern_room(const std::array<std::uint16_t, kMaxSuits>& masks) const {
  if (kind_ == Kind::singles_knitted) {
    const std::size_t sets = std::size_t{classes_of_[masks[0]]} |
                             std::size_t{classes_of_[masks[1]]} << 3 |
                             std::size_t{classes_of_[masks[2]]} << 6;
    // Each suit's class holds three of its ranks 1-9.
    return assignable_[sets] ? 3 * kKnitClasses : -1;
  }
  int room = 0;
  for (std::size_t s = 0; s < seq_count_; ++s) {
    // NOLINTNEXTLINE(bugprone-signed-char-misuse): a small signed count, -1 for none
    const int here = room_[s][masks[s]];
    if (here < 0) return -1;
    room += here;
  }
  return room;
}

namespace {

/// The rank subsets of the sequence suits that `tiles` holds.
template <std::size_t N>
std::array<std::uint16_t, N> suit_masks(TileMask tiles, const std::array<TileId, N>& first,
                                        const std::array<std::uint8_t, N>& ranks,
                                        std::size_t count) {
  std::array<std::uint16_t, N> masks{};
  for (std::size_t s = 0; s < count; ++s) {
    masks[s] = static_cast<std::uint16_t>((tiles >> first[s]) & ((TileMask{1} << ranks[s]) - 1));
  }
  return masks;
}

}  // namespace

SpecialAnswer SpecialForm::singles_win(const SpecialHand& hand, const Held& held) const {
  const int wildcards = hand.wildcards;
  const int concealed = sized_concealed(hand, held, 0);
  if (concealed < 0) return SpecialAnswer::unknown;
  // A whole-hand shape: its size, all concealed.
  if (hand.declared != 0 || concealed != size_) return SpecialAnswer::no;
  if (wildcards > 0) {
    if (!form_wildcards_ || (max_in_win_ != 0 && wildcards > max_in_win_)) {
      return SpecialAnswer::no;
    }
    if (!wild_ok_) return SpecialAnswer::unknown;
  }
  if (held.triple || held.doubles > pairs_) return SpecialAnswer::no;
  const TileMask tiles = this->held<true, false, false, false>(hand.counts).one | required_;
  if ((tiles & ~allowed_) != 0 || count_bits(tiles) > distinct_) return SpecialAnswer::no;
  const int room = pattern_room(suit_masks(tiles, seq_first_, seq_ranks_, seq_count_));
  return room >= 0 && room + honour_count_ >= distinct_ ? SpecialAnswer::yes : SpecialAnswer::no;
}

SpecialAnswer SpecialForm::singles_waits(const SpecialHand& hand, const Held& held,
                                         TileMask candidates, TileMask& mask) const {
  const int wildcards = hand.wildcards;
  const int concealed = sized_concealed(hand, held, 1);
  if (concealed < 0) return SpecialAnswer::unknown;
  mask = 0;
  if (hand.declared != 0 || concealed + 1 != size_) return SpecialAnswer::yes;
  if (wildcards > 0) {
    if (!form_wildcards_ || (max_in_win_ != 0 && wildcards > max_in_win_)) {
      return SpecialAnswer::yes;
    }
    if (!wild_ok_) return SpecialAnswer::unknown;
  }
  const int doubles = held.doubles;
  if (held.triple || doubles > pairs_) return SpecialAnswer::yes;
  const Held masks_of = this->held<true, true, false, false>(hand.counts);
  const TileMask tiles = masks_of.one | required_;
  if ((tiles & ~allowed_) != 0) return SpecialAnswer::yes;
  const int count = count_bits(tiles);
  const int honours = honour_count_;
  const std::array<std::uint16_t, kMaxSuits> masks =
      suit_masks(tiles, seq_first_, seq_ranks_, seq_count_);
  const int room = pattern_room(masks);
  TileMask result = 0;
  if (room >= 0 && room + honours >= distinct_ && count <= distinct_) {
    // Drawing a tile the pattern already has: a second copy (one pair more), or a required
    // tile not held yet.
    if (doubles < pairs_) result |= masks_of.one & ~masks_of.two;
    result |= required_ & ~masks_of.one;
    // A new honour: the pattern grows by one allowed tile, its room unchanged.
    if (count < distinct_) result |= honours_ & ~tiles;
  }
  if (count < distinct_) {
    // A new tile of a sequence suit: that suit's subset changes.
    for (std::size_t s = 0; s < seq_count_; ++s) {
      const auto fresh = static_cast<unsigned>(((candidates & ~tiles) >> seq_first_[s]) &
                                               ((TileMask{1} << seq_ranks_[s]) - 1));
      for (const int r : set_bits(fresh)) {
        std::array<std::uint16_t, kMaxSuits> grown = masks;
        grown[s] = static_cast<std::uint16_t>(grown[s] | (1U << r));
        const int grown_room = pattern_room(grown);
        if (grown_room >= 0 && grown_room + honours >= distinct_) {
          result |= tile_bit(static_cast<TileId>(seq_first_[s] + r));
        }
      }
    }
  }
  mask = result & candidates;
  return SpecialAnswer::yes;
}

// Singles shanten ----------------------------------------------------------------------------
//
// A target is a set T of k = size − pairs distinct tiles of a valid pattern holding the
// required tiles, `pairs` of them doubled; the naturals it keeps are |T ∩ H1| + min(pairs,
// |T ∩ H2|) (H1, H2: the kinds held at least once, twice), doubling held pairs first. With two
// copies of every tile no slot lies beyond the copies, so that is shanten/knitted_costs.cpp's
// singles_exchanges: exchanges = size − kept − usable wildcards. Kept is maximised over T.

int SpecialForm::singles_kept(const std::uint8_t* counts) const {
  const Held masks = held<true, true, false, false>(counts);
  // A required tile the pattern never admits: no target.
  if ((required_ & ~allowed_) != 0) return -1;
  return kind_ == Kind::singles_knitted ? knitted_singles_kept(masks.one, masks.two)
                                        : gapped_singles_kept(masks.one, masks.two);
}

/// Knitted singles: T lies in the knit of one assignment and the honours, |A| = 9 + honours.
/// Beside the required tiles T takes k − |R| more of A, held twice first, then held once: each
/// of those keeps one more than an unheld tile, and a tile held twice may also fill a pair.
int SpecialForm::knitted_singles_kept(TileMask one, TileMask two) const {
  const int slots = distinct_ - count_bits(required_);
  if (slots < 0 || 9 + honour_count_ < distinct_) return -1;
  const int r1 = count_bits(required_ & one);
  const int r2 = count_bits(required_ & two);
  // The tiles T may add beside the required ones, held twice and held once only: the
  // honours', and per knit suit k and class c (ranks c+1, c+4, c+7).
  const TileMask free_two = two & ~required_;
  const TileMask free_one = one & ~two & ~required_;
  const int honours2 = count_bits(free_two & honours_);
  const int honours1 = count_bits(free_one & honours_);
  std::array<unsigned, kKnitClasses> n1{};  // per knit suit, its classes' nibbles
  std::array<unsigned, kKnitClasses> n2{};
  for (std::size_t k = 0; k < kKnitClasses; ++k) {
    n1[k] = kRanksByClass[static_cast<std::size_t>(free_one >> seq_first_[k]) & 0x1FFU];
    n2[k] = kRanksByClass[static_cast<std::size_t>(free_two >> seq_first_[k]) & 0x1FFU];
  }
  int best = -1;
  for (std::size_t p = 0; p < kPermutations; ++p) {
    // The required tiles must lie in the knit of the assignment (or the honours).
    if ((required_ & ~(knit_[p] | honours_)) != 0) continue;
    int free2 = honours2;
    int free1 = honours1;
    for (std::size_t k = 0; k < kKnitClasses; ++k) {
      const auto shift = 4U * static_cast<unsigned>(kAssignments[p][k]);
      free2 += static_cast<int>((n2[k] >> shift) & 15U);
      free1 += static_cast<int>((n1[k] >> shift) & 15U);
    }
    const int twos = std::min(slots, free2);
    const int ones = std::min(slots - twos, free1);
    best = std::max(best, r1 + twos + ones + std::min(pairs_, r2 + twos));
  }
  return best;
}

namespace {

/// The gapped singles' tables of the shanten: most kept once by (tiles of the target,
/// tiles held twice up to the form's pairs); kSinglesNone where no target has that shape.
constexpr int kMostDistinct = 17;
constexpr int kMostPairs = 8;
constexpr std::int8_t kSinglesNone = -1;
using SinglesTable = std::array<std::array<std::int8_t, kMostPairs + 1>, kMostDistinct + 1>;

/// Bits set in each 9-bit rank subset.
constexpr std::array<std::uint8_t, std::size_t{1} << kTableMaxRanks> kSubsetBits = [] {
  std::array<std::uint8_t, std::size_t{1} << kTableMaxRanks> bits{};
  for (std::size_t x = 0; x < bits.size(); ++x) bits[x] = static_cast<std::uint8_t>(count_bits(x));
  return bits;
}();

/// One suit's table: over its patterns (valid rank subsets, largest first) of at most k ranks,
/// the ranks held once (`h1`) and twice (`h2`, capped at p) each keeps.
SinglesTable suit_singles(const std::vector<std::uint16_t>& patterns, unsigned h1, unsigned h2,
                          int k, int p) {
  SinglesTable here;
  for (auto& row : here) row.fill(kSinglesNone);
  for (const std::uint16_t pattern : patterns) {
    const int n = kSubsetBits[pattern];
    if (n > k) continue;
    const int k1 = kSubsetBits[pattern & h1];
    const int k2 = std::min(p, static_cast<int>(kSubsetBits[pattern & h2]));
    std::int8_t& cell = here[static_cast<std::size_t>(n)][static_cast<std::size_t>(k2)];
    cell = std::max(cell, static_cast<std::int8_t>(k1));
  }
  return here;
}

/// `best` (the suits so far, sizes up to `most`) combined with one suit's table (sizes up to
/// `largest`) by (max, +) over the splits of size and pairs, sizes capped at k and pairs at p;
/// `most` grows with it.
void add_suit_singles(SinglesTable& best, int& most, const SinglesTable& here, int largest, int k,
                      int p) {
  SinglesTable next;
  for (int n = 0; n <= std::min(k, most + largest); ++n) {
    next[static_cast<std::size_t>(n)].fill(kSinglesNone);
  }
  for (int n1 = 0; n1 <= most; ++n1) {
    for (int j1 = 0; j1 <= p; ++j1) {
      // NOLINTNEXTLINE(bugprone-signed-char-misuse): a small signed count, -1 for none
      const int a = best[static_cast<std::size_t>(n1)][static_cast<std::size_t>(j1)];
      if (a == kSinglesNone) continue;
      for (int n2 = 0; n2 <= largest && n1 + n2 <= k; ++n2) {
        for (int j2 = 0; j2 <= p; ++j2) {
          // NOLINTNEXTLINE(bugprone-signed-char-misuse): a small signed count, -1 for none
          const int b = here[static_cast<std::size_t>(n2)][static_cast<std::size_t>(j2)];
          if (b == kSinglesNone) continue;
          std::int8_t& cell = next[static_cast<std::size_t>(n1) + static_cast<std::size_t>(n2)]
                                  [static_cast<std::size_t>(std::min(p, j1 + j2))];
          cell = std::max(cell, static_cast<std::int8_t>(a + b));
        }
      }
    }
  }
  most = std::min(k, most + largest);
  for (int n = 0; n <= most; ++n) {
    best[static_cast<std::size_t>(n)] = next[static_cast<std::size_t>(n)];
  }
}

}  // namespace

/// Gapped singles: per sequence suit, the best (kept once, held twice) of each size over its
/// valid subsets holding the required ranks, combined over the suits by size and pairs (max,
/// +), and then the honours, which admit any subset of the allowed ones: held twice first.
int SpecialForm::gapped_singles_kept(TileMask one, TileMask two) const {
  const int k = distinct_;
  const int p = pairs_;
  if (k > kMostDistinct || p > kMostPairs) return -1;
  SinglesTable best;
  for (auto& row : best) row.fill(kSinglesNone);
  best[0][0] = 0;
  int most = 0;  // the largest size `best` holds
  for (std::size_t s = 0; s < seq_count_; ++s) {
    if (patterns_[s].empty()) return -1;  // the required ranks break the gap
    const auto ranks_mask = (TileMask{1} << seq_ranks_[s]) - 1;
    const auto h1 = static_cast<unsigned>((one >> seq_first_[s]) & ranks_mask);
    const auto h2 = static_cast<unsigned>((two >> seq_first_[s]) & ranks_mask);
    // Patterns come largest first.
    const int largest = std::min(k, static_cast<int>(kSubsetBits[patterns_[s].front()]));
    add_suit_singles(best, most, suit_singles(patterns_[s], h1, h2, k, p), largest, k, p);
  }
  // Honours: the required ones, then up to the rest of the allowed ones.
  if ((required_honours_ & ~honours_) != 0) return -1;
  const int required = count_bits(required_honours_);
  const int r1 = count_bits(required_honours_ & one);
  const int r2 = count_bits(required_honours_ & two);
  const TileMask free = honours_ & ~required_honours_;
  const int free2 = count_bits(free & two);
  const int free1 = count_bits(free & one & ~two);
  int result = -1;
  for (int h = required; h <= honour_count_ && h <= k; ++h) {
    const int extra = h - required;
    const int twos = std::min(extra, free2);
    const int ones = std::min(extra - twos, free1);
    const int k1 = r1 + twos + ones;
    const int k2 = r2 + twos;
    if (k - h > most) continue;
    const auto& row = best[static_cast<std::size_t>(k - h)];
    for (int j = 0; j <= p; ++j) {
      if (row[static_cast<std::size_t>(j)] == kSinglesNone) continue;
      result = std::max(result, row[static_cast<std::size_t>(j)] + k1 + std::min(p, j + k2));
    }
  }
  return result;
}

}  // namespace meldgraph::detail
