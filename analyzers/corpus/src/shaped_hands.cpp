/// ShapedHands (shaped_hands.hpp): the shapes made once from the rule set, and each draw; and
/// the check that a situation reads back from its line.

#include "shaped_hands.hpp"

#include <array>
#include <bit>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/support/bits.hpp"

namespace meldgraph::detail {

bool readable(const WinContext& context, const RuleSet& rules) {
  try {
    static_cast<void>(parse_win_context(win_context_to_json(context, rules), rules));
    return true;
  } catch (const Error&) {
    return false;
  }
}

ShapedHands::ShapedHands(const RuleSet& rules, TileMask extra_wild)
    : rules_(rules), extra_wild_(extra_wild) {
  find_families();
  if (rules.wildcards().indicator.enabled && extra_wild == 0) {
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if (rules.can_indicate(t)) indicators_.push_back(t);
    }
  }
  for (const FormSpec& form : rules.forms()) {
    // A form left to the scorer (scored_only, Wuhan's big wins) is one a hand is built in too.
    if (!form.enabled && !form.scored_only) continue;
    if (form.type == FormType::melds && melds_form_ == nullptr) melds_form_ = &form;
    if (form.type == FormType::pairs || form.type == FormType::set ||
        form.type == FormType::knitted || form.type == FormType::singles) {
      other_forms_.push_back(&form);
    }
  }
}

bool ShapedHands::draw(RandomDraws& draws, Hand& hand, WinContext& context,
                       TileId& indicator) const {
  indicator = kNoTile;
  TileMask wild = rules_.fixed_wild_tiles() | extra_wild_;
  if (!indicators_.empty()) {
    indicator = indicators_[draws.below(indicators_.size())];
    wild |= rules_.indicator_wild_tiles(indicator);
  }
  const TileMask family = families_[draws.below(families_.size())];
  Draft draft;
  const FormSpec* form = melds_form_;
  if (!other_forms_.empty() && (form == nullptr || draws.below(4) == 0)) {
    form = other_forms_[draws.below(other_forms_.size())];
  }
  if (form == nullptr) return false;
  bool built = false;
  switch (form->type) {
    case FormType::melds:
      built = build_melds(*form, family, draws, draft, rules_.hand_tiles());
      break;
    case FormType::pairs:
      built = build_pairs(*form, family, draws, draft);
      break;
    case FormType::set:
      built = build_set(*form, draws, draft);
      break;
    case FormType::knitted:
      built = build_knitted(*form, family, draws, draft);
      break;
    default:
      built = build_singles(*form, draws, draft);
      break;
  }
  if (!built) return false;
  add_wildcards(draws, wild, draft);
  try {
    hand = parse_hand(
        format_counts(draft.concealed, rules_) + std::string(draft.jokers, '*') + draft.melds,
        rules_, wild & ~rules_.fixed_wild_tiles());
  } catch (const Error&) {
    return false;
  }
  context = situation(draws, hand);
  return hand.winning != kNoTile;
}

bool ShapedHands::natural(TileId t) const {
  return t < rules_.meldable_count() && (rules_.forbidden_tiles() & tile_bit(t)) == 0 &&
         !rules_.tile(t).bonus;
}

bool ShapedHands::sequence_suit(TileId t) const {
  return rules_.suits()[rules_.tile(t).suit].sequences;
}

bool ShapedHands::place(Draft& draft, TileId t, int count, bool concealed) const {
  if (!natural(t) || draft.used[t] + count > rules_.tile(t).copies) return false;
  draft.used[t] = static_cast<std::uint8_t>(draft.used[t] + count);
  if (concealed) draft.concealed[t] = static_cast<std::uint8_t>(draft.concealed[t] + count);
  return true;
}

void ShapedHands::find_families() {
  TileMask all = 0;
  TileMask honours = 0;
  TileMask terminals = 0;
  std::vector<TileMask> suits(rules_.suits().size(), 0);
  std::array<TileMask, 10> by_rank{};
  for (TileId t = 0; t < rules_.meldable_count(); ++t) {
    if (!natural(t)) continue;
    const TileInfo& info = rules_.tile(t);
    all |= tile_bit(t);
    suits[info.suit] |= tile_bit(t);
    if (!sequence_suit(t)) {
      honours |= tile_bit(t);
      continue;
    }
    if (info.rank < by_rank.size()) by_rank[info.rank] |= tile_bit(t);
    if (info.previous == kNoTile || info.next == kNoTile) terminals |= tile_bit(t);
  }
  families_ = {all, all, all, honours, terminals | honours, terminals, all & ~terminals & ~honours};
  for (std::size_t s = 0; s < suits.size(); ++s) {
    if (suits[s] == 0 || (suits[s] & honours) != 0) continue;
    families_.push_back(suits[s]);
    families_.push_back(suits[s] | honours);
  }
  for (std::size_t r = 1; r + 2 < by_rank.size(); ++r) {
    families_.push_back(by_rank[r] | by_rank[r + 1] | by_rank[r + 2]);
    families_.push_back(by_rank[r] | honours);
  }
  std::erase(families_, TileMask{0});
}

