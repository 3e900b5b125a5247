// corpus enumerate --wildcards K, the pruned walk (enumerate.hpp, docs/corpus.md): the
// natural tiles of a hand holding K wildcards, built suit by suit, extended only while some form
// could still complete them with K wildcards.
//
// Each suit's parts (count vectors within the copies, descending lexicographic order) carry lower
// bounds on the wildcards each modelled form needs in that suit: f0 and f1 of the uncapped win
// table (melds only; melds and one pair), the singles a pairs form must pair up, and whether the
// part fits a set form. The bounds are never above what is_win's forms need, whatever the
// wildcard rules (restricted stand-ins, capped copies, pair rules, max_in_win only need more), so
// no complete hand is pruned; each hand the walk reaches is still decided by is_win.

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "enumerate.hpp"
#include "meldgraph/tables/suit_tables.hpp"

namespace meldgraph {
namespace {

/// A part's bound that a form cannot meet at all.
constexpr std::uint8_t kNever = 255;
/// Most natural tiles of a hand the walk is asked about (hands hold at most 17 tiles).
constexpr int kMostTiles = 17;

/// One part of a suit and its bounds.
struct WildPart {
  std::array<std::uint8_t, kTableMaxRanks> counts{};
  std::uint8_t tiles = 0;
  std::uint8_t f0 = 0;  ///< wildcards making the part melds only (uncapped win table)
  std::uint8_t f1 = 0;  ///< ... melds and one pair
  /// Pairs forms: kinds held once (or three times, with no pungs beside the pairs), each needing
  /// a wildcard of its own; kNever without a pairs form.
  std::uint8_t singles = kNever;
  /// Set forms: kinds held twice (a set hand holds one); kNever when a tile is outside every set
  /// form's tiles or held more than twice, or without a set form.
  std::uint8_t doubles = kNever;
};

/// What the walk has joined so far: the bounds summed over the suits taken.
struct Spent {
  bool melds = false;   ///< a melds form is still possible
  int f0 = 0;           ///< sum of the parts' f0
  int least_delta = 0;  ///< least f1 - f0 over the parts, capped at 0
  bool pairs = false;
  int singles = 0;
  bool set = false;
  int doubles = 0;
};

/// The budgets a next part must meet for some form to stay possible (-1: that form is dead).
struct Budgets {
  int f0 = -1;  ///< the part's f0 at most this (its f1 - f0 not the least)
  int f1 = -1;  ///< or its f1 at most this (the pair's suit)
  int singles = -1;
  int doubles = -1;

  [[nodiscard]] bool admit(const WildPart& part) const {
    return part.f0 <= f0 || part.f1 <= f1 || part.singles <= singles || part.doubles <= doubles;
  }
};

/// A meldable suit, its parts and, per budget class, the parts each size admits.
struct WildSuit {
  TileId first = 0;
  int ranks = 0;
  std::vector<WildPart> parts;  ///< descending lexicographic counts
  /// The ranks a part may hold: the walk writes only these into the hand, whose counts of wild
  /// kinds are the split's wildcards.
  std::vector<std::size_t> held_ranks;
  std::uint32_t sizes = 0;  ///< bit n: some part holds n tiles
  /// By budget class (PrunedNaturalWalk::Impl::budget_class), built on first use: for each
  /// tile count, the indices of the parts of that count the class admits, ascending.
  std::map<int, std::array<std::vector<std::uint32_t>, kMostTiles + 1>> admitted;
};

/// Which forms the walk models for hands of `size` tiles with K wildcards (see models()).
struct WildFormsPlan {
  bool melds = false;
  bool pairs = false;
  int pairs_pungs = 0;  ///< most pungs beside the pairs, over the pairs forms
  bool set = false;
  TileMask set_tiles = 0;
  bool modelled = true;
  FormMask possible_melds = 0;  ///< the forms each walk state stands for
  FormMask possible_pairs = 0;
  FormMask possible_set = 0;
};

WildFormsPlan plan_wild_forms(const RuleSet& rules, int size, int wildcards) {
  WildFormsPlan plan;
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (!form.enabled) continue;
    const FormMask bit = FormMask{1} << f;
    switch (form.type) {
      case FormType::melds:
        // Two pairs or more: a part of pairs needs no wildcard though f0 and f1 say it does.
        if (form.pairs > 1) plan.modelled = false;
        plan.melds = true;
        plan.possible_melds |= bit;
        break;
      case FormType::pairs:
        if (2 * form.pairs + 3 * form.pungs != size) break;  // never applies
        plan.pairs = true;
        plan.pairs_pungs = std::max<int>(plan.pairs_pungs, form.pungs);
        plan.possible_pairs |= bit;
        break;
      case FormType::set:
        if (form.set_tiles.size() + 1 != static_cast<std::size_t>(size)) break;
        plan.set = true;
        for (const TileId t : form.set_tiles) plan.set_tiles |= tile_bit(t);
        plan.possible_set |= bit;
        break;
      case FormType::wildcards:
        // Held K < count: never complete. Otherwise every hand is: nothing to prune.
        if (form.count <= wildcards) plan.modelled = false;
        break;
      case FormType::knitted:
        if (size >= 3 * kKnitClasses + 2) plan.modelled = false;
        break;
      case FormType::singles:
        if (form.hand_tiles == size) plan.modelled = false;
        break;
    }
  }
  for (const SuitLayout& layout : rules.suit_layouts()) {
    if (!layout.regular) plan.modelled = false;
  }
  return plan;
}

}  // namespace

