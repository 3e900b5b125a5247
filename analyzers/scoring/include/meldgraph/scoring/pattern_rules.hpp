#pragma once
/// Scoring patterns (yaku, fan, faan, tai): the `scoring.patterns` section of a rule set, frozen
/// at load, and what evaluating them over one reading's feature record gives. docs/scoring.md,
/// "Patterns", describes the language: an id, names, a value, a condition built from registered
/// predicates, and relations to other patterns.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "meldgraph/model/tile_table.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph {

class RuleSet;
struct FormSpec;
struct ScoringRules;
struct ScoreFeatures;

/// How a pattern is valued.
/// A pattern is worth exactly one of: units (`closed` / `open`), a limit (`yakuman`), a factor
/// that multiplies the base points (`factor`: the 倍 of the Chinese 底 x 倍 schemes), or points
/// added to the base after the factors (`bonus`: Fuzhou's 15/30/40 point hands).
struct PatternValue {
  std::int32_t closed = 0;   ///< units when the hand is closed
  std::int32_t open = 0;     ///< units when the hand is open
  bool open_allowed = true;  ///< false: the pattern counts only in a closed hand
  std::uint8_t yakuman = 0;  ///< a limit pattern of this multiplicity (0: ordinary)
  std::uint16_t factor = 0;  ///< multiplies the base (0: not a factor pattern), 2 to 100
  std::int32_t bonus = 0;    ///< points added to the base after the factors (0: none)
};

/// A set of tiles a condition names, resolved at load: fixed tiles, plus the context's value
/// winds when `context` says so (the class `value`, `seat_wind`, `round_wind`). `name` is the
/// index of the class or user tile set it was written as (PatternRules::set_names), so that
/// `rules dump` writes the name back; -1 when it was written as tile codes.
struct TileSetRef {
  TileMask tiles = 0;
  std::uint8_t context = 0;  ///< kSetSeatWind | kSetRoundWind
  std::int16_t name = -1;

  [[nodiscard]] bool empty() const { return tiles == 0 && context == 0; }
};
inline constexpr std::uint8_t kSetSeatWind = 1;
inline constexpr std::uint8_t kSetRoundWind = 2;

/// A count compared: min <= n <= max.
struct CountRange {
  std::int16_t min = 0;
  std::int16_t max = 0x7FFF;
  [[nodiscard]] bool holds(int n) const { return n >= min && n <= max; }
};

/// One node of a compiled condition. A condition is a subtree of PatternRules::nodes in
/// pre-order: node i is followed by its children, each child subtree `size` nodes long, so the
/// next sibling of node i is i + nodes[i].size. `op` is a combinator (kOpAll ...) or, from
/// kFirstPredicate on, a registered predicate (pattern_predicates.cpp); the other fields are the
/// predicate's arguments, read by its own reader and evaluator (a fat node, no allocation).
struct ConditionNode {
  std::uint8_t op = 0;
  std::uint8_t children = 0;         ///< combinators: how many children follow
  std::uint16_t size = 1;            ///< nodes in this subtree, this one included
  CountRange range;                  ///< the count a predicate compares; at_least's n as range.min
  std::uint32_t bits = 0;            ///< a predicate's mask (kinds, waits, forms, flags, ...)
  std::uint32_t flags_set = 0;       ///< groups: kFeature* bits required set
  std::uint32_t flags_clear = 0;     ///< groups: kFeature* bits required clear
  std::array<TileSetRef, 3> sets{};  ///< all_in, any_in, none_in
  std::array<std::uint8_t, 9> small{};  ///< small arguments (sets: size, step, suits, disjoint)
};

/// Combinators; predicates are numbered from kFirstPredicate.
inline constexpr std::uint8_t kOpAll = 0;
inline constexpr std::uint8_t kOpAny = 1;
inline constexpr std::uint8_t kOpNot = 2;
inline constexpr std::uint8_t kOpAtLeast = 3;
inline constexpr std::uint8_t kOpTrue = 4;  ///< the empty condition: always holds
inline constexpr std::uint8_t kFirstPredicate = 8;

