/// Loading rule sets, their facts, and the answers to one hand: each answer is what `batch`
/// writes for the same hand and situation (cli/batch_lines.cpp follows the same steps).

#include <pybind11/stl.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "bindings.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/answers/hand_analysis.hpp"
#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/answers/interpretations.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/win.hpp"
#include "meldgraph/loader/loader.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "python_json.hpp"

namespace meldgraph::python {

std::optional<WinContext> situation_of(const RuleSet& rules, py::handle situation) {
  if (situation.is_none()) return std::nullopt;
  FieldArena arena;
  return parse_win_context(field_value(situation, arena, "situation"), rules);
}

std::size_t thread_count(py::handle jobs) {
  if (jobs.is_none()) return std::max(1U, std::thread::hardware_concurrency());
  const auto count = jobs.cast<long long>();
  if (count < 0) throw Error("jobs: " + std::to_string(count) + "; threads are 1 or more, 0 all");
  if (count == 0) return std::max(1U, std::thread::hardware_concurrency());
  return static_cast<std::size_t>(count);
}

namespace {

std::shared_ptr<PythonRules> load(const std::string& name_or_path) {
  return std::make_shared<PythonRules>(load_rules(name_or_path));
}

std::shared_ptr<PythonRules> builtin(const std::string& name) {
  const std::vector<std::string> names = builtin_rule_names();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    std::string known;
    for (const std::string& each : names) known += (known.empty() ? "" : ", ") + each;
    throw Error("no built-in rule set '" + name + "'; they are " + known);
  }
  return load(name);
}

std::shared_ptr<PythonRules> from_yaml(const std::string& text, const std::string& origin) {
  return std::make_shared<PythonRules>(load_rules_from_string(text, origin));
}

/// What the hand's answer line starts with, as `batch` writes it: the hand as read (normalised),
/// the rule set, and the situation when one was given.
nlohmann::json line_head(const RuleSet& rules, const HandInput& input) {
  nlohmann::json out = {{"hand", format_hand(input.hand, rules)}, {"rules", rules.name()}};
  if (input.has_context) out["context"] = win_context_to_json(input.context, rules);
  return out;
}

/// The answer options of a call: `limit`, and the tiles seen elsewhere (`visible`, None: none).
AnswerOptions answer_options(const RuleSet& rules, std::uint64_t limit, py::handle visible) {
  AnswerOptions options;
  options.limit = limit;
  if (visible.is_none()) return options;
  try {
    options.visible = parse_visible(visible.cast<std::string>(), rules);
  } catch (const NotationError& error) {
    throw ContextError("visible", error.what());
  }
  options.has_visible = true;
  return options;
}

/// The batch line of analyzer `op` for one hand: {"hand", "rules", "context"?, the answer's
/// fields}; `second_step` false leaves advise's second step out (`advise --no-second-step`).
py::object answer(PythonRules& self, const std::string& op, const std::string& hand,
                  py::handle situation, std::uint64_t limit, py::handle visible, bool second_step) {
  const RuleSet& rules = self.rules();
  const std::optional<WinContext> context = situation_of(rules, situation);
  AnswerOptions options = answer_options(rules, limit, visible);
  options.second_step = second_step;
  nlohmann::json out;
  {
    const py::gil_scoped_release release;
    const std::unique_ptr<Analyzer> analyzer = builtin_analyzers().create(op, rules, options);
    const HandInput input = read_hand_input(rules, hand, context);
    out = line_head(rules, input);
    const HandAnalysis analysis(rules, input.hand, input.context);
    const WorkspacePool::Lease workspace = self.workspaces().lend();
    analyzer->write_json(analysis, *workspace, out);
  }
  return to_python(out);
}

/// Everything `RuleSet.analyze` reads: the batch line of `score` ("line"; the head alone under
/// a rule set without a scoring section), the forms the hand wins in ("forms") and the
/// interpretations answer ("interpretations", as `batch --op interpretations` writes it).
py::dict analyze(PythonRules& self, const std::string& hand, py::handle situation,
                 std::uint64_t limit) {
  const RuleSet& rules = self.rules();
  const std::optional<WinContext> context = situation_of(rules, situation);
  const AnswerOptions options = answer_options(rules, limit, py::none());
  nlohmann::json line;
  nlohmann::json forms;
  nlohmann::json interpretations = nlohmann::json::object();
  {
    const py::gil_scoped_release release;
    const HandInput input = read_hand_input(rules, hand, context);
    line = line_head(rules, input);
    const HandAnalysis analysis(rules, input.hand, input.context);
    // Scored first, as `batch --op score` scores it: on an analysis that has built nothing yet.
    if (scoring_rules(rules) != nullptr) {
      const WorkspacePool::Lease workspace = self.workspaces().lend();
      write_score_json(answer_score(analysis, (*workspace).scorer(options.table_use()), options),
                       rules, line);
    }
    forms = form_names_json(answer_win(analysis, options).forms, rules);
    write_interpretations_json(answer_interpretations(analysis, options), rules, interpretations);
  }
  py::dict out;
  out["line"] = to_python(line);
  out["forms"] = to_python(forms);
  out["interpretations"] = to_python(interpretations);
  return out;
}

std::vector<std::string> tile_codes(const PythonRules& self) {
  const RuleSet& rules = self.rules();
  std::vector<std::string> codes;
  for (TileId t = 0; t < rules.tile_count(); ++t) codes.push_back(rules.tile(t).code);
  return codes;
}

std::vector<int> tile_copies(const PythonRules& self) {
  const RuleSet& rules = self.rules();
  std::vector<int> copies;
  for (TileId t = 0; t < rules.tile_count(); ++t) copies.push_back(rules.tile(t).copies);
  return copies;
}

std::vector<std::string> pattern_ids(const PythonRules& self) {
  std::vector<std::string> ids;
  if (const ScoringRules* scoring = scoring_rules(self.rules())) {
    for (const Pattern& pattern : scoring->patterns.patterns) ids.push_back(pattern.id);
  }
  return ids;
}

std::vector<std::string> form_names(const PythonRules& self) {
  std::vector<std::string> names;
  for (const FormSpec& form : self.rules().forms()) {
    if (form.enabled || form.scored_only) names.push_back(form.name);
  }
  return names;
}

py::object unit_key(const PythonRules& self) {
  const ScoringRules* scoring = scoring_rules(self.rules());
  if (scoring == nullptr) return py::none();
  return py::str(score_unit_key(*scoring));
}

}  // namespace

