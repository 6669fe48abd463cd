⍝ Sibling loops over one range that read the same memory run as one loop (laila/passes/FuseLoops.h),
⍝ and what both bodies compute is computed once (reuseCommonValues): n-body's three inner
⍝ products with the same weights, on a state carried through ⍣ (in memory). Every path must
⍝ print the interpreter's numbers.
N ← 40
m ← (1+(7|⍳N)÷7)÷N
state0 ← (3 N⍴¯1+0.002×1001|(⍳N)∘.×37 101 233)⍪3 N⍴0
step ← {
  px ← ⍵[1;] ⋄ py ← ⍵[2;] ⋄ pz ← ⍵[3;]
  dx ← px∘.-px ⋄ dy ← py∘.-py ⋄ dz ← pz∘.-pz
  w ← (0.01+(dx×dx)+(dy×dy)+dz×dz)*¯1.5
  vx ← ⍵[4;]+0.01×-(dx×w)+.×m
  vy ← ⍵[5;]+0.01×-(dy×w)+.×m
  vz ← ⍵[6;]+0.01×-(dz×w)+.×m
  (6,N)⍴(px+0.01×vx),(py+0.01×vy),(pz+0.01×vz),vx,vy,vz
}
final ← (step ⍣ 3) state0
⎕ ← +/+/final×final
⎕ ← final[;1]
⍝ Integer sums of the same rows, each with its own overflow check, and a maximum.
count ← {(+/⍵×⍵),(+/⍵),⌈/⍵}
⎕ ← (count⍣1) 4 5⍴⍋⍋⍳20
⍝ A sum whose terms overflow, beside one that does not: the error is the interpreter's.
B ← 2 3⍴4611686018427387904 4611686018427387904 1 2 3 4
⎕ ← ({(+/⍵-1),+/⍵}⍣1) B
⍝ == expected
⍝ 39.64530083
⍝ ¯0.925655603 ¯0.1738755096 ¯0.429656762 0.01722000268 0.006223419305 0.01716638648
⍝ 55 330 855 1630 15 40 65 90 5 10 15 20
⍝ error: DOMAIN ERROR
