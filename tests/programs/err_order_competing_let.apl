⍝ As err_order_competing.apl, through a let: the fused loop reads x[1 2 5] and ÷x-1 together.
x←⍳3 ⋄ (÷x-1)+x[1 2 5]
⍝ == expected
⍝ error: 2:16: INDEX ERROR
