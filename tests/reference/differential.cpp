// Random runs of the engine against the reference: hands checked one by one, tallied, reported.

#include "reference/differential.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <map>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "meldgraph/model/error.hpp"
#include "meldgraph/support/random_draws.hpp"
#include "reference/canonical.hpp"
#include "reference/engine_view.hpp"
#include "reference/hand_text.hpp"
#include "reference/ref_hand.hpp"
#include "reference/search.hpp"
#include "rule_files.hpp"

namespace meldgraph::testref {

bool wild_only_mark_twice(const RefResult& expected) {
  for (const auto& [form, list] : expected) {
    for (const RefInterpretation& v : list) {
      for (const RefGroup& g : v) {
        if (g.mark < 0 || g.tile < 0 || g.declared > 0) continue;
        const int size = g.kind == RefKind::pair   ? 2
                         : g.kind == RefKind::pung ? 3
                         : g.kind == RefKind::chow ? 3
                                                   : 0;
        const bool wild_only = g.kind == RefKind::chow ? g.wild == 7 : (size > 0 && g.wild == size);
        if (!wild_only) continue;
        for (const RefGroup& h : v) {
          if (h.mark < 0 && h.kind == g.kind && h.tile == g.tile && h.wild == g.wild &&
              h.classes == g.classes && h.declared == 0) {
            return true;
          }
        }
      }
    }
  }
  return false;
}

void Tally::merge(const Tally& other) {
  for (int Tally::*count :
       {&Tally::hands, &Tally::wins, &Tally::interpretations, &Tally::failures,
        &Tally::graph_failures, &Tally::declared_hands, &Tally::joker_melds,
        &Tally::winning_natural, &Tally::winning_wildcard, &Tally::winning_wild_kind,
        &Tally::marked_wins, &Tally::wildcard_wins, &Tally::per_hand_wild, &Tally::bonus_hands,
        &Tally::conservative_skipped, &Tally::wild_only_twins}) {
    this->*count += other.*count;
  }
  most_interpretations = std::max(most_interpretations, other.most_interpretations);
  for (const auto& [form, won] : other.form_wins) form_wins[form] += won;
}

void check_hand(const RuleSet& rules, const Hand& hand, int expected_size, Tally& tally,
                bool skip_conservative) {
  const std::string text = describe_hand(hand, rules);
  INFO("hand " << text);
  CAPTURE(expected_size);
  const RefHand ref = ref_hand(hand, rules);
  const int declared_size = 3 * static_cast<int>(ref.declared.size());
  if (ref.size + declared_size != expected_size || hand.size(rules) != expected_size ||
      hand.concealed_size(rules) != ref.size || hand.wildcard_count() != ref.wildcards) {
    ++tally.failures;
    FAIL_CHECK("generator or Hand size mismatch: reference size " << ref.size << ", Hand::size "
                                                                  << hand.size(rules));
    return;
  }
  const RefResult expected = reference(rules, hand);
  if (skip_conservative && reference(rules, hand, true) != expected) {
    ++tally.conservative_skipped;
    return;
  }
  if (wild_only_mark_twice(expected)) ++tally.wild_only_twins;
  ++tally.hands;
  bool won = false;
  std::size_t here = 0;
  for (const auto& [form, list] : expected) {
    here += list.size();
    if (!list.empty()) {
      won = true;
      ++tally.form_wins[rules.forms()[form].name];
    }
    tally.interpretations += static_cast<int>(list.size());
  }
  tally.wins += won ? 1 : 0;
  tally.most_interpretations = std::max(tally.most_interpretations, here);
  tally.declared_hands += ref.declared.empty() ? 0 : 1;
  tally.joker_melds += std::any_of(ref.declared.begin(), ref.declared.end(),
                                   [](const RefGroup& g) { return g.wild != 0; })
                           ? 1
                           : 0;
  tally.winning_natural += ref.winning_natural >= 0 ? 1 : 0;
  tally.winning_wildcard += ref.winning_wildcard ? 1 : 0;
  tally.winning_wild_kind += ref.winning_wildcard && !hand.winning_joker ? 1 : 0;
  tally.marked_wins += won && (ref.winning_natural >= 0 || ref.winning_wildcard) ? 1 : 0;
  const bool wildcards = hand.wildcard_count() + hand.declared_wildcard_count() > 0;
  tally.wildcard_wins += won && wildcards ? 1 : 0;
  bool own_wild = false;
  bool bonus = false;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    const bool wild = (hand.wild_tiles & tile_bit(t)) != 0;
    own_wild =
        own_wild || (wild && hand.counts[t] > 0 && (rules.fixed_wild_tiles() & tile_bit(t)) == 0);
    bonus = bonus || (!wild && rules.tile(t).bonus && hand.counts[t] > 0);
  }
  tally.per_hand_wild += own_wild ? 1 : 0;
  tally.bonus_hands += bonus ? 1 : 0;
  const std::string diff = compare(rules, hand, expected);
  if (!diff.empty()) {
    ++tally.failures;
    for (const char* graph_level :
         {"(graph)", "path_count", "interpretation_count", "wins()", "threw"}) {
      if (diff.find(graph_level) != std::string::npos) {
        ++tally.graph_failures;
        break;
      }
    }
    if (tally.failures <= 5) {
      FAIL_CHECK("engine disagrees with the reference on " << text << ":\n" << diff);
    }
  }
}