bool ShapedHands::build_melds(const FormSpec& form, TileMask family, RandomDraws& draws,
                              Draft& draft, int size) const {
  const int meld_count = (size - 2 * form.pairs) / 3;
  if (meld_count < 0) return false;
  static constexpr std::array<double, 3> kPungShare = {0.0, 0.5, 1.0};
  static constexpr std::array<double, 4> kDeclaredShare = {0.0, 0.0, 0.3, 0.7};
  const double pungs = kPungShare[draws.below(kPungShare.size())];
  const double declared = kDeclaredShare[draws.below(kDeclaredShare.size())];
  for (int attempt = 0; attempt < kFitAttempts; ++attempt) {
    Draft trial;
    bool fits = true;
    for (int m = 0; m < meld_count && fits; ++m) {
      fits = add_meld(family, pungs, declared, draws, trial);
    }
    for (int p = 0; p < form.pairs && fits; ++p) {
      const TileId t =
          pick(family & (form.pair_tiles == 0 ? ~TileMask{0} : form.pair_tiles), draws);
      fits = t != kNoTile && place(trial, t, 2, true);
    }
    if (fits) {
      draft = trial;
      return true;
    }
  }
  return false;
}

bool ShapedHands::add_meld(TileMask family, double pungs, double declared, RandomDraws& draws,
                           Draft& draft) const {
  const bool chow = !draws.chance(pungs);
  const bool declare = draws.chance(declared);
  if (chow) {
    const TileId low = pick(chow_starts(family), draws);
    if (low != kNoTile) {
      const TileId middle = rules_.tile(low).next;
      const TileId high = rules_.tile(middle).next;
      const bool exposed = declare && rules_.calls().chows;
      if (!place(draft, low, 1, !exposed) || !place(draft, middle, 1, !exposed) ||
          !place(draft, high, 1, !exposed)) {
        return false;
      }
      if (exposed) draft.melds += meld_text({low, middle, high}, '-', 0);
      return true;
    }
  }
  const TileId t = pick(family, draws);
  if (t == kNoTile) return false;
  if (!declare) return place(draft, t, 3, true);
  const int kind = static_cast<int>(draws.below(3));  // exposed pung, exposed kong, concealed
  const int copies = kind == 0 ? 3 : 4;
  if (!place(draft, t, copies, false)) return false;
  if (kind == 2) {
    draft.melds += '(' + std::string(4, rank_digit(t)) + rules_.tile(t).letter + ')';
  } else {
    draft.melds += meld_text(std::vector<TileId>(static_cast<std::size_t>(copies), t),
                             source_marker(draws), static_cast<int>(draws.below(3)));
  }
  return true;
}

bool ShapedHands::build_pairs(const FormSpec& form, TileMask family, RandomDraws& draws,
                              Draft& draft) const {
  const int pairs = form.hand_tiles > 0 ? (form.hand_tiles - 3 * form.pungs) / 2 : form.pairs;
  for (int attempt = 0; attempt < kFitAttempts; ++attempt) {
    Draft trial;
    TileMask left = std::popcount(family) >= pairs ? family : families_.front();
    bool fits = true;
    for (int p = 0; p < pairs && fits; ++p) {
      const TileId t = pick(left, draws);
      fits = t != kNoTile && place(trial, t, 2, true);
      if (fits) left &= ~tile_bit(t);
    }
    for (int p = 0; p < form.pungs && fits; ++p) {
      const TileId t = pick(left, draws);
      fits = t != kNoTile && place(trial, t, 3, true);
    }
    if (fits) {
      draft = trial;
      return true;
    }
  }
  return false;
}

bool ShapedHands::build_set(const FormSpec& form, RandomDraws& draws, Draft& draft) const {
  if (form.set_tiles.empty()) return false;
  for (const TileId t : form.set_tiles) {
    if (!place(draft, t, 1, true)) return false;
  }
  return place(draft, form.set_tiles[draws.below(form.set_tiles.size())], 1, true);
}

