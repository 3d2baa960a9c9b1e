#!/usr/bin/env bash
# Builds the WebAssembly site into build/web-release/site (and the bare ImGui page for the benchmark).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export NODE_PATH=/usr/share/nodejs  # the image's node does not see Debian's acorn otherwise
cmake --preset web-release >/dev/null
cmake --build --preset web-release
