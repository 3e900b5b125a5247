/// compile_patterns (pattern_rules.hpp): every condition of a rule set compiled once, at load,
/// into distinct tests and per-pattern lists of them. Their memoised evaluation over one reading
/// is TestMemo (pattern_memo.cpp). docs/performance.md, "Scoring", has the figures.
///
/// A screen is only ever a necessary condition of the test it precedes (its failing implies the
/// test's failing), so putting screens first and the needs in any order changes no answer: the
/// needs are a conjunction of side-effect-free tests.

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "meldgraph/scoring/pattern_rules.hpp"
#include "patterns/evals.hpp"
#include "patterns/program.hpp"

namespace meldgraph {

namespace {

using patterns::kGroupsCountAll;

/// The predicate ops the compiler treats by name.
constexpr std::uint8_t kGroupsOp = patterns::predicate_op("groups");
constexpr std::uint8_t kFacesOp = patterns::predicate_op("faces");
using patterns::kSetsOp;
constexpr std::uint8_t kSuitsOp = patterns::predicate_op("suits");
constexpr std::uint8_t kCopiesOp = patterns::predicate_op("copies");
constexpr std::uint8_t kSuitCountsOp = patterns::predicate_op("suit_counts");
constexpr std::uint8_t kClosedHandOp = patterns::predicate_op("closed_hand");
constexpr std::uint8_t kFormOp = patterns::predicate_op("form");

// The argument layout of the nodes the screens read and build (pattern_predicates_groups.cpp):
// groups' small[0] is its count mode (1: `all`), small[8] the set keys used (bit 0 all_in, bit 1
// any_in, bit 2 none_in); sets' small[0] is its size and small[2] its suits mode (1: distinct).
constexpr std::uint8_t kSetKeyAllIn = 1;
constexpr std::uint8_t kSetKeyAnyIn = 2;
constexpr std::uint8_t kSetKeyNoneIn = 4;
constexpr std::uint8_t kSuitsDistinct = 1;
constexpr std::int16_t kNoMax = 0x7FFF;

bool same_set(const TileSetRef& a, const TileSetRef& b) {
  return a.tiles == b.tiles && a.context == b.context;
}

/// Whether two leaves are the same test: the same predicate with the same arguments (a tile
/// set's name, kept only for writing it back, does not count).
bool same_test(const ConditionNode& a, const ConditionNode& b) {
  return a.op == b.op && a.range.min == b.range.min && a.range.max == b.range.max &&
         a.bits == b.bits && a.flags_set == b.flags_set && a.flags_clear == b.flags_clear &&
         same_set(a.sets[0], b.sets[0]) && same_set(a.sets[1], b.sets[1]) &&
         same_set(a.sets[2], b.sets[2]) && a.small == b.small;
}

/// How dear a test is to evaluate, 0 cheapest: the needs of a pattern are evaluated in this
/// order, so that a dear test runs only when every cheaper one held.
int cost_rank(const ConditionNode& node) {
  // The hand's wait set before the win is a query of the hand, made on the first test that
  // reads it (ReadingContext::waits_before): dearest, so that it runs only when a pattern's
  // other needs held (riichi: thirteen orphans, nine gates; mcr: the single-wait patterns).
  if (node.op == patterns::predicate_op("waits") ||
      node.op == patterns::predicate_op("only_wait")) {
    return 5;
  }
  if (node.op == kSetsOp) return 4;
  if (node.op == kCopiesOp || node.op == kSuitCountsOp) return 3;
  if (node.op == kGroupsOp) {
    const bool filtered = node.flags_set != 0 || node.flags_clear != 0 || node.small[8] != 0 ||
                          node.small[0] == kGroupsCountAll;
    return filtered ? 2 : 1;
  }
  if (node.op == kFacesOp) return 1;
  return 0;  // the context and the whole hand: a field or two compared
}

class Compiler {
 public:
  Compiler(PatternRules& rules, const TileTable& tiles, const std::vector<FormSpec>& forms)
      : rules_(rules), tiles_(tiles), forms_(forms) {}

