#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset `fuzz`, clang + ASan + UBSan) and runs them on their committed
# seed corpora. Fails on any crash, leak, UB report, invariant break, timeout or memory blow-up.
#
#   tests/fuzz/run.sh                   # smoke run (CI, scripts/test.sh): ~60 s in total, split across targets
#   FUZZ_SECONDS=3600 tests/fuzz/run.sh # campaign: each target an hour on every core, then a minimised corpus
#   tests/fuzz/run.sh fuzz_link         # only the named targets
#
# Environment: FUZZ_SECONDS (per target; set = campaign), FUZZ_TOTAL_SECONDS (smoke run's total, 60),
# FUZZ_JOBS (parallel fuzzing processes in a campaign; default: the cores), GPUWISE_JOBS (build jobs, 2),
# FUZZ_BUILD_DIR (an already configured fuzz build to use instead of the preset's build/fuzz), FUZZ_TIMEOUT
# (a campaign's per-input limit in wall-clock seconds, 60; the smoke run's is 10).
#
# New interesting inputs go to build/fuzz/corpus/<target>/, never into the committed corpus; crash inputs
# go to tests/fuzz/artifacts/<target>/ (git-ignored). After a campaign each work corpus is replaced by its
# minimised merge (-merge=1) with the seeds; tests/fuzz/README.md says how to fold it into the seeds.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
jobs=${GPUWISE_JOBS:-2}
total=${FUZZ_TOTAL_SECONDS:-60}

if ! command -v clang++ >/dev/null; then
  echo "fuzz: clang++ is missing (scripts/setup-deps.sh installs clang and libclang-rt-14-dev)" >&2
  exit 1
fi
if [ -n "${FUZZ_BUILD_DIR:-}" ]; then
  build=$FUZZ_BUILD_DIR
  cmake --build "$build" --target gpuwise_fuzz_all -j "$jobs" || exit 1
else
  build=build/fuzz
  cmake --preset fuzz >/dev/null || exit 1
  cmake --build --preset fuzz --target gpuwise_fuzz_all -j "$jobs" || exit 1
fi

if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for exe in "$build"/fuzz_*; do
    [ -x "$exe" ] && [ -f "$exe" ] && targets+=("$(basename "$exe")")
  done
fi
[ ${#targets[@]} -gt 0 ] || { echo "fuzz: no targets were built" >&2; exit 1; }
campaign=0
if [ -n "${FUZZ_SECONDS:-}" ]; then
  campaign=1
  per=$FUZZ_SECONDS
else
  per=$((total / ${#targets[@]}))
fi
[ "$per" -ge 1 ] || per=1
workers=1
[ "$campaign" = 1 ] && workers=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
# libFuzzer's -timeout is wall-clock time. A campaign shares its machine for an hour, and on 12-05 a
# fuzz_diagnose run under nice -n 19 beside two builds stopped on a "timeout" of an input that takes 0.3 s
# alone: a campaign allows a minute, which a real hang still exceeds. The smoke run keeps 10 s.
timeout=10
[ "$campaign" = 1 ] && timeout=${FUZZ_TIMEOUT:-60}

# Largest input each target is fed: enough for its real inputs, small enough to mutate quickly.
max_len() {
  case $1 in
    fuzz_link) echo 8192 ;;
    fuzz_recommend) echo 2048 ;;
    fuzz_catalog) echo 65536 ;;
    fuzz_catalog_notes) echo 16384 ;;
    fuzz_workload) echo 8192 ;;
    fuzz_cli_numbers) echo 256 ;;
    fuzz_input_parsers) echo 256 ;;
    fuzz_nvidia_smi | fuzz_diagnose) echo 65536 ;;
    fuzz_hf_config) echo 16384 ;;
    *) echo 16384 ;;
  esac
}

