⍝ A fuzzing find: n f⌿ on a nested right argument was an internal compiler error (its rank was
⍝ asked before it was checked to be an array).
m←3 4⍴⍳12
¯2-⌿m 3 4
