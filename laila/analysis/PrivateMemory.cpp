// PrivateMemory: small constant allocations inside loops (see PrivateMemory.h).
#include "laila/analysis/PrivateMemory.h"

#include "laila/analysis/Invariance.h"
#include "laila/analysis/MemoryReport.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"

namespace aplc::laila {

namespace {

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

}  // namespace

bool fitsPrivateMemory(BaseType element, const Expr& count) {
  std::optional<int64_t> n = asIntConst(count);
  return n && *n > 0 && *n <= kPrivateArrayBytes / elementBytes(element);
}

bool fitsPrivateMemory(const Allocate& a) { return fitsPrivateMemory(a.var.type.base, a.count); }

std::set<Name> privateAllocations(const Program& program) {
  std::set<Name> found;
  findIn(program.body, found);
  for (const Function& f : program.functions) findIn(f.body, found);
  return found;
}

}  // namespace aplc::laila
