#include "meldgraph/corpus/random_hands.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "meldgraph/model/error.hpp"

namespace meldgraph {
namespace {

/// Attempts at drawing a complete hand before giving up: a draw fails only when the copies run
/// out, which with four copies of each tile and at most five melds is rare, so this bound is only
/// ever reached by rule sets that cannot make the hand at all.
constexpr int kCompleteAttempts = 1000;

/// The first enabled standard-like form: melds plus pairs.
const FormSpec* melds_form(const RuleSet& rules) {
  for (const FormSpec& form : rules.forms()) {
    if (form.enabled && form.type == FormType::melds) return &form;
  }
  return nullptr;
}

/// A meld the complete-hand builder may draw: three tiles, a pung or a chow.
struct MeldChoice {
  std::array<TileId, 3> tiles{};
};

}  // namespace

RandomHands::RandomHands(const RuleSet& rules, std::uint64_t seed, TileMask extra_wild)
    : rules_(&rules), draws_(seed), wild_(rules.fixed_wild_tiles() | extra_wild) {
  build_wall();
}

void RandomHands::choose_wild(TileMask extra_wild) {
  wild_ = rules_->fixed_wild_tiles() | extra_wild;
  build_wall();
}

TileId RandomHands::turn_indicator() {
  for (std::size_t i = wall_drawn_; i < wall_.size(); ++i) {
    std::swap(wall_[i], wall_[i + static_cast<std::size_t>(below(wall_.size() - i))]);
    const WallTile& turned = wall_[i];
    if (!turned.joker && !turned.bonus && rules_->can_indicate(turned.tile)) {
      wall_drawn_ = i + 1;
      return turned.tile;
    }
  }
  wall_drawn_ = wall_.size();
  return kNoTile;
}

TileId RandomHands::draw_indicator() {
  std::vector<TileId> tiles;
  for (const WallTile& tile : wall_) {
    if (!tile.joker && !tile.bonus && rules_->can_indicate(tile.tile)) tiles.push_back(tile.tile);
  }
  // The wall's order is the order build_wall() or dealt() left it in: sorted for a fixed choice.
  std::sort(tiles.begin(), tiles.end());
  if (tiles.empty()) return kNoTile;
  return tiles[static_cast<std::size_t>(below(tiles.size()))];
}

void RandomHands::build_wall() {
  const RuleSet& rules = *rules_;
  wildcards_.clear();
  naturals_.clear();
  wall_.clear();
  wall_drawn_ = 0;
  for (std::uint32_t j = 0; j < rules.wildcards().jokers; ++j) {
    wildcards_.push_back({true, kNoTile});
  }
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    const TileInfo& info = rules.tile(t);
    const bool wild = (wild_ & tile_bit(t)) != 0;
    for (int c = 0; c < info.copies; ++c) {
      if (wild) {
        wildcards_.push_back({false, t});
        wall_.push_back({t, false, false});
      } else if (t < rules.meldable_count()) {
        naturals_.push_back(t);
        wall_.push_back({t, false, false});
      } else if (info.bonus) {
        wall_.push_back({t, false, true});
      }
    }
  }
  for (std::uint32_t j = 0; j < rules.wildcards().jokers; ++j) wall_.push_back({kNoTile, true});
}

TileMask RandomHands::stand_in_mask(const Wildcard& wildcard) const {
  const WildcardRules& wild = rules_->wildcards();
  if (!wild.restricted) return ~TileMask{0};
  return wildcard.joker ? wild.joker_stand_ins : wild.tile_stand_ins[wildcard.tile];
}

void RandomHands::add_wildcards(Hand& hand, int count) {
  const std::size_t n = std::min(wildcards_.size(), static_cast<std::size_t>(std::max(count, 0)));
  sample_front(wildcards_, n);
  for (std::size_t i = 0; i < n; ++i) {
    if (wildcards_[i].joker) {
      ++hand.jokers;
    } else {
      ++hand.counts[wildcards_[i].tile];
    }
  }
}

void RandomHands::draw_red_fives(Hand& hand) {
  hand.red = {};
  for (TileId t = 0; t < rules_->tile_count(); ++t) {
    const TileInfo& info = rules_->tile(t);
    const int reds = rules_->suits()[info.suit].red_fives;
    if (info.rank != 5 || reds == 0 || info.bonus) continue;
    // Draws the hand's copies one by one from the set's: a hypergeometric count of red ones.
    int red_left = reds;
    int copies_left = info.copies;
    for (int k = 0; k < hand.counts[t]; ++k) {
      if (below(static_cast<std::uint64_t>(copies_left)) < static_cast<std::uint64_t>(red_left)) {
        ++hand.red[t];
        --red_left;
      }
      --copies_left;
    }
  }
}

