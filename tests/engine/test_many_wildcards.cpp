// Hands whose N-wildcards group holds more tiles than a Group has slots (four tile ids, an
// eight-bit wild mask): hands that would overrun the slots (SIGSEGV), throw an internal error or
// print wrong glyphs if such a group were read slot by slot, and the same shape with every
// wildcard count up to a full hand. Checks
// that every slot of such a group reads as a wildcard, that its text and glyphs hold one joker
// per wildcard, that the interpretation accounts for every tile of the hand (groups plus loose
// tiles), and that the lister gives what the cursor gives.
//
// Tagged [many_wildcards].

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/search/listing.hpp"

namespace {

using namespace meldgraph;

/// Occurrences of `needle` in `text`.
int count_of(const std::string& text, std::string_view needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

std::vector<Interpretation> by_cursor(const Decomposition& decomposition) {
  std::vector<Interpretation> out;
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) out.push_back(interpretation);
  return out;
}

/// Every check of this file on one hand; `expected_loose` is the natural concealed tiles in MPSZ.
void check_hand(const RuleSet& rules, const Hand& hand, const std::string& expected_loose) {
  INFO("rules " << rules.name() << ", hand " << format_hand(hand, rules));
  const Decomposition decomposition(rules, hand);
  const std::vector<Interpretation> listed = by_cursor(decomposition);
  REQUIRE(listed.size() == decomposition.interpretation_count());

  int wildcards_form_seen = 0;
  for (const Interpretation& interpretation : listed) {
    // Every tile of the hand is in exactly one group or loose.
    int tiles = static_cast<int>(interpretation.loose_tiles.size());
    for (const Group& group : interpretation.groups) tiles += group.size;
    CHECK(tiles == hand.size(rules));
    for (const Group& group : interpretation.groups) {
      const std::string glyphs = format_group_unicode(group, rules);
      const std::string text = format_group(group, rules);
      if (group.kind != GroupKind::wildcards) continue;
      ++wildcards_form_seen;
      CHECK(group.size == hand.wildcard_count());
      CHECK(group.wildcard_count() == hand.wildcard_count());
      for (int slot = 0; slot < group.size; ++slot) {
        CHECK(group.is_wild(slot));
        CHECK(group.wild_class(slot) == 0);
      }
      CHECK(count_of(glyphs, kJokerGlyph) == group.size);
      CHECK(glyphs.size() == group.size * kJokerGlyph.size());
      std::string braces(group.size + 2U, '*');
      braces.front() = '{';
      braces.back() = '}';
      CHECK(text == braces);
    }
    if (rules.forms()[interpretation.form].type == FormType::wildcards) {
      TileCounts loose{};
      for (const TileId t : interpretation.loose_tiles) ++loose[t];
      CHECK(format_counts(loose, rules) == expected_loose);
      for (std::size_t k = 1; k < interpretation.loose_tiles.size(); ++k) {
        CHECK(interpretation.loose_tiles[k - 1] <= interpretation.loose_tiles[k]);
      }
      const std::string text = format_interpretation(interpretation, rules);
      std::string loose_text = " loose ";
      loose_text += expected_loose;
      // Written after the groups when there are any; no loose part when every tile is wild.
      CHECK((text.find(loose_text) != std::string::npos) == !expected_loose.empty());
      CHECK((text.find(" loose") != std::string::npos) == !expected_loose.empty());
    } else {
      CHECK(interpretation.loose_tiles.empty());
    }
  }
  CHECK(wildcards_form_seen == 1);

  // The lister: the same interpretations, loose tiles included, in the same order.
  InterpretationLister lister(rules);
  std::vector<Interpretation> fast;
  lister.list(hand, [&](const Interpretation& interpretation) { fast.push_back(interpretation); });
  CHECK(fast == listed);
}

}  // namespace

TEST_CASE("hands with nine or more wildcards in one group", "[many_wildcards]") {
  SECTION("twelve wildcards, jokers and two wild kinds") {
    const RuleSet rules = load_rules("laizi");
    const Hand hand = parse_hand("1m******2z**5555m", rules, parse_wild_choice("5m,7z", rules));
    REQUIRE(hand.wildcard_count() == 12);
    check_hand(rules, hand, "1m2z");
  }
  SECTION("twelve ghosts from an indicator and a chosen kind") {
    const RuleSet rules = load_rules("guangdong_double");
    const TileMask wild = parse_indicator("4m", rules) | parse_wild_choice("7z", rules);
    const Hand hand = parse_hand("44445555m7777z11p", rules, wild);
    REQUIRE(hand.wildcard_count() == 12);
    check_hand(rules, hand, "11p");
  }
  SECTION("nine wildcards (the ninth prints as a joker, not a natural tile's glyph)") {
    const RuleSet rules = load_rules("laizi");
    const Hand hand = parse_hand("5m********12233z", rules, parse_wild_choice("5m", rules));
    REQUIRE(hand.wildcard_count() == 9);
    check_hand(rules, hand, "12233z");
  }
}

TEST_CASE("every wildcard count from four to a whole hand", "[many_wildcards]") {
  const RuleSet rules = load_rules("laizi");
  // 14 - n natural honours other than 5z and 6z, and n wildcards: up to eight jokers (laizi's
  // most), then the wild kinds 5z and 6z.
  const std::string ranks = "12347123471234";
  const TileMask wild = parse_wild_choice("5z,6z", rules);
  for (int n = 4; n <= 14; ++n) {
    const std::string kept = ranks.substr(0, static_cast<std::size_t>(14 - n));
    const std::string naturals = kept.empty() ? "" : kept + "z";
    const int jokers = std::min(n, 8);
    std::string wild_tiles;
    for (int k = jokers; k < n; ++k) wild_tiles += k < 12 ? '5' : '6';
    if (!wild_tiles.empty()) wild_tiles += 'z';
    const Hand hand = parse_hand(
        naturals + wild_tiles + std::string(static_cast<std::size_t>(jokers), '*'), rules, wild);
    REQUIRE(hand.wildcard_count() == n);
    TileCounts natural_counts = hand.counts;
    natural_counts[parse_tile("5z", rules)] = 0;
    natural_counts[parse_tile("6z", rules)] = 0;
    check_hand(rules, hand, naturals.empty() ? "" : format_counts(natural_counts, rules));
  }
}

TEST_CASE("a winning joker among many wildcards", "[many_wildcards]") {
  const RuleSet rules = load_rules("laizi");
  const Hand hand = parse_hand("19m5555z*******+*", rules, parse_wild_choice("5z", rules));
  REQUIRE(hand.wildcard_count() == 12);
  check_hand(rules, hand, "19m");
}
