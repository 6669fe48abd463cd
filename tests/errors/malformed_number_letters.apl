x ← 12abc
