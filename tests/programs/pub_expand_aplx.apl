⍝ Source: APLX Help, "\ Expand" (MicroAPL, https://microapl.com/apl_help/ch_020_020_860.htm).
⍝ Changed: only the Boolean vector example is kept (aplc rejects non-Boolean left arguments
⍝ and expand of a matrix; the nested VEC example is left out too).
1 1 1 0 1 1 1\'PIGDOG'
⍝ == expected
⍝ PIG DOG