struct PrunedNaturalWalk::Impl {
  const RuleSet& rules;
  int naturals;   ///< natural tiles in a hand
  int wildcards;  ///< K
  WildFormsPlan forms;
  std::vector<WildSuit> suits;
  std::vector<std::uint32_t> reach;  ///< bit n: suits i.. can hold n tiles together
  Hand* hand = nullptr;
  const Leaf* leaf = nullptr;

  Impl(const RuleSet& r, int size, int k)
      : rules(r), naturals(size - k), wildcards(k), forms(plan_wild_forms(r, size, k)) {
    TileMask never = rules.forbidden_tiles() | rules.fixed_wild_tiles();
    for (const SuitLayout& layout : rules.suit_layouts()) {
      WildSuit suit;
      suit.first = layout.first;
      suit.ranks = layout.ranks;
      list_parts(layout, never, suit);
      suits.push_back(std::move(suit));
    }
    reach.assign(suits.size() + 1, 0);
    reach[suits.size()] = 1;
    for (std::size_t i = suits.size(); i-- > 0;) {
      for (int n = 0; n <= naturals; ++n) {
        if ((suits[i].sizes >> n & 1U) != 0) reach[i] |= reach[i + 1] << n;
      }
      reach[i] &= (std::uint32_t{2} << naturals) - 1;
    }
  }

  /// The part's bounds (`first`: the suit's lowest tile); false when no form could take it
  /// with K wildcards.
  bool bound(const SuitTables& tables, std::uint32_t key, TileId first, WildPart& part) const {
    const std::uint8_t entry = tables.win(false)[key];
    part.f0 = forms.melds ? static_cast<std::uint8_t>(entry & 15U) : kNever;
    part.f1 = forms.melds ? static_cast<std::uint8_t>(entry >> 4U) : kNever;
    int singles = 0;
    int doubles = 0;
    bool in_set = true;
    for (int r = 0; r < kTableMaxRanks; ++r) {
      const int n = part.counts[static_cast<std::size_t>(r)];
      if (n == 0) continue;
      if (n == 1 || (n == 3 && forms.pairs_pungs == 0)) ++singles;
      if (n == 2) ++doubles;
      if (n > 2 || (forms.set_tiles & tile_bit(static_cast<TileId>(first + r))) == 0) {
        in_set = false;
      }
    }
    part.singles = forms.pairs ? static_cast<std::uint8_t>(singles) : kNever;
    part.doubles =
        forms.set && in_set && doubles <= 1 ? static_cast<std::uint8_t>(doubles) : kNever;
    return Budgets{wildcards, wildcards, wildcards, 1}.admit(part);
  }

  /// Lists the parts of one suit of at most `naturals` tiles that some form could take, the
  /// kinds of `never` held by none.
  void list_parts(const SuitLayout& layout, TileMask never, WildSuit& suit) const {
    const SuitTables& tables = SuitTables::of(SuitShape{layout.ranks, layout.chows, layout.copies});
    WildPart part;
    const auto walk = [&](auto&& self, int rank, int left, std::uint32_t key) -> void {
      if (rank == suit.ranks) {
        part.tiles = static_cast<std::uint8_t>(naturals - left);
        if (bound(tables, key, suit.first, part)) {
          suit.sizes |= std::uint32_t{1} << part.tiles;
          suit.parts.push_back(part);
        }
        return;
      }
      const TileId tile = static_cast<TileId>(suit.first + rank);
      const int top = (never & tile_bit(tile)) == 0 ? std::min<int>(layout.copies, left) : 0;
      for (int n = top; n >= 0; --n) {
        part.counts[static_cast<std::size_t>(rank)] = static_cast<std::uint8_t>(n);
        self(self, rank + 1, left - n, key + static_cast<std::uint32_t>(n) * tables.step(rank));
      }
      part.counts[static_cast<std::size_t>(rank)] = 0;
    };
    walk(walk, 0, naturals, 0);
    for (int r = 0; r < suit.ranks; ++r) {
      if ((never & tile_bit(static_cast<TileId>(suit.first + r))) == 0) {
        suit.held_ranks.push_back(static_cast<std::size_t>(r));
      }
    }
  }

