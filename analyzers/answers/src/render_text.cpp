/// The win, waits, shanten and interpretations answers as text (render_text.hpp).

#include <ostream>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/join.hpp>
#include <range/v3/view/transform.hpp>
#include <string>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/answers/render_text.hpp"

namespace meldgraph {

namespace {

/// The names of `forms` (indices into RuleSet::forms()), joined by ", ".
std::string joined_names(const std::vector<std::size_t>& forms, const RuleSet& rules) {
  const auto name = [&](std::size_t form) -> const std::string& {
    return rules.forms()[form].name;
  };
  return forms | ranges::views::transform(name) | ranges::views::join(std::string_view(", ")) |
         ranges::to<std::string>();
}

}  // namespace

void write_win_text(const WinAnswer& answer, const RuleSet& rules, std::ostream& out) {
  out << "win              " << (answer.win() ? "yes" : "no");
  if (answer.win()) out << " (" << joined_names(answer.forms, rules) << ")";
  out << '\n';
}

void write_waits_text(const WaitsAnswer& answer, const RuleSet& rules, std::ostream& out) {
  out << "waits            ";
  if (answer.tiles.empty()) {
    out << "none\n";
  } else {
    out << answer.tiles.size() << (answer.tiles.size() == 1 ? " kind, " : " kinds, ")
        << answer.remaining_total
        << (answer.remaining_total == 1 ? " tile left\n" : " tiles left\n");
    for (const WaitTile& tile : answer.tiles) {
      const TileInfo& info = rules.tile(tile.tile);
      out << "  " << info.code << "  " << info.glyph << "  " << tile.remaining << " left  "
          << joined_names(tile.forms, rules) << '\n';
    }
  }
  if (answer.wildcards_exist) {
    out << "wildcard draw    "
        << (answer.wildcard_completes
                ? "completes (" + joined_names(answer.wildcard_forms, rules) + ")"
                : std::string("does not complete"))
        << '\n';
  }
}

namespace {

/// `improving        3 kinds, 9 tiles left: 1m(3) 4m(3) 7m(3)`.
void write_improving_text(const std::vector<Improvement>& improving, const RuleSet& rules,
                          std::ostream& out) {
  int total = 0;
  std::string tiles;
  for (const Improvement& tile : improving) {
    total += tile.remaining;
    tiles += ' ' + rules.tile(tile.tile).code + '(' + std::to_string(tile.remaining) + ')';
  }
  out << "improving        " << improving.size() << (improving.size() == 1 ? " kind, " : " kinds, ")
      << total << (total == 1 ? " tile left" : " tiles left");
  if (!tiles.empty()) out << ':' << tiles;
  out << '\n';
}

}  // namespace

void write_shanten_text(const ShantenAnswer& answer, const RuleSet& rules, std::ostream& out) {
  std::string by_form;
  for (const FormShanten& form : answer.by_form) {
    if (!by_form.empty()) by_form += ", ";
    by_form += rules.forms()[form.form].name + ' ' + std::to_string(form.shanten);
  }
  out << "shanten          " << answer.shanten;
  if (answer.shanten == -1) out << " complete";
  if (answer.shanten == 0) out << " ready";
  out << " (" << by_form << ")\n";
  if (answer.improving) write_improving_text(*answer.improving, rules, out);
}

namespace {

/// `interpretations  3 (standard 2, seven_pairs 1)`: the forms without any left out.
void write_count_text(const InterpretationsAnswer& answer, const RuleSet& rules,
                      std::ostream& out) {
  out << "interpretations  " << answer.count;
  if (answer.count == kCountSaturated) out << " or more";
  std::string by_form;
  for (const FormCount& form : answer.by_form) {
    if (form.count == 0) continue;
    if (!by_form.empty()) by_form += ", ";
    by_form += rules.forms()[form.form].name;
    by_form += ' ';
    by_form += std::to_string(form.count);
  }
  if (!by_form.empty()) out << " (" << by_form << ")";
  out << '\n';
}

/// The groups of an interpretation in tile glyphs, then its loose tiles.
std::string glyphs_text(const Interpretation& interpretation, const RuleSet& rules) {
  std::string glyphs;
  for (const Group& group : interpretation.groups) {
    if (!glyphs.empty()) glyphs += ' ';
    glyphs += format_group_unicode(group, rules);
  }
  if (!interpretation.loose_tiles.empty()) glyphs += "  ";
  for (const TileId t : interpretation.loose_tiles) glyphs += rules.tile(t).glyph;
  return glyphs;
}

/// The realisations of one interpretation's abstract groups, as listed.
void write_realisations_text(const RealisationsAnswer& realisations, const RuleSet& rules,
                             std::ostream& out) {
  const std::uint64_t total = realisations.count;
  const char* const or_more = total == kCountSaturated ? " or more" : "";
  out << "     realisations " << total << or_more << '\n';
  for (const Realisation& realisation : realisations.listed) {
    out << "     = " << format_realisation(realisation.groups, realisation.winning_index, rules)
        << '\n';
  }
  if (realisations.listed.size() < total) {
    out << "     ... " << (total - realisations.listed.size()) << or_more
        << " more realisations (raise --realisations)\n";
  }
}

}  // namespace

void write_interpretations_text(const InterpretationsAnswer& answer, const RuleSet& rules,
                                std::ostream& out) {
  write_count_text(answer, rules, out);
  std::uint64_t number = 0;
  for (const ListedInterpretation& listed : answer.listed) {
    ++number;
    out << "  " << number << ". [" << rules.forms()[listed.interpretation.form].name << "] "
        << format_reading(listed.reading, rules) << "\n     "
        << glyphs_text(listed.interpretation, rules) << '\n';
    if (listed.realisations && listed.realisations->listing_asked) {
      write_realisations_text(*listed.realisations, rules, out);
    }
  }
  const std::uint64_t unlisted = answer.count - answer.listed.size();
  if (answer.cut == ListingCut::budget) {
    out << "  ... " << unlisted << " more: the listing stopped at --budget-ms " << answer.budget_ms
        << '\n';
  } else if (answer.cut == ListingCut::limit) {
    out << "  ... " << unlisted << " more (raise --limit, or --limit 0 for all)\n";
  }
}

}  // namespace meldgraph
