⍝ Source: Rosetta Code, "Temperature conversion"
⍝ (https://www.rosettacode.org/wiki/Temperature_conversion): from 21 kelvin, C = K-273.15,
⍝ F = K×1.8-459.67, R = K×1.8; the task's example gives 21, -252.15, -421.87, 37.8 (as
⍝ printed by the AWK and 11l solutions). Written as one APL function returning K C F R.
convert←{⍵,(⍵-273.15),((⍵×1.8)-459.67),⍵×1.8}
convert 21
⍝ == expected
⍝ 21 ¯252.15 ¯421.87 37.8
