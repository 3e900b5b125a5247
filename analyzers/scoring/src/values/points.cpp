/// Base points, limits and payments (points.hpp). docs/scoring.md, "`points`" and
/// "`payments`".

#include "values/points.hpp"

#include "values/fu.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace meldgraph::detail {

int yakuman_of(const PointsRules& points, const PatternHit& hit) {
  if (hit.yakuman == 0) return 0;
  return (points.double_yakuman ? hit.yakuman : 1) * hit.times;
}

namespace {

// Base points: a limit pattern's, or the formula's capped by the limits table.
/// Prefixes of a limit pattern's limit name by multiplicity (double_yakuman).
constexpr std::array<std::string_view, 4> kMultiples = {"", "", "double_", "triple_"};

/// The formula's start: the last row of `starts` one of whose patterns counted, else `start`.
std::int64_t start_of(const PointsRules& points, std::span<const PatternHit> hits) {
  std::int64_t start = points.start;
  for (const StartRule& row : points.starts) {
    const bool counted = std::any_of(hits.begin(), hits.end(), [&](const PatternHit& hit) {
      return std::find(row.patterns.begin(), row.patterns.end(), hit.pattern) != row.patterns.end();
    });
    if (counted) start = row.start;
  }
  return start;
}

std::int64_t formula_base(const PointsRules& points, std::int64_t start, std::int32_t units,
                          std::int32_t fu) {
  // Past 40 units every doubling or table has hit its top limit; the cap keeps the shift
  // defined. `units` (MCR: a point a fan) takes the units whole: a hand reaches 300 fan.
  const std::int32_t u = std::clamp(units, 0, 40);
  switch (points.formula) {
    case BaseFormula::none:
      return 0;
    case BaseFormula::fu_doubling:
      return std::int64_t{fu} << (2 + std::min(u, 20));
    case BaseFormula::doubling:
      return start << std::min(u, 20);
    case BaseFormula::linear:
      return start + points.per_unit * u;
    case BaseFormula::table:
      return points
          .table[std::min<std::size_t>(static_cast<std::size_t>(u), points.table.size() - 1)];
    case BaseFormula::units:
      return std::max(units, 0);
  }
  return 0;
}

void set_limit(ReadingValue& out, std::string_view name) {
  out.limit.assign(name);
}

}  // namespace

void compute_base(const PointsRules& points, ReadingValue& out, std::span<const PatternHit> hits,
                  const BaseScale& scale) {
  out.limit.clear();
  out.counted_limit = false;
  if (out.yakuman == 0 && points.kazoe != 0 && out.units >= points.kazoe &&
      points.yakuman_base != 0) {
    out.yakuman = 1;
    out.counted_limit = true;
    out.base = points.yakuman_base;
    out.limit = "kazoe_" + points.yakuman_name;
    return;
  }
  if (out.yakuman != 0) {
    out.base = points.yakuman_base * out.yakuman;
    out.limit.assign(out.yakuman < kMultiples.size() ? kMultiples[out.yakuman] : "");
    out.limit += points.yakuman_name;
    return;
  }
  out.base =
      formula_base(points, start_of(points, hits), out.units, out.fu) * scale.factor + scale.bonus;
  const LimitRow* reached = nullptr;
  for (const LimitRow& row : points.limits) {
    if (out.units >= row.units || (row.base_at != 0 && out.base >= row.base_at)) reached = &row;
  }
  if (reached == nullptr && points.round_up_from != 0 && !points.limits.empty() &&
      out.base >= points.round_up_from) {
    reached = &points.limits.front();
  }
  if (reached != nullptr) {
    out.base = reached->base;
    set_limit(out, reached->name);
  }
}

const FloorRule* floor_of(const PointsRules& points, std::span<const PatternHit> hits) {
  for (const FloorRule& floor : points.floors) {
    if (any_hit(hits, floor.patterns)) return &floor;
  }
  return nullptr;
}

void apply_floor(const PointsRules& points, const FloorRule& floor, bool own_win,
                 ReadingValue& out) {
  if (own_win && out.yakuman != 0 && !out.counted_limit) return;
  const LimitRow& row = points.limits[floor.limit];
  if (own_win && out.base >= row.base) return;
  out.yakuman = 0;
  out.counted_limit = false;
  out.base = row.base;
  set_limit(out, row.name);
}

