// Renaming for passes that copy statements (SplitLoops, VersionLoops): names are unique per
// program, so a copy's declarations get fresh tags above every tag in the program.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "laila/ir/IRVisitor.h"

namespace aplc::laila {

// Gives every name in `declared` a fresh tag (from nextTag on) wherever it is declared or used.
class Renamer : public IRMutator {
 public:
  Renamer(const std::set<Name>& declared, uint32_t& nextTag);
  explicit Renamer(std::map<Name, Name> renamed) : renamed_(std::move(renamed)) {}
  Var rename(const Var& v) const;

 protected:
  using IRMutator::visit;
  Expr visit(const Variable* op, const Expr& self) override;
  Stmt visit(const Decl* op, const Stmt&) override;
  Stmt visit(const Assign* op, const Stmt&) override;
  Stmt visit(const Store* op, const Stmt&) override;
  Stmt visit(const Allocate* op, const Stmt&) override;
  Stmt visit(const Free* op, const Stmt&) override;
  Stmt visit(const DeclareMemory* op, const Stmt&) override;
  Stmt visit(const Fill* op, const Stmt&) override;
  Stmt visit(const For* op, const Stmt&) override;
  Stmt visit(const CallFunction* op, const Stmt&) override;

 private:
  std::map<Name, Name> renamed_;
};

// Replaces variables by expressions wherever they are read (not where they are declared).
class Substitute : public IRMutator {
 public:
  explicit Substitute(std::map<Name, Expr> values) : values_(std::move(values)) {}

 protected:
  using IRMutator::visit;
  Expr visit(const Variable* op, const Expr& self) override;

 private:
  std::map<Name, Expr> values_;
};

// Moves the accesses of one memory: every `from[e]`, loaded or stored, becomes `to[index(e)]`
// (e rewritten first, so accesses inside an index are moved too). ContractArrays keeps a row of
// an array in its own memory this way, ShortCircuit an operand in its segment of a catenation.
class RemapAccesses : public IRMutator {
 public:
  RemapAccesses(Name from, Var to, std::function<Expr(const Expr&)> index)
      : from_(std::move(from)), to_(std::move(to)), index_(std::move(index)) {}

 protected:
  using IRMutator::visit;
  Expr visit(const Load* op, const Expr& self) override;
  Stmt visit(const Store* op, const Stmt& self) override;

 private:
  Name from_;
  Var to_;
  std::function<Expr(const Expr&)> index_;
};

// The names a statement declares (declarations, allocations, loop variables).
std::set<Name> declaredIn(const Stmt& s);
// The same, in the order they are declared (a pre-order walk).
std::vector<Name> declarationOrder(const Stmt& s);

// Every name the statement mentions: variables it reads, declares, assigns, stores to,
// allocates, frees (unless countFrees is false), fills or passes to a function, loop variables
// and accumulators.
std::set<Name> namesMentioned(const Stmt& s, bool countFrees = true);
// The variables an expression reads.
std::set<Name> namesMentioned(const Expr& e);

// The largest tag of any name in the statement (fresh tags start above it).
uint32_t largestTag(const Stmt& s);
// The same over main and every function, parameters included.
uint32_t largestTag(const Program& program);

}  // namespace aplc::laila
