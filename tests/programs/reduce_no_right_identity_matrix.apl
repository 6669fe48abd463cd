⍝ Reductions of arrays of rank ≥ 2 with functions whose identity is not a right identity (| !) or
⍝ that have none (a dfn): the last item of the scan, along either axis; an empty axis gives the
⍝ identity (0 for |, 1 for !).
|/2 2⍴3 7 4 10
!/2 2⍴2 5 1 4
{⍺+⍵}/2 3⍴⍳6
|⌿3 2⍴3 4 7 10 8 9
|/2 0⍴1
!/2 0⍴1
⍝ == expected
⍝ 1 2
⍝ 10 4
⍝ 6 15
⍝ 1 1
⍝ 0 0
⍝ 1 1