namespace {

// Payments by seat wind.
std::int64_t round_up(std::int64_t value, std::int64_t step) {
  return (value + step - 1) / step * step;
}

/// The seat of the player `source` names, relative to `winner` among `players` seats (left: the
/// previous in turn order, so winner S's left is E; under three players no one sits across).
int seat_of(int winner, MeldSource source, int players) {
  switch (source) {
    case MeldSource::left:
      return (winner + players - 1) % players;
    case MeldSource::across:
      return players == 4 ? (winner + 2) % 4 : -1;
    case MeldSource::right:
      return (winner + 1) % players;
    case MeldSource::unknown:
      break;
  }
  return -1;
}

/// The seat liable (pao) for the reading's yakuman, and the base it is liable for; seat -1 when
/// no pao rule applies: the pattern counted, every pung or kong of its tiles is declared, and the
/// declared meld written last of them names its source.
struct Liability {
  int seat = -1;
  std::int64_t base = 0;
};

Liability find_liability(const ValueRules& rules, const ScoreFeatures& features,
                         std::span<const PatternHit> hits, int winner, int players) {
  Liability liability;
  for (const PaoRule& rule : rules.payments.pao) {
    const auto hit = std::find_if(hits.begin(), hits.end(),
                                  [&](const PatternHit& h) { return h.pattern == rule.pattern; });
    if (hit == hits.end()) continue;
    int last = -1;
    bool all_declared = true;
    for (std::size_t i = 0; i < features.group_count; ++i) {
      const GroupFeature& group = features.groups[i];
      if ((group.kind != GroupKind::pung && group.kind != GroupKind::kong) || group.faces == 0 ||
          (group.faces & ~rule.tiles) != 0) {
        continue;
      }
      if (!group.has(kFeatureDeclared) || group.has(kFeatureConcealedKong)) all_declared = false;
      last = static_cast<int>(i);
    }
    if (last < 0 || !all_declared) continue;
    const int seat =
        seat_of(winner, features.groups[static_cast<std::size_t>(last)].source(), players);
    if (seat < 0) continue;
    liability.seat = seat;
    liability.base = rules.points.yakuman_base * yakuman_of(rules.points, *hit);
    return liability;
  }
  return liability;
}

}  // namespace

namespace {

/// The base the dealer pays a non-dealer's win on: the reading's own, or under
/// `payments.dealer_pays_extra` the base of the reading with those units more (limits apply).
std::int64_t dealer_payer_base(const ValueRules& rules, const ReadingValue& reading, int honba) {
  const PaymentRules& pay = rules.payments;
  const std::int32_t extra = pay.dealer_pays_units + pay.dealer_pays_per_honba * honba;
  if (extra == 0) return reading.base;
  ReadingValue more = reading;
  more.units += extra;
  compute_base(rules.points, more);
  return more.base;
}

/// What each payer of a self-draw pays, in multiples of the base counted in `halves`: a dealer's
/// win takes `dealer` from every payer, a non-dealer's `dealer` from the dealer and `other` from
/// each non-dealer. Under fewer than four players the absent (non-dealer) players' shares are
/// lost, or split between the payers (payments.absent_share): halves 2, each payer paying its
/// own share and half the absent one's, rounded once.
struct SelfDrawShares {
  std::int64_t dealer = 0;
  std::int64_t other = 0;
  std::int64_t halves = 1;
};

SelfDrawShares self_draw_shares(const PaymentRules& pay, bool dealer, int players) {
  SelfDrawShares shares;
  shares.dealer = dealer ? pay.self_draw_dealer_wins : pay.self_draw_dealer_pays;
  shares.other = dealer ? pay.self_draw_dealer_wins : pay.self_draw_other_pays;
  if (players == 4 || pay.absent_share == PaymentRules::AbsentShare::lost) return shares;
  // North bisection (北家折半) at three players: one absent non-dealer, two payers.
  const std::int64_t absent = dealer ? pay.self_draw_dealer_wins : pay.self_draw_other_pays;
  shares.halves = 2;
  shares.dealer = 2 * shares.dealer + absent;
  shares.other = 2 * shares.other + absent;
  return shares;
}

}  // namespace

