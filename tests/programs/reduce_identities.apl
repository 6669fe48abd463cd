⍝ Reductions of an empty vector give Dyalog's identity items; |, !, < and ≤ have an identity for
⍝ the empty case that is not a right identity, so non-empty vectors fold onto their last item.
⌊/⍬
⌈/⍬
+/⍬
-/⍬
×/⍬
÷/⍬
|/⍬
*/⍬
!/⍬
∧/⍬
∨/⍬
</⍬
≤/⍬
=/⍬
≥/⍬
>/⍬
≠/⍬
⌊/0⍴2.5
⌈/0⍴2.5
|/4 10
|/5 3 7
!/2 5
</0 1
</1 0
</0 0 1
≤/1 0
≤/0 0
≤/1 1 0
n←+/2 2
⌈/n⍴3
⌊/n⍴3
⌈/2 3⍴3 1 4 1 5 9
⌈/1.5 ¯2.5
⍝ == expected
⍝ 1.797693135E308
⍝ ¯1.797693135E308
⍝ 0
⍝ 0
⍝ 1
⍝ 1
⍝ 0
⍝ 1
⍝ 1
⍝ 1
⍝ 0
⍝ 0
⍝ 1
⍝ 1
⍝ 1
⍝ 0
⍝ 0
⍝ 1.797693135E308
⍝ ¯1.797693135E308
⍝ 2
⍝ 1
⍝ 10
⍝ 1
⍝ 0
⍝ 1
⍝ 0
⍝ 1
⍝ 0
⍝ 3
⍝ 3
⍝ 4 9
⍝ 1.5
