/// Discard advice (advise.hpp): every discard tried, each hand left priced by the shanten and
/// improving-tile queries, the waits of a ready one scored.

#include "meldgraph/answers/advise.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "meldgraph/model/error.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/queries/results.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "meldgraph/support/bits.hpp"

namespace meldgraph {

namespace {

/// A tile the hand can give up: a kind it holds concealed, or a joker.
struct Discard {
  TileId tile = kNoTile;
  bool joker = false;
  bool red = false;  ///< a red five (`0m`), held concealed
};

int copies_left(const std::vector<Improvement>& tiles);

/// A hand's shanten and the copies left of the tiles that lower it.
struct ShantenAndGain {
  int shanten = 0;
  int gain = 0;
};

/// The queries of one advice, from the tables or the search as the options say, with the copies
/// seen before any discard.
class AdviceQueries {
 public:
  AdviceQueries(const RuleSet& rules, const AnswerOptions& options)
      : rules_(rules), search_(options.search_only) {
    if (options.has_visible) seen_ = options.visible;
  }

  [[nodiscard]] const RuleSet& rules() const { return rules_; }
  [[nodiscard]] ShantenResult shanten(const Hand& hand) const {
    return search_ ? compute_shanten(rules_, hand) : shanten_from_queries(rules_, hand);
  }
  [[nodiscard]] std::vector<Improvement> improving(const Hand& hand, const TileCounts& seen) const {
    return search_ ? improving_tiles(rules_, hand, &seen)
                   : improving_from_queries(rules_, hand, &seen);
  }
  [[nodiscard]] Waits waits(const Hand& hand, const TileCounts& seen) const {
    return search_ ? compute_waits(rules_, hand, &seen) : waits_from_queries(rules_, hand, &seen);
  }
  /// The shanten of a hand of 3n+1 tiles and the copies left of its improving tiles, in one
  /// query where the tables answer (the second step asks this of every hand it tries).
  [[nodiscard]] ShantenAndGain shanten_and_gain(const Hand& hand, const TileCounts& seen) const {
    if (search_) {
      return {compute_shanten(rules_, hand).shanten,
              copies_left(improving_tiles(rules_, hand, &seen))};
    }
    ShantenAndGain result;
    const TileMask gains = improving_mask(rules_, hand, &result.shanten);
    const TileCounts held = hand.held_counts();
    for (const int t : set_bits(gains)) {
      result.gain += std::max(0, rules_.tile(static_cast<TileId>(t)).copies - held[t] - seen[t]);
    }
    return result;
  }
  /// The shanten left by discarding each natural kind of a hand of 3n+2 tiles, by tile
  /// (discard_shanten), where the tables answer; null under the search, which prices each
  /// discard as it is tried.
  [[nodiscard]] const std::array<int, kMaxTileKinds>* discard_shanten(const Hand& hand) const {
    if (search_) return nullptr;
    meldgraph::discard_shanten(rules_, hand, discard_shanten_);
    return &discard_shanten_;
  }
  /// The tiles seen before the advice: the visible ones given.
  [[nodiscard]] const TileCounts& seen() const { return seen_; }

