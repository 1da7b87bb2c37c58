# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# `cmake --install BUILD --prefix P`:
#   P/bin/clampbench                      finds P/share/clampbench/expectations.json itself
#   P/share/clampbench/                   expectations.json, schema-v1.json, SCHEMA.md
#   P/share/clampbench/scripts/           clampbench_scripts/ and the tools that run it (compare.py,
#                                         ..., tool_runner.py); the .sh jobs need the source tree
#   P/include/clampbench/kernels/         the eager tensor runtime's headers
#   P/lib/libclampbench_kernels.a         clampbench::kernels, the runtime and its ledger
#   P/lib/cmake/clampbench/               find_package(clampbench) config for clampbench::kernels
# The harness and suites are not exported: they exist to build the binary.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS clampbench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES results/expectations.json results/schema-v1.json results/SCHEMA.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/clampbench)
install(DIRECTORY scripts/ DESTINATION ${CMAKE_INSTALL_DATADIR}/clampbench/scripts
        USE_SOURCE_PERMISSIONS FILES_MATCHING PATTERN "*.py"
        PATTERN "__pycache__" EXCLUDE PATTERN "detail" EXCLUDE)

install(DIRECTORY kernels/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/clampbench/kernels
        FILES_MATCHING PATTERN "*.h")
install(TARGETS clampbench_kernels EXPORT clampbenchTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
set_target_properties(clampbench_kernels PROPERTIES EXPORT_NAME kernels)
set(clampbench_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/clampbench)
install(EXPORT clampbenchTargets NAMESPACE clampbench:: DESTINATION ${clampbench_cmake_dir})
configure_package_config_file(cmake/clampbenchConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/clampbenchConfig.cmake INSTALL_DESTINATION ${clampbench_cmake_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/clampbenchConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/clampbenchConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/clampbenchConfigVersion.cmake
        DESTINATION ${clampbench_cmake_dir})
