⍝ N-body: S time steps of N gravitating bodies, every step computing all N×N pairwise forces
⍝ (softened Newtonian gravity, G=1) with outer products, then a semi-implicit Euler update of
⍝ the velocities and positions. Ours, following the all-pairs n-body kernel (GPU Gems 3 ch. 31,
⍝ the nbody examples of Rosetta Code); the initial positions and masses are generated
⍝ (deterministic patterns in the cube ¯1..1, masses (1..2)÷N), the bodies start at rest.
⍝ Prints the kinetic energy and the first body's final coordinates.
⍝ Sizes: N=64 S=4 (test), N=1000 S=10.
N ← 64
S ← 4

eps ← 0.01                            ⍝ softening (squared length)
dt ← 0.01
m ← (1+(7|⍳N)÷7)÷N                  ⍝ total mass about 1.4
p0 ← ¯1+0.002×1001|(⍳N)∘.×37 101 233  ⍝ N×3 positions
state0 ← (⍉p0)⍪3 N⍴0                  ⍝ rows: x y z vx vy vz

step ← {
  px ← ⍵[1;] ⋄ py ← ⍵[2;] ⋄ pz ← ⍵[3;]
  dx ← px∘.-px ⋄ dy ← py∘.-py ⋄ dz ← pz∘.-pz
  w ← (eps+(dx×dx)+(dy×dy)+dz×dz)*¯1.5
  vx ← ⍵[4;]+dt×-(dx×w)+.×m
  vy ← ⍵[5;]+dt×-(dy×w)+.×m
  vz ← ⍵[6;]+dt×-(dz×w)+.×m
  (6,N)⍴(px+dt×vx),(py+dt×vy),(pz+dt×vz),vx,vy,vz
}

final ← (step ⍣ S) state0
v2 ← +⌿final[4 5 6;]×final[4 5 6;]
⎕ ← (0.5×+/m×v2), final[1 2 3;1]
