# Runs the gpuwise arguments in CMD (one per line) and compares stdout and the exit code
# with CMD's sibling .out file: "exit N", stdout, then "[stderr]" and stderr when there is any.
# UTF-8: a Chinese argument ("通义 7B") is kept, not dropped as a non-ASCII line.
file(STRINGS "${CMD}" args ENCODING UTF-8)
string(REGEX REPLACE "\\.cmd$" ".out" expected_file "${CMD}")
# A fixed environment: English unless the test asks with --lang, no colour, and a pinned today (price ages
# count to it: without the pin the output would age with the clock).
# Run from the source tree, so a .cmd can name input files as tests/data/... whatever the build directory.
execute_process(COMMAND ${CMAKE_COMMAND} -E env NO_COLOR=1 GPUWISE_TODAY=2026-11-09 LANG=C LC_ALL= LC_MESSAGES= ${GPUWISE} ${args}
                WORKING_DIRECTORY "${CMAKE_CURRENT_LIST_DIR}/.."
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(actual "exit ${rc}\n${out}")
if(NOT err STREQUAL "")
  string(APPEND actual "[stderr]\n${err}")
endif()
if(DEFINED ENV{GPUWISE_UPDATE_GOLDEN})
  file(WRITE "${expected_file}" "${actual}")
  return()
endif()
file(READ "${expected_file}" expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "golden mismatch for ${CMD}\n--- expected\n${expected}\n--- actual\n${actual}\n--- stderr\n${err}")
endif()
