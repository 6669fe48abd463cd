#!/usr/bin/env bash
# aplc never hurts the user's files, and its output options do what --help says:
# - an output path naming an input (`aplc prog`, `-o s.apl`, a link to the source) is refused;
# - an output path that cannot be written (missing folder, a folder) is a one-line user error;
# - a failed compilation leaves the previous output untouched;
# - `-` reads standard input; -v prints the stages and the C compiler command; --keep-c keeps the
#   C; --emit=STAGE -o FILE writes the dump to FILE; --cflags reaches the C compiler.
# Usage: outputs.sh APLC REPO_ROOT
set -uo pipefail
aplc=$(realpath "$1")
root=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
status=0
fail() { echo "FAIL: $*"; status=1; }

# expect STATUS STDERR_REGEX -- command...: exit status and a one-line stderr matching the regex.
expect() {
  local want=$1 regex=$2
  shift 3
  "$@" >out.txt 2>err.txt
  local got=$?
  if [ "$got" != "$want" ]; then fail "'$*' exited $got, expected $want"; cat err.txt; return; fi
  if [ -n "$regex" ]; then
    if ! grep -qE "$regex" err.txt; then fail "'$*': stderr does not match '$regex'"; cat err.txt; fi
    if [ "$(wc -l <err.txt)" != 1 ]; then fail "'$*': stderr is not one line"; cat err.txt; fi
  fi
}

printf '⎕←1+2\n' >s.apl
cp s.apl prog
sum() { md5sum "$1" | cut -d' ' -f1; }
before=$(sum s.apl)

# An output naming an input.
expect 1 "^aplc: error: the output 'prog' is the input file 'prog'" -- "$aplc" prog
[ "$(sum prog)" = "$before" ] || fail "aplc prog changed prog"
expect 1 "^aplc: error: the output 's.apl' is the input file 's.apl'" -- "$aplc" s.apl -o s.apl
expect 1 "is the input file" -- "$aplc" s.apl -o ./s.apl
ln -s s.apl link.apl
expect 1 "is the input file" -- "$aplc" s.apl -o link.apl
expect 1 "is the input file" -- "$aplc" s.apl --emit=c -o s.apl
expect 1 "is the input file" -- "$aplc" s.apl --keep-c s.apl -o x
[ "$(sum s.apl)" = "$before" ] || fail "s.apl was changed"

# Outputs that cannot be written.
expect 1 "^aplc: error: cannot write the output 'missing-dir/x': no such directory 'missing-dir'$" -- "$aplc" s.apl -o missing-dir/x
mkdir somedir
expect 1 "^aplc: error: cannot write the output 'somedir': it is a directory$" -- "$aplc" s.apl -o somedir
expect 1 "^aplc: error: cannot read file 'somedir': it is a directory$" -- "$aplc" somedir -o x
if [ "$(id -u)" != 0 ]; then
  mkdir ro && chmod 555 ro
  expect 1 "^aplc: error: cannot write the output 'ro/x': Permission denied$" -- "$aplc" s.apl -o ro/x
fi

# A special file as the output is written to, not replaced.
expect 0 "" -- "$aplc" s.apl -o /dev/null
[ -c /dev/null ] || fail "-o /dev/null replaced /dev/null"
expect 0 "" -- "$aplc" s.apl --emit=c -o /dev/null
[ -c /dev/null ] || fail "--emit=c -o /dev/null replaced /dev/null"

# The default output is the first input's name without its extension.
expect 0 "" -- "$aplc" s.apl
[ "$(./s)" = 3 ] || fail "./s does not print 3"
# A compile error leaves the previous executable as it was, and no temporary files.
printf '⎕←1+\n' >s.apl
expect 1 "" -- "$aplc" s.apl
[ "$(./s)" = 3 ] || fail "a failed compilation changed ./s"
[ -z "$(ls -A | grep aplc-)" ] || fail "temporary files left: $(ls -A)"

# Standard input.
echo '⎕←2×⍳3' | "$aplc" - -o fromstdin 2>err.txt || fail "aplc - failed: $(cat err.txt)"
[ "$(./fromstdin)" = "2 4 6" ] || fail "aplc -: wrong program"
(cd somedir && echo '⎕←7' | "$aplc" - && [ "$(./a.out)" = 7 ]) || fail "aplc - does not write a.out"
echo '⎕←1+' | "$aplc" - -o x 2>err.txt
grep -q '^<stdin>:1:' err.txt || fail "errors in standard input are not located: $(cat err.txt)"

# -v, --keep-c, --emit -o, --cflags.
printf '⎕←1+2\n' >s.apl
"$aplc" -v s.apl -o v.exe 2>err.txt || fail "aplc -v failed"
grep -q '^aplc: parsing$' err.txt || fail "-v does not print the stages: $(cat err.txt)"
grep -q "^aplc: '.*' '-std=c11' .*'-o'" err.txt || fail "-v does not print the C command: $(cat err.txt)"
"$aplc" s.apl -o k.exe --keep-c kept.c || fail "--keep-c failed"
grep -q 'int main(void)' kept.c || fail "--keep-c did not write the C program"
"$aplc" s.apl --emit=c -o dump.c >out.txt || fail "--emit=c -o failed"
cmp -s dump.c kept.c || fail "--emit=c -o differs from --keep-c"
[ -s out.txt ] && fail "--emit=c -o also printed the dump"
"$aplc" -v s.apl -o f.exe --cflags "-march=native -DAPLC_TEST_FLAG" 2>err.txt || fail "--cflags failed: $(cat err.txt)"
grep -q "'-march=native' '-DAPLC_TEST_FLAG'" err.txt || fail "--cflags did not reach the C compiler: $(cat err.txt)"
"$aplc" s.apl -o g.exe --cflags "-fno-such-flag-xyz" 2>err.txt
[ $? = 1 ] || fail "a bad --cflags is not a user error (exit 1)"

# --help documents the default output name.
# (Through a file: grep -q stops reading at the match, and aplc, writing the rest of a help longer
# than one buffer, would die of SIGPIPE, which pipefail reports as a failure.)
"$aplc" --help > help.txt || fail "--help failed"
grep -q "without" help.txt || fail "--help does not say what the default output is"
exit $status
