// corpus enumerate --wildcards K (corpus.hpp, docs/corpus.md): every complete hand holding K
// wildcards. The natural tiles come from the pruned walk (wildcard_walk.cpp) where it
// models the rule set, otherwise from a bounded walk over every multiset of natural tiles; each
// hand is decided by is_win.

#include <algorithm>
#include <memory>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/transform.hpp>
#include <string>
#include <utility>
#include <vector>

#include "enumerate.hpp"
#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/queries/queries.hpp"

namespace meldgraph {
namespace {

namespace views = ranges::views;

/// A kind of wildcard the set holds, and how many.
struct WildKind {
  bool joker = false;
  TileId tile = kNoTile;
  int copies = 0;
};

/// Multisets of `size` items over kinds with the given copies (saturating at `cap`).
std::uint64_t multisets(const std::vector<int>& copies, int size, std::uint64_t cap) {
  std::vector<std::uint64_t> ways(static_cast<std::size_t>(size) + 1, 0);
  ways[0] = 1;
  for (const int c : copies) {
    std::vector<std::uint64_t> next(ways.size(), 0);
    for (int n = 0; n <= size; ++n) {
      for (int k = 0; k <= c && k <= n; ++k) {
        next[n] = std::min(cap, next[n] + ways[n - k]);
      }
    }
    ways = std::move(next);
  }
  return ways[size];
}

class WildEnumerator {
 public:
  WildEnumerator(const RuleSet& rules, int size, int wildcards, const CompleteHandVisitor& visit,
                 WildcardWalk walk)
      : rules_(rules),
        size_(size),
        wildcards_(wildcards),
        visit_(visit),
        pruned_(walk == WildcardWalk::pruned_where_modelled &&
                PrunedNaturalWalk::models(rules, size, wildcards)) {
    counts_.by_form.assign(rules.forms().size(), 0);
    for (std::size_t f = 0; f < rules.forms().size(); ++f) {
      if (rules.forms()[f].enabled && !rules.forms()[f].scored_only) {
        every_form_ |= FormMask{1} << f;
      }
    }
    const TileMask wild = rules.fixed_wild_tiles();
    if (rules.wildcards().jokers > 0) {
      kinds_.push_back({true, kNoTile, static_cast<int>(rules.wildcards().jokers)});
    }
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      if ((wild & tile_bit(t)) != 0) {
        kinds_.push_back({false, t, rules.tile(t).copies});
      } else if (t < rules.meldable_count() && (rules.forbidden_tiles() & tile_bit(t)) == 0) {
        naturals_.push_back(t);
      }
    }
    hand_.wild_tiles = wild;
  }

  /// Throws AnalysisError when the set holds fewer wildcards or the walk would be too long.
  void check() const {
    const std::vector<int> wild_copies =
        kinds_ | views::transform(&WildKind::copies) | ranges::to_vector;
    const std::uint64_t splits = multisets(wild_copies, wildcards_, kMaxWildcardCandidates + 1);
    if (splits == 0) {
      throw AnalysisError("--wildcards " + std::to_string(wildcards_) + ": rule set '" +
                          rules_.name() + "' holds fewer wildcards");
    }
    if (pruned_) return;  // its work is bounded by the hands it finds
    const auto copies = [this](TileId t) { return int{rules_.tile(t).copies}; };
    const std::vector<int> natural_copies =
        naturals_ | views::transform(copies) | ranges::to_vector;
    const std::uint64_t naturals =
        multisets(natural_copies, size_ - wildcards_, kMaxWildcardCandidates + 1);
    if (naturals > kMaxWildcardCandidates || splits * naturals > kMaxWildcardCandidates) {
      throw AnalysisError("--wildcards " + std::to_string(wildcards_) + ": " +
                          std::to_string(size_) + "-tile hands would need more than " +
                          std::to_string(kMaxWildcardCandidates) +
                          " candidates (the walk tries every multiset of natural tiles); "
                          "use a smaller --size");
    }
  }

  [[nodiscard]] bool pruned() const { return pruned_; }

  EnumerationCounts run() {
    check();
    if (pruned_) walker_ = std::make_unique<PrunedNaturalWalk>(rules_, size_, wildcards_);
    place_wildcards(0, wildcards_);
    return counts_;
  }

