⍝ Neural-network layer: x ← sigmoid W+.×x (÷1+*-W+.×x), a matrix times a vector followed by the
⍝ logistic function, applied L times with one N×N weight matrix (a deep net with tied weights).
⍝ Co-dfns-benchmarks' ann (`÷1+*-⍺+.×⍵`, one layer on 2*6..2*14 square matrices of 0.01×?100);
⍝ here the weights and input are generated (deterministic patterns; the weights, centred on 0
⍝ and scaled by ÷N, keep the activations away from 0 and 1 at every N), and the layer is
⍝ repeated L times for running time.
⍝ Prints the sum of the final activations and the first and last one.
⍝ Sizes: N=64 L=4 (test), N=2048 L=50.
N ← 64
L ← 4

W ← (¯50+101|(⍳N)∘.+17×⍳N)÷50×N     ⍝ |W+.×x| < 1: activations in 0.26..0.74
x0 ← 0.01×100|7×⍳N
layer ← {÷1+*-W+.×⍵}
x ← (layer ⍣ L) x0
⎕ ← (+/x), x[1], x[N]