void bind_rule_set_calls(RulesClass& rules) {
  rules.def_static("load", &load, py::arg("name_or_path"))
      .def_static("builtin", &builtin, py::arg("name"))
      .def_static("from_yaml", &from_yaml, py::arg("text"), py::arg("origin"))
      .def_static("builtin_names", &builtin_rule_names)
      .def_property_readonly("name", [](const PythonRules& self) { return self.rules().name(); })
      .def_property_readonly("description",
                             [](const PythonRules& self) { return self.rules().description(); })
      .def_property_readonly("source",
                             [](const PythonRules& self) { return self.rules().source(); })
      .def_property_readonly("hand_tiles",
                             [](const PythonRules& self) { return int{self.rules().hand_tiles()}; })
      .def_property_readonly("players",
                             [](const PythonRules& self) { return self.rules().players(); })
      .def_property_readonly(
          "jokers", [](const PythonRules& self) { return self.rules().wildcards().jokers; })
      .def_property_readonly("tiles", &tile_codes)
      .def_property_readonly("copies", &tile_copies)
      .def_property_readonly("pattern_ids", &pattern_ids)
      .def_property_readonly("forms", &form_names)
      .def_property_readonly("unit", &unit_key)
      .def("dump", [](const PythonRules& self) { return dump_rules(self.rules()); })
      .def("answer", &answer, py::arg("op"), py::arg("hand"), py::arg("situation"),
           py::arg("limit"), py::arg("visible"), py::arg("second_step") = true)
      .def("analyze", &analyze, py::arg("hand"), py::arg("situation"), py::arg("limit"));
}

}  // namespace meldgraph::python
