/// The search of `corpus cover` (cover.hpp): candidate hands drawn from biased shapes, scored,
/// and kept for the patterns their best reading counts.

#include "meldgraph/corpus/cover.hpp"

#include "shaped_hands.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <tuple>

#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/support/parallel.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph {

namespace {

/// Attempts between two looks at the clock.
constexpr std::uint64_t kClockEvery = 256;
/// A pattern that has only losing hands keeps them once this many attempts beyond twice those
/// that gave it its losing hands brought no winning one.
constexpr std::uint64_t kPatienceAttempts = 100'000;
constexpr std::uint64_t kNever = ~std::uint64_t{0};

/// The hands kept for each pattern while the search goes on: winning hands, and apart those
/// whose best reading counts the pattern but does not win (under the minimum), used only for a
/// pattern no winning hand was found for (Hong Kong's chicken hand never wins at 3 faan). A
/// pattern is *settled* once it takes no more hands; when, depends on its own attempts alone
/// (so that a part of the patterns, `--shard`, finds the hands the whole search finds):
///   - with its winning hands: at once, or with `minimal` at twice the attempts that filled it;
///   - with losing hands only: kPatienceAttempts beyond twice the attempts that filled it so.
class CoverLedger {
 public:
  CoverLedger(std::size_t patterns, const CoverOptions& options)
      : winning_(patterns),
        losing_(patterns),
        filled_at_(patterns, kNever),
        losing_filled_at_(patterns, kNever),
        wanted_(static_cast<std::size_t>(options.per_pattern)),
        minimal_(options.minimal) {}

  void offer(const CoverHand& found, bool wins) {
    const std::size_t p = found.pattern;
    if (settled(p, found.attempt)) return;
    std::vector<CoverHand>& kept = (wins ? winning_ : losing_)[p];
    if (!minimal_) {
      if (kept.size() < wanted_) kept.push_back(found);
    } else {
      const auto fewer = [](const CoverHand& a, const CoverHand& b) {
        return std::tie(a.patterns_counted, a.attempt) < std::tie(b.patterns_counted, b.attempt);
      };
      kept.insert(std::upper_bound(kept.begin(), kept.end(), found, fewer), found);
      if (kept.size() > wanted_) kept.pop_back();
    }
    if (filled_at_[p] == kNever && full(p)) filled_at_[p] = found.attempt;
    if (losing_filled_at_[p] == kNever && full_with_losing(p)) losing_filled_at_[p] = found.attempt;
  }

  /// Whether a hand counting `counted` patterns, `pattern` among them, drawn by `attempt`, would
  /// be kept among the winning or the losing ones: the pattern is not settled, and short of
  /// them, or (minimal) the hand has fewer patterns than the last kept (a later attempt with as
  /// many never displaces an earlier one).
  [[nodiscard]] bool would_keep(std::size_t pattern, std::size_t counted, bool wins,
                                std::uint64_t attempt) const {
    if (settled(pattern, attempt)) return false;
    const std::vector<CoverHand>& kept = (wins ? winning_ : losing_)[pattern];
    return kept.size() < wanted_ || (minimal_ && counted < kept.back().patterns_counted);
  }

  /// Whether the pattern takes no hand from `attempt` on. Once true, true for every later one.
  [[nodiscard]] bool settled(std::size_t pattern, std::uint64_t attempt) const {
    if (filled_at_[pattern] != kNever) {
      return !minimal_ || attempt >= 2 * (filled_at_[pattern] + 1);
    }
    const std::uint64_t losing = losing_filled_at_[pattern];
    return losing != kNever && attempt > 2 * losing + kPatienceAttempts;
  }

  /// The pattern has its hands, all winning.
  [[nodiscard]] bool full(std::size_t pattern) const { return winning_[pattern].size() >= wanted_; }
  /// The pattern has its hands counting losing ones.
  [[nodiscard]] bool full_with_losing(std::size_t pattern) const {
    return winning_[pattern].size() + losing_[pattern].size() >= wanted_;
  }
  /// The pattern's hands: the winning ones, then losing ones up to the number wanted.
  [[nodiscard]] std::vector<CoverHand> hands(std::size_t pattern) const {
    std::vector<CoverHand> out = winning_[pattern];
    for (const CoverHand& hand : losing_[pattern]) {
      if (out.size() < wanted_) out.push_back(hand);
    }
    return out;
  }

