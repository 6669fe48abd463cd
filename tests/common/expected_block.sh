# Shell functions that read a program's expected block (tests/programs/README.md: the comment
# lines after `⍝ == expected`). Source it; it defines functions only. tests/programs/run.sh checks
# every path against the block; the TSan and Oclgrind runners take its output as the interpreter's.

# expected_block FILE: the block's lines, after the `⍝ == expected` line (none without one).
expected_block() {
  sed -n '/^⍝ == expected$/,$p' "$1" | tail -n +2
}

# expected_stdout BLOCK: what the program prints: the block without its directives (error, tags,
# peak bytes, structure), each line without its `⍝ `.
expected_stdout() {
  echo "$1" | grep -v -e '^⍝ error: ' -e '^⍝ tags: ' -e '^⍝ peak bytes: ' -e '^⍝ structure\( on [a-z]*\)\?: ' |
    sed -e 's/^⍝ //' -e 's/^⍝$//'
}
