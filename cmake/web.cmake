# The static web site, built by Emscripten:
#   gpuwise_web   -> ${CMAKE_BINARY_DIR}/site/       (index.html, index.js, index.wasm, sw.js, fonts/, ...)
#   gpuwise_hello -> ${CMAKE_BINARY_DIR}/site-hello/ (a bare Dear ImGui page: the benchmark's baseline)
# emcc's own HTML output is not used (its minifier crashes here); web/index.html is our shell.
include("${CMAKE_SOURCE_DIR}/cmake/imgui.cmake")

set(GW_SITE "${CMAKE_BINARY_DIR}/site")
set(GW_SITE_HELLO "${CMAKE_BINARY_DIR}/site-hello")

target_compile_definitions(gw_imgui_backend PUBLIC IMGUI_IMPL_OPENGL_ES3)
# Size first: the English page must stay under 350 KB gzipped.
# C++ exceptions are off in the browser: the engine never throws on bad input (it returns problems), and
# JavaScript-emulated exception support would double the code and slow every call. A throw would stop
# the page with a message (shell.js onAbort) instead of being caught.
option(GPUWISE_WEB_EXCEPTIONS "Emscripten: support catching C++ exceptions (bigger, slower)" OFF)
option(GPUWISE_WEB_LTO "Emscripten: link-time optimisation (smaller wasm)" ON)
# The allocator (issue 20 item 4 measures it with scripts/bench): emmalloc is small, dlmalloc faster.
set(GPUWISE_WEB_MALLOC "emmalloc" CACHE STRING "Emscripten: -sMALLOC= for the page (emmalloc|dlmalloc)")
# JSON_NOEXCEPTION: nlohmann::json aborts instead of building exception messages nothing could catch
# (every parse in the engine is the non-throwing kind, and every access is type-checked first).
# -mnontrapping-fptoint and -mbulk-memory: a float-to-int conversion is one instruction instead of a range
# check around it, and memcpy/memset are memory.copy/fill. Every browser with WebGL 2 has both (Safari 15,
# Chrome 75, Firefox 64).
set(GW_WEB_COMPILE -Oz -fno-rtti -DJSON_NOEXCEPTION -mnontrapping-fptoint -mbulk-memory)
if(GPUWISE_WEB_LTO)
  list(APPEND GW_WEB_COMPILE -flto)
endif()
if(GPUWISE_WEB_EXCEPTIONS)
  list(APPEND GW_WEB_COMPILE -fexceptions)
  set(GW_WEB_EXC_LINK -sDISABLE_EXCEPTION_CATCHING=0)
else()
  set(GW_WEB_EXC_LINK -sDISABLE_EXCEPTION_CATCHING=1)
endif()
# wasm-opt inlines a function into its only caller however big it is (-1), so code the first load never runs
# (the model library's reader, the catalog notes' reader...) sat inside functions it does run, and shipped in
# index.wasm.lzma, the primary half of the split (scripts/build-web-split.py). Measured 12-05 on the primary
# and the deferred half (LZMA) and the whole wasm (raw): -1 (wasm-opt's default) 270.1 + 89.4 KB, 998 KB;
# 200: 249.3 + 110.2, 1001 KB; 50: 242.3 + 116.2, 1006 KB; 10: 240.0 + 119.0, 1016 KB. Functions of up to 50
# (wasm-opt's measure) are still inlined, so no hot call gains a call.
set(GPUWISE_WEB_ONE_CALLER_INLINE "50" CACHE STRING
    "Emscripten: largest function wasm-opt inlines into its only caller (-1: any)")
set(GW_WEB_LINK
  ${GW_WEB_COMPILE} ${GW_WEB_EXC_LINK} -sUSE_GLFW=3 -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sENVIRONMENT=web
  # The CSP allows 'wasm-unsafe-eval' but no eval of JavaScript.
  -sDYNAMIC_EXECUTION=0
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString
  -sFILESYSTEM=0 -sMALLOC=${GPUWISE_WEB_MALLOC}
  # Smaller JavaScript: ImGui's renderer never asks for GL extensions or checks glGetError, and nothing
  # reads errno (there is no file system).
  -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0 -sGL_EXTENSIONS_IN_PREFIXED_FORMAT=0 -sGL_TRACK_ERRORS=0
  -sSUPPORT_ERRNO=0
  # Smaller index.js (issue 20): Emscripten reads only the Module properties web/shell.js sets, decodes
  # UTF-8 with TextDecoder alone (every browser with WebGL 2 has it), and nothing calls setjmp/longjmp.
  "-sINCOMING_MODULE_JS_API=[canvas,print,printErr,onAbort,onRuntimeInitialized,instantiateWasm,preinitializedWebGLContext]"
  -sTEXTDECODER=2 -sSUPPORT_LONGJMP=0
  # A second round of wasm-opt -Oz after the first finds another 3 KB gzipped. The page's wasm is split by
  # which functions its first load runs (scripts/build-web-split.py); wasm-opt inlines every function that
  # has one caller, which puts code the first load never runs into functions it does.
  "-sBINARYEN_EXTRA_PASSES=-Oz,--one-caller-inline-max-function-size=${GPUWISE_WEB_ONE_CALLER_INLINE}")
