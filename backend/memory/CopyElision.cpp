// CopyElision: copies of arrays nothing reads afterwards become moves (see CopyElision.h).
#include "backend/memory/CopyElision.h"

#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

#include "backend/memory/Copies.h"
#include "laila/analysis/Invariance.h"
#include "laila/ir/Equality.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::memory {

using namespace laila;

namespace {

std::set<Name> unite(std::set<Name> a, const std::set<Name>& b) {
  a.insert(b.begin(), b.end());
  return a;
}

std::set<Name> minus(std::set<Name> a, const std::set<Name>& b) {
  for (const Name& n : b) a.erase(n);
  return a;
}

// A statement's effect on liveness: live before it = uses ∪ (live after it − defines).
struct Liveness {
  std::set<Name> uses;     // read (or stored to, printed, moved from) before being defined
  std::set<Name> defines;  // defined on every path: freed, allocated, moved into, declared
  std::set<Name> liveBefore(const std::set<Name>& after) const { return unite(uses, minus(after, defines)); }
};

// The liveness summaries of statements, each computed once (a loop body's summary serves the
// loop, its enclosing blocks and the rewrite).
class LivenessSummaries {
 public:
  const Liveness& of(const Stmt& s) {
    auto it = memo_.find(s.get());
    if (it != memo_.end()) return it->second;
    return memo_.emplace(s.get(), compute(s)).first->second;
  }

 private:
  Liveness compute(const Stmt& s) {
    if (auto* b = s.as<Block>()) {
      Liveness l;
      for (size_t k = b->stmts.size(); k-- > 0;) {
        const Liveness& first = of(b->stmts[k]);
        l = Liveness{first.liveBefore(l.uses), unite(first.defines, l.defines)};
      }
      return l;
    }
    if (auto* f = s.as<Free>()) return Liveness{{}, {f->var.name}};
    if (auto* a = s.as<Allocate>()) return Liveness{namesMentioned(a->count), {a->var.name}};
    if (auto* d = s.as<DeclareMemory>()) return Liveness{{}, {d->var.name}};
    if (auto* d = s.as<Decl>()) return Liveness{namesMentioned(d->init), {d->var.name}};
    if (auto* a = s.as<Assign>()) return Liveness{namesMentioned(a->value), {a->var.name}};
    if (auto* i = s.as<IfThenElse>()) {
      const Liveness& t = of(i->thenCase);
      Liveness e = i->elseCase.defined() ? of(i->elseCase) : Liveness{};
      std::set<Name> both;
      for (const Name& n : t.defines)
        if (e.defines.count(n)) both.insert(n);
      return Liveness{unite(unite(namesMentioned(i->cond), t.uses), e.uses), both};
    }
    if (auto* f = s.as<For>()) {  // it may run no iteration: it defines nothing for sure
      std::set<Name> header = unite(namesMentioned(f->lower), namesMentioned(f->upper));
      if (f->accumulator) header.insert(f->accumulator->var.name);
      return Liveness{unite(header, of(f->body).uses), {}};
    }
    if (auto* w = s.as<While>()) return Liveness{unite(namesMentioned(w->cond), of(w->body).uses), {}};
    return Liveness{namesMentioned(s, false), {}};
  }

  std::unordered_map<const StmtNode*, Liveness> memo_;
};

class Elider {
 public:
  Elider(uint32_t& nextTag, std::set<Name> allocated) : nextTag_(nextTag), allocated_(std::move(allocated)) {}

  // The statement with its copies elided; `liveAfter`: what is live after it.
  Stmt rewrite(const Stmt& s, const std::set<Name>& liveAfter) {
    if (auto* b = s.as<Block>()) return rewriteBlock(s, b->stmts, liveAfter);
    // Around a loop, the end of its body leads to the next iteration or out of the loop.
    if (auto* f = s.as<For>(); f && f->loopKind == LoopKind::Sequential) {
      Stmt body = rewrite(f->body, unite(liveAfter, live_.of(s).uses));
      return body.sameAs(f->body) ? s : For::make(f->var, f->lower, f->upper, f->loopKind, f->accumulator, body);
    }
    if (auto* w = s.as<While>()) {
      Stmt body = rewrite(w->body, unite(liveAfter, live_.of(s).uses));
      return body.sameAs(w->body) ? s : While::make(w->cond, body);
    }
    if (auto* i = s.as<IfThenElse>()) {
      Stmt thenCase = rewrite(i->thenCase, liveAfter);
      Stmt elseCase = i->elseCase.defined() ? rewrite(i->elseCase, liveAfter) : Stmt();
      if (thenCase.sameAs(i->thenCase) && elseCase.sameAs(i->elseCase)) return s;
      return IfThenElse::make(i->cond, thenCase, elseCase);
    }
    return s;  // parallel loops: a move there would be of memory declared outside them
  }

