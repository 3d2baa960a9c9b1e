#!/usr/bin/env bash
# Checks a generated bash completion script: usage: completion.sh SCRIPT GPUWISE
# Sources SCRIPT, then asks it what it completes, as bash would on TAB, and compares with what GPUWISE
# itself reports in its help. Exits non-zero with a message on the first wrong answer.
set -uo pipefail
script=${1:?usage: completion.sh SCRIPT GPUWISE}
gpuwise=${2:?usage: completion.sh SCRIPT GPUWISE}
fail=0

# shellcheck source=/dev/null
source "$script" || { echo "FAIL: cannot source $script"; exit 1; }
spec=$(complete -p gpuwise 2>&1)
[[ $spec == "complete -F _gpuwise gpuwise" ]] || { echo "FAIL: complete -p gpuwise: $spec"; exit 1; }

# complete_line "gpuwise cat" -> COMPREPLY for the last word (an empty last word when the line ends in a space)
complete_line() {
  read -r -a COMP_WORDS <<<"$1"
  [[ $1 == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE=$1
  COMP_POINT=${#1}
  COMPREPLY=()
  _gpuwise gpuwise "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]:-}"
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

expect() {  # expect LINE WANT
  local got
  got=$(complete_line "$1")
  if [[ $got == "$2" ]]; then
    echo "ok: '$1' -> $got"
  else
    echo "FAIL: '$1' completed to '$got', expected '$2'"
    fail=1
  fi
}

contains() {  # contains LINE WORD...
  local line=$1 got w
  shift
  got=" $(complete_line "$line") "
  for w in "$@"; do
    if [[ $got != *" $w "* ]]; then
      echo "FAIL: '$line' does not offer '$w' (got:$got)"
      fail=1
      return
    fi
  done
  echo "ok: '$line' offers $*"
}

# Top-level commands: exactly the ones gpuwise --help lists.
subcommands() {  # the subcommands a --help text lists, sorted, on one line
  awk '/^Subcommands:/{on=1; next} on && /^$/{on=0} on && /^  [a-z]/{print $1}' | sort | tr '\n' ' ' | sed 's/ $//'
}
want=$("$gpuwise" --help | subcommands)
[[ -n $want ]] || { echo "FAIL: no SUBCOMMANDS in gpuwise --help"; exit 1; }
expect "gpuwise " "$want"
expect "gpuwise cat" "catalog"
expect "gpuwise --lang zh cat" "catalog"
expect "gpuwise --lang " "en zh"
expect "gpuwise --lang = " "en zh"     # how bash splits --lang= (COMP_WORDBREAKS has '=')
expect "gpuwise --lang=" "--lang=en --lang=zh"  # when '=' is not a word break
expect "gpuwise guide --format=m" "--format=md"
contains "gpuwise --" --lang --currency --catalog --help --version
expect "gpuwise catalog " "$("$gpuwise" catalog --help | subcommands)"
expect "gpuwise catalog offers --format " "csv json md table"
contains "gpuwise catalog offers --" --format --help --lang
expect "gpuwise completion " "bash"
# guide sections come from data/guide.json through the CLI's own choices
expect "gpuwise guide " "$("$gpuwise" guide --list | tail -n +2 | awk '{print $1}' | sort | tr '\n' ' ' | sed 's/ $//')"
expect "gpuwise guide sc" "scenarios"
expect "gpuwise guide scenarios --format " "json md table"
# file names where a file is read, nothing for free-form values
cd "$(dirname "$script")"  # it holds the script itself, named gpuwise
contains "gpuwise catalog validate " gpuwise
contains "gpuwise --catalog " gpuwise
contains "gpuwise completion bash -o " gpuwise
expect "gpuwise guide --list --format json " ""
# after the section is given, nothing more to suggest but options
expect "gpuwise guide scenarios " ""

# Every subcommand, and every flag each command's --help lists, is offered.
expect "gpuwise link " "decode encode"
expect "gpuwise link decode --format " "csv json md table"
expect "gpuwise recommend --goal " "cheapest fastest value"
expect "gpuwise recommend --spot " "allow deny only"
expect "gpuwise --currency " "CNY USD"
contains "gpuwise validate --cases " gpuwise
contains "gpuwise recommend --workload " gpuwise
expect "gpuwise recommend --budget " ""
flags_missing=0
for c in $("$gpuwise" --help | subcommands); do
  paths=$c
  for s in $("$gpuwise" "$c" --help | subcommands); do paths+=$'\n'"$c $s"; done
  while IFS= read -r p; do
    # shellcheck disable=SC2086
    want_flags=$("$gpuwise" $p --help | grep -oE '^  (-[a-z],)?--[a-z0-9-]+' | sed 's/.*--/--/' | sort -u)
    got=" $(complete_line "gpuwise $p --") "
    for f in $want_flags; do
      [[ $got == *" $f "* ]] || { echo "FAIL: 'gpuwise $p --' does not offer $f"; fail=1; flags_missing=1; }
    done
  done <<<"$paths"
done
[[ $flags_missing -eq 0 ]] && echo "ok: every command and subcommand offers every flag its --help lists"

exit $fail
