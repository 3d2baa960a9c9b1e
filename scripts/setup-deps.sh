#!/usr/bin/env bash
# Installs what gpuwise needs on Debian 12, and nothing when it is all there.
# Sources: Debian's packages and the npm registry only (no other network exists in CI).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
quiet=${GPUWISE_SETUP_VERBOSE:-0}

apt_pkgs=(build-essential cmake ninja-build dpkg-dev pkg-config git
  emscripten nlohmann-json3-dev doctest-dev libcli11-dev libglfw3-dev libgl-dev
  chromium fonttools fonts-noto-cjk libclang-rt-14-dev clang-14 clang-format-14 xvfb x11-utils imagemagick
  python3 gzip xz-utils)

if [ ! -f /etc/debian_version ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-deps: this script installs with apt-get on Debian 12; this machine is not Debian." >&2
  echo "setup-deps: install these by hand: ${apt_pkgs[*]}, plus npm's playwright-core (tests/browser) and google-closure-compiler (tools/closure) and Dear ImGui 1.86 sources in third_party/imgui" >&2
  exit 1
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# Node may come from another packaging of nodejs whose npm conflicts with Debian's: only ask for it when absent.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)

apt_updated=0
apt_update() {
  [ "$apt_updated" = 1 ] && return 0
  echo "setup-deps: apt-get update"
  "${sudo_cmd[@]}" apt-get update -qq
  apt_updated=1
}

if [ ${#missing[@]} -gt 0 ]; then
  apt_update
  echo "setup-deps: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Dear ImGui: the Debian binary package has no core sources, so take them from the source package.
imgui_dir="$root/third_party/imgui"
if [ ! -f "$imgui_dir/imgui.cpp" ]; then
  if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "setup-deps: adding a deb-src entry for Dear ImGui's sources"
    src=/etc/apt/sources.list.d/gpuwise-deb-src.sources
    if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
      # Mirror the existing deb822 entries, only switching the type.
      sed -n '/^Types:/,/^$/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null \
        | sed 's/^Types:.*/Types: deb-src/' | "${sudo_cmd[@]}" tee "$src" >/dev/null
    fi
    if [ ! -s "$src" ] && [ -f /etc/apt/sources.list ]; then
      grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' | "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/gpuwise-deb-src.list >/dev/null
    fi
    apt_updated=0
  fi
  apt_update
  tmp=$(mktemp -d)
  echo "setup-deps: fetching Dear ImGui sources (apt-get source imgui)"
  (cd "$tmp" && apt-get source -qq imgui >/dev/null 2>&1 || apt-get source imgui)
  srcdir=$(find "$tmp" -maxdepth 1 -mindepth 1 -type d -name 'imgui*' | head -n 1)
  [ -f "$srcdir/imgui.cpp" ] || { echo "setup-deps: apt-get source imgui gave no imgui.cpp" >&2; exit 1; }
  rm -rf "$imgui_dir"; mkdir -p "$root/third_party"
  mv "$srcdir" "$imgui_dir"
  rm -rf "$tmp"
fi

# playwright-core drives Debian's chromium; it never downloads a browser of its own.
if [ ! -f "$root/tests/browser/node_modules/playwright-core/package.json" ]; then
  echo "setup-deps: npm ci (playwright-core)"
  (cd "$root/tests/browser" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent)
fi
# Closure Compiler for emcc --closure 1, as a native binary from its npm package (no Java needed).
if [ ! -x "$root/tools/closure/node_modules/google-closure-compiler-linux/compiler" ]; then
  echo "setup-deps: npm ci (google-closure-compiler)"
  (cd "$root/tools/closure" && npm ci --no-audit --no-fund --silent)
fi
[ "$quiet" = 1 ] && echo "setup-deps: all dependencies present"
exit 0
