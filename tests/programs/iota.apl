⍝ Index generator, 1-origin.
⍳5
⍴⍳0
+/⍳100
⎕IO
⍝ == expected
⍝ 1 2 3 4 5
⍝ 0
⍝ 5050
⍝ 1
