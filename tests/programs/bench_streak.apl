⍝ Benchmark (small size): Streak: the longest run of consecutive rises in a sequence of N integers, with scans only:
⍝ rises ← next>this; a running count of rises, minus its value at the last non-rise (⌈\), is
⍝ the length of the run ending at each item.
⍝ Co-dfns-benchmarks' streak (longest increasing streak of ?N⍴2*19, N = 2*11..2*20); here the
⍝ sequence is generated (a wrapped linear congruential pattern below 2*19) and the scans are
⍝ written out as above. Prints the longest streak, the number of rises and the index of the
⍝ first rise that starts a longest streak.
⍝ Sizes: N=10000 (test), N=20000000.
N ← 10000
v ← 524288|(69069×⍳N)+⌊(⍳N)÷1000     ⍝ 69069×i mod 2*19, drifting upwards by 1 per 1000 items
rises ← (1↓v)>¯1↓v
count ← +\rises
run ← count-⌈\count×~rises
best ← ⌈/run
⎕ ← best, (+/rises), 1+(run⍳best)-best
⍝ == expected
⍝ 7 8682 8