namespace {

/// A kind of hand a run must reach: how Reach asks for it and Tally counts it.
struct ReachKind {
  const char* what;
  int Reach::*wanted;
  int Tally::*reached;
};

constexpr std::array<ReachKind, 8> kReachKinds{{
    {"winning hands", &Reach::wins, &Tally::wins},
    {"winning hands holding a wildcard", &Reach::wildcard_wins, &Tally::wildcard_wins},
    {"hands with declared melds", &Reach::declared, &Tally::declared_hands},
    {"winning hands with a winning tile", &Reach::marked_wins, &Tally::marked_wins},
    {"hands with a joker in a declared meld", &Reach::joker_melds, &Tally::joker_melds},
    {"hands won on a wildcard", &Reach::winning_wildcard, &Tally::winning_wildcard},
    {"hands holding a wild kind of their own", &Reach::per_hand_wild, &Tally::per_hand_wild},
    {"hands holding bonus tiles", &Reach::bonus, &Tally::bonus_hands},
}};

/// A full-scale threshold as the run's scale asks it: divided by kScale, at least one when given.
int scaled(int wanted) {
  return wanted == 0 ? 0 : std::max(1, wanted / kScale);
}

}  // namespace

void report(const char* what, const Tally& tally, const Reach& reach) {
  std::ostringstream forms;
  for (const auto& [name, n] : tally.form_wins) forms << " " << name << "=" << n;
  INFO(what << ": " << tally.hands << " hands, " << tally.wins << " winning, "
            << tally.interpretations << " interpretations (at most " << tally.most_interpretations
            << " in one hand); wins by form:" << forms.str() << "; failing hands " << tally.failures
            << ", of which " << tally.graph_failures
            << " with wrong counts or graph paths (the rest: listing only)");
  CHECK(tally.failures == 0);
  for (const ReachKind& kind : kReachKinds) {
    INFO("the run must reach " << scaled(reach.*kind.wanted) << " " << kind.what << " ("
                               << reach.*kind.wanted << " at full scale), and reached "
                               << tally.*kind.reached);
    CHECK(tally.*kind.reached >= scaled(reach.*kind.wanted));
  }
  // Printed with -s: what the run really reached.
  std::ostringstream extra;
  if (tally.conservative_skipped > 0) {
    extra << "; " << tally.conservative_skipped << " hands left out (conservative distinct pairs)";
  }
  if (tally.wild_only_twins > 0) {
    extra << "; " << tally.wild_only_twins
          << " hands with a winning wildcard in one of two equal wildcard-only groups";
  }
  for (const ReachKind& kind : kReachKinds) {
    if (kind.wanted != &Reach::wins) extra << "; " << kind.what << " " << tally.*kind.reached;
  }
  SUCCEED(what << ": " << tally.hands << " hands, " << tally.wins << " winning, "
               << tally.interpretations << " interpretations (at most "
               << tally.most_interpretations << " in one hand); wins by form:" << forms.str()
               << extra.str());
}

/// A joker count from 0 to `most`, never more than the hand holds.
int jokers_for(HandGenerator& gen, int size, int most) {
  return std::min(size, gen.uniform(0, most));
}

/// Reference counts per form name, for the hand-computed tables.
std::map<std::string, std::size_t> reference_counts(const RuleSet& rules, const Hand& hand) {
  std::map<std::string, std::size_t> out;
  for (const auto& [form, list] : reference(rules, hand)) {
    out[rules.forms()[form].name] = list.size();
  }
  return out;
}

