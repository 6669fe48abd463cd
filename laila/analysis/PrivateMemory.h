// PrivateMemory: the allocations that each loop iteration holds in its own private memory
// (MemorySpace::Private; C: an automatic array on the thread's stack) instead of the heap.
//
// An allocation in a loop's body runs once per iteration: for the few bytes of a row buffer
// (ContractArrays), a per-point power's tile or k-means's distances to K centres, a malloc and
// a free per iteration cost more than the work. An allocation is private when it is inside a
// loop of its function, its count is a positive constant of at most kPrivateArrayBytes bytes,
// and no move hands its block to another name (the block ends with its iteration). Each thread
// has its own stack, so parallel iterations each get their own, the memory expansion of a small
// block done by the C compiler. APLC_STATS does not count private arrays (they are not heap
// memory); `aplc --emit=mem` marks them and leaves them out of the live bytes, so that its peak
// and the measured one still agree.
#pragma once

#include <cstdint>
#include <set>

#include "laila/ir/IR.h"

namespace aplc::laila {

constexpr int64_t kPrivateArrayBytes = 512;

// Whether the allocation's count is a positive constant of at most kPrivateArrayBytes bytes.
bool fitsPrivateMemory(const Allocate& a);
bool fitsPrivateMemory(BaseType element, const Expr& count);

// The CPU targets' last pass: the allocations that qualify (above) allocate in
// MemorySpace::Private. After it, no pass may move their blocks (the verifier checks).
Program placePrivateArrays(const Program& program);

// The names of the program's allocations in MemorySpace::Private (names are unique per program).
std::set<Name> privateAllocations(const Program& program);

// OpenCL kernels (backend/opencl/OpenCLGen.cpp) hold every allocation that fits as a private
// array of the work item; one that does not keeps its loop on the host.

}  // namespace aplc::laila
