/// The calls that answer many hands at once, with the GIL released and on `jobs` threads, into
/// NumPy columns: score_many (hands as `batch` reads them), shanten_many and win_many (an array
/// of tile counts), and tile_counts (hands into such an array).

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/queries/queries.hpp"
#include "meldgraph/scoring/scorer.hpp"
#include "python_json.hpp"

namespace meldgraph::python {

namespace {

/// Hands a thread takes at a time: scored hands take about a microsecond, so a chunk is small
/// enough to share uneven hands (those with wildcards) out among the threads.
constexpr std::size_t kScoreChunk = 64;
/// Items read at a time (then scored), per thread: a few hundred kilobytes of items.
constexpr std::size_t kScoreBatchPerThread = 1024;
/// Rows of counts a thread takes at a time: a row's shanten takes tens of nanoseconds.
constexpr std::size_t kCountsChunk = 4096;

/// One item of score_many, as read while the GIL is held: a line's text (the str's own UTF-8), or
/// a dict's members in the batch's arena. Both stay valid while the items and the arena do.
struct ScoreItem {
  std::string_view text;
  bool is_dict = false;
  std::span<FieldValue> members;  ///< a dict's, in its order (read_hand_members settles them)
  std::string error;  ///< the item could not be read (not a str nor a dict, a bad value)
};

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

/// Reads `item` into `read`, a dict's tree into `arena`.
void read_score_item(py::handle item, FieldArena& arena, ScoreItem& read) {
  read.is_dict = false;
  read.members = {};
  read.error.clear();
  read.text = {};
  if (PyUnicode_Check(item.ptr())) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(item.ptr(), &size);
    if (data == nullptr) throw py::error_already_set();
    read.text = trimmed(std::string_view(data, static_cast<std::size_t>(size)));
  } else if (PyDict_Check(item.ptr())) {
    read.is_dict = true;
    try {
      read.members = dict_members(item, arena, "item");
    } catch (const Error& error) {
      read.error = error.what();
    }
  } else {
    read.error = std::string("expected a hand (str) or a dict of a hand and context fields, not ") +
                 Py_TYPE(item.ptr())->tp_name;
  }
}

/// score_many's columns, written by the threads (each row by one of them).
struct ScoreColumns {
  bool* wins = nullptr;
  std::int64_t* points = nullptr;
  std::int32_t* units = nullptr;
  std::int32_t* fu = nullptr;
  std::int32_t* yakuman = nullptr;
  std::int64_t* readings = nullptr;
  std::uint8_t* patterns = nullptr;  ///< rows of `pattern_count`
  std::size_t pattern_count = 0;
  std::vector<std::string> errors;
  std::vector<char> failed;
};

/// Scores item `i` into its row of the columns, as `batch --op score` reads and scores its line.
void score_item(const RuleSet& rules, Scorer& scorer, ScoreItem& item, std::size_t i,
                ScoreColumns& columns) {
  columns.wins[i] = false;
  columns.points[i] = 0;
  columns.units[i] = 0;
  columns.fu[i] = 0;
  columns.yakuman[i] = 0;
  columns.readings[i] = 0;
  try {
    if (!item.error.empty()) throw Error(item.error);
    // The line's own buffer, kept by the thread from line to line.
    thread_local std::string text;
    if (!item.is_dict) text.assign(item.text);
    HandLine line =
        item.is_dict ? read_hand_members(rules, item.members) : read_hand_line(rules, text);
    const HandInput input = read_hand_input(rules, line.hand, std::move(line.context));
    const HandScore& score = scorer.score(input.hand, input.context);
    columns.wins[i] = score.wins;
    columns.readings[i] = static_cast<std::int64_t>(score.scored);
    const ScoredReading* best = score.best_reading();
    if (best == nullptr) return;
    columns.points[i] = best->value.points;
    columns.units[i] = best->value.units;
    columns.fu[i] = best->value.fu;
    columns.yakuman[i] = best->value.yakuman;
    std::uint8_t* row = columns.patterns + i * columns.pattern_count;
    for (const PatternHit& hit : best->hits) row[hit.pattern] = 1;
  } catch (const Error& error) {
    columns.errors[i] = error.what();
    columns.failed[i] = 1;
  }
}

template <class T>
T* data_of(py::array_t<T>& array) {
  return array.mutable_data();
}

py::dict score_many(PythonRules& self, py::handle items, py::handle jobs) {
  const RuleSet& rules = self.rules();
  const ScoringRules& scoring = require_scoring(rules);
  const std::size_t threads = thread_count(jobs);
  const auto sequence = py::reinterpret_steal<py::object>(
      PySequence_Fast(items.ptr(), "score_many: the items are a sequence (or an iterable)"));
  if (!sequence) throw py::error_already_set();
  const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(sequence.ptr()));
  PyObject** item_objects = PySequence_Fast_ITEMS(sequence.ptr());
  const std::size_t pattern_count = scoring.patterns.patterns.size();
  py::array_t<bool> wins(static_cast<py::ssize_t>(n));
  py::array_t<std::int64_t> points(static_cast<py::ssize_t>(n));
  py::array_t<std::int32_t> units(static_cast<py::ssize_t>(n));
  py::array_t<std::int32_t> fu(static_cast<py::ssize_t>(n));
  py::array_t<std::int32_t> yakuman(static_cast<py::ssize_t>(n));
  py::array_t<std::int64_t> readings(static_cast<py::ssize_t>(n));
  py::array_t<std::uint8_t> patterns(
      {static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(pattern_count)});
  ScoreColumns columns{.wins = data_of(wins),
                       .points = data_of(points),
                       .units = data_of(units),
                       .fu = data_of(fu),
                       .yakuman = data_of(yakuman),
                       .readings = data_of(readings),
                       .patterns = data_of(patterns),
                       .pattern_count = pattern_count,
                       .errors = std::vector<std::string>(n),
                       .failed = std::vector<char>(n, 0)};
  if (n * pattern_count > 0) std::memset(columns.patterns, 0, n * pattern_count);
  std::vector<WorkspacePool::Lease> workspaces;
  for (std::size_t t = 0; t < threads; ++t) workspaces.push_back(self.workspaces().lend());
  // The items are read (with the GIL) and scored (without it) a batch at a time: the batch's
  // items stay in the cache between the two, and a batch's buffers are reused by the next.
  const std::size_t batch = kScoreBatchPerThread * threads;
  std::vector<ScoreItem> read(std::min(n, batch));
  FieldArena arena;
  for (std::size_t first = 0; first < n; first += batch) {
    const std::size_t count = std::min(batch, n - first);
    arena.clear();
    for (std::size_t k = 0; k < count; ++k) {
      read_score_item(item_objects[first + k], arena, read[k]);
    }
    const py::gil_scoped_release release;
    for_each_chunk(threads, count, kScoreChunk,
                   [&](std::size_t worker, std::size_t begin, std::size_t end) {
                     Scorer& scorer = (*workspaces[worker]).scorer(TableUse::tables);
                     for (std::size_t k = begin; k < end; ++k) {
                       score_item(rules, scorer, read[k], first + k, columns);
                     }
                   });
  }
  py::list errors(n);
  for (std::size_t i = 0; i < n; ++i) {
    errors[i] = columns.failed[i] != 0 ? py::object(py::str(columns.errors[i])) : py::none();
  }
  py::dict out;
  out["wins"] = wins;
  out["points"] = points;
  out["units"] = units;
  out["fu"] = fu;
  out["yakuman"] = yakuman;
  out["readings"] = readings;
  out["patterns"] = patterns;
  out["pattern_ids"] = py::cast(std::vector<std::string>([&] {
    std::vector<std::string> ids;
    for (const Pattern& pattern : scoring.patterns.patterns) ids.push_back(pattern.id);
    return ids;
  }()));
  out["errors"] = errors;
  return out;
}

