⍝ A UTF-8 byte-order mark at the start of the file is skipped.
1+2
⍝ == expected
⍝ 3
