// What an interpretation carries for scorers (meldgraph/reading.hpp, realisations.hpp):
// hand-worked readings for each slot mark, declared meld kinds, discards and waits; invariants of
// every reading of random hands; realisations of abstract groups counted, listed and
// cross-checked against a brute force over every concrete meld and pair. Tagged [reading].

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/answers/json.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/reading/realisations.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "rule_files.hpp"
#include "test_scale.hpp"

using namespace meldgraph;

namespace {

using meldgraph::test::kScale;
using meldgraph::test::test_rules;

std::vector<Interpretation> all_interpretations(const Decomposition& decomposition) {
  std::vector<Interpretation> out;
  InterpretationCursor cursor = decomposition.interpretations();
  Interpretation interpretation;
  while (cursor.next(interpretation)) out.push_back(interpretation);
  return out;
}

/// The readings of every interpretation, with their interpretations.
struct Read {
  Interpretation interpretation;
  Reading reading;
};

std::vector<Read> read_all(const RuleSet& rules, const Hand& hand, const WinContext& win = {}) {
  const Decomposition decomposition(rules, hand);
  const ReadingContext context = make_reading_context(rules, hand, win);
  std::vector<Read> out;
  for (const Interpretation& interpretation : all_interpretations(decomposition)) {
    out.push_back({interpretation, make_reading(context, interpretation)});
  }
  return out;
}

/// The reading whose text (red fives as 0) is `text`, or null.
const Read* find_text(const std::vector<Read>& reads, const RuleSet& rules,
                      const std::string& text) {
  for (const Read& read : reads) {
    std::string joined;
    for (const ReadingGroup& group : read.reading.groups) {
      if (!joined.empty()) joined += ' ';
      joined += format_reading_group(group, rules);
    }
    if (joined == text) return &read;
  }
  return nullptr;
}

TileId tile(const RuleSet& rules, const char* code) {
  return parse_tile(code, rules);
}

TileMask mask_of(const RuleSet& rules, std::initializer_list<const char*> codes) {
  TileMask mask = 0;
  for (const char* code : codes) mask |= tile_bit(tile(rules, code));
  return mask;
}

}  // namespace

TEST_CASE("natural tiles and red fives, concealed and declared", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  const Hand hand = parse_hand("345m406p1s[055s]789s+1s", rules);
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  const Reading& reading = reads[0].reading;
  REQUIRE(reading.groups.size() == 5);
  // Declared melds first: the red five of [055s] stays in the meld, on its first five.
  const ReadingGroup& meld = reading.groups[0];
  CHECK(meld.state == MeldState::exposed);
  CHECK(meld.counts_as_open);
  CHECK(meld.slots[0].mark == SlotMark::red_five);
  CHECK(meld.slots[0].red);
  CHECK(meld.slots[1].mark == SlotMark::natural);
  CHECK(format_reading_group(meld, rules) == "[055s]");
  // The concealed red 5p sits in the chow 456p, slot 1.
  const ReadingGroup& chow = reading.groups[2];
  CHECK(format_reading_group(chow, rules) == "406p");
  CHECK(chow.slots[1].mark == SlotMark::red_five);
  CHECK(chow.slots[0].mark == SlotMark::natural);
  CHECK(chow.slots[1].tile == tile(rules, "5p"));
  // 345m holds a plain 5m: the hand's only red 5m is absent.
  CHECK(format_reading_group(reading.groups[1], rules) == "345m");
  for (const ReadingGroup& group : reading.groups) {
    for (const Slot& slot : group.slots) CHECK_FALSE(slot.wild());
  }
}

TEST_CASE("a concealed red five goes to the first five slot in group order", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  // Written 055m, but the hand remembers only that one 5m is red: it goes to the first five
  // slot in group order, which is 345m's (groups are ordered by their lowest tile).
  const Hand hand = parse_hand("055m345m678p99s11z+1z", rules);
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  CHECK(find_text(reads, rules, "340m 555m 678p 99s 111z") != nullptr);
}

