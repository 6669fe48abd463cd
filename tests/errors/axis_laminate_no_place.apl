⍝ Laminate needs a place between the axes: ,[2.5] on vectors has none (AXIS ERROR, at compile time).
v←⍳3
⎕←v,[2.5]v
