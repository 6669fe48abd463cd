x ← 1j2