TEST_CASE("the winning tile's redness: +0m is the winning slot's, +5m leaves it plain",
          "[reading]") {
  const RuleSet rules = load_rules("riichi");
  // A plain winning 5m beside a red one: the red five is the pair's when the chow wins, the
  // chow's when the pair wins, never the winning slot's.
  const Hand plain = parse_hand("34m05m123p456s111z+5m", rules);
  CHECK_FALSE(plain.winning_red);
  CHECK(format_hand(plain, rules) == "3405m123p456s111z+5m");
  const std::vector<Read> plain_reads = read_all(rules, plain);
  REQUIRE(plain_reads.size() == 2);
  // A red winning 5m: the winning slot is red, wherever it is, and the reading says so.
  const Hand red = parse_hand("34m55m123p456s111z+0m", rules);
  CHECK(red.winning_red);
  CHECK(format_hand(red, rules) == "3455m123p456s111z+0m");
  CHECK(parse_hand(format_hand(red, rules), rules) == red);
  const std::vector<Read> red_reads = read_all(rules, red);
  REQUIRE(red_reads.size() == 2);
  for (const Read& read : red_reads) {
    CHECK(read.reading.winning_red);
    REQUIRE(read.reading.winning_group >= 0);
    const ReadingGroup& won =
        read.reading.groups[static_cast<std::size_t>(read.reading.winning_group)];
    const Slot& slot = won.slots[static_cast<std::size_t>(won.group.winning_slot())];
    CHECK(slot.red);
    CHECK(slot.mark == SlotMark::red_five);
    int reds = 0;
    for (const ReadingGroup& group : read.reading.groups) {
      for (const Slot& other : group.slots) reds += other.red ? 1 : 0;
    }
    CHECK(reds == 1);
  }
  // Which reading wins with which group: 345m (0), 55m (1), 123p, 456s, 111z.
  struct Won {
    const char* what;
    const std::vector<Read>* reads;
    const char* text;
    int winning_group;
  };
  for (const Won& row : {Won{"plain, the chow wins", &plain_reads, "345m 05m 123p 456s 111z", 0},
                         Won{"plain, the pair wins", &plain_reads, "340m 55m 123p 456s 111z", 1},
                         Won{"red, the chow wins", &red_reads, "340m 55m 123p 456s 111z", 0},
                         Won{"red, the pair wins", &red_reads, "345m 05m 123p 456s 111z", 1}}) {
    INFO(row.what);
    const Read* found = find_text(*row.reads, rules, row.text);
    REQUIRE(found != nullptr);
    CHECK(found->reading.winning_group == row.winning_group);
  }
  CHECK_FALSE(plain_reads[0].reading.winning_red);
}

TEST_CASE("a declared meld's claimed tile", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  const Hand hand = parse_hand("067p8s [34-0m] [5=555z] [777z] +8s", rules);
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  const auto& groups = reads[0].reading.groups;
  CHECK(groups[0].claimed_slot == 1);
  CHECK(groups[0].slots[1].tile == tile(rules, "4m"));
  CHECK(groups[1].claimed_slot == 0);
  CHECK(groups[1].state == MeldState::exposed);
  CHECK(groups[2].claimed_slot == -1);  // no marker: not known
  CHECK(groups[3].claimed_slot == -1);  // concealed
}

TEST_CASE("jokers and wild tiles: winning wildcard, own face first, jokers before wild kinds",
          "[reading]") {
  const RuleSet rules = load_rules("laizi");
  const TileMask wild = parse_wild_choice("5m", rules);
  // Two wild 5m and four jokers, the winning tile a joker.
  const Hand hand = parse_hand("123m55m789p11s***+*", rules, wild);
  const std::vector<Read> reads = read_all(rules, hand);
  const TileId five = tile(rules, "5m");
  // 3{4}{5}m winning on the 4: the winning joker takes the 4, the wild 5m its own face.
  bool seen = false;
  for (const Read& read : reads) {
    const Reading& reading = read.reading;
    if (reading.winning_group < 0) continue;
    const ReadingGroup& won = reading.groups[static_cast<std::size_t>(reading.winning_group)];
    if (format_reading_group(won, rules) != "3{4}{5}m" ||
        read.interpretation.wait != WaitShape::closed) {
      continue;
    }
    seen = true;
    CHECK(won.slots[1].joker());
    CHECK(won.slots[2].wild_tile == five);
    CHECK(won.slots[2].own_face);
    CHECK(won.slots[0].mark == SlotMark::natural);
  }
  CHECK(seen);
  // 1{1}m 2{2}{2}m 3{3}{3}m 789p 11{1}s winning on 11{1}s: the winning joker in the pair, the
  // other jokers in order (1{1}m, 2{2}{2}m), then the wild 5m (3{3}{3}m).
  const Read* read = nullptr;
  for (const Read& candidate : reads) {
    if (candidate.reading.winning_group == 4 &&
        find_text({candidate}, rules, "1{1}m 2{2}{2}m 3{3}{3}m 789p 11{1}s") != nullptr) {
      read = &candidate;
    }
  }
  REQUIRE(read != nullptr);
  const auto& groups = read->reading.groups;
  CHECK(groups[4].slots[2].joker());
  CHECK(groups[0].slots[1].joker());
  CHECK(groups[1].slots[1].joker());
  CHECK(groups[1].slots[2].joker());
  CHECK(groups[2].slots[1].wild_tile == five);
  CHECK(groups[2].slots[2].wild_tile == five);
  CHECK_FALSE(groups[2].slots[1].own_face);
  CHECK(groups[2].slots[1].tile == tile(rules, "3m"));
}