/// One pattern of a rule set.
struct Pattern {
  std::string id;          ///< `toitoi`, `da_si_xi`
  std::string name;        ///< English name
  std::string local_name;  ///< the original: 対々和, 大四喜
  PatternValue value;
  bool enabled = true;     ///< a disabled pattern is kept (and dumped) but never counts
  std::uint32_t when = 0;  ///< index into PatternRules::nodes of its condition's root
  std::vector<std::uint16_t> excludes;    ///< patterns it removes when it counts
  std::vector<std::uint16_t> implied_by;  ///< patterns whose counting removes it
  bool only_without = false;              ///< counts only when no other pattern does
  /// only_without's exceptions: patterns whose counting does not remove it (MCR's 无番和 counts
  /// beside the flowers).
  std::vector<std::uint16_t> only_without_except;
  /// `times`: the root of a single counted predicate (groups, sets, copies, bonus) whose count is
  /// how often the pattern counts (MCR's 幺九刻 per pung, 花牌 per flower); kNoTimes: once.
  std::uint32_t times = kNoTimes;
  static constexpr std::uint32_t kNoTimes = 0xFFFFFFFFU;
};

/// The most patterns a rule set may declare (the evaluation keeps them in a fixed bit set).
inline constexpr std::size_t kMaxPatterns = 256;

/// A cheap test lowered to one comparison over what a reading's record gives once (its facts,
/// patterns::ReadingFacts in pattern_evals.hpp): a mask of the facts' word that must meet
/// (`word_any`) or be within (`word_all`) it, a count in a range, the number of groups of some
/// kinds in a range, or the hand's faces all in (`faces_all`), meeting (`faces_any`) or missing
/// (`faces_none`) one tile set. `none`: not lowered (evaluated by its predicate).
struct LoweredTest {
  enum class Kind : std::uint8_t {
    none,
    word_any,
    word_all,
    count,
    kinds,
    faces_all,
    faces_any,
    faces_none
  };
  Kind kind = Kind::none;
  std::uint8_t index = 0;  ///< count: which of the facts' counts; faces_*: the set's context bits
  CountRange range;        ///< count, kinds
  /// word_any, word_all: bits of the word; kinds: the fields of ScoreFeatures::kind_counts
  /// summed (all bits of each kind's field); faces_*: the set's fixed tiles.
  std::uint64_t mask = 0;
};

