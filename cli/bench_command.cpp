/// `meldgraph bench` (docs/performance.md): times one query over many hands, generated or read,
/// and prints one JSON line with the rate and a checksum of the answers.

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "batch_lines.hpp"
#include "command_errors.hpp"
#include "commands.hpp"
#include "meldgraph/answers/advise.hpp"
#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/hand_flowers.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/search/listing.hpp"
#include "meldgraph/shanten/shanten.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph::cli {

namespace {

enum class BenchOp {
  win,
  waits,
  shanten,
  standard_shanten,
  interpretations,
  score,
  advise,
  advise_first,
  advise_loop
};

BenchOp bench_op(const std::string& name) {
  if (name == "win") return BenchOp::win;
  if (name == "waits") return BenchOp::waits;
  if (name == "shanten") return BenchOp::shanten;
  if (name == "standard-shanten") return BenchOp::standard_shanten;
  if (name == "interpretations") return BenchOp::interpretations;
  if (name == "score") return BenchOp::score;
  if (name == "advise") return BenchOp::advise;
  if (name == "advise-first") return BenchOp::advise_first;
  if (name == "advise-loop") return BenchOp::advise_loop;
  throw Error("unknown bench operation '" + name + "'");  // the parser allows only these
}

/// The hands a bench times, each with the input line it came from (0 for generated hands) and,
/// for score, its situation.
struct BenchHands {
  std::vector<Hand> hands;
  std::vector<std::size_t> lines;
  std::vector<WinContext> contexts;  ///< score only: one per hand
};

/// Whether a hand of `size` tiles is one the operation's query accepts.
bool bench_size_fits(BenchOp op, int size) {
  switch (op) {
    case BenchOp::win:
    case BenchOp::interpretations:
    case BenchOp::score:
      return size % 3 == 2;
    case BenchOp::waits:
      return size % 3 == 1;
    case BenchOp::shanten:
    case BenchOp::standard_shanten:
      return size % 3 != 0;
    case BenchOp::advise:
    case BenchOp::advise_first:
    case BenchOp::advise_loop:
      return size % 3 == 2;
  }
  return false;
}

std::string_view bench_size_need(BenchOp op) {
  switch (op) {
    case BenchOp::win:
    case BenchOp::interpretations:
    case BenchOp::score:
    case BenchOp::advise:
    case BenchOp::advise_first:
    case BenchOp::advise_loop:
      return "3n+2 tiles";
    case BenchOp::waits:
      return "3n+1 tiles";
    case BenchOp::shanten:
    case BenchOp::standard_shanten:
      return "3n+1 or 3n+2 tiles";
  }
  return "";
}

/// Reads every hand of `path` (one per line, blank lines and '#' comments skipped). The first bad
/// line stops the bench: timing a set with holes in it would compare nothing.
BenchHands read_bench_hands(const RuleSet& rules, TileMask wild, Notation notation, BenchOp op,
                            const std::string& path) {
  std::ifstream file;
  if (path != "-") {
    file.open(path);
    if (!file) throw Error("cannot open input file '" + path + "'");
  }
  std::istream& in = file.is_open() ? static_cast<std::istream&>(file) : std::cin;
  const std::string name = path == "-" ? std::string("<stdin>") : path;
  BenchHands out;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    const std::string hand_text = trimmed_line(line);
    if (hand_text.empty() || hand_text.front() == '#') continue;
    const std::string place = name + ":" + std::to_string(number) + ": ";
    Hand hand;
    HandLine read{hand_text, std::nullopt, {}};
    try {
      read = read_hand_line(rules, hand_text);
    } catch (const Error& error) {
      throw Error(place + error.what());
    }
    try {
      hand = parse_hand(read.hand, rules, wild, notation);
    } catch (const NotationError& error) {
      throw LineError(place + error.what(), read.hand, error.column());
    }
    if (read.context && op != BenchOp::score) {
      throw Error(place + "a JSON line (a hand and its situation) is read by --op score only");
    }
    if (op == BenchOp::score) {
      WinContext context = read.context.value_or(WinContext{});
      try {
        check_win_context(context, hand, rules);
        merge_hand_flowers(context, hand, rules, read.hand, notation);
      } catch (const ContextError& error) {
        throw Error(place + error.what());
      }
      out.contexts.push_back(context);
    }
    const int size = hand.size(rules);
    if (!bench_size_fits(op, size)) {
      throw Error(place + "hand holds " + std::to_string(size) + " tiles; this operation needs " +
                  std::string(bench_size_need(op)));
    }
    out.hands.push_back(hand);
    out.lines.push_back(number);
  }
  if (out.hands.empty()) throw Error("no hands in '" + name + "'");
  return out;
}

