⍝ Source: APL Wiki, "Replicate" (https://aplwiki.com/wiki/Replicate), Examples. Unchanged
⍝ (3/'replicate' repeats each of the nine characters three times).
1 1 0 1 0 1 0 0 / 'compress'
1 1 0 0 1 / ⍳5
0 3 0 0 2 0 1 0 2 / 'replicate'
+/ 0 3 0 0 2 0 1 0 2
⍴ 0 3 0 0 2 0 1 0 2 / 'replicate'
3 / 'replicate'
⍝ == expected
⍝ cope
⍝ 1 2 5
⍝ eeeiiaee
⍝ 8
⍝ 8
⍝ rrreeepppllliiicccaaattteee
