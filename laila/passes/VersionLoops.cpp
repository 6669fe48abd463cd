#include "laila/passes/VersionLoops.h"

#include <set>
#include <vector>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// The most statements a loop may have and still be copied (code size stays linear).
constexpr int kMaxCopiedStatements = 4000;

// The stride variables a loop reads that are not declared in it, and its size in statements.
struct StrideReads : IRVisitor {
  std::set<Name> declared;
  std::vector<Var> strides;  // in order of first read
  int statements = 0;
  using IRVisitor::visit;
  void visit(const Variable* op) override {
    if (op->name.base != kExtensionStride || declared.count(op->name)) return;
    for (const Var& v : strides)
      if (v.name == op->name) return;
    strides.push_back(op->var());
  }
  void visit(const Decl* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
  void visit(const Store* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
  void visit(const Check* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
};

// Replaces the given variables by the constant 1.
class ByOne : public IRMutator {
 public:
  explicit ByOne(const std::vector<Var>& vars) {
    for (const Var& v : vars) names_.insert(v.name);
  }

 protected:
  using IRMutator::visit;
  Expr visit(const Variable* op, const Expr& self) override {
    return names_.count(op->name) ? intConst(1) : self;
  }

 private:
  std::set<Name> names_;
};

class Versioner : public IRMutator {
 public:
  explicit Versioner(uint32_t firstFreeTag) : nextTag_(firstFreeTag) {}

 protected:
  using IRMutator::visit;

  Stmt visit(const For* op, const Stmt& self) override {
    StrideReads reads;
    reads.declared = declaredIn(self);
    reads.include(self);
    if (reads.strides.empty() || reads.statements > kMaxCopiedStatements) return IRMutator::visit(op, self);
    Expr allOne = boolConst(true);
    for (const Var& s : reads.strides) allOne = land(allOne, eq(var(s), intConst(1)));
    std::set<Name> declared = declaredIn(self);
    Renamer renamer(declared, nextTag_);
    Stmt fast = mutate(renamer.mutate(ByOne(reads.strides).mutate(self)));  // strides inside: again
    return IfThenElse::make(allOne, fast, self);
  }

 private:
  uint32_t nextTag_;
};

}  // namespace

Program versionLoops(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Versioner(largestTag(body) + 1).mutate(body); });
}

}  // namespace aplc::laila