Hand RandomHands::random(int size, int max_wildcards) {
  if (size < 1 || size > rules_->hand_tiles()) {
    throw Error("random hand of " + std::to_string(size) + " tiles: rule set '" + rules_->name() +
                "' allows 1 to " + std::to_string(rules_->hand_tiles()));
  }
  const auto usize = static_cast<std::size_t>(size);
  const std::size_t most_wild =
      std::min({wildcards_.size(), usize, static_cast<std::size_t>(std::max(max_wildcards, 0))});
  // The naturals must fill what the wildcards leave; tiny custom sets may force more wildcards.
  const std::size_t least_wild = usize > naturals_.size() ? usize - naturals_.size() : 0;
  if (least_wild > most_wild) {
    throw Error("rule set '" + rules_->name() + "' holds too few tiles for a hand of " +
                std::to_string(size));
  }
  const std::size_t wild_count =
      least_wild + static_cast<std::size_t>(below(most_wild - least_wild + 1));
  Hand hand;
  hand.wild_tiles = wild_;
  sample_front(naturals_, usize - wild_count);
  for (std::size_t i = 0; i < usize - wild_count; ++i) ++hand.counts[naturals_[i]];
  add_wildcards(hand, static_cast<int>(wild_count));
  draw_red_fives(hand);
  return hand;
}

Hand RandomHands::dealt(int size, std::vector<TileId>& bonus) {
  if (size < 1 || size > rules_->hand_tiles()) {
    throw Error("dealt hand of " + std::to_string(size) + " tiles: rule set '" + rules_->name() +
                "' allows 1 to " + std::to_string(rules_->hand_tiles()));
  }
  Hand hand;
  hand.wild_tiles = wild_;
  // A partial Fisher-Yates shuffle of the wall, stopped once the hand is full: the tiles drawn
  // are a uniform sequence without replacement, whatever order the wall was left in.
  int held = 0;
  for (std::size_t i = 0; held < size; ++i) {
    if (i == wall_.size()) {
      throw Error("rule set '" + rules_->name() + "' holds too few tiles for a hand of " +
                  std::to_string(size));
    }
    std::swap(wall_[i], wall_[i + static_cast<std::size_t>(below(wall_.size() - i))]);
    const WallTile& drawn = wall_[i];
    wall_drawn_ = i + 1;
    if (drawn.bonus) {
      bonus.push_back(drawn.tile);
      continue;
    }
    if (drawn.joker) {
      ++hand.jokers;
    } else {
      ++hand.counts[drawn.tile];
    }
    ++held;
  }
  draw_red_fives(hand);
  return hand;
}

/// The melds and pairs complete() draws from: every pung, chow and pair of tiles a complete
/// hand may hold.
struct RandomHands::CompleteChoices {
  std::vector<MeldChoice> pungs;
  std::vector<MeldChoice> chows;
  std::vector<TileId> pairs;
};

Hand RandomHands::complete(int size, int max_wildcards) {
  const FormSpec& form = complete_form(size);
  const int meld_count = (size - 2 * form.pairs) / 3;
  const CompleteChoices choices = complete_choices(form, meld_count, draw_lacking_suits());
  const std::vector<TileId> tiles = draw_complete_tiles(choices, form, meld_count, size);
  Hand hand = with_wildcards(tiles, form, meld_count, max_wildcards);
  draw_red_fives(hand);
  return hand;
}

const FormSpec& RandomHands::complete_form(int size) const {
  const RuleSet& rules = *rules_;
  const FormSpec* form = melds_form(rules);
  if (form == nullptr) {
    throw Error("rule set '" + rules.name() + "' has no enabled melds form to build hands in");
  }
  const int pair_tiles = 2 * form->pairs;
  if (size < pair_tiles || size > rules.hand_tiles() || (size - pair_tiles) % 3 != 0) {
    throw Error("no complete hand of " + std::to_string(size) + " tiles in form '" + form->name +
                "' of rule set '" + rules.name() + "'");
  }
  return *form;
}

std::uint64_t RandomHands::draw_lacking_suits() {
  std::vector<int> sequence_suits;
  for (std::size_t s = 0; s < rules_->suits().size(); ++s) {
    if (rules_->suits()[s].sequences && !rules_->suits()[s].bonus) {
      sequence_suits.push_back(static_cast<int>(s));
    }
  }
  const std::size_t lacking =
      std::min(sequence_suits.size(), static_cast<std::size_t>(rules_->missing_suits()));
  sample_front(sequence_suits, lacking);
  std::uint64_t lacking_suits = 0;
  for (std::size_t i = 0; i < lacking; ++i) lacking_suits |= std::uint64_t{1} << sequence_suits[i];
  return lacking_suits;
}