/// The compiled form of every condition of a rule set (compile_patterns, at load): the one form
/// that evaluation, `times` and account_once read. Conditions are written as trees
/// (PatternRules::nodes, kept for `rules dump` and `explain`); compiled, each distinct leaf (a
/// predicate with its arguments) is one *test*, evaluated at most once per reading however many
/// patterns name it, and each pattern is the set of tests that must hold (the leaves its root
/// reaches through `all` alone) plus the subtrees that are not leaves (`any`, `not`,
/// `at_least`), evaluated last. A costly test is preceded by its *screens*: cheap necessary
/// tests derived from it ("some group of these kinds" for a `groups` filter, "a face of this
/// set" for its tile set, "three sequence suits" for three chows in distinct suits), so that a
/// family of patterns whose melds are absent is ruled out by one shared test.
///
/// A need that is one bit of the reading's facts (a flag, the win kind, a form, closed ...) is
/// a *word need*. Tests [0, eager_tests) are the other cheap ones some pattern needs. Both are
/// kept transposed, as the patterns that need each (word_needers, test_needers), so that a
/// reading rules out whole families at once: each bit of the facts' word that is missing, then
/// each eager test that fails, removes every pattern needing it (when the eager tests fit one
/// word, a byte of such bits at a time: missing_needers, failed_needers). Only the patterns left
/// with costly needs (`costly`) are then visited one by one; the costly needs follow as a list,
/// cheapest first, each evaluated on first use and remembered.
struct PatternProgram {
  /// The most distinct tests a rule set may compile to (the evaluation keeps their results in
  /// fixed bit sets).
  static constexpr std::size_t kMaxTests = 2048;
  static constexpr std::uint16_t kNoTest = 0xFFFF;
  /// The tests: copies of distinct leaf nodes (combinator fields unused), screens included.
  std::vector<ConditionNode> tests;
  std::uint32_t eager_tests = 0;  ///< tests evaluated up front for every reading
  /// The eager tests fit one 64-bit word: the up-front word, its tables (faces_table,
  /// failed_needers, kinds_table, clause_masks) and the clause check up front apply.
  [[nodiscard]] bool eager_in_one_word() const { return eager_tests <= 64; }
  /// Bits [0, eager_tests) of that word (eager_in_one_word()).
  [[nodiscard]] std::uint64_t eager_mask() const {
    return eager_tests >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << eager_tests) - 1;
  }
  /// Every test lowered (Kind::none: evaluated by its predicate), the eager ones first.
  std::vector<LoweredTest> lowered;
  /// How a test that is not eager is evaluated, by test: its lowered comparison, as a `sets`
  /// test (with the memo's candidate ranks), as a `groups` filter (inline), or through the
  /// predicate registry. Chosen at load, so that evaluating a test is one jump on its route:
  /// which test comes next varies from reading to reading, and a branch on each possibility
  /// was mispredicted in turn.
  enum class TestRoute : std::uint8_t { lowered, sets, groups, predicate };
  std::vector<TestRoute> routes;
  std::uint32_t pattern_words = 0;  ///< 64-bit words of a mask over the patterns
  /// The eager tests ordered by lowered kind, as runs [begin, end) of one kind each, so that
  /// the up-front evaluation switches once per run rather than once per test.
  struct EagerRun {
    LoweredTest::Kind kind = LoweredTest::Kind::none;
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
  };
  std::vector<EagerRun> eager_runs;
  /// The eager faces tests (faces_all, faces_any, faces_none) evaluated together, when the
  /// eager tests fit one word (else all of these are empty): each is "the reading's faces meet
  /// a set" (the test's set; its complement for faces_all, which also needs some face), so one
  /// OR over the faces' bytes answers them all. Bit t of faces_table[256 c + b] is set when that
  /// set of test t meets the tiles of byte value b of tile ids [8c, 8c + 8). A test whose set
  /// names a context wind (LoweredTest::index) is not in the table (faces_tabled) and is
  /// evaluated alone. The runs of faces kinds are then not walked.
  std::vector<std::uint64_t> faces_table;
  std::uint64_t faces_tests = 0;      ///< every eager faces test
  std::uint64_t faces_any_tests = 0;  ///< of them, the faces_any ones
  std::uint64_t faces_all_tests = 0;  ///< the faces_all ones
  std::uint64_t faces_tabled = 0;     ///< those the table answers
  /// One per pattern: its costly needs are needs[need_begin, need_end), its other subtrees
  /// (roots into PatternRules::nodes) rest[rest_begin, rest_end); `times` is the test its `times`
  /// counts (kNoTest: none).
  struct Entry {
    std::uint32_t need_begin = 0;
    std::uint32_t need_end = 0;
    std::uint32_t rest_begin = 0;
    std::uint32_t rest_end = 0;
    std::uint16_t times = kNoTest;
    /// The one costly need of a pattern with no other (and no other subtree), read straight
    /// through the memo (most costly patterns); kNoTest otherwise.
    std::uint16_t single = kNoTest;
  };
  std::vector<Entry> entries;
  /// Per eager test t, the patterns that need it: words [t * pattern_words, + pattern_words).
  std::vector<std::uint64_t> test_needers;
  /// The bits of the facts' word some pattern needs (a flag, the win kind, a form, closed ...),
  /// and per bit b the patterns that need it: word_needers[b * pattern_words, + pattern_words).
  std::uint64_t word_needed = 0;
  std::vector<std::uint64_t> word_needers;
  /// The same two transposed by byte, when the eager tests fit one word (else empty): the
  /// patterns needing some bit of byte value b of bits [8c, 8c + 8) of the facts' word are
  /// words [(256 c + b) * pattern_words, + pattern_words) of missing_needers; of the eager tests,
  /// of failed_needers. So ruling out the patterns of every missing bit and every failed test
  /// is one OR per byte (missing_bytes and failed_bytes of them), with no branch per bit.
  /// The eager `kinds` tests answered by one lookup, when they fit one word and read at most
  /// kKindsTableKinds kinds (else kinds_table is empty): bit t of kinds_table[key] is the value
  /// of kinds test t, the key being each read kind's count in ScoreFeatures::kind_counts,
  /// capped at kinds_caps[i] (one past every bound a test puts on a count of it, so that a
  /// higher count answers every test alike), in mixed radix, kinds_table_kinds[0] slowest.
  static constexpr std::size_t kKindsTableKinds = 4;
  static constexpr std::size_t kKindsTableMost = 4096;  ///< the most entries
  std::vector<std::uint64_t> kinds_table;
  std::array<std::uint8_t, kKindsTableKinds> kinds_table_kinds{};  ///< GroupKind values
  std::array<std::uint8_t, kKindsTableKinds> kinds_caps{};
  std::uint32_t kinds_table_count = 0;  ///< kinds read: [0, kinds_table_count)
  std::uint64_t kinds_tests = 0;        ///< the eager kinds tests (bit t: test t)
  std::vector<std::uint64_t> missing_needers;
  std::vector<std::uint64_t> failed_needers;
  std::uint32_t missing_bytes = 0;
  std::uint32_t failed_bytes = 0;
  std::vector<std::uint16_t> needs;
  std::vector<std::uint32_t> rest;
  /// The clauses of rest[k], an `any` (none for the others): clauses[c] for c in
  /// [rest_clauses[k], rest_clauses_end[k]), clause c being the eager tests
  /// clause_tests[clauses[c], clauses[c + 1]) that hold whenever the `any`'s child c does. The
  /// subtree is evaluated only when every test of some clause holds.
  std::vector<std::uint32_t> rest_clauses;
  std::vector<std::uint32_t> rest_clauses_end;
  std::vector<std::uint32_t> clauses;  ///< one past the last clause: a sentinel
  std::vector<std::uint16_t> clause_tests;
  /// When the eager tests fit one word (else empty): clause c's tests as a mask, and each rest
  /// subtree with clauses as (pattern, k), so that the up-front evaluation rules out a pattern
  /// one of whose subtrees has no clause holding, before any costly test of it runs.
  std::vector<std::uint64_t> clause_masks;
  struct ScreenedRest {
    std::uint16_t pattern = 0;
    std::uint32_t rest = 0;  ///< k: the subtree rest[k]
  };
  std::vector<ScreenedRest> screened_rests;
  /// The screens of the costly leaves of the other subtrees (`any`, `not`, `at_least`): test
  /// t's are the eager tests screens[screen_begin[t], screen_begin[t + 1]); one failing answers
  /// t as false without evaluating it.
  std::vector<std::uint32_t> screen_begin;
  std::vector<std::uint16_t> screens;
  /// node_tests[i]: the test of PatternRules::nodes[i] when it is a leaf, else kNoTest.
  std::vector<std::uint16_t> node_tests;
  /// The test of each PatternRules::account_once entry's `sets` node, in its order.
  std::vector<std::uint16_t> account_once_tests;
  /// Bit sets over the patterns (bit i: pattern i): enabled ones, limit patterns, only_without
  /// ones. A closed-only pattern needs the test `closed_hand: true`.
  using PatternMask = std::array<std::uint64_t, (kMaxPatterns + 63) / 64>;
  /// For `relations: counted`, by pattern: the patterns its counting removes, which are its
  /// excludes and the patterns naming it in their implied_by (the inverse of implied_by), as one
  /// mask, so that applying them is a few ORs rather than two walks of lists.
  std::vector<PatternMask> removes;
  PatternMask enabled{};
  PatternMask limits{};
  PatternMask only_without{};
  PatternMask costly{};  ///< patterns with costly needs or other subtrees (entries' lists)
  /// The patterns some PatternRules::account_once entry governs, so that account_once reads
  /// the entries only for the hits they govern.
  PatternMask account_once_governed{};
};

