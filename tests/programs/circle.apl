⍝ Pi times, sine, cosine, and 0○ (square root of 1-x²).
○1
1○0
2○0
0○0.6
⍝ == expected
⍝ 3.141592654
⍝ 0
⍝ 1
⍝ 0.8
