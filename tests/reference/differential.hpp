#pragma once
/// Random runs of the engine against the reference: a plan of hand sizes and shapes, every hand
/// checked with compare(), the results tallied and reported (failures in full, the first few).

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "reference/canonical.hpp"
#include "reference/hand_generator.hpp"
#include "test_scale.hpp"

namespace meldgraph::testref {

using test::kScale;  ///< fewer random hands under the sanitizers (test_scale.hpp)

/// Counts hands, wins and failures of one random run; reports the first few failures in full.
struct Tally {
  int hands = 0;
  int wins = 0;
  int interpretations = 0;
  int failures = 0;
  /// Failures where the graph itself is wrong (counts, or the root-to-sink paths), as opposed to
  /// failures of listing alone (cursor, goal vertex).
  int graph_failures = 0;
  std::size_t most_interpretations = 0;  ///< of one hand
  std::map<std::string, int> form_wins;
  int declared_hands = 0;     ///< hands with declared melds
  int joker_melds = 0;        ///< hands with a joker in a declared meld
  int winning_natural = 0;    ///< hands with a natural winning tile
  int winning_wildcard = 0;   ///< hands whose winning tile is a wildcard
  int winning_wild_kind = 0;  ///< of those, a tile of a wild kind (not a joker)
  int marked_wins = 0;        ///< winning hands with a winning tile
  int wildcard_wins = 0;      ///< winning hands holding a wildcard (concealed or declared)
  int per_hand_wild = 0;      ///< hands holding a copy of a wild kind of their own (--wild)
  int bonus_hands = 0;        ///< hands holding bonus tiles (set aside)
  /// Hands left out because the engine's documented conservative rule (distinct pairs beside
  /// pungs) and the plain reference differ on them; see the pungs test.
  int conservative_skipped = 0;
  /// Hands with a winning wildcard in one of two equal wildcard-only groups (see
  /// wild_only_mark_twice): compared like every other hand, and counted.
  int wild_only_twins = 0;

