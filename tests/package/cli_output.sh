#!/usr/bin/env bash
# How gpuwise talks to a terminal: usage: cli_output.sh GPUWISE
#  - colour (bold table headers) only on a TTY, never when piped, and never with NO_COLOR set;
#  - Chinese tables stay aligned: CJK characters count two columns;
#  - every command and subcommand's --help has examples and names its values (no bare TEXT).
# `script` (util-linux) gives gpuwise a pseudo-terminal. Exits non-zero after listing every failure.
set -uo pipefail
gpuwise=${1:?usage: cli_output.sh GPUWISE}
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
esc=$'\033['

# ---- colour
if command -v script >/dev/null; then
  tty_out=$(env -u NO_COLOR script -qec "$gpuwise catalog providers" /dev/null)
  [[ $tty_out == *"${esc}1m"* ]] && ok "on a TTY the table header is bold" || bad "no colour on a TTY"
  tty_out=$(NO_COLOR=1 script -qec "$gpuwise catalog providers" /dev/null)
  [[ $tty_out != *"$esc"* ]] && ok "NO_COLOR=1 on a TTY: no escape codes" || bad "NO_COLOR ignored on a TTY"
  tty_out=$(NO_COLOR= script -qec "$gpuwise catalog providers" /dev/null)
  [[ $tty_out == *"${esc}1m"* ]] && ok "an empty NO_COLOR does not turn colour off" || bad "empty NO_COLOR turned colour off"
else
  echo "note: 'script' missing; the TTY checks were skipped"
fi
piped=$(env -u NO_COLOR "$gpuwise" catalog providers; env -u NO_COLOR "$gpuwise" --lang zh recommend --preset bert-base-finetune --top 3)
[[ $piped != *"$esc"* ]] && ok "piped output has no escape codes" || bad "escape codes in piped output"

# ---- CJK alignment: each column starts at the same display column on every line of a Chinese table.
aligned() {  # aligned NAME COLUMN-REGEX < table: the regex's match starts at one display column on every line
  python3 -c '
import re, sys, unicodedata
name, pat = sys.argv[1], re.compile(sys.argv[2])
def width(s): return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
cols = set()
lines = [l for l in sys.stdin.read().splitlines() if pat.search(l)]
for l in lines: cols.add(width(l[:pat.search(l).start()]))
print("    %s: %d lines, column(s) %s" % (name, len(lines), sorted(cols)))
sys.exit(0 if len(lines) >= 3 and len(cols) == 1 else 1)' "$@"
}
"$gpuwise" --lang zh catalog providers | aligned "providers, 来源日期" '(来源日期|\d{4}-\d{2}(-\d{2})?)$' &&
  ok "zh catalog providers: the last column lines up under 来源日期" || bad "zh catalog providers misaligned"
"$gpuwise" --lang zh recommend --preset bert-base-finetune --top 5 | sed -n '/风险$/,/^\*/p' | grep -v '^\*' |
  aligned "recommend, 价格日期" '(价格日期|20\d\d-\d\d(-\d\d)?!?) +\S+$' &&
  ok "zh recommend table: 价格日期 lines up across rows with Chinese provider names" || bad "zh recommend table misaligned"
"$gpuwise" --lang zh lab --people 8 --cards 8 --gpu a100 --server-price 96710 | sed -n '1,/^$/p' | grep . |
  aligned "lab, right-aligned 数值" '\S+$' >/dev/null
# right-aligned: the ends line up instead; check the display width of every line is the same
"$gpuwise" --lang zh lab --people 8 --cards 8 --gpu a100 --server-price 96710 | sed -n '1,/^$/p' | grep . | python3 -c '
import sys, unicodedata
w = {sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l) for l in sys.stdin.read().splitlines()}
print("    lab: line widths", sorted(w)); sys.exit(0 if len(w) == 1 else 1)' &&
  ok "zh lab table: right-aligned numbers end in one column" || bad "zh lab table misaligned"

# ---- help: examples everywhere, values named
commands=$("$gpuwise" --help | awk '/^Subcommands:/{on=1; next} on && /^$/{on=0} on && /^  [a-z]/{print $1}')
for c in $commands; do
  paths="$c"
  subs=$("$gpuwise" "$c" --help | awk '/^Subcommands:/{on=1; next} on && /^$/{on=0} on && /^  [a-z]/{print $1}')
  for s in $subs; do paths+=$'\n'"$c $s"; done
  while IFS= read -r p; do
    # shellcheck disable=SC2086
    help=$("$gpuwise" $p --help) || { bad "gpuwise $p --help failed"; continue; }
    # shellcheck disable=SC2086
    own=$(sed -n '/^Examples\?:/,$p' <<<"$help" | grep -c "gpuwise $p\b\|gpuwise .*$p\b\|gpuwise $(cut -d' ' -f1 <<<"$p")")
    [[ $help == *"Example"* && $own -gt 0 ]] || bad "gpuwise $p --help has no example of its own"
    grep -qE '(^| )(TEXT|INT|FLOAT)( |$|:)' <<<"$help" && bad "gpuwise $p --help shows a bare type: $(grep -E '(TEXT|INT|FLOAT)' <<<"$help" | head -1)"
  done <<<"$paths"
done
[[ $fail -eq 0 ]] && ok "every command and subcommand's --help has examples and named value types"
"$gpuwise" --help | grep -q 'json and csv keys are stable English identifiers' && ok "--help says json/csv keys stay English" ||
  bad "--help does not say json/csv keys stay English"
exit $fail
