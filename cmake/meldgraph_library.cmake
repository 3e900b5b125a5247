# meldgraph_library(LAYER SOURCES ... [DEPENDS ...] [PRIVATE_DEPENDS ...]
#                   [PRIVATE_HEADER_DEPENDS ...] [PUBLIC_INCLUDE DIR] [PRIVATE_INCLUDE DIR]
#                   [SCORING_PATH ...])
#
# One library of one layer (docs/architecture.md, "Layers"): the static library meldgraph_LAYER
# (alias meldgraph::LAYER, and meldgraph::LAYER once installed: docs/library.md), its public
# headers under PUBLIC_INCLUDE (as meldgraph/LAYER/...), its private headers under
# PRIVATE_INCLUDE, seen by its own sources only, so that an include of another library's private
# header fails to compile. DEPENDS are the layers below it whose public headers it reads (its
# usage requirements pass them on). PRIVATE_DEPENDS are libraries its sources alone read and link
# (yaml-cpp): a program that links the static library links them too, so the installed package
# finds them. PRIVATE_HEADER_DEPENDS are header-only libraries its sources alone read (Boost,
# range-v3): nothing to link, so the installed package does not ask for them. SCORING_PATH names
# those of SOURCES a scored reading crosses, which MELDGRAPH_LTO optimises together into the
# meldgraph command (meldgraph_apply_scoring_lto below).
#
# The project's flags (meldgraph_flags: warnings, sanitizers, tuning) are its own build's: a
# program that uses the installed libraries inherits only the C++20 requirement.
function(meldgraph_library layer)
  cmake_parse_arguments(ARG "" "PUBLIC_INCLUDE;PRIVATE_INCLUDE"
                        "SOURCES;DEPENDS;PRIVATE_DEPENDS;PRIVATE_HEADER_DEPENDS;SCORING_PATH"
                        ${ARGN})
  set(target meldgraph_${layer})
  add_library(${target} STATIC ${ARG_SOURCES})
  add_library(meldgraph::${layer} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${layer})
  if(ARG_PUBLIC_INCLUDE)
    target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${ARG_PUBLIC_INCLUDE}>)
  endif()
  if(ARG_PRIVATE_INCLUDE)
    target_include_directories(${target} PRIVATE ${ARG_PRIVATE_INCLUDE})
  endif()
  target_compile_features(${target} PUBLIC cxx_std_20)
  set(header_depends)
  foreach(dependency IN LISTS ARG_PRIVATE_HEADER_DEPENDS)
    list(APPEND header_depends $<BUILD_INTERFACE:${dependency}>)
  endforeach()
  target_link_libraries(${target} PUBLIC $<BUILD_INTERFACE:meldgraph_flags> ${ARG_DEPENDS}
                                  PRIVATE ${ARG_PRIVATE_DEPENDS} ${header_depends})
  foreach(source IN LISTS ARG_SCORING_PATH)
    get_filename_component(path ${source} ABSOLUTE)
    set_property(GLOBAL APPEND PROPERTY MELDGRAPH_SCORING_PATH "${target}|${path}")
  endforeach()
endfunction()

# Link-time optimisation of the scoring path into the meldgraph command (docs/performance.md,
# "Link-time optimisation"): a reading crosses the lister, the reading, the record, the pattern
# program and the values, each a call no compiler inlines across files, and across libraries.
# Release builds only, not the sanitizers' or fuzzers'; every other executable (tests, benchmarks,
# fuzz replays, meldgraph-mpi) links the libraries' plain objects, so the build pays for one
# link-time optimisation.
# - GCC: the path's objects are fat (machine code beside the IR) in their own libraries;
#   meldgraph links with -flto, every other executable with -fno-lto.
# - Clang: clang 14 has no fat objects, so each library's path files are compiled a second time
#   as ThinLTO bitcode (an object library per library, with the library's own include
#   directories), for meldgraph alone (its objects come before the libraries, whose copies of them
#   are then never pulled), and meldgraph links through gold's LLVM plugin (llvm-14-linker-tools,
#   a dependency of clang-14).
function(meldgraph_apply_scoring_lto executable)
  if(NOT (MELDGRAPH_LTO AND CMAKE_BUILD_TYPE STREQUAL "Release" AND NOT MELDGRAPH_SANITIZE
          AND NOT MELDGRAPH_FUZZ))
    return()
  endif()
  set(output "GCC or Clang only")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    include(CheckIPOSupported)
    check_ipo_supported(RESULT supported OUTPUT output LANGUAGES CXX)
  elseif(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    # The objects are not archived (no llvm-ar needed): a ThinLTO link through gold is the test.
    include(CheckCXXSourceCompiles)
    set(CMAKE_REQUIRED_FLAGS -flto=thin)
    set(CMAKE_REQUIRED_LINK_OPTIONS -flto=thin -fuse-ld=gold)
    check_cxx_source_compiles("int main() { return 0; }" supported)
    unset(CMAKE_REQUIRED_FLAGS)
    unset(CMAKE_REQUIRED_LINK_OPTIONS)
    set(output "clang -flto=thin -fuse-ld=gold does not link")
  endif()
  if(NOT supported)
    message(STATUS "MELDGRAPH_LTO: not supported here, built without (${output})")
    return()
  endif()
  get_property(entries GLOBAL PROPERTY MELDGRAPH_SCORING_PATH)
  set(libraries)
  foreach(entry IN LISTS entries)
    string(REPLACE "|" ";" pair "${entry}")
    list(GET pair 0 library)
    list(GET pair 1 source)
    list(APPEND libraries ${library})
    list(APPEND sources_${library} ${source})
  endforeach()
  list(REMOVE_DUPLICATES libraries)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    foreach(library IN LISTS libraries)
      set_source_files_properties(${sources_${library}} TARGET_DIRECTORY ${library}
                                  PROPERTIES COMPILE_OPTIONS "-flto=auto;-ffat-lto-objects")
    endforeach()
    target_link_options(meldgraph_flags INTERFACE
                        $<IF:$<STREQUAL:$<TARGET_PROPERTY:NAME>,${executable}>,-flto=auto,-fno-lto>)
  else()
    foreach(library IN LISTS libraries)
      # The library's usage requirements come from linking it; its own include directories
      # (its private headers) are the one thing added.
      add_library(${library}_lto OBJECT ${sources_${library}})
      target_include_directories(${library}_lto PRIVATE
                                 $<TARGET_PROPERTY:${library},INCLUDE_DIRECTORIES>)
      target_link_libraries(${library}_lto PRIVATE ${library})
      target_compile_options(${library}_lto PRIVATE -flto=thin)
      target_sources(${executable} PRIVATE $<TARGET_OBJECTS:${library}_lto>)
    endforeach()
    target_link_options(${executable} PRIVATE -flto=thin -fuse-ld=gold)
  endif()
endfunction()