  /// Fills rules.program; false when the tests overflow PatternProgram::kMaxTests.
  bool run() {
    PatternProgram& program = rules_.program;
    program = PatternProgram{};
    // Step 1: every leaf a test, and each pattern's needs and other subtrees.
    program.node_tests.assign(rules_.nodes.size(), PatternProgram::kNoTest);
    for (std::size_t n = 0; n < rules_.nodes.size(); ++n) {
      if (rules_.nodes[n].op >= kFirstPredicate) program.node_tests[n] = intern(rules_.nodes[n]);
    }
    std::vector<std::vector<Need>> needs(rules_.patterns.size());
    std::vector<std::vector<std::uint32_t>> rest(rules_.patterns.size());
    for (std::size_t p = 0; p < rules_.patterns.size(); ++p) {
      const Pattern& pattern = rules_.patterns[p];
      pattern_forms_ = forms_required(pattern.when);
      collect(pattern.when, needs[p], rest[p]);
      if (!pattern.value.open_allowed) {
        ConditionNode closed;
        closed.op = kClosedHandOp;
        closed.bits = 1;
        add(needs[p], closed);
      }
      const std::uint64_t bit = std::uint64_t{1} << (p % 64U);
      if (pattern.enabled) program.enabled[p / 64U] |= bit;
      if (pattern.value.yakuman > 0) program.limits[p / 64U] |= bit;
      if (pattern.only_without) program.only_without[p / 64U] |= bit;
    }
    // The costly leaves inside those other subtrees get their screens too, checked before
    // such a leaf is evaluated (TestMemo::evaluate): a failing screen answers it.
    // Both only speed the evaluation up: a screen that would take the tests past kMaxTests is
    // left out (optional_), which weakens a clause or a leaf's screens, never an answer.
    optional_ = true;
    pattern_forms_ = kEveryForm;  // a leaf's screens serve every pattern naming it
    std::vector<std::pair<std::uint16_t, std::vector<Need>>> leaf_screens;
    for (const std::vector<std::uint32_t>& roots : rest) {
      for (const std::uint32_t root : roots) collect_leaf_screens(root, leaf_screens);
    }
    // And each `any` among them its clauses (subtree_clauses), one per child.
    std::vector<std::vector<std::vector<std::uint16_t>>> clauses(rules_.nodes.size());
    for (const std::vector<std::uint32_t>& roots : rest) {
      for (const std::uint32_t root : roots) clauses[root] = subtree_clauses(root);
    }
    optional_ = false;
    if (overflow_) return false;
    // Step 2: a need that is one bit of the facts' word (or all of a mask) joins its pattern's
    // word mask; the other cheap tests some pattern needs go first, evaluated up front.
    program.pattern_words = static_cast<std::uint32_t>((rules_.patterns.size() + 63) / 64);
    const std::size_t words = program.pattern_words;
    program.word_needers.assign(64 * words, 0);
    std::vector<bool> eager(program.tests.size(), false);
    for (std::size_t p = 0; p < needs.size(); ++p) {
      std::vector<Need> kept;
      for (const Need& need : needs[p]) {
        const LoweredTest lowered = patterns::lower_test(program.tests[need.test]);
        const bool one_bit = lowered.kind == LoweredTest::Kind::word_any && lowered.mask != 0 &&
                             (lowered.mask & (lowered.mask - 1)) == 0;
        if (one_bit || lowered.kind == LoweredTest::Kind::word_all) {
          program.word_needed |= lowered.mask;
          for (std::uint64_t bits = lowered.mask; bits != 0; bits &= bits - 1) {
            const auto b = static_cast<std::size_t>(std::countr_zero(bits));
            program.word_needers[b * words + p / 64U] |= std::uint64_t{1} << (p % 64U);
          }
          continue;
        }
        eager[need.test] = eager[need.test] || need.rank <= 1;
        kept.push_back(need);
      }
      needs[p] = std::move(kept);
    }
    for (const auto& [test, screens] : leaf_screens) {
      for (const Need& screen : screens) eager[screen.test] = true;
    }
    for (const auto& of_root : clauses) {
      for (const auto& clause : of_root) {
        for (const std::uint16_t test : clause) eager[test] = true;
      }
    }
    renumber(eager);
    for (std::uint32_t t = 0; t < program.tests.size(); ++t) {
      const LoweredTest lowered = patterns::lower_test(program.tests[t]);
      program.lowered.push_back(lowered);
      program.routes.push_back(route_of(program.tests[t], lowered));
      if (t >= program.eager_tests) continue;
      if (program.eager_runs.empty() || program.eager_runs.back().kind != lowered.kind) {
        program.eager_runs.push_back({lowered.kind, t, t});
      }
      program.eager_runs.back().end = t + 1;
    }
    build_faces_table();
    number_leaf_screens(leaf_screens);
    for (std::vector<Need>& list : needs) {
      for (Need& need : list) need.test = number_[need.test];
    }
    // Step 3: each pattern's entry.
    program.test_needers.assign(program.eager_tests * words, 0);
    for (std::size_t p = 0; p < rules_.patterns.size(); ++p) {
      const Pattern& pattern = rules_.patterns[p];
      PatternProgram::Entry entry;
      std::stable_sort(needs[p].begin(), needs[p].end(),
                       [](const Need& a, const Need& b) { return a.rank < b.rank; });
      entry.need_begin = static_cast<std::uint32_t>(program.needs.size());
      for (const Need& need : needs[p]) {
        if (need.test < program.eager_tests) {
          program.test_needers[need.test * words + p / 64U] |= std::uint64_t{1} << (p % 64U);
          continue;
        }
        const auto begin = program.needs.begin() + entry.need_begin;
        if (std::find(begin, program.needs.end(), need.test) == program.needs.end()) {
          program.needs.push_back(need.test);
        }
      }
      entry.need_end = static_cast<std::uint32_t>(program.needs.size());
      entry.rest_begin = static_cast<std::uint32_t>(program.rest.size());
      for (const std::uint32_t root : rest[p]) add_rest(root, clauses[root]);
      entry.rest_end = static_cast<std::uint32_t>(program.rest.size());
      if (entry.need_begin != entry.need_end || entry.rest_begin != entry.rest_end) {
        program.costly[p / 64U] |= std::uint64_t{1} << (p % 64U);
      }
      if (entry.need_end == entry.need_begin + 1 && entry.rest_begin == entry.rest_end) {
        entry.single = program.needs[entry.need_begin];
      }
      if (pattern.times < rules_.nodes.size()) entry.times = program.node_tests[pattern.times];
      program.entries.push_back(entry);
    }
    program.removes.assign(rules_.patterns.size(), PatternProgram::PatternMask{});
    for (std::size_t j = 0; j < rules_.patterns.size(); ++j) {
      const auto bit = std::uint64_t{1} << (j % 64U);
      for (const std::uint16_t e : rules_.patterns[j].excludes) {
        program.removes[j][e / 64U] |= std::uint64_t{1} << (e % 64U);
      }
      for (const std::uint16_t q : rules_.patterns[j].implied_by) {
        program.removes[q][j / 64U] |= bit;
      }
    }
    program.clauses.push_back(static_cast<std::uint32_t>(program.clause_tests.size()));
    for (const PatternRules::AccountOnce& rule : rules_.account_once) {
      program.account_once_tests.push_back(rule.sets < rules_.nodes.size()
                                               ? program.node_tests[rule.sets]
                                               : PatternProgram::kNoTest);
      program.account_once_governed[rule.pattern / 64U] |= std::uint64_t{1} << (rule.pattern % 64U);
    }
    build_needer_tables();
    build_clause_masks();  // after the clauses' sentinel
    build_kinds_table();
    return true;
  }

