/// compile_patterns (program.hpp): every condition of a rule set compiled once, at load, into
/// distinct tests and per-pattern lists of them. Their memoised evaluation over one reading is
/// TestMemo (memo.cpp). docs/performance.md, "Scoring", has the figures.
///
/// A screen is only ever a necessary condition of the test it precedes (its failing implies the
/// test's failing), so putting screens first and the needs in any order changes no answer: the
/// needs are a conjunction of side-effect-free tests.

#include "patterns/program.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/support/bits.hpp"
#include "patterns/evals.hpp"
#include "patterns/predicates.hpp"

namespace meldgraph::patterns {

namespace {

/// The predicate ops the compiler treats by name.
constexpr std::uint8_t kGroupsOp = predicate_op("groups");
constexpr std::uint8_t kFacesOp = predicate_op("faces");
constexpr std::uint8_t kSuitsOp = predicate_op("suits");
constexpr std::uint8_t kCopiesOp = predicate_op("copies");
constexpr std::uint8_t kSuitCountsOp = predicate_op("suit_counts");
constexpr std::uint8_t kClosedHandOp = predicate_op("closed_hand");
constexpr std::uint8_t kFormOp = predicate_op("form");
constexpr std::int16_t kNoMax = 0x7FFF;

bool same_set(const TileSetRef& a, const TileSetRef& b) {
  return a.tiles == b.tiles && a.context == b.context;
}

/// Whether two leaves are the same test: the same predicate with the same arguments (a tile
/// set's name, kept only for writing it back, does not count). Every argument field is
/// compared, whichever predicate uses it.
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
  if (node.op == predicate_op("waits") || node.op == predicate_op("only_wait")) return 5;
  if (node.op == kSetsOp) return 4;
  if (node.op == kCopiesOp || node.op == kSuitCountsOp) return 3;
  if (node.op == kGroupsOp) {
    const GroupsArgs args(node);
    return args.filters_more_than_kinds() || args.counts_all() ? 2 : 1;
  }
  if (node.op == kFacesOp) return 1;
  return 0;  // the context and the whole hand: a field or two compared
}

/// `faces: {key: set}`, one set key.
ConditionNode faces_test(SetKey key, const TileSetRef& set) {
  ConditionNode face;
  face.op = kFacesOp;
  const SetKeys keys(face);
  keys.keys() = key;
  keys.set_of(key) = set;
  return face;
}

/// `groups: {kind: kinds, min: min}`.
ConditionNode kinds_screen(std::uint32_t kinds, int min) {
  ConditionNode screen;
  screen.op = kGroupsOp;
  const GroupsArgs args(screen);
  args.kinds() = kinds;
  args.count() = {static_cast<std::int16_t>(min), kNoMax};
  return screen;
}

/// `suits: {min: min}`.
ConditionNode suits_screen(int min) {
  ConditionNode suits;
  suits.op = kSuitsOp;
  suits.range = {static_cast<std::int16_t>(min), kNoMax};
  return suits;
}

/// `closed_hand: true`.
ConditionNode closed_hand_test() {
  ConditionNode closed;
  closed.op = kClosedHandOp;
  BoolArg(closed).wanted() = 1;
  return closed;
}

/// Compiles one rule set's conditions (compile_patterns): run() fills the program step by step,
/// each step a member function over the intermediate lists kept here.
/// The forms a reading must be read in for the condition at nodes[root] to hold, as far as the
/// `form` leaves it reaches through `all` alone say (bit i: forms[i]; every bit when none does).
std::uint32_t condition_forms(const PatternRules& rules, std::uint32_t root) {
  constexpr std::uint32_t kEvery = ~std::uint32_t{0};
  if (root >= rules.nodes.size()) return kEvery;
  const ConditionNode& node = rules.nodes[root];
  if (node.op == kFormOp) return static_cast<std::uint32_t>(WordsArg(node).words());
  if (node.op != kOpAll) return kEvery;
  std::uint32_t forms = kEvery;
  std::uint32_t child = root + 1;
  for (int c = 0; c < node.children; ++c) {
    forms &= condition_forms(rules, child);
    child += rules.nodes[child].size;
  }
  return forms;
}

/// The first test of the condition at nodes[root] that no hand of `rules`' tile set can pass,
/// as far as the tests reached through `all` alone say (sets_possible_under,
/// faces_possible_under); kNoNode when none is found.
constexpr std::uint32_t kNoNode = ~std::uint32_t{0};
std::uint32_t impossible_test(const PatternRules& patterns, const RuleSet& rules,
                              std::uint32_t root) {
  if (root >= patterns.nodes.size()) return kNoNode;
  const ConditionNode& node = patterns.nodes[root];
  if (node.op == kSetsOp) return sets_possible_under(node, rules) ? kNoNode : root;
  if (node.op == predicate_op("faces")) return faces_possible_under(node, rules) ? kNoNode : root;
  if (node.op != kOpAll) return kNoNode;
  std::uint32_t child = root + 1;
  for (int c = 0; c < node.children; ++c) {
    const std::uint32_t found = impossible_test(patterns, rules, child);
    if (found != kNoNode) return found;
    child += patterns.nodes[child].size;
  }
  return kNoNode;
}

class Compiler {
 public:
  Compiler(const PatternRules& rules, const TileTable& tiles, const std::vector<FormSpec>& forms)
      : rules_(rules), tiles_(tiles), forms_(forms) {}