  [[nodiscard]] Budgets budgets(const Spent& spent) const {
    Budgets b;
    if (spent.melds) {
      b.f0 = wildcards - spent.f0 - spent.least_delta;
      b.f1 = std::max(-1, wildcards - spent.f0);
    }
    if (spent.pairs) b.singles = wildcards - spent.singles;
    if (spent.set) b.doubles = 1 - spent.doubles;
    return b;
  }

  [[nodiscard]] int budget_class(const Budgets& b) const {
    const int k = wildcards + 2;
    return (((b.f0 + 1) * k + (b.f1 + 1)) * k + (b.singles + 1)) * 3 + (b.doubles + 1);
  }

  /// The parts of `suit` the budgets admit, by tile count (listed on first use, in suit.admitted).
  const std::array<std::vector<std::uint32_t>, kMostTiles + 1>& admitted(WildSuit& suit,
                                                                         const Budgets& b) const {
    const int key = budget_class(b);
    auto found = suit.admitted.find(key);
    if (found != suit.admitted.end()) return found->second;
    std::array<std::vector<std::uint32_t>, kMostTiles + 1> lists;
    for (std::size_t i = 0; i < suit.parts.size(); ++i) {
      if (b.admit(suit.parts[i])) {
        lists[suit.parts[i].tiles].push_back(static_cast<std::uint32_t>(i));
      }
    }
    return suit.admitted.emplace(key, std::move(lists)).first->second;
  }

  [[nodiscard]] Spent after(const Spent& spent, const WildPart& part) const {
    Spent next;
    next.f0 = spent.f0 + part.f0;
    next.least_delta = std::min(spent.least_delta, part.f1 - part.f0);
    next.melds = spent.melds && next.f0 + next.least_delta <= wildcards;
    next.singles = spent.singles + part.singles;
    next.pairs = spent.pairs && next.singles <= wildcards;
    next.doubles = spent.doubles + part.doubles;
    next.set = spent.set && next.doubles <= 1;
    return next;
  }

  void walk(std::size_t s, int left, const Spent& spent) {
    if (s == suits.size()) {
      if (left == 0) {
        FormMask possible = 0;
        if (spent.melds) possible |= forms.possible_melds;
        if (spent.pairs) possible |= forms.possible_pairs;
        if (spent.set) possible |= forms.possible_set;
        (*leaf)(possible);
      }
      return;
    }
    WildSuit& suit = suits[s];
    const auto& lists = admitted(suit, budgets(spent));
    // One cursor per tile count after which the suits left can still hold the tiles left.
    std::array<const std::vector<std::uint32_t>*, kMostTiles + 1> sources{};
    std::array<std::size_t, kMostTiles + 1> at{};
    std::size_t count = 0;
    for (int n = left; n >= 0; --n) {
      if ((reach[s + 1] >> (left - n) & 1U) != 0 && !lists[static_cast<std::size_t>(n)].empty()) {
        sources[count++] = &lists[static_cast<std::size_t>(n)];
      }
    }
    const TileId first = suit.first;
    for (;;) {
      // The next part in the suit's order: the least index over the cursors.
      std::size_t best = count;
      std::uint32_t best_index = 0;
      for (std::size_t c = 0; c < count; ++c) {
        if (at[c] < sources[c]->size() && (best == count || (*sources[c])[at[c]] < best_index)) {
          best = c;
          best_index = (*sources[c])[at[c]];
        }
      }
      if (best == count) break;
      ++at[best];
      const WildPart& part = suit.parts[best_index];
      for (const std::size_t r : suit.held_ranks) hand->counts[first + r] = part.counts[r];
      walk(s + 1, left - part.tiles, after(spent, part));
    }
    for (const std::size_t r : suit.held_ranks) hand->counts[first + r] = 0;
  }
};

bool PrunedNaturalWalk::models(const RuleSet& rules, int size, int wildcards) {
  return wildcards > 0 && plan_wild_forms(rules, size, wildcards).modelled;
}

PrunedNaturalWalk::PrunedNaturalWalk(const RuleSet& rules, int size, int wildcards)
    : impl_(std::make_unique<Impl>(rules, size, wildcards)) {}

PrunedNaturalWalk::~PrunedNaturalWalk() = default;

void PrunedNaturalWalk::walk(Hand& hand, const Leaf& leaf) {
  impl_->hand = &hand;
  impl_->leaf = &leaf;
  Spent start;
  start.melds = impl_->forms.melds;
  start.pairs = impl_->forms.pairs;
  start.set = impl_->forms.set;
  impl_->walk(0, impl_->naturals, start);
}

}  // namespace meldgraph
