#!/usr/bin/env bash
# The desktop window under Xvfb: gpuwise-gui draws the app, saves a screenshot, prints the test hook's
# snapshot and quits. Checks that it drew the app (a ranking, the theme's background, text and accent
# pixels), then that settings land in $XDG_CONFIG_HOME.
#   tests/gui/run.sh BUILD_DIR      (the screenshot goes to BUILD_DIR/gui-screenshots/)
set -uo pipefail
build=${1:?usage: tests/gui/run.sh BUILD_DIR}
gui="$build/gpuwise-gui"
if [ ! -x "$gui" ]; then
  echo "gui test: $gui was not built (needs libglfw3-dev and the Dear ImGui sources)"
  echo "0 passed, 1 failed"
  exit 1
fi
command -v xvfb-run >/dev/null || { echo "gui test: xvfb-run missing (apt-get install xvfb)"; echo "0 passed, 1 failed"; exit 1; }
shots="$build/gui-screenshots"
mkdir -p "$shots"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() {  # check NAME CONDITION-COMMAND...
  local name=$1
  shift
  if "$@"; then passed=$((passed + 1)); echo "ok    $name"; else failed=$((failed + 1)); echo "FAIL  $name"; fi
}

run_gui() {  # run_gui OUT.ppm [ARGS...]: 60 s at most
  local out=$1
  shift
  XDG_CONFIG_HOME="$tmp/config" LANG=C.UTF-8 timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
    "$gui" --screenshot "$out" "$@" >"$tmp/snapshot.json" 2>"$tmp/stderr.txt"
}

run_gui "$shots/gui-en.ppm"
status=$?
check "gpuwise-gui runs under Xvfb and quits (exit $status)" test "$status" -eq 0
[ -s "$tmp/stderr.txt" ] && sed 's/^/    stderr: /' "$tmp/stderr.txt" | head -5
check "it printed the snapshot with a ranking" python3 - "$tmp/snapshot.json" <<'PY'
import json, sys
s = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
ok = s["ready"] and s["report"]["count"] > 0 and s["tab"] == "recommend" and s["frames"] >= 10
print("    snapshot: %d rows, pick %s, %d frames, %dx%d" % (s["report"]["count"],
      s["report"]["rows"][0]["key"] if s["report"]["rows"] else "-", s["frames"], s["width"], s["height"]))
sys.exit(0 if ok else 1)
PY
check "the screenshot shows the app (theme background, text and accent pixels)" python3 - "$shots/gui-en.ppm" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
parts = data.split(b"\n", 3)
w, h = map(int, parts[1].split())
px = parts[3]
n = w * h
bg = text = accent = 0
for i in range(0, len(px) - 2, 3 * 7):  # every 7th pixel is plenty
    r, g, b = px[i], px[i + 1], px[i + 2]
    if r < 0x40 and g < 0x40 and b < 0x48: bg += 1  # the dark theme's backgrounds and panels
    elif r > 0xb0 and g > 0xb0 and b > 0xb0: text += 1
    elif b > 0xc0 and r < 0x80: accent += 1
total = len(range(0, len(px) - 2, 21))
print("    %dx%d: %.0f%% dark theme, %d text, %d accent samples" % (w, h, 100.0 * bg / total, text, accent))
sys.exit(0 if bg > total * 0.6 and text > 50 and accent > 10 else 1)
PY
command -v convert >/dev/null && convert "$shots/gui-en.ppm" "$shots/gui-en.png" 2>/dev/null
check "settings are saved under \$XDG_CONFIG_HOME/gpuwise" test -s "$tmp/config/gpuwise/settings.json"