 private:
  Stmt rewriteBlock(const Stmt& self, const std::vector<Stmt>& stmts, const std::set<Name>& liveAtEnd) {
    std::vector<std::set<Name>> liveAfter(stmts.size());
    std::set<Name> live = liveAtEnd;
    for (size_t k = stmts.size(); k-- > 0;) {
      liveAfter[k] = live;
      live = live_.of(stmts[k]).liveBefore(live);
    }
    std::vector<Stmt> out;
    std::set<Name> dropFrees;  // sources whose block moved, whose free is the next mention
    bool changed = false;
    for (size_t k = 0; k < stmts.size(); ++k) {
      if (auto* f = stmts[k].as<Free>(); f && dropFrees.erase(f->var.name)) {  // only that next free
        changed = true;
        continue;
      }
      Stmt s = rewrite(stmts[k], liveAfter[k]);
      s = withoutPlaceholdersOfAFreedSource(s, stmts, k, dropFrees);
      changed |= !s.sameAs(stmts[k]);
      if (elideAt(out, s, liveAfter[k], stmts, k, dropFrees)) {
        changed = true;
        continue;
      }
      out.push_back(s);
    }
    return changed ? Block::make(std::move(out)) : self;
  }

  // Whether the statement is a copy d ← s the rule applies to; if so, `out` gets the move (and
  // d's allocation in `out` becomes a declaration).
  bool elideAt(std::vector<Stmt>& out, const Stmt& s, const std::set<Name>& liveAfter,
               const std::vector<Stmt>& stmts, size_t k, std::set<Name>& dropFrees) {
    auto* loop = s.as<For>();
    std::optional<Copy> copy = loop ? prefixCopyLoop(loop) : std::nullopt;
    if (!copy || liveAfter.count(copy->source) ||
        !allocated_.count(copy->source))
      return false;
    std::optional<size_t> kd = allocationOf(out, copy->destination, out.size());
    if (!kd) return false;
    auto* d = out[*kd].as<Allocate>();
    Expr extent = simplify(copy->upper);
    if (d->var.type != copy->sourceVar.type ||
        !(equal(simplify(d->count), extent) || equal(valueAt(d->count, out, *kd), extent)))
      return false;
    for (size_t m = *kd + 1; m < out.size(); ++m)
      if (usesIn(out[m], d->var.name).total()) return false;
    Var dest = d->var;
    out[*kd] = DeclareMemory::make(dest);  // the move brings the block
    out.push_back(Assign::make(dest, var(copy->sourceVar)));
    if (nextMentionIsItsFree(stmts, k, copy->source)) {
      dropFrees.insert(copy->source);
    } else {  // freed after this block: give it a block to free (an allocation of no elements)
      Var empty{Name{"empty", nextTag_++}, copy->sourceVar.type};
      placeholders_.insert(empty.name);
      out.push_back(Allocate::make(empty, intConst(0)));
      out.push_back(Assign::make(copy->sourceVar, var(empty)));
    }
    return true;
  }

  // An if a branch of which moved x's block away and gave x an empty block in its place, where
  // the next mention of x after the if is its free: the free moves into the branches, where a
  // branch that moved x's block away needs neither it nor the empty block. A guard's result
  // moved out of a :For loop's state, per iteration: the sieve of 10⁷ made 3162 such
  // allocations.
  Stmt withoutPlaceholdersOfAFreedSource(const Stmt& s, const std::vector<Stmt>& stmts, size_t k,
                                         std::set<Name>& dropFrees) const {
    auto* i = s.as<IfThenElse>();
    if (!i) return s;
    std::vector<Var> targets = placeholderTargets(i->thenCase);
    if (i->elseCase.defined())
      for (const Var& x : placeholderTargets(i->elseCase)) targets.push_back(x);
    for (const Var& x : targets) {
      if (!nextMentionIsItsFree(stmts, k, x.name)) continue;
      dropFrees.insert(x.name);
      Stmt thenCase = freedAtTheEnd(i->thenCase, x);
      Stmt elseCase = i->elseCase.defined() ? freedAtTheEnd(i->elseCase, x) : Free::make(x);
      return withoutPlaceholdersOfAFreedSource(IfThenElse::make(i->cond, thenCase, elseCase), stmts, k, dropFrees);
    }
    return s;
  }