void compute_payments(const ValueRules& rules, const ScoreFeatures& features,
                      std::span<const PatternHit> hits, ReadingValue& out) {
  out.payments.fill(0);
  out.payment_rules = 0;
  out.liable_seat = -1;
  const PaymentRules& pay = rules.payments;
  if (features.win == nullptr) return;
  const WinContext& win = *features.win;
  const int winner = static_cast<int>(win.seat_wind);
  const int players = features.rules != nullptr ? features.rules->players() : 4;
  const bool dealer = win.dealer();
  const std::int64_t step = pay.round_to;
  const Liability liable = find_liability(rules, features, hits, winner, players);
  const std::int64_t own_base = out.base - (liable.seat >= 0 ? liable.base : 0);
  const auto take = [&](int seat, std::int64_t amount) {
    out.payments[static_cast<std::size_t>(seat)] -= amount;
    out.payments[static_cast<std::size_t>(winner)] += amount;
  };
  // From each player but the winner, besides the base.
  const std::int64_t flat = win.win == WinKind::discard ? pay.flat_discard : pay.flat_self_draw;
  if (win.win == WinKind::discard) {
    const int discarder = seat_of(winner, win.from, players);
    const std::int64_t times = dealer ? pay.discard_dealer : pay.discard_other;
    // Everyone pays (discard_others, Hong Kong's 半銃): the two others' shares, each rounded;
    // `flat` (MCR's 8) comes from all three besides.
    const std::int64_t others =
        round_up(out.base * (dealer ? pay.discard_others_dealer : pay.discard_others_other), step) +
        flat;
    const std::int64_t discarder_base =
        !dealer && discarder == 0 ? dealer_payer_base(rules, out, win.honba) : out.base;
    const std::int64_t from_discarder = round_up(discarder_base * times, step) + flat;
    out.points = from_discarder + (players - 2) * others;
    if (discarder < 0) return;  // no discarder given: nothing to place (docs/scoring.md)
    // The discarder pays all unless the others pay a share too, or a liable player half.
    const bool liable_pays = liable.seat >= 0 && liable.seat != discarder;
    if (others != 0) out.payment_rules |= kPaidByEveryone;
    if (others == 0 && !liable_pays) out.payment_rules |= kPaidDiscarderAll;
    if (others != 0) {
      for (int seat = 0; seat < players; ++seat) {
        if (seat != winner && seat != discarder) take(seat, others);
      }
    }
    std::int64_t counters = std::int64_t{pay.honba_discard} * win.honba;
    std::int64_t from_liable = 0;
    if (liable.seat >= 0 && liable.seat != discarder) {
      // The liable player pays half of their yakuman and the counters (docs/scoring.md,
      // "`payments`", pao).
      from_liable = round_up(liable.base * times / 2, step);
      out.payment_rules |= kPaidByLiable;
      out.liable_seat = static_cast<std::int8_t>(liable.seat);
      take(liable.seat, from_liable + counters);
      counters = 0;
    }
    take(discarder, from_discarder - from_liable + counters);
  } else {
    out.points = 0;
    const std::int64_t dealer_base =
        dealer ? own_base : own_base - out.base + dealer_payer_base(rules, out, win.honba);
    const SelfDrawShares shares = self_draw_shares(pay, dealer, players);
    if (players < 4) {
      out.payment_rules |=
          pay.absent_share == PaymentRules::AbsentShare::lost ? kPaidTsumoLoss : kPaidNorthSplit;
    }
    for (int seat = 0; seat < players; ++seat) {
      if (seat == winner) continue;
      const std::int64_t share = round_up((seat == 0 ? dealer_base : own_base) *
                                              (seat == 0 ? shares.dealer : shares.other),
                                          step * shares.halves) /
                                     shares.halves +
                                 flat;
      out.points += share;
      if (liable.seat < 0) {
        take(seat, share + std::int64_t{pay.honba_self_draw} * win.honba);
      } else {
        take(seat, share);
      }
    }
    if (liable.seat >= 0) {
      // The liable player pays their yakuman as if dealt in, and every counter.
      const std::int64_t times = dealer ? pay.discard_dealer : pay.discard_other;
      const std::int64_t full = round_up(liable.base * times, step);
      out.payment_rules |= kPaidByLiable;
      out.liable_seat = static_cast<std::int8_t>(liable.seat);
      out.points += full;
      take(liable.seat, full + std::int64_t{pay.honba_self_draw} * win.honba * (players - 1));
    }
  }
  out.payments[static_cast<std::size_t>(winner)] +=
      std::int64_t{pay.riichi_stick} * win.riichi_sticks;
}

}  // namespace meldgraph::detail