 private:
  struct Need {
    std::uint16_t test = 0;
    int rank = 0;
  };

  /// The test equal to `node`, added when new.
  std::uint16_t intern(ConditionNode node) {
    node.children = 0;
    node.size = 1;
    for (TileSetRef& set : node.sets) set.name = -1;
    std::vector<ConditionNode>& tests = rules_.program.tests;
    for (std::size_t t = 0; t < tests.size(); ++t) {
      if (same_test(tests[t], node)) return static_cast<std::uint16_t>(t);
    }
    if (tests.size() >= PatternProgram::kMaxTests) {
      if (optional_) return PatternProgram::kNoTest;  // a screen left out: no error
      overflow_ = true;
      return 0;
    }
    tests.push_back(node);
    return static_cast<std::uint16_t>(tests.size() - 1);
  }

  void add(std::vector<Need>& needs, const ConditionNode& node) {
    const std::uint16_t test = intern(node);
    if (test != PatternProgram::kNoTest) needs.push_back({test, cost_rank(node)});
  }

  /// The leaves that root reaches through `all` alone go to `needs` (after their screens), the
  /// other subtrees to `rest`.
  void collect(std::uint32_t root, std::vector<Need>& needs, std::vector<std::uint32_t>& rest) {
    // A pattern whose condition failed to read (the load reports it and fails) has none.
    if (root >= rules_.nodes.size()) return;
    const ConditionNode& node = rules_.nodes[root];
    if (node.op == kOpTrue) return;
    if (node.op == kOpAll) {
      std::uint32_t child = root + 1;
      for (int c = 0; c < node.children; ++c) {
        collect(child, needs, rest);
        child += rules_.nodes[child].size;
      }
      return;
    }
    if (node.op < kFirstPredicate) {
      rest.push_back(root);
      return;
    }
    if (node.op == kFacesOp && std::popcount(unsigned{node.small[8]}) > 1) {
      // A conjunction of its set keys: one test each, so that each is one mask test (the
      // faces table) rather than an evaluation of the whole node.
      for (const std::uint8_t key : {kSetKeyAllIn, kSetKeyAnyIn, kSetKeyNoneIn}) {
        if ((node.small[8] & key) == 0) continue;
        ConditionNode part;
        part.op = kFacesOp;
        part.small[8] = key;
        const std::size_t k = key == kSetKeyAllIn ? 0 : (key == kSetKeyAnyIn ? 1 : 2);
        part.sets[k] = node.sets[k];
        add(needs, part);
      }
      return;
    }
    add_screens(node, needs);
    add(needs, node);
  }

