// Lmad: a linear-memory access descriptor, the index function of an array in a memory block
// (the FUNMEM paper; DESIGN.md, "Memory").
//
//   offset + {(n1:s1) … (nq:sq)}
//
// describes a q-dimensional array whose element at the 0-based index (i1, …, iq), 0 ≤ ik < nk,
// lives at the flat position offset + Σ ik·sk of its block (in elements of the array's type).
// Sizes, strides and the offset are Laila int expressions, so an LMAD can depend on variables in
// scope (`n_1`, a thread index). Views of a materialized array (transpose, take/drop on any axis,
// reverse, reshape of a contiguous array) are new LMADs over the same block, not copies.
//
// Lmad is an immutable value: every operation returns a new one. Arithmetic on constant fields is
// exact: an operation whose constant result does not fit int64 throws InternalError (no array
// with such a position can exist in memory). Symbolic fields are built with Laila's folding
// constructors and put in the simplifier's canonical form.
//
// The proofs (provablyDisjoint, isInjective, reshape's layout check) are about the mathematical
// positions: constants are handled as exact integers (boost::multiprecision::cpp_int), so no
// proof is wrong because int64 arithmetic would wrap; symbolic expressions go to the simplifier's
// prover (laila/passes/Simplify.h) only when their constants are small enough that its
// constant folding cannot wrap, and a proof that cannot be made answers "not proved". As the
// simplifier does, the proofs assume a symbolic field's expression evaluates without overflow.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "laila/ir/IR.h"
#include "laila/passes/Simplify.h"

namespace aplc::memory {

// One dimension of an LMAD: its number of elements and the distance between consecutive ones.
struct LmadDim {
  laila::Expr size;
  laila::Expr stride;
};

// How memory expansion lays out the per-thread parts of a block shared by T threads.
enum class Layout {
  Contiguous,   // L ↦ t·size + L: each thread's part is one contiguous piece (CPUs)
  Interleaved,  // L ↦ T·L + t: thread t owns the positions ≡ t (mod T) (coalesced, GPUs)
};

// Which test proved two LMADs disjoint (Unknown: none did).
enum class DisjointBy {
  Unknown,
  Empty,          // one of them has no element
  Intervals,      // [min, max] of the positions do not intersect
  Congruence,     // all positions of one are ≢ all positions of the other (mod a common gcd)
  Nesting,        // a common outer stride peeled off, the rest disjoint (see Lmad.cpp)
  LatticeSearch,  // constant LMADs: exact search for a common position found none
};
const char* toString(DisjointBy how);

class Lmad {
 public:
  // offset + {(dims[0].size : dims[0].stride) …}. Every expression must be a defined int.
  Lmad(laila::Expr offset, std::vector<LmadDim> dims);

  // A fresh array in row-major order: stride of axis k = product of the sizes after k.
  static Lmad rowMajor(laila::Expr offset, const std::vector<laila::Expr>& shape);

  const laila::Expr& offset() const { return offset_; }
  const std::vector<LmadDim>& dims() const { return dims_; }
  size_t rank() const { return dims_.size(); }
  const laila::Expr& size(size_t axis) const { return dims_.at(axis).size; }
  const laila::Expr& stride(size_t axis) const { return dims_.at(axis).stride; }
  std::vector<laila::Expr> shape() const;
  std::vector<laila::Expr> strides() const;
  laila::Expr elementCount() const;  // product of the sizes
  // Whether the offset and every size and stride are int constants.
  bool isConstant() const;

  // The flat position of the element at a 0-based index (one expression per axis).
  laila::Expr index(const std::vector<laila::Expr>& indices) const;

  // Elements start .. start+count-1 along one axis (take/drop on that axis):
  // offset += start·s, n = count. Pre: 0 ≤ start, 0 ≤ count, start + count ≤ n (checked when
  // constant).
  Lmad slice(size_t axis, const laila::Expr& start, const laila::Expr& count) const;
  // Fixes one axis at index i (the paper's index_f, for any axis): rank − 1.
  Lmad fix(size_t axis, const laila::Expr& i) const;

  // Result axis k is old axis perm[k] (so permute({1, 0}) transposes a matrix).
  Lmad permute(const std::vector<size_t>& perm) const;
  // APL's dyadic transpose p⍉A for a permutation p, 0-based: old axis k becomes new axis p[k].
  // (permute's argument is the inverse permutation: `1 2 0⍉` is permute({2, 0, 1}).)
  Lmad transposeApl(const std::vector<size_t>& p) const;

  // The axis read backwards: offset += (n−1)·s, stride −s.
  Lmad reverse(size_t axis) const;

  // The same elements in row-major order with a new shape, when that is a view: the LMAD must be
  // row-major and "dense up to a factor" (stride of axis k = c · product of the later sizes for
  // one common c, e.g. 1, or −1 after a reverse of a vector), provably, and the new shape must
  // have at most as many elements (APL's ⍴ then reads a prefix). Empty otherwise: the caller
  // copies. Conservative: symbolic strides must be provably equal to the row-major ones.
  std::optional<Lmad> reshape(const std::vector<laila::Expr>& newShape,
                              const laila::Facts& facts = laila::Facts()) const;

  // Memory expansion: the LMAD of thread t's copy in a block shared by T threads, each owning
  // perThreadSize elements. Contiguous: offset += t·perThreadSize. Interleaved: offset = T·offset
  // + t and every stride ×T. The copies of different threads 0 ≤ t < T never overlap when the
  // per-thread LMAD's positions lie in [0, perThreadSize) (for Interleaved it suffices that
  // 0 ≤ t < T).
  Lmad expand(const laila::Expr& threadIndex, const laila::Expr& threadCount,
              const laila::Expr& perThreadSize, Layout layout) const;

  // Whether distinct indices provably have distinct positions (so writing through the LMAD never
  // writes one position twice). Conservative: false when not proved, e.g. when a stride may be
  // 0 and its size may exceed 1. Exact for constant LMADs (within a search budget).
  bool isInjective(const laila::Facts& facts = laila::Facts()) const;

  // "o + {(n1:s1) (n2:s2)}" with Laila's expression printer ("o + {}" for rank 0).
  std::string toString() const;

 private:
  laila::Expr offset_;
  std::vector<LmadDim> dims_;
};

// Whether no flat position belongs to both a and b, provably (true is always right; false means
// "not proved"). The tests, cheapest first: empty, intervals, congruence (gcd of the strides),
// nesting (peel a common outer stride), and for LMADs with constant sizes, strides and offset
// difference an exact search (within a budget). See backend/memory/README.md.
bool provablyDisjoint(const Lmad& a, const Lmad& b, const laila::Facts& facts = laila::Facts());
// The same, saying which test proved it.
DisjointBy disjointness(const Lmad& a, const Lmad& b, const laila::Facts& facts = laila::Facts());

}  // namespace aplc::memory
