// corpus enumerate (corpus.hpp): every complete hand of a size, in canonical order, checked
// against an independent brute force over every multiset of that size: its own plain checks of
// the standard form (melds and one pair, chows in sequence suits), of distinct pairs, of a set
// form and of a singles form, written here without the engine; and, for the knitted forms of mcr
// and taiwan's sixteen unrelated tiles (too many tiles to brute-force), against every hand of
// those shapes built by plain code. Tagged [corpus].

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "rule_files.hpp"
#include "test_scale.hpp"

namespace {

using meldgraph::FormSpec;
using meldgraph::FormType;
using meldgraph::RuleSet;
using meldgraph::TileId;

/// Counts by tile id over the meldable tiles.
using Counts = std::vector<int>;

/// Whether counts of tiles [first, first + ranks) are melds and `pairs` pairs (0 or 1).
bool melds_and_pairs(Counts& c, TileId first, int ranks, bool sequences, int pairs) {
  int r = 0;
  while (r < ranks && c[static_cast<std::size_t>(first + r)] == 0) ++r;
  if (r == ranks) return pairs == 0;
  int& here = c[static_cast<std::size_t>(first + r)];
  bool ok = false;
  if (here >= 3) {
    here -= 3;
    ok = melds_and_pairs(c, first, ranks, sequences, pairs);
    here += 3;
  }
  if (!ok && pairs > 0 && here >= 2) {
    here -= 2;
    ok = melds_and_pairs(c, first, ranks, sequences, pairs - 1);
    here += 2;
  }
  if (!ok && sequences && r + 2 < ranks && c[static_cast<std::size_t>(first + r + 1)] > 0 &&
      c[static_cast<std::size_t>(first + r + 2)] > 0) {
    for (int k = 0; k < 3; ++k) --c[static_cast<std::size_t>(first + r + k)];
    ok = melds_and_pairs(c, first, ranks, sequences, pairs);
    for (int k = 0; k < 3; ++k) ++c[static_cast<std::size_t>(first + r + k)];
  }
  return ok;
}

/// The standard form: one suit holds melds and the pair, every other suit melds only.
bool standard(const RuleSet& rules, Counts c) {
  const auto layouts = rules.suit_layouts();
  for (std::size_t pair_suit = 0; pair_suit < layouts.size(); ++pair_suit) {
    bool ok = true;
    for (std::size_t s = 0; s < layouts.size() && ok; ++s) {
      ok = melds_and_pairs(c, layouts[s].first, layouts[s].ranks, layouts[s].sequences,
                           s == pair_suit ? 1 : 0);
    }
    if (ok) return true;
  }
  return false;
}

bool distinct_pairs(const Counts& c, int pairs) {
  int seen = 0;
  for (const int n : c) {
    if (n != 0 && n != 2) return false;
    seen += n / 2;
  }
  return seen == pairs;
}

bool set_form(const FormSpec& form, const Counts& c) {
  Counts want(c.size(), 0);
  for (const TileId t : form.set_tiles) want[t] = 1;
  int doubled = 0;
  for (std::size_t t = 0; t < c.size(); ++t) {
    if (want[t] == 0 && c[t] != 0) return false;
    if (want[t] == 1 && (c[t] < 1 || c[t] > 2)) return false;
    doubled += int{c[t] == 2};
  }
  return doubled == 1;
}

/// A singles form by its definition: `hand_tiles` tiles, distinct but for `pairs` held twice,
/// honours among the form's, each sequence suit's ranks of one knit class (a different one per
/// suit) or at least `gap` apart, the required tiles held.
bool singles_form(const RuleSet& rules, const FormSpec& form, const Counts& c) {
  int tiles = 0;
  int doubles = 0;
  for (std::size_t t = 0; t < c.size(); ++t) {
    if (c[t] > 2) return false;
    tiles += c[t];
    doubles += int{c[t] == 2};
    if ((form.required & meldgraph::tile_bit(static_cast<TileId>(t))) != 0 && c[t] == 0) {
      return false;
    }
  }
  if (tiles != form.hand_tiles || doubles != form.pairs) return false;
  int classes_taken = 0;
  for (const meldgraph::SuitLayout& layout : rules.suit_layouts()) {
    int last = -100;
    int knit = -1;
    for (int r = 0; r < layout.ranks; ++r) {
      const TileId t = static_cast<TileId>(layout.first + r);
      if (c[t] == 0) continue;
      if (!layout.sequences) {
        if ((form.single_tiles & meldgraph::tile_bit(t)) == 0) return false;
      } else if (form.singles_suits == meldgraph::SinglesSuits::gapped) {
        if (r - last < form.gap) return false;
        last = r;
      } else {
        if (knit >= 0 && knit != r % 3) return false;
        knit = r % 3;
      }
    }
    if (knit >= 0) {
      if ((classes_taken >> knit & 1) != 0) return false;
      classes_taken |= 1 << knit;
    }
  }
  return true;
}

/// Every multiset of `size` meldable tiles within 4 copies, in ascending sorted-sequence order
/// (more of the lowest tile first), with the forms it is complete in by the plain checks.
struct Brute {
  std::vector<Counts> hands;
  std::vector<std::uint32_t> forms;
};

Brute brute_force(const RuleSet& rules, int size) {
  Brute out;
  const auto kinds = static_cast<std::size_t>(rules.meldable_count());
  Counts c(kinds, 0);
  const auto walk = [&](auto&& self, std::size_t t, int left) -> void {
    if (t == kinds) {
      if (left != 0) return;
      std::uint32_t forms = 0;
      for (std::size_t f = 0; f < rules.forms().size(); ++f) {
        const FormSpec& form = rules.forms()[f];
        if (!form.enabled) continue;
        const bool complete = (form.type == FormType::melds && standard(rules, c)) ||
                              (form.type == FormType::pairs && distinct_pairs(c, form.pairs)) ||
                              (form.type == FormType::set && set_form(form, c)) ||
                              (form.type == FormType::singles && singles_form(rules, form, c));
        if (complete) forms |= std::uint32_t{1} << f;
      }
      if (forms != 0) {
        out.hands.push_back(c);
        out.forms.push_back(forms);
      }
      return;
    }
    for (int n = std::min(4, left); n >= 0; --n) {
      c[t] = n;
      self(self, t + 1, left - n);
    }
    c[t] = 0;
  };
  walk(walk, 0, size);
  return out;
}

/// What enumerate_complete_hands listed: each hand's counts and forms, in order, and its counts.
struct Listed {
  std::vector<Counts> hands;
  std::vector<std::uint32_t> forms;
  meldgraph::EnumerationCounts counts;
};

Listed listed(const RuleSet& rules, int size) {
  Listed out;
  out.counts = meldgraph::enumerate_complete_hands(
      rules, size, [&](const meldgraph::Hand& hand, meldgraph::FormMask mask) {
        out.hands.emplace_back(hand.counts.begin(), hand.counts.begin() + rules.meldable_count());
        out.forms.push_back(mask);
      });
  return out;
}

void check_against_brute_force(const RuleSet& rules, int size) {
  INFO(rules.name() << ", " << size << " tiles");
  const Brute expected = brute_force(rules, size);
  const auto [hands, forms, counts] = listed(rules, size);
  CHECK(counts.hands == expected.hands.size());
  REQUIRE(hands.size() == expected.hands.size());
  // The same hands in the same order, with the same forms.
  CHECK(hands == expected.hands);
  CHECK(forms == expected.forms);
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const auto in_form = static_cast<std::uint64_t>(
        std::count_if(expected.forms.begin(), expected.forms.end(),
                      [&](std::uint32_t m) { return (m >> f & 1U) != 0; }));
    CHECK(counts.by_form[f] == in_form);
  }
  // Counting alone gives the same figures.
  const auto counted = meldgraph::enumerate_complete_hands(rules, size, {});
  CHECK(counted.hands == counts.hands);
  CHECK(counted.by_form == counts.by_form);
}

