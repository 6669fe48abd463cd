// InPlaceUpdates: an array computed element by element from another array that dies with that
// loop is written into the other array's memory (FUNMEM's block reuse at its simplest: the two
// lifetimes meet at one loop, and each iteration reads the old element before it writes the new
// one at the same place).
//
// streak's `run ← count-⌈\count×~rises` read two arrays of 20 million ints and wrote a third;
// neither is read after that loop, so `run` takes the memory of `count` and the program holds
// two such arrays at its peak instead of three.
//
// In a block
//
//   [T] a = alloc T[n];  …  [T] m = alloc T[n];  …  for i in lo..hi { …; m[i] = v; }  …  free a;
//
// m becomes a (its allocation and a's free are removed, every later m is named a) when:
//   - the loop's body ends with its only mention of m, the store `m[i] = v` at the loop's own
//     variable, and mentions a only in loads `a[i]` (so each iteration reads the element it
//     overwrites, before it does; iterations touch different elements, so parallel loops stay
//     parallel);
//   - a and m have one type, and allocation counts that are the same expression, evaluated
//     where nothing between them can change it (both are allocated in this block);
//   - nothing between m's allocation and the loop mentions m (m holds nothing yet), and after
//     the loop nothing mentions a but its one free; a is never moved (an Assign of memory) or
//     passed to a function as inout anywhere in the block, so no other name holds its block.
//
// A loop that then stores each element over itself (`a[i] = a[i]`, an indexed assignment's copy
// of its array once the copy is the array) goes: `r[5]←1` no longer walks all of r.
//
// The same holds for a runtime call whose output array may be an input's memory (each output
// element written after the input element at its position was last read: aplc_gen_index_of's
// result and its right argument), `r = f(…, a, …, m)`, when the call mentions a and m once
// each and the conditions on a and m above hold: indexof's `L⍳R` writes its indices over R.
//
// Pre: a well-formed program with unique names and frees placed. Post: the same, with fewer
// allocations; what it prints is unchanged.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program updateInPlace(const Program& program);

}  // namespace aplc::laila