# A shared link opens in the window too.
run_gui "$shots/gui-link.ppm" --link "#v=1&preset=bert-base-finetune&budget=300&goal=fastest&lang=en"
check "--link opens the shared scenario" python3 - "$tmp/snapshot.json" <<'PY'
import json, sys
s = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
sc = s["scenario"]
sys.exit(0 if sc["preset"] == "bert-base-finetune" and sc["budget"] == 300 and sc["goal"] == "fastest" else 1)
PY
command -v convert >/dev/null && convert "$shots/gui-link.ppm" "$shots/gui-link.png" 2>/dev/null
# Chinese: the CJK font loads from the build tree and the app draws in Chinese.
XDG_CONFIG_HOME="$tmp/config-zh" LANG=zh_CN.UTF-8 timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$gui" --screenshot "$shots/gui-zh.ppm" >"$tmp/snapshot.json" 2>"$tmp/stderr.txt"
check "in Chinese (LANG=zh_CN.UTF-8) it loads the CJK font and draws in Chinese" python3 - "$tmp/snapshot.json" <<'PY'
import json, sys
s = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
print("    snapshot: cjk_font %s, lang %s" % (s.get("cjk_font"), s.get("lang", s.get("scenario", {}).get("lang"))))
sys.exit(0 if s.get("cjk_font") == "ready" and s["report"]["count"] > 0 else 1)
PY
command -v convert >/dev/null && convert "$shots/gui-zh.ppm" "$shots/gui-zh.png" 2>/dev/null

# A corrupt settings file: a message on stderr, defaults, and the old file kept as settings.json.bad.
mkdir -p "$tmp/config-bad/gpuwise"
printf '{"lang": "zh", broken' >"$tmp/config-bad/gpuwise/settings.json"
XDG_CONFIG_HOME="$tmp/config-bad" LANG=C.UTF-8 timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$gui" --screenshot "$tmp/bad.ppm" >"$tmp/snapshot.json" 2>"$tmp/stderr.txt"
status=$?
check "a corrupt settings.json still opens (exit $status)" test "$status" -eq 0
check "it says so on stderr, naming the file" grep -q 'settings.json is not valid JSON; kept it as .*settings.json.bad' "$tmp/stderr.txt"
check "the corrupt file is kept as settings.json.bad, byte for byte" \
  test "$(cat "$tmp/config-bad/gpuwise/settings.json.bad" 2>/dev/null)" = '{"lang": "zh", broken'
check "the new settings.json is a valid JSON object" python3 -c \
  'import json,sys; sys.exit(0 if isinstance(json.load(open(sys.argv[1])), dict) else 1)' "$tmp/config-bad/gpuwise/settings.json"
printf '["not", "an object"]' >"$tmp/config-bad/gpuwise/settings.json"
XDG_CONFIG_HOME="$tmp/config-bad" LANG=C.UTF-8 timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$gui" --screenshot "$tmp/bad.ppm" >"$tmp/snapshot.json" 2>"$tmp/stderr.txt"
check "a second bad file goes to settings.json.bad.1, the first one is not overwritten" \
  test "$(cat "$tmp/config-bad/gpuwise/settings.json.bad.1" 2>/dev/null)" = '["not", "an object"]'

# A settings folder that cannot be written (its parent is a file): the window still opens, and once it
# saves a setting (the language from --link) stderr and the snapshot say the settings were not saved.
printf 'not a folder' >"$tmp/config-file"
XDG_CONFIG_HOME="$tmp/config-file" LANG=C.UTF-8 timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$gui" --screenshot "$tmp/ro.ppm" --link '#v=1&preset=bert-base-finetune&budget=123&lang=zh' \
  >"$tmp/snapshot.json" 2>"$tmp/stderr.txt"
status=$?
check "an unwritable settings folder still opens (exit $status)" test "$status" -eq 0
check "it says on stderr that settings.json could not be written" grep -q 'could not write .*settings.json' "$tmp/stderr.txt"
check "the snapshot reports settings_saved: false" python3 - "$tmp/snapshot.json" <<'PY'
import json, sys
sys.exit(0 if json.load(open(sys.argv[1])).get("settings_saved") is False else 1)
PY

echo "screenshots: $shots"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
