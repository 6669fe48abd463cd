#include "laila/passes/ColdBranches.h"

#include <algorithm>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"

namespace aplc::laila {

namespace {

// Cold branches kept per loop body.
constexpr int kColdPerLoop = 1;


bool onlyColdCode(const Stmt& s) {
  if (const auto* loop = s.as<For>()) return isColdLoop(loop);
  if (s.as<Check>()) return true;
  const auto* block = s.as<Block>();
  if (!block || block->stmts.empty()) return false;
  return std::all_of(block->stmts.begin(), block->stmts.end(), [](const Stmt& x) { return onlyColdCode(x); });
}

class Capper : public IRMutator {
 protected:
  using IRMutator::visit;

  Stmt visit(const For* op, const Stmt& self) override {
    // Cold code, and validations, which compute their elements only for the checks and the
    // order of their errors: left as they are.
    if (isColdLoop(op) || isValidationLoop(op)) return self;
    kept_.push_back(0);
    Stmt r = IRMutator::visit(op, self);
    kept_.pop_back();
    return r;
  }
  Stmt visit(const While* op, const Stmt& self) override {
    kept_.push_back(0);
    Stmt r = IRMutator::visit(op, self);
    kept_.pop_back();
    return r;
  }
  Stmt visit(const IfThenElse* op, const Stmt& self) override {
    if (!kept_.empty() && isColdBranch(self)) {
      if (kept_.back() >= kColdPerLoop) return Block::make(std::vector<Stmt>{});
      ++kept_.back();
      return self;
    }
    return IRMutator::visit(op, self);
  }

 private:
  std::vector<int> kept_;  // per open loop body
};

}  // namespace

bool isColdBranch(const Stmt& s) {
  const auto* op = s.as<IfThenElse>();
  return op && !op->elseCase.defined() && onlyColdCode(op->thenCase);
}

Program capColdBranches(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Capper().mutate(body); });
}

}  // namespace aplc::laila
