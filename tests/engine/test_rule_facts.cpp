// What a RuleSet derives once when it is built (rules.hpp): the suit layouts the tables read,
// the knit suits, and the rule features the fast paths compare with what they model. Expected
// values come from reading the rule files (rules/*.yaml), not from what the code prints.

#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "rule_files.hpp"

namespace meldgraph {
namespace {

using F = RuleFeature;

TEST_CASE("suit layouts cover the meldable tiles suit by suit", "[rule_facts]") {
  for (const std::string& name : builtin_rule_names()) {
    CAPTURE(name);
    const RuleSet rules = load_rules(name);
    TileId next = 0;
    for (const SuitLayout& layout : rules.suit_layouts()) {
      // Consecutive ids, one suit each, ascending ranks, the suit's copies.
      REQUIRE(layout.first == next);
      REQUIRE(layout.ranks >= 1);
      const SuitInfo& suit = rules.suits()[layout.suit];
      CHECK_FALSE(suit.bonus);
      CHECK(layout.sequences == suit.sequences);
      CHECK(layout.ranks == suit.ranks.size());
      for (int r = 0; r < layout.ranks; ++r) {
        const TileInfo& tile = rules.tile(static_cast<TileId>(layout.first + r));
        CHECK(tile.suit == layout.suit);
        CHECK(tile.rank == suit.ranks[static_cast<std::size_t>(r)]);
        CHECK(layout.copies == tile.copies);
      }
      // Every shipped suit is a table shape: ranks 1-9 or 1-7, four copies, no gaps.
      CHECK(layout.regular);
      next = static_cast<TileId>(layout.first + layout.ranks);
    }
    CHECK(next == rules.meldable_count());
  }
}

TEST_CASE("suit layouts: rank gaps and uneven copies have no table shape", "[rule_facts]") {
  const RuleSet gapped = test::test_rules("test_gapped_suit");
  REQUIRE(gapped.suit_layouts().size() == 2);
  CHECK_FALSE(gapped.suit_layouts()[0].regular);  // 2m's next is not 3m's id: no 3m
  CHECK(gapped.suit_layouts()[1].regular);
  CHECK(gapped.features().has(F::irregular_suits));
  CHECK_FALSE(gapped.knit_suits().complete);

  const RuleSet small = test::test_rules("custom_small");
  CHECK(small.features().has(F::copies_not_four));
  CHECK_FALSE(small.features().has(F::irregular_suits));  // three or two copies per suit
  REQUIRE(small.suit_layouts().size() == 4);
  CHECK(small.suit_layouts()[0].copies == 3);
  CHECK(small.suit_layouts()[1].copies == 2);
  CHECK(small.suit_layouts()[1].ranks == 5);
}

TEST_CASE("knit suits: the three sequence suits of ranks 1-9", "[rule_facts]") {
  const RuleSet mcr = load_rules("mcr");
  const KnitSuits& knit = mcr.knit_suits();
  REQUIRE(knit.complete);
  REQUIRE(knit.suits.size() == 3);
  for (std::size_t k = 0; k < 3; ++k) {
    const SuitInfo& suit = mcr.suits()[knit.suits[k]];
    CHECK(suit.sequences);
    for (int rank = 1; rank <= 9; ++rank) {
      CHECK(knit.tile(k, rank) == mcr.find_tile(suit.letter, rank));
    }
  }
  // A tile set of two sequence suits has knit suits, but not the three a knit needs.
  const RuleSet two = test::test_rules("test_two_suits");
  CHECK(two.knit_suits().suits.size() == 2);
  CHECK_FALSE(two.knit_suits().complete);
}

TEST_CASE("knit assignments are the six permutations of the classes", "[rule_facts]") {
  for (std::size_t p = 0; p < kKnitAssignments.size(); ++p) {
    int seen = 0;
    for (const int c : kKnitAssignments[p]) seen |= 1 << c;
    CHECK(seen == 7);
    for (std::size_t q = 0; q < p; ++q) CHECK(kKnitAssignments[p] != kKnitAssignments[q]);
  }
}

TEST_CASE("rule features of the shipped rule sets", "[rule_facts]") {
  // riichi: no wildcards, red fives, standard, seven pairs without four as two pairs, orphans.
  const RuleFeatures riichi = load_rules("riichi").features();
  CHECK(riichi.has(F::melds_form));
  CHECK(riichi.has(F::pairs_form));
  CHECK(riichi.has(F::four_not_two_pairs));
  CHECK(riichi.has(F::set_form));
  CHECK_FALSE(riichi.has(F::jokers));
  CHECK_FALSE(riichi.has(F::wild_meldable_kinds));
  CHECK_FALSE(riichi.has(F::knitted_form));
  CHECK_FALSE(riichi.has(F::forbidden_tiles));

  const RuleFeatures mcr = load_rules("mcr").features();
  CHECK(mcr.has(F::knitted_form));
  CHECK(mcr.has(F::singles_form));
  CHECK_FALSE(mcr.has(F::missing_suits));

  const RuleFeatures sichuan = load_rules("sichuan").features();
  CHECK(sichuan.has(F::missing_suits));

  // wuhan: a red-dragon laizi chosen by an indicator, red dragons forbidden, 2-5-8 pairs.
  const RuleFeatures wuhan = load_rules("wuhan").features();
  CHECK(wuhan.has(F::forbidden_tiles));
  CHECK(wuhan.has(F::max_in_win));
  CHECK(wuhan.has(F::pair_tiles));
  CHECK(wuhan.has(F::indicator_wild));
  CHECK(wuhan.has(F::wild_meldable_kinds));

  const RuleFeatures laizi = load_rules("laizi").features();
  CHECK(laizi.has(F::jokers));
  CHECK(laizi.has(F::per_hand_wild));
  CHECK(laizi.has(F::wild_meldable_kinds));
  CHECK_FALSE(laizi.has(F::restricted_stand_ins));
}

TEST_CASE("rule features of custom rule sets, per form and in all", "[rule_facts]") {
  const RuleSet capped = test::test_rules("custom_capped");
  CHECK(capped.features().has(F::capped_copies));
  CHECK(capped.features().has(F::fixed_wild_tiles));
  CHECK(capped.features().has(F::wild_meldable_kinds));  // 5z is meldable
  CHECK(capped.features().has(F::four_not_two_pairs));

  const RuleSet pair_rules = test::test_rules("custom_pair_rules");
  CHECK(pair_rules.features().has(F::pair_tiles));
  CHECK(pair_rules.features().has(F::pair_wildcards));
  for (std::size_t i = 0; i < pair_rules.forms().size(); ++i) {
    const FormSpec& form = pair_rules.forms()[i];
    CAPTURE(form.name);
    const RuleFeatures features = pair_rules.form_features(i);
    // Only the standard form has the pair rules; the rule set's features hold every form's.
    CHECK(features.has(F::pair_tiles) == (form.name == "standard"));
    CHECK(features.within(pair_rules.features()));
    CHECK(features.empty() == !form.enabled);
  }

  const RuleSet small = test::test_rules("custom_small");
  CHECK(small.features().has(F::pungs_beside_pairs));
  CHECK(small.features().has(F::jokers));
}

TEST_CASE("RuleFeatures as a value", "[rule_facts]") {
  constexpr RuleFeatures modelled = {F::melds_form, F::jokers};
  CHECK(RuleFeatures{F::jokers}.within(modelled));
  CHECK_FALSE(RuleFeatures({F::jokers, F::missing_suits}).within(modelled));
  CHECK(RuleFeatures({F::jokers, F::missing_suits}).without(modelled) ==
        RuleFeatures{F::missing_suits});
  CHECK(RuleFeatures{}.empty());
  CHECK((modelled & RuleFeatures{F::set_form}).empty());
  CHECK(feature_names(RuleFeatures{F::jokers, F::missing_suits}) == "jokers, missing_suits");
  // Every feature has its own name, and all() holds each.
  for (unsigned i = 0; i < static_cast<unsigned>(F::count_); ++i) {
    const auto f = static_cast<RuleFeature>(i);
    CHECK(RuleFeatures::all().has(f));
    CHECK(feature_name(f) != "?");
    for (unsigned j = 0; j < i; ++j) CHECK(feature_name(f) != feature_name(static_cast<F>(j)));
  }
}

TEST_CASE("a copied rule set keeps answering after the original is gone", "[rule_facts]") {
  // The queries' plan is built with the rule set and shared by copies; it holds no pointer into
  // the original (AddressSanitizer would see one here).
  std::optional<RuleSet> original(load_rules("mcr"));
  const RuleSet copy = *original;
  original.reset();
  // A knitted straight with a pung and a pair, a standard hand, 全不靠, and the orphans with a 5m
  // (no form); the tables answer each, and the search must agree.
  for (const char* text :
       {"147m258p369s11222z", "123m456p789s11122z", "14m258p36s1234567z", "19m19p19s1234567z5m"}) {
    CAPTURE(text);
    const Hand hand = parse_hand(text, copy);
    CHECK(is_win(copy, hand) == Decomposition(copy, hand).wins());
    CHECK(answered_by_tables(copy, hand, Query::win));
  }
}

}  // namespace
}  // namespace meldgraph