/// Every pattern of a rule set, in the order the rule file lists them.
struct PatternRules {
  std::vector<Pattern> patterns;
  std::vector<ConditionNode> nodes;  ///< every pattern's condition, flattened
  /// A limit pattern (yakuman) that counts replaces the ordinary ones (scoring.limits_replace).
  bool limits_replace = true;
  /// User tile sets (scoring.tile_sets) by name, in the order written, resolved.
  std::vector<std::pair<std::string, TileMask>> tile_sets;
  /// Names a TileSetRef::name indexes: the built-in classes, then the user sets.
  std::vector<std::string> set_names;
  /// scoring.output_name: `local` writes a pattern's local name as its output `name` (MCR:
  /// 大四喜), `english` (the default) its English name; `name_en` is always the English one.
  bool local_names = false;
  /// scoring.relations: `held` (false, the default: excludes and implied_by are read off every
  /// pattern whose condition held, removed or not; riichi) or `counted` (true: the patterns are
  /// visited in the rule file's order and only a pattern that counts removes others; MCR's
  /// 不重复, where 七对 removes 不求人 and so 自摸 still counts).
  bool relations_counted = false;
  /// Some pattern has a `factor` or a `bonus` (so compute_value looks them up; set at load).
  bool has_factors = false;
  /// scoring.account_once (套算一次): the meld-relation patterns it governs, each with the
  /// `sets` node its melds are read from (its `times`, else its `when`). Empty: not applied.
  struct AccountOnce {
    std::uint16_t pattern = 0;
    std::uint32_t sets = 0;  ///< index into nodes of a `sets` predicate
  };
  std::vector<AccountOnce> account_once;
  PatternProgram program;  ///< derived from the above (compile_patterns)
};