  /// Fills the program; false when the tests overflow PatternProgram::kMaxTests.
  bool run() {
    // Step 1: every leaf a test, and each pattern's needs and other subtrees; then the screens
    // of the costly leaves inside those subtrees, and their clauses.
    intern_leaves();
    collect_patterns();
    collect_subtree_screens();
    if (overflow_) return false;
    // Step 2: the word needs out of the lists, the eager tests first in the numbering.
    take_word_needs();
    renumber(eager_tests());
    lower_tests();
    build_faces_table();
    number_leaf_screens();
    for (std::vector<Need>& list : needs_) {
      for (Need& need : list) need.test = number_[need.test];
    }
    // Step 3: each pattern's entry, its relations and account_once.
    build_entries();
    build_removes();
    build_account_once();
    // Step 4: the tables of the up-front word.
    build_needer_tables();
    build_clause_masks();
    build_kinds_table();
    return true;
  }

  /// The program run() filled.
  [[nodiscard]] PatternProgram take() { return std::move(program_); }

 private:
  struct Need {
    std::uint16_t test = 0;
    int rank = 0;  ///< cost_rank
  };
  /// The eager tests that hold whenever a child of an `any` does (subtree_clauses).
  using Clause = std::vector<std::uint16_t>;

  // ---- Step 1: tests, needs and other subtrees.

  /// node_tests: every leaf of the conditions interned.
  void intern_leaves() {
    program_.node_tests.assign(rules_.nodes.size(), PatternProgram::kNoTest);
    for (std::size_t n = 0; n < rules_.nodes.size(); ++n) {
      if (rules_.nodes[n].op >= kFirstPredicate) program_.node_tests[n] = intern(rules_.nodes[n]);
    }
  }

  /// needs_ and rest_ of every pattern, and the pattern sets enabled, limits and only_without.
  void collect_patterns() {
    const std::size_t count = rules_.patterns.size();
    needs_.assign(count, {});
    rest_.assign(count, {});
    for (std::size_t p = 0; p < count; ++p) {
      const Pattern& pattern = rules_.patterns[p];
      pattern_forms_ = forms_required(pattern.when);
      collect(pattern.when, needs_[p], rest_[p]);
      if (!pattern.value.open_allowed) add(needs_[p], closed_hand_test());
      if (pattern.enabled) program_.enabled.set(p);
      if (pattern.value.yakuman > 0) program_.limits.set(p);
      if (pattern.only_without) program_.only_without.set(p);
    }
  }

  /// The costly leaves inside the other subtrees get their screens too, checked before such a
  /// leaf is evaluated (TestMemo::evaluate): a failing screen answers it. And each `any` among
  /// them its clauses (subtree_clauses), one per child. Both only speed the evaluation up: a
  /// screen that would take the tests past kMaxTests is left out (optional_), which weakens a
  /// clause or a leaf's screens, never an answer.
  void collect_subtree_screens() {
    optional_ = true;
    pattern_forms_ = kEveryForm;  // a leaf's screens serve every pattern naming it
    for (const std::vector<std::uint32_t>& roots : rest_) {
      for (const std::uint32_t root : roots) collect_leaf_screens(root);
    }
    clauses_.assign(rules_.nodes.size(), {});
    for (const std::vector<std::uint32_t>& roots : rest_) {
      for (const std::uint32_t root : roots) clauses_[root] = subtree_clauses(root);
    }
    optional_ = false;
  }

