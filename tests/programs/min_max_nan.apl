⍝ ⌊ and ⌈ on doubles with NaN and ∞ (docs/semantics.md, mind/maxd): a NaN operand gives the other
⍝ operand, on either side; both NaN give NaN; ∞ orders as usual. The compiled code's inline
⍝ aplc_mind/aplc_maxd must agree with the interpreter, also elementwise in a loop, where the
⍝ compiler knows one operand is no NaN.
big ← 1E300 × 1E300
n ← big - big
(n ⌊ 3) (3 ⌊ n) (n ⌈ 3) (3 ⌈ n) (n ⌊ n) (n ⌈ n)
(big ⌊ 2) (¯2 ⌈ -big) (big ⌈ -big) ((-big) ⌊ big)
v ← 1.5 n big (-big) ¯7
5 ⌊ v
v ⌈ ¯5
¯50 ⌈ 50 ⌊ v × 1E6
⍝ == expected
⍝ 3 3 3 3 NaN NaN
⍝ 2 ¯2 ∞ ¯∞
⍝ 1.5 5 5 ¯∞ ¯7
⍝ 1.5 ¯5 ∞ ¯5 ¯5
⍝ 50 50 50 ¯50 ¯50