/// The default workload of each operation (docs/performance.md): hands of 14 tiles, or the rule
/// set's hand size when smaller, with 0 to 8 wildcards where the rule set has wildcards.
BenchHands generate_bench_hands(const RuleSet& rules, TileMask wild, BenchOp op, int count,
                                std::uint64_t seed) {
  constexpr int kMaxWildcards = 8;
  const int size = std::min(14, static_cast<int>(rules.hand_tiles()));
  RandomHands generator(rules, seed, wild);
  RandomDraws draws(seed);  // the situations, drawn apart so that the hands stay those of `seed`
  BenchHands out;
  out.hands.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    switch (op) {
      case BenchOp::win:
      case BenchOp::advise:
      case BenchOp::advise_first:
      case BenchOp::advise_loop:
        out.hands.push_back(generator.random(size, kMaxWildcards));
        break;
      case BenchOp::waits:
        out.hands.push_back(generator.ready(size - 1, kMaxWildcards));
        break;
      case BenchOp::shanten:
      case BenchOp::standard_shanten:
        // Alternately one short of complete and complete size.
        out.hands.push_back(generator.random(size - 1 + i % 2, kMaxWildcards));
        break;
      case BenchOp::interpretations:
        out.hands.push_back(generator.complete(size, kMaxWildcards));
        break;
      case BenchOp::score:
        out.hands.push_back(generator.complete(size, kMaxWildcards));
        out.contexts.push_back(random_win_context(rules, out.hands.back(), draws));
        break;
    }
  }
  out.lines.assign(out.hands.size(), 0);
  return out;
}

/// Writes the bench's hands as `batch` and `bench --input` read them: one hand per line, for score
/// a JSON object of the hand and its situation's fields.
void dump_bench_hands(const RuleSet& rules, const BenchHands& hands, const std::string& path) {
  std::ofstream file;
  if (path != "-") {
    file.open(path);
    if (!file) throw Error("cannot open output file '" + path + "'");
  }
  std::ostream& out = file.is_open() ? static_cast<std::ostream&>(file) : std::cout;
  for (std::size_t i = 0; i < hands.hands.size(); ++i) {
    const std::string hand = format_hand(hands.hands[i], rules);
    if (hands.contexts.empty()) {
      out << hand << '\n';
      continue;
    }
    nlohmann::json line = win_context_to_json(hands.contexts[i], rules);
    line["hand"] = hand;
    out << line.dump() << '\n';
  }
  out.flush();
  if (!out) throw Error("cannot write to '" + path + "'");
}

/// The first enabled melds form with one pair: what `standard-shanten` prices.
std::size_t standard_form(const RuleSet& rules) {
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (form.enabled && form.type == FormType::melds && form.pairs == 1) return f;
  }
  throw Error("rule set '" + rules.name() + "' has no melds form with one pair");
}

/// The peer of `advise` that the issue of discard advice names: for each distinct discard, the
/// standard form's shanten (form_shanten, meldgraph's fastest) of the hand left and of that hand
/// with each of the 34 draws; the checksum adds each discard's shanten and its improving copies.
std::int64_t advise_loop(const RuleSet& rules, const Hand& hand, std::size_t standard) {
  std::int64_t sum = 0;
  const TileCounts held = hand.held_counts();
  for (TileId discard = 0; discard < rules.meldable_count(); ++discard) {
    if (hand.counts[discard] == 0) continue;
    Hand left = hand;
    --left.counts[discard];
    const int before = form_shanten(rules, left, standard);
    int improving = 0;
    for (TileId draw = 0; draw < rules.meldable_count(); ++draw) {
      const int copies = rules.tile(draw).copies - held[draw];
      if (copies <= 0) continue;
      ++left.counts[draw];
      if (form_shanten(rules, left, standard) < before) improving += copies;
      --left.counts[draw];
    }
    sum += before + improving;
  }
  return sum;
}

/// The checksum of one advice: each option's shanten and improving copies, and its second step.
std::int64_t advice_sum(const AdviseAnswer& advice) {
  std::int64_t sum = advice.shanten;
  for (const AdvisedOption& option : advice.options) {
    sum += option.shanten + option.improving_count;
    sum += static_cast<std::int64_t>(option.second_step.value_or(0) * 1000);
  }
  return sum;
}