TEST_CASE("restricted stand-ins: each wildcard where its class may stand", "[reading]") {
  const RuleSet rules = test_rules("reading_restricted");
  // A joker and the white dragon (wild, winds and dragons only).
  const Hand hand = parse_hand("123m456p789s11z6z*5z", rules);
  const std::vector<Read> reads = read_all(rules, hand);
  const TileId white = tile(rules, "5z");
  const TileMask honours_wild = mask_of(rules, {"1z", "2z", "3z", "4z", "5z", "6z", "7z"});
  REQUIRE_FALSE(reads.empty());
  for (const Read& read : reads) {
    int jokers = 0;
    int whites = 0;
    for (const ReadingGroup& group : read.reading.groups) {
      for (const Slot& slot : group.slots) {
        if (!slot.wild()) continue;
        if (slot.joker()) {
          ++jokers;
        } else {
          REQUIRE(slot.wild_tile == white);
          ++whites;
          CHECK(TileClasses::in(honours_wild, slot.tile));
        }
      }
    }
    CHECK(jokers == 1);
    CHECK(whites == 1);
  }
  // 6{6}{6b}z: the joker (class 0) and the white dragon (class 1, b) both on 6z.
  CHECK(find_text(reads, rules, "123m 456p 789s 11z 6{6}{6b}z") != nullptr);
}

TEST_CASE("natural_use: a wild tile on its own face is not soft", "[reading]") {
  const RuleSet rules = test_rules("reading_natural_use");
  // 5m is wild in this hand, with one joker: 4{5}6m may hold the wild 5m on its own face.
  // The two wildcards are of one class, so the joker on 5m and the wild 5m on 1z is the same
  // interpretation: the reading puts the 5m on its own face, the joker on 1z.
  const Hand hand = parse_hand("123p456p789s1z46m5m*", rules, parse_wild_choice("5m", rules));
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  const Read* read = find_text(reads, rules, "4{5}6m 123p 456p 789s 1{1}z");
  REQUIRE(read != nullptr);
  const ReadingGroup& chow = read->reading.groups[0];
  CHECK(chow.slots[1].own_face);
  CHECK(chow.slots[1].wild_tile == tile(rules, "5m"));
  CHECK(read->reading.groups[4].slots[1].joker());
  CHECK_FALSE(read->reading.groups[4].slots[1].own_face);
  CHECK(read->reading.soft_wildcards == 1);  // the joker only
}

TEST_CASE("declared melds: kind, state and source", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  Hand hand = parse_hand("123m99p[777z][2222s](3333s)", rules);
  hand.melds[0].set_source(MeldSource::left);
  hand.melds[1].set_source(MeldSource::across);
  hand.melds[1].flags = static_cast<std::uint8_t>(hand.melds[1].flags | kGroupAddedKong);
  const std::vector<Read> reads = read_all(rules, hand);
  REQUIRE(reads.size() == 1);
  const auto& groups = reads[0].reading.groups;
  CHECK(groups[0].state == MeldState::exposed);
  CHECK(groups[0].source == MeldSource::left);
  CHECK(groups[0].group.kind == GroupKind::pung);
  CHECK(groups[1].state == MeldState::added_kong);
  CHECK(groups[1].source == MeldSource::across);
  CHECK(groups[1].group.kind == GroupKind::kong);
  CHECK(groups[1].counts_as_open);
  CHECK(groups[2].state == MeldState::concealed_kong);
  CHECK_FALSE(groups[2].counts_as_open);
  CHECK(groups[2].source == MeldSource::unknown);
  CHECK(groups[3].state == MeldState::concealed);
}

TEST_CASE("a concealed pung completed by a discard counts as open", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  // 55z 99s waiting on either: the 9s completes the pung 999s (a shanpon).
  const Hand hand = parse_hand("111m234p567s55z99s+9s", rules);
  WinContext ron;
  ron.win = WinKind::discard;
  ron.from = MeldSource::right;
  for (const bool discard : {false, true}) {
    const std::vector<Read> reads = read_all(rules, hand, discard ? ron : WinContext{});
    REQUIRE(reads.size() == 1);
    const Reading& reading = reads[0].reading;
    REQUIRE(reading.winning_group >= 0);
    const ReadingGroup& won = reading.groups[static_cast<std::size_t>(reading.winning_group)];
    CHECK(won.group.kind == GroupKind::pung);
    CHECK(won.by_discard == discard);
    CHECK(won.counts_as_open == discard);
    // The concealed pung of 1m held no winning tile: closed either way.
    CHECK_FALSE(reading.groups[0].counts_as_open);
    CHECK(reading.wait == WaitShape::dual_pung);
    const ReadingContext context = make_reading_context(rules, hand, discard ? ron : WinContext{});
    CHECK(context.waits_before() == mask_of(rules, {"9s", "5z"}));
    CHECK_FALSE(context.only_wait());
  }
}

