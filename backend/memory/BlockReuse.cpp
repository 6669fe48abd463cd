// BlockReuse: a freed block given to the next allocation of the same size (see BlockReuse.h).
#include "backend/memory/BlockReuse.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "backend/memory/Copies.h"  // BlockRewriter
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

// A block this list allocated, and the count it was allocated with.
struct Held {
  Var memory;
  Expr count;
  size_t allocatedAt;  // the statement that allocated it (or took a reused block)
};

// A held block freed since the list's last allocation, and where its free is in the output.
struct Freed {
  Held block;
  size_t freeAt;
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
    ListChanges changes(stmts);
    bool changed = false;
    std::map<Name, Held> held;  // allocated by this list, not yet freed
    std::vector<Freed> freed;
    std::vector<Stmt> out;
    for (size_t k = 0; k < stmts.size(); ++k) {
      const Stmt& s = stmts[k];
      if (const Free* f = s.as<Free>()) {
        if (auto h = held.find(f->var.name); h != held.end()) {
          freed.push_back({h->second, out.size()});
          held.erase(h);
        }
        out.push_back(s);
        continue;
      }
      const Allocate* a = s.as<Allocate>();
      if (a && candidate(*a)) {
        if (const Freed* r = reusable(changes, freed, *a, k)) {
          out[r->freeAt] = Stmt();  // the free goes: the block lives on as a->var
          out.push_back(DeclareMemory::make(a->var));
          out.push_back(Assign::make(a->var, var(r->block.memory)));
          changed = true;
        } else {
          out.push_back(s);
        }
        freed.clear();
        held[a->var.name] = Held{a->var, a->count, k};
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
  // What each statement of a list changes (laila/analysis/Invariance.h), computed when first
  // asked: a statement between several blocks' allocations and the next allocation is asked
  // once per block.
  class ListChanges {
   public:
    explicit ListChanges(const std::vector<Stmt>& stmts) : stmts_(stmts), changes_(stmts.size()) {}
    const Changes& at(size_t k) {
      if (!changes_[k]) changes_[k] = changesIn(stmts_[k]);
      return *changes_[k];
    }

   private:
    const std::vector<Stmt>& stmts_;
    std::vector<std::optional<Changes>> changes_;
  };

  static bool candidate(const Allocate& a) {
    return a.space == MemorySpace::Heap && !fitsPrivateMemory(a) && !readsMemoryOrCalls(a.count);
  }

  // The freed block the allocation at k can take: of its element type, still holding the block
  // it allocated (nothing since moved it away or another block into it; a verified program frees
  // it once), and of a count equal to the allocation's, over variables unchanged since.
  static const Freed* reusable(ListChanges& changes, const std::vector<Freed>& freed, const Allocate& a, size_t k) {
    for (const Freed& f : freed) {
      const Held& old = f.block;
      if (old.memory.type != a.var.type) continue;
      std::set<Name> changed;
      bool moved = false;
      for (size_t j = old.allocatedAt + 1; j < k && !moved; ++j) {
        const Changes& c = changes.at(j);
        moved = c.moved.count(old.memory.name) || c.assigned.count(old.memory.name);
        changed.insert(c.declared.begin(), c.declared.end());
        changed.insert(c.assigned.begin(), c.assigned.end());
      }
      if (moved || !invariant(old.count, changed)) continue;
      if (equal(old.count, a.count) || equal(simplify(sub(old.count, a.count)), intConst(0))) return &f;
    }
    return nullptr;
  }
};

}  // namespace

Program reuseBlocks(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Reuse().mutate(body); });
}

}  // namespace aplc::memory
