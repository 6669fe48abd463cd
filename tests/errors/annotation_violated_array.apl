⍝○ v : <int>3
v ← 1 2