TEST_CASE("the wait set before the win, and the only wait", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  const ReadingContext tanki =
      make_reading_context(rules, parse_hand("123m456p789s111z2z+2z", rules));
  CHECK(tanki.has_waits());
  CHECK(tanki.waits_before() == mask_of(rules, {"2z"}));
  CHECK(tanki.only_wait());
  const ReadingContext sided =
      make_reading_context(rules, parse_hand("23m456p789s111z22z+1m", rules));
  CHECK(sided.waits_before() == mask_of(rules, {"1m", "4m"}));
  CHECK_FALSE(sided.only_wait());
  // The wait set is computed on first use and kept: asking again gives the same.
  CHECK(sided.waits_before() == mask_of(rules, {"1m", "4m"}));
  // A context reused for another hand forgets the last hand's waits.
  ReadingContext reused = sided;
  make_reading_context(rules, parse_hand("123m456p789s111z2z+2z", rules), WinContext{}, reused);
  CHECK(reused.waits_before() == mask_of(rules, {"2z"}));
  // No winning tile: no wait set.
  const ReadingContext none = make_reading_context(rules, parse_hand("123m456p789s111z22z", rules));
  CHECK_FALSE(none.has_waits());
  CHECK(none.waits_before() == 0);
  CHECK_FALSE(none.only_wait());
}

TEST_CASE("tile-class lookups on groups", "[reading]") {
  const RuleSet rules = load_rules("riichi");
  const std::vector<Read> reads = read_all(rules, parse_hand("123m456p999s111z7z+7z", rules));
  REQUIRE(reads.size() == 1);
  const TileClasses& classes = rules.tile_classes();
  const auto& groups = reads[0].reading.groups;
  CHECK(groups[0].any_in(classes.terminals));
  CHECK_FALSE(groups[0].all_in(classes.terminals_or_honours));
  CHECK(groups[0].suit(rules) == rules.find_suit('m'));
  CHECK(groups[1].all_in(classes.simples));
  CHECK(groups[2].all_in(classes.terminals));
  CHECK(groups[3].all_in(classes.winds));
  CHECK(groups[4].all_in(classes.dragons));
  CHECK(groups[4].all_in(classes.honours));
}

// Realisations -------------------------------------------------------------------------------

TEST_CASE("realisations of abstract groups, hand-counted", "[reading]") {
  const RuleSet laizi = load_rules("laizi");
  const auto realisations_of = [](const RuleSet& rules, const char* text, const char* wanted) {
    const Hand hand = parse_hand(text, rules);
    const ReadingContext context = make_reading_context(rules, hand);
    const Decomposition decomposition(rules, hand);
    for (const Interpretation& interpretation : all_interpretations(decomposition)) {
      if (format_interpretation(interpretation, rules) != wanted) continue;
      const Realisations realisations(context, interpretation);
      std::uint64_t listed = realisations.list([](std::span<const Group>) { return true; });
      CHECK(listed == realisations.count());
      return realisations.count();
    }
    FAIL("no interpretation " << wanted);
    return std::uint64_t{0};
  };
  // One free meld: 34 pungs and 3 x 7 chows.
  CHECK(realisations_of(laizi, "123m456p789s11z***", "123m 456p 789s 11z {***}") == 55);
  // Two interchangeable free melds: multisets of two of 55.
  CHECK(realisations_of(laizi, "123m456p11z******", "123m 456p 11z {***} {***}") == 55 * 56 / 2);
  // A free pair: 34 kinds.
  CHECK(realisations_of(laizi, "123m456p789s111z**", "123m 456p 789s 111z {**}") == 34);
  // The winning joker's meld is told apart from the other, and so is its slot in a chow: 34
  // pungs and 21 chows x 3 winning slots for it, any of 55 for the other.
  CHECK(realisations_of(laizi, "123m456p11z*****+*",
                        "123m 456p 11z {***} {***}  (wins {***}, any wait)") == (34 + 63) * 55);
  // A winning free pair: one slot per kind.
  CHECK(realisations_of(laizi, "123m456p789s111z*+*",
                        "123m 456p 789s 111z {**}  (wins {**}, any wait)") == 34);
  // Capped copies: three 1m and two 1z held leave one 1m and two 1z: no pung of either (the
  // chow 123m still fits), 55 - 2.
  const RuleSet capped = test_rules("reading_capped");
  CHECK(realisations_of(capped, "111m456p789s11z***", "111m 456p 789s 11z {***}") == 53);
  // Pair tiles 2, 5, 8 of the suits: nine kinds for a free pair.
  const RuleSet pair_tiles = test_rules("reading_pair_tiles");
  CHECK(realisations_of(pair_tiles, "123m456p789s111z**", "123m 456p 789s 111z {**}") == 9);
  // Lacking a suit: m and p are touched, so s must be lacked and the free meld is one of the
  // 7 chows and 9 pungs of m or of p.
  const RuleSet missing = test_rules("reading_missing");
  CHECK(realisations_of(missing, "123m456p789m11m***", "11m 123m 789m 456p {***}") == 32);
}

