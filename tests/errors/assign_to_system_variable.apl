⎕CT ← 0
