⍝ Arrays read by slices of different positions (xy[;1], xy[;2]) and a slice read twice at one
⍝ index (x×x) are computed per element in the consuming loop, not written to memory: the Sobol
⍝ benchmark's pattern, an N×2 inner product whose columns are the point's coordinates. The
⍝ compiled program's arrays stay far below the 16 KB that N×2 doubles would take.
N←1000
B←8
bits←1 ⎕INT32AND (⍳N) ∘.⎕INT32SHR ¯1+⍳B
w←⌊2*B-⍳B
dirs←⍉2 B⍴w,⌽w
xy←(bits ⎕INT32XOR.× dirs)÷2*B
x←xy[;1]
y←xy[;2]
⎕←+/1>(x×x)+y×y
⍝ == expected
⍝ 813
⍝ peak bytes: at most 4096
