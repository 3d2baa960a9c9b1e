# Runs the gpuwise arguments in CMD (one per line) and compares stdout and the exit code
# with CMD's sibling .out file, whose first line is "exit N".
file(STRINGS "${CMD}" args)
string(REGEX REPLACE "\\.cmd$" ".out" expected_file "${CMD}")
execute_process(COMMAND ${GPUWISE} ${args} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                ENV NO_COLOR=1)
set(actual "exit ${rc}\n${out}")
if(DEFINED ENV{GPUWISE_UPDATE_GOLDEN})
  file(WRITE "${expected_file}" "${actual}")
  return()
endif()
file(READ "${expected_file}" expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "golden mismatch for ${CMD}\n--- expected\n${expected}\n--- actual\n${actual}\n--- stderr\n${err}")
endif()
