/// TestMemo (memo.hpp): the memoised evaluation of a compiled PatternProgram over one reading's
/// record. The program itself is compiled by compile_patterns (program.cpp).

#include "patterns/memo.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/support/bits.hpp"
#include "patterns/evals.hpp"
#include "patterns/program.hpp"

namespace meldgraph::patterns {

namespace {

/// One eager test that lower_test leaves as it is: groups and faces inline (evals.hpp),
/// the others through the registry.
bool eager_holds(const ConditionNode& n, const ScoreFeatures& f,
                 std::span<const PredicateSpec> predicates) {
  switch (n.op) {
    case predicate_op("groups"):
      return eval_groups(n, f);
    case predicate_op("faces"):
      return eval_faces(n, f);
    default:
      return predicates[n.op - kFirstPredicate].eval(n, f);
  }
}

}  // namespace

TestMemo::TestMemo(const PatternRules& rules, const ScoreFeatures& features)
    : rules_(rules),
      program_(program_of(rules)),
      features_(features),
      predicates_(predicate_registry()),
      facts_(facts_of(features)),
      sets_(features) {
  const PatternProgram& program = program_;
  const std::size_t words = (program.tests.size() + 63) / 64;
  std::fill_n(known_.words().begin(), words, 0);
  std::fill_n(value_.words().begin(), words, 0);
  static_assert(PatternSet::kWords == 4);
  switch (program.pattern_words) {
    case 0:  // no pattern: nothing is alive, no test is eager
      break;
    case 1:
      start<1>();
      break;
    case 2:
      start<2>();
      break;
    case 3:
      start<3>();
      break;
    default:
      start<4>();
      break;
  }
  // The eager tests are known from here on.
  for (std::uint32_t w = 0; w < program.eager_tests / 64U; ++w) {
    known_.words()[w] = ~std::uint64_t{0};
  }
  if (program.eager_tests % 64U != 0) {
    known_.words()[program.eager_tests / 64U] =
        (std::uint64_t{1} << (program.eager_tests % 64U)) - 1;
  }
}

template <std::size_t W>
void TestMemo::start() {
  const PatternProgram& program = program_;
  // Ruled out so far: the disabled patterns, then those needing a bit the facts' word lacks or
  // an eager test that fails. A mask over the patterns has pattern_words words, W of them (the
  // dispatch's choice).
  std::array<std::uint64_t, W> alive{};
  for (std::size_t w = 0; w < W; ++w) alive[w] = program.enabled.words()[w];
  // Rules out the patterns of row `row` of a transposed table (PatternProgram::needers_row, with
  // the row width W a constant).
  const auto rule_out = [&](const std::vector<std::uint64_t>& table, std::size_t row) {
    const std::uint64_t* patterns = table.data() + row * W;
    for (std::size_t w = 0; w < W; ++w) alive[w] &= ~patterns[w];
  };
  if (program.eager_in_one_word()) {
    // Every eager test's value in one word, then the patterns of each byte of the missing bits
    // and of the failed tests ruled out at once (PatternProgram::missing_needers).
    const std::uint64_t value = eager_values();
    value_.words()[0] |= value;
    const auto rule_out_bytes = [&](const std::vector<std::uint64_t>& table, std::uint32_t bytes,
                                    std::uint64_t bits) {
      for (std::uint32_t c = 0; c < bytes; ++c) {
        const std::size_t byte = (bits >> (8 * c)) & 0xFFU;  // entry 0 rules out nothing
        rule_out(table, std::size_t{c} * 256 + byte);
      }
    };
    rule_out_bytes(program.missing_needers, program.missing_bytes,
                   program.word_needed & ~facts_.word);
    rule_out_bytes(program.failed_needers, program.failed_bytes, program.eager_mask() & ~value);
    // A subtree with clauses holds only when one of them does (some_clause_holds).
    for (const PatternProgram::ScreenedRest& screened : program.screened_rests) {
      std::uint64_t& word = alive[screened.pattern / 64U];
      const std::uint64_t bit = std::uint64_t{1} << (screened.pattern % 64U);
      if ((word & bit) == 0) continue;
      const std::uint64_t* clause =
          program.clause_masks.data() + program.rest_clauses[screened.rest];
      const std::uint64_t* const end =
          program.clause_masks.data() + program.rest_clauses_end[screened.rest];
      while (clause != end && (~value & *clause) != 0) ++clause;  // up to the first that holds
      if (clause == end) word &= ~bit;
    }
  } else {
    for (const int missing : set_bits(program.word_needed & ~facts_.word)) {
      rule_out(program.word_needers, static_cast<std::size_t>(missing));
    }
    // The eager tests one at a time, a run of one lowered kind at a time: a failing one rules
    // out every pattern needing it.
    for (const PatternProgram::EagerRun& run : program.eager_runs) {
      for (std::uint32_t t = run.begin; t < run.end; ++t) {
        if (eager_holds_at(t)) {
          value_.set(t);
        } else {
          rule_out(program.test_needers, t);
        }
      }
    }
  }
  for (std::size_t w = 0; w < W; ++w) alive_.words()[w] = alive[w];
}

bool TestMemo::eager_holds_at(std::uint32_t t) const {
  const PatternProgram& program = program_;
  const LoweredTest& lowered = program.lowered[t];
  if (lowered.kind == LoweredTest::Kind::none) {
    return eager_holds(program.tests[t], features_, predicates_);
  }
  return lowered_holds(lowered, facts_, features_);
}

std::uint64_t TestMemo::kinds_values() const {
  const PatternProgram& program = program_;
  std::size_t key = 0;
  for (std::uint32_t i = 0; i < program.kinds_table_count; ++i) {
    const auto count = static_cast<std::uint32_t>(
        (features_.kind_counts >> (kKindCountBits * program.kinds_table_kinds[i])) &
        ((1U << kKindCountBits) - 1));
    const std::uint32_t cap = program.kinds_caps[i];
    key = key * (cap + 1) + std::min(count, cap);
  }
  return program.kinds_table[key];
}

std::uint64_t TestMemo::eager_values() const {
  const PatternProgram& program = program_;
  const ReadingFacts& facts = facts_;
  const ScoreFeatures& features = features_;
  std::uint64_t value = 0;
  // Each run's values gathered without a branch per test.
  const auto gather = [&](const PatternProgram::EagerRun& run, auto&& holds) {
    for (std::uint32_t t = run.begin; t < run.end; ++t) {
      value |= std::uint64_t{holds(program.lowered[t]) ? 1U : 0U} << t;
    }
  };
  for (const PatternProgram::EagerRun& run : program.eager_runs) {
    using K = LoweredTest::Kind;
    switch (run.kind) {
      case K::word_any:
        gather(run, [&](const LoweredTest& t) { return (facts.word & t.mask) != 0; });
        break;
      case K::word_all:
        gather(run, [&](const LoweredTest& t) { return (facts.word & t.mask) == t.mask; });
        break;
      case K::count:
        gather(run, [&](const LoweredTest& t) { return t.range.holds(facts.counts[t.index]); });
        break;
      case K::kinds:
        if (program.kinds_tests != 0) {
          value |= kinds_values();
        } else {
          gather(run, [&](const LoweredTest& t) {
            return t.range.holds(count_of_kinds(t.mask, features));
          });
        }
        break;
      case K::faces_all:
      case K::faces_any:
      case K::faces_none:
        break;  // all of them below
      case K::none:
        for (std::uint32_t t = run.begin; t < run.end; ++t) {
          value |= std::uint64_t{eager_holds_at(t) ? 1U : 0U} << t;
        }
        break;
    }
  }
  // The tabled faces tests: `met` has the tests whose set (faces_all: its complement) the
  // faces meet, gathered a byte of faces at a time (PatternProgram::faces_table).
  const TileMask faces = features.faces;
  std::uint64_t met = 0;
  if (program.faces_tabled != 0) {
    const std::uint64_t* table = program.faces_table.data();
    for (std::size_t c = 0; c < 8; ++c) {
      // Every byte read, held or not: entry 0 of each byte's table is 0 (no face meets no set),
      // and a test of whether the byte holds faces would branch on the hand.
      const auto byte = static_cast<std::size_t>((faces >> (8 * c)) & 0xFFU);
      met |= table[c * 256 + byte];
    }
  }
  // faces_any holds when its set is met; faces_none when it is not; faces_all when its
  // complement is not and some face is held (mask_all_in: no face holds no faces_all test).
  const std::uint64_t not_met = program.faces_tabled & ~met;
  const std::uint64_t failed_all = faces == 0 ? program.faces_all_tests : 0;
  value |= (met & program.faces_any_tests) | (not_met & ~program.faces_any_tests & ~failed_all);
  // Those whose sets name a context wind, one by one.
  for (const int t : set_bits(program.faces_tests & ~program.faces_tabled)) {
    const LoweredTest& test = program.lowered[static_cast<std::size_t>(t)];
    value |= std::uint64_t{lowered_holds(test, facts, features) ? 1U : 0U} << t;
  }
  return value;
}

void TestMemo::evaluate(std::uint16_t test) {
  const PatternProgram& program = program_;
  known_.set(test);
  for (std::uint32_t k = program.screen_begin[test]; k < program.screen_begin[test + 1U]; ++k) {
    if (!value_.test(program.screens[k])) return;  // a screen is eager: its value is known
  }
  const ConditionNode& node = program.tests[test];
  bool holds = false;
  switch (program.routes[test]) {
    case PatternProgram::TestRoute::lowered:
      holds = lowered_holds(program.lowered[test], facts_, features_);
      break;
    case PatternProgram::TestRoute::sets:
      holds = sets_test_holds(node);
      break;
    case PatternProgram::TestRoute::groups:
      holds = eval_groups(node, features_);
      break;
    case PatternProgram::TestRoute::predicate:
      holds = predicates_[node.op - kFirstPredicate].eval(node, features_);
      break;
  }
  // Or-ed in rather than set under an `if`: whether a costly test holds varies reading to
  // reading, and a branch on it is mispredicted.
  value_.words()[test / 64U] |= std::uint64_t{holds} << (test % 64U);
}

bool TestMemo::sets_test_holds(const ConditionNode& node) {
  const std::uint32_t kinds = SetsArgs(node).kinds();
  const SetCandidateRanks* ranks = nullptr;
  for (std::size_t i = 0; i < set_ranks_count_ && ranks == nullptr; ++i) {
    if (set_ranks_[i].kinds == kinds) ranks = &set_ranks_[i].ranks;
  }
  if (ranks == nullptr) {
    // A new kind mask: kept in the next slot (the last one is reused once all are taken).
    KindRanks& slot = set_ranks_[std::min(set_ranks_count_, set_ranks_.size() - 1)];
    slot = {kinds, set_candidate_ranks(kinds, features_)};
    set_ranks_count_ = std::min(set_ranks_count_ + 1, set_ranks_.size());
    ranks = &slot.ranks;
  }
  return SetsArgs(node).count().holds(some_set_possible(node, *ranks) ? sets_.found(node) : 0);
}

bool TestMemo::costly_holds(const PatternProgram::Entry& entry) {
  const PatternProgram& program = program_;
  for (std::uint32_t k = entry.need_begin; k < entry.need_end; ++k) {
    if (!holds(program.needs[k])) return false;
  }
  for (std::uint32_t k = entry.rest_begin; k < entry.rest_end; ++k) {
    if (!some_clause_holds(k) || !subtree_holds(program.rest[k])) return false;
  }
  return true;
}

bool TestMemo::some_clause_holds(std::uint32_t k) const {
  const PatternProgram& program = program_;
  const std::uint32_t first = program.rest_clauses[k];
  const std::uint32_t last = program.rest_clauses_end[k];
  if (first == last) return true;  // no clauses: not screened
  // The up-front evaluation ruled out the pattern when none holds (screened_rests).
  if (program.eager_in_one_word()) return true;
  for (std::uint32_t c = first; c < last; ++c) {
    bool all = true;
    for (std::uint32_t t = program.clauses[c]; t < program.clauses[c + 1] && all; ++t) {
      const std::uint16_t test = program.clause_tests[t];  // eager: its value is known
      all = value_.test(test);
    }
    if (all) return true;
  }
  return false;
}

bool TestMemo::subtree_holds(std::uint32_t root) {
  const std::vector<std::uint16_t>& node_tests = program_.node_tests;
  return fold_condition(rules_.nodes, root,
                        [&](std::uint32_t leaf) { return holds(node_tests[leaf]); });
}

}  // namespace meldgraph::patterns
