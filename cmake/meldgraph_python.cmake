# Whether the Python module (python/, docs/python.md) is built: MELDGRAPH_PYTHON is AUTO (built
# when pybind11, Python's headers and NumPy are found; else skipped with a message), ON (they are
# required) or OFF. Sets MELDGRAPH_PYTHON_BUILT, and Python_EXECUTABLE the interpreter the module
# is built for and its tests run with.
set(MELDGRAPH_PYTHON_BUILT OFF)
set(meldgraph_python_why "")
if(MELDGRAPH_PYTHON STREQUAL "OFF")
  # Not asked for.
elseif(MELDGRAPH_SANITIZE OR MELDGRAPH_FUZZ)
  # An instrumented module would need the sanitizers' runtime preloaded into the interpreter;
  # the sanitizers' build tests the libraries, the Release build the module.
  set(meldgraph_python_why "a build with MELDGRAPH_SANITIZE or MELDGRAPH_FUZZ has none")
else()
  # Debian's interpreter, when no other is named: the Debian packages the module builds and
  # tests with (python3-dev, pybind11-dev, python3-numpy, python3-pytest) are installed for it,
  # while the `python3` first on PATH may be another (pyenv's, without NumPy), which FindPython
  # would otherwise pick.
  if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the module is built for")
  endif()
  find_package(Python 3.8 COMPONENTS Interpreter Development.Module QUIET)
  if(Python_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
    execute_process(COMMAND ${Python_EXECUTABLE} -c "import numpy"
                    RESULT_VARIABLE meldgraph_numpy_missing OUTPUT_QUIET ERROR_QUIET)
  endif()
  if(NOT Python_FOUND)
    set(meldgraph_python_why "it needs Python 3 with its headers (Debian: python3-dev)")
  elseif(NOT pybind11_FOUND)
    set(meldgraph_python_why "it needs pybind11 (Debian: pybind11-dev)")
  elseif(NOT meldgraph_numpy_missing EQUAL 0)
    set(meldgraph_python_why "it needs NumPy for ${Python_EXECUTABLE} (Debian: python3-numpy)")
  else()
    set(MELDGRAPH_PYTHON_BUILT ON)
  endif()
endif()
if(NOT MELDGRAPH_PYTHON_BUILT AND NOT meldgraph_python_why STREQUAL "")
  if(MELDGRAPH_PYTHON STREQUAL "ON")
    message(FATAL_ERROR "MELDGRAPH_PYTHON=ON, but no Python module: ${meldgraph_python_why}")
  endif()
  message(STATUS "meldgraph Python module: not built: ${meldgraph_python_why}")
endif()
if(MELDGRAPH_PYTHON_BUILT)
  message(STATUS "meldgraph Python module: built for ${Python_EXECUTABLE} (${Python_VERSION})")
endif()