TEST_CASE("corpus enumerate: small riichi sizes match a brute force", "[corpus]") {
  const RuleSet riichi = meldgraph::load_rules("riichi");
  check_against_brute_force(riichi, 2);
  check_against_brute_force(riichi, 5);
}

TEST_CASE("corpus enumerate: every form of a small tile set matches a brute force", "[corpus]") {
  const RuleSet small = meldgraph::test::test_rules("corpus_small");
  check_against_brute_force(small, 2);
  check_against_brute_force(small, 5);
  check_against_brute_force(small, 8);
  // The hand holding each form at least once, so each check above had something to compare.
  const auto counts = meldgraph::enumerate_complete_hands(small, 8, {});
  for (std::size_t f = 0; f < small.forms().size(); ++f) CHECK(counts.by_form[f] > 0);
}

TEST_CASE("corpus enumerate: a gapped singles form matches a brute force", "[corpus]") {
  const RuleSet gapped = meldgraph::test::test_rules("corpus_gapped");
  check_against_brute_force(gapped, 5);
  check_against_brute_force(gapped, 8);
  const auto counts = meldgraph::enumerate_complete_hands(gapped, 8, {});
  for (std::size_t f = 0; f < gapped.forms().size(); ++f) CHECK(counts.by_form[f] > 0);
}

