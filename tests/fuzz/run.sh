#!/usr/bin/env bash
# run.sh [-a APLC] [-j JOBS] [-k DIR] [-t TARGETS] SEED COUNT: differential test. Generates the
# programs of seeds SEED..SEED+COUNT-1 (gen.py) and runs each with the TAIL interpreter
# (`aplc --interp`) and compiled for each of TARGETS (comma-separated aplc targets, default c:
# `aplc --run --target=T`), with time-outs; stdout, stderr and exit status must agree, and no
# path may report an internal compiler error or crash. Programs the interpreter rejects as
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
targets=c
usage="usage: run.sh [-a APLC] [-j JOBS] [-k DIR] [-t TARGETS] SEED COUNT"
while getopts "a:j:k:t:" o; do
  case $o in
    a) aplc=$OPTARG ;;
    j) jobs=$OPTARG ;;
    k) keep=$OPTARG ;;
    t) targets=$OPTARG ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "$usage" >&2; exit 2; }
seed0=$1
count=$2
aplc=$(realpath "$aplc")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$keep" ] && mkdir -p "$keep"

# An error report up to its kind (`p.apl:1:6: INDEX ERROR`): the detail after it may name values
# only the interpreter knows ("index 4 on axis 1 of length 3" / "index out of range on axis 1").
errorOf() { sed 's/\(ERROR\).*/\1/' "$1"; }

# compiledRun DIR TARGET: runs DIR/p.apl compiled for TARGET. OpenMP programs run on 3 threads
# (more than this machine's 2 cores, which finds races that 2 hide) and put every parallel loop
# on them, however small, unless the caller's environment says otherwise.
compiledRun() {
  # shellcheck disable=SC2086
  ( cd "$1" && OMP_NUM_THREADS=${OMP_NUM_THREADS:-3} \
      APLC_PARALLEL_MIN_WORK=${APLC_PARALLEL_MIN_WORK:-1} APLC_PARALLEL_TEAM_WORK=${APLC_PARALLEL_TEAM_WORK:-0} \
      APLC_OPENCL_HOST_WORK=${APLC_OPENCL_HOST_WORK:-0} \
      timeout 60 "$aplc" --run --target="$2" ${APLC_FUZZ_OPTIONS:-} p.apl > c.out 2> c.err )
}

# compiled DIR TARGET IRC: runs DIR/p.apl compiled for TARGET (outputs c.out, c.err, c.rc) and
# compares it with the interpreter's run (i.out, i.err, exit status IRC). Prints why they
# disagree and fails, or succeeds silently.
compiled() {
  local d=$1 target=$2 irc=$3 crc why=
  compiledRun "$d" "$target"; crc=$?
  # POCL, the CPU OpenCL driver, rarely dies by a signal under load (README.md): such a run is
  # repeated once, with a note; one killed twice is a crash.
  if [ "$target" = opencl ] && [ $crc -gt 128 ] && [ $crc -ne 137 ]; then
    echo "note: seed $(basename "$d") on opencl died by signal $((crc - 128)); ran again" >> "$work/notes"
    compiledRun "$d" "$target"; crc=$?
  fi
  echo "$crc" > "$d/c.rc"
  if [ $irc = 124 ]; then why="interpreter time-out"
  elif [ $crc = 124 ]; then why="compiled time-out"
  elif grep -qi "internal" "$d/i.err" "$d/c.err"; then why="internal error"
  elif [ $crc -gt 1 ] || [ $irc -gt 1 ]; then why="crash (exit $irc/$crc)"
  elif [ $irc != $crc ]; then why="exit status $irc/$crc"
  elif ! cmp -s "$d/i.out" "$d/c.out"; then why="stdout"
  elif ! cmp -s <(errorOf "$d/i.err") <(errorOf "$d/c.err"); then why="stderr"
  fi
  [ -z "$why" ] || { echo "$why (target $target)"; return 1; }
}

one() {  # one seed: prints "ok", "skip", "error-agrees" or "FAIL ..." on its first line
  local seed=$1 d=$work/$1
  mkdir -p "$d"
  python3 "$here/gen.py" "$seed" > "$d/p.apl"
  ( cd "$d" && timeout 10 "$aplc" --interp p.apl > i.out 2> i.err ); local irc=$?
  if grep -q "not supported" "$d/i.err"; then echo "skip $seed"; rm -rf "$d"; return; fi
  local why= target crc
  for target in ${targets//,/ }; do
    why=$(compiled "$d" "$target" "$irc") && continue
    crc=$(cat "$d/c.rc")
    break
  done
  if [ -z "$why" ]; then
    if [ $irc = 0 ]; then echo "ok $seed"; else echo "error-agrees $seed"; fi
    rm -rf "$d"; return
  fi
  {
    echo "FAIL $seed: $why"
    echo "--- program"; cat "$d/p.apl"
    echo "--- interpreter (exit $irc)"; head -c 2000 "$d/i.out"; head -c 2000 "$d/i.err"
    echo "--- compiled for $target (exit $crc)"; head -c 2000 "$d/c.out"; head -c 2000 "$d/c.err"
    echo "---"
  }
  [ -n "$keep" ] && cp "$d/p.apl" "$keep/seed_$seed.apl"
  rm -rf "$d"
}
export -f one compiled compiledRun errorOf
export work here aplc keep targets

seq "$seed0" $((seed0 + count - 1)) | xargs -P "$jobs" -I{} bash -c 'one {}' > "$work/log"
grep -av '^\(ok\|skip\|error-agrees\) ' "$work/log"
[ -f "$work/notes" ] && cat "$work/notes"
ok=$(grep -c '^ok ' "$work/log")
errs=$(grep -c '^error-agrees ' "$work/log")
skip=$(grep -c '^skip ' "$work/log")
fail=$(grep -c '^FAIL ' "$work/log")
echo "seeds $seed0..$((seed0 + count - 1)) on $targets: $ok agree, $errs agree on an error, $skip skipped (not supported), $fail disagree"
[ "$fail" = 0 ]