/// The columns of a counts array under a rule set: its tile kinds in id order (RuleSet::tiles),
/// then `*`, the jokers, when the rule set has jokers. A row is a concealed hand without a
/// winning tile: counts by kind, its wild kinds the rule set's fixed ones.
class CountsLayout {
 public:
  explicit CountsLayout(const RuleSet& rules)
      : rules_(&rules), kinds_(rules.tile_count()), jokers_(rules.wildcards().jokers > 0) {
    for (std::size_t k = 0; k < kinds_; ++k) {
      const TileInfo& info = rules.tile(static_cast<TileId>(k));
      copies_[k] = info.copies;
      const bool wild = (rules.fixed_wild_tiles() & tile_bit(static_cast<TileId>(k))) != 0;
      // A bonus tile that is not wild does not count towards the hand's size (parse_hand).
      in_size_[k] = !info.bonus || wild ? 0xFF : 0;
    }
  }

  [[nodiscard]] std::size_t columns() const { return kinds_ + (jokers_ ? 1 : 0); }

  /// A hand to read rows into (reused from row to row).
  [[nodiscard]] Hand blank_hand() const {
    Hand hand;
    hand.wild_tiles = rules_->fixed_wild_tiles();
    return hand;
  }

  /// Reads `row` into `hand`'s counts and jokers; the message of a row that is no hand, or empty.
  [[nodiscard]] std::string read(const std::uint8_t* row, Hand& hand) const {
    // One pass the compiler vectorises: any count above its copies, and the size.
    unsigned over = 0;
    unsigned size = 0;
    for (std::size_t k = 0; k < kinds_; ++k) {
      over |= row[k] > copies_[k] ? 1U : 0U;
      size += row[k] & in_size_[k];
    }
    const unsigned jokers = jokers_ ? row[kinds_] : 0U;
    size += jokers;
    if (over != 0 || jokers > rules_->wildcards().jokers || size > rules_->hand_tiles() ||
        size == 0) {
      return row_problem(row, size, jokers);
    }
    std::memcpy(hand.counts.data(), row, kinds_);
    hand.jokers = static_cast<std::uint8_t>(jokers);
    return {};
  }

