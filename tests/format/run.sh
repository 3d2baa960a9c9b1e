#!/usr/bin/env bash
# The format check fails on an unformatted file and passes on a formatted one.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
if bash "$root/scripts/check-format.sh" "$root/tests/format/unformatted.cpp" >/dev/null; then
  echo "FAIL: check-format accepted tests/format/unformatted.cpp"; exit 1
fi
bash "$root/scripts/check-format.sh" "$root/src/engine/text.hpp" >/dev/null || { echo "FAIL: check-format refused a formatted file"; exit 1; }
echo "format check: refuses unformatted, accepts formatted"
