greeting ← 'hello
⎕ ← greeting