  /// The test equal to `node`, added when new.
  std::uint16_t intern(ConditionNode node) {
    node.children = 0;
    node.size = 1;
    for (TileSetRef& set : node.sets) set.name = -1;
    std::vector<ConditionNode>& tests = program_.tests;
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
    const SetKeys keys(node);
    if (node.op == kFacesOp && std::popcount(unsigned{keys.keys()}) > 1) {
      // A conjunction of its set keys: one test each, so that each is one mask test (the
      // faces table) rather than an evaluation of the whole node.
      for (const SetKey key : {kAllIn, kAnyIn, kNoneIn}) {
        if (!keys.has(key)) continue;
        add(needs, faces_test(key, keys.set_of(key)));
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
  std::vector<Clause> subtree_clauses(std::uint32_t root) {
    const ConditionNode& node = rules_.nodes[root];
    if (node.op != kOpAny) return {};
    std::vector<Clause> out;
    std::uint32_t child = root + 1;
    for (int c = 0; c < node.children; ++c) {
      Clause clause;
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
  void add_clause_tests(std::uint32_t n, Clause& clause) {
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

  /// Each costly leaf of the subtree at nodes[root] with its screens (once per test), added to
  /// leaf_screens_ in the tests' first numbering.
  void collect_leaf_screens(std::uint32_t root) {
    const std::uint32_t end = root + rules_.nodes[root].size;
    for (std::uint32_t n = root; n < end; ++n) {
      const ConditionNode& node = rules_.nodes[n];
      if (node.op < kFirstPredicate) continue;
      const std::uint16_t test = program_.node_tests[n];
      const bool listed = std::any_of(leaf_screens_.begin(), leaf_screens_.end(),
                                      [&](const auto& entry) { return entry.first == test; });
      if (listed) continue;
      std::vector<Need> screens;
      add_screens(node, screens);
      if (!screens.empty()) leaf_screens_.emplace_back(test, std::move(screens));
    }
  }

  /// The screens of a dear leaf: cheap tests that hold whenever it does.
  void add_screens(const ConditionNode& node, std::vector<Need>& needs) {
    if (node.op == kGroupsOp && cost_rank(node) == 2) {
      add_groups_screens(node, needs);
    } else if (node.op == kSetsOp) {
      add_sets_screens(node, needs);
    }
  }

  /// A filtered `groups` leaf needing some matching group: then its faces, not empty, meet any
  /// all_in or any_in set, and it is one of `min` groups of its kinds. With `all: true`, the
  /// every-group screen too.
  void add_groups_screens(const ConditionNode& node, std::vector<Need>& needs) {
    const GroupsArgs args(node);
    if (!args.counts_all() && args.count().min < 1) return;
    if (args.has(kAllIn)) add(needs, faces_test(kAnyIn, args.all_in()));
    if (args.has(kAnyIn)) add(needs, faces_test(kAnyIn, args.any_in()));
    if (args.counts_all()) {
      add_every_group_screen(node, needs);
    } else {
      add(needs, kinds_screen(args.kinds(), args.count().min));
    }
  }

  /// A `sets` leaf needing one set: `size` candidate groups of its kinds (`min` sets sharing no
  /// group: min times as many), and as many sequence suits if distinct.
  void add_sets_screens(const ConditionNode& node, std::vector<Need>& needs) {
    const SetsArgs args(node);
    if (args.count().min < 1) return;
    const int groups = args.disjoint() != 0 ? args.size() * args.count().min : args.size();
    add(needs, kinds_screen(args.kinds(), std::min(groups, int{kNoMax})));
    if (args.suits_mode() == SuitsMode::distinct) add(needs, suits_screen(args.size()));
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
    const TileMask outside = tiles_outside_meeting_groups(node, tiles_, knits);
    if (outside == 0) return;
    TileSetRef set;
    set.tiles = outside;
    add(needs, faces_test(kNoneIn, set));
  }

  [[nodiscard]] std::uint32_t forms_required(std::uint32_t root) const {
    return condition_forms(rules_, root);
  }

  // ---- Step 2: word needs, eager tests, numbering.

  /// A need that is one bit of the facts' word (or all of a mask) leaves its pattern's list for
  /// word_needers; the cheap tests left are eager (evaluated up front for every reading).
  void take_word_needs() {
    const std::size_t words = pattern_words();
    program_.pattern_words = static_cast<std::uint32_t>(words);
    program_.word_needers.assign(64 * words, 0);
    eager_.assign(program_.tests.size(), false);
    for (std::size_t p = 0; p < needs_.size(); ++p) {
      std::vector<Need> kept;
      for (const Need& need : needs_[p]) {
        const LoweredTest lowered = lower_test(program_.tests[need.test]);
        const bool one_bit =
            lowered.kind == LoweredTest::Kind::word_any && std::has_single_bit(lowered.mask);
        if (one_bit || lowered.kind == LoweredTest::Kind::word_all) {
          program_.word_needed |= lowered.mask;
          for (const int b : set_bits(lowered.mask)) {
            set_needer(program_.word_needers, static_cast<std::size_t>(b), p);
          }
          continue;
        }
        eager_[need.test] = eager_[need.test] || need.rank <= 1;
        kept.push_back(need);
      }
      needs_[p] = std::move(kept);
    }
  }

  /// Which tests are eager: those take_word_needs marked, every screen and every clause test.
  [[nodiscard]] const std::vector<bool>& eager_tests() {
    for (const auto& [test, screens] : leaf_screens_) {
      for (const Need& screen : screens) eager_[screen.test] = true;
    }
    for (const std::vector<Clause>& of_root : clauses_) {
      for (const Clause& clause : of_root) {
        for (const std::uint16_t test : clause) eager_[test] = true;
      }
    }
    return eager_;
  }

  /// Renumbers the tests, those marked `eager` first, by lowered kind (so that each kind is one
  /// run), then the others, each group in its first order; and the references to them made so
  /// far (node_tests). number_ maps an old number to the new.
  void renumber(const std::vector<bool>& eager) {
    std::vector<ConditionNode> ordered;
    number_.assign(program_.tests.size(), 0);
    constexpr int kKinds = static_cast<int>(LoweredTest::Kind::faces_none) + 1;
    const auto group = [&](std::size_t t) {
      return eager[t] ? static_cast<int>(lower_test(program_.tests[t]).kind) : kKinds;
    };
    for (int g = 0; g <= kKinds; ++g) {
      if (g == kKinds) program_.eager_tests = static_cast<std::uint32_t>(ordered.size());
      for (std::size_t t = 0; t < program_.tests.size(); ++t) {
        if (group(t) != g) continue;
        number_[t] = static_cast<std::uint16_t>(ordered.size());
        ordered.push_back(program_.tests[t]);
      }
    }
    program_.tests = std::move(ordered);
    for (std::uint16_t& test : program_.node_tests) {
      if (test != PatternProgram::kNoTest) test = number_[test];
    }
  }

  /// lowered, routes and eager_runs, in the final numbering.
  void lower_tests() {
    for (std::uint32_t t = 0; t < program_.tests.size(); ++t) {
      const LoweredTest lowered = lower_test(program_.tests[t]);
      program_.lowered.push_back(lowered);
      program_.routes.push_back(route_of(program_.tests[t], lowered));
      if (t >= program_.eager_tests) continue;
      if (program_.eager_runs.empty() || program_.eager_runs.back().kind != lowered.kind) {
        program_.eager_runs.push_back({lowered.kind, t, t});
      }
      program_.eager_runs.back().end = t + 1;
    }
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

  /// PatternProgram::screens from leaf_screens_, in the final numbering.
  void number_leaf_screens() {
    std::vector<std::vector<std::uint16_t>> of_test(program_.tests.size());
    for (const auto& [test, screens] : leaf_screens_) {
      for (const Need& screen : screens) of_test[number_[test]].push_back(number_[screen.test]);
    }
    for (const std::vector<std::uint16_t>& screens : of_test) {
      program_.screen_begin.push_back(static_cast<std::uint32_t>(program_.screens.size()));
      program_.screens.insert(program_.screens.end(), screens.begin(), screens.end());
    }
    program_.screen_begin.push_back(static_cast<std::uint32_t>(program_.screens.size()));
  }

  // ---- Step 3: entries, relations, account_once.

  /// Each pattern's entry: its eager needs into test_needers, its costly needs (cheapest first)
  /// and other subtrees into the lists; then the clauses' sentinel.
  void build_entries() {
    program_.test_needers.assign(std::size_t{program_.eager_tests} * program_.pattern_words, 0);
    for (std::size_t p = 0; p < rules_.patterns.size(); ++p) {
      PatternProgram::Entry entry;
      std::stable_sort(needs_[p].begin(), needs_[p].end(),
                       [](const Need& a, const Need& b) { return a.rank < b.rank; });
      entry.need_begin = static_cast<std::uint32_t>(program_.needs.size());
      for (const Need& need : needs_[p]) {
        if (need.test < program_.eager_tests) {
          set_needer(program_.test_needers, need.test, p);
          continue;
        }
        const auto begin = program_.needs.begin() + entry.need_begin;
        if (std::find(begin, program_.needs.end(), need.test) == program_.needs.end()) {
          program_.needs.push_back(need.test);
        }
      }
      entry.need_end = static_cast<std::uint32_t>(program_.needs.size());
      entry.rest_begin = static_cast<std::uint32_t>(program_.rest.size());
      for (const std::uint32_t root : rest_[p]) add_rest(root, clauses_[root]);
      entry.rest_end = static_cast<std::uint32_t>(program_.rest.size());
      if (entry.need_begin != entry.need_end || entry.rest_begin != entry.rest_end) {
        program_.costly.set(p);
      }
      if (entry.need_end == entry.need_begin + 1 && entry.rest_begin == entry.rest_end) {
        entry.single = program_.needs[entry.need_begin];
      }
      const std::uint32_t times = rules_.patterns[p].times;
      if (times < rules_.nodes.size()) entry.times = program_.node_tests[times];
      program_.entries.push_back(entry);
    }
    program_.clauses.push_back(static_cast<std::uint32_t>(program_.clause_tests.size()));
  }

  /// Appends rest root `root` to the program with its clauses, in the final numbering.
  void add_rest(std::uint32_t root, const std::vector<Clause>& clauses) {
    program_.rest.push_back(root);
    program_.rest_clauses.push_back(static_cast<std::uint32_t>(program_.clauses.size()));
    for (const Clause& clause : clauses) {
      program_.clauses.push_back(static_cast<std::uint32_t>(program_.clause_tests.size()));
      for (const std::uint16_t test : clause) program_.clause_tests.push_back(number_[test]);
    }
    program_.rest_clauses_end.push_back(static_cast<std::uint32_t>(program_.clauses.size()));
  }

  /// PatternProgram::removes: each pattern's excludes, and it in the removes of every pattern
  /// its implied_by names.
  void build_removes() {
    program_.removes.assign(rules_.patterns.size(), PatternSet{});
    for (std::size_t j = 0; j < rules_.patterns.size(); ++j) {
      for (const std::uint16_t e : rules_.patterns[j].excludes) program_.removes[j].set(e);
      for (const std::uint16_t q : rules_.patterns[j].implied_by) program_.removes[q].set(j);
    }
  }

  /// account_once_tests and account_once_governed.
  void build_account_once() {
    for (const PatternRules::AccountOnce& rule : rules_.account_once) {
      program_.account_once_tests.push_back(rule.sets < rules_.nodes.size()
                                                ? program_.node_tests[rule.sets]
                                                : PatternProgram::kNoTest);
      program_.account_once_governed.set(rule.pattern);
    }
  }

  // ---- Step 4: the tables of the up-front word, when the eager tests fit one word.

  /// PatternProgram::faces_table and its masks.
  void build_faces_table() {
    if (!program_.eager_in_one_word()) return;
    using K = LoweredTest::Kind;
    for (std::uint32_t t = 0; t < program_.eager_tests; ++t) {
      const LoweredTest& lowered = program_.lowered[t];
      if (lowered.kind != K::faces_all && lowered.kind != K::faces_any &&
          lowered.kind != K::faces_none) {
        continue;
      }
      const std::uint64_t bit = std::uint64_t{1} << t;
      program_.faces_tests |= bit;
      if (lowered.kind == K::faces_any) program_.faces_any_tests |= bit;
      if (lowered.kind == K::faces_all) program_.faces_all_tests |= bit;
      if (lowered.index != 0) continue;  // a context wind: evaluated alone
      program_.faces_tabled |= bit;
      program_.faces_table.resize(std::size_t{8} * 256, 0);
      const std::uint64_t set = lowered.kind == K::faces_all ? ~lowered.mask : lowered.mask;
      for (std::size_t c = 0; c < 8; ++c) {
        for (std::uint64_t b = 1; b < 256; ++b) {
          if (((b << (8 * c)) & set) != 0) program_.faces_table[c * 256 + b] |= bit;
        }
      }
    }
  }

  /// PatternProgram::missing_needers and failed_needers.
  void build_needer_tables() {
    if (!program_.eager_in_one_word()) return;
    program_.missing_bytes =
        needers_by_byte(program_.word_needed, program_.word_needers, program_.missing_needers);
    program_.failed_bytes =
        needers_by_byte(program_.eager_mask(), program_.test_needers, program_.failed_needers);
  }

  /// `table`, row 256 c + value: the OR of the rows of `needers` of the bits of `used` set in
  /// byte value `value` of byte c. Returns the bytes `used` spans.
  [[nodiscard]] std::uint32_t needers_by_byte(std::uint64_t used,
                                              const std::vector<std::uint64_t>& needers,
                                              std::vector<std::uint64_t>& table) const {
    const std::size_t words = program_.pattern_words;
    const auto bytes = static_cast<std::uint32_t>((std::bit_width(used) + 7) / 8);
    table.assign(std::size_t{bytes} * 256 * words, 0);
    for (std::uint32_t c = 0; c < bytes; ++c) {
      for (std::size_t value = 1; value < 256; ++value) {
        std::uint64_t* row = table.data() + (std::size_t{c} * 256 + value) * words;
        const std::uint64_t bits = (value << (8 * c)) & used;
        for (const int bit : set_bits(bits)) {
          const std::uint64_t* from = program_.needers_row(needers, static_cast<std::size_t>(bit));
          for (std::size_t w = 0; w < words; ++w) row[w] |= from[w];
        }
      }
    }
    return bytes;
  }

  /// PatternProgram::kinds_table, when the eager kinds tests read few enough kinds with small
  /// enough bounds.
  void build_kinds_table() {
    if (!program_.eager_in_one_word()) return;
    std::uint32_t read = 0;  // bit k: GroupKind k is read by some kinds test
    std::array<int, kGroupKindCount> cap{};
    for (std::uint32_t t = 0; t < program_.eager_tests; ++t) {
      const LoweredTest& lowered = program_.lowered[t];
      if (lowered.kind != LoweredTest::Kind::kinds) continue;
      program_.kinds_tests |= std::uint64_t{1} << t;
      const std::uint32_t kinds = GroupsArgs(program_.tests[t]).kinds();
      read |= kinds;
      const int bound = lowered.range.max != kNoMax
                            ? std::max<int>(lowered.range.min, lowered.range.max)
                            : lowered.range.min;
      for (const int k : set_bits(kinds)) {
        cap[static_cast<std::size_t>(k)] = std::max(cap[static_cast<std::size_t>(k)], bound + 1);
      }
    }
    if (program_.kinds_tests == 0 ||
        std::popcount(read) > static_cast<int>(PatternProgram::kKindsTableKinds)) {
      program_.kinds_tests = 0;
      return;
    }
    std::size_t entries = 1;
    for (const int k : set_bits(read)) {
      const std::size_t i = program_.kinds_table_count++;
      program_.kinds_table_kinds[i] = static_cast<std::uint8_t>(k);
      program_.kinds_caps[i] = static_cast<std::uint8_t>(
          std::min(cap[static_cast<std::size_t>(k)], int{kMaxFeatureGroups}));
      entries *= std::size_t{program_.kinds_caps[i]} + 1;
    }
    if (entries > PatternProgram::kKindsTableMost) {
      program_.kinds_tests = 0;
      program_.kinds_table_count = 0;
      return;
    }
    fill_kinds_table(entries);
  }

  /// kinds_table's `entries` entries: each key's counts as a record's kind_counts, every kinds
  /// test evaluated over it.
  void fill_kinds_table(std::size_t entries) {
    program_.kinds_table.assign(entries, 0);
    for (std::size_t key = 0; key < entries; ++key) {
      ScoreFeatures counts;
      std::size_t rest = key;
      for (std::size_t i = program_.kinds_table_count; i-- > 0;) {
        const std::size_t radix = std::size_t{program_.kinds_caps[i]} + 1;
        counts.kind_counts |= std::uint64_t{rest % radix}
                              << (kKindCountBits * program_.kinds_table_kinds[i]);
        rest /= radix;
      }
      for (const int t : set_bits(program_.kinds_tests)) {
        const LoweredTest& lowered = program_.lowered[static_cast<std::size_t>(t)];
        if (lowered.range.holds(count_of_kinds(lowered.mask, counts))) {
          program_.kinds_table[key] |= std::uint64_t{1} << t;
        }
      }
    }
  }

  /// PatternProgram::clause_masks and screened_rests (after the clauses' sentinel).
  void build_clause_masks() {
    if (!program_.eager_in_one_word()) return;
    for (std::size_t c = 0; c + 1 < program_.clauses.size(); ++c) {
      std::uint64_t mask = 0;
      for (std::uint32_t t = program_.clauses[c]; t < program_.clauses[c + 1]; ++t) {
        mask |= std::uint64_t{1} << program_.clause_tests[t];
      }
      program_.clause_masks.push_back(mask);
    }
    for (std::size_t p = 0; p < program_.entries.size(); ++p) {
      const PatternProgram::Entry& entry = program_.entries[p];
      for (std::uint32_t k = entry.rest_begin; k < entry.rest_end; ++k) {
        if (program_.rest_clauses[k] == program_.rest_clauses_end[k]) continue;
        program_.screened_rests.push_back({static_cast<std::uint16_t>(p), k});
      }
    }
  }

  // ---- Helpers.

  /// 64-bit words of a row over the patterns.
  [[nodiscard]] std::size_t pattern_words() const { return (rules_.patterns.size() + 63) / 64; }

  /// Pattern p in row `row` of a transposed table.
  void set_needer(std::vector<std::uint64_t>& table, std::size_t row, std::size_t p) const {
    table[row * program_.pattern_words + p / 64U] |= std::uint64_t{1} << (p % 64U);
  }

  static constexpr std::uint32_t kEveryForm = ~std::uint32_t{0};

  const PatternRules& rules_;
  const TileTable& tiles_;
  const std::vector<FormSpec>& forms_;
  PatternProgram program_;
  /// By pattern: its needs (in the first numbering until run() renumbers them) and its other
  /// subtrees (roots into nodes).
  std::vector<std::vector<Need>> needs_;
  std::vector<std::vector<std::uint32_t>> rest_;
  /// The costly leaves of the other subtrees with their screens (collect_leaf_screens).
  std::vector<std::pair<std::uint16_t, std::vector<Need>>> leaf_screens_;
  /// By node: the clauses of an `any` that is some pattern's other subtree (subtree_clauses).
  std::vector<std::vector<Clause>> clauses_;
  /// By test (first numbering): evaluated up front.
  std::vector<bool> eager_;
  /// The forms the pattern being collected may be read in (forms_required); add_screens reads it.
  std::uint32_t pattern_forms_ = kEveryForm;
  bool overflow_ = false;
  bool optional_ = false;  ///< intern: a full table gives kNoTest rather than an overflow
  std::vector<std::uint16_t> number_;  ///< first numbering -> final (renumber)
};

}  // namespace

bool compile_patterns(PatternRules& rules, const TileTable& tiles,
                      const std::vector<FormSpec>& forms) {
  Compiler compiler(rules, tiles, forms);
  const bool compiled = compiler.run();
  rules.program =
      std::make_shared<const PatternProgram>(compiled ? compiler.take() : PatternProgram{});
  return compiled;
}

}  // namespace meldgraph::patterns

namespace meldgraph {

std::uint32_t pattern_forms(const PatternRules& rules, std::size_t index) {
  return patterns::condition_forms(rules, rules.patterns[index].when);
}

std::string pattern_impossible_test(const PatternRules& patterns, std::size_t index,
                                    const RuleSet& rules) {
  const std::uint32_t node =
      patterns::impossible_test(patterns, rules, patterns.patterns[index].when);
  if (node == patterns::kNoNode) return {};
  return patterns::write_condition(patterns::WriteContext{rules, patterns}, node);
}

}  // namespace meldgraph

namespace meldgraph::patterns {

const PatternProgram& empty_program() {
  static const PatternProgram empty;
  return empty;
}

}  // namespace meldgraph::patterns
