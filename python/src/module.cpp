/// The `meldgraph._meldgraph` extension: the library's calls as the Python package
/// (python/meldgraph/) presents them (docs/python.md).

#include "bindings.hpp"

PYBIND11_MODULE(_meldgraph, module) {
  using namespace meldgraph::python;
  module.doc() =
      "The compiled core of the meldgraph package: import meldgraph, not this (docs/python.md).";
  module.attr("__version__") = MELDGRAPH_VERSION;
  bind_errors(module);
  RulesClass rules(module, "Rules", "A loaded rule set (meldgraph.RuleSet wraps it).");
  bind_rule_set_calls(rules);
  bind_batch_calls(rules);
  bind_corpus_calls(module);
}
