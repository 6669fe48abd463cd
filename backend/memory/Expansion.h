// Expansion: FUNMEM's memory expansion for the OpenCL target. A kernel's work item cannot
// allocate, so a parallel loop whose iterations each allocate an array of their own (a compress
// per element, `{+/(0=(⍳⍵)|⍵)/⍳⍵}¨⍳n`, counting its items and then storing their positions)
// stayed on the host. Here each such allocation becomes one block for all the iterations that run
// at once, allocated by the host before the loop, each iteration working in its part of it.
//
//   parallel for i in lo..hi {  …  [T] x = alloc T[n];  …x[e]…  free x;  …  }
//
// becomes
//
//   int width = max(B, 0);                   B: an upper bound of n over the loop's iterations
//   int trips = hi - lo;                     (laila/analysis/UpperBounds.h), evaluated before it
//   int chunk = aplc_expansion_chunk(trips, width * sizeof(T) + …);
//   bool interleaved = aplc_cl_expansion_interleaved();
//   [T] expanded = alloc T[chunk * width];
//   for c in 0..(trips + chunk - 1) / chunk {
//     int first = lo + c * chunk;
//     parallel for j in 0..min(chunk, hi - first) {
//       int i = first + j;
//       int offset = interleaved ? j : j * width;   int stride = interleaved ? chunk : 1;
//       …  check (n <= width);  …expanded[offset + e * stride]…  …
//     }
//   }
//   free expanded;
//
// The layout is FUNMEM's parameter (DESIGN.md, Memory): on a GPU the parts are interleaved,
// element e of iteration j at e·chunk + j, so that neighbouring work items touch neighbouring
// addresses (coalescing); on a CPU device each part is contiguous, element e at j·width + e.
// The device decides at run time (aplc_cl_expansion_interleaved). The loop runs over chunks of
// iterations so that the block stays within $APLC_EXPANSION_BYTES (default 128 MiB;
// aplc_expansion_chunk, backend/runtime/generated.c): one chunk, one kernel launch, when it fits.
// The check `n <= width` holds by the bound's construction; it turns a wrong bound into a LIMIT
// ERROR instead of a write past the part.
//
// Expanded: a heap allocation in the body of an outermost parallel map (not a small constant
// one, which a kernel holds as a private array), freed in its own statement list, mentioned only
// by loads, stores and that free, with a bounded count; and only in loops whose body is device
// code once they are expanded (laila/analysis/DeviceCode.h): a loop that stays on the host
// allocates per iteration as before.
//
// Pre: a verified program with frees placed (the OpenCL target's passes, last). Post: the same
// program's output; no expanded allocation is left inside its loop.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::memory {

laila::Program expandAllocations(const laila::Program& program);

}  // namespace aplc::memory
