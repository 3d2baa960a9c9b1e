# ctest: cmake/check_layers.cmake passes on src/ and fails on a tree with a forbidden include, one
# per rule, each in a subfolder (the check is recursive).
# cmake -DSOURCE=<project dir> -DWORK=<scratch dir> -P run_check.cmake
set(check "${SOURCE}/cmake/check_layers.cmake")
execute_process(COMMAND ${CMAKE_COMMAND} -DSRC=${SOURCE}/src -P "${check}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the layer check refuses the real tree:\n${err}")
endif()
set(cases
  "engine/deep/bad.cpp|#include \"app/app.hpp\""
  "engine/bad.hpp|#include \"platform/platform.hpp\""
  "engine/x/bad.cpp|#include \"cli/cli.hpp\""
  "engine/bad2.cpp|#include <chrono>"
  "engine/diagnose/bad.cpp|#include <imgui.h>"
  "app/bad.cpp|#include <GLFW/glfw3.h>"
  "app/sub/bad.cpp|#include <emscripten.h>"
  "app/bad2.cpp|#include \"platform/shell.hpp\"")
foreach(c IN LISTS cases)
  string(REPLACE "|" ";" parts "${c}")
  list(GET parts 0 file)
  list(GET parts 1 line)
  file(REMOVE_RECURSE "${WORK}")
  get_filename_component(dir "${WORK}/src/${file}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}" "${WORK}/src/engine" "${WORK}/src/app")
  file(WRITE "${WORK}/src/${file}" "${line}\n")
  execute_process(COMMAND ${CMAKE_COMMAND} -DSRC=${WORK}/src -P "${check}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "the layer check accepted ${file}: ${line}")
  endif()
  if(NOT err MATCHES "${file}")
    message(FATAL_ERROR "the layer check failed on ${file} without naming it:\n${err}")
  endif()
endforeach()
# platform/platform.hpp is the app's one door to the platform.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/src/engine" "${WORK}/src/app")
file(WRITE "${WORK}/src/app/ok.cpp" "#include \"platform/platform.hpp\"\n#include \"imgui.h\"\n")
execute_process(COMMAND ${CMAKE_COMMAND} -DSRC=${WORK}/src -P "${check}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the layer check refused the app's allowed includes:\n${err}")
endif()
file(REMOVE_RECURSE "${WORK}")
