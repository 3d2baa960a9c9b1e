#!/usr/bin/env bash
# Installs what is missing, builds everything (native, sanitized, web) and runs every test.
# Exits non-zero on any failure. `.ci/run` calls exactly this.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=${GPUWISE_JOBS:-2}
passed=0
failed=0
failures=()

step() {  # step NAME COMMAND...: runs one stage, records pass/fail, keeps going
  local name=$1
  shift
  echo
  echo "==> $name"
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    echo "<== $name: ok ($((SECONDS - start)) s)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "<== $name: FAILED ($((SECONDS - start)) s)"
  fi
}

bash scripts/setup-deps.sh || { echo "setup-deps failed"; exit 1; }

native() {
  cmake --preset native-release >/dev/null && cmake --build --preset native-release -j "$jobs" &&
    ctest --preset native-release -j "$jobs"
}
asan() {
  cmake --preset asan >/dev/null && cmake --build --preset asan -j "$jobs" &&
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --preset asan -j "$jobs"
}
web() { bash scripts/build-web.sh; }
browser() { bash tests/browser/run.sh "$root/build/web-release/site"; }

step "clang-format (src, tests) and its own test" bash -c 'bash scripts/check-format.sh && bash tests/format/run.sh'
step "native build + unit/golden tests" native
step "ASan+UBSan build + unit/golden tests" asan
step "web build (Emscripten)" web
step "browser tests (Playwright, Debian chromium)" browser
[ -x tests/gui/run.sh ] && step "desktop window under Xvfb" bash tests/gui/run.sh "$root/build/native-release"
[ -x tests/package/run.sh ] && step "install + .deb package" bash tests/package/run.sh "$root/build/native-release"
[ -x tests/fuzz/run.sh ] && step "fuzz targets (brief)" bash tests/fuzz/run.sh

echo
if [ $failed -gt 0 ]; then
  echo "failed stages: ${failures[*]}"
fi
echo "stages: $passed passed, $failed failed"
[ $failed -eq 0 ]