 private:
  /// Splits the remaining wildcards over kinds[k...], most of the first kind first.
  void place_wildcards(std::size_t k, int left) {
    if (k == kinds_.size()) {
      if (left != 0) return;
      if (walker_) {
        walker_->walk(hand_, [this](FormMask possible) { decide(possible); });
      } else {
        place_naturals(0, size_ - wildcards_);
      }
      return;
    }
    const WildKind& kind = kinds_[k];
    for (int n = std::min(left, kind.copies); n >= 0; --n) {
      set_wild(kind, n);
      place_wildcards(k + 1, left - n);
    }
    set_wild(kind, 0);
  }

  void set_wild(const WildKind& kind, int n) {
    if (kind.joker) {
      hand_.jokers = static_cast<std::uint8_t>(n);
    } else {
      hand_.counts[kind.tile] = static_cast<std::uint8_t>(n);
    }
  }

  /// Naturals over naturals_[i...], most copies of the lowest tile first: the canonical order.
  void place_naturals(std::size_t i, int left) {
    if (left == 0) {
      decide(every_form_);
      return;
    }
    if (i == naturals_.size()) return;
    const TileId t = naturals_[i];
    for (int n = std::min(left, int{rules_.tile(t).copies}); n >= 0; --n) {
      hand_.counts[t] = static_cast<std::uint8_t>(n);
      place_naturals(i + 1, left - n);
    }
    hand_.counts[t] = 0;
  }

  /// A candidate, complete in none of the forms outside `possible`: decided by is_win; its
  /// forms are `possible` when that is one form, otherwise each is asked (form_shanten).
  void decide(FormMask possible) {
    ++counts_.candidates;
    if (!is_win(rules_, hand_)) return;
    FormMask mask = possible;
    if ((possible & (possible - 1)) != 0) {
      for (std::size_t f = 0; f < rules_.forms().size(); ++f) {
        if ((possible >> f & 1U) != 0 && form_shanten(rules_, hand_, f) != -1) {
          mask &= ~(FormMask{1} << f);
        }
      }
    }
    for (std::size_t f = 0; f < rules_.forms().size(); ++f) {
      if ((mask >> f & 1U) != 0) ++counts_.by_form[f];
    }
    ++counts_.hands;
    if (visit_) visit_(hand_, mask);
  }

  const RuleSet& rules_;
  int size_;
  int wildcards_;
  const CompleteHandVisitor& visit_;
  bool pruned_;              ///< the naturals come from the pruned walk
  FormMask every_form_ = 0;  ///< the forms is_win asks about
  std::unique_ptr<PrunedNaturalWalk> walker_;
  std::vector<WildKind> kinds_;
  std::vector<TileId> naturals_;
  Hand hand_;
  EnumerationCounts counts_;
};

}  // namespace

namespace {

void check_wildcard_count(int size, int wildcards) {
  if (wildcards < 0 || wildcards > size) {
    throw AnalysisError("--wildcards " + std::to_string(wildcards) + ": 0 to the hand's " +
                        std::to_string(size) + " tiles");
  }
}

}  // namespace

void check_enumeration(const RuleSet& rules, int size, int wildcards) {
  if (wildcards == 0) {
    check_natural_enumeration(rules, size);
    return;
  }
  check_enumeration_size(rules, size);
  check_wildcard_count(size, wildcards);
  WildEnumerator(rules, size, wildcards, {}, WildcardWalk::pruned_where_modelled).check();
}

bool wildcard_walk_pruned(const RuleSet& rules, int size, int wildcards) {
  return wildcards > 0 && PrunedNaturalWalk::models(rules, size, wildcards);
}

EnumerationCounts enumerate_complete_hands(const RuleSet& rules, int size, int wildcards,
                                           const CompleteHandVisitor& visit, WildcardWalk walk) {
  if (wildcards == 0) return enumerate_complete_hands(rules, size, visit);
  check_enumeration_size(rules, size);
  check_wildcard_count(size, wildcards);
  return WildEnumerator(rules, size, wildcards, visit, walk).run();
}

}  // namespace meldgraph
