# libFuzzer targets (tests/fuzz/fuzz_*.cpp), built by the `fuzz` preset with clang.
# The engine itself is instrumented for coverage (fuzzer-no-link) and sanitized, so the fuzzer sees
# every branch of the parsers and ASan/UBSan turn silent memory or arithmetic bugs into crashes.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "GPUWISE_BUILD_FUZZ needs clang++ (libFuzzer); use the `fuzz` preset")
endif()
find_package(CLI11 REQUIRED)

# UB aborts instead of printing and carrying on: libFuzzer only notices what crashes.
set(GPUWISE_SANITIZE -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
foreach(lib gpuwise_engine gpuwise_diagnose)
  target_compile_options(${lib} PRIVATE -fsanitize=fuzzer-no-link ${GPUWISE_SANITIZE})
endforeach()
# Everything that links the sanitized engine (the CLI too) needs the sanitizer runtimes.
target_link_options(gpuwise_engine INTERFACE -fsanitize=address,undefined)

file(GLOB GPUWISE_FUZZ_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_*.cpp")
add_custom_target(gpuwise_fuzz_all)
foreach(src IN LISTS GPUWISE_FUZZ_SOURCES)
  get_filename_component(name "${src}" NAME_WE)
  set(extra "")
  # CLI flag parsers live in the CLI, not the engine: compile them into their target.
  if(name STREQUAL "fuzz_cli_numbers")
    set(extra "${CMAKE_SOURCE_DIR}/src/cli/cli_common.cpp" "${CMAKE_SOURCE_DIR}/src/cli/glossary.cpp")
  endif()
  add_executable(${name} "${src}" ${extra} "${CMAKE_SOURCE_DIR}/tests/fuzz/sanitizer_options.cpp")
  target_include_directories(${name} PRIVATE "${CMAKE_SOURCE_DIR}/src" "${CMAKE_SOURCE_DIR}/tests")
  target_compile_options(${name} PRIVATE -fsanitize=fuzzer ${GPUWISE_SANITIZE})
  target_link_options(${name} PRIVATE -fsanitize=fuzzer ${GPUWISE_SANITIZE})
  target_link_libraries(${name} PRIVATE gpuwise_diagnose CLI11::CLI11)
  add_dependencies(gpuwise_fuzz_all ${name})
endforeach()
