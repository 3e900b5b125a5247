/// Every complete hand of a size, in canonical order (corpus.hpp, docs/corpus.md).
///
/// A hand is built suit by suit. For each meldable suit the parts it may hold are listed once:
/// count vectors within the copies, in descending lexicographic order (more of the lowest rank
/// first), each with the forms it keeps possible: a part of exactly melds or of melds and one
/// pair (the suit tables' win entry), a part of pairs (and the pungs a pairs form allows), a part
/// of a set form's tiles, a knit suit's part that is a knit (1-4-7, 2-5-8 or 3-6-9) and melds, with
/// or without the pair (the knitted straight), a part of distinct single tiles (a singles form:
/// one knit class per suit, or ranks a gap apart). A depth-first walk over the suits joins parts
/// while some form stays possible and the tiles add up to the size; each joined hand is a
/// candidate, decided by is_win. The walk's order makes the output ascending as sorted tile
/// sequences, and no hand is met twice, so nothing is sorted or deduplicated afterwards.

#include <algorithm>
#include <array>
#include <string>

#include "enumerate.hpp"
#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/tables/suit_tables.hpp"

namespace meldgraph {

namespace {

/// What a suit part keeps possible (bits of PartClass) and its tiles.
enum PartClass : std::uint8_t {
  kPartMelds = 1,            ///< exactly melds (the empty part included)
  kPartMeldsPair = 2,        ///< exactly melds and one pair
  kPartPairs = 4,            ///< counts a pairs form may hold (no single; threes only with pungs)
  kPartSet = 8,              ///< within a set form's tiles, each at most twice
  kPartKnitted = 16,         ///< a knitted straight's share of the suit (SuitPart::knit_melds...)
  kPartSinglesKnitted = 32,  ///< distinct singles of one knit class (SuitPart::singles_class)
  kPartSinglesGapped = 64,   ///< distinct singles, ranks at least the gap apart
};

/// The knitted straight's options for a part (bits of SuitPart::knit_melds and knit_melds_pair):
/// bit c < 3, a knit suit's part less the knit of class c; kNoKnit, another suit's part as it is.
constexpr int kNoKnit = 3;
/// SuitPart::singles_class of a part holding no tile: it takes no knit class.
constexpr std::uint8_t kAnyKnitClass = 3;

/// One part of a suit: its counts by rank, its tiles and classes.
struct SuitPart {
  std::array<std::uint8_t, kTableMaxRanks> counts{};
  std::uint8_t tiles = 0;
  std::uint8_t classes = 0;
  /// The knitted straight: the options (bits, see kNoKnit) that leave exactly melds, and melds
  /// and one pair.
  std::uint8_t knit_melds = 0;
  std::uint8_t knit_melds_pair = 0;
  std::uint8_t singles_class = kAnyKnitClass;  ///< kPartSinglesKnitted: the ranks' knit class
  std::uint8_t doubles = 0;                    ///< singles: tiles held twice
};

/// A meldable suit as the walk uses it.
struct SuitPlan {
  TileId first = 0;
  int ranks = 0;
  bool sequences = false;
  int knit = -1;                ///< its place among the knit suits (KnitSuits), -1 when not one
  std::vector<SuitPart> parts;  ///< descending lexicographic counts
  int most_tiles = 0;           ///< most tiles a part holds
  /// next_of[n][i]: the first part at or after i holding n tiles (parts.size() when none), so
  /// the walk steps only through parts of the sizes that can still complete the hand.
  std::vector<std::vector<std::uint32_t>> next_of;

