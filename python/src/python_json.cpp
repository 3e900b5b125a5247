/// JSON values as Python objects and back (python_json.hpp).

#include "python_json.hpp"

#include <string>

#include "meldgraph/model/error.hpp"

namespace meldgraph::python {

namespace {

template <class Json>
py::object json_to_python(const Json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(value.template get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(value.template get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(value.template get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      return py::float_(value.template get<double>());
    case nlohmann::json::value_t::string:
      return py::str(value.template get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list list(value.size());
      std::size_t i = 0;
      for (const Json& item : value) list[i++] = json_to_python(item);
      return list;
    }
    case nlohmann::json::value_t::object: {
      py::dict dict;
      for (const auto& [key, item] : value.items()) dict[py::str(key)] = json_to_python(item);
      return dict;
    }
    case nlohmann::json::value_t::binary:
      break;
  }
  return py::none();
}

std::string type_name(py::handle value) {
  return Py_TYPE(value.ptr())->tp_name;
}

/// A str as UTF-8, without a copy through std::string's conversions.
std::string utf8(py::handle text) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (data == nullptr) throw py::error_already_set();
  return {data, static_cast<std::size_t>(size)};
}

}  // namespace

py::object to_python(const nlohmann::json& value) {
  return json_to_python(value);
}

py::object to_python(const nlohmann::ordered_json& value) {
  return json_to_python(value);
}

nlohmann::json from_python(py::handle value, std::string_view what) {
  PyObject* object = value.ptr();
  if (object == Py_None) return nullptr;
  // bool before int: Python's bool is an int.
  if (PyBool_Check(object)) return object == Py_True;
  if (PyLong_Check(object)) {
    int overflow = 0;
    const long long number = PyLong_AsLongLongAndOverflow(object, &overflow);
    if (overflow != 0) {
      throw Error(std::string(what) + ": the number " + py::str(value).cast<std::string>() +
                  " is out of range");
    }
    return static_cast<std::int64_t>(number);
  }
  if (PyFloat_Check(object)) return PyFloat_AS_DOUBLE(object);
  if (PyUnicode_Check(object)) return utf8(value);
  if (PyDict_Check(object)) {
    nlohmann::json out = nlohmann::json::object();
    PyObject* key = nullptr;
    PyObject* item = nullptr;
    Py_ssize_t position = 0;
    while (PyDict_Next(object, &position, &key, &item) != 0) {
      if (!PyUnicode_Check(key)) {
        throw Error(std::string(what) + ": a key of type " + type_name(key) +
                    "; the keys are field names (str)");
      }
      std::string name = utf8(key);
      const std::string inner = "field '" + name + "'";
      out[std::move(name)] = from_python(item, inner);
    }
    return out;
  }
  if (PyList_Check(object) || PyTuple_Check(object)) {
    nlohmann::json out = nlohmann::json::array();
    const py::sequence items = py::reinterpret_borrow<py::sequence>(value);
    for (const py::handle item : items) out.push_back(from_python(item, what));
    return out;
  }
  // NumPy's scalars, as a DataFrame's rows hold them.
  const std::string type = type_name(value);
  if (type == "numpy.bool_") return PyObject_IsTrue(object) == 1;
  if (PyIndex_Check(object)) {
    PyObject* index = PyNumber_Index(object);
    if (index == nullptr) throw py::error_already_set();
    return from_python(py::reinterpret_steal<py::object>(index), what);
  }
  if (PyFloat_Check(object) || type.rfind("numpy.float", 0) == 0) {
    return PyFloat_AsDouble(object);
  }
  throw Error(std::string(what) + ": a value of type " + type +
              " has no JSON form (None, bool, int, float, str, list or dict)");
}

}  // namespace meldgraph::python
