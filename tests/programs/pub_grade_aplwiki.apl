⍝ Source: APL Wiki, "Grade" (https://aplwiki.com/wiki/Grade), Monadic form.
⍝ Changed: the character matrix ↑'foo' 'bar' 'baz' is built as 3 3⍴'foobarbaz' and printed
⍝ with A; of the stable-sort example only ⍋S is kept (its pairs with ⍳6 are nested).
⎕←A←3 3⍴'foobarbaz'
⍋A
A[⍋A;]
⍒A
A[⍒A;]
B←15 10 5
A[⍋B;]
S←6 10 10 3 2 15
⍋S
⍝ == expected
⍝ foo
⍝ bar
⍝ baz
⍝ 2 3 1
⍝ bar
⍝ baz
⍝ foo
⍝ 1 3 2
⍝ foo
⍝ baz
⍝ bar
⍝ baz
⍝ bar
⍝ foo
⍝ 5 4 1 2 3 6
