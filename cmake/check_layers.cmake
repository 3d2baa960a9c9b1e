# Fails the build when a layer includes what it must not (cmake -DSRC=<src dir> -P check_layers.cmake):
#   src/engine (and every subfolder): no UI, GL, windowing or Emscripten header, no clocks, files, threads
#     or network, and nothing from src/app, src/platform or src/cli;
#   src/app: Dear ImGui only: no GLFW, GL, Emscripten, and no platform-private header (only
#     platform/platform.hpp, the platform's public face).
# Globbed recursively, so a file in a new subfolder is checked too. tests/layers/run.sh shows it fails.
function(gw_check_dir dir pattern what out)
  set(bad "")
  file(GLOB_RECURSE files "${dir}/*.cpp" "${dir}/*.hpp" "${dir}/*.h")
  foreach(f IN LISTS files)
    file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include")
    foreach(l IN LISTS lines)
      if(l MATCHES "${pattern}")
        list(APPEND bad "${f}: ${l} (${what})")
      endif()
    endforeach()
  endforeach()
  set(${out} ${bad} PARENT_SCOPE)
endfunction()

gw_check_dir("${SRC}/engine"
  "[<\"](imgui|GLFW|GL/|GLES|emscripten|fstream|chrono|filesystem|thread|ctime|app/|platform/|cli/|CLI/)"
  "the engine is a pure library" engine_bad)
# app may include platform/platform.hpp and nothing else from src/platform.
gw_check_dir("${SRC}/app" "[<\"](GLFW|GL/|GLES|emscripten|platform/(web|native|checker|shell|main)|cli/)"
  "the app draws with Dear ImGui and reaches the platform only through platform/platform.hpp" app_bad)
set(bad ${engine_bad} ${app_bad})
if(bad)
  list(JOIN bad "\n  " msg)
  message(FATAL_ERROR "layer check failed; these includes are not allowed:\n  ${msg}")
endif()
