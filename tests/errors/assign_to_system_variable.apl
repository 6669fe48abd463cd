⎕PP ← 5
