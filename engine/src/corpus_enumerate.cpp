/// Every complete hand of a size, in canonical order (corpus.hpp, docs/corpus.md).
///
/// A hand is built suit by suit. For each meldable suit the parts it may hold are listed once:
/// count vectors within the copies, in descending lexicographic order (more of the lowest rank
/// first), each with the forms it keeps possible: a part of exactly melds or of melds and one
/// pair (the suit tables' win entry), a part of pairs (and the pungs a pairs form allows), a part
/// of a set form's tiles. A depth-first walk over the suits joins parts while some form stays
/// possible and the tiles add up to the size; each joined hand is a candidate, decided by
/// is_win. The walk's order makes the output ascending as sorted tile sequences, and no hand is
/// met twice, so nothing is sorted or deduplicated afterwards.

#include <algorithm>
#include <array>
#include <string>

#include "meldgraph/corpus.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/queries.hpp"
#include "meldgraph/suit_tables.hpp"

namespace meldgraph {

namespace {

/// What a suit part keeps possible (bits of PartClass) and its tiles.
enum PartClass : std::uint8_t {
  kPartMelds = 1,      ///< exactly melds (the empty part included)
  kPartMeldsPair = 2,  ///< exactly melds and one pair
  kPartPairs = 4,      ///< counts a pairs form may hold (no single; threes only with pungs)
  kPartSet = 8,        ///< within a set form's tiles, each at most twice
};

/// One part of a suit: its counts by rank, its tiles and classes.
struct SuitPart {
  std::array<std::uint8_t, kTableMaxRanks> counts{};
  std::uint8_t tiles = 0;
  std::uint8_t classes = 0;
};

/// A meldable suit as the walk uses it.
struct SuitPlan {
  TileId first = 0;
  int ranks = 0;
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
  int pairs_pungs = 0;       ///< most pungs beside the pairs, over the pairs forms
  bool pairs_fours = false;  ///< some pairs form counts four of a kind as two pairs
  TileMask set_tiles = 0;    ///< the union of the set forms' tiles
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
      case FormType::singles:
        unsupported("the form '" + form.name + "'");
    }
  }
  return plan;
}

/// The classes of a part with counts `c` of suit `plan` (melds bits from the win entry).
std::uint8_t part_classes(const FormsPlan& forms, const SuitPlan& suit,
                          const std::array<std::uint8_t, kTableMaxRanks>& c, std::uint8_t entry) {
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
  return classes;
}

/// Lists the parts of one suit of at most `most` tiles, without the kinds of `wild`, in descending
/// lexicographic order of their counts.
void list_parts(const FormsPlan& forms, const SuitLayout& layout, TileMask wild, int most,
                SuitPlan& suit) {
  const SuitTables& tables =
      SuitTables::of(SuitShape{layout.ranks, layout.sequences, layout.copies});
  const std::uint8_t* win = tables.win(true);
  std::array<std::uint8_t, kTableMaxRanks> counts{};
  const auto walk = [&](auto&& self, int rank, int left, std::uint32_t key) -> void {
    if (rank == suit.ranks) {
      const auto tiles = static_cast<std::uint8_t>(most - left);
      const std::uint8_t classes = part_classes(forms, suit, counts, win[key]);
      if (classes != 0) {
        suit.parts.push_back({counts, tiles, classes});
        suit.most_tiles = std::max<int>(suit.most_tiles, tiles);
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
};

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
      if (!layout.table_shape) {
        unsupported("a suit the lookup tables do not model (" + rules.suits()[layout.suit].name +
                    ")");
      }
      SuitPlan suit;
      suit.first = layout.first;
      suit.ranks = layout.ranks;
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
      if (!next.melds && !next.pairs && !next.set) continue;
      for (std::size_t r = 0; r < static_cast<std::size_t>(plan.ranks); ++r) {
        hand_.counts[first + r] = part.counts[r];
      }
      walk(suit + 1, left - part.tiles, next);
    }
    for (std::size_t r = 0; r < static_cast<std::size_t>(plan.ranks); ++r)
      hand_.counts[first + r] = 0;
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
      const bool possible =
          form.enabled &&
          ((form.type == FormType::melds && state.melds && state.pair_used == (form.pairs == 1)) ||
           (form.type == FormType::pairs && state.pairs) ||
           (form.type == FormType::set && state.set));
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

EnumerationCounts enumerate_complete_hands(const RuleSet& rules, int size,
                                           const CompleteHandVisitor& visit) {
  if (size < 2 || size % 3 != 2 || size > rules.hand_tiles()) {
    throw AnalysisError("corpus enumerate: --size must be 3n + 2 tiles, from 2 to the rule set's " +
                        std::to_string(int{rules.hand_tiles()}) + ", got " + std::to_string(size));
  }
  return Enumerator(rules, size, visit).run();
}

}  // namespace meldgraph
