/// The corpus's deal and enumerate, labelled as `corpus deal` and `corpus enumerate` label them
/// (cli/corpus_commands.cpp follows the same steps): the rows are the CSV's, cell by cell, typed.

#include <pybind11/stl.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "meldgraph/answers/corpus_labels.hpp"
#include "meldgraph/corpus/corpus.hpp"
#include "python_json.hpp"

namespace meldgraph::python {

namespace {

/// Hands a thread labels at a time: whole blocks of the deal (kDealBlock), so that each
/// thread's dealer deals every hand of its chunk once.
constexpr std::size_t kLabelChunk = 4 * kDealBlock;

/// The records' cells, hand by hand.
using Rows = std::vector<std::vector<nlohmann::ordered_json>>;

/// (columns, cells by column): what corpus.py makes a DataFrame or a list of dicts of.
py::tuple table(const std::vector<std::string>& columns, const Rows& rows) {
  py::list by_column(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    py::list cells(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) cells[r] = to_python(rows[r][c]);
    by_column[c] = cells;
  }
  return py::make_tuple(py::cast(columns), by_column);
}

std::vector<Label> labels_of(const std::string& labels) {
  return labels.empty() ? std::vector<Label>{} : parse_labels(labels);
}

/// `context`: none (empty) or `random`, as the command's `--context` reads it.
bool random_context(const std::string& context) {
  if (context.empty()) return false;
  if (context != "random") {
    throw Error("--context " + context + ": the situations are 'random' (or none)");
  }
  return true;
}

py::tuple deal(PythonRules& self, std::uint64_t count, std::uint64_t seed, int size,
               std::optional<int> shanten, bool complete, bool ready,
               std::optional<int> max_wildcards, const std::string& context,
               const std::string& labels, std::uint64_t budget_ms, py::handle jobs) {
  const RuleSet& rules = self.rules();
  DealOptions options;
  options.size = size;
  options.shanten = shanten;
  options.complete_only = complete;
  options.ready_only = ready;
  options.random_context = random_context(context);
  if (max_wildcards) options.max_wildcards = *max_wildcards;
  check_deal_options(rules, options);
  const Labeller labeller(rules, labels_of(labels), dealt_record_shape(rules, options, budget_ms));
  const std::size_t threads = thread_count(jobs);
  Rows rows(count);
  {
    const py::gil_scoped_release release;
    std::vector<WorkspacePool::Lease> workspaces;
    for (std::size_t t = 0; t < threads; ++t) workspaces.push_back(self.workspaces().lend());
    for_each_chunk(
        threads, rows.size(), kLabelChunk,
        [&](std::size_t worker, std::size_t begin, std::size_t end) {
          Dealer dealer(rules, options, seed);
          for (std::size_t i = begin; i < end; ++i) {
            DealtHand dealt = dealer.deal(i);
            const CorpusHand hand{
                i, dealt.hand, std::move(dealt.context), std::move(dealt.bonus), dealt.indicator,
                0};
            rows[i] = labeller.cells(labeller.label(hand, *workspaces[worker]));
          }
        });
  }
  return table(labeller.column_names(), rows);
}

/// Thrown by the enumeration's visitor once `limit` hands were listed.
struct EnumerationDone {};

py::tuple enumerate(PythonRules& self, int size, int wildcards, const std::string& labels,
                    const std::string& context, std::uint64_t seed,
                    std::optional<std::uint64_t> limit, std::uint64_t budget_ms, py::handle jobs) {
  const RuleSet& rules = self.rules();
  size = size == 0 ? rules.hand_tiles() : size;
  check_enumeration(rules, size, wildcards);
  const bool numbered_situations = random_context(context);
  const Labeller labeller(rules, labels_of(labels),
                          RecordShape{.size = size,
                                      .context = numbered_situations,
                                      .forms_known = true,
                                      .budget_ms = budget_ms});
  const std::size_t threads = thread_count(jobs);
  std::vector<CorpusHand> hands;
  Rows rows;
  {
    const py::gil_scoped_release release;
    try {
      static_cast<void>(
          enumerate_complete_hands(rules, size, wildcards, [&](const Hand& hand, FormMask forms) {
            if (limit && hands.size() == *limit) throw EnumerationDone{};
            hands.push_back({hands.size(), hand, std::nullopt, {}, kNoTile, forms});
          }));
    } catch (const EnumerationDone&) {
      // `limit` hands were listed.
    }
    rows.resize(hands.size());
    std::vector<WorkspacePool::Lease> workspaces;
    for (std::size_t t = 0; t < threads; ++t) workspaces.push_back(self.workspaces().lend());
    for_each_chunk(threads, hands.size(), kLabelChunk,
                   [&](std::size_t worker, std::size_t begin, std::size_t end) {
                     for (std::size_t i = begin; i < end; ++i) {
                       CorpusHand& hand = hands[i];
                       if (numbered_situations) {
                         hand.context = numbered_situation(rules, hand.hand, seed, hand.index);
                       }
                       rows[i] = labeller.cells(labeller.label(hand, *workspaces[worker]));
                     }
                   });
  }
  return table(labeller.column_names(), rows);
}

}  // namespace

void bind_corpus_calls(py::module_& module) {
  module.def("deal", &deal, py::arg("rules"), py::arg("count"), py::arg("seed"), py::arg("size"),
             py::arg("shanten"), py::arg("complete"), py::arg("ready"), py::arg("max_wildcards"),
             py::arg("context"), py::arg("labels"), py::arg("budget_ms"), py::arg("jobs"));
  module.def("enumerate", &enumerate, py::arg("rules"), py::arg("size"), py::arg("wildcards"),
             py::arg("labels"), py::arg("context"), py::arg("seed"), py::arg("limit"),
             py::arg("budget_ms"), py::arg("jobs"));
}

}  // namespace meldgraph::python