  void index_sizes() {
    next_of.assign(
        static_cast<std::size_t>(most_tiles) + 1,
        std::vector<std::uint32_t>(parts.size() + 1, static_cast<std::uint32_t>(parts.size())));
    for (std::size_t i = parts.size(); i-- > 0;) {
      for (std::size_t n = 0; n < next_of.size(); ++n) next_of[n][i] = next_of[n][i + 1];
      next_of[parts[i].tiles][i] = static_cast<std::uint32_t>(i);
    }
  }
};

/// Which forms the walk tracks, and what each part class means for them.
struct FormsPlan {
  bool melds = false;  ///< a melds form with one pair (or none)
  bool pairs = false;
  bool set = false;
  int pairs_pungs = 0;           ///< most pungs beside the pairs, over the pairs forms
  bool pairs_fours = false;      ///< some pairs form counts four of a kind as two pairs
  TileMask set_tiles = 0;        ///< the union of the set forms' tiles
  bool knitted = false;          ///< a knitted-straight form
  bool singles_knitted = false;  ///< a singles form of knitted suits of this size
  bool singles_gapped = false;   ///< a singles form of gapped suits of this size
  int singles_doubles = 0;       ///< most tiles held twice, over the singles forms
  int singles_gap = 9;           ///< least gap, over the gapped singles forms
  TileMask singles_honours = 0;  ///< the union of the singles forms' honours
};

[[noreturn]] void unsupported(const std::string& what) {
  throw AnalysisError("corpus enumerate: " + what + " is not supported yet (docs/corpus.md)");
}

/// The forms the walk tracks for hands of `size` tiles: a pairs or set form only where its
/// tiles make that size.
FormsPlan plan_forms(const RuleSet& rules, int size) {
  FormsPlan plan;
  for (const FormSpec& form : rules.forms()) {
    if (!form.enabled) continue;
    switch (form.type) {
      case FormType::melds:
        if (form.pairs > 1) {
          unsupported("a melds form with " + std::to_string(form.pairs) + " pairs");
        }
        plan.melds = true;
        break;
      case FormType::pairs:
        if (2 * form.pairs + 3 * form.pungs != size) break;
        plan.pairs = true;
        plan.pairs_pungs = std::max<int>(plan.pairs_pungs, form.pungs);
        plan.pairs_fours = plan.pairs_fours || form.four_as_two_pairs;
        break;
      case FormType::set:
        if (form.set_tiles.size() + 1 != static_cast<std::size_t>(size)) break;
        plan.set = true;
        for (const TileId t : form.set_tiles) plan.set_tiles |= tile_bit(t);
        break;
      case FormType::wildcards:
        break;  // no wildcards are held: it never applies
      case FormType::knitted:
        // Three knits of 3 tiles, melds and the pair: 11 tiles or more.
        if (size >= 3 * kKnitClasses + 2) plan.knitted = true;
        break;
      case FormType::singles:
        if (form.hand_tiles != size) break;
        if (form.singles_suits == SinglesSuits::knitted) {
          plan.singles_knitted = true;
        } else {
          plan.singles_gapped = true;
          plan.singles_gap = std::min<int>(plan.singles_gap, form.gap);
        }
        plan.singles_doubles = std::max<int>(plan.singles_doubles, form.pairs);
        plan.singles_honours |= form.single_tiles;
        break;
    }
  }
  return plan;
}

/// Fills in the knitted straight's options of `part` (knit_melds, knit_melds_pair): for a knit
/// suit, each class whose knit the part holds and whose rest is melds (and the pair); for another
/// suit, the part as it is. `key` is the part's suit-table key.
void knitted_options(const SuitPlan& suit, const SuitTables& tables, const std::uint8_t* win,
                     std::uint32_t key, SuitPart& part) {
  const auto add = [&](int option, std::uint8_t entry) {
    if ((entry & 0x0F) == 0) part.knit_melds |= static_cast<std::uint8_t>(1U << option);
    if ((entry >> 4) == 0) part.knit_melds_pair |= static_cast<std::uint8_t>(1U << option);
  };
  if (suit.knit < 0) {
    add(kNoKnit, win[key]);
    return;
  }
  for (int c = 0; c < kKnitClasses; ++c) {
    std::uint32_t rest = key;
    bool holds = true;
    for (int r = c; r < suit.ranks && holds; r += kKnitClasses) {
      holds = part.counts[static_cast<std::size_t>(r)] > 0;
      rest -= tables.step(r);
    }
    if (holds) add(c, win[rest]);
  }
}

/// Fills in what the singles forms see in `part`: its doubles, and whether its ranks are of one
/// knit class (which) or a gap apart.
std::uint8_t singles_classes(const FormsPlan& forms, const SuitPlan& suit, SuitPart& part) {
  int last_rank = -1;
  bool gapped = true;
  int knit_class_seen = kAnyKnitClass;
  bool one_class = true;
  for (int r = 0; r < suit.ranks; ++r) {
    const int n = part.counts[static_cast<std::size_t>(r)];
    if (n == 0) continue;
    if (n > 2 || (n == 2 && forms.singles_doubles == 0)) return 0;
    part.doubles = static_cast<std::uint8_t>(part.doubles + (n == 2 ? 1 : 0));
    if (!suit.sequences) {
      if ((forms.singles_honours & tile_bit(static_cast<TileId>(suit.first + r))) == 0) return 0;
      continue;
    }
    if (last_rank >= 0 && r - last_rank < forms.singles_gap) gapped = false;
    last_rank = r;
    const int c = r % kKnitClasses;
    if (knit_class_seen != kAnyKnitClass && knit_class_seen != c) one_class = false;
    knit_class_seen = c;
  }
  if (part.doubles > forms.singles_doubles) return 0;
  std::uint8_t classes = 0;
  if (!suit.sequences) {
    // Honours: any singles form's.
    if (forms.singles_knitted) classes |= kPartSinglesKnitted;
    if (forms.singles_gapped) classes |= kPartSinglesGapped;
    return classes;
  }
  if (forms.singles_knitted && one_class && (suit.knit >= 0 || last_rank < 0)) {
    classes |= kPartSinglesKnitted;
    part.singles_class = static_cast<std::uint8_t>(knit_class_seen);
  }
  if (forms.singles_gapped && gapped) classes |= kPartSinglesGapped;
  return classes;
}

/// The classes of `part` of suit `suit` (melds bits from the suit tables' win entry at `key`),
/// with its knitted and singles details filled in.
std::uint8_t part_classes(const FormsPlan& forms, const SuitPlan& suit, const SuitTables& tables,
                          const std::uint8_t* win, std::uint32_t key, SuitPart& part) {
  const std::array<std::uint8_t, kTableMaxRanks>& c = part.counts;
  const std::uint8_t entry = win[key];
  std::uint8_t classes = 0;
  if (forms.melds) {
    if ((entry & 0x0F) == 0) classes |= kPartMelds;
    if ((entry >> 4) == 0) classes |= kPartMeldsPair;
  }
  bool pairs = forms.pairs;
  bool set = forms.set;
  for (int r = 0; r < suit.ranks; ++r) {
    const int n = c[static_cast<std::size_t>(r)];
    if (n == 0) continue;
    if (n == 1 || (n == 3 && forms.pairs_pungs == 0) || (n == 4 && !forms.pairs_fours)) {
      pairs = false;
    }
    const TileId tile = static_cast<TileId>(suit.first + r);
    if (n > 2 || (forms.set_tiles & tile_bit(tile)) == 0) set = false;
  }
  if (pairs) classes |= kPartPairs;
  if (set) classes |= kPartSet;
  if (forms.knitted) {
    knitted_options(suit, tables, win, key, part);
    if ((part.knit_melds | part.knit_melds_pair) != 0) classes |= kPartKnitted;
  }
  if (forms.singles_knitted || forms.singles_gapped) classes |= singles_classes(forms, suit, part);
  return classes;
}

/// Lists the parts of one suit of at most `most` tiles, without the kinds of `wild`, in descending
/// lexicographic order of their counts.
void list_parts(const FormsPlan& forms, const SuitLayout& layout, TileMask wild, int most,
                SuitPlan& suit) {
  const SuitTables& tables = SuitTables::of(SuitShape{layout.ranks, layout.chows, layout.copies});
  const std::uint8_t* win = tables.win(true);
  std::array<std::uint8_t, kTableMaxRanks> counts{};
  const auto walk = [&](auto&& self, int rank, int left, std::uint32_t key) -> void {
    if (rank == suit.ranks) {
      SuitPart part;
      part.counts = counts;
      part.tiles = static_cast<std::uint8_t>(most - left);
      part.classes = part_classes(forms, suit, tables, win, key, part);
      if (part.classes != 0) {
        suit.most_tiles = std::max<int>(suit.most_tiles, part.tiles);
        suit.parts.push_back(part);
      }
      return;
    }
    const TileId tile = static_cast<TileId>(suit.first + rank);
    const int top = (wild & tile_bit(tile)) != 0 ? 0 : std::min<int>(layout.copies, left);
    for (int n = top; n >= 0; --n) {
      counts[static_cast<std::size_t>(rank)] = static_cast<std::uint8_t>(n);
      self(self, rank + 1, left - n, key + static_cast<std::uint32_t>(n) * tables.step(rank));
    }
    counts[static_cast<std::size_t>(rank)] = 0;
  };
  walk(walk, 0, most, 0);
}

/// The walk's state: which forms are still possible given the parts joined so far.
struct WalkState {
  bool melds = false;  ///< every part melds, or melds and the one pair
  bool pair_used = false;
  bool pairs = false;
  bool set = false;
  /// The knitted straight: the reachable (knit classes taken, pair taken) pairs, bit
  /// `classes | pair << 3`; complete at bit 15 (every class, the pair).
  std::uint16_t knitted = 0;
  bool singles_knitted = false;
  bool singles_gapped = false;
  std::uint8_t singles_classes = 0;  ///< knit classes the singles' suits took
  std::uint8_t doubles = 0;          ///< singles: tiles held twice so far
};

/// The knitted straight's states after joining `part` (WalkState::knitted).
std::uint16_t knitted_after(std::uint16_t states, const SuitPart& part) {
  std::uint16_t next = 0;
  for (int s = 0; s < 16; ++s) {
    if ((states >> s & 1U) == 0) continue;
    const int taken = s & 7;
    const bool pair = (s & 8) != 0;
    for (int option = 0; option <= kNoKnit; ++option) {
      if (option < kNoKnit && (taken >> option & 1) != 0) continue;
      const int now = option < kNoKnit ? taken | 1 << option : taken;
      if ((part.knit_melds >> option & 1U) != 0) {
        next |= static_cast<std::uint16_t>(1U << (now | (pair ? 8 : 0)));
      }
      if (!pair && (part.knit_melds_pair >> option & 1U) != 0) {
        next |= static_cast<std::uint16_t>(1U << (now | 8));
      }
    }
  }
  return next;
}

/// The knitted straight's complete state: every knit class taken, and the pair.
constexpr int kKnittedComplete = 15;

class Enumerator {
 public:
  Enumerator(const RuleSet& rules, int size, const CompleteHandVisitor& visit)
      : rules_(rules), size_(size), visit_(visit), forms_(plan_forms(rules, size)) {
    counts_.by_form.assign(rules.forms().size(), 0);
    // Kinds a hand of this corpus never holds: wild kinds (no wildcards are held) and the
    // forbidden tiles (a hand holding one never wins).
    TileMask wild = rules.forbidden_tiles();
    for (const TileId t : rules.wildcards().tiles) wild |= tile_bit(t);
    for (const SuitLayout& layout : rules.suit_layouts()) {
      if (!layout.regular) {
        unsupported("a suit the lookup tables do not model (" + rules.suits()[layout.suit].name +
                    ")");
      }
      SuitPlan suit;
      suit.first = layout.first;
      suit.ranks = layout.ranks;
      suit.sequences = layout.sequences;
      const KnitSuits& knits = rules.knit_suits();
      for (std::size_t k = 0; k < knits.suits.size() && knits.complete; ++k) {
        if (knits.suits[k] == layout.suit) suit.knit = static_cast<int>(k);
      }
      list_parts(forms_, layout, wild, size, suit);
      suit.index_sizes();
      suits_.push_back(std::move(suit));
    }
    // reach_[i]: bit n set when suits i.. can hold n tiles together.
    reach_.assign(suits_.size() + 1, 0);
    reach_[suits_.size()] = 1;
    for (std::size_t i = suits_.size(); i-- > 0;) {
      std::uint32_t sizes = 0;
      for (const SuitPart& part : suits_[i].parts) sizes |= std::uint32_t{1} << part.tiles;
      for (int n = 0; n <= size_; ++n) {
        if ((sizes >> n & 1U) != 0) reach_[i] |= reach_[i + 1] << n;
      }
      reach_[i] &= (std::uint32_t{2} << size_) - 1;
    }
  }

