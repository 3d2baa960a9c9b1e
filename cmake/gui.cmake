# gpuwise-gui: the web app's panels in a native window (GLFW + OpenGL 3, libglfw3-dev).
# Skipped with a note when GLFW or OpenGL is missing, so the CLI still builds.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(GW_GLFW QUIET IMPORTED_TARGET glfw3)
endif()
find_package(OpenGL QUIET)
if(NOT GW_GLFW_FOUND OR NOT OpenGL_FOUND)
  message(STATUS "gpuwise-gui: skipped (needs libglfw3-dev and libgl-dev; scripts/setup-deps.sh installs them)")
  return()
endif()

include("${CMAKE_SOURCE_DIR}/cmake/imgui.cmake")
target_link_libraries(gw_imgui_backend PUBLIC PkgConfig::GW_GLFW OpenGL::GL ${CMAKE_DL_LIBS})

add_executable(gpuwise-gui ${GW_PLATFORM_SOURCES})
target_link_libraries(gpuwise-gui PRIVATE gpuwise_app gw_imgui_backend gw_fonts)
# Installed, the window finds its font as <exe>/../share/gpuwise/fonts (any prefix, the .deb); the build
# tree's folder is only the last fallback (src/platform/native/native.cpp, font_dirs).
target_compile_definitions(gpuwise-gui PRIVATE GPUWISE_FONT_DIR="${GW_FONT_DIR}")
install(TARGETS gpuwise-gui RUNTIME DESTINATION bin)
install(FILES "${GW_FONT_DIR}/cjk.ttf" DESTINATION share/gpuwise/fonts)
