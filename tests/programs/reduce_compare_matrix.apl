⍝ < and ≤ reductions of boolean arrays of rank ≥ 2 (their identity is not a right identity: on
⍝ booleans </x is the last item ∧ ~∨/ the others, and ≤/x is ~</~x), along either axis.
m←2 3⍴1 0 1 0 0 1
</m
≤/m
<⌿m
≤⌿m
</2 0⍴1
≤/2 0⍴1
n←+/1 1
</n 3⍴1 1 0
⍝ == expected
⍝ 0 1
⍝ 1 1
⍝ 0 0 0
⍝ 0 1 1
⍝ 0 0
⍝ 1 1
⍝ 0 0
