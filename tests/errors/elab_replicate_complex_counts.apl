⍝ Found by fuzz_apl (2026-11-27): a complex left argument of / was passed to TAIL unconverted,
⍝ an internal compiler error; now the conversion to integers reports it, as ↑ ⌽ ⍴ do.
a ← 2j1
⎕ ← a / 3
