#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"

namespace meldgraph {

const void* DerivedFacts::find(const void* key) const {
  for (const Slot& slot : slots_) {
    if (slot.key.load(std::memory_order_acquire) == key) return slot.fact;
  }
  return nullptr;
}

const void* DerivedFacts::add(std::size_t hint, const void* key, Derive derive,
                              const RuleSet& rules) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (const void* found = find(key)) return found;
  const std::size_t i = free_slot(hint);
  owners_[i] = derive(key, rules);
  slots_[i].fact = owners_[i].get();
  slots_[i].key.store(key, std::memory_order_release);
  return slots_[i].fact;
}

std::size_t DerivedFacts::free_slot(std::size_t hint) const {
  if (hint < kSlots && slots_[hint].key.load(std::memory_order_relaxed) == nullptr) return hint;
  for (std::size_t i = 0; i < kSlots; ++i) {
    if (slots_[i].key.load(std::memory_order_relaxed) == nullptr) return i;
  }
  throw std::logic_error("a rule set holds at most " + std::to_string(kSlots) + " derived facts");
}

RuleSet::RuleSet(Data data) : RuleSet(TileTable(data.suits, data.name), std::move(data)) {}

RuleSet::RuleSet(TileTable tiles, Data data)
    : data_(std::move(data)), table_(std::move(tiles)) {
  // Forms left to the scorer (FormSpec::scored_only) are switched off here, so that no shape
  // query sees them; they keep the mark, by which the scorer's view enables them again.
  for (FormSpec& form : data_.forms) {
    if (form.scored_only) form.enabled = false;
  }
  // Fixed wildcard kinds and per-form derived sizes.
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
  // The features the fast paths compare with what they model.
  derive_features();
}

bool RuleSet::has_scored_only_forms() const {
  return std::any_of(data_.forms.begin(), data_.forms.end(),
                     [](const FormSpec& form) { return form.scored_only; });
}

const RuleSection* RuleSet::section(std::string_view key) const {
  for (const auto& [name, section] : data_.sections) {
    if (name == key) return section.get();
  }
  return nullptr;
}

void RuleSet::derive_features() {
  const WildcardRules& wild = data_.wildcards;
  RuleFeatures& f = features_;
  if (wild.jokers > 0) f.add(RuleFeature::jokers);
  if (!wild.tiles.empty()) f.add(RuleFeature::fixed_wild_tiles);
  if (wild.per_hand) f.add(RuleFeature::per_hand_wild);
  if (wild.indicator.enabled) f.add(RuleFeature::indicator_wild);
  const bool fixed_meldable = std::any_of(wild.tiles.begin(), wild.tiles.end(),
                                          [this](TileId t) { return t < meldable_count(); });
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
  for (TileId t = 0; t < meldable_count(); ++t) {
    if (tile(t).copies != 4) f.add(RuleFeature::copies_not_four);
  }
  for (const SuitLayout& layout : suit_layouts()) {
    if (!layout.regular) f.add(RuleFeature::irregular_suits);
  }
  if (suit_layouts().size() > 8) f.add(RuleFeature::many_suits);
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
          if (t >= meldable_count()) ff.add(RuleFeature::set_unmeldable_tiles);
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

TileId RuleSet::indicated_tile(TileId tile) const {
  const IndicatorRules& indicator = data_.wildcards.indicator;
  return table_.next_in_cycle(tile, indicator.by_group, indicator.cycles);
}

bool RuleSet::can_indicate(TileId tile) const {
  return tile < meldable_count() && (forbidden_tiles() & tile_bit(tile)) == 0 &&
         (forbidden_tiles() & tile_bit(indicated_tile(tile))) == 0;
}

TileMask RuleSet::indicator_wild_tiles(TileId tile) const {
  TileMask mask = tile_bit(indicated_tile(tile));
  if (data_.wildcards.indicator.include_indicator) mask |= tile_bit(tile);
  return mask;
}

}  // namespace meldgraph
