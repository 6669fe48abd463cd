⍝ Put before a benchmark run by an APL interpreter (benchmarks/run, benchmarks/sweep): the
⍝ benchmarks use aplc's 32-bit bitwise system functions (docs/frontend.md), which Dyalog APL and
⍝ GNU APL do not have; the runner renames ⎕INT32AND, ⎕INT32SHR and ⎕INT32XOR to these dfns,
⍝ exact for the non-negative values below 2*31 that the benchmarks give them. Then the clock
⍝ starts: the runner appends a line printing the interpreter's own time since (⎕AI[3], elapsed
⍝ milliseconds), so that interpreter start-up is shown apart from the computation.
aplc_int32and ← {⍺{2⊥((32⍴2)⊤⍺)∧(32⍴2)⊤⍵}¨⍵}
aplc_int32shr ← {⍺{⌊⍺÷2*⍵}¨⍵}
aplc_int32xor ← {⍺{2⊥((32⍴2)⊤⍺)≠(32⍴2)⊤⍵}¨⍵}
aplc_t0 ← ⎕AI[3]