 private:
  [[nodiscard]] std::string row_problem(const std::uint8_t* row, unsigned size,
                                        unsigned jokers) const {
    const RuleSet& rules = *rules_;
    for (std::size_t k = 0; k < kinds_; ++k) {
      if (row[k] > copies_[k]) {
        return std::to_string(row[k]) + " copies of " + rules.tile(static_cast<TileId>(k)).code +
               ": the set has only " + std::to_string(copies_[k]);
      }
    }
    if (jokers > rules.wildcards().jokers) {
      return std::to_string(jokers) + " jokers '*': rule set '" + rules.name() + "' has " +
             std::to_string(rules.wildcards().jokers);
    }
    if (size == 0) return "empty hand: no tiles";
    return "hand holds " + std::to_string(size) + " tiles, more than the " +
           std::to_string(rules.hand_tiles()) + " rule set '" + rules.name() + "' allows";
  }

  const RuleSet* rules_;
  std::size_t kinds_;
  bool jokers_;
  std::array<std::uint8_t, kMaxTileKinds> copies_{};
  std::array<std::uint8_t, kMaxTileKinds> in_size_{};
};

/// The counts array as rows of `layout.columns()` bytes: a 2-D uint8 array of that many columns,
/// C-contiguous (a copy when it is not).
py::array_t<std::uint8_t, py::array::c_style> counts_rows(py::handle counts,
                                                          const CountsLayout& layout,
                                                          const RuleSet& rules) {
  const std::string need = "counts: expected an (N, " + std::to_string(layout.columns()) +
                           ") array of uint8 (rule set '" + rules.name() +
                           "': RuleSet.count_columns)";
  if (!py::isinstance<py::array>(counts)) {
    throw Error(need + ", not a " + Py_TYPE(counts.ptr())->tp_name);
  }
  const auto array = py::reinterpret_borrow<py::array>(counts);
  if (!array.dtype().is(py::dtype::of<std::uint8_t>())) {
    throw Error(need + ", not an array of " + py::str(array.dtype()).cast<std::string>());
  }
  if (array.ndim() != 2 || static_cast<std::size_t>(array.shape(1)) != layout.columns()) {
    std::string shape;
    for (py::ssize_t d = 0; d < array.ndim(); ++d) {
      shape += (d == 0 ? "" : ", ") + std::to_string(array.shape(d));
    }
    throw Error(need + ", not one of shape (" + shape + ")");
  }
  return py::array_t<std::uint8_t, py::array::c_style>::ensure(counts);
}

