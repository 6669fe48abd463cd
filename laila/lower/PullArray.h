// Hybrid pull arrays (thesis §3.4, Figure 3.9 with DESIGN.md's errata): an array that is not in
// memory but described by its element type, its shape (Laila int expressions) and an index
// function that computes the element at an index. The index function is either
//   flat    F: Expr → Expr                 (the row-major flat index → the element), or
//   shaped  N: vector<Expr> → Expr         (one index per axis → the element).
// Index functions may emit statements into the Builder (checks, temporaries) where they are
// called: callers call them inside the loop body that consumes the element.
//
// Operations pick the form that makes them free: transposition is free on N (permute the
// indices), reshape free on F (the flat index is the same), `each` keeps the form it is given.
// Converting costs index arithmetic: F→N multiplies and adds (toIdx), N→F divides and takes
// remainders (fromIdx); laila::simplify later shortens both. `materialize` is the explicit
// decision to write an array to memory; it returns a flat reader over that memory.
//
// Catenation structure: an array made by catenation remembers its parts (laid side by side
// along one axis). Its index function still branches between them, for reads at any index;
// writeTo uses the parts instead: when they are a few constant-width slices (the planes of
// `a⍪b⍪c`), it writes all of them in one loop nest over the other axes, so each element's
// computations are emitted once for all parts. Transposition and `each` keep the structure;
// every other operation builds arrays without it.
//
// `flatOnly` mode (aplc --arrays=flat): every operation returns the F form, reproducing the
// thesis's flat-versus-hybrid comparison (§3.5.4).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "laila/ir/Builder.h"
#include "laila/ir/IR.h"

namespace aplc::laila {

class PullArray {
 public:
  using FlatFn = std::function<Expr(const Expr&)>;
  using ShapedFn = std::function<Expr(const std::vector<Expr>&)>;

  PullArray() = default;
  static PullArray flat(BaseType elem, std::vector<Expr> shape, FlatFn f);
  static PullArray shaped(BaseType elem, std::vector<Expr> shape, ShapedFn n);

  BaseType elem() const { return elem_; }
  const std::vector<Expr>& shape() const { return shape_; }
  size_t rank() const { return shape_.size(); }
  Expr size() const { return product(shape_); }
  bool isFlat() const { return static_cast<bool>(flat_); }

  // The element at a flat (row-major) index / at one index per axis, whatever the form.
  Expr at(const Expr& flatIndex) const;
  Expr at(const std::vector<Expr>& index) const;

  // The same array in the other form (or itself when already in it).
  PullArray toFlat() const;
  PullArray toShaped() const;

  // Reading an element costs at most a load and a little index arithmetic: reusing such an
  // array never needs materialization. Set by materialize, iota, literals and views of them.
  bool cheap() const { return cheap_; }
  PullArray withCheap(bool c) const;

  // The memory this array reads, when it is a plain reader of materialized memory (its index
  // function is load(memory, i)); undefined otherwise.
  const Expr& memory() const { return memory_; }
  static PullArray reader(BaseType elem, std::vector<Expr> shape, Expr memory);
  // A reader of memory holding these known values (an array literal): reads at constant
  // indices give the values themselves, so shape and axis vectors stay compile-time constants.
  static PullArray literal(BaseType elem, Expr memory, std::vector<Expr> values);

  // `whole` (the catenation's branching index function) with its parts along `axis` (each part
  // has the whole's extents on the other axes; their extents along `axis` add up to the
  // whole's).
  static PullArray catenation(const PullArray& whole, size_t axis, std::vector<PullArray> parts);
  bool hasParts() const { return parts_ != nullptr; }
  size_t partsAxis() const { return partsAxis_; }
  const std::vector<PullArray>& parts() const { return *parts_; }

  // The same array with its shape given by other (equal) expressions, e.g. variables bound to it.
  PullArray withShape(std::vector<Expr> shape) const;

 private:
  BaseType elem_ = BaseType::Int;
  std::vector<Expr> shape_;
  FlatFn flat_;
  ShapedFn shaped_;
  bool cheap_ = false;
  Expr memory_;
  std::shared_ptr<const std::vector<PullArray>> parts_;
  size_t partsAxis_ = 0;
};

// Row-major index arithmetic: the flat index of a multi-index (toIdx) and back (fromIdx).
Expr toIdx(const std::vector<Expr>& shape, const std::vector<Expr>& index);
std::vector<Expr> fromIdx(const std::vector<Expr>& shape, const Expr& flatIndex);

// ---- Operations (Figure 3.9) -----------------------------------------------------------------

// f applied to every element; keeps the form of `a` (erratum: the figure loses it).
PullArray each(BaseType resultElem, const std::function<Expr(const Expr&)>& f, const PullArray& a);
// Element-wise f on two arrays of the same shape (shape taken from `a`); N if either is N.
PullArray zipWith(BaseType resultElem, const std::function<Expr(const Expr&, const Expr&)>& f,
                  const PullArray& a, const PullArray& b);
// Reverse the axes (monadic ⍉); free on N.
PullArray transp(const PullArray& a);
// p⍉A with a static permutation (0-origin here): old axis k becomes new axis perm[k]; free on N.
PullArray transp2(const std::vector<size_t>& perm, const PullArray& a);
// The elements in row-major order with a new shape, cycled (APL ⍴ of a non-empty source: the
// caller handles the empty source); free on F apart from the modulus.
PullArray reshape(std::vector<Expr> shape, const PullArray& a, bool cycle);
// n↑A / n↓A on the first axis (n may be negative; take pads with `fill`).
// Take reads the source only inside it (an `if` in the index function, so an empty source is
// never read): it emits into `b` where its elements are read.
PullArray take(Builder& b, const Expr& n, const PullArray& a, const Expr& fill);
PullArray drop(const Expr& n, const PullArray& a);
// Rotation left by n along axis `axis` (n taken modulo the extent with a non-negative
// remainder: DESIGN.md erratum); reversal along an axis.
PullArray rotate(size_t axis, const Expr& n, const PullArray& a);
PullArray reverse(size_t axis, const PullArray& a);

// Writes `a` to fresh memory (allocated at the builder's insertion point) and returns a flat
// reader of it. N arrays are written by nested loops (no division), F arrays by one loop.
// `allocated` receives the memory variable so the caller can free it. `loop` emits each loop
// (default: Builder::forLoop as a ParallelMap); the lowering passes one that opens a memory
// scope per body.
using LoopEmitter = std::function<void(const Expr& extent, const std::function<void(Expr)>& body)>;
PullArray materialize(Builder& b, const PullArray& a, Expr* allocated = nullptr,
                      const LoopEmitter& loop = {});
// Writes `a` row-major into existing memory (the loops of materialize).
void writeTo(Builder& b, const Expr& memory, const PullArray& a, const LoopEmitter& loop = {});

// Convert every array to F after an operation when `flatOnly` (see the header comment).
PullArray inMode(const PullArray& a, bool flatOnly);

}  // namespace aplc::laila
