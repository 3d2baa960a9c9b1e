#!/usr/bin/env bash
# Install and packaging check: usage: tests/package/run.sh [BUILD_DIR]   (default build/native-release)
# In a temporary directory: `cmake --install` into a prefix, `cpack` a .deb, then checks what both contain,
# runs the installed and the unpacked gpuwise, and tests the installed bash completion.
# BUILD_DIR must already be configured and built. Exits non-zero naming the first missing piece.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build/native-release}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x "$build/gpuwise" ] || fail "$build/gpuwise is not built"
[ -f "$build/CPackConfig.cmake" ] || fail "$build has no CPackConfig.cmake (is cmake/package.cmake included?)"
gui=no
[ -x "$build/gpuwise-gui" ] && gui=yes
echo "build: $build (desktop window: $gui)"

# ---- cmake --install
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
want=(bin/gpuwise share/gpuwise/catalog.json share/gpuwise/guide.json share/bash-completion/completions/gpuwise
      share/doc/gpuwise/README.md)
[ $gui = yes ] && want+=(bin/gpuwise-gui share/applications/gpuwise.desktop share/icons/hicolor/scalable/apps/gpuwise.svg)
for f in "${want[@]}"; do
  [ -e "$prefix/$f" ] || fail "cmake --install did not install $f"
done
[ -x "$prefix/bin/gpuwise" ] || fail "bin/gpuwise is not executable"
echo "ok: cmake --install put ${#want[@]} expected files under the prefix"
"$prefix/bin/gpuwise" --version | grep -q '^gpuwise ' || fail "installed gpuwise --version"
"$prefix/bin/gpuwise" --lang zh guide --list | grep -q '计费陷阱' || fail "installed gpuwise guide --list (zh)"
# The installed data files are the bundled ones, so a user can start a catalog from them.
"$prefix/bin/gpuwise" catalog validate "$prefix/share/gpuwise/catalog.json" >/dev/null ||
  fail "installed share/gpuwise/catalog.json does not validate"
if [ $gui = yes ]; then
  desktop=$prefix/share/applications/gpuwise.desktop
  for key in '^\[Desktop Entry\]$' '^Type=Application$' '^Exec=gpuwise-gui$' '^Icon=gpuwise$' '^Name=' '^Categories=.*;$'; do
    grep -q "$key" "$desktop" || fail "desktop file lacks $key"
  done
fi
bash "$root/tests/package/completion.sh" "$prefix/share/bash-completion/completions/gpuwise" "$prefix/bin/gpuwise" \
  >"$tmp/completion.log" || { cat "$tmp/completion.log"; fail "installed bash completion"; }
echo "ok: installed bash completion ($(grep -c '^ok' "$tmp/completion.log") checks)"

# ---- cpack: the .deb
(cd "$tmp" && cpack --config "$build/CPackConfig.cmake" -B "$tmp/deb" >"$tmp/cpack.log" 2>&1) ||
  { cat "$tmp/cpack.log"; fail "cpack"; }
deb=$(ls "$tmp"/deb/gpuwise_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { cat "$tmp/cpack.log"; fail "cpack made no gpuwise_*.deb"; }
echo "ok: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
info=$(dpkg-deb -I "$deb")
grep -q '^ Package: gpuwise$' <<<"$info" || fail "control: Package"
grep -q '^ Maintainer: .*<.*@.*>' <<<"$info" || fail "control: Maintainer"
grep -q '^ Depends: .*libc6' <<<"$info" || fail "control: Depends should list libc6 (dpkg-shlibdeps)"
grep -q '^ Depends: .*libstdc++6' <<<"$info" || fail "control: Depends should list libstdc++6"
[ $gui = yes ] && { grep -q '^ Depends: .*libglfw3' <<<"$info" || fail "control: Depends should list libglfw3"; }
grep -q '^ Description: ' <<<"$info" || fail "control: Description"
echo "ok: control: $(grep '^ Depends:' <<<"$info" | sed 's/^ //')"
contents=$(dpkg-deb -c "$deb")
for f in "${want[@]}"; do
  grep -q " \./usr/$f\$" <<<"$contents" || fail ".deb lacks /usr/$f"
done
if grep -q ' \./usr/local/\| \./home/\| \./tmp/' <<<"$contents"; then fail ".deb installs outside /usr"; fi
if grep -v '^d' <<<"$contents" | grep -qv ' root/root '; then fail ".deb has files not owned by root"; fi
# Exactly what cmake --install put in the prefix, no more and no less.
diff <(cd "$prefix" && find . -type f | sed 's|^\./||' | sort) \
  <(grep -v '^d' <<<"$contents" | sed 's|.* \./usr/||' | sort) >"$tmp/diff.txt" ||
  { cat "$tmp/diff.txt"; fail ".deb and cmake --install hold different files (< install only, > .deb only)"; }
echo "ok: .deb holds the same $(grep -vc '^d' <<<"$contents") files under /usr as the install prefix"
dpkg-deb -x "$deb" "$tmp/x"
"$tmp/x/usr/bin/gpuwise" guide value --format md | grep -q '| RTX 3090 | 35.6 |' || fail "unpacked gpuwise guide value"
if command -v file >/dev/null && file "$tmp/x/usr/bin/gpuwise" | grep -q 'not stripped'; then
  fail "the packaged gpuwise is not stripped"
fi
echo "ok: the unpacked gpuwise runs"
echo "package checks passed"
