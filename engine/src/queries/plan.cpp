/// The fast queries' plan (plan.hpp): what the tables model of a rule set, decided from
/// its features, and everything the per-hand paths read, laid out once.

#include "plan.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>

#include "meldgraph/model/tile_table.hpp"

namespace meldgraph::detail {
namespace {

// What the tables model, as RuleFeatures (rules.hpp) the rule set's are compared with: a
// feature added to RuleFeature later is in none of these, so it falls back until modelled here.

// The suit tables model the regular suit (SuitLayout::regular, whose irregular_suits feature
// kTablesDecline names): every regular suit has a table shape, and a suit the tables could hold
// is regular.
static_assert(kTableMaxRanks == kRegularSuitMaxRanks,
              "the suit tables' ranks are the regular suit's (model/tile_table.hpp)");
static_assert(kTableMaxCopies == kRegularSuitMaxCopies,
              "the suit tables' copies are the regular suit's (model/tile_table.hpp)");

/// Rule features no query's tables model: the rule set falls back for every hand. Forbidden
/// tiles change both what the naturals may form and what a wildcard may stand for; suits of no
/// table shape, or more of them than a plan holds, have no tables.
constexpr RuleFeatures kTablesDecline = {RuleFeature::forbidden_tiles, RuleFeature::irregular_suits,
                                         RuleFeature::many_suits};
static_assert(static_cast<unsigned>(RuleFeature::count_) == 30,
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
  result.spec = form;
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
  switch (fp.spec.type) {
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
    const FormSpec& form = fp.spec;
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

/// Step 1. The rule set's scalars and the per-tile copies and masks.
void plan_tiles(const RuleSet& rules, Plan& plan) {
  const RuleFeatures features = rules.features();
  plan.capped = features.has(RuleFeature::capped_copies);
  plan.max_in_win = rules.wildcards().max_in_win;
  plan.missing_suits = rules.missing_suits();
  plan.hand_tiles = rules.hand_tiles();
  plan.jokers = rules.wildcards().jokers;
  plan.exhausted_waits = features.has(RuleFeature::exhausted_waits);
  // Restricted stand-ins (wildcards.stand_ins): the tables assume a wildcard may stand for any
  // tile, so only hands holding no wildcard are answered (there the restriction is moot).
  plan.restricted = features.has(RuleFeature::restricted_stand_ins);
  plan.all_copies4 = !features.has(RuleFeature::copies_not_four);
  plan.meldable = rules.meldable_count();
  for (TileId t = 0; t < rules.tile_count(); ++t) plan.copies[t] = rules.tile(t).copies;
  for (TileId t = 0; t < plan.meldable; ++t) {
    const int copies = plan.copies[t];
    plan.meldable_mask |= tile_bit(t);
    if (copies >= 2) plan.copies2_mask |= tile_bit(t);
    if (copies >= 3) plan.copies3_mask |= tile_bit(t);
    plan.meldable_bytes[t / 8] |= std::uint64_t{0xFF} << (8 * (t % 8));
    plan.copies_bytes[t / 8] |= std::uint64_t{plan.copies[t]} << (8 * (t % 8));
  }
  plan.open_kinds = std::popcount(plan.copies3_mask);
  plan.capped_ample = plan.open_kinds >= kAmpleKinds;
}

/// Step 2. The suits as the rule set lays them out (RuleSet::suit_layouts), their tables when
/// the tables model the rule set at all (kTablesDecline), and the flat copies the per-hand
/// loops read.
void plan_suits(const RuleSet& rules, Plan& plan) {
  plan.suits_ok = (rules.features() & kTablesDecline).empty();
  // Keys are read nine ranks at a time from a kMaxTileKinds array (make_view).
  if (std::size_t{plan.meldable} + kTableMaxRanks > kMaxTileKinds) plan.suits_ok = false;
  for (const SuitLayout& layout : rules.suit_layouts()) {
    SuitPlan sp;
    sp.first = layout.first;
    sp.ranks = layout.ranks;
    sp.sequence_suit = layout.sequences;
    if (plan.suits_ok) {
      sp.tables = &SuitTables::of(SuitShape{layout.ranks, layout.chows, layout.copies});
      for (int r = 0; r < sp.ranks; ++r) {
        sp.steps[static_cast<std::size_t>(r)] = sp.tables->step(r);
      }
    }
    for (int r = 0; r < sp.ranks; ++r) {
      plan.suit_of[layout.first + r] = static_cast<std::uint8_t>(plan.suits.size());
      plan.rank_of[layout.first + r] = static_cast<std::uint8_t>(r);
    }
    plan.suits.push_back(sp);
  }
  plan.suit_count = plan.suits_ok ? plan.suits.size() : 0;
  for (std::size_t s = 0; s < plan.suit_count; ++s) {
    const SuitPlan& sp = plan.suits[s];
    plan.suit_first[s] = sp.first;
    plan.suit_ranks[s] = static_cast<std::uint8_t>(sp.ranks);
    const int low = std::min(sp.ranks, 8);
    plan.rank_bytes[s] = low == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * low)) - 1;
    plan.step8[s] = sp.ranks == 9 ? sp.steps[8] : 0;
    plan.ninth[s] = sp.ranks == 9 ? 1 : 0;
    for (int r = 0; r < sp.ranks; ++r) {
      plan.suit_masks[s] |= tile_bit(static_cast<TileId>(sp.first + r));
      plan.suit_vector_masks[s][static_cast<std::size_t>(r)] = 0xFF;
    }
  }
}

/// Step 3. hand.missing_suits: every choice of `missing_suits` sequence suits to lack.
void plan_exclusions(Plan& plan) {
  if (plan.missing_suits == 0 || plan.suit_count == 0) return;
  const auto count = static_cast<unsigned>(plan.suit_count);
  for (unsigned subset = 0; subset < (1U << count); ++subset) {
    bool sequences = true;
    for (unsigned s = 0; s < count; ++s) {
      if ((subset >> s & 1U) != 0) sequences = sequences && plan.suits[s].sequence_suit;
    }
    if (!sequences || std::popcount(subset) != plan.missing_suits) continue;
    Exclusion ex;
    ex.suits = subset;
    for (TileId t = 0; t < plan.meldable; ++t) {
      if ((subset >> plan.suit_of[t] & 1U) != 0) {
        ex.tiles |= tile_bit(t);
      } else {
        ex.keep[t / 8] |= std::uint64_t{0xFF} << (8 * (t % 8));
      }
    }
    ex.kinds = std::popcount(plan.copies2_mask & ~ex.tiles);
    plan.exclusions.push_back(ex);
  }
}

/// Other concealed tiles near a tile that five copies of it need in `form` without a pung of it
/// (QueryPlan::five_copies_neighbours), for a hand holding no wildcard. A melds form holds them as
/// its pairs (two copies each) and chows through the tile (one copy and two tiles within two
/// ranks each); a knitted form also holds one copy in its knit (nine tiles). Pairs forms without
/// pungs hold an even number of copies (four at most), set and singles forms at most two, and a
/// wildcards form never wins without wildcards.
int five_copies_neighbours(const FormSpec& form, int hand_tiles) {
  constexpr int kCopies = 5;
  constexpr int kKnitTiles = 9;
  const int pair_copies = 2 * form.pairs;
  int chows = 0;
  int melds = 0;
  switch (form.type) {
    case FormType::melds:
      chows = kCopies - pair_copies;
      melds = (hand_tiles - pair_copies) / 3;
      break;
    case FormType::knitted:
      chows = kCopies - 1 - pair_copies;
      melds = (hand_tiles - kKnitTiles - pair_copies) / 3;
      break;
    case FormType::pairs:
      return form.pungs == 0 ? kFiveCopiesNever : 0;
    case FormType::set:
    case FormType::singles:
    case FormType::wildcards:
      return kFiveCopiesNever;
    default:
      return 0;
  }
  // A whole-hand melds or knitted form would not apply beside the declared pung that stands for
  // a pung of the tile: the search decides.
  if (form.hand_tiles != 0 || chows <= 0) return 0;
  return chows > melds ? kFiveCopiesNever : 2 * chows;
}

/// Step 4. The enabled forms, each with what the tables model of it (form_support, or the
/// special-form checks), and what the queries then model as a whole.
void plan_forms(const RuleSet& rules, Plan& plan) {
  plan.win_ok = plan.suits_ok && (!plan.capped || plan.capped_ample);
  plan.plain_win = (rules.features() & kWinPrologue).empty();
  plan.waits_ok = plan.win_ok;
  plan.shanten_ok = plan.suits_ok;
  plan.five_copies_neighbours = kFiveCopiesNever;
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (!form.enabled) continue;
    FormPlan fp = form_support(plan, rules, f);
    fp.index = f;
    if (form.type == FormType::knitted || form.type == FormType::singles) {
      fp.special = detail::SpecialForm(rules, f);
      fp.win = fp.special.modelled();
      fp.shanten = fp.win && fp.special.shanten_modelled();  // form_cost: knitted, singles
    }
    plan.waits_ok = plan.waits_ok && fp.win;
    plan.shanten_ok = plan.shanten_ok && fp.shanten;
    plan.forms.push_back(std::move(fp));
    plan.five_copies_neighbours =
        std::min(plan.five_copies_neighbours, five_copies_neighbours(form, plan.hand_tiles));
    plan.open_standard = plan.open_standard ||
                         (form.type == FormType::melds && form.hand_tiles == 0 && form.pairs == 1);
  }
}

/// Step 5. The orders is_win and wait_mask test the forms in (Plan::win_forms, wait_forms).
void order_forms(Plan& plan) {
  // plan.forms is complete: pointers into it stay valid.
  for (std::size_t f = 0; f < plan.forms.size(); ++f) {
    const FormPlan& fp = plan.forms[f];
    plan.win_forms.push_back(
        WinForm{fp.spec.type, fp.spec.hand_tiles, fp.win, fp.spec.wildcards, fp.spec.count, &fp});
    if (fp.spec.type == FormType::wildcards && f < 256) {
      plan.wildcard_forms.push_back(static_cast<std::uint8_t>(f));
    }
  }
  for (const WinForm& wf : plan.win_forms) {
    if (wf.type != FormType::melds) plan.wait_forms.push_back(wf);
  }
  for (const WinForm& wf : plan.win_forms) {
    if (wf.type == FormType::melds) plan.wait_forms.push_back(wf);
  }
  std::stable_sort(
      plan.win_forms.begin(), plan.win_forms.end(),
      [](const WinForm& a, const WinForm& b) { return win_cost(*a.plan) < win_cost(*b.plan); });
}

}  // namespace

std::shared_ptr<const QueryPlan> build_plan(const RuleSet& rules) {
  auto plan = std::make_shared<QueryPlan>();
  plan_tiles(rules, *plan);
  plan_suits(rules, *plan);
  plan_exclusions(*plan);
  plan_forms(rules, *plan);
  order_forms(*plan);
  build_gate(*plan);  // Step 6: is_win's gate, from the forms
  return plan;
}

}  // namespace meldgraph::detail
