y←'ace'⍸'b'
