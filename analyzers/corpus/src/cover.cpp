/// The search of `corpus cover` (cover.hpp): candidate hands drawn from biased shapes, scored,
/// and kept for the patterns their best reading counts.

#include "meldgraph/corpus/cover.hpp"

#include "shaped_hands.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <tuple>

#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph {

namespace {

/// Attempts between two looks at the clock.
constexpr std::uint64_t kClockEvery = 256;
/// Attempts without a pattern filled, beyond twice those it took to fill the last, after which
/// patterns that have only losing hands keep them.
constexpr std::uint64_t kPatienceAttempts = 100'000;

/// The hands kept for each pattern while the search goes on: winning hands, and apart those
/// whose best reading counts the pattern but does not win (under the minimum), used only for a
/// pattern no winning hand was found for (Hong Kong's chicken hand never wins at 3 faan).
class CoverLedger {
 public:
  CoverLedger(std::size_t patterns, const CoverOptions& options)
      : winning_(patterns),
        losing_(patterns),
        wanted_(static_cast<std::size_t>(options.per_pattern)),
        minimal_(options.minimal) {}

  void offer(const CoverHand& found, bool wins) {
    std::vector<CoverHand>& kept = (wins ? winning_ : losing_)[found.pattern];
    if (!minimal_) {
      if (kept.size() < wanted_) kept.push_back(found);
      return;
    }
    const auto fewer = [](const CoverHand& a, const CoverHand& b) {
      return std::tie(a.patterns_counted, a.attempt) < std::tie(b.patterns_counted, b.attempt);
    };
    kept.insert(std::upper_bound(kept.begin(), kept.end(), found, fewer), found);
    if (kept.size() > wanted_) kept.pop_back();
  }

  /// Whether a hand counting `counted` patterns, `pattern` among them, would be kept among the
  /// winning or the losing ones: the pattern is short of them, or (minimal) the hand has fewer
  /// patterns than the last kept (a later attempt with as many never displaces an earlier one).
  [[nodiscard]] bool would_keep(std::size_t pattern, std::size_t counted, bool wins) const {
    const std::vector<CoverHand>& kept = (wins ? winning_ : losing_)[pattern];
    return kept.size() < wanted_ || (minimal_ && counted < kept.back().patterns_counted);
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
  std::size_t wanted_;
  bool minimal_;
};

/// Whether a hand counting `hits` would be kept for one of them.
bool wanted_by(const CoverLedger& ledger, std::span<const PatternHit> hits, bool wins) {
  return std::any_of(hits.begin(), hits.end(), [&](const PatternHit& hit) {
    return ledger.would_keep(hit.pattern, hits.size(), wins);
  });
}

/// Whether `context`, written as a corpus line writes it, reads back: the reader's checks of the
/// fields against each other (no riichi before the first draw, ...) are more than
/// check_win_context's, and every line written must be one `batch` reads.
bool readable(const WinContext& context, const RuleSet& rules) {
  try {
    static_cast<void>(parse_win_context(win_context_to_json(context, rules), rules));
    return true;
  } catch (const Error&) {
    return false;
  }
}

/// Why no hand can count pattern `index`, or "" when one may: the pattern is turned off, or
/// every form its condition requires is off or needs wildcards the rule set does not have.
std::string unreachable_reason(const RuleSet& rules, const PatternRules& patterns,
                               std::size_t index, TileMask extra_wild) {
  if (!patterns.patterns[index].enabled) return "disabled by the rule set (enabled: false)";
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

/// Whether every pattern still short of winning hands has its hands counting losing ones.
bool only_losing_left(const CoverLedger& ledger, const std::vector<std::string>& unreachable) {
  for (std::size_t p = 0; p < unreachable.size(); ++p) {
    if (unreachable[p].empty() && !ledger.full(p) && !ledger.full_with_losing(p)) return false;
  }
  return true;
}

}  // namespace

CoverResult cover_patterns(const RuleSet& rules, const CoverOptions& options) {
  const ScoringRules* scoring = scoring_rules(rules);
  if (scoring == nullptr) {
    throw Error("rule set '" + rules.name() + "' has no scoring section: no patterns to cover");
  }
  const std::vector<Pattern>& patterns = scoring->patterns.patterns;
  const detail::ShapedHands sampler(rules, options.extra_wild);
  Scorer scorer(rules);
  CoverLedger ledger(patterns.size(), options);
  CoverResult result;
  std::vector<std::string> unreachable(patterns.size());
  std::size_t open = 0;  // reachable patterns still short of their hands
  for (std::size_t p = 0; p < patterns.size(); ++p) {
    unreachable[p] = unreachable_reason(rules, scoring->patterns, p, options.extra_wild);
    open += unreachable[p].empty() ? 1 : 0;
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t stop_at = ~std::uint64_t{0};  // with `minimal`: twice the attempts to fill all
  std::uint64_t last_filled = 0;              // the attempt that last filled a pattern
  for (std::uint64_t attempt = 0; attempt < stop_at; ++attempt) {
    if (open == 0 && !options.minimal) break;
    if (attempt % kClockEvery == 0) {
      if (std::chrono::steady_clock::now() - start > std::chrono::milliseconds(options.budget_ms)) {
        result.budget_spent = true;
        break;
      }
      // The patterns left may never win (under the minimum): once the winning ones stopped
      // coming in for as long again as they took, their losing hands are kept.
      if (attempt > 2 * last_filled + kPatienceAttempts && only_losing_left(ledger, unreachable)) {
        break;
      }
    }
    result.attempts = attempt + 1;
    RandomDraws draws(situation_seed(options.seed, attempt));
    CoverHand found;
    if (!sampler.draw(draws, found.hand, found.context, found.indicator)) continue;
    const HandScore* score = nullptr;
    try {
      score = &scorer.score(found.hand, found.context);
    } catch (const Error&) {
      continue;  // a hand the scorer refuses (none should be): no pattern to learn from it
    }
    const ScoredReading* best = score->best_reading();
    if (best == nullptr) continue;
    if (!wanted_by(ledger, best->hits, score->wins) || !readable(found.context, rules)) {
      continue;
    }
    found.patterns_counted = best->hits.size();
    found.attempt = attempt;
    for (const PatternHit& hit : best->hits) {
      found.pattern = hit.pattern;
      const bool was_full = ledger.full(hit.pattern);
      ledger.offer(found, score->wins);
      if (!was_full && ledger.full(hit.pattern)) {
        --open;
        last_filled = attempt;
      }
    }
    if (open == 0 && options.minimal && stop_at == ~std::uint64_t{0}) stop_at = 2 * (attempt + 1);
  }
  for (std::size_t p = 0; p < patterns.size(); ++p) {
    if (!unreachable[p].empty()) {
      result.unreachable.emplace_back(p, unreachable[p]);
      continue;
    }
    std::vector<CoverHand> kept = ledger.hands(p);
    (ledger.full_with_losing(p) ? result.covered : result.not_found).push_back(p);
    for (CoverHand& hand : kept) result.hands.push_back(std::move(hand));
  }
  return result;
}

}  // namespace meldgraph
