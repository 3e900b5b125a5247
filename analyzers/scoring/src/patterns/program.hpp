#pragma once
/// The compiled form of a rule set's conditions (PatternProgram) and its compiler
/// (compile_patterns, program.cpp). Its evaluation over one reading is TestMemo (memo.hpp).
/// Internal to scoring: PatternRules holds the program behind an opaque pointer.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "meldgraph/model/rules.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/support/bits.hpp"
#include "patterns/evals.hpp"

namespace meldgraph::patterns {

/// A set of patterns of a rule set (index i: PatternRules::patterns[i]).
using PatternSet = BitSet<kMaxPatterns>;

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
///
/// The transposed tables hold one row of pattern_words 64-bit words per bit, test or byte value
/// (needers_row): a row as wide as the rule set's patterns, not as kMaxPatterns, so that the
/// up-front evaluation reads and combines only the words in use.
struct PatternProgram {
  /// The most distinct tests a rule set may compile to (the evaluation keeps their results in
  /// fixed bit sets).
  static constexpr std::size_t kMaxTests = 2048;
  static constexpr std::uint16_t kNoTest = 0xFFFF;
  using TestSet = BitSet<kMaxTests>;

  // ---- The tests.

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
  /// predicate registry. Chosen at load, so that evaluating a test is one jump on its route.
  enum class TestRoute : std::uint8_t { lowered, sets, groups, predicate };
  std::vector<TestRoute> routes;
  /// The eager tests ordered by lowered kind, as runs [begin, end) of one kind each, so that
  /// the up-front evaluation switches once per run rather than once per test.
  struct EagerRun {
    LoweredTest::Kind kind = LoweredTest::Kind::none;
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
  };
  std::vector<EagerRun> eager_runs;
  /// node_tests[i]: the test of PatternRules::nodes[i] when it is a leaf, else kNoTest.
  std::vector<std::uint16_t> node_tests;
  /// The test of each PatternRules::account_once entry's `sets` node, in its order.
  std::vector<std::uint16_t> account_once_tests;

  // ---- The eager faces and kinds tests answered together (when the eager tests fit one word).

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

  // ---- The needs, transposed: which patterns each word bit and eager test rules out.

  std::uint32_t pattern_words = 0;  ///< 64-bit words of a row over the patterns
  /// Per eager test t, the patterns that need it: row t.
  std::vector<std::uint64_t> test_needers;
  /// The bits of the facts' word some pattern needs (a flag, the win kind, a form, closed ...),
  /// and per bit b the patterns that need it: row b of word_needers.
  std::uint64_t word_needed = 0;
  std::vector<std::uint64_t> word_needers;
  /// The same two transposed by byte, when the eager tests fit one word (else empty): the
  /// patterns needing some bit of byte value b of bits [8c, 8c + 8) of the facts' word are row
  /// 256 c + b of missing_needers; of the eager tests, of failed_needers. So ruling out the
  /// patterns of every missing bit and every failed test is one OR per byte (missing_bytes and
  /// failed_bytes of them), with no branch per bit.
  std::vector<std::uint64_t> missing_needers;
  std::vector<std::uint64_t> failed_needers;
  std::uint32_t missing_bytes = 0;
  std::uint32_t failed_bytes = 0;
  /// Row `row` of a transposed table (pattern_words words).
  [[nodiscard]] const std::uint64_t* needers_row(const std::vector<std::uint64_t>& table,
                                                 std::size_t row) const {
    return table.data() + row * pattern_words;
  }

  // ---- Each pattern's costly needs and other subtrees.

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

  // ---- Sets of patterns. A closed-only pattern needs the test `closed_hand: true`.

  /// For `relations: counted`, by pattern: the patterns its counting removes, which are its
  /// excludes and the patterns naming it in their implied_by (the inverse of implied_by).
  std::vector<PatternSet> removes;
  PatternSet enabled;
  PatternSet limits;
  PatternSet only_without;
  PatternSet costly;  ///< patterns with costly needs or other subtrees (entries' lists)
  /// The patterns some PatternRules::account_once entry governs, so that account_once reads
  /// the entries only for the hits they govern.
  PatternSet account_once_governed;
};

/// Compiles every pattern's condition, `times` and account_once into `rules.program`; the
/// section's reader calls it once the conditions are read, and whoever changes a condition
/// afterwards calls it again. `tiles` (the rule set's tiles and suits) and `forms` (all of them,
/// enabled or not) are what the screens are derived from: the group shapes a tile can lie in.
/// False (an empty program) when the conditions have more than PatternProgram::kMaxTests
/// distinct tests.
[[nodiscard]] bool compile_patterns(PatternRules& rules, const TileTable& tiles,
                                    const std::vector<FormSpec>& forms);

/// An empty program: no pattern, no test.
[[nodiscard]] const PatternProgram& empty_program();

/// The program of `rules`: empty_program() when it has none (a section without patterns).
[[nodiscard]] inline const PatternProgram& program_of(const PatternRules& rules) {
  return rules.program != nullptr ? *rules.program : empty_program();
}

}  // namespace meldgraph::patterns
