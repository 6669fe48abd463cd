⍝ An assigned array nobody has read yet versus the next statement's error (found by tests/fuzz,
⍝ seed 502965): v1's index 0 fails first in APL, although compiled code computes v1 lazily.
v1←7 6⌈((4⍴2.25 ¯1.5)[2 0])
(¯4↓((,3)/(1⍴1)))[1]
v1
⍝ == expected
⍝ error: 3:22: INDEX ERROR
