// BlockReuse: a freed block given to the next allocation of the same size (see BlockReuse.h).
#include "backend/memory/BlockReuse.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "backend/memory/Copies.h"
#include "laila/analysis/Invariance.h"
#include "laila/analysis/PrivateMemory.h"
#include "laila/ir/Calls.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/passes/Simplify.h"

namespace aplc::memory {

using namespace laila;

namespace {

// Whether a statement may allocate memory anywhere in it: an allocation, a call of one of the
// program's functions, or a runtime call that allocates memory of its own.
bool mayAllocate(const Stmt& s) {
  struct Finder : IRVisitor {
    bool found = false;
    using IRVisitor::visit;
    void visit(const Allocate*) override { found = true; }
    void visit(const CallFunction*) override { found = true; }
    void visit(const Call* op) override {
      std::optional<unsigned> effects = callEffects(op->function);
      if (!effects || (*effects & CallEffect::Allocates)) found = true;
      IRVisitor::visit(op);
    }
  } finder;
  finder.include(s);
  return finder.found;
}

// Whether an expression reads memory or calls anything: its value may differ between two points
// even when no variable it names changes.
bool readsMemoryOrCalls(const Expr& e) {
  struct Finder : IRVisitor {
    bool found = false;
    using IRVisitor::visit;
    void visit(const Load*) override { found = true; }
    void visit(const Call*) override { found = true; }
  } finder;
  finder.include(e);
  return finder.found;
}

// A block this list allocated, still held at its free: the count it was allocated with.
struct Held {
  Var memory;
  Expr count;
  size_t allocatedAt;  // the statement that allocated it (or took a reused block)
};

class Reuse : public BlockRewriter {
 protected:
  using BlockRewriter::visit;
  // Iterations of a parallel, reduction or scan loop run at once: each one's allocations are its
  // own, and memory expansion's business.
  Stmt visit(const For* op, const Stmt& self) override {
    return op->loopKind == LoopKind::Sequential ? BlockRewriter::visit(op, self) : self;
  }

  bool rewrite(std::vector<Stmt>& stmts) override {
    bool changed = false;
    std::map<Name, Held> held;  // allocated by this list, not yet freed
    std::vector<std::pair<Held, size_t>> freed;  // freed since the last allocation, and where
    std::vector<Stmt> out;
    for (size_t k = 0; k < stmts.size(); ++k) {
      const Stmt& s = stmts[k];
      if (const Free* f = s.as<Free>()) {
        auto h = held.find(f->var.name);
        if (h != held.end() && keptItsBlock(stmts, h->second, k)) freed.push_back({h->second, out.size()});
        if (h != held.end()) held.erase(h);
        out.push_back(s);
        continue;
      }
      const Allocate* a = s.as<Allocate>();
      if (a && candidate(*a)) {
        Held now{a->var, a->count, k};
        if (std::optional<size_t> r = reusable(stmts, freed, *a, k)) {
          const Held& old = freed[*r].first;
          out[freed[*r].second] = Stmt();  // the free goes: the block lives on as a->var
          out.push_back(DeclareMemory::make(a->var));
          out.push_back(Assign::make(a->var, var(old.memory)));
          changed = true;
        } else {
          out.push_back(s);
        }
        freed.clear();
        held[a->var.name] = now;
        continue;
      }
      if (mayAllocate(s)) freed.clear();
      out.push_back(s);
    }
    if (!changed) return false;
    stmts.clear();
    for (Stmt& s : out)
      if (s.defined()) stmts.push_back(std::move(s));
    return true;
  }

 private:
  static bool candidate(const Allocate& a) {
    return a.space == MemorySpace::Heap && !fitsPrivateMemory(a) && !readsMemoryOrCalls(a.count);
  }

  // Whether the block freed at `freeAt` is the one allocated at h.allocatedAt: nothing between
  // moved it away, moved another in, or freed it.
  static bool keptItsBlock(const std::vector<Stmt>& stmts, const Held& h, size_t freeAt) {
    for (size_t k = h.allocatedAt + 1; k < freeAt; ++k) {
      Changes c = changesIn(stmts[k]);
      if (c.moved.count(h.memory.name) || c.assigned.count(h.memory.name)) return false;
      if (usesIn(stmts[k], h.memory.name).allocationsAndFrees != 0) return false;
    }
    return true;
  }

  // The freed block the allocation at k can take: same element type, and a count equal to the
  // allocation's, the variables of both unchanged since the freed block was allocated.
  static std::optional<size_t> reusable(const std::vector<Stmt>& stmts, const std::vector<std::pair<Held, size_t>>& freed,
                                        const Allocate& a, size_t k) {
    for (size_t r = 0; r < freed.size(); ++r) {
      const Held& old = freed[r].first;
      if (old.memory.type != a.var.type) continue;
      std::set<Name> changed;
      for (size_t j = old.allocatedAt + 1; j < k; ++j) {
        std::set<Name> c = changesIn(stmts[j]).declaredOrAssigned();
        changed.insert(c.begin(), c.end());
      }
      if (!invariant(old.count, changed)) continue;
      if (equal(old.count, a.count) || equal(simplify(sub(old.count, a.count)), intConst(0))) return r;
    }
    return std::nullopt;
  }
};

}  // namespace

Program reuseBlocks(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Reuse().mutate(body); });
}

}  // namespace aplc::memory
