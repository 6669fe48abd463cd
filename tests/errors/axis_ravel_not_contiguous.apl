⍝ The axes of , must be contiguous.
a←2 3 4⍴⍳24
,[1 3]a
