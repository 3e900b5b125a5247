/// JSON values as Python objects and back (python_json.hpp).

#include "python_json.hpp"

#include <span>
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

}  // namespace

py::object to_python(const nlohmann::json& value) {
  return json_to_python(value);
}

py::object to_python(const nlohmann::ordered_json& value) {
  return json_to_python(value);
}

namespace {

/// Where a value is, for messages: `what` (`item`), or a dict's field; the name is made only for
/// an error.
struct Where {
  std::string_view what;
  std::string_view field;  ///< a dict's key, when `in_dict`
  bool in_dict = false;
  [[nodiscard]] std::string name() const {
    return in_dict ? "field '" + std::string(field) + "'" : std::string(what);
  }
};

void value_into(PyObject* object, FieldArena& arena, const Where& what, FieldValue& out);

/// A str's UTF-8, kept by the str itself (valid as long as it lives).
std::string_view utf8_view(PyObject* text) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text, &size);
  if (data == nullptr) throw py::error_already_set();
  return {data, static_cast<std::size_t>(size)};
}

void whole_number_into(PyObject* object, const Where& what, FieldValue& out) {
  int overflow = 0;
  const long long number = PyLong_AsLongLongAndOverflow(object, &overflow);
  if (overflow != 0) {
    throw Error(what.name() + ": the number " + py::str(py::handle(object)).cast<std::string>() +
                " is out of range");
  }
  out.type = FieldValue::Type::integer;
  out.integer = static_cast<std::int64_t>(number);
}

/// A dict's members in the dict's order (its keys are distinct), each read in place.
std::span<FieldValue> dict_members_of(PyObject* object, FieldArena& arena, const Where& what) {
  const std::span<FieldValue> items = arena.allocate(static_cast<std::size_t>(PyDict_Size(object)));
  PyObject* key = nullptr;
  PyObject* item = nullptr;
  Py_ssize_t position = 0;
  std::size_t i = 0;
  while (PyDict_Next(object, &position, &key, &item) != 0) {
    if (!PyUnicode_Check(key)) {
      throw Error(what.name() + ": a key of type " + type_name(key) +
                  "; the keys are field names (str)");
    }
    const std::string_view name = utf8_view(key);
    value_into(item, arena, {.what = {}, .field = name, .in_dict = true}, items[i]);
    items[i++].key = name;
  }
  return items.first(i);
}

void sequence_into(PyObject* object, FieldArena& arena, const Where& what, FieldValue& out) {
  const bool list = PyList_Check(object);
  const auto size =
      static_cast<std::size_t>(list ? PyList_GET_SIZE(object) : PyTuple_GET_SIZE(object));
  const std::span<FieldValue> items = arena.allocate(size);
  for (std::size_t i = 0; i < size; ++i) {
    const auto at = static_cast<Py_ssize_t>(i);
    value_into(list ? PyList_GET_ITEM(object, at) : PyTuple_GET_ITEM(object, at), arena, what,
               items[i]);
  }
  out.type = FieldValue::Type::array;
  out.items = items;
}

/// Writes the value into `out`, a node of the arena or the caller's, rather than returning it:
/// a returned node is copied again, and the copy waits on the callee's stores of its fields.
void value_into(PyObject* object, FieldArena& arena, const Where& what, FieldValue& out) {
  using Type = FieldValue::Type;
  out = FieldValue{};
  if (object == Py_None) return;
  // bool before int: Python's bool is an int.
  if (PyBool_Check(object)) {
    out.type = Type::boolean;
    out.boolean = object == Py_True;
    return;
  }
  if (PyLong_Check(object)) return whole_number_into(object, what, out);
  if (PyFloat_Check(object)) {
    out.type = Type::number;
    out.number = PyFloat_AS_DOUBLE(object);
    return;
  }
  if (PyUnicode_Check(object)) {
    out.type = Type::string;
    out.text = utf8_view(object);
    return;
  }
  if (PyDict_Check(object)) {
    out.type = Type::object;
    out.items = settle_members(dict_members_of(object, arena, what));
    return;
  }
  if (PyList_Check(object) || PyTuple_Check(object)) return sequence_into(object, arena, what, out);
  // NumPy's scalars, as a DataFrame's rows hold them.
  const std::string type = type_name(py::handle(object));
  if (type == "numpy.bool_") {
    out.type = Type::boolean;
    out.boolean = PyObject_IsTrue(object) == 1;
    return;
  }
  if (PyIndex_Check(object)) {
    const auto index = py::reinterpret_steal<py::object>(PyNumber_Index(object));
    if (!index) throw py::error_already_set();
    return whole_number_into(index.ptr(), what, out);
  }
  if (type.rfind("numpy.float", 0) == 0) {
    out.type = Type::number;
    out.number = PyFloat_AsDouble(object);
    return;
  }
  throw Error(what.name() + ": a value of type " + type +
              " has no JSON form (None, bool, int, float, str, list or dict)");
}

}  // namespace

FieldValue field_value(py::handle value, FieldArena& arena, std::string_view what) {
  FieldValue out;
  value_into(value.ptr(), arena, {.what = what, .field = {}, .in_dict = false}, out);
  return out;
}

std::span<FieldValue> dict_members(py::handle dict, FieldArena& arena, std::string_view what) {
  return dict_members_of(dict.ptr(), arena, {.what = what, .field = {}, .in_dict = false});
}

}  // namespace meldgraph::python
