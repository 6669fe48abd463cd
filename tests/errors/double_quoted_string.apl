⎕ ← "hello"
