/// The win, waits, shanten and interpretations answers as JSON (render_json.hpp).

#include <nlohmann/json.hpp>
#include <utility>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/answers/render_json.hpp"

namespace meldgraph {

nlohmann::json form_names_json(const std::vector<std::size_t>& forms, const RuleSet& rules) {
  nlohmann::json names = nlohmann::json::array();
  for (const std::size_t form : forms) names.push_back(rules.forms()[form].name);
  return names;
}

void write_hand_counts_json(const HandCounts& counts, nlohmann::json& out) {
  out["tiles"] = counts.tiles;
  out["wildcards"] = counts.wildcards;
  out["declared_wildcards"] = counts.declared_wildcards;
}

void write_win_json(const WinAnswer& answer, const RuleSet& rules, nlohmann::json& out) {
  out["win"] = answer.win();
  out["forms"] = form_names_json(answer.forms, rules);
  write_hand_counts_json(answer.counts, out);
}

nlohmann::json wait_tiles_json(const WaitsAnswer& answer, const RuleSet& rules) {
  nlohmann::json tiles = nlohmann::json::array();
  for (const WaitTile& tile : answer.tiles) {
    tiles.push_back({{"tile", rules.tile(tile.tile).code},
                     {"forms", form_names_json(tile.forms, rules)},
                     {"remaining", tile.remaining}});
  }
  return tiles;
}

void write_waits_json(const WaitsAnswer& answer, const RuleSet& rules, nlohmann::json& out) {
  out["waits"] = wait_tiles_json(answer, rules);
  out["remaining_total"] = answer.remaining_total;
  if (answer.wildcards_exist) {
    out["wildcard_completes"] = answer.wildcard_completes;
    out["wildcard_forms"] = form_names_json(answer.wildcard_forms, rules);
  }
}

nlohmann::json shanten_by_form_json(const ShantenAnswer& answer, const RuleSet& rules) {
  nlohmann::json by_form = nlohmann::json::object();
  for (const FormShanten& form : answer.by_form) {
    by_form[rules.forms()[form.form].name] = form.shanten;
  }
  return by_form;
}

nlohmann::json improving_json(const std::vector<Improvement>& improving, const RuleSet& rules) {
  nlohmann::json tiles = nlohmann::json::array();
  for (const Improvement& tile : improving) {
    tiles.push_back({{"tile", rules.tile(tile.tile).code}, {"remaining", tile.remaining}});
  }
  return tiles;
}

void write_shanten_json(const ShantenAnswer& answer, const RuleSet& rules, nlohmann::json& out) {
  out["shanten"] = answer.shanten;
  out["shanten_by_form"] = shanten_by_form_json(answer, rules);
  if (answer.improving) out["improving"] = improving_json(*answer.improving, rules);
}

namespace {

/// The realisations fields of a listed interpretation with abstract groups.
void write_realisations_json(const RealisationsAnswer& realisations, const RuleSet& rules,
                             nlohmann::json& out) {
  out["realisations"] = realisations.count;
  if (realisations.count == kCountSaturated) out["realisations_saturated"] = true;
  if (!realisations.listing_asked) return;
  out["realised_groups"] = realisations.abstract_groups;
  nlohmann::json list = nlohmann::json::array();
  for (const Realisation& realisation : realisations.listed) {
    list.push_back(realisation_to_json(realisation.groups, realisation.winning_index, rules));
  }
  out["realisation_list"] = std::move(list);
  out["realisations_unlisted"] = realisations.count == kCountSaturated
                                     ? realisations.count
                                     : realisations.count - realisations.listed.size();
}

/// The tile codes of the natural tiles in `mask`, in tile order.
nlohmann::json tile_codes_json(TileMask mask, const RuleSet& rules) {
  nlohmann::json codes = nlohmann::json::array();
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((mask & tile_bit(t)) != 0) codes.push_back(rules.tile(t).code);
  }
  return codes;
}

}  // namespace

nlohmann::json reading_json(const ListedInterpretation& listed, bool has_winning_tile,
                            const RuleSet& rules) {
  nlohmann::json out =
      reading_to_json(listed.reading, listed.interpretation, has_winning_tile, rules);
  if (listed.realisations) write_realisations_json(*listed.realisations, rules, out);
  return out;
}

void write_interpretations_json(const InterpretationsAnswer& answer, const RuleSet& rules,
                                nlohmann::json& out) {
  nlohmann::json by_form = nlohmann::json::object();
  for (const FormCount& form : answer.by_form) by_form[rules.forms()[form.form].name] = form.count;
  nlohmann::json listed = nlohmann::json::array();
  for (const ListedInterpretation& interpretation : answer.listed) {
    listed.push_back(reading_json(interpretation, answer.has_winning_tile, rules));
  }
  if (answer.waits_before_win) {
    out["waits_before_win"] = tile_codes_json(*answer.waits_before_win, rules);
  }
  out["count"] = answer.count;
  if (answer.count == kCountSaturated) out["count_saturated"] = true;
  out["by_form"] = std::move(by_form);
  out["interpretations"] = std::move(listed);
  out["listed"] = answer.listed.size();
  out["truncated"] = answer.cut != ListingCut::none;
  if (answer.cut != ListingCut::none) {
    out["truncated_by"] = answer.cut == ListingCut::budget ? "budget" : "limit";
  }
}

}  // namespace meldgraph
