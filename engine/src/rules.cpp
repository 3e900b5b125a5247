#include <algorithm>
#include <memory>
#include <string>

#include "meldgraph/error.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/suit_tables.hpp"
#include "query_plan.hpp"

namespace meldgraph {
namespace {

/// Unicode mahjong tile for the standard letters; empty when the block has no such tile.
std::string standard_glyph(char letter, int rank) {
  int code_point = 0;
  switch (letter) {
    case 'm':
      code_point = rank >= 1 && rank <= 9 ? 0x1F007 + rank - 1 : 0;
      break;
    case 's':
      code_point = rank >= 1 && rank <= 9 ? 0x1F010 + rank - 1 : 0;
      break;
    case 'p':
      code_point = rank >= 1 && rank <= 9 ? 0x1F019 + rank - 1 : 0;
      break;
    case 'z': {
      // 1z-7z: East South West North White Green Red; the Unicode block orders the dragons
      // Red, Green, White.
      static constexpr int kHonours[] = {0x1F000, 0x1F001, 0x1F002, 0x1F003,
                                         0x1F006, 0x1F005, 0x1F004};
      code_point = rank >= 1 && rank <= 7 ? kHonours[rank - 1] : 0;
      break;
    }
    case 'f': {
      // 1f-4f flowers plum, orchid, chrysanthemum, bamboo; 5f-8f seasons spring to winter.
      static constexpr int kBonus[] = {0x1F022, 0x1F023, 0x1F025, 0x1F024,
                                       0x1F026, 0x1F027, 0x1F028, 0x1F029};
      code_point = rank >= 1 && rank <= 8 ? kBonus[rank - 1] : 0;
      break;
    }
    default:
      break;
  }
  if (code_point == 0) return {};
  std::string out;
  out += static_cast<char>(0xF0 | (code_point >> 18));
  out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
  out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
  out += static_cast<char>(0x80 | (code_point & 0x3F));
  return out;
}

}  // namespace

RuleSet::RuleSet(Data data) : data_(std::move(data)) {
  by_letter_rank_.fill(kNoTile);
  // Step 0. Forms left to the scorer (FormSpec::scored_only): the scorer's view has them as
  // plain enabled forms; here they are switched off, so that no shape query sees them.
  if (std::any_of(data_.forms.begin(), data_.forms.end(),
                  [](const FormSpec& form) { return form.scored_only && form.enabled; })) {
    Data view = data_;
    for (FormSpec& form : view.forms) form.scored_only = false;
    scoring_view_ = std::make_shared<const RuleSet>(std::move(view));
    for (FormSpec& form : data_.forms) {
      if (form.scored_only) form.enabled = false;
    }
  }
  // Step 1. Tile table: meldable suits first, then bonus suits, each in declaration order.
  for (const bool bonus_pass : {false, true}) {
    for (std::size_t s = 0; s < data_.suits.size(); ++s) {
      const SuitInfo& suit = data_.suits[s];
      if (suit.bonus != bonus_pass) continue;
      for (const std::uint8_t rank : suit.ranks) {
        if (tiles_.size() >= kMaxTileKinds) {
          throw RuleError("rule set '" + data_.name + "' declares more than " +
                          std::to_string(kMaxTileKinds) + " tile kinds");
        }
        TileInfo info;
        info.letter = suit.letter;
        info.rank = rank;
        info.suit = static_cast<std::uint8_t>(s);
        info.copies = suit.copies;
        info.bonus = suit.bonus;
        info.code = std::string(1, static_cast<char>('0' + rank)) + suit.letter;
        info.glyph = standard_glyph(suit.letter, rank);
        if (info.glyph.empty()) info.glyph = info.code;
        const auto id = static_cast<TileId>(tiles_.size());
        by_letter_rank_[static_cast<std::size_t>(suit.letter) * 10 + rank] = id;
        tiles_.push_back(std::move(info));
      }
      if (!bonus_pass) meldable_count_ = static_cast<TileId>(tiles_.size());
    }
  }
  // Step 2. Sequence neighbours: rank + 1 of the same suit, where the suit forms sequences.
  for (std::size_t t = 0; t < tiles_.size(); ++t) {
    TileInfo& info = tiles_[t];
    if (!data_.suits[info.suit].sequences) continue;
    info.next = find_tile(info.letter, info.rank + 1);
    info.previous = find_tile(info.letter, info.rank - 1);
  }
  derive_tile_classes();
  derive_suit_layouts();
  derive_knit_suits();
  // Step 3. Fixed wildcard kinds and per-form derived sizes.
  for (const TileId wild : data_.wildcards.tiles) fixed_wild_ |= tile_bit(wild);
  for (FormSpec& form : data_.forms) {
    switch (form.type) {
      case FormType::pairs:
        form.hand_tiles = static_cast<std::uint8_t>(2 * form.pairs + 3 * form.pungs);
        break;
      case FormType::set:
        form.hand_tiles = static_cast<std::uint8_t>(form.set_tiles.size() + 1);
        break;
      case FormType::singles:
        break;  // read from the rule file
      case FormType::melds:
      case FormType::knitted:
      case FormType::wildcards:
        form.hand_tiles = 0;
        break;
    }
  }
  // Step 4. The features the fast paths compare with what they model, and the queries' plan
  // (microseconds: the suit tables it names are built on first use).
  derive_features();
  query_plan_ = detail::build_plan(*this);
}

void RuleSet::derive_suit_layouts() {
  for (TileId t = 0; t < meldable_count_; ++t) {
    const TileInfo& info = tiles_[t];
    if (t == 0 || info.suit != tiles_[t - 1].suit) {
      SuitLayout layout;
      layout.suit = info.suit;
      layout.first = t;
      layout.sequences = data_.suits[info.suit].sequences;
      layout.copies = info.copies;
      layouts_.push_back(layout);
    }
    SuitLayout& layout = layouts_.back();
    if (info.copies != layout.copies) layout.copies = 0;
    ++layout.ranks;
  }
  for (SuitLayout& layout : layouts_) {
    bool shape =
        layout.ranks <= kTableMaxRanks && layout.copies >= 1 && layout.copies <= kTableMaxCopies;
    for (int r = 0; shape && r < layout.ranks; ++r) {
      const auto t = static_cast<TileId>(layout.first + r);
      const bool last = r + 1 == layout.ranks;
      // The table's chows are of consecutive ranks, and only in sequence suits.
      const TileId expected = layout.sequences && !last ? static_cast<TileId>(t + 1) : kNoTile;
      shape = tiles_[t].next == expected;
    }
    layout.table_shape = shape;
  }
}

void RuleSet::derive_knit_suits() {
  for (std::size_t s = 0; s < data_.suits.size(); ++s) {
    if (data_.suits[s].sequences && !data_.suits[s].bonus) knit_suits_.suits.push_back(s);
  }
  bool complete = knit_suits_.suits.size() == kKnitClasses;
  for (std::size_t k = 0; complete && k < kKnitClasses; ++k) {
    const SuitInfo& suit = data_.suits[knit_suits_.suits[k]];
    const TileId first = find_tile(suit.letter, 1);
    complete = first != kNoTile && suit.ranks.size() == 9;
    for (int rank = 1; complete && rank <= 9; ++rank) {
      complete = find_tile(suit.letter, rank) == first + rank - 1;
    }
    knit_suits_.first[k] = first;
  }
  knit_suits_.complete = complete;
  if (!complete) knit_suits_.first = {};
}

void RuleSet::derive_features() {
  const WildcardRules& wild = data_.wildcards;
  RuleFeatures& f = features_;
  if (wild.jokers > 0) f.add(RuleFeature::jokers);
  if (!wild.tiles.empty()) f.add(RuleFeature::fixed_wild_tiles);
  if (wild.per_hand) f.add(RuleFeature::per_hand_wild);
  if (wild.indicator.enabled) f.add(RuleFeature::indicator_wild);
  const bool fixed_meldable = std::any_of(wild.tiles.begin(), wild.tiles.end(),
                                          [this](TileId t) { return t < meldable_count_; });
  if (fixed_meldable || wild.per_hand || wild.indicator.enabled) {
    f.add(RuleFeature::wild_meldable_kinds);
  }
  if (wild.restricted) f.add(RuleFeature::restricted_stand_ins);
  if (!wild.exceed_copies) f.add(RuleFeature::capped_copies);
  if (wild.in_melds) f.add(RuleFeature::wildcards_in_melds);
  if (wild.max_in_win != 0) f.add(RuleFeature::max_in_win);
  if (wild.natural_use) f.add(RuleFeature::natural_use);
  if (data_.exhausted_waits) f.add(RuleFeature::exhausted_waits);
  if (data_.missing_suits != 0) f.add(RuleFeature::missing_suits);
  if (data_.forbidden_tiles != 0) f.add(RuleFeature::forbidden_tiles);
  for (TileId t = 0; t < meldable_count_; ++t) {
    if (tiles_[t].copies != 4) f.add(RuleFeature::copies_not_four);
  }
  for (const SuitLayout& layout : layouts_) {
    if (!layout.table_shape) f.add(RuleFeature::irregular_suits);
  }
  if (layouts_.size() > 8) f.add(RuleFeature::many_suits);
  form_features_.assign(data_.forms.size(), RuleFeatures{});
  for (std::size_t i = 0; i < data_.forms.size(); ++i) {
    const FormSpec& form = data_.forms[i];
    if (!form.enabled) continue;
    RuleFeatures& ff = form_features_[i];
    const bool melds_like = form.type == FormType::melds || form.type == FormType::knitted;
    switch (form.type) {
      case FormType::melds:
        ff.add(RuleFeature::melds_form);
        break;
      case FormType::pairs:
        ff.add(RuleFeature::pairs_form);
        if (form.pungs != 0) ff.add(RuleFeature::pungs_beside_pairs);
        if (!form.four_as_two_pairs) ff.add(RuleFeature::four_not_two_pairs);
        break;
      case FormType::set:
        ff.add(RuleFeature::set_form);
        for (const TileId t : form.set_tiles) {
          if (t >= meldable_count_) ff.add(RuleFeature::set_unmeldable_tiles);
        }
        break;
      case FormType::wildcards:
        ff.add(RuleFeature::wildcards_form);
        break;
      case FormType::knitted:
        ff.add(RuleFeature::knitted_form);
        break;
      case FormType::singles:
        ff.add(RuleFeature::singles_form);
        break;
    }
    if (!form.wildcards) ff.add(RuleFeature::form_without_wildcards);
    // The loader reads the pair keys only for the forms that have them (rules.md); a value
    // left on another form is counted all the same, so that no fast path overlooks it.
    if (form.pair_tiles != 0) ff.add(RuleFeature::pair_tiles);
    if (form.pair_wildcards != PairWildcards::any) ff.add(RuleFeature::pair_wildcards);
    if (melds_like && form.pairs != 1) ff.add(RuleFeature::several_pairs);
    if (form.max_wildcards != FormSpec::kInheritWildcardCap && form.type != FormType::wildcards) {
      ff.add(RuleFeature::form_wildcard_cap);
    }
    f |= ff;
  }
}

std::string_view feature_name(RuleFeature feature) {
  switch (feature) {
    case RuleFeature::jokers:
      return "jokers";
    case RuleFeature::fixed_wild_tiles:
      return "fixed_wild_tiles";
    case RuleFeature::per_hand_wild:
      return "per_hand_wild";
    case RuleFeature::indicator_wild:
      return "indicator_wild";
    case RuleFeature::wild_meldable_kinds:
      return "wild_meldable_kinds";
    case RuleFeature::restricted_stand_ins:
      return "restricted_stand_ins";
    case RuleFeature::capped_copies:
      return "capped_copies";
    case RuleFeature::wildcards_in_melds:
      return "wildcards_in_melds";
    case RuleFeature::max_in_win:
      return "max_in_win";
    case RuleFeature::natural_use:
      return "natural_use";
    case RuleFeature::form_wildcard_cap:
      return "form_wildcard_cap";
    case RuleFeature::exhausted_waits:
      return "exhausted_waits";
    case RuleFeature::missing_suits:
      return "missing_suits";
    case RuleFeature::forbidden_tiles:
      return "forbidden_tiles";
    case RuleFeature::copies_not_four:
      return "copies_not_four";
    case RuleFeature::irregular_suits:
      return "irregular_suits";
    case RuleFeature::many_suits:
      return "many_suits";
    case RuleFeature::melds_form:
      return "melds_form";
    case RuleFeature::pairs_form:
      return "pairs_form";
    case RuleFeature::set_form:
      return "set_form";
    case RuleFeature::wildcards_form:
      return "wildcards_form";
    case RuleFeature::knitted_form:
      return "knitted_form";
    case RuleFeature::singles_form:
      return "singles_form";
    case RuleFeature::form_without_wildcards:
      return "form_without_wildcards";
    case RuleFeature::pair_tiles:
      return "pair_tiles";
    case RuleFeature::pair_wildcards:
      return "pair_wildcards";
    case RuleFeature::several_pairs:
      return "several_pairs";
    case RuleFeature::pungs_beside_pairs:
      return "pungs_beside_pairs";
    case RuleFeature::four_not_two_pairs:
      return "four_not_two_pairs";
    case RuleFeature::set_unmeldable_tiles:
      return "set_unmeldable_tiles";
    case RuleFeature::count_:
      break;
  }
  return "?";
}

std::string feature_names(RuleFeatures features) {
  std::string out;
  for (unsigned i = 0; i < static_cast<unsigned>(RuleFeature::count_); ++i) {
    const auto feature = static_cast<RuleFeature>(i);
    if (!features.has(feature)) continue;
    if (!out.empty()) out += ", ";
    out += feature_name(feature);
  }
  return out;
}

void RuleSet::derive_tile_classes() {
  classes_.of_suit.assign(data_.suits.size(), 0);
  for (TileId t = 0; t < meldable_count_; ++t) {
    const TileInfo& info = tiles_[t];
    const SuitInfo& suit = data_.suits[info.suit];
    const TileMask bit = tile_bit(t);
    classes_.of_suit[info.suit] |= bit;
    if (!suit.sequences) {
      classes_.honours |= bit;
    } else if (info.rank == suit.ranks.front() || info.rank == suit.ranks.back()) {
      classes_.terminals |= bit;
    } else {
      classes_.simples |= bit;
    }
    for (const auto& [group_name, ranks] : suit.groups) {
      if (std::find(ranks.begin(), ranks.end(), info.rank) == ranks.end()) continue;
      if (group_name == "winds") classes_.winds |= bit;
      if (group_name == "dragons") classes_.dragons |= bit;
    }
  }
  classes_.terminals_or_honours = classes_.terminals | classes_.honours;
  // The wind tiles: the first rank group named `winds` of four or more ranks, E S W N in order.
  classes_.wind_tiles.fill(kNoTile);
  bool found = false;
  for (const SuitInfo& suit : data_.suits) {
    for (const auto& [group_name, ranks] : suit.groups) {
      if (found || group_name != "winds" || ranks.size() < 4) continue;
      for (std::size_t w = 0; w < classes_.wind_tiles.size(); ++w) {
        classes_.wind_tiles[w] = find_tile(suit.letter, ranks[w]);
      }
      found = true;
    }
  }
}

TileId RuleSet::find_tile(char letter, int rank) const {
  const auto index = static_cast<unsigned char>(letter);
  if (index >= 128 || rank < 0 || rank > 9) return kNoTile;
  return by_letter_rank_[index * 10U + static_cast<unsigned>(rank)];
}

TileId RuleSet::indicated_tile(TileId tile) const {
  for (const std::vector<TileId>& cycle : data_.wildcards.indicator.cycles) {
    const auto at = std::find(cycle.begin(), cycle.end(), tile);
    if (at != cycle.end()) return at + 1 == cycle.end() ? cycle.front() : *(at + 1);
  }
  const TileInfo& info = tiles_[tile];
  const SuitInfo& suit = data_.suits[info.suit];
  const std::vector<std::uint8_t>* cycle = &suit.ranks;
  if (data_.wildcards.indicator.by_group) {
    for (const auto& [group_name, ranks] : suit.groups) {
      if (std::find(ranks.begin(), ranks.end(), info.rank) != ranks.end()) {
        cycle = &ranks;
        break;
      }
    }
  }
  const auto at = std::find(cycle->begin(), cycle->end(), info.rank);
  const std::uint8_t next =
      (at == cycle->end() || at + 1 == cycle->end()) ? cycle->front() : *(at + 1);
  return find_tile(info.letter, next);
}

bool RuleSet::can_indicate(TileId tile) const {
  return tile < meldable_count_ && (forbidden_tiles() & tile_bit(tile)) == 0 &&
         (forbidden_tiles() & tile_bit(indicated_tile(tile))) == 0;
}

TileMask RuleSet::indicator_wild_tiles(TileId tile) const {
  TileMask mask = tile_bit(indicated_tile(tile));
  if (data_.wildcards.indicator.include_indicator) mask |= tile_bit(tile);
  return mask;
}

int RuleSet::find_suit(char letter) const {
  for (std::size_t s = 0; s < data_.suits.size(); ++s) {
    if (data_.suits[s].letter == letter) return static_cast<int>(s);
  }
  return -1;
}

}  // namespace meldgraph
