⍝ :Select with :Case (a match, ≡), :CaseList (membership) and :Else, as Dyalog defines them: the
⍝ selector is evaluated once; one-line arms with ⋄; :End closes it too.
∇ r←Describe n
  :Select n
  :Case 0
    r←'zero'
  :CaseList 1 2 3
    r←'small'
  :Else
    r←'large'
  :EndSelect
∇
Describe 0
Describe 2
Describe 7
∇ r←Grade s;x
  r←0
  :For x :In s
    :Select x
    :Case 'a' ⋄ r+←4
    :Case 'b' ⋄ r+←3
    :CaseList 'cd' ⋄ r+←1
    :EndSelect
  :EndFor
∇
Grade 'abcdx'
∇ r←Kind v
  :Select ≢v
  :Case 0 ⋄ r←0
  :Case 1 ⋄ r←1
  :Else ⋄ r←2
  :End
∇
(Kind ⍳0),(Kind ,5),Kind 1 2
⍝ == expected
⍝ zero
⍝ small
⍝ large
⍝ 9
⍝ 0 1 2
