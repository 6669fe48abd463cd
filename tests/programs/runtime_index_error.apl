⍝ Indices out of range are an INDEX ERROR at run time.
v←⍳3
v[+/2 2]
⍝ == expected
⍝ error: INDEX ERROR
