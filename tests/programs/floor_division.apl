⍝ ⌊ of an integer ÷ a positive integer, and × a dyadic fraction: compiled code computes these in
⍝ integers where the ranges make it exact (laila/passes/FloorDivision.h); negative operands round down.
⌊(¯8+⍳15)÷4
⌊(¯8+⍳15)×0.75
years ← 1+3000|¯1+⍳12
⌊years÷100
⌈(¯8+⍳15)÷4
⍝ == expected
⍝ ¯2 ¯2 ¯2 ¯1 ¯1 ¯1 ¯1 0 0 0 0 1 1 1 1
⍝ ¯6 ¯5 ¯4 ¯3 ¯3 ¯2 ¯1 0 0 1 2 3 3 4 5
⍝ 0 0 0 0 0 0 0 0 0 0 0 0
⍝ ¯1 ¯1 ¯1 ¯1 0 0 0 0 1 1 1 1 2 2 2