/// One pass of the query over every hand: its checksum (wins, shanten sum, waits, interpretations).
std::int64_t bench_pass(const RuleSet& rules, BenchOp op, const BenchHands& hands) {
  std::int64_t sum = 0;
  std::size_t index = 0;
  // One workspace per pass: after the first hands it lists without allocating.
  std::optional<InterpretationLister> lister;
  if (op == BenchOp::interpretations) lister.emplace(rules);
  std::optional<Scorer> scorer;
  if (op == BenchOp::score) scorer.emplace(rules);
  const std::size_t standard =
      op == BenchOp::standard_shanten || op == BenchOp::advise_loop ? standard_form(rules) : 0;
  std::optional<AnswerWorkspace> workspace;
  if (op == BenchOp::advise || op == BenchOp::advise_first) workspace.emplace(rules);
  AnswerOptions advice_options;
  advice_options.second_step = op == BenchOp::advise;
  try {
    for (; index < hands.hands.size(); ++index) {
      const Hand& hand = hands.hands[index];
      switch (op) {
        case BenchOp::win:
          sum += is_win(rules, hand) ? 1 : 0;
          break;
        case BenchOp::waits:
          sum += std::popcount(wait_mask(rules, hand));
          break;
        case BenchOp::shanten:
          sum += shanten_number(rules, hand);
          break;
        case BenchOp::standard_shanten: {
          const int shanten = form_shanten(rules, hand, standard);
          sum += shanten == kNoShanten ? 0 : shanten;
          break;
        }
        case BenchOp::interpretations:
          sum += static_cast<std::int64_t>(lister->list(hand, [](const Interpretation&) {}));
          break;
        case BenchOp::score: {
          // Every reading is scored; the checksum adds the readings and the best one's points.
          const HandScore& score = scorer->score(hand, hands.contexts[index]);
          sum += static_cast<std::int64_t>(score.scored);
          if (const ScoredReading* best = score.best_reading()) sum += best->value.points;
          break;
        }
        case BenchOp::advise:
        case BenchOp::advise_first:
          sum += advice_sum(answer_advise(HandAnalysis(rules, hand), *workspace, advice_options));
          break;
        case BenchOp::advise_loop:
          sum += advise_loop(rules, hand, standard);
          break;
      }
    }
  } catch (const Error& error) {
    // A hand the query refuses although its size fits (no form applies, say): name its line.
    const std::size_t line = hands.lines[index];
    throw Error(
        (line > 0 ? "input line " + std::to_string(line) + ": " : std::string("generated hand: ")) +
        error.what());
  }
  return sum;
}

/// The timed passes of a bench: every pass must give the same checksum.
struct BenchTiming {
  std::int64_t checksum = 0;
  double seconds = 0;    ///< all timed passes
  double best_pass = 0;  ///< the fastest timed pass
};

/// Runs `warmup` untimed passes, then `repeat` timed ones. Every pass does the same work; a pass
/// that disagrees is a bug (shared state, a race).
BenchTiming time_passes(const RuleSet& rules, BenchOp op, const BenchHands& hands,
                        const BenchOptions& bench) {
  BenchTiming timing;
  int passes = 0;
  const auto run_pass = [&] {
    const std::int64_t pass = bench_pass(rules, op, hands);
    if (passes > 0 && pass != timing.checksum) {
      throw std::logic_error("bench: pass " + std::to_string(passes + 1) + " gave checksum " +
                             std::to_string(pass) + ", pass 1 gave " +
                             std::to_string(timing.checksum));
    }
    timing.checksum = pass;
    ++passes;
  };
  for (int w = 0; w < bench.warmup; ++w) run_pass();
  // Each pass is timed too: on a shared machine the fastest pass, short enough to run between
  // two preemptions, is the steadier figure (docs/performance.md).
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < bench.repeat; ++r) {
    const auto pass_start = std::chrono::steady_clock::now();
    run_pass();
    const std::chrono::duration<double> pass = std::chrono::steady_clock::now() - pass_start;
    if (r == 0 || pass.count() < timing.best_pass) timing.best_pass = pass.count();
  }
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  timing.seconds = elapsed.count();
  return timing;
}

}  // namespace

int run_bench(const GlobalOptions& global, const BenchOptions& bench) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    const TileMask wild = wild_choice(global, rules);
    const BenchOp op = bench_op(bench.op);
    // Every hand is read (or made) and checked before the clock starts: only the queries are timed.
    const BenchHands hands = bench.input.empty()
                                 ? generate_bench_hands(rules, wild, op, bench.count, bench.seed)
                                 : read_bench_hands(rules, wild, global.notation, op, bench.input);
    if (!bench.dump.empty()) {
      dump_bench_hands(rules, hands, bench.dump);
      return 0;
    }
    const BenchTiming timing = time_passes(rules, op, hands, bench);
    const double analysed = static_cast<double>(hands.hands.size()) * bench.repeat;
    nlohmann::ordered_json out;
    out["op"] = bench.op;
    out["rules"] = rules.name();
    out["hands"] = hands.hands.size();
    out["repeat"] = bench.repeat;
    out["seconds"] = timing.seconds;
    out["hands_per_s"] = timing.seconds > 0 ? analysed / timing.seconds : 0.0;
    out["best_pass_hands_per_s"] =
        timing.best_pass > 0 ? static_cast<double>(hands.hands.size()) / timing.best_pass : 0.0;
    out["checksum"] = timing.checksum;
    std::cout << out.dump() << '\n';
    return 0;
  });
}

}  // namespace meldgraph::cli