/// Compiles every pattern's condition, `times` and account_once into `rules.program`; the loader
/// calls it once the conditions are read, and whoever changes a condition afterwards calls it
/// again. `tiles` (the rule set's tiles and suits) and `forms` (all of them, enabled or not) are
/// what the screens are derived from: the group shapes a tile can lie in. False (the program
/// left empty) when the conditions have more than PatternProgram::kMaxTests distinct tests.
[[nodiscard]] bool compile_patterns(PatternRules& rules, const TileTable& tiles,
                                    const std::vector<FormSpec>& forms);

/// One pattern that counted in a reading.
struct PatternHit {
  std::uint16_t pattern = 0;  ///< index into PatternRules::patterns
  std::int32_t value = 0;     ///< units it adds (0 for a limit pattern)
  std::uint8_t yakuman = 0;   ///< limit multiplicity, 0 for an ordinary pattern
  std::uint8_t times = 1;     ///< how often it counted (a fan may count more than once)
};

/// Appends to `hits` (cleared first) every pattern of `rules` that counts for `features`, in the
/// rule set's pattern order, with the relations applied (excludes, implied_by, only_without, limit
/// patterns replacing ordinary ones). Allocation-free once `hits` has grown.
void evaluate_patterns(const ScoringRules& rules, const ScoreFeatures& features,
                       std::vector<PatternHit>& hits);

/// Whether the condition of pattern `index` holds for `features` (relations not applied).
[[nodiscard]] bool pattern_condition_holds(const ScoringRules& rules, const ScoreFeatures& features,
                                           std::size_t index);

/// For rule authors (`meldgraph explain`): why pattern `index` did or did not count for
/// `features`, given the reading's `hits`: "counted", the first part of its condition that
/// failed, or the pattern whose relation removed it.
[[nodiscard]] std::string explain_pattern(const ScoringRules& rules, const ScoreFeatures& features,
                                          std::size_t index, std::span<const PatternHit> hits);

}  // namespace meldgraph
