⍝ A power over a state with no elements whose step fails a shape check (found by tests/fuzz,
⍝ seed 623726): APL runs the step, so its catenation's LENGTH ERROR is raised; compiled code
⍝ computed the step once per point, so with no points never (it printed the empty state).
v1←({(1↑⍵),1↓⍵}⍣12)(1 3 0⍴⍬)
v1
⍝ == expected
⍝ error: 4:11: LENGTH ERROR