/// The first bad row a batch over counts met (the lowest, whichever thread met it).
class FirstBadRow {
 public:
  void note(std::size_t row, const std::string& message) {
    const std::lock_guard lock(mutex_);
    if (!row_ || row < *row_) {
      row_ = row;
      message_ = message;
    }
  }
  void raise_if_any() const {
    if (row_) throw RowError(*row_, message_);
  }

 private:
  std::mutex mutex_;
  std::optional<std::size_t> row_;
  std::string message_;
};

/// `answer(hand)` of every row into `out`, on `jobs` threads; a bad row raises RowError once all
/// are done (the lowest bad row).
template <class T, class Answer>
py::array_t<T> answer_rows(PythonRules& self, py::handle counts, py::handle jobs,
                           const Answer& answer) {
  const RuleSet& rules = self.rules();
  const CountsLayout layout(rules);
  const auto rows = counts_rows(counts, layout, rules);
  const std::size_t threads = thread_count(jobs);
  const auto n = static_cast<std::size_t>(rows.shape(0));
  py::array_t<T> out(static_cast<py::ssize_t>(n));
  T* result = out.mutable_data();
  const std::uint8_t* data = rows.data();
  const std::size_t columns = layout.columns();
  FirstBadRow bad;
  {
    const py::gil_scoped_release release;
    for_each_chunk(threads, n, kCountsChunk, [&](std::size_t, std::size_t begin, std::size_t end) {
      Hand hand = layout.blank_hand();
      for (std::size_t i = begin; i < end; ++i) {
        std::string problem = layout.read(data + i * columns, hand);
        if (problem.empty()) {
          try {
            result[i] = answer(rules, hand);
            continue;
          } catch (const Error& error) {
            problem = error.what();
          }
        }
        result[i] = T{};
        bad.note(i, problem);
      }
    });
  }
  bad.raise_if_any();
  return out;
}

py::array_t<std::int8_t> shanten_many(PythonRules& self, py::handle counts, py::handle jobs) {
  return answer_rows<std::int8_t>(self, counts, jobs, [](const RuleSet& rules, const Hand& hand) {
    return static_cast<std::int8_t>(shanten_number(rules, hand));
  });
}

py::array_t<bool> win_many(PythonRules& self, py::handle counts, py::handle jobs) {
  return answer_rows<bool>(self, counts, jobs, [](const RuleSet& rules, const Hand& hand) {
    return is_win(rules, hand);
  });
}

/// Hands (str, concealed tiles only) as a counts array: row i is hand i's counts.
py::array_t<std::uint8_t> tile_counts(PythonRules& self, const std::vector<std::string>& hands) {
  const RuleSet& rules = self.rules();
  const CountsLayout layout(rules);
  const std::size_t columns = layout.columns();
  py::array_t<std::uint8_t> out(
      {static_cast<py::ssize_t>(hands.size()), static_cast<py::ssize_t>(columns)});
  std::uint8_t* data = out.mutable_data();
  const py::gil_scoped_release release;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    Hand hand;
    try {
      hand = parse_hand(hands[i], rules);
    } catch (const Error& error) {
      throw RowError(i, error.what());
    }
    if (hand.meld_count > 0) {
      throw RowError(i, "a counts row holds concealed tiles only; this hand declares melds");
    }
    std::uint8_t* row = data + i * columns;
    std::memcpy(row, hand.counts.data(), rules.tile_count());
    if (columns > rules.tile_count()) row[rules.tile_count()] = hand.jokers;
  }
  return out;
}

std::vector<std::string> count_columns(const PythonRules& self) {
  const RuleSet& rules = self.rules();
  std::vector<std::string> names;
  for (TileId t = 0; t < rules.tile_count(); ++t) names.push_back(rules.tile(t).code);
  if (rules.wildcards().jokers > 0) names.emplace_back("*");
  return names;
}

}  // namespace

void bind_batch_calls(RulesClass& rules) {
  rules.def("score_many", &score_many, py::arg("items"), py::arg("jobs"))
      .def("shanten_many", &shanten_many, py::arg("counts"), py::arg("jobs"))
      .def("win_many", &win_many, py::arg("counts"), py::arg("jobs"))
      .def("tile_counts", &tile_counts, py::arg("hands"))
      .def_property_readonly("count_columns", &count_columns);
}

}  // namespace meldgraph::python
