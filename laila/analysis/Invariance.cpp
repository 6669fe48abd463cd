// Invariance: a visitor that looks for reads of changed variables or of memory. See Invariance.h.
#include "laila/analysis/Invariance.h"

#include "laila/ir/IRVisitor.h"

namespace aplc::laila {

namespace {

class ReadsChanged : public IRVisitor {
 public:
  explicit ReadsChanged(const std::set<Name>& changed) : changed_(changed) {}
  bool found = false;

 protected:
  using IRVisitor::visit;
  void visit(const Variable* x) override { found = found || changed_.count(x->name) > 0; }
  void visit(const Load*) override { found = true; }

 private:
  const std::set<Name>& changed_;
};

}  // namespace

bool invariant(const Expr& e, const std::set<Name>& changed) {
  ReadsChanged reads(changed);
  reads.include(e);
  return !reads.found;
}

}  // namespace aplc::laila
