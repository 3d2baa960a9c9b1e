# Header-only host libraries for the Emscripten build. Their CMake configs point at /usr/include, which
# must never reach emcc (glibc headers would shadow the wasm sysroot), so only their own folder is
# copied into the build tree and used from there.
set(GW_WEB_HOST_INCLUDE "${CMAKE_BINARY_DIR}/host-include")
if(NOT EXISTS "/usr/include/nlohmann/json.hpp")
  message(FATAL_ERROR "nlohmann/json.hpp not found: install nlohmann-json3-dev (scripts/setup-deps.sh)")
endif()
file(COPY "/usr/include/nlohmann" DESTINATION "${GW_WEB_HOST_INCLUDE}")
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${GW_WEB_HOST_INCLUDE}")
