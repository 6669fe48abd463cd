⍝ In +.×, a product's overflow is its own error (the multiplication's), reported before the sum's.
a←×/62⍴2
a a+.×4 1
⍝ == expected
⍝ error: 3:5: DOMAIN ERROR