# "executions, features" of a finished run, from libFuzzer's logs (one per process): executions summed,
# features the most any process reached (they share a corpus, so each ends near the union).
figures() {
  local log execs=0 ft=0 n f
  for log in "$@"; do
    n=$(grep -oE "^stat::number_of_executed_units: [0-9]+" "$log" | tail -1 | awk '{print $2}')
    # A process stopped early (a crash) prints no final stats: its last status line says how far it got.
    [ -n "$n" ] || n=$(grep -oE "^#[0-9]+" "$log" | tail -1 | tr -dc 0-9)
    f=$(grep -oE "ft: [0-9]+" "$log" | tail -1 | awk '{print $2}')
    execs=$((execs + ${n:-0}))
    [ "${f:-0}" -gt "$ft" ] && ft=$f
  done
  echo "executions $execs, features $ft"
}

failed=()
for name in "${targets[@]}"; do
  exe=$build/$name
  corpus=${name#fuzz_}
  seeds=tests/fuzz/corpus/$corpus
  work=build/fuzz/corpus/$corpus
  artifacts=tests/fuzz/artifacts/$name
  log=build/fuzz/$name.log
  mkdir -p "$work" "$artifacts"
  [ -x "$exe" ] || { echo "fuzz: $exe was not built" >&2; failed+=("$name"); continue; }
  [ -d "$seeds" ] || { echo "fuzz: $name has no seed corpus at $seeds" >&2; failed+=("$name"); continue; }
  echo "--> $name: ${per}s x $workers process(es), seeds $seeds"
  # halt_on_error: UBSan reports are fatal; detect_leaks: LeakSanitizer runs after each input batch.
  # A campaign runs `workers` plain libFuzzer processes on the one work corpus: each writes what it finds
  # there and reloads what the others found (-reload, every second). libFuzzer's -fork was tried first: its
  # children restart every few seconds and re-run their corpus slice, so a fast parser target did 20-45% of
  # the executions a plain process does (12-05: fuzz_hf_config 1,070/s forked on a third of a core).
  logs=()
  pids=()
  start=$(date +%s)
  for ((w = 0; w < workers; ++w)); do
    wlog=$log
    [ "$workers" -gt 1 ] && wlog=build/fuzz/$name.$w.log
    logs+=("$wlog")
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      "$exe" -max_total_time="$per" -max_len="$(max_len "$name")" -rss_limit_mb=2048 \
        -malloc_limit_mb=2048 -timeout="$timeout" -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" "$seeds" \
        > "$wlog" 2>&1 &
    pids+=($!)
  done
  ok=1
  for pid in "${pids[@]}"; do wait "$pid" || ok=0; done
  if [ "$ok" = 1 ]; then
    secs=$(($(date +%s) - start))
    echo "    $(figures "${logs[@]}"), ${secs}s, no crash"
  else
    echo "fuzz: $name FAILED; log ${logs[*]}, inputs in $artifacts/:" >&2
    # The detail lines under "invariant broken" and the input itself: a CI machine keeps no artifacts.
    grep -h -A6 -E "ERROR|runtime error|invariant broken|Test unit written" "${logs[@]}" | head -40 >&2
    for unit in $(grep -h -oE "Test unit written to [^ ]+" "${logs[@]}" | awk '{print $5}'); do
      [ -f "$unit" ] && { echo "input ($unit), base64:" >&2; head -c 4096 "$unit" | base64 >&2; }
    done
    failed+=("$name")
  fi
  if [ "$campaign" = 1 ]; then
    # Keep only inputs that add coverage: merge seeds + work corpus into a fresh directory, then swap it in.
    min=build/fuzz/corpus-min/$corpus
    rm -rf "$min" && mkdir -p "$min"
    if "$exe" -merge=1 -max_len="$(max_len "$name")" -rss_limit_mb=2048 -timeout="$timeout" "$min" "$seeds" "$work" \
         > "build/fuzz/$name.merge.log" 2>&1; then
      rm -rf "$work" && mv "$min" "$work"
      echo "    minimised corpus: $(find "$work" -type f | wc -l) files, $(du -sk "$work" | cut -f1) KB in $work"
    else
      echo "fuzz: $name: merge failed (build/fuzz/$name.merge.log); $work left as it was" >&2
    fi
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed targets: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} targets clean"
