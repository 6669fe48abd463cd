// Copies: what the memory passes that remove copies (ShortCircuit.h, StateInPlace.h) recognise in
// Laila: how a statement mentions a block, copy loops (the lowering's form of copying one array
// into another, temporaries and all), and the statements of a block that allocate and free.
#pragma once

#include <optional>
#include <set>
#include <vector>

#include "laila/ir/IR.h"
#include "laila/ir/IRVisitor.h"

namespace aplc::memory {

// How a statement mentions one memory name: as the memory of loads and stores (accesses), in its
// allocation or a free, or in any other way (printed, moved, passed to a call, …).
struct Uses {
  int accesses = 0, allocationsAndFrees = 0, other = 0;
  int total() const { return accesses + allocationsAndFrees + other; }
};
Uses usesIn(const laila::Stmt& s, const laila::Name& name);
Uses usesIn(const laila::Expr& e, const laila::Name& name);

// The statements of a body in order, nested blocks spliced in (names are unique, so a block's
// scope adds nothing to a straight-line walk).
void flatten(const laila::Stmt& s, std::vector<laila::Stmt>& out);

// The last statement of a loop's body if it is `m[i] = v` at the loop's variable i.
const laila::Store* finalStoreAtLoopIndex(const laila::For* loop);

// `for i in lo..hi { …; m[i] = x[e]; }`, not a reduction or scan, where the statements before
// the store only declare and assign scalars the store's value is made of (the lowering of a
// catenation writes an operand's item through such temporaries).
struct Copy {
  laila::Name source, destination;
  laila::Var sourceVar;      // the source as a variable (with its type)
  laila::Expr lower, upper;  // the loop's range: the segment [lower, upper) of the destination
  laila::Expr sourceIndex;   // e, x's index in terms of the loop variable
};
std::optional<Copy> copyLoop(const laila::For* loop);
// The same, when it copies x[i - lo] for every i: x's first hi − lo elements, in order.
std::optional<Copy> inOrderCopyLoop(const laila::For* loop);
// The same, from element 0 of both (lo = 0): x's first hi elements into m's.
std::optional<Copy> prefixCopyLoop(const laila::For* loop);

// The statement without the frees of some memory, and with allocationsToo their allocations
// and declarations (a statement that is one of them alone becomes undefined).
laila::Stmt withoutFrees(const laila::Stmt& s, const std::set<laila::Name>& names, bool allocationsToo = false);

// A mutator that rewrites the statement list of every block, inner blocks first: the shape of
// the passes that look for a pattern among a block's statements.
class BlockRewriter : public laila::IRMutator {
 protected:
  using laila::IRMutator::visit;
  // Rewrites the statements of one block in place; true if it changed them.
  virtual bool rewrite(std::vector<laila::Stmt>& stmts) = 0;
  laila::Stmt visit(const laila::Block* op, const laila::Stmt& self) override;
};

// Position of the block's Allocate of `name` before `end`, if any.
std::optional<size_t> allocationOf(const std::vector<laila::Stmt>& stmts, const laila::Name& name, size_t end);

}  // namespace aplc::memory
