⍝ String comparisons with outer product (vowels), and anagram-style tests.
vowels←{+/,⍵∘.='AEIOUaeiou'}
vowels 'APL is Cool'
'abc'∘.='cab'
⍝ == expected
⍝ 4
⍝ 0 1 0
⍝ 0 0 1
⍝ 1 0 0