  /// The clauses of the subtree at nodes[root] when it is an `any`: one per child, each the
  /// eager tests that hold whenever the child does (a cheap leaf itself, a costly leaf's
  /// screens; a child `all`, those of its leaf children). The `any` holds only when every test
  /// of some clause holds. Empty (no screen) when some child has no such test.
  std::vector<std::vector<std::uint16_t>> subtree_clauses(std::uint32_t root) {
    const ConditionNode& node = rules_.nodes[root];
    if (node.op != kOpAny) return {};
    std::vector<std::vector<std::uint16_t>> out;
    std::uint32_t child = root + 1;
    for (int c = 0; c < node.children; ++c) {
      std::vector<std::uint16_t> clause;
      if (rules_.nodes[child].op == kOpAll) {
        std::uint32_t leaf = child + 1;
        for (int l = 0; l < rules_.nodes[child].children; ++l) {
          add_clause_tests(leaf, clause);
          leaf += rules_.nodes[leaf].size;
        }
      } else {
        add_clause_tests(child, clause);
      }
      if (clause.empty()) return {};
      out.push_back(std::move(clause));
      child += rules_.nodes[child].size;
    }
    return out;
  }

  /// The cheap tests that hold whenever the leaf nodes[n] does: itself when cheap, else its
  /// screens; none for a combinator.
  void add_clause_tests(std::uint32_t n, std::vector<std::uint16_t>& clause) {
    const ConditionNode& node = rules_.nodes[n];
    if (node.op < kFirstPredicate) return;
    std::vector<Need> tests;
    if (cost_rank(node) <= 1) {
      add(tests, node);
    } else {
      add_screens(node, tests);
    }
    for (const Need& need : tests) clause.push_back(need.test);
  }

