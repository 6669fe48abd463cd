// PrivateMemory: small constant allocations inside loops (see PrivateMemory.h).
#include "laila/analysis/PrivateMemory.h"

#include "laila/analysis/Invariance.h"
#include "laila/analysis/MemoryReport.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"

namespace aplc::laila {

namespace {

// The allocations that qualify for private memory.
class Finder : public IRVisitor {
 public:
  Finder(std::set<Name> moved, std::set<Name>& out) : moved_(std::move(moved)), out_(out) {}

 protected:
  using IRVisitor::visit;
  void visit(const For* op) override {
    ++loops_;
    IRVisitor::visit(op);
    --loops_;
  }
  void visit(const While* op) override {
    ++loops_;
    IRVisitor::visit(op);
    --loops_;
  }
  void visit(const Allocate* op) override {
    if (loops_ > 0 && fitsPrivateMemory(*op) && !moved_.count(op->var.name)) out_.insert(op->var.name);
  }

 private:
  std::set<Name> moved_;
  std::set<Name>& out_;
  int loops_ = 0;
};

void findIn(const Stmt& body, std::set<Name>& out) {
  if (body.defined()) Finder(changesIn(body).moved, out).include(body);
}

class Placer : public IRMutator {
 public:
  explicit Placer(const std::set<Name>& chosen) : chosen_(chosen) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const Allocate* op, const Stmt& self) override {
    if (!chosen_.count(op->var.name) || op->space == MemorySpace::Private) return self;
    return Allocate::make(op->var, op->count, MemorySpace::Private);
  }

 private:
  const std::set<Name>& chosen_;
};

class PrivateNames : public IRVisitor {
 public:
  std::set<Name> names;

 protected:
  using IRVisitor::visit;
  void visit(const Allocate* op) override {
    if (op->space == MemorySpace::Private) names.insert(op->var.name);
  }
};

}  // namespace

bool fitsPrivateMemory(BaseType element, const Expr& count) {
  std::optional<int64_t> n = asIntConst(count);
  return n && *n > 0 && *n <= kPrivateArrayBytes / elementBytes(element);
}

bool fitsPrivateMemory(const Allocate& a) { return fitsPrivateMemory(a.var.type.base, a.count); }

Program placePrivateArrays(const Program& program) {
  std::set<Name> chosen;
  findIn(program.body, chosen);
  for (const Function& f : program.functions) findIn(f.body, chosen);
  if (chosen.empty()) return program;
  Placer placer(chosen);
  return mapBodies(program, [&](const Stmt& body) { return placer.mutate(body); });
}

std::set<Name> privateAllocations(const Program& program) {
  PrivateNames found;
  if (program.body.defined()) found.include(program.body);
  for (const Function& f : program.functions)
    if (f.body.defined()) found.include(f.body);
  return found.names;
}

}  // namespace aplc::laila
