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
[ $gui = yes ] && want+=(bin/gpuwise-gui share/gpuwise/fonts/cjk.ttf share/applications/gpuwise.desktop
                         share/icons/hicolor/scalable/apps/gpuwise.svg)
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
# The installed window finds its CJK font next to its own prefix (not the build tree it came from), opens
# under Xvfb in Chinese with it, and without any font still opens (in English) saying why on stderr.
gui_font() {  # gui_font BIN: the font path the window reports in --help (needs no display)
  "$1" --help | sed -n 's/^CJK font: //p'
}
gui_run() {  # gui_run BIN OUT.json ERR.txt [ENV...]: a screenshot run under Xvfb, in Chinese
  local bin=$1 out=$2 err=$3
  shift 3
  env XDG_CONFIG_HOME="$tmp/config" LANG=zh_CN.UTF-8 "$@" timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
    "$bin" --screenshot "$tmp/shot.ppm" >"$out" 2>"$err"
}
snapshot_field() {  # snapshot_field FILE KEY: a top-level field of the window's last snapshot line
  python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])[sys.argv[2]])' "$1" "$2"
}
if [ $gui = yes ]; then
  real_prefix=$(cd "$prefix" && pwd -P)
  [ "$(gui_font "$prefix/bin/gpuwise-gui")" = "$real_prefix/share/gpuwise/fonts/cjk.ttf" ] ||
    fail "installed gpuwise-gui looks for its font at '$(gui_font "$prefix/bin/gpuwise-gui")', not under the prefix"
  echo "ok: installed gpuwise-gui finds share/gpuwise/fonts/cjk.ttf relative to itself"
  GPUWISE_FONT_DIR="$tmp/no-fonts" "$prefix/bin/gpuwise-gui" --help | grep -q '^CJK font: not found' ||
    fail "gpuwise-gui --help should say when the CJK font is missing"
  if command -v xvfb-run >/dev/null; then
    gui_run "$prefix/bin/gpuwise-gui" "$tmp/gui.json" "$tmp/gui.err" || { cat "$tmp/gui.err"; fail "installed gpuwise-gui under Xvfb"; }
    [ "$(snapshot_field "$tmp/gui.json" cjk_font)" = ready ] || fail "installed gpuwise-gui did not load its CJK font"
    echo "ok: installed gpuwise-gui opens under Xvfb in Chinese with the installed font"
    gui_run "$prefix/bin/gpuwise-gui" "$tmp/gui.json" "$tmp/gui.err" GPUWISE_FONT_DIR="$tmp/no-fonts" ||
      { cat "$tmp/gui.err"; fail "gpuwise-gui without a CJK font should still open"; }
    [ "$(snapshot_field "$tmp/gui.json" cjk_font)" = failed ] || fail "without a font the snapshot should say cjk_font failed"
    grep -q 'CJK) font was not found' "$tmp/gui.err" || fail "without a font gpuwise-gui should say so on stderr"
    echo "ok: without the font it still opens and says on stderr: $(head -n 1 "$tmp/gui.err" | cut -c1-90)"
  else
    echo "note: xvfb-run missing; the installed window was not opened"
  fi
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
if [ $gui = yes ]; then
  [ "$(gui_font "$tmp/x/usr/bin/gpuwise-gui")" = "$(cd "$tmp/x/usr" && pwd -P)/share/gpuwise/fonts/cjk.ttf" ] ||
    fail "the unpacked gpuwise-gui looks for its font at '$(gui_font "$tmp/x/usr/bin/gpuwise-gui")'"
fi
echo "ok: the unpacked gpuwise runs (and gpuwise-gui finds /usr/share/gpuwise/fonts relative to itself)"
echo "package checks passed"