  /// Appends rest root `root` to the program with its clauses, in the final numbering.
  void add_rest(std::uint32_t root, const std::vector<std::vector<std::uint16_t>>& clauses) {
    PatternProgram& program = rules_.program;
    program.rest.push_back(root);
    program.rest_clauses.push_back(static_cast<std::uint32_t>(program.clauses.size()));
    for (const std::vector<std::uint16_t>& clause : clauses) {
      program.clauses.push_back(static_cast<std::uint32_t>(program.clause_tests.size()));
      for (const std::uint16_t test : clause) program.clause_tests.push_back(number_[test]);
    }
    program.rest_clauses_end.push_back(static_cast<std::uint32_t>(program.clauses.size()));
  }

  /// Each costly leaf of the subtree at nodes[root] with its screens (once per test), added to
  /// `out` in the tests' first numbering.
  void collect_leaf_screens(std::uint32_t root,
                            std::vector<std::pair<std::uint16_t, std::vector<Need>>>& out) {
    const std::uint32_t end = root + rules_.nodes[root].size;
    for (std::uint32_t n = root; n < end; ++n) {
      const ConditionNode& node = rules_.nodes[n];
      if (node.op < kFirstPredicate) continue;
      const std::uint16_t test = rules_.program.node_tests[n];
      const bool listed = std::any_of(out.begin(), out.end(),
                                      [&](const auto& entry) { return entry.first == test; });
      if (listed) continue;
      std::vector<Need> screens;
      add_screens(node, screens);
      if (!screens.empty()) out.emplace_back(test, std::move(screens));
    }
  }

  /// PatternProgram::screens from collect_leaf_screens' lists, in the final numbering.
  void number_leaf_screens(const std::vector<std::pair<std::uint16_t, std::vector<Need>>>& lists) {
    PatternProgram& program = rules_.program;
    std::vector<std::vector<std::uint16_t>> of_test(program.tests.size());
    for (const auto& [test, screens] : lists) {
      for (const Need& screen : screens) of_test[number_[test]].push_back(number_[screen.test]);
    }
    for (const std::vector<std::uint16_t>& screens : of_test) {
      program.screen_begin.push_back(static_cast<std::uint32_t>(program.screens.size()));
      program.screens.insert(program.screens.end(), screens.begin(), screens.end());
    }
    program.screen_begin.push_back(static_cast<std::uint32_t>(program.screens.size()));
  }

  /// PatternProgram::routes' entry of a test.
  [[nodiscard]] static PatternProgram::TestRoute route_of(const ConditionNode& test,
                                                          const LoweredTest& lowered) {
    using Route = PatternProgram::TestRoute;
    if (lowered.kind != LoweredTest::Kind::none) return Route::lowered;
    if (test.op == kSetsOp) return Route::sets;
    if (test.op == kGroupsOp) return Route::groups;
    return Route::predicate;
  }

  /// The screens of a dear leaf: cheap tests that hold whenever it does.
  void add_screens(const ConditionNode& node, std::vector<Need>& needs) {
    if (node.op == kGroupsOp && cost_rank(node) == 2) {
      // Some matching group: then its faces, not empty, meet any all_in or any_in set, and it
      // is one of `min` groups of its kinds.
      const bool some = node.small[0] == kGroupsCountAll || node.range.min >= 1;
      if (!some) return;
      for (const std::uint8_t key : {kSetKeyAllIn, kSetKeyAnyIn}) {
        if ((node.small[8] & key) == 0) continue;
        ConditionNode face = faces_screen(node.sets[key == kSetKeyAllIn ? 0 : 1]);
        add(needs, face);
      }
      if (node.small[0] != kGroupsCountAll) add(needs, kinds_screen(node.bits, node.range.min));
      if (node.small[0] == kGroupsCountAll) add_every_group_screen(node, needs);
    } else if (node.op == kSetsOp && node.range.min >= 1) {
      // One set: `size` candidate groups of its kinds (`min` sets sharing no group: min times
      // as many), and as many sequence suits if distinct.
      const int groups = node.small[3] != 0 ? node.small[0] * node.range.min : node.small[0];
      add(needs, kinds_screen(node.bits, std::min(groups, int{kNoMax})));
      if (node.small[2] == kSuitsDistinct) {
        ConditionNode suits;
        suits.op = kSuitsOp;
        suits.range = {static_cast<std::int16_t>(node.small[0]), kNoMax};
        add(needs, suits);
      }
    }
  }

