#!/usr/bin/env bash
# Fails when a C++ file under src/ or tests/, or web/unlzma.c, (or the files named) differs from what clang-format makes of it.
# scripts/test.sh runs it over the tree; tests/format/ shows it fails on an unformatted file.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cf=$(command -v clang-format-14 || command -v clang-format) || { echo "check-format: clang-format not found"; exit 2; }
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'tests/*.cpp' 'tests/*.hpp' 'web/*.c' | grep -v '^tests/format/')
fi
bad=0
for f in "${files[@]}"; do
  if ! "$cf" --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "not formatted: $f (run: $cf -i $f)"
    bad=$((bad + 1))
  fi
done
[ $bad -eq 0 ] && echo "check-format: ${#files[@]} files formatted" || echo "check-format: $bad file(s) not formatted"
[ $bad -eq 0 ]
