// RangeMutator: an IRMutator that knows, at every statement it visits, the value ranges of the
// scalar variables in scope (laila/analysis/Intervals.h). The passes that use ranges (ElimChecks,
// FloorDivision) derive from it and override the nodes they rewrite.
//
// The walk follows execution order: a loop variable lies within its bounds; a declared or
// assigned scalar has its value's interval; after an if, what holds on either branch; a variable
// a loop assigns is unknown in the loop and after it, except an int accumulator: a variable that
// each iteration at most resets to values of known range or moves by steps of known range
// (`acc = acc + d`, once per iteration, not in an inner loop) lies, in a loop of at most n
// iterations, within its start and resets widened by n steps (no fixpoint is needed: the bound
// follows from the trip count). `+\bools` counts lie in [0, n]: their overflow checks go.
// Subclasses may also read the definition of a variable that is declared once and never
// assigned: its initializer is its value wherever it is in scope.
//
// Loads from int memory have the range of every value stored into that memory anywhere in the
// program, found by a first walk in which loads are unknown (so its ranges are sound); memory
// that is moved (`a = b`) or handed to a runtime call (which may write it) is unknown.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "laila/ir/IRVisitor.h"
#include "laila/analysis/Intervals.h"

namespace aplc::laila {

class RangeMutator : public IRMutator {
 public:
  // Mutates a whole program body (call this, not mutate, at the top: it collects the assigned
  // variables first). An undefined result becomes an empty block.
  Stmt run(const Stmt& body);
  // Walks a loop body from the given facts (those at the start of an iteration), without
  // bounding the accumulators of inner loops: what IterationSteps (RangeMutator.cpp) needs.
  Stmt runFrom(const IntervalFacts& facts, const Stmt& body);
  // The same without the first walk: loads from memory are unknown.
  Stmt runWithoutMemoryRanges(const Stmt& body);

 protected:
  using IRMutator::visit;

  Stmt visit(const Decl* op, const Stmt& self) override;
  Stmt visit(const Assign* op, const Stmt& self) override;
  Stmt visit(const CallFunction* op, const Stmt& self) override;  // forgets its inout arguments
  Stmt visit(const For* op, const Stmt& self) override;
  Stmt visit(const While* op, const Stmt& self) override;
  Stmt visit(const Block* op, const Stmt& self) override;
  Stmt visit(const IfThenElse* op, const Stmt& self) override;

  // A hook for an if's (already mutated) condition before the branches are chosen or walked.
  virtual Expr ifCondition(const Expr& cond) { return cond; }

  const IntervalFacts& facts() const { return facts_; }
  // The initializer of a variable that is declared once and never assigned; undefined otherwise.
  Expr definition(const Name& name) const;
  // e itself, or the definition of the variable e is (one step).
  Expr lookThrough(const Expr& e) const;

 private:
  void forgetAll(const std::set<Name>& names);
  Stmt branch(const Stmt& s);
  // The bounds, over every iteration of `loop` and after it, of the int variables its body
  // assigns that are accumulators in the sense above; facts_ are those at the start of an
  // iteration, `starts` what was known before the loop of the variables it assigns (those
  // with some range), `trips` the most iterations it runs.
  std::vector<std::pair<Name, IntInterval>> accumulatorBounds(const For* loop,
                                                              const std::map<Name, IntInterval>& starts,
                                                              std::optional<int64_t> trips) const;

  IntervalFacts facts_;
  std::set<Name> assigned_;
  std::map<Name, Expr> definitions_;
  bool boundsAccumulators_ = true;
};

}  // namespace aplc::laila
