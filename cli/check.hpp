#pragma once
/// `meldgraph check`: the fast queries against the exact search on many random hands.

#include <cstdint>
#include <string>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/search/listing.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph::cli {

/// What `check` compares, one query at a time.
enum class CheckOp { win, waits, shanten, interpretations };

[[nodiscard]] const char* check_op_name(CheckOp op);

struct CheckOptions {
  std::vector<CheckOp> ops;
  std::uint64_t count = 100'000;  ///< hands per operation
  std::uint64_t seed = 1;
  int max_wildcards = 8;
  int jobs = 1;
  /// Most disagreeing hands kept for the report; the count of them is always exact.
  std::size_t examples = 10;
};

struct CheckReport {
  CheckOp op = CheckOp::win;
  std::uint64_t hands = 0;
  /// Hands the lookup tables answered (interpretations: listed without building the graph).
  std::uint64_t by_tables = 0;
  std::uint64_t disagreements = 0;
  std::vector<std::string> examples;  ///< hands (notation) and both answers, in hand order
  double seconds = 0;
};

/// Both answers of one operation to one hand, as text (equal texts are equal answers; a refusal,
/// the search's AnalysisError, is an answer too): the fast query's first, the search's second.
struct QueryAnswers {
  std::string fast;
  std::string search;
};

/// The answers `check` compares for one hand: the fast query (is_win, wait_mask, shanten_number
/// and form_shanten, `lister`) and the exact search (Decomposition, compute_waits,
/// compute_shanten, the Decomposition's cursor). Listings are compared by count and their first
/// 4096 interpretations.
[[nodiscard]] QueryAnswers query_answers(const RuleSet& rules, InterpretationLister& lister,
                                         const Hand& hand, CheckOp op);

/// Compares each operation's query (is_win, wait_mask, shanten_number and form_shanten,
/// InterpretationLister) with the exact search (Decomposition, compute_waits, compute_shanten,
/// the Decomposition's cursor: the same interpretations in the same order) on `count` hands
/// generated from `seed`: half random, half complete (win) or ready (waits) hands where the rules
/// can make them, of every size the operation takes, with 0 to `max_wildcards` wildcards. The hands
/// and the report do not depend on `jobs`: hands come in blocks with their own seeds.
[[nodiscard]] std::vector<CheckReport> check_queries(const RuleSet& rules, TileMask wild,
                                                     const CheckOptions& options);

}  // namespace meldgraph::cli