/// Expected hands by their counts, in canonical order (more of the lowest tile first), each with
/// the forms (bits) it was built in.
using Built = std::map<Counts, std::uint32_t, std::greater<>>;

/// Adds `hand` as complete in form `form` when it is within 4 copies.
void add_built(Built& built, const Counts& hand, std::size_t form) {
  if (std::any_of(hand.begin(), hand.end(), [](int n) { return n > 4; })) return;
  built[hand] |= std::uint32_t{1} << form;
}

std::size_t form_index(const RuleSet& rules, const std::string& name) {
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    if (rules.forms()[f].name == name) return f;
  }
  FAIL("no form " << name);
  return 0;
}

void check_against_built(const RuleSet& rules, int size, const Built& expected) {
  INFO(rules.name() << ", " << size << " tiles");
  const auto [hands, forms, counts] = listed(rules, size);
  std::vector<Counts> expected_hands;
  std::vector<std::uint32_t> expected_forms;
  for (const auto& [hand, mask] : expected) {
    expected_hands.push_back(hand);
    expected_forms.push_back(mask);
  }
  CHECK(!expected.empty());
  CHECK(counts.hands == expected.size());
  CHECK(hands == expected_hands);  // the same hands, in the same order
  CHECK(forms == expected_forms);
}

TEST_CASE("corpus enumerate: mcr's knitted forms match every hand built by plain code",
          "[corpus]") {
  const RuleSet rules = meldgraph::test::test_rules("corpus_knitted");
  const std::size_t straight = form_index(rules, "knitted_straight");
  const std::size_t lesser = form_index(rules, "lesser_knitted");
  const std::size_t greater = form_index(rules, "greater_knitted");
  const auto kinds = static_cast<std::size_t>(rules.meldable_count());
  REQUIRE(kinds == 34);  // 1-9m 1-9p 1-9s 1-7z: the tiles below are ids
  Built eleven;
  Built fourteen;
  const std::array<std::array<int, 3>, 6> orders{
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  for (const auto& order : orders) {
    // The knit: suit k holds the ranks r with r % 3 == order[k] (ranks from 0).
    Counts knit(kinds, 0);
    std::vector<std::size_t> knit_tiles;
    for (std::size_t k = 0; k < 3; ++k) {
      for (int r = order[k]; r < 9; r += 3)
        knit_tiles.push_back(9 * k + static_cast<std::size_t>(r));
    }
    for (const std::size_t t : knit_tiles) knit[t] = 1;
    // The knitted straight: the knit, a pair, and in 14 tiles one meld.
    std::vector<Counts> melds;
    for (std::size_t t = 0; t < kinds; ++t) {
      Counts pung(kinds, 0);
      pung[t] = 3;
      melds.push_back(pung);
      if (t < 27 && t % 9 < 7) {
        Counts chow(kinds, 0);
        for (std::size_t k = 0; k < 3; ++k) chow[t + k] = 1;
        melds.push_back(chow);
      }
    }
    for (std::size_t pair = 0; pair < kinds; ++pair) {
      Counts hand = knit;
      hand[pair] += 2;
      add_built(eleven, hand, straight);
      for (const Counts& meld : melds) {
        Counts with_meld = hand;
        for (std::size_t t = 0; t < kinds; ++t) with_meld[t] += meld[t];
        add_built(fourteen, with_meld, straight);
      }
    }
    // 全不靠: 14 of the 16 tiles of the knit and the honours; 七星不靠 holds every honour.
    std::vector<std::size_t> singles = knit_tiles;
    for (std::size_t t = 27; t < 34; ++t) singles.push_back(t);
    for (std::size_t a = 0; a < singles.size(); ++a) {
      for (std::size_t b = a + 1; b < singles.size(); ++b) {
        Counts hand(kinds, 0);
        for (const std::size_t t : singles) hand[t] = 1;
        hand[singles[a]] = 0;
        hand[singles[b]] = 0;
        add_built(fourteen, hand, lesser);
        if (singles[b] < 27) add_built(fourteen, hand, greater);
      }
    }
  }
  check_against_built(rules, 11, eleven);
  check_against_built(rules, 14, fourteen);
}

TEST_CASE("corpus enumerate: taiwan's sixteen unrelated tiles match every hand built by plain code",
          "[corpus]") {
  const RuleSet rules = meldgraph::test::test_rules("corpus_unrelated");
  const std::size_t form = form_index(rules, "sixteen_unrelated");
  const auto kinds = static_cast<std::size_t>(rules.meldable_count());
  REQUIRE(kinds == 34);
  // The rank sets of one suit at least three apart.
  std::vector<std::vector<std::size_t>> gapped{{}};
  for (std::size_t i = 0; i < gapped.size(); ++i) {
    const std::vector<std::size_t> ranks = gapped[i];
    for (std::size_t r = ranks.empty() ? 0 : ranks.back() + 3; r < 9; ++r) {
      std::vector<std::size_t> longer = ranks;
      longer.push_back(r);
      gapped.push_back(longer);
    }
  }
  Built expected;
  for (const auto& m : gapped) {
    for (const auto& p : gapped) {
      for (const auto& s : gapped) {
        // Sixteen distinct tiles: the seven honours make up what the suits lack, if they can.
        if (m.size() + p.size() + s.size() + 7 < 16) continue;
        for (unsigned honours = 0; honours < 128; ++honours) {
          std::vector<std::size_t> tiles;
          for (const std::size_t r : m) tiles.push_back(r);
          for (const std::size_t r : p) tiles.push_back(9 + r);
          for (const std::size_t r : s) tiles.push_back(18 + r);
          for (std::size_t h = 0; h < 7; ++h) {
            if ((honours >> h & 1U) != 0) tiles.push_back(27 + h);
          }
          if (tiles.size() != 16) continue;
          for (const std::size_t twice : tiles) {
            Counts hand(kinds, 0);
            for (const std::size_t t : tiles) hand[t] = 1;
            hand[twice] = 2;
            add_built(expected, hand, form);
          }
        }
      }
    }
  }
  check_against_built(rules, 17, expected);
}

TEST_CASE("corpus enumerate: what it cannot enumerate is an error", "[corpus]") {
  const RuleSet riichi = meldgraph::load_rules("riichi");
  CHECK_THROWS_AS(meldgraph::enumerate_complete_hands(riichi, 4, {}), meldgraph::AnalysisError);
  CHECK_THROWS_AS(meldgraph::enumerate_complete_hands(riichi, 17, {}), meldgraph::AnalysisError);
  // Every shipped rule set's forms can be enumerated (a custom rule file may still have what
  // cannot: a melds form of two pairs, a suit the tables do not model).
  for (const std::string& name : meldgraph::builtin_rule_names()) {
    INFO(name);
    CHECK_NOTHROW(meldgraph::check_enumeration(meldgraph::load_rules(name), 5, 0));
  }
}

/// Hands of `size` tiles with `jokers` jokers complete in the standard form, by the plain check:
/// some choice of the tiles the jokers stand for (within the copies) completes the naturals.
std::vector<Counts> brute_force_jokers(const RuleSet& rules, int size, int jokers) {
  std::vector<Counts> out;
  const auto kinds = static_cast<std::size_t>(rules.meldable_count());
  Counts c(kinds, 0);
  const auto completes = [&](auto&& self, std::size_t from, int left) -> bool {
    if (left == 0) return standard(rules, c);
    for (std::size_t t = from; t < kinds; ++t) {
      if (c[t] == 4) continue;
      ++c[t];
      const bool ok = self(self, t, left - 1);
      --c[t];
      if (ok) return true;
    }
    return false;
  };
  const auto walk = [&](auto&& self, std::size_t t, int left) -> void {
    if (t == kinds) {
      if (left == 0 && completes(completes, 0, jokers)) out.push_back(c);
      return;
    }
    for (int n = std::min(4, left); n >= 0; --n) {
      c[t] = n;
      self(self, t + 1, left - n);
    }
    c[t] = 0;
  };
  walk(walk, 0, size - jokers);
  return out;
}

TEST_CASE("corpus enumerate --wildcards: hands with jokers match a brute force", "[corpus]") {
  const RuleSet rules = meldgraph::test::test_rules("corpus_jokers");
  for (const int size : {5, 8}) {
    for (const int jokers : {1, 2}) {
      INFO(size << " tiles, " << jokers << " jokers");
      const std::vector<Counts> expected = brute_force_jokers(rules, size, jokers);
      std::vector<Counts> hands;
      const auto counts = meldgraph::enumerate_complete_hands(
          rules, size, jokers, [&](const meldgraph::Hand& hand, meldgraph::FormMask mask) {
            REQUIRE(hand.jokers == jokers);
            REQUIRE(mask == 1U);  // the standard form, the only one
            hands.emplace_back(hand.counts.begin(), hand.counts.begin() + rules.meldable_count());
          });
      CHECK(!expected.empty());
      CHECK(counts.hands == expected.size());
      CHECK(hands == expected);  // the same hands, in the same (canonical) order
    }
  }
  CHECK_THROWS_WITH(meldgraph::enumerate_complete_hands(rules, 5, 3, {}),
                    Catch::Matchers::Contains("holds fewer wildcards"));
  // Where the pruned walk cannot prune (laizi's four_wildcards wins every hand of four jokers),
  // the plain walk keeps its bound.
  CHECK_THROWS_WITH(meldgraph::enumerate_complete_hands(meldgraph::load_rules("laizi"), 14, 4, {}),
                    Catch::Matchers::Contains("candidates"));
}

}  // namespace