  /// `all: true`: every group passes the filter, so each face of the reading lies in a group
  /// that does, and none is among the tiles no such group can hold:
  /// `faces: {none_in: those tiles}`. Not when a form the pattern may be read in lists loose
  /// tiles (the N-wildcards form's natural tiles lie in no group); knits count only when such a
  /// form is knitted.
  void add_every_group_screen(const ConditionNode& node, std::vector<Need>& needs) {
    bool knits = false;
    for (std::size_t f = 0; f < forms_.size(); ++f) {
      if (f < 32 && ((pattern_forms_ >> f) & 1U) == 0) continue;
      if (forms_[f].type == FormType::wildcards) return;
      knits = knits || forms_[f].type == FormType::knitted;
    }
    const TileMask outside = patterns::tiles_outside_meeting_groups(node, tiles_, knits);
    if (outside == 0) return;
    ConditionNode face;
    face.op = kFacesOp;
    face.small[8] = kSetKeyNoneIn;
    face.sets[2].tiles = outside;
    add(needs, face);
  }

  /// The forms a reading must be read in for the condition at nodes[root] to hold, as far as
  /// the `form` leaves it reaches through `all` alone say (bit i: forms[i]; kEveryForm when
  /// none does).
  [[nodiscard]] std::uint32_t forms_required(std::uint32_t root) const {
    if (root >= rules_.nodes.size()) return kEveryForm;
    const ConditionNode& node = rules_.nodes[root];
    if (node.op == kFormOp) return node.bits;
    if (node.op != kOpAll) return kEveryForm;
    std::uint32_t forms = kEveryForm;
    std::uint32_t child = root + 1;
    for (int c = 0; c < node.children; ++c) {
      forms &= forms_required(child);
      child += rules_.nodes[child].size;
    }
    return forms;
  }

  /// `faces: {any_in: set}`.
  [[nodiscard]] ConditionNode faces_screen(const TileSetRef& set) const {
    ConditionNode face;
    face.op = kFacesOp;
    face.small[8] = kSetKeyAnyIn;
    face.sets[1] = set;
    return face;
  }

  /// `groups: {kind: kinds, min: min}`.
  [[nodiscard]] ConditionNode kinds_screen(std::uint32_t kinds, int min) const {
    ConditionNode screen;
    screen.op = kGroupsOp;
    screen.bits = kinds;
    screen.range = {static_cast<std::int16_t>(min), kNoMax};
    return screen;
  }

  /// PatternProgram::faces_table and its masks, when the eager tests fit one word.
  void build_faces_table() {
    PatternProgram& program = rules_.program;
    if (!program.eager_in_one_word()) return;
    using K = LoweredTest::Kind;
    for (std::uint32_t t = 0; t < program.eager_tests; ++t) {
      const LoweredTest& lowered = program.lowered[t];
      if (lowered.kind != K::faces_all && lowered.kind != K::faces_any &&
          lowered.kind != K::faces_none) {
        continue;
      }
      const std::uint64_t bit = std::uint64_t{1} << t;
      program.faces_tests |= bit;
      if (lowered.kind == K::faces_any) program.faces_any_tests |= bit;
      if (lowered.kind == K::faces_all) program.faces_all_tests |= bit;
      if (lowered.index != 0) continue;  // a context wind: evaluated alone
      program.faces_tabled |= bit;
      program.faces_table.resize(std::size_t{8} * 256, 0);
      const std::uint64_t set = lowered.kind == K::faces_all ? ~lowered.mask : lowered.mask;
      for (std::size_t c = 0; c < 8; ++c) {
        for (std::uint64_t b = 1; b < 256; ++b) {
          if (((b << (8 * c)) & set) != 0) program.faces_table[c * 256 + b] |= bit;
        }
      }
    }
  }

