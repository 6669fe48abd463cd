x ← 3
x > 2 : ⎕ ← 'big'