bool ShapedHands::build_knitted(const FormSpec& form, TileMask family, RandomDraws& draws,
                                Draft& draft) const {
  Draft knit;
  if (!place_knitted(draws, knit, 9)) return false;
  Draft rest;
  if (!build_melds(form, family, draws, rest, rules_.hand_tiles() - 9)) return false;
  for (TileId t = 0; t < rules_.meldable_count(); ++t) {
    if (knit.used[t] + rest.used[t] > rules_.tile(t).copies) return false;
    knit.concealed[t] = static_cast<std::uint8_t>(knit.concealed[t] + rest.concealed[t]);
    knit.used[t] = static_cast<std::uint8_t>(knit.used[t] + rest.used[t]);
  }
  knit.melds = rest.melds;
  draft = knit;
  return true;
}

bool ShapedHands::build_singles(const FormSpec& form, RandomDraws& draws, Draft& draft) const {
  const int size = rules_.hand_tiles();
  const int singles_held = std::popcount(form.single_tiles);
  const int least = std::max(size - 9, 0);
  const int most = std::min(singles_held, size);
  if (least > most) return false;
  const int singles =
      least + static_cast<int>(draws.below(static_cast<std::uint64_t>(most - least + 1)));
  Draft trial;
  if (!place_knitted(draws, trial, size - singles)) return false;
  TileMask left = form.single_tiles;
  for (int i = 0; i < singles; ++i) {
    const TileId t = pick(left, draws);
    if (t == kNoTile || !place(trial, t, 1, true)) return false;
    left &= ~tile_bit(t);
  }
  draft = trial;
  return true;
}

bool ShapedHands::place_knitted(RandomDraws& draws, Draft& draft, int count) const {
  std::vector<int> suits;
  for (std::size_t s = 0; s < rules_.suits().size(); ++s) {
    const SuitInfo& suit = rules_.suits()[s];
    if (suit.sequences && !suit.bonus) suits.push_back(static_cast<int>(s));
  }
  if (suits.size() < 3) return false;
  draws.sample_front(suits.begin(), suits.end(), 3);
  std::vector<TileId> tiles;
  for (int k = 0; k < 3; ++k) {
    const char letter = rules_.suits()[static_cast<std::size_t>(suits[k])].letter;
    for (int rank = 1 + k; rank <= 9; rank += 3) tiles.push_back(rules_.find_tile(letter, rank));
  }
  draws.sample_front(tiles.begin(), tiles.end(), tiles.size());
  for (int i = 0; i < count && i < static_cast<int>(tiles.size()); ++i) {
    if (tiles[i] == kNoTile || !place(draft, tiles[i], 1, true)) return false;
  }
  return true;
}

void ShapedHands::add_wildcards(RandomDraws& draws, TileMask wild, Draft& draft) const {
  int jokers_left = rules_.wildcards().jokers;
  // Wild kinds may be bonus tiles (guangdong_flowers' flower ghosts): every kind is looked at.
  int wild_copies = 0;
  for (TileId t = 0; t < rules_.tile_count(); ++t) {
    if ((wild & tile_bit(t)) != 0) wild_copies += rules_.tile(t).copies - draft.used[t];
  }
  const int available = std::min(jokers_left + wild_copies, 4);
  if (available == 0 || !draws.chance(0.5)) return;
  const int wanted = 1 + static_cast<int>(draws.below(static_cast<std::uint64_t>(available)));
  for (int k = 0; k < wanted; ++k) {
    TileMask replaceable = 0;
    TileMask wild_left = 0;
    for (TileId t = 0; t < rules_.tile_count(); ++t) {
      if (t < rules_.meldable_count() && draft.concealed[t] > 0 && (wild & tile_bit(t)) == 0) {
        replaceable |= tile_bit(t);
      }
      if ((wild & tile_bit(t)) != 0 && draft.used[t] < rules_.tile(t).copies) {
        wild_left |= tile_bit(t);
      }
    }
    const TileId out = pick(replaceable, draws);
    if (out == kNoTile) return;
    const bool joker = jokers_left > 0 && (wild_left == 0 || draws.chance(0.5));
    const TileId in = joker ? kNoTile : pick_any(wild_left, draws);
    if (!joker && in == kNoTile) return;
    --draft.concealed[out];
    --draft.used[out];
    if (joker) {
      ++draft.jokers;
      --jokers_left;
    } else {
      ++draft.concealed[in];
      ++draft.used[in];
    }
  }
}

