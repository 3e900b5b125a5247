// corpus enumerate (corpus.hpp): every complete hand of a size, in canonical order, checked
// against an independent brute force over every multiset of that size: its own plain checks of
// the standard form (melds and one pair, chows in sequence suits), of distinct pairs and of a set
// form, written here without the engine. Tagged [corpus].

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "meldgraph/corpus.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/rules.hpp"
#include "rule_files.hpp"

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
                              (form.type == FormType::set && set_form(form, c));
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

void check_against_brute_force(const RuleSet& rules, int size) {
  INFO(rules.name() << ", " << size << " tiles");
  const Brute expected = brute_force(rules, size);
  std::vector<Counts> hands;
  std::vector<std::uint32_t> forms;
  const auto counts = meldgraph::enumerate_complete_hands(
      rules, size, [&](const meldgraph::Hand& hand, meldgraph::FormMask mask) {
        hands.emplace_back(hand.counts.begin(), hand.counts.begin() + rules.meldable_count());
        forms.push_back(mask);
      });
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

TEST_CASE("corpus enumerate: what it cannot enumerate is an error", "[corpus]") {
  const RuleSet riichi = meldgraph::load_rules("riichi");
  CHECK_THROWS_AS(meldgraph::enumerate_complete_hands(riichi, 4, {}), meldgraph::AnalysisError);
  CHECK_THROWS_AS(meldgraph::enumerate_complete_hands(riichi, 17, {}), meldgraph::AnalysisError);
  CHECK_THROWS_WITH(meldgraph::enumerate_complete_hands(meldgraph::load_rules("mcr"), 14, {}),
                    Catch::Matchers::Contains("not supported yet"));
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
  CHECK_THROWS_WITH(meldgraph::enumerate_complete_hands(meldgraph::load_rules("laizi"), 14, 1, {}),
                    Catch::Matchers::Contains("candidates"));
}

}  // namespace
