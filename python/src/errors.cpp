/// meldgraph.Error (a ValueError) and its kinds, raised for the library's errors with the same
/// message, and the place as attributes where the error carries one (docs/python.md, "Errors").

#include <string>

#include "bindings.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph::python {

namespace {

/// The Python classes, made once when the module is imported and kept for its lifetime.
struct ErrorTypes {
  py::handle error;
  py::handle rule;
  py::handle notation;
  py::handle context;
  py::handle analysis;
};

ErrorTypes& error_types() {
  static ErrorTypes types;
  return types;
}

py::handle new_error(py::module_& module, const char* name, py::handle base, const char* doc) {
  const std::string full = std::string("meldgraph.") + name;
  PyObject* type = PyErr_NewExceptionWithDoc(full.c_str(), doc, base.ptr(), nullptr);
  if (type == nullptr) throw py::error_already_set();
  module.attr(name) = py::handle(type);  // the module holds a reference; the handle another
  return type;
}

/// Raises an instance of `type` with `message` and, when `attribute` is given, that attribute.
void raise(py::handle type, const char* message, const char* attribute = nullptr,
           const py::object& value = py::none()) {
  py::object error = type(message);
  if (attribute != nullptr) error.attr(attribute) = value;
  PyErr_SetObject(type.ptr(), error.ptr());
}

}  // namespace

void bind_errors(py::module_& module) {
  ErrorTypes& types = error_types();
  types.error = new_error(module, "Error", PyExc_ValueError,
                          "Bad input to meldgraph: a hand, a situation field, a rule file, an "
                          "item or a row. The message is the command line's; `column`, `field` "
                          "and `row` name the place where the error has one (else None).");
  for (const char* attribute : {"column", "field", "row"}) {
    types.error.attr(attribute) = py::none();
  }
  types.rule = new_error(module, "RuleError", types.error,
                         "A rule file that cannot be loaded; the message names file:line:column.");
  types.notation = new_error(module, "NotationError", types.error,
                             "A hand or tile string that cannot be read; `column` is 1-based.");
  types.context = new_error(module, "ContextError", types.error,
                            "A situation field that cannot be read; `field` names it.");
  types.analysis = new_error(module, "AnalysisError", types.error,
                             "A hand that is well written but cannot be analysed as asked.");
  py::register_exception_translator([](std::exception_ptr pointer) {
    if (!pointer) return;
    const ErrorTypes& known = error_types();
    try {
      std::rethrow_exception(pointer);
    } catch (const RowError& error) {
      raise(known.error, error.what(), "row", py::int_(error.row()));
    } catch (const NotationError& error) {
      raise(known.notation, error.what(), "column", py::int_(error.column()));
    } catch (const ContextError& error) {
      raise(known.context, error.what(), "field", py::str(error.field()));
    } catch (const RuleError& error) {
      raise(known.rule, error.what());
    } catch (const AnalysisError& error) {
      raise(known.analysis, error.what());
    } catch (const Error& error) {
      raise(known.error, error.what());
    }
  });
}

}  // namespace meldgraph::python
