⍝ Source: APL Wiki, "Power (operator)" (https://aplwiki.com/wiki/Power_(operator)), Examples.
⍝ Changed: only the fixed-count examples are kept; ⍣ with a function right operand (⍣= ⍣≡)
⍝ and inverses (⍣¯1) are not supported by aplc.
1 (+⍣3) 5
(2∘×⍣3) 5
⍝ == expected
⍝ 8
⍝ 40
