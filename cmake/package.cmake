# Install layout and the Debian package. Included from CMakeLists.txt's native section, after the gpuwise
# target (and gpuwise-gui, when cmake/gui.cmake made it) exist. CMakeLists.txt itself installs
# bin/gpuwise and data/*.json to share/gpuwise.
#
#   cmake --install build/native-release --prefix ~/.local     # or /usr/local with sudo
#   (cd build/native-release && cpack)                         # gpuwise_<version>_<arch>.deb

# The bash completion comes from running the built gpuwise, so it always matches its command tree.
set(GPUWISE_COMPLETION "${CMAKE_BINARY_DIR}/completion/gpuwise")
add_custom_command(
  OUTPUT "${GPUWISE_COMPLETION}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/completion"
  COMMAND gpuwise completion bash --output "${GPUWISE_COMPLETION}"
  DEPENDS gpuwise
  COMMENT "Generating the bash completion from gpuwise's command tree"
  VERBATIM)
add_custom_target(gpuwise_completion ALL DEPENDS "${GPUWISE_COMPLETION}")
install(FILES "${GPUWISE_COMPLETION}" DESTINATION share/bash-completion/completions)

install(FILES "${CMAKE_SOURCE_DIR}/README.md" "${CMAKE_SOURCE_DIR}/docs/install.md" DESTINATION share/doc/gpuwise
        OPTIONAL)

# cmake/gui.cmake installs bin/gpuwise-gui and its font; the menu entry and icon are added here.
if(TARGET gpuwise-gui)
  install(FILES "${CMAKE_SOURCE_DIR}/packaging/gpuwise.desktop" DESTINATION share/applications)
  install(FILES "${CMAKE_SOURCE_DIR}/packaging/gpuwise.svg" DESTINATION share/icons/hicolor/scalable/apps)
endif()

if(GPUWISE_BUILD_TESTS)
  # Sources the generated script in bash and checks what it completes against gpuwise's own help.
  add_test(NAME completion_bash
           COMMAND bash "${CMAKE_SOURCE_DIR}/tests/package/completion.sh" "${GPUWISE_COMPLETION}"
                   $<TARGET_FILE:gpuwise>)
  # Colour only on a TTY and never with NO_COLOR; Chinese tables aligned; --help with examples everywhere.
  add_test(NAME cli_output COMMAND bash "${CMAKE_SOURCE_DIR}/tests/package/cli_output.sh" $<TARGET_FILE:gpuwise>)
endif()

# ---- CPack: one .deb with the CLI, the desktop window when built, the data and the completion
set(GPUWISE_DEB_MAINTAINER "gpuwise maintainers <maintainers@gpuwise.invalid>"
    CACHE STRING "Maintainer field of the .deb (name <email>)")
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "gpuwise")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "gpuwise")
set(CPACK_PACKAGE_CONTACT "${GPUWISE_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "cloud GPU planner for graduate students (算力参谋)")
# The long description; CPack puts the summary above it and formats it for the control file.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "gpuwise tells a graduate student, for one job, budget and deadline, which
cloud GPU, which provider, on-demand or spot, how many cards and how long, and
what it will really cost in total, including storage and egress. Every
estimate shows its formula, its inputs and the date of the price it used.
Chinese and English, CNY and USD.

This package holds the command line gpuwise (with bash completion), the
desktop window gpuwise-gui when it was built, and the bundled catalog,
presets and student guide as JSON in /usr/share/gpuwise.")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${GPUWISE_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
# Depends is computed from the installed binaries by dpkg-shlibdeps (libc6, libstdc++6, and for the
# window libglfw3 and libgl1); bash-completion only makes the completion load.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion")
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_SOURCE_IGNORE_FILES "/build/" "/third_party/" "/node_modules/" "/\\\\.git/")
include(CPack)