  /// Adds the counts of another run (the most interpretations of one hand: the larger).
  void merge(const Tally& other);
};

/// A winning wildcard in one of two identical wildcard-only concrete groups (restricted
/// stand-ins) can be reached by two paths, marked group first or second; the engine must list
/// and count that interpretation once (the order key of wildcard-only groups holds the winning
/// slot, as that of melds does). Smallest such hand: `23344z**+4z`, 4z wild, under
/// test_shared_classes, form four_pairs: `{1}{1}z {1}{1}z<+{1}z single> 2{2}z 33z`. True when an
/// interpretation of `expected` holds such a pair of groups.
bool wild_only_mark_twice(const RefResult& expected);

/// Checks one hand against the reference and tallies it; `skip_conservative` leaves out (and
/// counts) hands where the engine's conservative distinct-pairs rule and the plain reference
/// differ.
void check_hand(const RuleSet& rules, const Hand& hand, int expected_size, Tally& tally,
                bool skip_conservative = false);

/// What a random run must reach besides agreeing with the reference, at full scale: at least so
/// many hands of each kind. Under the sanitizers each is divided by kScale (test_scale.hpp), and
/// is at least one where it was given. The plans are biased towards such hands; a run that
/// reached none would have compared little.
struct Reach {
  int wins = 0;              ///< winning hands
  int wildcard_wins = 0;     ///< winning hands holding a wildcard
  int declared = 0;          ///< hands with declared melds
  int marked_wins = 0;       ///< winning hands with a winning tile
  int joker_melds = 0;       ///< hands with a joker in a declared meld
  int winning_wildcard = 0;  ///< hands whose winning tile is a wildcard
  int per_hand_wild = 0;     ///< hands holding a copy of a wild kind of their own
  int bonus = 0;             ///< hands holding bonus tiles
};

/// Reports a run: CHECKs that it had no failures and reached `reach`, and describes it (printed
/// with -s).
void report(const char* what, const Tally& tally, const Reach& reach);

/// A joker count from 0 to `most`, never more than the hand holds.
int jokers_for(HandGenerator& gen, int size, int most);

/// Reference counts per form name, for the hand-computed tables.
std::map<std::string, std::size_t> reference_counts(const RuleSet& rules, const Hand& hand);

/// The reference's interpretations of one form as text, sorted.
std::vector<std::string> reference_texts(const RuleSet& rules, const Hand& hand,
                                         const std::string& form);

/// Random hands of the given sizes and shapes under `rules`, each checked against the reference.
struct Plan {
  std::vector<int> sizes;
  int most_jokers = 0;           ///< 0..most jokers per hand
  int per_size = 0;              ///< hands per size
  bool per_hand_wild = false;    ///< sometimes make one tile kind wild for the hand
  double per_hand_chance = 0.2;  ///< how often, with per_hand_wild
  bool bonus = false;            ///< sometimes add bonus tiles
  std::vector<HandGenerator::Shape> shapes{HandGenerator::Shape::uniform,
                                           HandGenerator::Shape::melds};
  double avoid_suit = 0;           ///< chance of dealing no tile of one random sequence suit
  std::uint64_t avoid_tiles = 0;   ///< tiles (forbidden ones) not to deal ...
  double avoid_tiles_chance = 0;   ///< ... with this chance
  bool skip_conservative = false;  ///< leave out hands where check_hand's conservative rule bites
};

/// Runs `plan` from `seed`.
Tally run_plan(const RuleSet& rules, std::uint32_t seed, const Plan& plan);

/// Complete hands with declared melds and a winning tile.
struct FullPlan {
  std::vector<int> sizes;      ///< whole hand sizes, 3n+2, a declared meld counting three
  int per_size = 0;            ///< hands per size
  int most_melds = 0;          ///< 0..most declared melds per hand (fewer when the hand is small)
  int most_jokers = 0;         ///< 0..most concealed jokers
  double winning = 0.85;       ///< chance of a winning tile
  bool per_hand_wild = false;  ///< sometimes make one tile kind wild for the hand
  bool bonus = false;          ///< sometimes add bonus tiles
  std::vector<HandGenerator::Shape> shapes{
      HandGenerator::Shape::melds, HandGenerator::Shape::uniform, HandGenerator::Shape::melds};
  double avoid_suit = 0;  ///< as in Plan
  std::uint64_t avoid_tiles = 0;
  double avoid_tiles_chance = 0;
  double per_hand_chance = 0.3;    ///< with per_hand_wild
  bool skip_conservative = false;  ///< as in Plan
};

/// Runs `plan` from `seed`; every generated hand must also read back from its own text.
Tally run_full_plan(const RuleSet& rules, std::uint32_t seed, const FullPlan& plan);

/// The kinds of hand (Reach's fields, 1 each) a plan is meant to reach under `rules`: winning
/// hands always, and those its options bias it towards (wildcards, a wild kind of the hand's own,
/// bonus tiles; declared melds, jokers in them and a winning tile, wild or not).
Reach meant_to_reach(const RuleSet& rules, const std::variant<Plan, FullPlan>& plan);

/// One row of a table of random runs: a rule set, a seed and a plan, and what the run must show
/// besides agreeing with the reference hand by hand. The tests are tables of these walked by
/// run_rows, so a run is a few lines and every failure names its row.
struct RunRow {
  const char* name;   ///< names the run in its report and in every failure
  const char* rules;  ///< a file of tests/data/rules/ or a shipped rule set (rules_named)
  std::uint32_t seed;
  std::variant<Plan, FullPlan> plan;
  /// What the run must reach: a number for every kind the plan is meant to reach
  /// (meant_to_reach), each checked against what the run really reaches.
  Reach reach;
  /// Tiles not to deal (the rule set's forbidden ones), as suit letter and rank: they become the
  /// plan's avoid_tiles under the row's rule set.
  std::vector<std::pair<char, int>> avoid{};
  /// Forms at least one hand of the run must win: the generator's bias really produces them, or
  /// the comparison proves little.
  std::vector<const char*> must_win{};
  /// Further checks of the run's tally, or none.
  void (*also)(const Tally&) = nullptr;
};

/// Runs one row: INFO names it, the run is reported (report, which checks `reach`), the row is
/// checked to give a number for every kind its plan is meant to reach, and `must_win` and `also`
/// are checked.
Tally run_row(const RunRow& row);

/// Runs every row of a table, in order.
void run_rows(const std::vector<RunRow>& rows);

}  // namespace meldgraph::testref