  /// PatternProgram::missing_needers and failed_needers, when the eager tests fit one word.
  void build_needer_tables() {
    PatternProgram& program = rules_.program;
    if (!program.eager_in_one_word()) return;
    const std::size_t words = program.pattern_words;
    // Byte c of bit set `used`, each bit b's patterns at needers[b * words, + words).
    const auto by_byte = [&](std::uint64_t used, const std::vector<std::uint64_t>& needers,
                             std::vector<std::uint64_t>& table) {
      const auto bytes = static_cast<std::uint32_t>((std::bit_width(used) + 7) / 8);
      table.assign(std::size_t{bytes} * 256 * words, 0);
      for (std::uint32_t c = 0; c < bytes; ++c) {
        for (std::size_t value = 1; value < 256; ++value) {
          std::uint64_t* entry = table.data() + (std::size_t{c} * 256 + value) * words;
          for (std::uint32_t i = 0; i < 8; ++i) {
            const std::uint32_t bit = 8 * c + i;
            if (((value >> i) & 1U) == 0 || ((used >> bit) & 1U) == 0) continue;
            for (std::size_t w = 0; w < words; ++w) entry[w] |= needers[bit * words + w];
          }
        }
      }
      return bytes;
    };
    program.missing_bytes =
        by_byte(program.word_needed, program.word_needers, program.missing_needers);
    program.failed_bytes =
        by_byte(program.eager_mask(), program.test_needers, program.failed_needers);
  }

  /// PatternProgram::kinds_table, when the eager tests fit one word and their kinds tests read
  /// few enough kinds with small enough bounds.
  void build_kinds_table() {
    PatternProgram& program = rules_.program;
    if (!program.eager_in_one_word()) return;
    std::uint32_t read = 0;  // bit k: GroupKind k is read by some kinds test
    std::array<int, kGroupKindCount> cap{};
    for (std::uint32_t t = 0; t < program.eager_tests; ++t) {
      const LoweredTest& lowered = program.lowered[t];
      if (lowered.kind != LoweredTest::Kind::kinds) continue;
      program.kinds_tests |= std::uint64_t{1} << t;
      const std::uint32_t kinds = program.tests[t].bits;
      read |= kinds;
      const int bound = lowered.range.max != kNoMax
                            ? std::max<int>(lowered.range.min, lowered.range.max)
                            : lowered.range.min;
      for (std::size_t k = 0; k < kGroupKindCount; ++k) {
        if (((kinds >> k) & 1U) != 0) cap[k] = std::max(cap[k], bound + 1);
      }
    }
    if (program.kinds_tests == 0 ||
        std::popcount(read) > static_cast<int>(PatternProgram::kKindsTableKinds)) {
      program.kinds_tests = 0;
      return;
    }
    std::size_t entries = 1;
    for (std::size_t k = 0; k < kGroupKindCount; ++k) {
      if (((read >> k) & 1U) == 0) continue;
      const std::size_t i = program.kinds_table_count++;
      program.kinds_table_kinds[i] = static_cast<std::uint8_t>(k);
      program.kinds_caps[i] = static_cast<std::uint8_t>(std::min(cap[k], int{kMaxFeatureGroups}));
      entries *= std::size_t{program.kinds_caps[i]} + 1;
    }
    if (entries > PatternProgram::kKindsTableMost) {
      program.kinds_tests = 0;
      program.kinds_table_count = 0;
      return;
    }
    // Each key's counts as a record's kind_counts, every kinds test evaluated over it.
    program.kinds_table.assign(entries, 0);
    for (std::size_t key = 0; key < entries; ++key) {
      ScoreFeatures counts;
      std::size_t rest = key;
      for (std::size_t i = program.kinds_table_count; i-- > 0;) {
        const std::size_t radix = std::size_t{program.kinds_caps[i]} + 1;
        counts.kind_counts |= std::uint64_t{rest % radix}
                              << (kKindCountBits * program.kinds_table_kinds[i]);
        rest /= radix;
      }
      for (std::uint64_t tests = program.kinds_tests; tests != 0; tests &= tests - 1) {
        const auto t = static_cast<std::size_t>(std::countr_zero(tests));
        const LoweredTest& lowered = program.lowered[t];
        if (lowered.range.holds(patterns::count_of_kinds(lowered.mask, counts))) {
          program.kinds_table[key] |= std::uint64_t{1} << t;
        }
      }
    }
  }

