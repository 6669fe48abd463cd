⍝ Literal arrays of constants are static data in the generated C (issue 10): integers (negative and
⍝ extreme), doubles (printed back exactly), booleans and characters.
v←3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4 3 3 8 3 2 7 9 5 0 2 8 8 4 1 9 7 ¯1 ¯9223372036854775807 9223372036854775807
+/40↑v
¯3↑v
d←0.1 0.2 0.3 1E¯300 1.7976931348623157E308 ¯2.5 3.141592653589793 2.718281828459045 1 2 3 4 5 6 7 8 9 10 11 12
+/d[⍳3]
d[4 5 7 8]=1E¯300 1.7976931348623157E308 3.141592653589793 2.718281828459045
+/8↓d
b←1 0 1 1 0 1 0 0 1 1 1 0 1 0 1 1 0 0 0 1
+/b
c←'The quick brown fox jumps over the lazy dog'
⌽c
m←4 5⍴1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
+⌿m
⍝ == expected
⍝ 194
⍝ ¯1 ¯9223372036854775807 9223372036854775807
⍝ 0.6
⍝ 1 1 1 1
⍝ 78
⍝ 11
⍝ god yzal eht revo spmuj xof nworb kciuq ehT
⍝ 34 38 42 46 50
