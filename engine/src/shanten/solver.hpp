#pragma once
/// The shanten by form of one hand and of that hand with one tile drawn: ShantenSolver prices each
/// enabled form (melds_search.hpp, form_costs.hpp) for one profile, ConstrainedSolver takes the
/// least over the choices of suits to lack and of restricted wildcards' assignments.

#include <cstddef>
#include <utility>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "melds_search.hpp"
#include "model.hpp"

namespace meldgraph::shanten_detail {

/// Shanten by form of one hand and of that hand with one tile drawn. The concealed target size is
/// fixed, so a 3n+1 hand and its draws share it. The suit tables of the melds forms are kept, so
/// that a draw recomputes only the drawn tile's suit.
class ShantenSolver {
 public:
  /// `draws`: draws will be asked about, so the suit tables are kept.
  ShantenSolver(const RuleSet& rules, const Profile& profile, int target, bool draws);

  /// Every enabled form that applies to the target size and can be reached, in rule-set order.
  [[nodiscard]] const std::vector<FormShanten>& base() const { return base_; }

  [[nodiscard]] std::vector<FormShanten> after_tile(TileId tile) {
    const Profile drawn = with_tile(profile_, tile);
    return evaluate(drawn, make_limits(rules_, drawn), &tile);
  }

  [[nodiscard]] std::vector<FormShanten> after_wildcard() {
    const Profile drawn = with_wildcard(profile_);
    return evaluate(drawn, make_limits(rules_, drawn), nullptr);
  }

 private:
  struct MeldsCache {
    std::size_t form;
    MeldsSearch search;
    std::vector<NeedTable> tables;   ///< per suit, for profile_
    std::vector<NeedTable> without;  ///< per suit: the other suits combined
  };

  /// Melds a melds form needs for the target, and whether the target's size fits the form.
  [[nodiscard]] std::pair<int, bool> meld_count(const FormSpec& form) const {
    const int rest = target_ - 2 * form.pairs;
    return {rest / 3, rest >= 0 && rest % 3 == 0};
  }

  [[nodiscard]] MeldsSearch search_for(const FormSpec& form, const Profile& profile,
                                       int melds) const {
    return MeldsSearch(melds, form.pairs, usable_wildcards(rules_, form, profile), pair_rule(form),
                       relaxed_is_exact(rules_, profile, melds, form.pairs));
  }

  /// The suit tables of melds form `f` (of `melds` melds) for profile_, kept for the draws.
  MeldsCache kept_tables(std::size_t f, int melds, const Limits& limits);

  /// Least exchanges of a melds form for `profile`; `drawn` names the one tile it adds to
  /// profile_, or is null.
  int melds_exchanges(const FormSpec& form, std::size_t f, const Profile& profile,
                      const Limits& limits, const TileId* drawn);

  std::vector<FormShanten> evaluate(const Profile& profile, const Limits& limits,
                                    const TileId* drawn);

  const RuleSet& rules_;
  const Profile profile_;
  const int target_;
  const std::vector<SuitRange> suits_;
  Scratch scratch_;
  std::vector<MeldsCache> melds_;
  std::vector<FormShanten> base_;
};

/// The least shanten by form over every choice of the suits a hand must lack
/// (hand.missing_suits): one ShantenSolver per choice, the target holding no tile of the chosen
/// suits. Without that rule, one solver over every tile.
class ConstrainedSolver {
 public:
  ConstrainedSolver(const RuleSet& rules, const Hand& hand, const Profile& profile, int target,
                    bool draws);

  [[nodiscard]] const std::vector<FormShanten>& base() const { return base_; }

  [[nodiscard]] std::vector<FormShanten> after_tile(TileId tile) {
    std::vector<std::vector<FormShanten>> each;
    for (ShantenSolver& solver : solvers_) each.push_back(solver.after_tile(tile));
    return merge(each);
  }

  [[nodiscard]] std::vector<FormShanten> after_wildcard();

 private:
  /// Under restricted stand-ins, every way to assign the restricted wildcards to tiles they may
  /// stand for or to nothing (discarded): one profile each, the assigned wildcards held as their
  /// tiles. The shanten is the least over them: a target's slots a restricted wildcard fills are
  /// exactly an assignment. Without restrictions, the profile itself.
  static std::vector<Profile> assign_restricted(const RuleSet& rules, const Hand& hand,
                                                const Profile& profile);
  /// The tile masks of the suit choices: every set of `missing_suits` sequence suits holding no
  /// declared tile (declared melds cannot be discarded). {0} when the rule is off.
  static std::vector<TileMask> suit_exclusions(const RuleSet& rules, const Profile& profile);

  /// Per form, the least shanten over the choices, in rule-set order.
  static std::vector<FormShanten> merge(const std::vector<std::vector<FormShanten>>& each);

  const RuleSet& rules_;
  Hand hand_;
  int target_ = 0;
  std::vector<ShantenSolver> solvers_;
  std::vector<FormShanten> base_;
};

}  // namespace meldgraph::shanten_detail
