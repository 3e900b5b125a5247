#pragma once
/// JSON values as Python objects and back: the answers are built as JSON by the renderers
/// `batch` writes with (render_json.hpp), so that a Python answer is the batch line itself.

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <string_view>

namespace meldgraph::python {

namespace py = pybind11;

/// A JSON value as Python: objects as dicts, arrays as lists, numbers as int or float.
[[nodiscard]] py::object to_python(const nlohmann::json& value);
[[nodiscard]] py::object to_python(const nlohmann::ordered_json& value);

/// A Python value as JSON: None, bool, int (and NumPy's integers and bools), float, str, lists
/// and tuples, dicts with str keys. Throws Error naming `what` (`field 'dora'`) for any other.
/// Needs the GIL.
[[nodiscard]] nlohmann::json from_python(py::handle value, std::string_view what);

}  // namespace meldgraph::python
