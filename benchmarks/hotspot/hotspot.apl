⍝ HotSpot (Rodinia): N steps of the explicit thermal simulation of an M×M chip: each cell's
⍝ temperature changes by (dt÷cap) × (power + the heat flowing in from its 4 neighbours + the
⍝ heat lost to the ambient), with Rodinia's chip constants. Cells on the chip's edge use
⍝ themselves as the missing neighbour, which is Rodinia's edge and corner cases in one formula.
⍝ Rodinia reads the initial temperatures and powers from files; here they are generated
⍝ (deterministic patterns of the same magnitudes), so the benchmark needs no input.
⍝ Prints the minimum, maximum and mean final temperature.
⍝ Sizes: N=360 on 512×512 (Rodinia; thesis Tables 3.1, 3.6), N=360 on 1024×1024 (Table 3.5).
N ← 20
M ← 32

⍝ Chip constants (Rodinia's hotspot)
tchip ← 0.0005                        ⍝ chip thickness (m)
chipHeight ← 0.016
chipWidth ← 0.016
ambient ← 80                          ⍝ ambient temperature
gh ← chipHeight÷M                     ⍝ cell height
gw ← chipWidth÷M                      ⍝ cell width
cap ← 0.5×1750000×tchip×gw×gh          ⍝ capacitance: factor × specific heat × volume
rx ← gw÷2×100×tchip×gh                ⍝ resistances (thermal conductivity of silicon: 100)
ry ← gh÷2×100×tchip×gw
rz ← tchip÷100×gh×gw
maxSlope ← 3000000÷0.5×tchip×1750000   ⍝ from the maximum power density
dt ← 0.001÷maxSlope                   ⍝ time step, for a precision of 0.001 degrees

⍝ Generated inputs: temperatures 323..332.96, powers 0..0.0098
temp ← 323+0.01×997|(⍳M)∘.×⍳M
power ← 0.0002×50|(⍳M)∘.+3×⍳M

up ← {(1↑⍵)⍪¯1↓⍵}                     ⍝ [r;c] is ⍵[r-1;c]; the first row is its own neighbour
down ← {(1↓⍵)⍪¯1↑⍵}                   ⍝ [r;c] is ⍵[r+1;c]; the last row is its own neighbour
left ← {⍉up⍉⍵}
right ← {⍉down⍉⍵}

simulate ← {
  t ← ⍵
  ns ← ((down t)+(up t)-2×t)÷ry
  ew ← ((right t)+(left t)-2×t)÷rx
  t + (dt÷cap) × power + ns + ew + (ambient-t)÷rz
}

final ← (simulate ⍣ N) temp
⎕ ← (⌊/,final), (⌈/,final), (+/,final)÷M×M
