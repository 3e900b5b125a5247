/// Discard advice as JSON and as text (render_json.hpp, render_text.hpp; docs/analysis.md,
/// "Discard advice").

#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/render_text.hpp"

namespace meldgraph {

namespace {

std::string discard_code(const AdvisedOption& option, const RuleSet& rules) {
  if (option.discard_joker) return "*";
  std::string code = rules.tile(option.discard).code;
  if (option.discard_red) code.front() = '0';  // a red five, as the notation writes it
  return code;
}

/// A win's points, or why it does not count.
nlohmann::json points_json(const std::optional<std::int64_t>& points, const std::string& no_win) {
  if (points) return *points;
  return no_win;
}

nlohmann::json option_json(const AdvisedOption& option, const RuleSet& rules, bool by_draw) {
  nlohmann::json out;
  if (by_draw) {
    out["draw"] = rules.tile(option.draw).code;
    out["left"] = option.draw_left;
  }
  out["discard"] = discard_code(option, rules);
  out["shanten"] = option.shanten;
  nlohmann::json by_form = nlohmann::json::object();
  for (const FormShanten& form : option.by_form) {
    by_form[rules.forms()[form.form].name] = form.shanten;
  }
  out["by_form"] = by_form;
  nlohmann::json improving = nlohmann::json::array();
  for (const Improvement& tile : option.improving) improving.push_back(rules.tile(tile.tile).code);
  out["improving"] = improving;
  out["improving_count"] = option.improving_count;
  if (option.waits) {
    nlohmann::json waits = nlohmann::json::array();
    for (const AdvisedWait& wait : *option.waits) {
      nlohmann::json entry = {{"tile", rules.tile(wait.tile).code}, {"left", wait.left}};
      if (option.wait_value) {
        entry["ron"] = points_json(wait.ron, wait.ron_no_win);
        entry["tsumo"] = points_json(wait.tsumo, wait.tsumo_no_win);
      }
      waits.push_back(entry);
    }
    out["waits"] = waits;
  }
  if (option.wildcard_completes) out["wildcard_completes"] = *option.wildcard_completes;
  if (option.wait_value) out["wait_value"] = *option.wait_value;
  if (option.second_step) out["second_step"] = *option.second_step;
  return out;
}

/// `3m×2 (ron 3900, tsumo 4000)`: a wait, its copies left and, when scored, its points.
std::string wait_text(const AdvisedWait& wait, const RuleSet& rules, bool scored) {
  std::ostringstream text;
  text << rules.tile(wait.tile).code << "×" << wait.left;
  if (!scored) return text.str();
  const auto points = [](const std::optional<std::int64_t>& value, const std::string& no_win) {
    return value ? std::to_string(*value) : no_win;
  };
  text << " (ron " << points(wait.ron, wait.ron_no_win) << ", tsumo "
       << points(wait.tsumo, wait.tsumo_no_win) << ")";
  return text.str();
}

void write_option_text(const AdvisedOption& option, const RuleSet& rules, bool by_draw,
                       std::ostream& out) {
  if (by_draw) {
    out << "draw " << rules.tile(option.draw).code << " (" << option.draw_left << " left), ";
  }
  out << "discard " << discard_code(option, rules) << ": ";
  if (option.shanten < 0) {
    out << "complete\n";
    return;
  }
  if (option.shanten == 0) {
    out << "ready, waits";
    if (option.waits->empty()) out << " none left";
    for (const AdvisedWait& wait : *option.waits) {
      out << ' ' << wait_text(wait, rules, option.wait_value.has_value());
    }
    if (option.wildcard_completes.value_or(false)) out << ", and a wildcard drawn";
    if (option.wait_value) out << "; wait value " << *option.wait_value;
    out << '\n';
    return;
  }
  out << option.shanten << "-shanten, " << option.improving_count << " tiles improve (";
  for (std::size_t i = 0; i < option.improving.size(); ++i) {
    out << (i > 0 ? " " : "") << rules.tile(option.improving[i].tile).code;
  }
  out << ")";
  if (option.second_step) {
    std::ostringstream average;
    average.precision(1);
    average << std::fixed << *option.second_step;
    out << ", then " << average.str() << " on average";
  }
  out << '\n';
}

}  // namespace

void write_advise_json(const AdviseAnswer& answer, const RuleSet& rules, nlohmann::json& out) {
  out["shanten"] = answer.shanten;
  nlohmann::json options = nlohmann::json::array();
  for (const AdvisedOption& option : answer.options) {
    options.push_back(option_json(option, rules, answer.by_draw));
  }
  out[answer.by_draw ? "draws" : "discards"] = options;
}

void write_advise_text(const AdviseAnswer& answer, const RuleSet& rules, std::ostream& out) {
  out << "shanten          " << answer.shanten << '\n';
  out << (answer.by_draw ? "draws, best first\n" : "discards, best first\n");
  for (const AdvisedOption& option : answer.options) {
    out << "  ";
    write_option_text(option, rules, answer.by_draw, out);
  }
}

}  // namespace meldgraph