 private:
  const RuleSet& rules_;
  bool search_;
  TileCounts seen_{};
  mutable std::array<int, kMaxTileKinds> discard_shanten_{};  ///< discard_shanten's answer
};

int copies_left(const std::vector<Improvement>& tiles) {
  int total = 0;
  for (const Improvement& tile : tiles) total += tile.remaining;
  return total;
}

/// The hand as a set of concealed tiles: a winning tile's '+' is only where it was written.
Hand without_winning_mark(Hand hand) {
  hand.winning = kNoTile;
  hand.winning_joker = false;
  hand.winning_red = false;
  return hand;
}

/// The distinct discards of `hand`: each kind held concealed (a bonus tile only when it is wild:
/// a flower is set aside, not discarded), then a joker when it holds one. With `split_red`, a
/// five held plain and red is two discards, the plain copy and the red one (their hands differ
/// only in what they score); without, the plain copy stands for both.
std::vector<Discard> discards_of(const RuleSet& rules, const Hand& hand, bool split_red) {
  std::vector<Discard> discards;
  const TileCounts red = hand.concealed_red();
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if (hand.counts[t] == 0) continue;
    if (rules.tile(t).bonus && (hand.wild_tiles & tile_bit(t)) == 0) continue;
    const bool plain = red[t] < hand.counts[t];
    if (plain) discards.push_back({t, false, false});
    if (red[t] > 0 && (split_red || !plain)) discards.push_back({t, false, true});
  }
  if (hand.jokers > 0) discards.push_back({kNoTile, true, false});
  return discards;
}

/// `hand` less one copy of `discard`, a red one when it says so.
Hand after_discard(Hand hand, const Discard& discard) {
  if (discard.joker) {
    --hand.jokers;
    return hand;
  }
  --hand.counts[discard.tile];
  if (discard.red) --hand.red[discard.tile];
  return hand;
}

/// The tiles seen once `discard` is thrown: it joins the discards.
TileCounts seen_after(TileCounts seen, const Discard& discard) {
  if (!discard.joker) ++seen[discard.tile];
  return seen;
}

/// Points by discard and by self-draw of `hand` completed by `tile`, in `situation`.
void score_wait(const Hand& hand, const WinContext& situation, Scorer& scorer, AdvisedWait& wait) {
  Hand complete = hand;
  ++complete.counts[wait.tile];
  complete.winning = wait.tile;
  const auto score_as = [&](WinKind kind, std::optional<std::int64_t>& points,
                            std::string& no_win) {
    WinContext context = situation;
    context.win = kind;
    if (kind == WinKind::self_draw) {
      // What only a discard or a robbed kong can be.
      context.robbing_kong = false;
      context.after_kong_discard = false;
      context.from = MeldSource::unknown;
    } else {
      context.after_kong = false;  // a replacement tile is drawn
    }
    const HandScore& score = scorer.score(complete, context);
    const ScoredReading* best = score.best_reading();
    if (score.wins && best != nullptr) {
      points = best->value.points;
    } else {
      no_win = std::string(score.no_win_reason);
    }
  };
  score_as(WinKind::discard, wait.ron, wait.ron_no_win);
  score_as(WinKind::self_draw, wait.tsumo, wait.tsumo_no_win);
}

/// Hands the second step has priced, by tried_key.
using TriedHands = std::unordered_map<std::uint32_t, ShantenAndGain>;

/// The key of the hand less discards `a` and `b` plus the draw `drawn`, the same whichever
/// discard came first; none when either discard is a joker.
std::optional<std::uint32_t> tried_key(TileId drawn, const Discard& a, const Discard& b) {
  if (a.joker || b.joker) return std::nullopt;
  const auto low = static_cast<std::uint32_t>(std::min(a.tile, b.tile));
  const auto high = static_cast<std::uint32_t>(std::max(a.tile, b.tile));
  return (std::uint32_t{drawn} * kMaxTileKinds + low) * kMaxTileKinds + high;
}

/// Options ordered best first: lowest shanten, most improving tiles, highest wait value, then
/// the draw's and the discard's tile order (a joker after every tile).
bool better(const AdvisedOption& a, const AdvisedOption& b) {
  const auto key = [](const AdvisedOption& o) {
    return std::make_tuple(o.shanten, -o.improving_count, -o.wait_value.value_or(0), o.draw,
                           o.discard_joker, o.discard, o.discard_red);
  };
  return key(a) < key(b);
}

class Advisor {
 public:
  Advisor(const AdviceQueries& queries, const WinContext& situation, Scorer* scorer)
      : queries_(queries), situation_(situation), scorer_(scorer) {}

  /// Every discard of a hand of 3n+2 tiles, best first; with `second_step`, that figure for the
  /// discards of the lowest shanten (the others are worse whatever it says, and it costs a
  /// hand's worth of queries per improving tile).
  [[nodiscard]] std::vector<AdvisedOption> discards(const Hand& hand, const TileCounts& seen,
                                                    bool second_step) const {
    std::vector<AdvisedOption> options;
    for (const Discard& discard : discards_of(queries_.rules(), hand, true)) {
      options.push_back(option(hand, discard, seen));
    }
    if (second_step && !options.empty()) {
      const int lowest = std::min_element(options.begin(), options.end(), better)->shanten;
      TriedHands tried;
      for (AdvisedOption& option : options) {
        if (option.shanten != lowest || option.shanten <= 0) continue;
        const Discard discard{option.discard, option.discard_joker, option.discard_red};
        option.second_step = second_step_of(after_discard(hand, discard), seen_after(seen, discard),
                                            option, discard, tried);
      }
    }
    std::sort(options.begin(), options.end(), better);
    return options;
  }

  /// Every draw of a hand of 3n+1 tiles that some copy is left of, each with its best discard.
  [[nodiscard]] std::vector<AdvisedOption> draws(const Hand& hand, const TileCounts& seen) const {
    const RuleSet& rules = queries_.rules();
    const TileCounts held = hand.held_counts();
    std::vector<AdvisedOption> options;
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      if (rules.tile(t).bonus && (hand.wild_tiles & tile_bit(t)) == 0) continue;
      const int left = rules.tile(t).copies - held[t] - seen[t];
      if (left <= 0) continue;
      Hand drawn = hand;
      ++drawn.counts[t];
      std::vector<AdvisedOption> after = discards(drawn, seen, false);
      if (after.empty()) continue;
      AdvisedOption best = std::move(after.front());
      best.draw = t;
      best.draw_left = left;
      options.push_back(std::move(best));
    }
    std::sort(options.begin(), options.end(), better);
    return options;
  }

 private:
  [[nodiscard]] AdvisedOption option(const Hand& hand, const Discard& discard,
                                     const TileCounts& seen) const {
    AdvisedOption out;
    out.discard = discard.tile;
    out.discard_joker = discard.joker;
    out.discard_red = discard.red;
    const Hand left = after_discard(hand, discard);
    const TileCounts seen_now = seen_after(seen, discard);
    ShantenResult shanten = queries_.shanten(left);
    out.shanten = shanten.shanten;
    out.by_form = std::move(shanten.by_form);
    out.improving = queries_.improving(left, seen_now);
    out.improving_count = copies_left(out.improving);
    if (out.shanten == 0) add_waits(left, seen_now, out);
    return out;
  }

