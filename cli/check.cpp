/// `meldgraph check`: every disagreement between a fast query and the search is a bug in one of
/// them; this finds them on as many hands as one cares to spend time on (the unit tests check
/// thousands, this checks millions), in blocks of hands spread over threads.

#include "check.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/search/listing.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/support/parallel.hpp"

namespace meldgraph::cli {
namespace {

/// Hands per block: each block has its own generator, seeded from the seed and the block index.
constexpr std::uint64_t kBlockHands = 256;

/// An answer as text: equal texts are equal answers; a refusal (the search's AnalysisError) is an
/// answer too, and the fast path must refuse alike.
template <class Query>
std::string answer_text(Query&& query) {
  try {
    return query();
  } catch (const Error& error) {
    return std::string("error: ") + error.what();
  }
}

std::string mask_text(TileMask mask) {
  std::ostringstream out;
  out << std::hex << mask;
  return out.str();
}

/// One interpretation as text: every field the two listings must agree on.
std::string interpretation_text(const RuleSet& rules, const Interpretation& interpretation) {
  std::string text = std::to_string(interpretation.form) + ':';
  for (const Group& group : interpretation.groups) {
    text += ' ' + format_group(group, rules) + '/' + std::to_string(group.winning_slot());
  }
  return text + " w" + std::to_string(interpretation.winning_group) + ' ' +
         std::string(wait_shape_name(interpretation.wait)) + " s" +
         std::to_string(interpretation.soft_wildcards) + ';';
}

/// Listings longer than this are compared by count and by their first interpretations only, so
/// that a hand with a huge number of readings cannot stall the check.
constexpr std::uint64_t kListedCompared = 4096;

/// The sizes an operation takes under these rules: 3n+2 for win, 3n+1 for waits, both for
/// shanten, up to the hand size.
std::vector<int> sizes_for(const RuleSet& rules, CheckOp op) {
  std::vector<int> sizes;
  for (int size = 1; size <= rules.hand_tiles(); ++size) {
    const bool fits = op == CheckOp::waits     ? size % 3 == 1
                      : op == CheckOp::shanten ? size % 3 != 0
                                               : size % 3 == 2;
    if (fits) sizes.push_back(size);
  }
  return sizes;
}

/// One hand of a block: odd hands are random; even ones complete (win) or ready (waits, shanten)
/// where the rules can make one, so that the interesting answers are common. Sizes favour the
/// full hand, which is what corpora hold.
Hand make_hand(RandomHands& generator, const std::vector<int>& sizes, int hand_tiles, CheckOp op,
               int max_wildcards, std::uint64_t index) {
  const std::size_t pick = generator.below(2 * sizes.size());
  const int size = sizes[std::min(pick, sizes.size() - 1)];
  if (index % 2 == 0) {
    try {
      if (size % 3 == 2 && op != CheckOp::shanten) return generator.complete(size, max_wildcards);
      if (size % 3 == 1 && size < hand_tiles) {
        return generator.ready(size, max_wildcards);
      }
    } catch (const Error&) {
      // The rules have no standard form of this size: a random hand instead.
    }
  }
  return generator.random(size, max_wildcards);
}

/// Whether the fast side of the comparison answers this hand itself rather than by the search.
bool fast_path_answers(const RuleSet& rules, const InterpretationLister& lister, const Hand& hand,
                       CheckOp op) {
  switch (op) {
    case CheckOp::win:
      return answered_by_tables(rules, hand, Query::win);
    case CheckOp::waits:
      return answered_by_tables(rules, hand, Query::waits);
    case CheckOp::shanten:
      return answered_by_tables(rules, hand, Query::shanten);
    case CheckOp::interpretations:
      return lister.lists_without_graph(hand);
  }
  return false;
}

}  // namespace

QueryAnswers query_answers(const RuleSet& rules, InterpretationLister& lister, const Hand& hand,
                           CheckOp op) {
  switch (op) {
    case CheckOp::interpretations:
      return {answer_text([&] {
                std::string text;
                std::uint64_t listed = 0;
                const std::uint64_t count = lister.list(hand, [&](const Interpretation& each) {
                  if (++listed <= kListedCompared) text += interpretation_text(rules, each);
                });
                return std::to_string(count) + ' ' + text;
              }),
              answer_text([&] {
                const Decomposition decomposition(rules, hand);
                InterpretationCursor cursor = decomposition.interpretations();
                Interpretation each;
                std::string text;
                std::uint64_t count = 0;
                while (cursor.next(each)) {
                  if (++count <= kListedCompared) text += interpretation_text(rules, each);
                }
                return std::to_string(count) + ' ' + text;
              })};
    case CheckOp::win:
      return {answer_text([&] { return std::string(is_win(rules, hand) ? "win" : "no"); }),
              answer_text(
                  [&] { return std::string(Decomposition(rules, hand).wins() ? "win" : "no"); })};
    case CheckOp::waits:
      return {answer_text([&] { return mask_text(wait_mask(rules, hand)); }), answer_text([&] {
                TileMask mask = 0;
                for (const WaitTile& tile : compute_waits(rules, hand, nullptr).tiles) {
                  mask |= tile_bit(tile.tile);
                }
                return mask_text(mask);
              })};
    case CheckOp::shanten:
      return {answer_text([&] {
                std::string text = std::to_string(shanten_number(rules, hand));
                for (std::size_t f = 0; f < rules.forms().size(); ++f) {
                  if (!rules.forms()[f].enabled) continue;
                  const int shanten = form_shanten(rules, hand, f);
                  if (shanten != kNoShanten) {
                    text += ' ' + std::to_string(f) + '=' + std::to_string(shanten);
                  }
                }
                return text;
              }),
              answer_text([&] {
                const ShantenResult result = compute_shanten(rules, hand);
                std::string text = std::to_string(result.shanten);
                for (const FormShanten& form : result.by_form) {
                  text += ' ' + std::to_string(form.form) + '=' + std::to_string(form.shanten);
                }
                return text;
              })};
  }
  return {};
}

const char* check_op_name(CheckOp op) {
  switch (op) {
    case CheckOp::win:
      return "win";
    case CheckOp::waits:
      return "waits";
    case CheckOp::shanten:
      return "shanten";
    case CheckOp::interpretations:
      return "interpretations";
  }
  return "";
}

std::vector<CheckReport> check_queries(const RuleSet& rules, TileMask wild,
                                       const CheckOptions& options) {
  std::vector<CheckReport> reports;
  for (const CheckOp op : options.ops) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<int> sizes = sizes_for(rules, op);
    const std::uint64_t blocks = (options.count + kBlockHands - 1) / kBlockHands;
    std::vector<CheckReport> by_block(blocks);
    for_each_index(static_cast<std::size_t>(options.jobs), blocks, [&](std::size_t block) {
      CheckReport& part = by_block[block];
      RandomHands generator(rules, options.seed * 0x9E3779B97F4A7C15ULL + block, wild);
      InterpretationLister lister(rules);
      const std::uint64_t first = block * kBlockHands;
      const std::uint64_t last = std::min(options.count, first + kBlockHands);
      for (std::uint64_t index = first; index < last; ++index) {
        const Hand hand =
            make_hand(generator, sizes, rules.hand_tiles(), op, options.max_wildcards, index);
        ++part.hands;
        if (fast_path_answers(rules, lister, hand, op)) ++part.by_tables;
        const QueryAnswers both = query_answers(rules, lister, hand, op);
        if (both.fast == both.search) continue;
        ++part.disagreements;
        if (part.examples.size() < options.examples) {
          part.examples.push_back(format_hand(hand, rules) + ": query " + both.fast + ", search " +
                                  both.search);
        }
      }
    });
    CheckReport report;
    report.op = op;
    for (const CheckReport& part : by_block) {
      report.hands += part.hands;
      report.by_tables += part.by_tables;
      report.disagreements += part.disagreements;
      for (const std::string& example : part.examples) {
        if (report.examples.size() < options.examples) report.examples.push_back(example);
      }
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    report.seconds = elapsed.count();
    reports.push_back(std::move(report));
  }
  return reports;
}

int run_check(const GlobalOptions& global, const CheckOptions& check) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    const TileMask wild = wild_choice(global, rules);
    bool agree = true;
    for (const CheckReport& report : check_queries(rules, wild, check)) {
      nlohmann::ordered_json out;
      out["op"] = check_op_name(report.op);
      out["rules"] = rules.name();
      out["hands"] = report.hands;
      out["by_tables"] = report.by_tables;
      out["disagreements"] = report.disagreements;
      out["seconds"] = report.seconds;
      std::cout << out.dump() << '\n';
      for (const std::string& example : report.examples) {
        std::cerr << "meldgraph: check: " << check_op_name(report.op) << " differs on " << example
                  << '\n';
      }
      agree = agree && report.disagreements == 0;
    }
    return agree ? 0 : 1;
  });
}

}  // namespace meldgraph::cli