/// The reference's interpretations of one form as text, sorted.
std::vector<std::string> reference_texts(const RuleSet& rules, const Hand& hand,
                                         const std::string& form) {
  std::vector<std::string> out;
  for (const auto& [f, list] : reference(rules, hand)) {
    if (rules.forms()[f].name != form) continue;
    for (const RefInterpretation& i : list) out.push_back(ref_interpretation_text(i, rules));
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Sets the tiles `gen` avoids for the next hand: a random sequence suit with chance
/// `avoid_suit`, `tiles` with chance `tiles_chance`.
void choose_avoided(HandGenerator& gen, const RuleSet& rules, double avoid_suit,
                    std::uint64_t tiles, double tiles_chance) {
  std::uint64_t mask = 0;
  if (avoid_suit > 0 && gen.chance(avoid_suit)) {
    std::vector<int> suits;
    for (std::size_t s = 0; s < rules.suits().size(); ++s) {
      if (rules.suits()[s].sequences && !rules.suits()[s].bonus) {
        suits.push_back(static_cast<int>(s));
      }
    }
    const int suit =
        suits[static_cast<std::size_t>(gen.uniform(0, static_cast<int>(suits.size()) - 1))];
    for (int t = 0; t < rules.meldable_count(); ++t) {
      if (rules.tile(static_cast<TileId>(t)).suit == suit) mask |= bit_of(t);
    }
  }
  if (tiles_chance > 0 && gen.chance(tiles_chance)) mask |= tiles;
  gen.avoid(mask);
}

Tally run_plan(const RuleSet& rules, std::uint32_t seed, const Plan& plan) {
  RandomDraws draws(seed);
  HandGenerator gen(rules, draws);
  Tally tally;
  for (const int size : plan.sizes) {
    for (int i = 0; i < plan.per_size; ++i) {
      const auto shape = plan.shapes[static_cast<std::size_t>(i) % plan.shapes.size()];
      const int jokers = jokers_for(gen, size, plan.most_jokers);
      choose_avoided(gen, rules, plan.avoid_suit, plan.avoid_tiles, plan.avoid_tiles_chance);
      Hand hand = gen.make(shape, size, jokers);
      if (plan.per_hand_wild && gen.chance(plan.per_hand_chance)) {
        // The hand's tiles of one kind become wildcards; keep at most 5 wildcards in all.
        const int t = gen.all()[static_cast<std::size_t>(
            gen.uniform(0, static_cast<int>(gen.all().size()) - 1))];
        const auto k = static_cast<std::size_t>(t);
        const int held = hand.counts[k];
        if (hand.jokers + held <= 5) hand.wild_tiles |= tile_bit(static_cast<TileId>(t));
      }
      if (plan.bonus && gen.chance(0.3)) gen.add_bonus(hand, gen.uniform(1, 3));
      check_hand(rules, hand, size, tally, plan.skip_conservative);
    }
  }
  return tally;
}

/// Marks one of the hand's concealed tiles as the winning tile; leans towards a tile of a wild
/// kind and towards a joker when the hand holds them, so winning wildcards are frequent.
void choose_winning(Hand& hand, HandGenerator& gen, const RuleSet& rules) {
  std::vector<int> tiles;
  std::vector<int> wild_kinds;
  for (int t = 0; t < rules.tile_count(); ++t) {
    const int n = hand.counts[static_cast<std::size_t>(t)];
    const bool wild = ((hand.wild_tiles >> t) & 1U) != 0;
    if (n == 0 || (!wild && !is_meldable(rules, t))) continue;
    for (int c = 0; c < n; ++c) tiles.push_back(t);
    if (wild) wild_kinds.push_back(t);
  }
  if (!wild_kinds.empty() && gen.chance(0.5)) {
    hand.winning = static_cast<TileId>(wild_kinds[static_cast<std::size_t>(
        gen.uniform(0, static_cast<int>(wild_kinds.size()) - 1))]);
    return;
  }
  if (hand.jokers > 0 && gen.chance(0.3)) {
    hand.winning_joker = true;
    return;
  }
  const int pick = gen.uniform(0, static_cast<int>(tiles.size()) + hand.jokers - 1);
  if (pick < static_cast<int>(tiles.size())) {
    hand.winning = static_cast<TileId>(tiles[static_cast<std::size_t>(pick)]);
  } else {
    hand.winning_joker = true;
  }
}

Tally run_full_plan(const RuleSet& rules, std::uint32_t seed, const FullPlan& plan) {
  RandomDraws draws(seed);
  HandGenerator gen(rules, draws);
  Tally tally;
  int notation_failures = 0;
  for (const int size : plan.sizes) {
    for (int i = 0; i < plan.per_size; ++i) {
      const auto shape = plan.shapes[static_cast<std::size_t>(i) % plan.shapes.size()];
      int jokers_left = rules.wildcards().jokers;  // the set's jokers, declared and concealed
      choose_avoided(gen, rules, plan.avoid_suit, plan.avoid_tiles, plan.avoid_tiles_chance);
      const int melds = std::min(gen.uniform(0, plan.most_melds), (size - 2) / 3);
      const std::vector<Group> declared = gen.declare(melds, jokers_left);
      const int concealed = size - 3 * static_cast<int>(declared.size());
      const int jokers = std::min(jokers_for(gen, concealed, plan.most_jokers), jokers_left);
      Hand hand = gen.make(shape, concealed, jokers);
      gen.clear_reserved();
      if (hand.jokers > jokers_left) continue;  // the wall ran short; make() filled with jokers
      for (const Group& g : declared) hand.melds[hand.meld_count++] = g;
      if (plan.per_hand_wild && gen.chance(plan.per_hand_chance)) {
        // The hand's concealed tiles of one kind become wildcards (declared ones stay natural).
        const int t = gen.all()[static_cast<std::size_t>(
            gen.uniform(0, static_cast<int>(gen.all().size()) - 1))];
        const int held = hand.counts[static_cast<std::size_t>(t)];
        if (hand.jokers + held <= 5) hand.wild_tiles |= tile_bit(static_cast<TileId>(t));
      }
      if (gen.chance(plan.winning)) choose_winning(hand, gen, rules);
      if (plan.bonus && gen.chance(0.3)) gen.add_bonus(hand, gen.uniform(1, 3));
      // The generated hand is one the parser reads from its own text.
      const std::string text = format_hand(hand, rules);
      try {
        const Hand parsed = parse_hand(text, rules, hand.wild_tiles & ~rules.fixed_wild_tiles());
        if (!(parsed == hand) && ++notation_failures <= 3) {
          FAIL_CHECK("generated hand does not read back from its text " << text);
        }
      } catch (const std::exception& e) {
        if (++notation_failures <= 3) {
          FAIL_CHECK("generated hand " << text << " does not parse: " << e.what());
        }
      }
      check_hand(rules, hand, size, tally, plan.skip_conservative);
    }
  }
  CHECK(notation_failures == 0);
  return tally;
}

Reach meant_to_reach(const RuleSet& rules, const std::variant<Plan, FullPlan>& plan) {
  Reach meant;
  meant.wins = 1;
  const bool jokers = rules.wildcards().jokers > 0;
  const auto wildcards = [&](const auto& p) {
    return (jokers && p.most_jokers > 0) || p.per_hand_wild || rules.fixed_wild_tiles() != 0;
  };
  bool bonus_tiles = false;
  for (TileId t = rules.meldable_count(); t < rules.tile_count(); ++t) {
    bonus_tiles = bonus_tiles || (rules.fixed_wild_tiles() & tile_bit(t)) == 0;
  }
  std::visit(
      [&](const auto& p) {
        meant.wildcard_wins = wildcards(p) ? 1 : 0;
        meant.per_hand_wild = p.per_hand_wild ? 1 : 0;
        meant.bonus = p.bonus && bonus_tiles ? 1 : 0;
      },
      plan);
  if (const FullPlan* full = std::get_if<FullPlan>(&plan)) {
    meant.declared = full->most_melds > 0 ? 1 : 0;
    meant.marked_wins = full->winning > 0 ? 1 : 0;
    meant.joker_melds = full->most_melds > 0 && jokers && rules.wildcards().in_melds ? 1 : 0;
    meant.winning_wildcard = full->winning > 0 && wildcards(*full) ? 1 : 0;
  }
  return meant;
}

Tally run_row(const RunRow& row) {
  INFO("run " << row.name << " (" << row.rules << ", seed " << row.seed << ")");
  const RuleSet& rules = test::rules_named(row.rules);
  const Reach meant = meant_to_reach(rules, row.plan);
  for (const ReachKind& kind : kReachKinds) {
    INFO("the row must say how many " << kind.what << " its plan must reach");
    if (meant.*kind.wanted > 0) CHECK(row.reach.*kind.wanted > 0);
  }
  std::uint64_t avoid_tiles = 0;
  for (const auto& [letter, rank] : row.avoid) avoid_tiles |= bit_of(rules.find_tile(letter, rank));
  Tally tally;
  if (const Plan* plan = std::get_if<Plan>(&row.plan)) {
    Plan p = *plan;
    if (!row.avoid.empty()) p.avoid_tiles = avoid_tiles;
    tally = run_plan(rules, row.seed, p);
  } else {
    FullPlan p = std::get<FullPlan>(row.plan);
    if (!row.avoid.empty()) p.avoid_tiles = avoid_tiles;
    tally = run_full_plan(rules, row.seed, p);
  }
  report(row.name, tally, row.reach);
  for (const char* form : row.must_win) {
    INFO("form " << form << " must win some hand");
    CHECK(tally.form_wins.count(form) == 1);
  }
  if (row.also != nullptr) row.also(tally);
  return tally;
}

void run_rows(const std::vector<RunRow>& rows) {
  for (const RunRow& row : rows) run_row(row);
}

}  // namespace meldgraph::testref
