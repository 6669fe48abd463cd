⍝ Source: dfns workspace, "scan" notes (http://dfns.dyalog.com/n_scan.htm): primitive scan.
⍝ Changed: the page prints the first items of -\⍳1000 and ÷\⍳1000 followed by "...";
⍝ here only those items are taken (10↑, 6↑).
+\3 1 4 1 6
10↑-\⍳1000
6↑÷\⍳1000
⍝ == expected
⍝ 3 4 8 9 15
⍝ 1 ¯1 2 ¯2 3 ¯3 4 ¯4 5 ¯5
⍝ 1 0.5 1.5 0.375 1.875 0.3125
