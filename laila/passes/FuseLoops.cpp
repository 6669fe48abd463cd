// FuseLoops: horizontal fusion of sibling loops (see FuseLoops.h).
#include "laila/passes/FuseLoops.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "laila/analysis/RowAccess.h"
#include "laila/ir/Calls.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// How far after a loop the loop it is fused with may be (statements): bounds the work per loop.
constexpr size_t kWindow = 24;

// Memory names that may denote the same block, as classes with one representative each.
class Aliases {
 public:
  void join(const Name& a, const Name& b) {
    joined_.insert(a);
    joined_.insert(b);
    parent_[root(a)] = root(b);
  }
  // Whether no other name may denote n's block.
  bool alone(const Name& n) const { return !joined_.count(n); }
  Name root(const Name& n) const {
    Name r = n;
    for (auto it = parent_.find(r); it != parent_.end() && !(it->second == r); it = parent_.find(r)) r = it->second;
    return r;
  }

 private:
  std::map<Name, Name> parent_;
  std::set<Name> joined_;
};

// What a statement touches.
struct Footprint {
  std::set<Name> reads;      // variables it mentions (scalar and memory) without declaring them
  std::set<Name> defines;    // variables it declares, assigns, allocates or loops over
  std::set<Name> memReads;   // memory it reads (alias representatives)
  std::set<Name> memWrites;  // memory it writes, allocates, frees or moves (representatives)
  // It reports errors, prints, calls a function with effects or of the program, allocates or
  // runs a while loop: its place among other such statements, and before the code its checks
  // guard, is observable.
  bool ordered = false;

  void add(const Footprint& o) {
    reads.insert(o.reads.begin(), o.reads.end());
    defines.insert(o.defines.begin(), o.defines.end());
    memReads.insert(o.memReads.begin(), o.memReads.end());
    memWrites.insert(o.memWrites.begin(), o.memWrites.end());
    ordered = ordered || o.ordered;
  }
};

bool disjoint(const std::set<Name>& a, const std::set<Name>& b) {
  return std::none_of(a.begin(), a.end(), [&](const Name& n) { return b.count(n) > 0; });
}

// Whether a and b may run in either order, or interleaved, with the same outcome.
bool independent(const Footprint& a, const Footprint& b) {
  return disjoint(a.defines, b.reads) && disjoint(a.defines, b.defines) && disjoint(b.defines, a.reads) &&
         disjoint(a.memWrites, b.memReads) && disjoint(a.memWrites, b.memWrites) &&
         disjoint(b.memWrites, a.memReads) && !(a.ordered && b.ordered);
}

class FootprintOf : public IRVisitor {
 public:
  FootprintOf(const Aliases& aliases, Footprint& out) : aliases_(aliases), f_(out) {}

