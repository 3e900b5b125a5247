# The installed package, used as another project uses it (docs/library.md): `cmake --install` of
# the build tree into a prefix inside it, then examples/cpp configured against that prefix alone
# (find_package), built and run on examples/cpp/hands.txt; then the same program compiled with
# `pkg-config --cflags --libs meldgraph` and run. Both outputs must be examples/cpp/expected.txt
# (its comment lines, which work out every value by hand, left out).
#
# cmake -DSOURCE_DIR=... -DBUILD_DIR=... -DWORK_DIR=... -DLIBDIR=... -DGENERATOR=...
#       [-DMAKE_PROGRAM=...] -DCXX_COMPILER=... [-DCXX_LAUNCHER=...] -DBUILD_TYPE=...
#       -DPKG_CONFIG=... -P install_example_test.cmake

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

# The expected output: expected.txt without its comments.
file(STRINGS ${SOURCE_DIR}/examples/cpp/expected.txt expected_lines ENCODING UTF-8)
set(expected "")
foreach(line IN LISTS expected_lines)
  if(NOT line MATCHES "^#")
    string(APPEND expected "${line}\n")
  endif()
endforeach()

function(check_output what program)
  run_step("${what}: running" ${program} riichi ${SOURCE_DIR}/examples/cpp/hands.txt)
  if(NOT step_output STREQUAL expected)
    message(FATAL_ERROR "${what}: the output differs from examples/cpp/expected.txt\n"
                        "got:\n${step_output}\nexpected:\n${expected}")
  endif()
  message(STATUS "${what}: the expected output")
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})

# 1. The install, and what it must hold.
run_step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(file include/meldgraph/meldgraph.hpp include/meldgraph/version.hpp
             include/meldgraph/model/error.hpp include/meldgraph/answers/score.hpp
             include/meldgraph/corpus/corpus.hpp ${LIBDIR}/libmeldgraph_model.a
             ${LIBDIR}/libmeldgraph_answers.a ${LIBDIR}/cmake/meldgraph/meldgraphConfig.cmake
             ${LIBDIR}/cmake/meldgraph/meldgraphConfigVersion.cmake
             ${LIBDIR}/pkgconfig/meldgraph.pc bin/meldgraph share/meldgraph/rules/riichi.yaml)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "the install has no ${file}")
  endif()
endforeach()
# No private header: the layers' src/ folders stay behind.
file(GLOB_RECURSE installed_headers RELATIVE ${prefix}/include ${prefix}/include/*)
foreach(header IN LISTS installed_headers)
  if(NOT header MATCHES "^meldgraph/")
    message(FATAL_ERROR "the install has a header outside meldgraph/: ${header}")
  endif()
endforeach()

# 2. find_package against the prefix alone: no package registry (the user's or the system's), so
# that nothing but CMAKE_PREFIX_PATH can lead to a meldgraph package.
set(example_build ${WORK_DIR}/example)
set(configure ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/cpp -B ${example_build} -G ${GENERATOR}
    -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON)
if(MAKE_PROGRAM)
  list(APPEND configure -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
if(CXX_LAUNCHER)
  list(APPEND configure -DCMAKE_CXX_COMPILER_LAUNCHER=${CXX_LAUNCHER})
endif()
run_step("configuring examples/cpp" ${configure})
file(STRINGS ${example_build}/CMakeCache.txt found_at REGEX "^meldgraph_DIR:")
if(NOT found_at STREQUAL "meldgraph_DIR:PATH=${prefix}/${LIBDIR}/cmake/meldgraph")
  message(FATAL_ERROR "meldgraph was not found in the install prefix: ${found_at}")
endif()
run_step("building examples/cpp" ${CMAKE_COMMAND} --build ${example_build})
# The example compiled against the installed headers only, and without the project's own flags
# (warnings, tuning): only the C++20 requirement passes on.
file(GLOB_RECURSE build_files ${example_build}/*.ninja ${example_build}/*.make
     ${example_build}/*flags.make)
foreach(build_file IN LISTS build_files)
  file(READ ${build_file} text)
  foreach(forbidden ${SOURCE_DIR}/engine ${SOURCE_DIR}/analyzers ${SOURCE_DIR}/package
                    ${BUILD_DIR}/generated -Wconversion -Werror -mmemset-strategy -fsanitize)
    string(FIND "${text}" "${forbidden}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "the example's build (${build_file}) uses ${forbidden}")
    endif()
  endforeach()
endforeach()
check_output("find_package(meldgraph)" ${example_build}/meldgraph_example)

# 3. pkg-config against the same prefix.
if(NOT PKG_CONFIG)
  message(FATAL_ERROR "pkg-config is not installed: meldgraph.pc cannot be checked")
endif()
run_step("pkg-config" ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${prefix}/${LIBDIR}/pkgconfig
         ${PKG_CONFIG} --cflags --libs meldgraph)
string(STRIP "${step_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
# meldgraph.pc finds its prefix from its own place: the include folder is the prefix's.
set(include_found OFF)
file(REAL_PATH ${prefix}/include prefix_include)
foreach(flag IN LISTS flags)
  if(flag MATCHES "^-I(.+)$")
    file(REAL_PATH ${CMAKE_MATCH_1} folder)
    if(folder STREQUAL prefix_include)
      set(include_found ON)
    endif()
  endif()
endforeach()
if(NOT include_found)
  message(FATAL_ERROR "pkg-config's flags do not name the prefix's include folder: ${flags}")
endif()
run_step("compiling examples/cpp with pkg-config's flags" ${CXX_LAUNCHER} ${CXX_COMPILER}
         -std=c++20 -O2 ${SOURCE_DIR}/examples/cpp/main.cpp ${flags}
         -o ${WORK_DIR}/meldgraph_example_pkg_config)
check_output("pkg-config" ${WORK_DIR}/meldgraph_example_pkg_config)