TEST_CASE("the N-wildcards group realises as itself", "[reading]") {
  const RuleSet rules = load_rules("laizi");
  const Hand hand = parse_hand("123m456p789s1z****", rules);
  const ReadingContext context = make_reading_context(rules, hand);
  const Decomposition decomposition(rules, hand);
  bool seen = false;
  for (const Interpretation& interpretation : all_interpretations(decomposition)) {
    if (interpretation.groups.size() != 1 ||
        interpretation.groups[0].kind != GroupKind::wildcards) {
      continue;
    }
    seen = true;
    const Realisations realisations(context, interpretation);
    CHECK(realisations.count() == 1);
    std::vector<Group> got;
    realisations.list([&](std::span<const Group> groups) {
      got.assign(groups.begin(), groups.end());
      return true;
    });
    CHECK(got == interpretation.groups);
    const Reading reading = make_reading(context, interpretation);
    CHECK(reading.groups[0].wildcard_count() == 4);
  }
  CHECK(seen);
}

namespace {

/// Every concrete group an abstract group might be, before any rule: each pung, chow and pair.
std::vector<Group> catalogue(const RuleSet& rules, const Group& abstract) {
  std::vector<Group> out;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    Group group = abstract;
    if (abstract.kind == GroupKind::any_pair) {
      group.kind = GroupKind::pair;
      group.tiles = {t, t, kNoTile, kNoTile};
      out.push_back(group);
      continue;
    }
    group.kind = GroupKind::pung;
    group.tiles = {t, t, t, kNoTile};
    out.push_back(group);
    const TileId second = rules.tile(t).next;
    const TileId third = second == kNoTile ? kNoTile : rules.tile(second).next;
    if (third == kNoTile) continue;
    group.kind = GroupKind::chow;
    group.tiles = {t, second, third, kNoTile};
    out.push_back(group);
  }
  return out;
}

/// Whether replacing the abstract groups of `interpretation` by `realised` obeys the rules,
/// checked tile by tile over the whole realised hand.
bool allowed(const RuleSet& rules, const Hand& hand, const WildcardClasses& classes,
             const Interpretation& interpretation, const std::vector<Group>& realised) {
  const FormSpec& form = rules.forms()[interpretation.form];
  TileCounts used = hand.held_counts();
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0)
      used[t] = static_cast<std::uint8_t>(used[t] - hand.counts[t]);
  }
  unsigned suits = 0;
  for (const Group& group : interpretation.groups) {
    if (group.abstract()) continue;
    for (int s = 0; s < group.size; ++s) {
      suits |= 1U << rules.tile(group.tiles[static_cast<std::size_t>(s)]).suit;
      if (group.is_wild(s) && !group.declared()) ++used[group.tiles[static_cast<std::size_t>(s)]];
    }
  }
  const TileCounts before = used;
  TileMask pair_kinds = 0;
  for (const Group& group : realised) {
    const TileMask stand_ins = classes.masks[static_cast<std::size_t>(group.wild_class(0))];
    if (group.kind == GroupKind::chow && form.type == FormType::pairs) return false;
    for (int s = 0; s < group.size; ++s) {
      const TileId t = group.tiles[static_cast<std::size_t>(s)];
      if (!TileClasses::in(stand_ins, t) || TileClasses::in(rules.forbidden_tiles(), t)) {
        return false;
      }
      ++used[t];
      suits |= 1U << rules.tile(t).suit;
    }
    if (group.kind == GroupKind::pair) {
      const TileId t = group.tiles[0];
      if (form.type == FormType::melds && form.pair_tiles != 0 &&
          !TileClasses::in(form.pair_tiles, t)) {
        return false;
      }
      if (form.type == FormType::pairs && !form.four_as_two_pairs) {
        if (before[t] > 0 || TileClasses::in(pair_kinds, t)) return false;
        pair_kinds |= tile_bit(t);
      }
    }
  }
  if (!rules.wildcards().exceed_copies) {
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if (used[t] > rules.tile(t).copies) return false;
    }
  }
  int lacking = 0;
  for (std::size_t s = 0; s < rules.suits().size(); ++s) {
    if (rules.suits()[s].sequences && !rules.suits()[s].bonus && ((suits >> s) & 1U) == 0)
      ++lacking;
  }
  return lacking >= rules.missing_suits();
}