 protected:
  using IRVisitor::visit;
  void visit(const Variable* op) override { f_.reads.insert(op->name); }
  void visit(const Load* op) override {
    if (auto* m = op->memory.as<Variable>()) f_.memReads.insert(aliases_.root(m->name));
    IRVisitor::visit(op);
  }
  void visit(const Call* op) override {
    std::optional<unsigned> effects = callEffects(op->function);
    unsigned e = effects.value_or(~0u);
    if (!effects || (e & (State | Io | Random | Allocates))) f_.ordered = true;
    for (const Expr& arg : op->args) {
      auto* m = arg.as<Variable>();
      if (!m || !m->type.memory) continue;
      if (e & (ReadsMemory | WritesMemory)) f_.memReads.insert(aliases_.root(m->name));
      if (e & WritesMemory) f_.memWrites.insert(aliases_.root(m->name));
    }
    IRVisitor::visit(op);
  }
  void visit(const Decl* op) override {
    f_.defines.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    f_.defines.insert(op->var.name);
    if (op->var.type.memory) f_.memWrites.insert(aliases_.root(op->var.name));
    IRVisitor::visit(op);
  }
  void visit(const Store* op) override {
    writesThrough(op->memory.name);
    IRVisitor::visit(op);
  }
  void visit(const Fill* op) override { writesThrough(op->memory.name); }
  void visit(const Allocate* op) override {
    f_.defines.insert(op->var.name);
    f_.memWrites.insert(aliases_.root(op->var.name));
    f_.ordered = true;  // may fail (LIMIT ERROR)
    IRVisitor::visit(op);
  }
  void visit(const Free* op) override { writesThrough(op->var.name); }
  void visit(const DeclareMemory* op) override {  // a move will fill it
    f_.defines.insert(op->var.name);
    f_.memWrites.insert(aliases_.root(op->var.name));
  }
  void visit(const For* op) override {
    f_.defines.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const While* op) override {
    f_.ordered = true;
    IRVisitor::visit(op);
  }
  void visit(const Print* op) override {
    f_.ordered = true;
    if (auto* m = op->value.as<Variable>(); m && m->type.memory) f_.memReads.insert(aliases_.root(m->name));
    IRVisitor::visit(op);
  }
  void visit(const Check* op) override {
    f_.ordered = true;
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {
    f_.ordered = true;
    for (const Param& p : op->args) {
      f_.reads.insert(p.var.name);
      if (p.inout) f_.defines.insert(p.var.name);
      if (!p.var.type.memory) continue;
      f_.memReads.insert(aliases_.root(p.var.name));
      f_.memWrites.insert(aliases_.root(p.var.name));
    }
  }

 private:
  // A statement that writes memory by its name: it mentions the name and writes the block.
  void writesThrough(const Name& memory) {
    f_.reads.insert(memory);
    f_.memWrites.insert(aliases_.root(memory));
  }

  const Aliases& aliases_;
  Footprint& f_;
};

// The memory names of a body that moves can make denote one block: both sides of a memory
// Assign, all memory arguments of one call of a function (it may move one into another).
class AliasesIn : public IRVisitor {
 public:
  explicit AliasesIn(Aliases& aliases) : aliases_(aliases) {}

 protected:
  using IRVisitor::visit;
  void visit(const Assign* op) override {
    if (auto* v = op->value.as<Variable>(); v && op->var.type.memory) aliases_.join(op->var.name, v->name);
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {
    const Name* first = nullptr;
    for (const Param& p : op->args) {
      if (!p.var.type.memory) continue;
      if (first) aliases_.join(p.var.name, *first);
      first = &p.var.name;
    }
  }

 private:
  Aliases& aliases_;
};

// The operations (binary operators and calls) a body declares values of.
class DeclaredOperations : public IRVisitor {
 public:
  std::set<Expr, ExprLess> found;

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    if (op->init.as<Binary>() || op->init.as<Call>()) found.insert(op->init);
    IRVisitor::visit(op);
  }
};

// Whether two loop bodies (the second's variable renamed to the first's) compute a value in
// common: streak's `+/rises` and its scans each compute `rises` from the index, and fused,
// reuseCommonValues computes it once.
bool computeInCommon(const Stmt& body1, const Stmt& body2) {
  DeclaredOperations first, second;
  first.include(body1);
  second.include(body2);
  return std::any_of(second.found.begin(), second.found.end(), [&](const Expr& e) { return first.found.count(e) > 0; });
}

class Fuser : public IRMutator {
 public:
  Fuser(Aliases aliases, bool inOrder) : aliases_(std::move(aliases)), inOrder_(inOrder) {}

 protected:
  using IRMutator::visit;

  // Inside a parallel loop every target runs the loops of an iteration in order (one thread or
  // work item runs them), so they fuse in order there.
  Stmt visit(const For* op, const Stmt& self) override {
    bool parallel = op->loopKind == LoopKind::ParallelMap;
    insideParallel_ += parallel;
    Stmt s = IRMutator::visit(op, self);
    insideParallel_ -= parallel;
    return s;
  }

  // Siblings first, then inside each statement (the fused bodies among them).
  Stmt visit(const Block* op, const Stmt& self) override {
    std::vector<Stmt> stmts = fuseSiblings(op->stmts);
    bool changed = stmts.size() != op->stmts.size();
    std::vector<Stmt> out;
    for (const Stmt& s : stmts) {
      Stmt m = mutate(s);
      changed = changed || !m.sameAs(s);
      if (m.defined()) out.push_back(m);
    }
    return changed ? Block::make(std::move(out)) : self;
  }