RandomHands::CompleteChoices RandomHands::complete_choices(const FormSpec& form, int meld_count,
                                                           std::uint64_t lacking_suits) const {
  const RuleSet& rules = *rules_;
  // Natural tiles never include a wild kind (every copy of a wild kind is a wildcard in the hand)
  // nor a forbidden tile (hand.forbidden_tiles).
  const auto usable = [&](TileId t) {
    return t != kNoTile && t < rules.meldable_count() && (wild_ & tile_bit(t)) == 0 &&
           (rules.forbidden_tiles() & tile_bit(t)) == 0 &&
           ((lacking_suits >> rules.tile(t).suit) & 1U) == 0;
  };
  CompleteChoices choices;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if (!usable(t)) continue;
    const TileInfo& info = rules.tile(t);
    if (info.copies >= 3) choices.pungs.push_back({{t, t, t}});
    if (info.copies >= 2 && (form.pair_tiles == 0 || (form.pair_tiles & tile_bit(t)) != 0)) {
      choices.pairs.push_back(t);
    }
    const TileId second = info.next;
    if (rules.suits()[info.suit].sequences && usable(second) && usable(rules.tile(second).next)) {
      choices.chows.push_back({{t, second, rules.tile(second).next}});
    }
  }
  if ((meld_count > 0 && choices.pungs.empty() && choices.chows.empty()) ||
      (form.pairs > 0 && choices.pairs.empty())) {
    throw Error("rule set '" + rules.name() + "' has no tiles to build a complete hand from");
  }
  return choices;
}

std::vector<TileId> RandomHands::draw_complete_tiles(const CompleteChoices& choices,
                                                     const FormSpec& form, int meld_count,
                                                     int size) {
  // Draws melds and pairs until they fit within the copies. Pungs and chows are drawn equally
  // often so that hands look like play rather than like the catalogue (which holds more pungs).
  const RuleSet& rules = *rules_;
  std::vector<TileId> tiles;  // the melds' tiles, then the pairs'
  for (int attempt = 0; attempt < kCompleteAttempts; ++attempt) {
    TileCounts used{};
    tiles.clear();
    bool drawn = true;
    for (int m = 0; m < meld_count && drawn; ++m) {
      const bool chow = !choices.chows.empty() && (choices.pungs.empty() || below(2) == 0);
      const std::vector<MeldChoice>& melds = chow ? choices.chows : choices.pungs;
      const MeldChoice& meld = melds[below(melds.size())];
      for (const TileId t : meld.tiles) {
        if (++used[t] > rules.tile(t).copies) drawn = false;
        tiles.push_back(t);
      }
    }
    for (int p = 0; p < form.pairs && drawn; ++p) {
      const TileId t = choices.pairs[below(choices.pairs.size())];
      used[t] = static_cast<std::uint8_t>(used[t] + 2);
      if (used[t] > rules.tile(t).copies) drawn = false;
      tiles.push_back(t);
      tiles.push_back(t);
    }
    if (drawn) return tiles;
  }
  throw Error("rule set '" + rules.name() + "': no complete hand of " + std::to_string(size) +
              " tiles found within the copies");
}

