⍝ Source: LeetCode 1614, "Maximum Nesting Depth of the Parentheses" (https://leetcode.ca/all/1614.html):
⍝ the four examples and their stated outputs 3, 3, 1, 0. APL solution: the running sum of +1 for
⍝ each ( and ¯1 for each ), maximised (0 when there are no parentheses).
depth←{⌈/0,+\('('=⍵)-')'=⍵}
depth '(1+(2*3)+((8)/4))+1'
depth '(1)+((2))+(((3)))'
depth '1+(2*3)/(2-1)'
depth '1'
⍝ == expected
⍝ 3
⍝ 3
⍝ 1
⍝ 0