 private:
  struct Fusion {
    std::vector<Stmt> above, below;
    Stmt loop;
  };

  // Loops that may be fused: sequential and parallel ones; in order, also reductions and scans
  // (a loop that runs its iterations in order computes their accumulators as a sequential one).
  bool candidate(const Stmt& s) const {
    const auto* loop = s.as<For>();
    bool kind = loop && (loop->loopKind == LoopKind::Sequential || loop->loopKind == LoopKind::ParallelMap ||
                         (inOrder() && (loop->loopKind == LoopKind::Reduction || loop->loopKind == LoopKind::Scan)));
    return kind && !isColdLoop(loop) && !isValidationLoop(loop);
  }

  // The kind of the loop that fuses two: theirs when they are alike and carry no accumulator,
  // else (in order only) a sequential loop.
  static LoopKind fusedKind(const For& l1, const For& l2) {
    bool alike = l1.loopKind == l2.loopKind && !l1.accumulator && !l2.accumulator;
    return alike ? l1.loopKind : LoopKind::Sequential;
  }

  std::vector<Stmt> fuseSiblings(std::vector<Stmt> list) {
    for (size_t i = 0; i < list.size(); ++i) {
      while (candidate(list[i])) {
        std::optional<std::pair<size_t, Fusion>> found;
        for (size_t j = i + 1; j < list.size() && j <= i + kWindow && !found; ++j)
          if (std::optional<Fusion> f = plan(list, i, j)) found = {j, std::move(*f)};
        if (!found) break;
        auto& [j, f] = *found;
        std::vector<Stmt> next(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(i));
        next.insert(next.end(), f.above.begin(), f.above.end());
        size_t fusedAt = next.size();
        next.push_back(f.loop);
        next.insert(next.end(), f.below.begin(), f.below.end());
        next.insert(next.end(), list.begin() + static_cast<std::ptrdiff_t>(j) + 1, list.end());
        list = std::move(next);
        i = fusedAt;  // the fused loop may take in a later one too
      }
    }
    return list;
  }

  // The fusion of list[i] with list[j], if it is allowed and worth it.
  std::optional<Fusion> plan(const std::vector<Stmt>& list, size_t i, size_t j) {
    const auto* l1 = list[i].as<For>();
    const auto* l2 = list[j].as<For>();
    if (!candidate(list[j]) || (!inOrder() && l1->loopKind != l2->loopKind) || !equal(l1->lower, l2->lower) ||
        !equal(l1->upper, l2->upper))
      return std::nullopt;
    const Footprint& first = footprint(list[i]);
    const Footprint& second = footprint(list[j]);
    Fusion f;
    Footprint between, below;
    bool secondRunsEarly = runsEarlyUnseen(second);
    for (size_t k = i + 1; k < j; ++k) {
      const Footprint& s = footprint(list[k]);
      between.add(s);
      if (independent(s, first) && independent(s, below)) {
        f.above.push_back(list[k]);
      } else if ((!s.ordered || secondRunsEarly) && independent(s, second)) {
        f.below.push_back(list[k]);
        below.add(s);
      } else {
        return std::nullopt;
      }
    }
    // The bounds, evaluated once before the fused loop, are those L2 would have seen.
    std::set<Name> boundVars = variablesIn({l1->lower, l1->upper});
    if (!disjoint(boundVars, first.defines) || !disjoint(boundVars, between.defines) ||
        !disjoint(boundVars, second.defines))
      return std::nullopt;
    // The first body without ordered effects (the second's iterations now run before the
    // first's later checks, which they might rely on); the bodies independent, with some memory
    // read by both, or the second reading the first's results row by row.
    const Footprint& body1 = footprint(l1->body);
    const Footprint& body2 = footprint(l2->body);
    if (body1.ordered) return std::nullopt;
    Stmt renamed2;  // L2's body with L1's variable, made only when needed
    auto secondRenamed = [&] {
      if (!renamed2.defined()) renamed2 = Renamer(std::map<Name, Name>{{l2->var.name, l1->var.name}}).mutate(l2->body);
      return renamed2;
    };
    bool horizontal = independent(body1, body2) && (!disjoint(body1.memReads, body2.memReads) ||
                                                    (inOrder() && computeInCommon(l1->body, secondRenamed())));
    if (!horizontal && !readsRowsOf(*l1, *l2, body1, body2)) return std::nullopt;
    std::vector<Stmt> stmts = statementsOf(l1->body);
    for (const Stmt& s : statementsOf(secondRenamed())) stmts.push_back(s);
    f.loop = For::make(l1->var, l1->lower, l1->upper, fusedKind(*l1, *l2), std::nullopt, Block::make(std::move(stmts)));
    return f;
  }

