⎕IO ← 0