/// The winning abstract group's catalogue: each pung and pair with the winning wildcard in slot
/// 0 (their slots are alike), each chow once per slot.
std::vector<Group> winning_catalogue(const RuleSet& rules, const Group& abstract) {
  std::vector<Group> out;
  for (Group group : catalogue(rules, abstract)) {
    const int slots = group.kind == GroupKind::chow ? 3 : 1;
    for (int slot = 0; slot < slots; ++slot) {
      group.set_winning_slot(slot);
      out.push_back(group);
    }
  }
  return out;
}

/// The wait a realised winning group implies, from the ranks (not from the engine's wait_shape):
/// a chow won in the middle is closed; on its low end when it is 7-8-9, or on its high end when it
/// is 1-2-3 (of a nine-rank suit: the side beyond does not exist), an edge; else two-sided.
WaitShape expected_wait(const RuleSet& rules, const Group& group) {
  if (group.kind == GroupKind::pair) return WaitShape::single;
  if (group.kind == GroupKind::pung) return WaitShape::dual_pung;
  const int slot = group.winning_slot();
  if (slot == 1) return WaitShape::closed;
  const TileInfo& low = rules.tile(group.tiles[0]);
  int top = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if (rules.tile(t).suit == low.suit) top = std::max<int>(top, rules.tile(t).rank);
  }
  const bool beyond = slot == 0 ? low.rank + 3 <= top : low.rank - 1 >= 1;
  return beyond ? WaitShape::two_sided : WaitShape::edge;
}

/// Realisations by brute force: every choice from the catalogue for each abstract group (the
/// winning group's with its winning slot), kept when allowed, identical abstract groups' choices
/// sorted (a multiset).
std::set<std::vector<Group>> brute_force(const RuleSet& rules, const Hand& hand,
                                         const Interpretation& interpretation,
                                         const std::vector<int>& abstract) {
  const WildcardClasses classes = wildcard_classes(rules, hand);
  std::vector<std::vector<Group>> options;
  for (const int index : abstract) {
    const Group& group = interpretation.groups[static_cast<std::size_t>(index)];
    options.push_back(group.winning_slot() >= 0 ? winning_catalogue(rules, group)
                                                : catalogue(rules, group));
  }
  std::set<std::vector<Group>> out;
  std::vector<std::size_t> pick(abstract.size(), 0);
  while (true) {
    std::vector<Group> realised;
    for (std::size_t k = 0; k < abstract.size(); ++k) realised.push_back(options[k][pick[k]]);
    if (allowed(rules, hand, classes, interpretation, realised)) {
      // Interchangeable groups (same abstract group value) in sorted order.
      for (std::size_t a = 0; a < abstract.size(); ++a) {
        for (std::size_t b = a + 1; b < abstract.size(); ++b) {
          const Group& ga = interpretation.groups[static_cast<std::size_t>(abstract[a])];
          const Group& gb = interpretation.groups[static_cast<std::size_t>(abstract[b])];
          if (ga == gb && realised[b] < realised[a]) std::swap(realised[a], realised[b]);
        }
      }
      out.insert(realised);
    }
    std::size_t k = 0;
    while (k < pick.size() && ++pick[k] == options[k].size()) pick[k++] = 0;
    if (k == pick.size()) break;
  }
  return out;
}