  /// PatternProgram::clause_masks and screened_rests, when the eager tests fit one word.
  void build_clause_masks() {
    PatternProgram& program = rules_.program;
    if (!program.eager_in_one_word()) return;
    for (std::size_t c = 0; c + 1 < program.clauses.size(); ++c) {
      std::uint64_t mask = 0;
      for (std::uint32_t t = program.clauses[c]; t < program.clauses[c + 1]; ++t) {
        mask |= std::uint64_t{1} << program.clause_tests[t];
      }
      program.clause_masks.push_back(mask);
    }
    for (std::size_t p = 0; p < program.entries.size(); ++p) {
      const PatternProgram::Entry& entry = program.entries[p];
      for (std::uint32_t k = entry.rest_begin; k < entry.rest_end; ++k) {
        if (program.rest_clauses[k] == program.rest_clauses_end[k]) continue;
        program.screened_rests.push_back({static_cast<std::uint16_t>(p), k});
      }
    }
  }

  /// Renumbers the tests, those marked `eager` first, by lowered kind (so that each kind is one
  /// run), then the others, each group in its first order; and the references to them made so
  /// far (node_tests). number_ maps an old number to the new.
  void renumber(const std::vector<bool>& eager) {
    PatternProgram& program = rules_.program;
    std::vector<ConditionNode> ordered;
    number_.assign(program.tests.size(), 0);
    constexpr int kKinds = static_cast<int>(LoweredTest::Kind::faces_none) + 1;
    const auto group = [&](std::size_t t) {
      return eager[t] ? static_cast<int>(patterns::lower_test(program.tests[t]).kind) : kKinds;
    };
    for (int g = 0; g <= kKinds; ++g) {
      if (g == kKinds) program.eager_tests = static_cast<std::uint32_t>(ordered.size());
      for (std::size_t t = 0; t < program.tests.size(); ++t) {
        if (group(t) != g) continue;
        number_[t] = static_cast<std::uint16_t>(ordered.size());
        ordered.push_back(program.tests[t]);
      }
    }
    program.tests = std::move(ordered);
    for (std::uint16_t& test : program.node_tests) {
      if (test != PatternProgram::kNoTest) test = number_[test];
    }
  }

  static constexpr std::uint32_t kEveryForm = ~std::uint32_t{0};

  PatternRules& rules_;
  const TileTable& tiles_;
  const std::vector<FormSpec>& forms_;
  /// The forms the pattern being collected may be read in (forms_required); add_screens reads it.
  std::uint32_t pattern_forms_ = kEveryForm;
  bool overflow_ = false;
  bool optional_ = false;  ///< intern: a full table gives kNoTest rather than an overflow
  std::vector<std::uint16_t> number_;
};

}  // namespace

bool compile_patterns(PatternRules& rules, const TileTable& tiles,
                      const std::vector<FormSpec>& forms) {
  if (Compiler(rules, tiles, forms).run()) return true;
  rules.program = PatternProgram{};
  return false;
}

}  // namespace meldgraph
