⍝ Type annotations in comments that hold (docs/annotations.md): the thesis's ⍝: header on a dfn,
⍝ apltail's ⍝○ name : type line for functions and arrays, dyadic and ASCII forms.
diff ← {  ⍝: <κ>(ρ+1) → <κ>ρ
  1↓⍵-¯1⌽⍵
}
⍝○ signal : <double>ρ → <double>ρ
signal ← {¯50⌈50⌊50×(diff 0,⍵)÷0.01+⍵}
⍝○ n : int
n ← 5
⍝○ add : int -> int -> int
add ← {⍺+⍵}
⍝○ m : [int]2
m ← 2 3 ⍴ ⍳ 6
sum ← {+/⍵} ⍝: [κ](r+1) → [κ]r
diff 1 4 9 16
signal 1.5 2.5 4.5
3 add 4
add/ ⍳ n
diff ⍳ n
sum m
⍝ == expected
⍝ 3 5 7
⍝ 49.66887417 19.92031873 22.172949
⍝ 7
⍝ 15
⍝ 1 1 1 1
⍝ 6 15
