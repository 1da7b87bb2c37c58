# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# The CUPTI tracer and NVTX annotation, included from harness/CMakeLists.txt.
#
# They form their own static library, clampbench_cupti, linked PUBLIC into clampbench_harness:
# the harness gets every source, and tests/cupti links the tracer alone, without the runner.
# With CUDA: the CUPTI record source, CUDA::cupti and CUDA::nvtx3 (never CUDA::cuda_driver:
# CUPTI's headers name driver types, its library finds the driver itself). Without CUDA: the
# factory that says "built without CUDA", and NVTX calls compiled out.
set(_cb_cupti ${CMAKE_CURRENT_LIST_DIR})
set(_cb_nvtx ${CMAKE_CURRENT_LIST_DIR}/../nvtx)
add_library(clampbench_cupti STATIC
  ${_cb_cupti}/activity_record.cpp
  ${_cb_cupti}/aggregator.cpp
  ${_cb_cupti}/cross_check.cpp
  ${_cb_cupti}/launch_check.cpp
  ${_cb_cupti}/fake_record_source.cpp
  ${_cb_cupti}/source_tracer.cpp
  ${_cb_nvtx}/range.cpp
)
add_library(clampbench::cupti ALIAS clampbench_cupti)
target_link_libraries(clampbench_cupti PUBLIC clampbench::kernels fmt::fmt)
target_compile_options(clampbench_cupti PRIVATE -Wall -Wextra)
if(CLAMPBENCH_HAVE_CUDA)
  target_sources(clampbench_cupti PRIVATE
    ${_cb_cupti}/cupti_record_source.cpp
    ${_cb_cupti}/detail/activity_buffers.cpp
    ${_cb_cupti}/detail/convert_record.cpp
    ${_cb_cupti}/make_tracer_cuda.cpp
  )
  target_link_libraries(clampbench_cupti PUBLIC CUDA::cupti CUDA::nvtx3 CUDA::cudart)
else()
  target_sources(clampbench_cupti PRIVATE ${_cb_cupti}/make_tracer_no_cuda.cpp)
endif()
if(TARGET clampbench_harness)
  target_link_libraries(clampbench_harness PUBLIC clampbench::cupti)
endif()
unset(_cb_cupti)
unset(_cb_nvtx)