Hand RandomHands::with_wildcards(const std::vector<TileId>& tiles, const FormSpec& form,
                                 int meld_count, int max_wildcards) {
  // Wildcards replace tiles chosen at random, within what the form and the rules allow: the
  // wildcards are drawn first, then each takes the first free tile, in a random order, that it
  // may stand for (restricted stand-ins) and that the form lets be a wildcard (its pairs). A
  // wildcard that finds no such tile is put back, so a hand may hold fewer than drawn.
  std::size_t wild_count =
      form.wildcards ? static_cast<std::size_t>(std::max(max_wildcards, 0)) : 0;
  wild_count = std::min(wild_count, wildcards_.size());
  if (rules_->wildcards().max_in_win > 0) {
    wild_count = std::min(wild_count, static_cast<std::size_t>(rules_->wildcards().max_in_win));
  }
  wild_count = static_cast<std::size_t>(below(wild_count + 1));
  sample_front(wildcards_, wild_count);
  const std::size_t first_pair_tile = static_cast<std::size_t>(meld_count) * 3;
  std::vector<std::size_t> order(tiles.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  sample_front(order, order.size());
  std::vector<bool> replaced(tiles.size(), false);
  std::vector<int> wild_in_pair(static_cast<std::size_t>(form.pairs), 0);
  Hand hand;
  hand.wild_tiles = wild_;
  for (std::size_t w = 0; w < wild_count; ++w) {
    const Wildcard& wildcard = wildcards_[w];
    const TileMask stand_ins = stand_in_mask(wildcard);
    for (const std::size_t i : order) {
      if (replaced[i] || (stand_ins & tile_bit(tiles[i])) == 0) continue;
      if (i >= first_pair_tile) {
        const std::size_t pair = (i - first_pair_tile) / 2;
        if (form.pair_wildcards == PairWildcards::none) continue;
        if (form.pair_wildcards == PairWildcards::with_natural && wild_in_pair[pair] > 0) continue;
        ++wild_in_pair[pair];
      }
      replaced[i] = true;
      if (wildcard.joker) {
        ++hand.jokers;
      } else {
        ++hand.counts[wildcard.tile];
      }
      break;
    }
  }
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (!replaced[i]) ++hand.counts[tiles[i]];
  }
  return hand;
}

Hand RandomHands::ready(int size, int max_wildcards) {
  Hand hand = complete(size + 1, max_wildcards);
  // Takes out one physical tile, each equally likely: natural or wild copies, or a joker.
  const std::uint64_t held = static_cast<std::uint64_t>(size) + 1;
  std::uint64_t pick = below(held);
  if (pick < hand.jokers) {
    --hand.jokers;
    return hand;
  }
  pick -= hand.jokers;
  for (TileId t = 0; t < rules_->tile_count(); ++t) {
    if (pick >= hand.counts[t]) {
      pick -= hand.counts[t];
      continue;
    }
    // The copy taken out is red as often as the hand's copies of the tile are.
    if (below(hand.counts[t]) < hand.red[t]) --hand.red[t];
    --hand.counts[t];
    return hand;
  }
  throw Error("random ready hand: the complete hand holds fewer tiles than its size");
}

WinContext random_win_context(const RuleSet& rules, Hand& hand, RandomDraws& draws) {
  TileId candidates[kMaxTileKinds];
  int count = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if (hand.counts[t] > 0 && (hand.wild_tiles & tile_bit(t)) == 0) candidates[count++] = t;
  }
  if (count > 0) hand.winning = candidates[draws.below(static_cast<std::uint64_t>(count))];
  if (hand.winning != kNoTile) {
    // When every concealed copy of the winning tile is red, the winning copy is red too: the
    // hand's text (`+0p`) must say so, or reading it back would lose the red five.
    int concealed_red = hand.red[hand.winning];
    for (std::size_t m = 0; m < hand.meld_count; ++m) {
      const Group& meld = hand.melds[m];
      for (int slot = 0; slot < meld.size; ++slot) {
        const bool red = ((hand.meld_red[m] >> slot) & 1U) != 0;
        if (red && meld.tiles[static_cast<std::size_t>(slot)] == hand.winning) --concealed_red;
      }
    }
    hand.winning_red = concealed_red > 0 && concealed_red == hand.counts[hand.winning];
  }
  WinContext context;
  // Seats and discarders among the rule set's players: three players sit E, S and W, and no one
  // sits across.
  const bool four_players = rules.players() >= 4;
  if (draws.chance(0.5)) {
    context.win = WinKind::discard;
    context.from = four_players ? static_cast<MeldSource>(1 + draws.below(3))
                                : (draws.chance(0.5) ? MeldSource::left : MeldSource::right);
  }
  context.seat_wind = static_cast<Wind>(draws.below(four_players ? 4 : 3));
  context.round_wind = static_cast<Wind>(draws.below(2));
  bool closed = true;
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    closed = closed && hand.melds[m].concealed();
  }
  if (closed && draws.chance(0.5)) {
    context.riichi = true;
    context.ippatsu = draws.chance(0.2);
  }
  const auto indicator = [&] { return static_cast<TileId>(draws.below(rules.meldable_count())); };
  context.dora.push_back(indicator());
  if (context.riichi) context.ura.push_back(indicator());
  context.honba = static_cast<std::uint16_t>(draws.below(3));
  context.riichi_sticks = static_cast<std::uint16_t>(draws.below(2));
  try {
    check_win_context(context, hand, rules);
  } catch (const ContextError&) {
    context.dora.clear();
    context.ura.clear();
  }
  return context;
}

}  // namespace meldgraph
