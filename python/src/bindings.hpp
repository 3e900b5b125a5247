#pragma once
/// The parts of the `meldgraph._meldgraph` extension, each binding its own calls (module.cpp
/// assembles them; docs/python.md documents the Python names).

#include <pybind11/pybind11.h>

#include <memory>

#include "python_rules.hpp"

namespace meldgraph::python {

using RulesClass = py::class_<PythonRules, std::shared_ptr<PythonRules>>;

/// Loading, the rule set's facts, and the answers to one hand (rule_set_calls.cpp).
void bind_rule_set_calls(RulesClass& rules);
/// score_many, shanten_many, win_many and tile_counts (batch_calls.cpp).
void bind_batch_calls(RulesClass& rules);
/// The corpus's deal and enumerate (corpus_calls.cpp).
void bind_corpus_calls(py::module_& module);
/// meldgraph.Error and its kinds, and the translation of the library's errors (errors.cpp).
void bind_errors(py::module_& module);

}  // namespace meldgraph::python
