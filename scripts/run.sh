#!/usr/bin/env bash
# The main job: build the web app and serve it locally (default http://127.0.0.1:8080).
#   scripts/run.sh [--port N]        build + serve the web app
#   scripts/run.sh --cli ARGS...     build + run the native command line instead
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
port=${PORT:-8080}
if [ "${1:-}" = "--cli" ]; then
  shift
  bash scripts/setup-deps.sh >&2
  cmake --preset native-release >/dev/null
  cmake --build --preset native-release --target gpuwise >/dev/null
  exec build/native-release/gpuwise "$@"
fi
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=$2; shift 2 ;;
    --port=*) port=${1#--port=}; shift ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (try --port N or --cli ARGS...)" >&2; exit 2 ;;
  esac
done
bash scripts/setup-deps.sh
bash scripts/build-web.sh
site="$root/build/web-release/site"
echo "gpuwise: serving $site"
echo "gpuwise: open http://127.0.0.1:$port/ in a browser (Ctrl+C stops the server)"
exec node tests/browser/serve.mjs --dir "$site" --port "$port"
