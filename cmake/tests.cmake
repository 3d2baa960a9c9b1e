find_package(doctest REQUIRED)
file(GLOB GPUWISE_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/unit/*.cpp")
add_executable(gpuwise_tests ${GPUWISE_TEST_SOURCES})
target_link_libraries(gpuwise_tests PRIVATE gpuwise_diagnose doctest::doctest)
# Tests that read the reference facts (validation cases) find them through this.
target_compile_definitions(gpuwise_tests PRIVATE
  GPUWISE_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
  GPUWISE_REFERENCE_DIR="${CMAKE_SOURCE_DIR}/../shared/reference")
add_test(NAME unit COMMAND gpuwise_tests --no-intro=true)
set_tests_properties(unit PROPERTIES TIMEOUT 600)

# CLI golden tests: each tests/golden/*.cmd holds one gpuwise invocation; *.out its expected output.
file(GLOB GPUWISE_GOLDEN CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/golden/*.cmd")
foreach(cmd IN LISTS GPUWISE_GOLDEN)
  get_filename_component(name "${cmd}" NAME_WE)
  add_test(NAME golden_${name}
    COMMAND ${CMAKE_COMMAND} -DGPUWISE=$<TARGET_FILE:gpuwise> -DCMD=${cmd}
            -P "${CMAKE_SOURCE_DIR}/cmake/run_golden.cmake")
endforeach()

# The layer check (cmake/check_layers.cmake) fails on each kind of forbidden include.
add_test(NAME layer_check
  COMMAND ${CMAKE_COMMAND} -DSOURCE=${CMAKE_SOURCE_DIR} -DWORK=${CMAKE_BINARY_DIR}/layer-check-scratch
          -P "${CMAKE_SOURCE_DIR}/tests/layers/run_check.cmake")

# scripts/build_catalog.py writes the keys of the engine's catalog field list, no more, no fewer.
add_test(NAME catalog_fields_script
  COMMAND ${GW_PYTHON3} "${CMAKE_SOURCE_DIR}/scripts/build_catalog.py" --check-fields $<TARGET_FILE:gpuwise>
          --out "${CMAKE_SOURCE_DIR}/data/catalog.json")

# The web page's English-only data copies (scripts/build-web-data.py) keep everything an English reader sees.
add_test(NAME web_data_english
  COMMAND ${GW_PYTHON3} "${CMAKE_SOURCE_DIR}/tests/data/check_english_data.py" --gpuwise $<TARGET_FILE:gpuwise>)