WinContext ShapedHands::situation(RandomDraws& draws, Hand& hand) const {
  const WinContext plain = random_win_context(rules_, hand, draws);
  if (!draws.chance(0.6)) return plain;
  WinContext context = plain;
  for (bool WinContext::*flag :
       {&WinContext::after_kong, &WinContext::robbing_kong, &WinContext::last_tile,
        &WinContext::first_draw, &WinContext::last_of_kind, &WinContext::double_riichi,
        &WinContext::after_kong_discard, &WinContext::robbing_gold}) {
    if (draws.chance(0.2)) context.*flag = true;
  }
  if (context.robbing_kong || context.after_kong_discard) {
    context.win = WinKind::discard;
    if (context.from == MeldSource::unknown) context.from = MeldSource::left;
  }
  if (context.after_kong || context.robbing_gold) {
    context.win = WinKind::self_draw;
    context.from = MeldSource::unknown;
  }
  if (context.double_riichi) context.riichi = true;
  add_flowers(draws, context);
  const TileId plain_winning = hand.winning;
  if (context.robbing_gold) {
    // The tile robbed is the turned-up gold: the winning tile is one of the hand's wild tiles.
    for (TileId t = 0; t < rules_.tile_count(); ++t) {
      if ((hand.wild_tiles & tile_bit(t)) != 0 && hand.counts[t] > 0) {
        hand.winning = t;
        break;
      }
    }
  }
  try {
    check_win_context(context, hand, rules_);
    return context;
  } catch (const Error&) {
    hand.winning = plain_winning;
    return plain;
  }
}

void ShapedHands::add_flowers(RandomDraws& draws, WinContext& context) const {
  std::vector<TileId> bonus;
  for (TileId t = 0; t < rules_.tile_count(); ++t) {
    if (!rules_.tile(t).bonus) continue;
    for (int c = 0; c < rules_.tile(t).copies; ++c) bonus.push_back(t);
  }
  if (bonus.empty()) return;
  const auto count = static_cast<std::size_t>(draws.below(bonus.size() + 1));
  draws.sample_front(bonus.begin(), bonus.end(), count);
  bonus.resize(count);
  std::sort(bonus.begin(), bonus.end());
  context.flower_tiles = bonus;
  context.flower_count = static_cast<std::uint8_t>(count);
}

TileMask ShapedHands::chow_starts(TileMask family) const {
  TileMask starts = 0;
  for (TileId t = 0; t < rules_.meldable_count(); ++t) {
    if ((family & tile_bit(t)) == 0 || !sequence_suit(t)) continue;
    const TileId middle = rules_.tile(t).next;
    if (middle == kNoTile || (family & tile_bit(middle)) == 0) continue;
    const TileId high = rules_.tile(middle).next;
    if (high != kNoTile && (family & tile_bit(high)) != 0) starts |= tile_bit(t);
  }
  return starts;
}

TileId ShapedHands::pick(TileMask mask, RandomDraws& draws) const {
  TileId chosen[kMaxTileKinds];
  std::size_t count = 0;
  for (TileId t = 0; t < rules_.meldable_count(); ++t) {
    if ((mask & tile_bit(t)) != 0 && natural(t)) chosen[count++] = t;
  }
  return count == 0 ? kNoTile : chosen[draws.below(count)];
}

TileId ShapedHands::pick_any(TileMask mask, RandomDraws& draws) {
  const int count = std::popcount(mask);
  if (count == 0) return kNoTile;
  auto left = static_cast<int>(draws.below(static_cast<std::uint64_t>(count)));
  for (const int t : set_bits(mask)) {
    if (left-- == 0) return static_cast<TileId>(t);
  }
  return kNoTile;
}

char ShapedHands::rank_digit(TileId t) const {
  return static_cast<char>('0' + rules_.tile(t).rank);
}

char ShapedHands::source_marker(RandomDraws& draws) const {
  static constexpr std::array<char, 3> kMarkers = {'-', '+', '='};
  return kMarkers[draws.below(rules_.players() >= 4 ? 3 : 2)];
}

std::string ShapedHands::meld_text(const std::vector<TileId>& tiles, char marker,
                                   int claimed) const {
  std::string text = "[";
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    text += rank_digit(tiles[i]);
    if (static_cast<int>(i) == claimed) text += marker;
  }
  text += rules_.tile(tiles.front()).letter;
  text += ']';
  return text;
}

}  // namespace meldgraph::detail