  EnumerationCounts run() {
    WalkState start;
    start.melds = forms_.melds;
    start.pairs = forms_.pairs;
    start.set = forms_.set;
    start.knitted = forms_.knitted ? 1 : 0;
    start.singles_knitted = forms_.singles_knitted;
    start.singles_gapped = forms_.singles_gapped;
    walk(0, size_, start);
    return counts_;
  }

 private:
  void walk(std::size_t suit, int left, const WalkState& state) {
    if (suit == suits_.size()) {
      if (left == 0) decide(state);
      return;
    }
    const SuitPlan& plan = suits_[suit];
    const TileId first = plan.first;
    // The part sizes after which the suits left can still hold the tiles left.
    std::array<std::uint32_t, 32> sizes{};
    std::size_t size_count = 0;
    for (int n = std::min(left, plan.most_tiles); n >= 0; --n) {
      if ((reach_[suit + 1] >> (left - n) & 1U) != 0) {
        sizes[size_count++] = static_cast<std::uint32_t>(n);
      }
    }
    const auto next_part = [&](std::size_t from) {
      std::uint32_t best = static_cast<std::uint32_t>(plan.parts.size());
      for (std::size_t k = 0; k < size_count; ++k) {
        best = std::min(best, plan.next_of[sizes[k]][from]);
      }
      return static_cast<std::size_t>(best);
    };
    for (std::size_t i = next_part(0); i < plan.parts.size(); i = next_part(i + 1)) {
      const SuitPart& part = plan.parts[i];
      WalkState next;
      next.melds = state.melds && ((part.classes & kPartMelds) != 0 ||
                                   ((part.classes & kPartMeldsPair) != 0 && !state.pair_used));
      next.pair_used = state.pair_used || (part.classes & kPartMelds) == 0;
      next.pairs = state.pairs && (part.classes & kPartPairs) != 0;
      next.set = state.set && (part.classes & kPartSet) != 0;
      next.knitted = state.knitted != 0 && (part.classes & kPartKnitted) != 0
                         ? knitted_after(state.knitted, part)
                         : 0;
      next.doubles = static_cast<std::uint8_t>(state.doubles + part.doubles);
      const bool singles_room = next.doubles <= forms_.singles_doubles;
      next.singles_classes = state.singles_classes;
      next.singles_knitted =
          state.singles_knitted && singles_room && (part.classes & kPartSinglesKnitted) != 0;
      if (next.singles_knitted && part.singles_class != kAnyKnitClass) {
        const auto bit = static_cast<std::uint8_t>(1U << part.singles_class);
        next.singles_knitted = (state.singles_classes & bit) == 0;
        next.singles_classes = static_cast<std::uint8_t>(state.singles_classes | bit);
      }
      next.singles_gapped =
          state.singles_gapped && singles_room && (part.classes & kPartSinglesGapped) != 0;
      if (!next.melds && !next.pairs && !next.set && next.knitted == 0 && !next.singles_knitted &&
          !next.singles_gapped) {
        continue;
      }
      for (std::size_t r = 0; r < static_cast<std::size_t>(plan.ranks); ++r) {
        hand_.counts[first + r] = part.counts[r];
      }
      walk(suit + 1, left - part.tiles, next);
    }
    for (std::size_t r = 0; r < static_cast<std::size_t>(plan.ranks); ++r) {
      hand_.counts[first + r] = 0;
    }
  }

