⍝ Source: Aaron W. Hsu, "APL Hacking: Project Euler Daily (#1)" (2011) and Phil Last's comment
⍝ on it: the sum of the multiples of 3 or 5 below 1000, stated as 233168 by Rosetta Code
⍝ ("Sum multiples of 3 and 5", which also states 23 for n=10, 2318 for 100, 23331668 for
⍝ 10000). Changed: the tradfn PEONE is written as top-level statements and a dfn;
⍝ ∣ (U+2223) is written | .
X←⍳999
+/((0=3|X)∨0=5|X)/X
0.5×+/x×n×1+n←⌊999÷x←3 5 ¯15
F←{+/((0=3|⍵)∨0=5|⍵)/⍵}
F ⍳9
F ⍳99
F ⍳9999
⍝ == expected
⍝ 233168
⍝ 233168
⍝ 23
⍝ 2318
⍝ 23331668