  // The branch as if `free x` followed it: without x's empty block when it has one (x holds
  // nothing else at its end), else with the free at its end.
  Stmt freedAtTheEnd(const Stmt& branch, const Var& x) const {
    if (Stmt without = withoutPlaceholder(branch, x.name); without.defined()) return without;
    std::vector<Stmt> stmts = statementsOf(branch);
    stmts.push_back(Free::make(x));
    return Block::make(std::move(stmts));
  }

  // The memory a block's statements give an empty block of this pass (`alloc T[0]; x = empty`).
  std::vector<Var> placeholderTargets(const Stmt& branch) const {
    std::vector<Var> targets;
    auto* b = branch.as<Block>();
    for (size_t j = 0; b && j + 1 < b->stmts.size(); ++j)
      if (std::optional<Var> x = placeholderAt(b->stmts, j)) targets.push_back(*x);
    return targets;
  }

  // The block without the placeholder of x, or undefined if it has none.
  Stmt withoutPlaceholder(const Stmt& branch, const Name& x) const {
    auto* b = branch.as<Block>();
    for (size_t j = 0; b && j + 1 < b->stmts.size(); ++j) {
      std::optional<Var> at = placeholderAt(b->stmts, j);
      if (!at || at->name != x) continue;
      std::vector<Stmt> rest = b->stmts;
      rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(j), rest.begin() + static_cast<std::ptrdiff_t>(j) + 2);
      return Block::make(std::move(rest));
    }
    return Stmt();
  }

  // x when statements j and j+1 are `alloc empty[0]; x = empty` with empty one of this pass's.
  std::optional<Var> placeholderAt(const std::vector<Stmt>& stmts, size_t j) const {
    auto* a = stmts[j].as<Allocate>();
    auto* m = stmts[j + 1].as<Assign>();
    auto* from = m ? m->value.as<Variable>() : nullptr;
    if (!a || !placeholders_.count(a->var.name) || !from || from->name != a->var.name) return std::nullopt;
    return m->var;
  }

  // A count as known where it is evaluated, before statement `at` of `out`: a variable the block
  // declared with an initializer and has not assigned since is that initializer (`int n = 1000;
  // alloc int[n]` where the copy's bound was folded to 1000).
  static Expr valueAt(const Expr& count, const std::vector<Stmt>& out, size_t at) {
    auto* v = count.as<Variable>();
    if (!v) return simplify(count);
    for (size_t k = at; k-- > 0;) {
      if (auto* d = out[k].as<Decl>(); d && d->var.name == v->name) return simplify(d->init);
      if (changesIn(out[k]).assigned.count(v->name)) break;
    }
    return simplify(count);
  }

  static bool nextMentionIsItsFree(const std::vector<Stmt>& stmts, size_t k, const Name& name) {
    for (size_t m = k + 1; m < stmts.size(); ++m) {
      if (auto* f = stmts[m].as<Free>(); f && f->var.name == name) return true;
      if (usesIn(stmts[m], name).total()) return false;
    }
    return false;
  }

  uint32_t& nextTag_;  // fresh names' tags, above every tag in the program
  std::set<Name> allocated_;  // memory the body allocates or declares (not its parameters)
  std::set<Name> placeholders_;  // the empty blocks this pass allocated
  LivenessSummaries live_;
};

std::set<Name> allocatedIn(const Stmt& body) {
  struct Allocations : IRVisitor {
    std::set<Name> names;
    using IRVisitor::visit;
    void visit(const Allocate* op) override { names.insert(op->var.name); }
    void visit(const DeclareMemory* op) override { names.insert(op->var.name); }  // a move fills it
  } allocations;
  allocations.include(body);
  return allocations.names;
}

}  // namespace

Program elideCopies(const Program& program) {
  uint32_t nextTag = largestTag(program) + 1;
  return mapBodies(program, [&](const Stmt& body) { return Elider(nextTag, allocatedIn(body)).rewrite(body, {}); });
}

}  // namespace aplc::memory
