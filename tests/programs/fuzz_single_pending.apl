⍝ The RANK ERROR of singleton extension while a let-bound array is pending (found by tests/fuzz,
⍝ seeds 600001, 600023, 600624): the compiler crashed (a reference into the pending list was
⍝ left dangling by a trial lowering).
(((1 0 1 1 1\¯7 0 ¯5 0)+(¯7 5∘.×(2⍴¯4)))≠(0 3 0⍴⍬))-(~(=⍀((0 3 0⍴⍬)⍱(0 3 0⍴⍬))))
⍝ == expected
⍝ error: 4:24: RANK ERROR
