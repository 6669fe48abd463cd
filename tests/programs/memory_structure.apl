⍝ Memory plans checked by their structure (`⍝ structure:` lines, tests/programs/README.md): a power
⍝ loop whose state is a materialized array keeps two blocks of it and swaps them (no copy, no
⍝ allocation per generation), and nothing else is live beside them; v, a few operations on its
⍝ index, is computed where it is read, and w, read once, is never stored.
v ← 1000|(⍳1000)×7919
s ← {1⌽⍵+1}⍣50 ⊢ v
⎕ ← +/s
⎕ ← s[⍳5]
w ← v+s
⎕ ← +/w×w
⍝ == expected
⍝ 549500
⍝ 919 838 757 676 595
⍝ 1386234000
⍝ structure: at most 2 live
⍝ structure: exactly 2 "alloc int[1000]"
