# Dear ImGui 1.86 (third_party/imgui, from Debian's source package) as a static library, plus the
# build-time font subsets shared by the web and desktop front ends.
set(GW_IMGUI "${GPUWISE_IMGUI_DIR}")
# The core (what src/app may use) apart from the GLFW and OpenGL backends (what src/platform drives).
add_library(gw_imgui STATIC
  "${GW_IMGUI}/imgui.cpp" "${GW_IMGUI}/imgui_draw.cpp" "${GW_IMGUI}/imgui_tables.cpp"
  "${GW_IMGUI}/imgui_widgets.cpp")
target_include_directories(gw_imgui SYSTEM PUBLIC "${GW_IMGUI}")
# No imgui.ini, no metrics window: the app keeps its own settings and ships small.
target_compile_definitions(gw_imgui PUBLIC IMGUI_DISABLE_METRICS_WINDOW IMGUI_DISABLE_FILE_FUNCTIONS)
add_library(gw_imgui_backend STATIC
  "${GW_IMGUI}/backends/imgui_impl_glfw.cpp" "${GW_IMGUI}/backends/imgui_impl_opengl3.cpp")
target_include_directories(gw_imgui_backend SYSTEM PUBLIC "${GW_IMGUI}/backends")
target_link_libraries(gw_imgui_backend PUBLIC gw_imgui)

# The app: every panel, drawn with Dear ImGui alone. It reaches the world through platform/platform.hpp,
# which the executable's platform sources implement (cmake/check_layers.cmake keeps GLFW, GL, Emscripten
# and platform-private headers out of it).
file(GLOB_RECURSE GW_APP_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/app/*.cpp")
add_library(gpuwise_app STATIC ${GW_APP_SOURCES})
target_link_libraries(gpuwise_app PUBLIC gpuwise_diagnose gw_imgui)
# The platform: the shared frame driver and fonts, and the backend CMake picks for this build.
if(EMSCRIPTEN)
  set(GW_PLATFORM_DIR web)
else()
  set(GW_PLATFORM_DIR native)
endif()
file(GLOB GW_PLATFORM_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/platform/*.cpp"
  "${CMAKE_SOURCE_DIR}/src/platform/${GW_PLATFORM_DIR}/*.cpp")
list(FILTER GW_PLATFORM_SOURCES EXCLUDE REGEX "/checker\\.cpp$")

# Fonts: a Latin subset compiled in, a CJK subset loaded on demand (scripts/build-font.py).
find_program(GW_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GW_PYTHON3)
  find_program(GW_PYTHON3 NAMES python3 REQUIRED)
endif()
file(GLOB_RECURSE GW_FONT_TEXT CONFIGURE_DEPENDS
  "${CMAKE_SOURCE_DIR}/src/*.cpp" "${CMAKE_SOURCE_DIR}/src/*.hpp" "${CMAKE_SOURCE_DIR}/data/*.json")
set(GW_FONT_DIR "${CMAKE_BINARY_DIR}/fonts")
set(GW_LATIN_CPP "${CMAKE_BINARY_DIR}/generated/latin_font.cpp")
add_custom_command(
  OUTPUT "${GW_FONT_DIR}/latin.ttf" "${GW_FONT_DIR}/cjk.ttf" "${GW_LATIN_CPP}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${GW_FONT_DIR}" "${CMAKE_BINARY_DIR}/generated"
  COMMAND "${GW_PYTHON3}" "${CMAKE_SOURCE_DIR}/scripts/build-font.py"
          --scan "${CMAKE_SOURCE_DIR}/src" "${CMAKE_SOURCE_DIR}/data"
          --latin-out "${GW_FONT_DIR}/latin.ttf" --latin-cpp "${GW_LATIN_CPP}" --cjk-out "${GW_FONT_DIR}/cjk.ttf"
  DEPENDS ${GW_FONT_TEXT} "${CMAKE_SOURCE_DIR}/scripts/build-font.py"
  COMMENT "Subsetting Noto Sans CJK SC for the UI")
add_library(gw_fonts STATIC "${GW_LATIN_CPP}")