/// Checks every realisation of every interpretation of `hand`: count equals listing, each listed
/// once, a limit honoured, and (when the product of catalogues is small) the same set as the brute
/// force; the winning abstract group's wait against the ranks. Returns how many interpretations
/// had abstract groups, and adds those whose winning group is abstract to `winning_seen`.
int check_realisations(const RuleSet& rules, const Hand& hand, int* winning_seen = nullptr) {
  const ReadingContext context = make_reading_context(rules, hand);
  const Decomposition decomposition(rules, hand);
  int abstract_seen = 0;
  for (const Interpretation& interpretation : all_interpretations(decomposition)) {
    const Realisations realisations(context, interpretation);
    const std::vector<int>& abstract = realisations.abstract_groups();
    if (abstract.empty() ||
        interpretation.groups[static_cast<std::size_t>(abstract[0])].kind == GroupKind::wildcards) {
      continue;
    }
    ++abstract_seen;
    const std::uint64_t count = realisations.count();
    INFO(format_hand(hand, rules) << " : " << format_interpretation(interpretation, rules));
    // The search listed it, so some realisation exists.
    CHECK(count >= 1);
    if (count > 200000) continue;
    std::set<std::vector<Group>> listed;
    const int winning = realisations.winning_index();
    if (winning >= 0 && winning_seen != nullptr) ++*winning_seen;
    CHECK(
        (winning >= 0) ==
        (interpretation.winning_group >= 0 &&
         interpretation.groups[static_cast<std::size_t>(interpretation.winning_group)].abstract()));
    const std::uint64_t visited = realisations.list([&](std::span<const Group> groups) {
      listed.insert(std::vector<Group>(groups.begin(), groups.end()));
      for (std::size_t g = 0; g < groups.size(); ++g) {
        CHECK((groups[g].winning_slot() >= 0) == (static_cast<int>(g) == winning));
      }
      if (winning >= 0) {
        const Group& won = groups[static_cast<std::size_t>(winning)];
        CHECK(wait_shape(won, rules) == expected_wait(rules, won));
      }
      return true;
    });
    CHECK(visited == count);
    CHECK(listed.size() == count);
    CHECK(realisations.list([](std::span<const Group>) { return true; }, 3) ==
          std::min<std::uint64_t>(count, 3));
    double product = 1;
    for (std::size_t k = 0; k < abstract.size(); ++k) product *= 60;
    if (product > 250000) continue;
    std::set<std::vector<Group>> expected = brute_force(rules, hand, interpretation, abstract);
    // Listed realisations sort interchangeable groups by tile order: compare as sorted multisets.
    const auto canonical = [&](std::vector<Group> groups) {
      for (std::size_t a = 0; a < groups.size(); ++a) {
        for (std::size_t b = a + 1; b < groups.size(); ++b) {
          const Group& ga = interpretation.groups[static_cast<std::size_t>(abstract[a])];
          const Group& gb = interpretation.groups[static_cast<std::size_t>(abstract[b])];
          if (ga == gb && groups[b] < groups[a]) std::swap(groups[a], groups[b]);
        }
      }
      return groups;
    };
    std::set<std::vector<Group>> got;
    for (const std::vector<Group>& groups : listed) got.insert(canonical(groups));
    CHECK(got == expected);
  }
  return abstract_seen;
}

/// Invariants of every reading: each physical wildcard placed once, on a slot its class may
/// take; the winning wildcard on the winning slot; own faces first; red fives all placed;
/// soft wildcards as the engine counts them.
void check_reading_invariants(const RuleSet& rules, const Hand& hand) {
  const ReadingContext context = make_reading_context(rules, hand);
  const Decomposition decomposition(rules, hand);
  for (const Interpretation& interpretation : all_interpretations(decomposition)) {
    const Reading reading = make_reading(context, interpretation);
    INFO(format_hand(hand, rules) << " : " << format_interpretation(interpretation, rules));
    REQUIRE(reading.groups.size() == interpretation.groups.size());
    int jokers = 0;
    int own = 0;
    int wild = 0;
    TileCounts wild_tiles{};
    TileCounts reds{};
    bool whole_hand_wildcards = false;
    for (const ReadingGroup& group : reading.groups) {
      whole_hand_wildcards = whole_hand_wildcards || group.group.kind == GroupKind::wildcards;
      REQUIRE(static_cast<int>(group.slots.size()) == group.group.size);
      for (std::size_t s = 0; s < group.slots.size(); ++s) {
        const Slot& slot = group.slots[s];
        const bool engine_wild = group.abstract() || group.group.is_wild(static_cast<int>(s));
        CHECK(slot.wild() == engine_wild);
        if (slot.red) ++reds[slot.wild() ? slot.wild_tile : slot.tile];
        if (!slot.wild() || group.declared()) continue;
        ++wild;
        if (slot.joker()) {
          ++jokers;
        } else {
          ++wild_tiles[slot.wild_tile];
          CHECK(TileClasses::in(hand.wild_tiles, slot.wild_tile));
        }
        own += slot.own_face ? 1 : 0;
        if (slot.own_face) CHECK(slot.tile == slot.wild_tile);
        if (slot.tile != kNoTile && group.group.kind != GroupKind::wildcards) {
          const TileMask mask = slot.joker() ? rules.wildcards().joker_stand_ins
                                             : rules.wildcards().tile_stand_ins[slot.wild_tile];
          if (rules.wildcards().restricted) CHECK(TileClasses::in(mask, slot.tile));
        }
      }
    }
    CHECK(jokers == hand.jokers);
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      if (TileClasses::in(hand.wild_tiles, t)) CHECK(wild_tiles[t] == hand.counts[t]);
      if (!whole_hand_wildcards) CHECK(reds[t] == hand.red[t]);
    }
    if (reading.winning_group >= 0 && hand.winning_is_wildcard()) {
      const ReadingGroup& won = reading.groups[static_cast<std::size_t>(reading.winning_group)];
      const Slot& slot = won.slots[static_cast<std::size_t>(won.group.winning_slot())];
      if (slot.wild()) {
        CHECK(slot.wild_tile == (hand.winning_joker ? kNoTile : hand.winning));
      }
    }
    if (rules.wildcards().natural_use && !whole_hand_wildcards) {
      CHECK(reading.soft_wildcards == wild - own);
    } else if (!whole_hand_wildcards) {
      CHECK(reading.soft_wildcards == wild);
    }
  }
}

}  // namespace

