// DeviceCode: what a work item can run (see DeviceCode.h).
#include "laila/analysis/DeviceCode.h"

#include <set>

#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"

namespace aplc::laila {

namespace {

class Blocker : public IRVisitor {
 public:
  explicit Blocker(const std::function<bool(const Allocate&)>& allocates) : allocates_(allocates) {}
  std::string why;  // the first reason, or empty

 protected:
  using IRVisitor::visit;
  void visit(const Call* c) override {
    std::optional<unsigned> effects = callEffects(c->function);
    if (!effects || *effects != Pure) block("calls " + c->function);
    IRVisitor::visit(c);
  }
  void visit(const Decl* d) override {
    declared_.insert(d->var.name);
    IRVisitor::visit(d);
  }
  void visit(const Assign* a) override {
    if (a->var.type.memory) block("moves array memory");
    else if (!declared_.count(a->var.name)) block("assigns " + a->var.name.str() + ", declared outside it");
    IRVisitor::visit(a);
  }
  void visit(const For* f) override {
    declared_.insert(f->var.name);
    IRVisitor::visit(f);
  }
  void visit(const Allocate* a) override {
    declared_.insert(a->var.name);
    if (!allocates_(*a)) block("allocates");
    IRVisitor::visit(a);
  }
  void visit(const Free* f) override {
    if (!declared_.count(f->var.name)) block("frees");
  }
  void visit(const DeclareMemory*) override { block("declares memory a move fills"); }
  void visit(const Print* p) override {
    block("prints");
    IRVisitor::visit(p);
  }
  void visit(const Fill*) override { block("fills a literal array"); }
  void visit(const CallFunction*) override { block("calls a function"); }

 private:
  void block(const std::string& reason) {
    if (why.empty()) why = reason;
  }
  const std::function<bool(const Allocate&)>& allocates_;
  std::set<Name> declared_;
};

}  // namespace

std::string deviceCodeBlocker(const Stmt& body, const std::function<bool(const Allocate&)>& allocates) {
  Blocker b(allocates);
  b.include(body);
  return b.why;
}

}  // namespace aplc::laila
