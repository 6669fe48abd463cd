// CollapseLoops: perfectly nested parallel loops as one (see CollapseLoops.h).
#include "laila/passes/CollapseLoops.h"

#include <algorithm>
#include <vector>

#include "laila/analysis/Invariance.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

bool collapsible(const For* loop) {
  return loop && loop->loopKind == LoopKind::ParallelMap && !isColdLoop(loop) && !isValidationLoop(loop);
}

// Whether a statement has a loop in it.
class HasLoop : public IRVisitor {
 public:
  static bool in(const Stmt& s) {
    HasLoop h;
    h.include(s);
    return h.found_;
  }

 protected:
  using IRVisitor::visit;
  void visit(const For*) override { found_ = true; }
  void visit(const While*) override { found_ = true; }

 private:
  bool found_ = false;
};

// The one loop a body consists of (comments aside), or null.
const For* onlyLoopIn(const Stmt& body) {
  const For* found = nullptr;
  auto* block = body.as<Block>();
  if (!block) return body.as<For>();
  for (const Stmt& s : block->stmts) {
    if (s.as<Comment>()) continue;
    if (found || !s.as<For>()) return nullptr;
    found = s.as<For>();
  }
  return found;
}

class Collapser : public IRMutator {
 public:
  explicit Collapser(uint32_t& nextTag) : nextTag_(nextTag) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);  // inner nests first
    auto* outer = s.as<For>();
    const For* inner = collapsible(outer) ? onlyLoopIn(outer->body) : nullptr;
    if (!collapsible(inner) || !HasLoop::in(inner->body) || !invariant(inner->lower, {outer->var.name}) ||
        !invariant(inner->upper, {outer->var.name}))
      return s;
    Expr rows = max(outer->upper - outer->lower, intConst(0));
    Expr columns = max(inner->upper - inner->lower, intConst(0));
    Var both{Name{outer->var.name.base, nextTag_++}, IntType};
    Expr width = max(columns, intConst(1));
    std::vector<Stmt> body = {Decl::make(outer->var, outer->lower + var(both) / width),
                              Decl::make(inner->var, inner->lower + var(both) % width)};
    if (auto* block = inner->body.as<Block>())
      body.insert(body.end(), block->stmts.begin(), block->stmts.end());
    else
      body.push_back(inner->body);
    return For::make(both, intConst(0), rows * columns, LoopKind::ParallelMap, std::nullopt, Block::make(std::move(body)));
  }

 private:
  uint32_t& nextTag_;
};

}  // namespace

Program collapseLoops(const Program& program) {
  uint32_t nextTag = largestTag(program) + 1;
  return mapBodies(program, [&](const Stmt& body) { return Collapser(nextTag).mutate(body); });
}

}  // namespace aplc::laila
