even←{⍵=0:1 ⋄ odd ⍵-1}
odd←{⍵=0:0 ⋄ even ⍵-1}
even ?10