# Closure Compiler (npm, pinned in tools/closure; scripts/setup-deps.sh installs it) shrinks the JavaScript
# Emscripten writes by a third. Without it the site still builds, just bigger.
find_program(GW_CLOSURE_COMPILER compiler NO_DEFAULT_PATH
  PATHS "${CMAKE_SOURCE_DIR}/tools/closure/node_modules/google-closure-compiler-linux")
if(GW_CLOSURE_COMPILER)
  set(GW_CLOSURE_LINK --closure=1)
  list(APPEND GW_WEB_LINK ${GW_CLOSURE_LINK})
  # emcc finds it through its config, which EM_<NAME> environment variables set.
  set(GW_WEB_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;EM_CLOSURE_COMPILER=${GW_CLOSURE_COMPILER}")
else()
  message(WARNING "Closure Compiler not found (run scripts/setup-deps.sh): the page's JavaScript stays unminified")
endif()
foreach(t gw_imgui gw_imgui_backend gpuwise_app gw_fonts gpuwise_engine gpuwise_diagnose gpuwise_data gpuwise_data_checker)
  target_compile_options(${t} PRIVATE ${GW_WEB_COMPILE})
endforeach()
# The engine's inlining (issue 20 item 4). emcc 3.1.6 turns -Os and -Oz into -fno-inline-functions (its
# INLINING_LIMIT), with which clang marks every function not declared `inline` noinline, std::vector::begin()
# and std::string::size() included; a later -O2 does not undo it. -finline-functions puts LLVM's size-aware
# inliner back. Measured 12-05 (scripts/bench, the same machine, before -> after): recommend() in the page
# x2.6 -> x1.8 native (bert-base 2.8 -> 1.9 ms), the whole index.wasm 982 -> 957 KB, and the first load's
# half of it 242.0 -> 250.2 KB LZMA (inlined calls also pull code the first load never runs into functions it
# does). On ImGui it added 4.7 KB more to the first load for no first frame gained, on the app nothing
# either way; both keep emcc's setting.
# Other settings for the engine, with bench_recommend_node (below; Node 20, bert-base ms per recommendation
# with the page's options, the engine's wasm in LZMA KB): -O2 without inlining (the setting before) 5.0 ms,
# 208 KB; -Oz with inlining 2.3 ms, 205 KB; -Os 1.6 ms, 260 KB; -O2 1.95 ms, 290 KB; -O2 for cost.cpp alone
# 4% faster for 9 KB. dlmalloc instead of emmalloc: 2% faster for 2 KB. None fits the 300 KB first load.
foreach(t gpuwise_engine gpuwise_diagnose)
  target_compile_options(${t} PRIVATE -finline-functions)
endforeach()
set(GPUWISE_WEB_ENGINE_OPT "" CACHE STRING "Emscripten: extra compile flags for the engine in the page (e.g. -O2)")
if(GPUWISE_WEB_ENGINE_OPT)
  target_compile_options(gpuwise_engine PRIVATE ${GPUWISE_WEB_ENGINE_OPT})
endif()

# ---- the app
add_executable(gpuwise_web ${GW_PLATFORM_SOURCES})
target_compile_options(gpuwise_web PRIVATE ${GW_WEB_COMPILE})
target_link_libraries(gpuwise_web PRIVATE gpuwise_app gpuwise_data gw_imgui_backend gw_fonts)
target_link_options(gpuwise_web PRIVATE ${GW_WEB_LINK}
  # web/shell.js makes the WebGL 2 context while the wasm downloads and unpacks, and main() takes it over:
  # median first frame 394 -> 361 ms over 15 alternating first loads each, 429 -> 407 over 20 (12-05; the
  # bare page about 205 ms; single loads spread by +-100 ms).
  -sGL_PREINITIALIZED_CONTEXT=1
  # ImGui links its own bitmap font (12 KB of base85) for an atlas that has no font; ours always has one,
  # so the call goes to an empty stand-in in src/platform/web/web.cpp and the font data is dropped.
  "-Wl,--wrap=_ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig"
  # Function index -> name, for scripts/bench's size breakdown (scripts/bench-size.py). The shipped wasm
  # keeps no names; the map is moved out of the site so it is neither served nor precached.
  --emit-symbol-map)
# The site serves index.wasm LZMA-packed (xz's "alone" format, -9e): 19% fewer bytes than gzip -9, the
# largest single cut of the English first load (scripts/bench). web/shell.js unpacks it (about 40 ms of
# script for 0.75 MB) while index.js loads, and hands it to Emscripten's instantiateWasm hook. The plain
# wasm stays in the build folder for scripts/bench-size.py.
find_program(GW_XZ xz REQUIRED)
add_custom_command(TARGET gpuwise_web POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E rename "${GW_SITE}/index.js.symbols" "${CMAKE_BINARY_DIR}/index.js.symbols"
  COMMAND ${CMAKE_COMMAND} -E rename "${GW_SITE}/index.wasm" "${CMAKE_BINARY_DIR}/index.wasm"
  COMMAND "${GW_XZ}" --format=lzma --lzma1=preset=9e,pb=0 --keep --force "${CMAKE_BINARY_DIR}/index.wasm"
  COMMAND ${CMAKE_COMMAND} -E rename "${CMAKE_BINARY_DIR}/index.wasm.lzma" "${GW_SITE}/index.wasm.lzma"
  VERBATIM)
set_target_properties(gpuwise_web PROPERTIES
  CXX_LINKER_LAUNCHER "${GW_WEB_LINKER_LAUNCHER}"
  OUTPUT_NAME index SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${GW_SITE}")

# ---- the instance checker: a module of its own, fetched on the first check (src/platform/web/checker.cpp)
add_executable(gpuwise_checker "${CMAKE_SOURCE_DIR}/src/platform/web/checker.cpp")
target_compile_options(gpuwise_checker PRIVATE ${GW_WEB_COMPILE})
target_link_libraries(gpuwise_checker PRIVATE gpuwise_diagnose gpuwise_data_checker)
target_link_options(gpuwise_checker PRIVATE ${GW_WEB_COMPILE} ${GW_WEB_EXC_LINK} ${GW_CLOSURE_LINK} --no-entry
  -sMODULARIZE=1 -sEXPORT_NAME=GpuwiseChecker -sENVIRONMENT=web -sDYNAMIC_EXECUTION=0
  -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 -sMALLOC=emmalloc -sSUPPORT_ERRNO=0
  -sEXPORTED_FUNCTIONS=_gw_check,_malloc,_free
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8)
set_target_properties(gpuwise_checker PROPERTIES
  CXX_LINKER_LAUNCHER "${GW_WEB_LINKER_LAUNCHER}"
  OUTPUT_NAME checker SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${GW_SITE}")

# The page's data (none of it is compiled in, CMakeLists.txt) is written beside index.html as versioned
# files with a manifest, data.json (scripts/build-web-data.py); the kept catalogs come from data/catalogs/.

# The wasm in two halves (issue 20): the functions the first answer runs, found by loading the page with an
# instrumented wasm in chromium, and the rest, fetched on first use and precached by the service worker
# (scripts/build-web-split.py). On 12-05 (scripts/bench): index.wasm.lzma 337.0 KB whole -> 272.7 KB primary
# + an 81.3 KB deferred half; with the data files LZMA-packed too, the English first load went from 395.6 to
# 326.3 KB gzipped, the Chinese from 564.3 to 494.9 KB. The split needs chromium and playwright-core
# (scripts/setup-deps.sh); without them the whole wasm ships, with a warning. OFF ships it always.
option(GPUWISE_WEB_SPLIT "Emscripten: split the wasm along a profile of the first load" ON)
if(GPUWISE_WEB_SPLIT)
  set(GW_SPLIT_COMMAND COMMAND "${GW_PYTHON3}" "${CMAKE_SOURCE_DIR}/scripts/build-web-split.py"
      --build "${CMAKE_BINARY_DIR}" --site "${GW_SITE}")
else()
  set(GW_SPLIT_COMMAND "")
endif()

# index.html inlines web/shell.js: Closure Compiler's simple mode (local names and whitespace only, so every
# name the page and the tests read stays) makes it 5.5 -> 3.1 KB gzipped of the English first load (12-05).
if(GW_CLOSURE_COMPILER)
  set(GW_SHELL_DIR "${CMAKE_BINARY_DIR}/shell")
  set(GW_SHELL_MINIFY
    COMMAND ${CMAKE_COMMAND} -E make_directory "${GW_SHELL_DIR}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different "${CMAKE_SOURCE_DIR}/web/index.html"
            "${CMAKE_SOURCE_DIR}/web/shell.css" "${GW_SHELL_DIR}/"
    COMMAND "${GW_CLOSURE_COMPILER}" --compilation_level SIMPLE --language_out ECMASCRIPT_2017
            --js "${CMAKE_SOURCE_DIR}/web/shell.js" --js_output_file "${GW_SHELL_DIR}/shell.js")
else()
  set(GW_SHELL_DIR "${CMAKE_SOURCE_DIR}/web")
  set(GW_SHELL_MINIFY "")
endif()

# The shell's LZMA decoder (web/unlzma.c): freestanding C compiled by the clang and wasm-ld that Emscripten
# itself depends on, to 6 KB of wasm that web/shell.js fetches beside index.wasm.lzma. No libc, no Emscripten
# runtime: its memory is its own, grown by the shell. -O1: 2.1 KB gzipped, against 2.2 (-Os), 2.9 (-O2) and 2.9
# (-O3), and no slower over index.wasm in chromium (12-05: 29-32 ms warm for each, cold within the noise).
find_program(GW_WASM_CLANG NAMES clang-14 clang REQUIRED)
set(GW_UNLZMA_WASM "${GW_SITE}/unlzma.wasm")
add_custom_command(
  OUTPUT "${GW_UNLZMA_WASM}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${GW_SITE}"
  COMMAND "${GW_WASM_CLANG}" --target=wasm32 -O1 -nostdlib -ffreestanding -fno-builtin -Wall -Wextra -Werror
          -Wl,--no-entry -Wl,--export=__heap_base -Wl,--strip-all -Wl,-z,stack-size=4096
          -Wl,--initial-memory=131072 -o "${GW_UNLZMA_WASM}" "${CMAKE_SOURCE_DIR}/web/unlzma.c"
  DEPENDS "${CMAKE_SOURCE_DIR}/web/unlzma.c"
  COMMENT "Compiling the shell's LZMA decoder to wasm")

# Static assets. sw.js gets a build id (hash of the shipped files) so a new build replaces the old cache.
# index.html is written by scripts/build-shell.py, with shell.css and shell.js inlined.
file(GLOB GW_WEB_ASSETS CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/web/*")
list(FILTER GW_WEB_ASSETS EXCLUDE REGEX "/(sw\\.js|hello|unlzma\\.c)$")
set(GW_WEB_COPIED ${GW_WEB_ASSETS})
list(FILTER GW_WEB_COPIED EXCLUDE REGEX "/(index\\.html|shell\\.css|shell\\.js)$")
add_custom_command(
  OUTPUT "${GW_SITE}/sw.js" "${GW_SITE}/fonts/cjk.ttf" "${GW_SITE}/.assets-stamp"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${GW_SITE}/fonts"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${GW_WEB_COPIED} "${GW_SITE}/"
  ${GW_SHELL_MINIFY}
  COMMAND "${GW_PYTHON3}" "${CMAKE_SOURCE_DIR}/scripts/build-shell.py" --web "${GW_SHELL_DIR}"
          --out "${GW_SITE}/index.html"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different "${GW_FONT_DIR}/cjk.ttf" "${GW_SITE}/fonts/cjk.ttf"
  COMMAND "${GW_PYTHON3}" "${CMAKE_SOURCE_DIR}/scripts/build-web-data.py" --data "${CMAKE_SOURCE_DIR}/data"
          --site "${GW_SITE}" --prune
  ${GW_SPLIT_COMMAND}
  COMMAND ${CMAKE_COMMAND} -DSITE=${GW_SITE} -DTEMPLATE=${CMAKE_SOURCE_DIR}/web/sw.js
          -P "${CMAKE_SOURCE_DIR}/cmake/web_sw.cmake"
  COMMAND ${CMAKE_COMMAND} -E touch "${GW_SITE}/.assets-stamp"
  DEPENDS ${GW_WEB_ASSETS} ${GPUWISE_DATA_FILES} ${GPUWISE_KEPT_CATALOGS} "${CMAKE_SOURCE_DIR}/web/sw.js"
          "${GW_FONT_DIR}/cjk.ttf" "${CMAKE_SOURCE_DIR}/scripts/build-web-data.py"
          "${CMAKE_SOURCE_DIR}/scripts/resolve_presets.py" "${CMAKE_SOURCE_DIR}/scripts/build-web-split.py"
          "${CMAKE_SOURCE_DIR}/tests/browser/split-profile.mjs"
          "${CMAKE_SOURCE_DIR}/cmake/web_sw.cmake" "${CMAKE_SOURCE_DIR}/scripts/build-shell.py"
          "${GW_UNLZMA_WASM}" gpuwise_web gpuwise_checker
  COMMENT "Assembling the site in ${GW_SITE}")
add_custom_target(gpuwise_site ALL DEPENDS "${GW_SITE}/.assets-stamp")

# ---- the bare "hello" page, built with the same flags for a fair comparison
add_executable(gpuwise_hello "${CMAKE_SOURCE_DIR}/web/hello/hello.cpp")
target_compile_options(gpuwise_hello PRIVATE ${GW_WEB_COMPILE})
target_link_libraries(gpuwise_hello PRIVATE gw_imgui_backend)
target_link_options(gpuwise_hello PRIVATE ${GW_WEB_LINK})
set_target_properties(gpuwise_hello PROPERTIES
  CXX_LINKER_LAUNCHER "${GW_WEB_LINKER_LAUNCHER}"
  OUTPUT_NAME index SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${GW_SITE_HELLO}")
add_custom_command(
  OUTPUT "${GW_SITE_HELLO}/index.html"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different "${CMAKE_SOURCE_DIR}/web/hello/index.html"
          "${CMAKE_SOURCE_DIR}/web/hello/hello.js" "${CMAKE_SOURCE_DIR}/web/favicon.svg" "${GW_SITE_HELLO}/"
  DEPENDS "${CMAKE_SOURCE_DIR}/web/hello/index.html" "${CMAKE_SOURCE_DIR}/web/hello/hello.js"
          "${CMAKE_SOURCE_DIR}/web/favicon.svg"
  COMMENT "Assembling the hello page in ${GW_SITE_HELLO}")
add_custom_target(gpuwise_hello_site ALL DEPENDS "${GW_SITE_HELLO}/index.html" gpuwise_hello)

# The recommender benchmark as wasm under Node (not part of `all`): the engine with the page's flags,
# timed without a browser, so an optimisation flag or allocator is measured in a minute, not a page build
# and a bench run. Same scenarios as the page and the native bench (bench/scenarios.txt). Compiled
# synchronously: Node 20's fetch cannot read a file path.
#   cmake --build --preset web-release --target bench_recommend_node
#   node build/web-release/bench_recommend_node.js --only small
gpuwise_add_data(gpuwise_data_bench ONLY catalog.json presets.json)
add_executable(bench_recommend_node EXCLUDE_FROM_ALL "${CMAKE_SOURCE_DIR}/bench/bench_recommend.cpp")
target_compile_options(bench_recommend_node PRIVATE ${GW_WEB_COMPILE})
# Listed before the engine, whose own data library (gpuwise_data, no files in the page) would answer first.
target_link_libraries(bench_recommend_node PRIVATE gpuwise_data_bench gpuwise_engine)
target_compile_definitions(bench_recommend_node PRIVATE
  GW_BENCH_SCENARIOS="${CMAKE_SOURCE_DIR}/bench/scenarios.txt")
target_link_options(bench_recommend_node PRIVATE ${GW_WEB_COMPILE} ${GW_WEB_EXC_LINK} -sENVIRONMENT=node
  -sNODERAWFS=1 -sWASM_ASYNC_COMPILATION=0 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432
  -sMALLOC=${GPUWISE_WEB_MALLOC}
  "-sBINARYEN_EXTRA_PASSES=-Oz,--one-caller-inline-max-function-size=${GPUWISE_WEB_ONE_CALLER_INLINE}")
set_target_properties(bench_recommend_node PROPERTIES SUFFIX ".js")
