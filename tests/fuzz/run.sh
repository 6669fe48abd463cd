#!/usr/bin/env bash
# run.sh [-a APLC] [-j JOBS] [-k DIR] SEED COUNT: differential test. Generates the programs of seeds
# SEED..SEED+COUNT-1 (gen.py) and runs each with the TAIL interpreter (`aplc --interp`) and as a
# compiled C program (`aplc --run`), with time-outs; stdout, stderr and exit status must agree,
# and neither may report an internal compiler error or crash. Programs the interpreter rejects as
# "not supported" are skipped (and counted). Prints each disagreement (seed, program, both
# results) and a summary line; exits 1 if there was any. -k DIR keeps the failing programs there.
# Environment: APLC_FUZZ_OPTIONS adds aplc options to the compiled runs (e.g. --sanitize).
set -uo pipefail
# Every Laila pass's output is verified, so a broken pass is named (laila/passes/Passes.h).
export APLC_VERIFY_EACH_PASS=1
here=$(cd "$(dirname "$0")" && pwd)
aplc=$here/../../build/aplc
jobs=2
keep=
while getopts "a:j:k:" o; do
  case $o in
    a) aplc=$OPTARG ;;
    j) jobs=$OPTARG ;;
    k) keep=$OPTARG ;;
    *) echo "usage: run.sh [-a APLC] [-j JOBS] [-k DIR] SEED COUNT" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "usage: run.sh [-a APLC] [-j JOBS] [-k DIR] SEED COUNT" >&2; exit 2; }
seed0=$1
count=$2
aplc=$(realpath "$aplc")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$keep" ] && mkdir -p "$keep"

# An error report up to its kind (`p.apl:1:6: INDEX ERROR`): the detail after it may name values
# only the interpreter knows ("index 4 on axis 1 of length 3" / "index out of range on axis 1").
errorOf() { sed 's/\(ERROR\).*/\1/' "$1"; }

one() {  # one seed: prints "ok", "skip", "error-agrees" or "FAIL ..." on its first line
  local seed=$1 d=$work/$1
  mkdir -p "$d"
  python3 "$here/gen.py" "$seed" > "$d/p.apl"
  ( cd "$d" && timeout 10 "$aplc" --interp p.apl > i.out 2> i.err ); local irc=$?
  if grep -q "not supported" "$d/i.err"; then echo "skip $seed"; rm -rf "$d"; return; fi
  # shellcheck disable=SC2086
  ( cd "$d" && timeout 60 "$aplc" --run ${APLC_FUZZ_OPTIONS:-} p.apl > c.out 2> c.err ); local crc=$?
  local why=
  if [ $irc = 124 ]; then why="interpreter time-out"
  elif [ $crc = 124 ]; then why="compiled time-out"
  elif grep -qi "internal" "$d/i.err" "$d/c.err"; then why="internal error"
  elif [ $crc -gt 1 ] || [ $irc -gt 1 ]; then why="crash (exit $irc/$crc)"
  elif [ $irc != $crc ]; then why="exit status $irc/$crc"
  elif ! cmp -s "$d/i.out" "$d/c.out"; then why="stdout"
  elif ! cmp -s <(errorOf "$d/i.err") <(errorOf "$d/c.err"); then why="stderr"
  fi
  if [ -z "$why" ]; then
    if [ $irc = 0 ]; then echo "ok $seed"; else echo "error-agrees $seed"; fi
    rm -rf "$d"; return
  fi
  {
    echo "FAIL $seed: $why"
    echo "--- program"; cat "$d/p.apl"
    echo "--- interpreter (exit $irc)"; head -c 2000 "$d/i.out"; head -c 2000 "$d/i.err"
    echo "--- compiled (exit $crc)"; head -c 2000 "$d/c.out"; head -c 2000 "$d/c.err"
    echo "---"
  }
  [ -n "$keep" ] && cp "$d/p.apl" "$keep/seed_$seed.apl"
  rm -rf "$d"
}
export -f one errorOf
export work here aplc keep

seq "$seed0" $((seed0 + count - 1)) | xargs -P "$jobs" -I{} bash -c 'one {}' > "$work/log"
grep -av '^\(ok\|skip\|error-agrees\) ' "$work/log"
ok=$(grep -c '^ok ' "$work/log")
errs=$(grep -c '^error-agrees ' "$work/log")
skip=$(grep -c '^skip ' "$work/log")
fail=$(grep -c '^FAIL ' "$work/log")
echo "seeds $seed0..$((seed0 + count - 1)): $ok agree, $errs agree on an error, $skip skipped (not supported), $fail disagree"
[ "$fail" = 0 ]
