#pragma once
/// JSON values as Python objects and back: the answers are built as JSON by the renderers
/// `batch` writes with (render_json.hpp), so that a Python answer is the batch line itself.

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <span>
#include <string_view>

#include "meldgraph/model/field_value.hpp"

namespace meldgraph::python {

namespace py = pybind11;

/// A JSON value as Python: objects as dicts, arrays as lists, numbers as int or float.
[[nodiscard]] py::object to_python(const nlohmann::json& value);
[[nodiscard]] py::object to_python(const nlohmann::ordered_json& value);

/// A Python value as the readers of situations and hands take it (model/field_value.hpp): None,
/// bool, int (and NumPy's integers and bools), float, str, lists and tuples, dicts with str keys;
/// its nodes in `arena`, its strings the str objects' own UTF-8 (the tree lives as long as
/// `value` and the arena do). Throws Error naming `what` (`field 'dora'`) for any other value.
/// Needs the GIL to be made, not to be read.
[[nodiscard]] FieldValue field_value(py::handle value, FieldArena& arena, std::string_view what);

/// The members of `dict` (a dict) as field_value reads them, in the dict's order and not settled
/// (a dict's keys are distinct already): for read_hand_members.
[[nodiscard]] std::span<FieldValue> dict_members(py::handle dict, FieldArena& arena,
                                                 std::string_view what);

}  // namespace meldgraph::python