  /// A joined hand: decided by the engine; its forms found where more than one could hold.
  void decide(const WalkState& state) {
    ++counts_.candidates;
    if (!is_win(rules_, hand_)) return;
    // The forms the walk kept possible: every form the hand is complete in is one of them.
    const std::vector<FormSpec>& specs = rules_.forms();
    FormMask kept = 0;
    for (std::size_t f = 0; f < specs.size(); ++f) {
      const FormSpec& form = specs[f];
      const bool singles = form.type == FormType::singles && form.hand_tiles == size_ &&
                           form.pairs == state.doubles &&
                           (form.singles_suits == SinglesSuits::knitted ? state.singles_knitted
                                                                        : state.singles_gapped);
      const bool possible =
          form.enabled &&
          ((form.type == FormType::melds && state.melds && state.pair_used == (form.pairs == 1)) ||
           (form.type == FormType::pairs && state.pairs) ||
           (form.type == FormType::set && state.set) ||
           (form.type == FormType::knitted && (state.knitted >> kKnittedComplete & 1U) != 0) ||
           singles);
      if (possible) kept |= FormMask{1} << f;
    }
    // One possible form, and the hand wins: it is that form. Otherwise each is asked.
    FormMask forms = kept;
    if ((kept & (kept - 1)) != 0) {
      for (std::size_t f = 0; f < specs.size(); ++f) {
        if ((kept >> f & 1U) != 0 && form_shanten(rules_, hand_, f) != -1) {
          forms &= ~(FormMask{1} << f);
        }
      }
    }
    ++counts_.hands;
    for (std::size_t f = 0; f < specs.size(); ++f) {
      if ((forms >> f & 1U) != 0) ++counts_.by_form[f];
    }
    if (visit_) visit_(hand_, forms);
  }

  const RuleSet& rules_;
  int size_;
  const CompleteHandVisitor& visit_;
  FormsPlan forms_;
  std::vector<SuitPlan> suits_;
  std::vector<std::uint32_t> reach_;
  Hand hand_;
  EnumerationCounts counts_;
};

}  // namespace

void check_enumeration_size(const RuleSet& rules, int size) {
  if (size < 2 || size % 3 != 2 || size > rules.hand_tiles()) {
    throw AnalysisError("corpus enumerate: --size must be 3n + 2 tiles, from 2 to the rule set's " +
                        std::to_string(int{rules.hand_tiles()}) + ", got " + std::to_string(size));
  }
}

void check_natural_enumeration(const RuleSet& rules, int size) {
  check_enumeration_size(rules, size);
  static_cast<void>(Enumerator(rules, size, {}));
}

EnumerationCounts enumerate_complete_hands(const RuleSet& rules, int size,
                                           const CompleteHandVisitor& visit) {
  check_enumeration_size(rules, size);
  return Enumerator(rules, size, visit).run();
}

}  // namespace meldgraph
