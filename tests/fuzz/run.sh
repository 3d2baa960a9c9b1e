#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset `fuzz`, clang + ASan + UBSan) and runs each one briefly on
# its committed seed corpus. Fails on any crash, leak, UB report, timeout or memory blow-up.
#
#   tests/fuzz/run.sh                  # ~60 s in total, split across the targets
#   FUZZ_SECONDS=600 tests/fuzz/run.sh # 10 minutes per target
#   tests/fuzz/run.sh fuzz_link        # only the named targets
#
# New interesting inputs go to build/fuzz/corpus/<target>/, never into the committed corpus; crash
# inputs go to tests/fuzz/artifacts/<target>/ (git-ignored). See tests/fuzz/README.md for long campaigns.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
jobs=${GPUWISE_JOBS:-2}
total=${FUZZ_TOTAL_SECONDS:-60}

if ! command -v clang++ >/dev/null; then
  echo "fuzz: clang++ is missing (scripts/setup-deps.sh installs clang and libclang-rt-14-dev)" >&2
  exit 1
fi
cmake --preset fuzz >/dev/null || exit 1
cmake --build --preset fuzz --target gpuwise_fuzz_all -j "$jobs" || exit 1

if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for exe in build/fuzz/fuzz_*; do
    [ -x "$exe" ] && [ -f "$exe" ] && targets+=("$(basename "$exe")")
  done
fi
[ ${#targets[@]} -gt 0 ] || { echo "fuzz: no targets were built" >&2; exit 1; }
per=${FUZZ_SECONDS:-$((total / ${#targets[@]}))}
[ "$per" -ge 1 ] || per=1

# Largest input each target is fed: enough for its real inputs, small enough to mutate quickly.
max_len() {
  case $1 in
    fuzz_link) echo 8192 ;;
    fuzz_recommend) echo 2048 ;;
    fuzz_catalog) echo 65536 ;;
    fuzz_workload) echo 8192 ;;
    fuzz_cli_numbers) echo 256 ;;
    fuzz_nvidia_smi) echo 65536 ;;
    *) echo 16384 ;;
  esac
}

failed=()
for name in "${targets[@]}"; do
  exe=build/fuzz/$name
  seeds=tests/fuzz/corpus/${name#fuzz_}
  work=build/fuzz/corpus/${name#fuzz_}
  artifacts=tests/fuzz/artifacts/$name
  mkdir -p "$work" "$artifacts"
  [ -d "$seeds" ] || { echo "fuzz: $name has no seed corpus at $seeds" >&2; failed+=("$name"); continue; }
  echo "--> $name: ${per}s, seeds $seeds"
  # halt_on_error: UBSan reports are fatal; detect_leaks: LeakSanitizer runs after each input batch.
  if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
     UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
     "$exe" -max_total_time="$per" -max_len="$(max_len "$name")" -rss_limit_mb=2048 -malloc_limit_mb=2048 \
       -timeout=10 -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" "$seeds" \
       > "build/fuzz/$name.log" 2>&1; then
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)" "build/fuzz/$name.log" | tr '\n' ' '
    echo
  else
    echo "fuzz: $name FAILED; log build/fuzz/$name.log, inputs in $artifacts/:" >&2
    # The detail lines under "invariant broken" and the input itself: a CI machine keeps no artifacts.
    grep -A6 -E "ERROR|runtime error|invariant broken|Test unit written" "build/fuzz/$name.log" | head -40 >&2
    for unit in $(grep -oE "Test unit written to [^ ]+" "build/fuzz/$name.log" | awk '{print $5}'); do
      [ -f "$unit" ] && { echo "input ($unit), base64:" >&2; head -c 4096 "$unit" | base64 >&2; }
    done
    failed+=("$name")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed targets: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} targets clean"
