// EarlyFrees: frees moved up to the last use of their memory (see EarlyFrees.h).
#include "laila/passes/EarlyFrees.h"

#include <set>
#include <vector>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

class FreeMover : public IRMutator {
 protected:
  using IRMutator::visit;

  Stmt visit(const Block* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);  // inner blocks first
    auto* block = s.as<Block>();
    if (!block) return s;
    // The statements kept so far, each with the names it mentions (computed once).
    std::vector<Stmt> kept;
    std::vector<std::set<Name>> mentioned;
    bool moved = false;
    for (const Stmt& t : block->stmts) {
      auto* f = t.as<Free>();
      if (!f) {
        kept.push_back(t);
        mentioned.push_back(namesMentioned(t));
        continue;
      }
      size_t at = kept.size();
      while (at > 0 && !mentioned[at - 1].count(f->var.name)) --at;
      if (at == 0) at = kept.size();  // not used in this block: its memory is the enclosing block's
      moved = moved || at != kept.size();
      kept.insert(kept.begin() + static_cast<std::ptrdiff_t>(at), t);
      mentioned.insert(mentioned.begin() + static_cast<std::ptrdiff_t>(at), {f->var.name});
    }
    return moved ? Block::make(std::move(kept)) : s;
  }
};

}  // namespace

Program freeEarly(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return FreeMover().mutate(body); });
}

}  // namespace aplc::laila
