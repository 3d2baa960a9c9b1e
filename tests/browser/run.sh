#!/usr/bin/env bash
# Browser tests: serves SITE_DIR on 127.0.0.1 and drives Debian's chromium against it.
#   tests/browser/run.sh build/web-release/site [--only NAME]
# Screenshots land in SITE_DIR/../browser-screenshots. Last line: "N passed, M failed".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 1 ]; then
  echo "usage: tests/browser/run.sh SITE_DIR [--only NAME]" >&2
  exit 2
fi
site=$1
shift
if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
  echo "browser tests: playwright-core is missing; run scripts/setup-deps.sh" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
if [ ! -x "${GPUWISE_CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "browser tests: ${GPUWISE_CHROMIUM:-/usr/bin/chromium} is missing; run scripts/setup-deps.sh" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
export NODE_PATH=/usr/share/nodejs
exec node "$here/run-all.mjs" "$site" "$@"
