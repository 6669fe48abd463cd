⍝ Recursive functions whose results are arrays: compiled, the function writes its result to
⍝ memory the caller then owns, and stores its shape. Quicksort (Rosetta Code, "Sorting
⍝ algorithms/Quicksort", the APL dfn with a random pivot: the output does not depend on it),
⍝ binary digits by halving, the Towers of Hanoi's moves as a matrix of (from, to) rows
⍝ (Rosetta Code, "Towers of Hanoi": 7 moves for 3 disks), the Collatz sequence of 6 (its halving
⍝ makes a second, double version of the function), a string reversed by recursion, the 3-bit
⍝ Gray code (Rosetta Code, "Gray code", reflected: a matrix from a scalar argument), the
⍝ Sierpinski triangle of order 2 (Rosetta Code, "Sierpinski triangle": a character matrix from
⍝ a number) and merge sort with a recursive merge (Rosetta Code, "Sorting algorithms/Merge sort").
qsort←{1≥≢⍵:⍵ ⋄ e←⍵[?≢⍵] ⋄ (∇(⍵<e)/⍵),((⍵=e)/⍵),∇(⍵>e)/⍵}
qsort 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9
qsort 2.5 ¯1 0.5
bin←{⍵<2:,⍵ ⋄ (∇⌊⍵÷2),2|⍵}
bin 37
hanoi←{⍝ ⍵ disks from peg ⍺[1] to ⍺[2] by ⍺[3]
  ⍵=0:0 2⍴0
  (⍺[1 3 2]∇ ⍵-1)⍪(1 2⍴⍺[1 2])⍪⍺[3 2 1]∇ ⍵-1
}
1 3 2 hanoi 3
collatz←{⍵=1:,1 ⋄ 0=2|⍵:⍵,∇ ⍵÷2 ⋄ ⍵,∇ 1+3×⍵}
collatz 6
rev←{1≥≢⍵:⍵ ⋄ (∇1↓⍵),1↑⍵}
rev 'recursion'
gray←{⍵=0:1 0⍴0 ⋄ g←∇ ⍵-1 ⋄ (0,g)⍪1,⊖g}
gray 3
sier←{⍵=0:1 1⍴'*' ⋄ s←∇ ⍵-1 ⋄ p←((≢s),⌈(1+⊃⌽⍴s)÷2)⍴' ' ⋄ (p,s,p)⍪s,' ',s}
sier 2
merge←{0=≢⍺:⍵ ⋄ 0=≢⍵:⍺ ⋄ (⊃⍺)≤⊃⍵:(⊃⍺),(1↓⍺)∇ ⍵ ⋄ (⊃⍵),⍺ ∇ 1↓⍵}
msort←{1≥≢⍵:⍵ ⋄ h←⌊(≢⍵)÷2 ⋄ (∇ h↑⍵) merge ∇ h↓⍵}
msort 5 3 9 1 7 2 8 ¯4
⍝ == expected
⍝ 1 1 2 3 3 4 5 5 5 6 7 8 9 9 9
⍝ ¯1 0.5 2.5
⍝ 1 0 0 1 0 1
⍝ 1 3
⍝ 1 2
⍝ 3 2
⍝ 1 3
⍝ 2 1
⍝ 2 3
⍝ 1 3
⍝ 6 3 10 5 16 8 4 2 1
⍝ noisrucer
⍝ 0 0 0
⍝ 0 0 1
⍝ 0 1 1
⍝ 0 1 0
⍝ 1 1 0
⍝ 1 1 1
⍝ 1 0 1
⍝ 1 0 0
⍝    *   
⍝   * *  
⍝  *   * 
⍝ * * * *
⍝ ¯4 1 2 3 5 7 8 9
