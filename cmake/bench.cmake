# The recommender benchmark (scripts/bench-engine builds it in Release and runs it). Not part of `all`.
add_executable(bench_recommend EXCLUDE_FROM_ALL "${CMAKE_SOURCE_DIR}/bench/bench_recommend.cpp")
target_link_libraries(bench_recommend PRIVATE gpuwise_engine)
target_compile_definitions(bench_recommend PRIVATE GW_BENCH_SCENARIOS="${CMAKE_SOURCE_DIR}/bench/scenarios.txt")
