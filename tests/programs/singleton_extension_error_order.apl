⍝ Singleton extension across ranks that fails (RANK ERROR) after an argument that fails: the
⍝ argument's error comes first, as APL evaluates both arguments before the function (found by
⍝ tests/fuzz: the other argument was lazy when `single` checked).
|(⌈/((,(5 1 5⍴' '))≠((0 2⍴' ')[1 1 1 1⍴1;1])))
⍝ == expected
⍝ error: INDEX ERROR