 private:
  std::vector<std::vector<CoverHand>> winning_;
  std::vector<std::vector<CoverHand>> losing_;
  std::vector<std::uint64_t> filled_at_;         ///< the attempt that filled the winning hands
  std::vector<std::uint64_t> losing_filled_at_;  ///< the attempt that filled them with losing
  std::size_t wanted_;
  bool minimal_;
};

/// Whether a hand counting `counted` patterns, of which `hits` are searched for, drawn by
/// `attempt`, would be kept for one of them.
bool wanted_by(const CoverLedger& ledger, std::span<const PatternHit> hits, std::size_t counted,
               bool wins, std::uint64_t attempt) {
  return std::any_of(hits.begin(), hits.end(), [&](const PatternHit& hit) {
    return ledger.would_keep(hit.pattern, counted, wins, attempt);
  });
}

/// Why no hand can count pattern `index`, or "" when one may: the pattern is turned off, a test
/// its condition requires fits no hand of the tile set, or every form it requires is off or
/// needs wildcards the rule set does not have.
std::string unreachable_reason(const RuleSet& rules, const PatternRules& patterns,
                               std::size_t index, TileMask extra_wild) {
  if (!patterns.patterns[index].enabled) return "disabled by the rule set (enabled: false)";
  const std::string impossible = pattern_impossible_test(patterns, index, rules);
  if (!impossible.empty()) return "no hand of these tiles passes its test " + impossible;
  const std::uint32_t forms = pattern_forms(patterns, index);
  // The wildcards this search's hands may hold: a kind chosen per hand is chosen by --wild.
  const bool wildcards = rules.wildcards().jokers > 0 || rules.fixed_wild_tiles() != 0 ||
                         rules.wildcards().indicator.enabled || extra_wild != 0;
  std::string why;
  for (std::size_t f = 0; f < rules.forms().size() && f < 32; ++f) {
    if (((forms >> f) & 1U) == 0) continue;
    const FormSpec& form = rules.forms()[f];
    std::string form_why;
    if (!form.enabled && !form.scored_only) {
      form_why = "form '" + form.name + "' is off (forms." + form.name + ".enabled: false)";
    } else if (form.type == FormType::wildcards && !wildcards) {
      form_why =
          "form '" + form.name + "' needs " + std::to_string(form.count) + " wildcards and " +
          (rules.wildcards().per_hand ? "none were chosen (--wild)" : "the rule set has none");
    } else {
      return {};  // a form it may be won in
    }
    why += (why.empty() ? "" : "; ") + form_why;
  }
  return why;
}

}  // namespace

namespace {

/// One attempt as drawn and scored by a worker, for the ledger to take in attempt order.
struct ScoredAttempt {
  bool scored = false;  ///< a hand was drawn and has a best reading
  CoverHand found;
  bool wins = false;
  std::vector<PatternHit> hits;  ///< the best reading's
};

/// The search: attempts drawn and scored a block at a time on the workers, taken into the
/// ledger in attempt order, so that the hands kept do not depend on the number of workers.
class CoverSearch {
 public:
  CoverSearch(const RuleSet& rules, const CoverOptions& options)
      : rules_(rules),
        options_(options),
        patterns_(scoring_rules(rules)->patterns),
        shapes_(rules, options.extra_wild),
        ledger_(patterns_.patterns.size(), options),
        unreachable_(patterns_.patterns.size()) {
    end_pattern_ = std::min(options.end_pattern, unreachable_.size());
    for (std::size_t p = options.first_pattern; p < end_pattern_; ++p) {
      if (chosen(p)) unreachable_[p] = unreachable_reason(rules, patterns_, p, options.extra_wild);
    }
    unsettled_ = options.first_pattern;
    const auto workers = static_cast<std::size_t>(std::max(options.jobs, 1));
    for (std::size_t w = 0; w < workers; ++w) scorers_.push_back(std::make_unique<Scorer>(rules));
  }

