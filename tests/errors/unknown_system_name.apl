⎕ ← ⎕FOO 3