namespace {

/// One rule set of the realisations' random check: hands of `size` tiles with up to `wildcards`
/// of them wild, `wild` a per-hand wild kind (or none).
struct RealisationCase {
  const char* name;
  bool file;  ///< a file of tests/data/rules/, else a shipped rule set
  int size;
  int wildcards;
  const char* wild;
};

/// Realisations against the brute force and the reading invariants on random complete hands of
/// the case, each also won on a wildcard. 150 hands, a quarter under the sanitizers
/// (test_scale.hpp): every case, and so every path, still runs there.
void check_random_realisations(const RealisationCase& c) {
  INFO(c.name);
  const RuleSet rules = c.file ? test_rules(c.name) : load_rules(c.name);
  const TileMask wild = std::string(c.wild).empty() ? 0 : parse_wild_choice(c.wild, rules);
  RandomHands random(rules, 20261201, wild);
  int abstract_seen = 0;
  int winning_seen = 0;  // interpretations whose winning group is abstract
  for (int n = 0; n < 150 / kScale; ++n) {
    const Hand hand = random.complete(c.size, c.wildcards);
    check_reading_invariants(rules, hand);
    abstract_seen += check_realisations(rules, hand);
    // The same hand won on a wildcard (a joker, else a tile of a wild kind): the winning
    // abstract group's (meld, winning slot) pairs.
    Hand won = hand;
    if (hand.jokers > 0) {
      won.winning_joker = true;
    } else if (hand.wild_tiles != 0) {
      for (TileMask rest = hand.wild_tiles; rest != 0 && won.winning == kNoTile; rest &= rest - 1) {
        const auto t = static_cast<TileId>(std::countr_zero(rest));
        if (hand.counts[t] > 0) won.winning = t;
      }
    }
    if (!won.has_winning_tile()) continue;
    check_reading_invariants(rules, won);
    check_realisations(rules, won, &winning_seen);
  }
  if (c.wildcards >= 6) CHECK(abstract_seen > 0);
  if (c.wildcards >= 6) CHECK(winning_seen > 0);
}

}  // namespace

// One TEST_CASE a rule set, so that CTest runs them side by side (together they were the
// slowest test).
TEST_CASE("realisations against a brute force, and reading invariants: laizi", "[reading]") {
  check_random_realisations({"laizi", false, 14, 8, "5m"});
}

TEST_CASE("realisations against a brute force, and reading invariants: capped copies",
          "[reading]") {
  check_random_realisations({"reading_capped", true, 14, 8, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: natural_use", "[reading]") {
  check_random_realisations({"reading_natural_use", true, 14, 6, "7p"});
}

TEST_CASE("realisations against a brute force, and reading invariants: restricted stand-ins",
          "[reading]") {
  check_random_realisations({"reading_restricted", true, 14, 5, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: a missing suit",
          "[reading]") {
  check_random_realisations({"reading_missing", true, 14, 8, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: pair tiles", "[reading]") {
  check_random_realisations({"reading_pair_tiles", true, 14, 8, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: 17 tiles", "[reading]") {
  check_random_realisations({"reading_small", true, 17, 6, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: riichi", "[reading]") {
  check_random_realisations({"riichi", false, 14, 0, ""});
}

TEST_CASE("realisations against a brute force, and reading invariants: guangdong_white",
          "[reading]") {
  check_random_realisations({"guangdong_white", false, 14, 4, ""});
}

TEST_CASE("the wait set before the win matches the exact waits", "[reading]") {
  for (const char* name : {"riichi", "laizi", "mcr"}) {
    const RuleSet rules = load_rules(name);
    RandomHands random(rules, 7);
    for (int n = 0; n < 200; ++n) {
      Hand ready = random.ready(13, 2);
      const Waits waits = compute_waits(rules, ready, nullptr);
      if (waits.tiles.empty()) continue;
      TileMask expected = 0;
      for (const WaitTile& wait : waits.tiles) expected |= tile_bit(wait.tile);
      // Win on the first wait.
      Hand hand = ready;
      hand.winning = waits.tiles[0].tile;
      ++hand.counts[hand.winning];
      const ReadingContext context = make_reading_context(rules, hand);
      CHECK(context.has_waits());
      CHECK(context.waits_before() == expected);
    }
  }
}
