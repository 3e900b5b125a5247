// The solvers of shanten by form (see solver.hpp).

#include "solver.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "form_costs.hpp"
#include "meldgraph/model/error.hpp"

namespace meldgraph::shanten_detail {

namespace {
/// The most assignments of restricted wildcards priced for one hand (see ConstrainedSolver).
constexpr std::size_t kMaxAssignments = 4096;
}  // namespace

ShantenSolver::ShantenSolver(const RuleSet& rules, const Profile& profile, int target, bool draws)
    : rules_(rules), profile_(profile), target_(target), suits_(suit_ranges(rules)) {
  const Limits limits = make_limits(rules_, profile_);
  for (std::size_t f = 0; draws && f < rules_.forms().size(); ++f) {
    const FormSpec& form = rules_.forms()[f];
    if (!form.enabled || form.type != FormType::melds) continue;
    const auto [melds, applies] = meld_count(form);
    if (applies) melds_.push_back(kept_tables(f, melds, limits));
  }
  base_ = evaluate(profile_, limits, nullptr);
}

ShantenSolver::MeldsCache ShantenSolver::kept_tables(std::size_t f, int melds,
                                                     const Limits& limits) {
  MeldsCache cache{f, search_for(rules_.forms()[f], profile_, melds), {}, {}};
  for (const SuitRange& suit : suits_) {
    cache.tables.push_back(cache.search.suit_table(profile_, limits, suit, scratch_));
  }
  // without[s]: every suit but s combined, so that a draw in suit s combines two tables.
  const std::size_t n = suits_.size();
  std::vector<NeedTable> prefix(n + 1, cache.search.unit());
  std::vector<NeedTable> suffix(n + 1, cache.search.unit());
  for (std::size_t s = 0; s < n; ++s) {
    prefix[s + 1] = cache.search.combine(prefix[s], cache.tables[s]);
    suffix[n - 1 - s] = cache.search.combine(suffix[n - s], cache.tables[n - 1 - s]);
  }
  for (std::size_t s = 0; s < n; ++s) {
    cache.without.push_back(cache.search.combine(prefix[s], suffix[s + 1]));
  }
  return cache;
}

int ShantenSolver::melds_exchanges(const FormSpec& form, std::size_t f, const Profile& profile,
                                   const Limits& limits, const TileId* drawn) {
  const MeldsSearch search = search_for(form, profile, meld_count(form).first);
  for (const MeldsCache& cache : melds_) {
    if (cache.form != f || drawn == nullptr) continue;
    // The kept tables hold for the drawn profile when the search is the same; a draw changes
    // only the drawn tile's suit.
    if (cache.search.relaxed() != search.relaxed() || cache.search.usable() != search.usable()) {
      break;
    }
    for (std::size_t s = 0; s < suits_.size(); ++s) {
      if (*drawn < suits_[s].first || *drawn >= suits_[s].end) continue;
      const NeedTable table = search.suit_table(profile, limits, suits_[s], scratch_);
      return search.finish(search.combine(table, cache.without[s]));
    }
  }
  NeedTable table = search.unit();
  for (const SuitRange& suit : suits_) {
    table = search.combine(table, search.suit_table(profile, limits, suit, scratch_));
  }
  return search.finish(table);
}

std::vector<FormShanten> ShantenSolver::evaluate(const Profile& profile, const Limits& limits,
                                                 const TileId* drawn) {
  std::vector<FormShanten> result;
  for (std::size_t f = 0; f < rules_.forms().size(); ++f) {
    const FormSpec& form = rules_.forms()[f];
    if (!form.enabled) continue;
    // Pairs and set forms are whole-hand shapes: the target size and no declared meld.
    const bool whole_hand = form.hand_tiles == target_ && profile.declared_melds == 0;
    const int usable = usable_wildcards(rules_, form, profile);
    // A form without wildcards is priced with every restricted wildcard unassigned only.
    if (!form.wildcards && profile.any_assigned) continue;
    int cost = kUnreachable;
    switch (form.type) {
      case FormType::wildcards: {
        if (form.count > target_ || wildcard_supply(rules_, profile.wild) < form.count) continue;
        // Wildcards still to draw, and at least the tile a 3n+1 hand lacks.
        cost = std::max(target_ - profile.concealed, form.count - profile.all_wildcards);
        break;
      }
      case FormType::melds:
        if (!meld_count(form).second) continue;
        cost = melds_exchanges(form, f, profile, limits, drawn);
        break;
      case FormType::pairs:
        if (!whole_hand) continue;
        cost = pairs_exchanges(form, profile, limits, usable);
        break;
      case FormType::set:
        if (!whole_hand) continue;
        cost = set_exchanges(form, profile, limits, usable);
        break;
      case FormType::knitted:
        cost = knitted_exchanges(rules_, form, profile, limits, target_, usable, scratch_);
        break;
      case FormType::singles:
        if (!whole_hand) continue;
        cost = singles_exchanges(rules_, form, profile, limits, usable);
        break;
    }
    if (cost >= kUnreachable) continue;
    result.push_back({f, cost - 1});
  }
  return result;
}

ConstrainedSolver::ConstrainedSolver(const RuleSet& rules, const Hand& hand, const Profile& profile,
                                     int target, bool draws)
    : rules_(rules), hand_(hand), target_(target) {
  const std::vector<Profile> assignments = assign_restricted(rules, hand, profile);
  for (const TileMask excluded : suit_exclusions(rules, profile)) {
    for (const Profile& assignment : assignments) {
      Profile choice = assignment;
      choice.excluded = assignment.excluded | excluded;
      solvers_.emplace_back(rules, choice, target, draws);
    }
  }
  std::vector<std::vector<FormShanten>> each;
  for (const ShantenSolver& solver : solvers_) each.push_back(solver.base());
  base_ = merge(each);
}

std::vector<FormShanten> ConstrainedSolver::after_wildcard() {
  if (rules_.wildcards().restricted) {
    // The drawn wildcard has its own stand-ins: a joker when the set has jokers, else a copy of
    // the hand's first wild tile kind; priced as a hand of its own.
    Hand drawn = hand_;
    if (rules_.wildcards().jokers > 0) {
      ++drawn.jokers;
    } else {
      for (TileId t = 0; t < rules_.tile_count(); ++t) {
        if ((drawn.wild_tiles & tile_bit(t)) != 0) {
          ++drawn.counts[t];
          break;
        }
      }
    }
    return ConstrainedSolver(rules_, drawn, make_profile(rules_, drawn), target_, false).base();
  }
  std::vector<std::vector<FormShanten>> each;
  for (ShantenSolver& solver : solvers_) each.push_back(solver.after_wildcard());
  return merge(each);
}

std::vector<Profile> ConstrainedSolver::assign_restricted(const RuleSet& rules, const Hand& hand,
                                                          const Profile& profile) {
  if (!rules.wildcards().restricted) return {profile};
  const WildcardClasses classes = wildcard_classes(rules, hand);
  Profile base = profile;
  base.wildcards =
      classes.unrestricted >= 0 ? classes.held[static_cast<std::size_t>(classes.unrestricted)] : 0;
  std::vector<Profile> out{base};
  for (int c = 0; c < classes.count; ++c) {
    if (c == classes.unrestricted) continue;
    std::vector<TileId> options;
    for (TileId t = 0; t < profile.kinds; ++t) {
      if ((classes.masks[static_cast<std::size_t>(c)] & tile_bit(t)) != 0) options.push_back(t);
    }
    std::vector<Profile> next;
    for (const Profile& partial : out) {
      // Multisets of `held` choices among the options and "nothing", by non-decreasing index.
      const auto place = [&](auto&& self, Profile current, std::size_t from, int left) -> void {
        if (next.size() > kMaxAssignments) {
          throw AnalysisError(
              "too many ways to assign the hand's restricted wildcards (more "
              "than " +
              std::to_string(kMaxAssignments) + ") for an exact answer");
        }
        if (left == 0) {
          next.push_back(current);
          return;
        }
        self(self, current, options.size(), 0);  // the rest are discarded
        for (std::size_t i = from; i < options.size(); ++i) {
          Profile more = current;
          ++more.held[options[i]];
          ++more.assigned[options[i]];
          more.any_assigned = true;
          self(self, more, i, left - 1);
        }
      };
      place(place, partial, 0, classes.held[static_cast<std::size_t>(c)]);
    }
    out = std::move(next);
  }
  return out;
}

std::vector<TileMask> ConstrainedSolver::suit_exclusions(const RuleSet& rules,
                                                         const Profile& profile) {
  const int missing = rules.missing_suits();
  if (missing == 0) return {0};
  std::vector<TileMask> suits;  // tiles of each sequence suit
  for (std::size_t s = 0; s < rules.suits().size(); ++s) {
    const SuitInfo& suit = rules.suits()[s];
    if (suit.bonus || !suit.sequences) continue;
    TileMask mask = 0;
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if (rules.tile(t).suit == s) mask |= tile_bit(t);
    }
    suits.push_back(mask);
  }
  std::vector<TileMask> choices;
  const auto count = static_cast<unsigned>(suits.size());
  for (unsigned subset = 0; subset < (1U << count); ++subset) {
    if (std::popcount(subset) != missing) continue;
    TileMask excluded = 0;
    for (unsigned s = 0; s < count; ++s) {
      if ((subset >> s & 1U) != 0) excluded |= suits[s];
    }
    bool declared = false;
    for (TileId t = 0; t < profile.kinds; ++t) {
      declared = declared || ((excluded & tile_bit(t)) != 0 && profile.declared[t] != 0);
    }
    if (!declared) choices.push_back(excluded);
  }
  return choices;
}

std::vector<FormShanten> ConstrainedSolver::merge(
    const std::vector<std::vector<FormShanten>>& each) {
  std::vector<FormShanten> merged;
  for (const std::vector<FormShanten>& forms : each) {
    for (const FormShanten& form : forms) {
      auto known = std::find_if(merged.begin(), merged.end(),
                                [&](const FormShanten& m) { return m.form == form.form; });
      if (known == merged.end()) {
        merged.push_back(form);
      } else {
        known->shanten = std::min(known->shanten, form.shanten);
      }
    }
  }
  std::sort(merged.begin(), merged.end(),
            [](const FormShanten& a, const FormShanten& b) { return a.form < b.form; });
  return merged;
}

}  // namespace meldgraph::shanten_detail
