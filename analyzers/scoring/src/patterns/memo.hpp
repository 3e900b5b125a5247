#pragma once
/// The evaluation of a compiled PatternProgram (program.hpp) over one reading's record
/// (memo.cpp): each test evaluated at most once, on first use, and remembered.
/// evaluate_patterns, `times` and account_once read the program through this; `explain` still
/// walks the condition trees (condition_holds), which is also the reference the program is
/// tested against. Internal to scoring.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "patterns/evals.hpp"
#include "patterns/predicates.hpp"
#include "patterns/program.hpp"

namespace meldgraph::patterns {

/// The tests of one program over one record, memoised. Invariant: test t is in known_ once it
/// has been evaluated, and in value_ then when it holds; the words past the program's tests are
/// never read, so only the words in use are cleared (a record is one reading: a new memo for
/// each).
class TestMemo {
 public:
  TestMemo(const PatternRules& rules, const ScoreFeatures& features);

  /// Whether test `test` holds for the record.
  [[nodiscard]] bool holds(std::uint16_t test) {
    if (!known_.test(test)) evaluate(test);
    return value_.test(test);
  }

  /// Word `w` of the patterns not ruled out by the word needs and the eager tests (enabled
  /// ones only): a pattern outside it does not hold; one inside it without costly needs does.
  [[nodiscard]] std::uint64_t alive(std::size_t w) const { return alive_.words()[w]; }

  /// Whether pattern `index`'s condition holds (relations not applied): not ruled out, and its
  /// costly needs and the rest of its subtrees hold. False for a disabled pattern.
  [[nodiscard]] bool pattern_holds(std::size_t index) {
    if (!alive_.test(index)) return false;
    return !program_.costly.test(index) || costly_holds(program_.entries[index]);
  }

  /// The costly needs and the other subtrees of a pattern not ruled out.
  [[nodiscard]] bool costly_holds(const PatternProgram::Entry& entry);

  [[nodiscard]] const ScoreFeatures& features() const { return features_; }
  /// The `sets` instances listed so far for the record, which `times` and account_once read
  /// after the evaluation (SetInstances).
  [[nodiscard]] SetInstances& set_instances() { return sets_; }

 private:
  /// Test `test` (not eager) into known_ and value_: false when one of its screens failed, else
  /// its lowered comparison over the facts or its predicate.
  void evaluate(std::uint16_t test);
  /// The constructor's work for a program of W pattern words (W = pattern_words, 1 to 4): the
  /// patterns left are kept in a local array, so that each ruling out is W AND-NOTs in registers
  /// rather than a loop over memory.
  template <std::size_t W>
  void start();
  /// Whether eager test t holds: its lowered comparison, or its evaluator (eager_holds).
  [[nodiscard]] bool eager_holds_at(std::uint32_t t) const;
  /// Every eager test's value, bit t for test t, when they fit one word (the faces tests
  /// through PatternProgram::faces_table).
  [[nodiscard]] std::uint64_t eager_values() const;
  /// The eager kinds tests' values from PatternProgram::kinds_table (kinds_tests not 0).
  [[nodiscard]] std::uint64_t kinds_values() const;
  /// A `sets` test: its screen (some_set_possible) over its kinds' candidate ranks, kept per
  /// kind mask for the reading, then the predicate when the screen holds.
  [[nodiscard]] bool sets_test_holds(const ConditionNode& node);
  /// Whether some clause of rest subtree k holds (PatternProgram::rest_clauses; true when it
  /// has none): a necessary condition of the subtree.
  [[nodiscard]] bool some_clause_holds(std::uint32_t k) const;
  /// fold_condition over the tree rooted at nodes[root], its leaves read through the memo.
  [[nodiscard]] bool subtree_holds(std::uint32_t root);

  const PatternRules& rules_;
  const PatternProgram& program_;  ///< program_of(rules_)
  const ScoreFeatures& features_;
  std::span<const PredicateSpec> predicates_;
  ReadingFacts facts_;  ///< the reading's facts (facts_of), gathered once
  /// The candidate ranks of the `sets` kind masks met so far: [0, set_ranks_count_).
  struct KindRanks {
    std::uint32_t kinds = 0;
    SetCandidateRanks ranks;
  };
  std::array<KindRanks, 4> set_ranks_;
  std::size_t set_ranks_count_ = 0;
  SetInstances sets_;
  PatternSet alive_;  // words [0, pattern_words) set by the constructor, the others clear
  // Words [0, words in use) cleared by the constructor, the others never read (the class
  // comment). Left uninitialised: clearing all 2048 bits would cost more than most readings'
  // tests.
  PatternProgram::TestSet known_ = PatternProgram::TestSet::uninitialised();
  PatternProgram::TestSet value_ = PatternProgram::TestSet::uninitialised();  // once in known_
};

}  // namespace meldgraph::patterns
