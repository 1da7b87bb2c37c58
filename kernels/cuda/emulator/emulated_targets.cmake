# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# The emulated CUDA build, for tests: the host compiler builds the sources of a CUDA-enabled
# library again, .cu files included, with CLAMPBENCH_CUDA_EMULATED, and links the grid
# emulator and the emulated runtime API (clampbench_cuda_emulator) instead of libcudart. The
# .cu files are compiled through generated one-line .cpp files that #include them: the same
# source, never a copy. Only the toolkit's headers are used; no device, no driver.

add_library(clampbench_cuda_emulator STATIC
  ${PROJECT_SOURCE_DIR}/kernels/cuda/emulator/grid_emulator.cpp
  ${PROJECT_SOURCE_DIR}/kernels/cuda/emulator/warp_lanes.cpp
  ${PROJECT_SOURCE_DIR}/kernels/cuda/emulator/runtime_api.cpp
  ${PROJECT_SOURCE_DIR}/kernels/cuda/emulator/device_memory.cpp)
target_include_directories(clampbench_cuda_emulator PUBLIC ${PROJECT_SOURCE_DIR} ${CUDAToolkit_INCLUDE_DIRS})
target_compile_definitions(clampbench_cuda_emulator PUBLIC CLAMPBENCH_HAVE_CUDA=1 CLAMPBENCH_CUDA_EMULATED=1)
target_compile_options(clampbench_cuda_emulator PRIVATE -Wall -Wextra)

# clampbench_emulated_file(<out-var> <absolute path of a .cu>): the generated .cpp including it.
function(clampbench_emulated_file out source)
  file(RELATIVE_PATH relative ${PROJECT_SOURCE_DIR} ${source})
  string(MAKE_C_IDENTIFIER "${relative}" stem)
  set(wrapper ${CMAKE_CURRENT_BINARY_DIR}/emulated/${stem}.cpp)
  file(CONFIGURE OUTPUT ${wrapper} CONTENT "#include \"${relative}\"  // compiled for the grid emulator\n")
  set(${out} ${wrapper} PARENT_SCOPE)
endfunction()

# clampbench_emulated_sources(<out-var> <target>...): the sources of the targets, with each .cu
# replaced by a generated .cpp that includes it; a suite's kernel (CLAMPBENCH_SUITE_KERNELS) is
# left out, as its suite file includes it and compiles it there.
function(clampbench_emulated_sources out)
  get_property(included GLOBAL PROPERTY CLAMPBENCH_SUITE_KERNELS)
  set(result "")
  foreach(target IN LISTS ARGN)
    get_target_property(sources ${target} SOURCES)
    get_target_property(dir ${target} SOURCE_DIR)
    foreach(source IN LISTS sources)
      if(source MATCHES "^\\$<")  # $<TARGET_OBJECTS:...>: listed through its own target
        continue()
      endif()
      if(NOT IS_ABSOLUTE "${source}")
        set(source "${dir}/${source}")
      endif()
      if(source IN_LIST included)
        continue()
      endif()
      if(source MATCHES "\\.cu$")
        clampbench_emulated_file(source ${source})
      endif()
      list(APPEND result ${source})
    endforeach()
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# clampbench_emulated_library(<name> <original-target>... LINK <libs>...)
function(clampbench_emulated_library name)
  cmake_parse_arguments(arg "" "" "LINK" ${ARGN})
  clampbench_emulated_sources(sources ${arg_UNPARSED_ARGUMENTS})
  add_library(${name} STATIC ${sources})
  target_link_libraries(${name} PUBLIC clampbench_cuda_emulator ${arg_LINK})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  # The kernels' scalar code must round as a device with --fmad=false does: no contraction.
  target_compile_options(${name} PRIVATE -ffp-contract=off)
endfunction()

clampbench_emulated_library(clampbench_kernels_emulated clampbench_kernels LINK fmt::fmt)
clampbench_emulated_library(clampbench_suites_emulated clampbench_suites
                            LINK clampbench_kernels_emulated)

# ASan and UBSan over the emulated build and its tests: an index past a tensor's memory in a
# kernel becomes a heap-buffer-overflow report instead of a silent read.
option(CLAMPBENCH_SANITIZE "Build the emulated CUDA libraries and test_cuda_logic with ASan and UBSan" OFF)
function(clampbench_sanitize target)
  if(CLAMPBENCH_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-sanitize-recover=undefined
                                             -fno-omit-frame-pointer)
    target_link_options(${target} PUBLIC -fsanitize=address,undefined)
  endif()
endfunction()
foreach(target clampbench_cuda_emulator clampbench_kernels_emulated clampbench_suites_emulated)
  clampbench_sanitize(${target})
endforeach()