  // Vertical fusion: parallel loops (in order: any two), the second reading memory the first
  // writes, each in rows of one width (laila/analysis/RowAccess.h), so that iteration i of the
  // second reads only what iteration i of the first wrote; no scalar passes between them, and
  // the second writes nothing the first reads or writes.
  bool readsRowsOf(const For& l1, const For& l2, const Footprint& body1, const Footprint& body2) const {
    if (!inOrder() && l1.loopKind != LoopKind::ParallelMap) return false;
    if (!disjoint(body1.defines, body2.reads) || !disjoint(body1.defines, body2.defines) ||
        !disjoint(body2.defines, body1.reads) || !disjoint(body2.memWrites, body1.memReads) ||
        !disjoint(body2.memWrites, body1.memWrites))
      return false;
    bool produces = false;
    for (const Name& m : body1.memWrites) {
      if (!body2.memReads.count(m)) continue;
      if (!aliases_.alone(m)) return false;
      std::optional<Expr> written = rowWidth(l1, m), read = rowWidth(l2, m);
      if (!written || !read || !equal(*written, *read)) return false;
      produces = true;
    }
    return produces;
  }

  // Whether a loop may run before checks and effects that precede it, unseen: it has none of its
  // own and touches no memory (no load a check might guard, no store), so it computes the same
  // scalars wherever it runs, and a failing check ends the program before anything shows them.
  bool runsEarlyUnseen(const Footprint& loop) const {
    return inOrder() && !loop.ordered && loop.memReads.empty() && loop.memWrites.empty();
  }

  std::set<Name> variablesIn(const std::vector<Expr>& exprs) const {
    Footprint f;
    FootprintOf v(aliases_, f);
    for (const Expr& e : exprs) v.include(e);
    return f.reads;
  }

  // Footprints are cached by node; the cache holds the nodes, so no address is reused.
  const Footprint& footprint(const Stmt& s) {
    auto found = cache_.find(s.get());
    if (found != cache_.end()) return found->second.second;
    Footprint f;
    FootprintOf(aliases_, f).include(s);
    return cache_.emplace(s.get(), std::make_pair(s, std::move(f))).first->second.second;
  }

  // Whether the loops of the block being fused run in order: on the sequential target, or
  // inside a parallel loop.
  bool inOrder() const { return inOrder_ || insideParallel_ > 0; }

  const Aliases aliases_;
  const bool inOrder_;
  int insideParallel_ = 0;
  std::map<const StmtNode*, std::pair<Stmt, Footprint>> cache_;
};

Stmt fuseIn(const Stmt& body, const std::vector<Param>& params, bool inOrder) {
  Aliases aliases;
  AliasesIn(aliases).include(body);
  // A function's memory parameters may be one block passed twice.
  const Name* first = nullptr;
  for (const Param& p : params) {
    if (!p.var.type.memory) continue;
    if (first) aliases.join(p.var.name, *first);
    first = &p.var.name;
  }
  return Fuser(std::move(aliases), inOrder).mutate(body);
}

Program fuseAll(const Program& program, bool inOrder) {
  Program out = program;
  out.body = fuseIn(program.body, {}, inOrder);
  for (Function& f : out.functions) f.body = fuseIn(f.body, f.params, inOrder);
  return out;
}

}  // namespace

Program fuseLoops(const Program& program) { return fuseAll(program, false); }

Program fuseLoopsInOrder(const Program& program) { return fuseAll(program, true); }

}  // namespace aplc::laila
