⍝ ÷\ raises DOMAIN ERROR exactly where the right fold of a prefix divides a non-zero by zero:
⍝ a zero after a non-zero item (1÷(2÷0) here). Leading zeros are 0÷0, which is 1.
÷\0 0 3
÷\1 2 0
⍝ == expected
⍝ 0 1 1
⍝ error: DOMAIN ERROR
