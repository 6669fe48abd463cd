⍝ An OpenMP program whose lowering chooses a scan's form by threads (blocks on threads, one pass
⍝ alone) has a second, sequential version, which main runs below three threads
⍝ (laila/lower/SequentialVersion.h). Its names and functions are renamed apart from the threaded
⍝ version's: here recursive functions with a scalar result (a call expression) and with an array
⍝ result (a call statement), a power loop and long scans, in both versions. run.sh runs the
⍝ OpenMP program on 3 threads (the threaded version) and on 1 (the sequential one).
fib←{⍵<2:⍵ ⋄ (∇ ⍵-1)+∇ ⍵-2}
bin←{⍵<2:,⍵ ⋄ (∇⌊⍵÷2),2|⍵}
n ← 6000
v ← ¯3000 + n|7919×⍳n
s ← +\v
⎕ ← s[1 1024 1025 4097 6000]
⎕ ← (⌈\v)[2048 6000], (⌊\s)[6000]
⎕ ← fib 15
⎕ ← bin 37
step ← {⍵ + 1⌽⍵}
⎕ ← +/ +\ (step⍣3) v
⍝ == expected
⍝ ¯1081 9200 11175 ¯3993 ¯3000
⍝ 2997 2999 ¯4251
⍝ 610
⍝ 1 0 0 1 0 1
⍝ 282296000
⍝ structure on omp: exactly 1 "aplc_parallel_runs_sequential_version"
