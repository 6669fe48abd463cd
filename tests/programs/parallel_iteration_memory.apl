⍝ Per-element functions whose arrays are their own: a grade, the hash table of ∪ or ⍳, a
⍝ compress, each written by a runtime call into memory the element allocated. The loop over
⍝ the elements stays parallel (laila/lower/SequentialEffects.h): each iteration writes only
⍝ blocks of its own. The last statement fails in some iterations; the earliest one's error is
⍝ reported, as the sequential program reports it.
perfect←{⍵=+/¯1↓∪⍵∨⍳⍵}
(perfect¨⍳500)/⍳500
residues←{≢∪⍵|(⍳⍵)*2}
residues¨⍳12
sortsum←{v←⍵|7×⍳⍵+3 ⋄ +/(⍳≢v)×v[⍋v]}
+/sortsum¨⍳300
downsum←{v←⍵|5×⍳⍵ ⋄ +/(⍳≢v)×v[⍒v]}
downsum¨⍳8
firsts←{+/v⍳v←⍵|(⍳⍵)*3}
firsts¨⍳10
bad←{v←(⍳⍵)[⍋⍵|⍳⍵] ⋄ v[1+(⍵≥30)×⍵]}
+/bad¨⍳100
⍝ == expected
⍝ 6 28 496
⍝ 1 2 2 2 3 4 4 3 4 6 6 4
⍝ 691156267
⍝ 0 1 4 10 0 35 56 84
⍝ 1 3 6 8 15 21 19 24 18 55
⍝ error: INDEX ERROR