namespace {

/// A listed hand as the comparison sees it: every tile count (wild kinds included), the jokers
/// and the forms.
struct ListedHand {
  std::vector<int> counts;
  int jokers = 0;
  meldgraph::FormMask forms = 0;
  friend bool operator==(const ListedHand&, const ListedHand&) = default;
};

std::vector<ListedHand> listed(const RuleSet& rules, int size, int wildcards,
                               meldgraph::WildcardWalk walk, meldgraph::EnumerationCounts& counts) {
  std::vector<ListedHand> out;
  counts = meldgraph::enumerate_complete_hands(
      rules, size, wildcards,
      [&](const meldgraph::Hand& hand, meldgraph::FormMask forms) {
        out.push_back(
            {std::vector<int>(hand.counts.begin(), hand.counts.begin() + rules.tile_count()),
             hand.jokers, forms});
      },
      walk);
  return out;
}

/// The pruned walk against the plain one: the same hands, in the same order, with the same forms
/// and counts; and it is the pruned walk that ran.
void check_pruned_against_plain(const RuleSet& rules, int size, int wildcards) {
  INFO(rules.name() << ", " << size << " tiles, " << wildcards << " wildcards");
  REQUIRE(meldgraph::wildcard_walk_pruned(rules, size, wildcards));
  meldgraph::EnumerationCounts plain_counts;
  meldgraph::EnumerationCounts pruned_counts;
  const auto plain = listed(rules, size, wildcards, meldgraph::WildcardWalk::plain, plain_counts);
  const auto pruned =
      listed(rules, size, wildcards, meldgraph::WildcardWalk::pruned_where_modelled, pruned_counts);
  CHECK(!plain.empty());
  CHECK(pruned.size() == plain.size());
  CHECK(pruned == plain);
  CHECK(pruned_counts.hands == plain_counts.hands);
  CHECK(pruned_counts.by_form == plain_counts.by_form);
  CHECK(pruned_counts.candidates <= plain_counts.candidates);
}

TEST_CASE("corpus enumerate --wildcards: the pruned walk lists what the plain walk lists",
          "[corpus]") {
  // A small set with every modelled form (melds, pairs with a pung, set) at every size to its
  // hand's 11. At 11 tiles its pairs form with wildcards goes to the exact search: the plain
  // walk there takes a second in Release, so the sanitizers' pass leaves it out.
  const RuleSet wild = meldgraph::test::test_rules("corpus_wild");
  for (const int size : {5, 8}) {
    for (const int wildcards : {1, 2}) check_pruned_against_plain(wild, size, wildcards);
  }
  if (meldgraph::test::kScale == 1) check_pruned_against_plain(wild, 11, 1);
  // Its three-wildcard form wins every hand of three: nothing to prune, the plain walk runs.
  CHECK(!meldgraph::wildcard_walk_pruned(wild, 11, 3));
  // Capped copies (a joker within the copies), two jokers.
  const RuleSet capped = meldgraph::test::test_rules("corpus_jokers");
  for (const int size : {5, 8}) {
    for (const int wildcards : {1, 2}) check_pruned_against_plain(capped, size, wildcards);
  }
  // Full tile sets: laizi (jokers over a fifth copy), a fixed wild kind (guangdong_red's 7z,
  // four ghosts), restricted stand-ins, the missing suit with jokers, a 2-5-8 pair.
  const RuleSet laizi = meldgraph::load_rules("laizi");
  for (const int wildcards : {1, 2, 3}) check_pruned_against_plain(laizi, 5, wildcards);
  if (meldgraph::test::kScale == 1) check_pruned_against_plain(laizi, 8, 3);
  for (const char* name : {"test_restricted", "sichuan_jokers", "pair258", "laizi_natural"}) {
    const RuleSet rules = meldgraph::test::test_rules(name);
    for (const int wildcards : {1, 2}) check_pruned_against_plain(rules, 5, wildcards);
  }
  const RuleSet red = meldgraph::load_rules("guangdong_red");
  for (const int wildcards : {1, 2, 3}) check_pruned_against_plain(red, 5, wildcards);
  // Forms the walk does not model keep the plain walk: mcr's knitted forms at 14 tiles.
  CHECK(!meldgraph::wildcard_walk_pruned(meldgraph::load_rules("mcr"), 14, 1));
}

TEST_CASE("corpus enumerate --wildcards: 14-tile laizi hands with jokers, sampled", "[.long]") {
  // Every 14-tile laizi hand with one joker (155 M, about a minute), against is_win on a million
  // random 13-tile natural multisets and a joker: a sample is listed exactly when it is
  // complete. The listing is also strictly in the canonical order.
  const RuleSet laizi = meldgraph::load_rules("laizi");
  const auto kinds = static_cast<std::size_t>(laizi.meldable_count());
  std::mt19937_64 random(14);
  std::map<std::vector<int>, bool> samples;  // the naturals, and whether the walk listed them
  while (samples.size() < 1000000) {
    std::vector<int> c(kinds, 0);
    for (int held = 0; held < 13;) {
      const auto t = static_cast<std::size_t>(random() % kinds);
      if (c[t] < 4) {
        ++c[t];
        ++held;
      }
    }
    samples.emplace(std::move(c), false);
  }
  std::vector<int> previous;
  std::vector<int> naturals(kinds);
  bool ordered = true;
  const auto counts = meldgraph::enumerate_complete_hands(
      laizi, 14, 1, [&](const meldgraph::Hand& hand, meldgraph::FormMask) {
        std::copy_n(hand.counts.begin(), kinds, naturals.begin());
        if (!previous.empty() && !(naturals < previous)) ordered = false;
        previous = naturals;
        const auto found = samples.find(naturals);
        if (found != samples.end()) found->second = true;
      });
  CHECK(ordered);
  CHECK(counts.hands > 0);
  int complete = 0;
  for (const auto& [c, listed_hand] : samples) {
    meldgraph::Hand hand;
    std::copy(c.begin(), c.end(), hand.counts.begin());
    hand.jokers = 1;
    const bool wins = meldgraph::is_win(laizi, hand);
    complete += wins ? 1 : 0;
    REQUIRE(wins == listed_hand);
  }
  CHECK(complete > 0);
}

}  // namespace
