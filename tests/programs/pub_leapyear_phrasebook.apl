⍝ Source: APL Wiki PhraseBook, "LeapYear" (http://aplwiki.com/PhraseBook/LeapYear): the phrase
⍝ 0≠.=4 100 400∘.|IA and its examples, in the PhraseBook's ⎕IO 0. Changed: the function is
⍝ a dfn instead of ⎕FX of a tradfn; comments after the expressions are dropped.
⎕IO←0
LeapYear←{0≠.=4 100 400∘.|⍵}
im←1900 2000 2100∘.+¯4 ¯1 0 1 4
im
LeapYear im
⌽2⍴¯1⌽iv←1753+⍳50
(LeapYear iv)/iv
⌽2⍴¯1⌽iv←100×16+⍳24
(LeapYear iv)/iv
⍝ == expected
⍝ 1896 1899 1900 1901 1904
⍝ 1996 1999 2000 2001 2004
⍝ 2096 2099 2100 2101 2104
⍝ 1 0 0 0 1
⍝ 1 0 1 0 1
⍝ 1 0 0 0 1
⍝ 1753 1802
⍝ 1756 1760 1764 1768 1772 1776 1780 1784 1788 1792 1796
⍝ 1600 3900
⍝ 1600 2000 2400 2800 3200 3600
