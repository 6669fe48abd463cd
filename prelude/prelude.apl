⍝ The aplc prelude: APL definitions every program gets (see README.md).