  void add_waits(const Hand& left, const TileCounts& seen, AdvisedOption& out) const {
    const Waits waits = queries_.waits(left, seen);
    out.waits.emplace();
    if (waits.wildcards_exist) out.wildcard_completes = waits.wildcard_completes;
    if (scorer_ != nullptr) out.wait_value = 0;
    for (const WaitTile& tile : waits.tiles) {
      AdvisedWait wait;
      wait.tile = tile.tile;
      wait.left = tile.remaining;
      if (scorer_ != nullptr) {
        score_wait(left, situation_, *scorer_, wait);
        *out.wait_value += static_cast<std::int64_t>(wait.left) * wait.ron.value_or(0);
      }
      out.waits->push_back(std::move(wait));
    }
  }

  /// The improving tiles after each improving draw and the best discard after it, weighted by the
  /// draws' copies left; 0 when no improving tile has a copy left. `first_discard` made `left`;
  /// `tried` holds the hands already priced: the hand less d and e plus t is the hand less e and
  /// d plus t, so of two lowest discards each meets the other's.
  [[nodiscard]] double second_step_of(const Hand& left, const TileCounts& seen,
                                      const AdvisedOption& first, const Discard& first_discard,
                                      TriedHands& tried) const {
    long weighted = 0;
    long draws = 0;
    for (const Improvement& draw : first.improving) {
      if (draw.remaining <= 0) continue;
      Hand drawn = left;
      ++drawn.counts[draw.tile];
      // The hands left by a discard that keeps the shanten are found in one pass; only they
      // are asked for their improving tiles.
      const std::array<int, kMaxTileKinds>* left_by = queries_.discard_shanten(drawn);
      int best = 0;
      for (const Discard& discard : discards_of(queries_.rules(), drawn, false)) {
        const bool natural = !discard.joker && (drawn.wild_tiles & tile_bit(discard.tile)) == 0;
        if (left_by != nullptr && natural && (*left_by)[discard.tile] >= first.shanten) continue;
        const std::optional<std::uint32_t> key = tried_key(draw.tile, first_discard, discard);
        if (key.has_value()) {
          if (const auto known = tried.find(*key); known != tried.end()) {
            if (known->second.shanten < first.shanten) best = std::max(best, known->second.gain);
            continue;
          }
        }
        const ShantenAndGain next =
            queries_.shanten_and_gain(after_discard(drawn, discard), seen_after(seen, discard));
        if (key.has_value()) tried.emplace(*key, next);
        if (next.shanten < first.shanten) best = std::max(best, next.gain);
      }
      weighted += static_cast<long>(draw.remaining) * best;
      draws += draw.remaining;
    }
    return draws == 0 ? 0.0 : static_cast<double>(weighted) / static_cast<double>(draws);
  }

  const AdviceQueries& queries_;
  const WinContext& situation_;
  Scorer* scorer_;
};

/// The visible tiles and the hand's together within each tile's copies: advice prices copies
/// left, and a fifth copy seen is a mistake in the input, not a count to stop at 0.
void check_visible(const RuleSet& rules, const Hand& hand, const TileCounts& seen) {
  const TileCounts held = hand.held_counts();
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    const int total = held[t] + seen[t];
    if (seen[t] > 0 && total > rules.tile(t).copies) {
      throw AnalysisError("visible tiles: " + std::to_string(seen[t]) + " of " +
                          rules.tile(t).code + " seen and " + std::to_string(held[t]) +
                          " held make " + std::to_string(total) + "; the set has " +
                          std::to_string(rules.tile(t).copies));
    }
  }
}

}  // namespace

AdviseAnswer answer_advise(const HandAnalysis& analysis, AnswerWorkspace& workspace,
                           const AnswerOptions& options) {
  const RuleSet& rules = analysis.rules();
  const Hand hand = without_winning_mark(analysis.hand());
  const int size = hand.size(rules);
  if (size % 3 == 0) {
    throw AnalysisError("hand holds " + std::to_string(size) +
                        " tiles; advise needs 3n+2 tiles (a discard to choose) or 3n+1 (a draw)");
  }
  const AdviceQueries queries(rules, options);
  check_visible(rules, hand, queries.seen());
  Scorer* scorer =
      scoring_rules(rules) != nullptr ? &workspace.scorer(options.table_use()) : nullptr;
  const Advisor advisor(queries, analysis.win_context(), scorer);
  AdviseAnswer answer;
  answer.shanten = queries.shanten(hand).shanten;
  answer.by_draw = size % 3 == 1;
  answer.options = answer.by_draw ? advisor.draws(hand, queries.seen())
                                  : advisor.discards(hand, queries.seen(), options.second_step);
  return answer;
}

}  // namespace meldgraph
