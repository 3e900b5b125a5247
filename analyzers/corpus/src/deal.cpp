// Dealt corpora (corpus.hpp, docs/corpus.md "corpus deal"): hand i of a corpus is dealt from a
// random stream of its own block, so that any split of the numbers over threads, shards or
// machines deals the same hands.

#include <string>

#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/corpus/stats.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/support/random_draws.hpp"

namespace meldgraph {
namespace {

/// SplitMix64's finaliser: a bijection of 64-bit words that spreads every input bit over the
/// output, so nearby (seed, block) pairs seed unrelated streams.
std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27U)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31U);
}

/// The seed of stream `stream` (0: hands, 1: situations) of block `block` of corpus `seed`.
std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t block, std::uint64_t stream) {
  return mix64(mix64(seed) ^ mix64(block * 2 + stream));
}

std::string size_text(int size) {
  return std::to_string(size) + "-tile";
}

}  // namespace

void check_deal_options(const RuleSet& rules, DealOptions& options) {
  const int filters =
      (options.shanten ? 1 : 0) + (options.complete_only ? 1 : 0) + (options.ready_only ? 1 : 0);
  if (filters > 1) throw Error("--shanten, --complete and --ready: give at most one");
  if (options.size == 0) {
    options.size = options.ready_only ? rules.hand_tiles() - 1 : rules.hand_tiles();
  }
  const int size = options.size;
  const std::string size_option = "--size " + std::to_string(size) + ": ";
  if (size < 1 || size > rules.hand_tiles() || size % 3 == 0) {
    throw Error(size_option + "rule set '" + rules.name() +
                "' deals hands of 3n+1 or 3n+2 tiles, 1 to " + std::to_string(rules.hand_tiles()));
  }
  if (options.complete_only && size % 3 != 2) {
    throw Error(size_option + "--complete needs a hand of 3n+2 tiles");
  }
  if (options.ready_only && size % 3 != 1) {
    throw Error(size_option + "--ready needs a hand of 3n+1 tiles, one short of complete");
  }
  if (options.random_context && size % 3 != 2) {
    throw Error(size_option + "--context random needs a hand of 3n+2 tiles (a win's situation)");
  }
  if (options.shanten) {
    const std::string option = "--shanten " + std::to_string(*options.shanten) + ": ";
    if (*options.shanten == -1) {
      throw Error(option + "complete hands are " +
                  "about 3 in a million deals; use --complete, which builds them");
    }
    if (*options.shanten < 0) throw Error(option + "a shanten number is -1 or more");
  }
  if (options.max_wildcards < 0) {
    throw Error("--max-wildcards " + std::to_string(options.max_wildcards) +
                ": a number of wildcards is 0 or more");
  }
  if (options.max_wildcards != kDealAllWildcards && !options.complete_only && !options.ready_only) {
    throw Error("--max-wildcards " + std::to_string(options.max_wildcards) +
                ": only with --complete or --ready (a dealt hand holds the wildcards it was "
                "dealt)");
  }
  // Hand 0 is dealt once here, so that a filter that cannot hold, or a rule set that cannot build
  // the hands, fails before anything is written.
  const std::string filter = options.complete_only ? "--complete: "
                             : options.ready_only  ? "--ready: "
                                                   : "";
  try {
    static_cast<void>(deal_hand(rules, options, 0, 0));
  } catch (const Error& error) {
    throw Error(filter + error.what());
  }
}

Dealer::Dealer(const RuleSet& rules, const DealOptions& options, std::uint64_t seed)
    : rules_(&rules),
      options_(options),
      seed_(seed),
      indicator_per_hand_(rules.wildcards().indicator.enabled && options.extra_wild == 0) {}

void Dealer::start_block(std::uint64_t block) {
  hands_.emplace(*rules_, stream_seed(seed_, block, 0), options_.extra_wild);
  contexts_.emplace(stream_seed(seed_, block, 1));
  block_ = block;
  next_ = block * kDealBlock;
  started_ = true;
}

DealtHand Dealer::deal(std::uint64_t index) {
  const std::uint64_t block = index / kDealBlock;
  if (!started_ || block_ != block || next_ > index) start_block(block);
  while (next_ < index) static_cast<void>(next_hand());
  return next_hand();
}

DealtHand Dealer::next_hand() {
  DealtHand dealt;
  dealt.index = next_++;
  RandomHands& hands = *hands_;
  const int size = options_.size;
  // A dealt hand, then (per-hand indicator) the indicator turned up from the wall after it.
  const auto deal_from_wall = [&] {
    dealt.bonus.clear();
    dealt.hand = hands.dealt(size, dealt.bonus);
    if (!indicator_per_hand_) return;
    dealt.indicator = hands.turn_indicator();
    if (dealt.indicator != kNoTile) {
      dealt.hand.wild_tiles |= rules_->indicator_wild_tiles(dealt.indicator);
    }
  };
  // A built hand's indicator is drawn first: the hand is built with its wildcards.
  if (indicator_per_hand_ && (options_.complete_only || options_.ready_only)) {
    dealt.indicator = hands.draw_indicator();
    hands.choose_wild(dealt.indicator == kNoTile ? 0
                                                 : rules_->indicator_wild_tiles(dealt.indicator));
  }
  if (options_.complete_only) {
    dealt.hand = hands.complete(size, options_.max_wildcards);
  } else if (options_.ready_only) {
    dealt.hand = hands.ready(size, options_.max_wildcards);
  } else if (options_.shanten) {
    // Rejection: the hands are dealt ones conditioned on the shanten number.
    for (dealt.draws = 1;; ++dealt.draws) {
      deal_from_wall();
      if (shanten_number(*rules_, dealt.hand) == *options_.shanten) break;
      if (dealt.draws == kDealAttempts) {
        throw Error("--shanten " + std::to_string(*options_.shanten) + ": no " + size_text(size) +
                    " hand of that shanten number in " + std::to_string(kDealAttempts) +
                    " deals (hand " + std::to_string(dealt.index) + ")");
      }
    }
  } else {
    deal_from_wall();
  }
  if (options_.random_context) {
    WinContext context = random_win_context(*rules_, dealt.hand, *contexts_);
    context.flower_tiles = dealt.bonus;
    context.flower_count = static_cast<std::uint8_t>(dealt.bonus.size());
    dealt.context = context;
  }
  return dealt;
}

std::uint64_t situation_seed(std::uint64_t seed, std::uint64_t index) {
  return stats_seed(~seed, index);
}

WinContext numbered_situation(const RuleSet& rules, Hand& hand, std::uint64_t seed,
                              std::uint64_t index) {
  RandomDraws draws(situation_seed(seed, index));
  return random_win_context(rules, hand, draws);
}

DealtHand deal_hand(const RuleSet& rules, const DealOptions& options, std::uint64_t seed,
                    std::uint64_t index) {
  return Dealer(rules, options, seed).deal(index);
}

}  // namespace meldgraph