  CoverResult run() {
    const auto start = std::chrono::steady_clock::now();
    const std::size_t workers = scorers_.size();
    // One attempt at a time alone; blocks large enough that the workers rarely wait.
    const std::uint64_t block = workers == 1 ? kClockEvery : kClockEvery * 4 * workers;
    std::vector<ScoredAttempt> attempts(block);
    for (std::uint64_t first = 0; !stopped_; first += block) {
      if (std::chrono::steady_clock::now() - start >
          std::chrono::milliseconds(options_.budget_ms)) {
        result_.budget_spent = true;
        break;
      }
      for_each_index_by_worker(workers, block, [&](std::size_t worker, std::size_t i) {
        attempts[i] = draw(first + i, *scorers_[worker]);
      });
      for (std::uint64_t i = 0; i < block && !stopped_; ++i) take(first + i, attempts[i]);
    }
    return finish();
  }

 private:
  [[nodiscard]] ScoredAttempt draw(std::uint64_t attempt, Scorer& scorer) const {
    ScoredAttempt out;
    RandomDraws draws(situation_seed(options_.seed, attempt));
    CoverHand& found = out.found;
    if (!shapes_.draw(draws, found.hand, found.context, found.indicator)) return out;
    const HandScore* score = nullptr;
    try {
      score = &scorer.score(found.hand, found.context);
    } catch (const Error&) {
      return out;  // a hand the scorer refuses (none should be): no pattern to learn from it
    }
    const ScoredReading* best = score->best_reading();
    if (best == nullptr) return out;
    out.scored = true;
    out.wins = score->wins;
    out.hits = best->hits;
    found.patterns_counted = best->hits.size();
    found.attempt = attempt;
    return out;
  }

  /// Takes attempt `attempt` into the ledger, or stops the search before it: once every pattern
  /// searched for is settled (or unreachable).
  void take(std::uint64_t attempt, ScoredAttempt& scored) {
    while (unsettled_ < end_pattern_ && (!chosen(unsettled_) || !unreachable_[unsettled_].empty() ||
                                         ledger_.settled(unsettled_, attempt))) {
      ++unsettled_;
    }
    if (unsettled_ >= end_pattern_) {
      stopped_ = true;
      return;
    }
    result_.attempts = attempt + 1;
    std::erase_if(scored.hits, [&](const PatternHit& hit) { return !searched(hit.pattern); });
    if (!scored.scored ||
        !wanted_by(ledger_, scored.hits, scored.found.patterns_counted, scored.wins, attempt) ||
        !detail::readable(scored.found.context, rules_)) {
      return;
    }
    for (const PatternHit& hit : scored.hits) {
      scored.found.pattern = hit.pattern;
      ledger_.offer(scored.found, scored.wins);
    }
  }

  /// Whether the search looks for hands of pattern `p`: in the part asked for, and reachable.
  [[nodiscard]] bool searched(std::size_t p) const {
    return p >= options_.first_pattern && p < end_pattern_ && chosen(p) && unreachable_[p].empty();
  }

  /// Whether pattern `p` is among those `--pattern` chose (every one when none were).
  [[nodiscard]] bool chosen(std::size_t p) const {
    return options_.chosen.empty() || (p < options_.chosen.size() && options_.chosen[p]);
  }

  CoverResult finish() {
    for (std::size_t p = options_.first_pattern; p < end_pattern_; ++p) {
      if (!chosen(p)) continue;
      if (!unreachable_[p].empty()) {
        result_.unreachable.emplace_back(p, unreachable_[p]);
        continue;
      }
      (ledger_.full_with_losing(p) ? result_.covered : result_.not_found).push_back(p);
      for (CoverHand& hand : ledger_.hands(p)) result_.hands.push_back(std::move(hand));
    }
    return std::move(result_);
  }

  const RuleSet& rules_;
  const CoverOptions& options_;
  const PatternRules& patterns_;
  detail::ShapedHands shapes_;
  CoverLedger ledger_;
  std::vector<std::string> unreachable_;          ///< per pattern: why no hand counts it, or ""
  std::size_t end_pattern_ = 0;                   ///< the patterns searched: [first, end)
  std::vector<std::unique_ptr<Scorer>> scorers_;  ///< one per worker
  CoverResult result_;
  /// Patterns below it (from first_pattern) are settled or unreachable: settled stays settled.
  std::size_t unsettled_ = 0;
  bool stopped_ = false;
};

}  // namespace

CoverResult cover_patterns(const RuleSet& rules, const CoverOptions& options) {
  if (scoring_rules(rules) == nullptr) {
    throw Error("rule set '" + rules.name() + "' has no scoring section: no patterns to cover");
  }
  return CoverSearch(rules, options).run();
}

}  // namespace meldgraph
